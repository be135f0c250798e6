"""Two windows on one data home: the second is refused with a clear message, no game vanishes.

Two copies of the app on the same ``DUNGEON_TABLE_HOME`` wrote the same autosave in turn, and one
of the two games then existed nowhere.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from shell_helpers import click, labels, menu_app

from dungeon_table.core import paths
from dungeon_table.core.instance import HomeInUse, HomeLock
from dungeon_table.core.records import load_record
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scenes.in_use import InUseScene
from dungeon_table.ui.scenes.menu import MainMenuScene

# A copy of the app that plays a market game until the file ``stop`` appears in its home.
_FIRST = textwrap.dedent(
    """
    import sys, threading, time, pygame
    from pathlib import Path
    from dungeon_table.ui import entry
    stop = Path(sys.argv[1]) / "stop"
    def watch():
        while not stop.exists():
            time.sleep(0.05)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    threading.Thread(target=watch, daemon=True).start()
    play = {"game": "market", "seats": ["human", "human"], "seed": 3, "options": {}}
    raise SystemExit(entry.run_app(play=play))
    """
)
# A second copy, closed after a moment.
_SECOND = textwrap.dedent(
    """
    import threading, pygame
    from dungeon_table.ui import entry
    threading.Timer(0.5, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))).start()
    play = {"game": "market", "seats": ["human", "human"], "seed": 99, "options": {}}
    raise SystemExit(entry.run_app(play=play))
    """
)


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                DUNGEON_TABLE_HOME=str(home))


def test_a_second_copy_on_the_same_home_is_refused_and_the_first_game_kept(tmp_path: Path) -> None:
    first = subprocess.Popen([sys.executable, "-c", _FIRST, str(tmp_path)], env=_env(tmp_path),
                             stderr=subprocess.PIPE, text=True)
    try:
        auto = tmp_path / "saves" / "autosave-market.yaml"
        deadline = time.monotonic() + 60
        while not auto.exists():  # the first copy is at its table
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        before = auto.read_bytes()
        second = subprocess.run([sys.executable, "-c", _SECOND], env=_env(tmp_path),
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert f"already open on {tmp_path} (process {first.pid})" in second.stderr
        assert auto.read_bytes() == before, "the second copy wrote nothing over the first's game"
    finally:
        (tmp_path / "stop").touch()
        _, err = first.communicate(timeout=60)
    assert first.returncode == 0, err
    assert load_record(auto).seed == 3
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["autosave-market.yaml"]


def test_the_second_window_says_why_and_try_again_starts_once_the_first_is_closed() -> None:
    from dungeon_table.ui import entry

    home = paths.data_home()
    first, second = HomeLock(home), HomeLock(home)
    first.acquire()
    app = menu_app()
    app.scenes.clear()
    refusal = entry.take_home(second)
    assert isinstance(refusal, HomeInUse)
    entry.show_in_use(app, refusal, second, lambda: entry.start_up(app, None, None))
    app.step([])
    scene = app.top
    assert isinstance(scene, InUseScene)
    assert str(home) in scene.message() and str(os.getpid()) in scene.message()
    click(app, "in_use.retry")
    assert app.top is scene, "still held: the message stays"
    first.release()
    click(app, "in_use.retry")
    assert isinstance(app.top, MainMenuScene) and second.held
    assert t("menu.load") in labels(app)
    second.release()
