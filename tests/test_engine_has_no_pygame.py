"""The engine, the bots and the command line work where pygame cannot even be imported.

Every module of ``core/`` and ``ai/`` is imported, and every module of every game but its ``ui/``
package (found by walking the folders: a game's new module is checked without being listed),
the kit's example game's too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

CHILD = r"""
import importlib, importlib.abc, importlib.util, pkgutil, sys

class NoPygame(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pygame", "pygame_gui"):
            raise ImportError(f"{name} is blocked: the engine must not import it")
        return None

sys.meta_path.insert(0, NoPygame())
sys.path.insert(0, TESTS)

import dungeon_table.ai, dungeon_table.core, dungeon_table.games
for package in (dungeon_table.core, dungeon_table.ai):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)

def engine_modules(package):  # every module of a game's package and subpackages but its ui/
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if info.name.rpartition(".")[2] == "ui":
            continue
        module = importlib.import_module(info.name)
        yield info.name
        if info.ispkg:
            yield from engine_modules(module)

from dungeon_table.core import registry
from core import toy
toy.register()
walked = []
for games in ("dungeon_table.games", "example_games"):  # the app's and the kit's example
    registry.discover(games)
    for info in pkgutil.iter_modules(importlib.import_module(games).__path__, games + "."):
        if info.ispkg:  # a game (the examples' folder holds their tests too)
            walked += [info.name, *engine_modules(importlib.import_module(info.name))]
assert "dungeon_table.games.relic.rules" in walked and "example_games.torch.bot" in walked
from dungeon_table import cli
for game_id in registry.game_ids():
    code = cli.main(["simulate", game_id, "--games", "2", "--json"])
    assert code == 0, f"simulate {game_id} exited {code}"
    print("simulated", game_id)
assert cli.main(["cards", "check"]) == 0
assert cli.main(["script", TESTS + "/core/scripts/lastdungeon_first_fight.yaml", "--json"]) == 0
assert not [m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui")]
print("no pygame")
"""


def test_engine_ai_and_cli_run_without_pygame() -> None:
    code = f"TESTS = {str(TESTS)!r}\n" + CHILD
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "simulated toy" in done.stdout and "simulated torch" in done.stdout and done.stdout.rstrip().endswith("no pygame")
