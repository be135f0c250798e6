"""What showing the refused buttons costs the table: ``TableScene._refresh`` (run once per
state change: the view, the legal actions, the targets) at a state where each game refuses one
of its phase's buttons, with the refused moves (``Game.tempting``: their targets asked for a
second time) and with none, in turns; medians in the process's own CPU time::

    python bench/refused_cost.py [--refreshes 200] [--turns 5]

The states are those ``tests/ui_table/test_disabled_buttons.py`` plays to.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui_table")]


def median_ms(scene: object, n: int) -> float:
    times = []
    for _ in range(n):
        start = time.process_time()
        scene._refresh()  # type: ignore[attr-defined]
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e3


def main() -> None:
    # Imported here: the project and the tests are found through the sys.path set above.
    from test_disabled_buttons import BUTTONS, refused_button, table_on

    parser = argparse.ArgumentParser()
    parser.add_argument("--refreshes", type=int, default=200)
    parser.add_argument("--turns", type=int, default=5)
    args = parser.parse_args()
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    for game_id in sorted(BUTTONS):
        session, _action = refused_button(game_id)
        _app, scene = table_on(session, "en")
        game, shown, hidden = scene.game, [], []
        tempting = game.tempting
        for _ in range(args.turns):
            game.tempting = tempting
            shown.append(median_ms(scene, args.refreshes))
            game.tempting = lambda seat: []
            hidden.append(median_ms(scene, args.refreshes))
        game.tempting = tempting
        ratio = statistics.median(s / h for s, h in zip(shown, hidden, strict=True))
        print(f"{game_id:12s} refresh {statistics.median(shown):.2f} ms with the refused moves, "
              f"{statistics.median(hidden):.2f} ms without: {ratio:.2f}x")


if __name__ == "__main__":
    main()
