"""Memory of Last Dungeon Pocket: the engine's state, and the app's peak while a whole game is drawn.

    python bench/memory.py [--seed 11]

Engine: ``tracemalloc`` over one planner game played through a ``Session`` (state, record and undo
history as the app keeps them). App: peak resident size (``ru_maxrss``) of this process after the
whole game has been drawn at 1920x1080 in English and then in Japanese, so every card face, text and
font cache the table builds is full; the baseline is the same process just before the table opens
(pygame, fonts and the engine already imported), so the difference is what the table itself costs.
"""

from __future__ import annotations

import argparse
import os
import resource
import tracemalloc

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from dungeon_table.core import registry  # noqa: E402
from dungeon_table.core.session import Session  # noqa: E402


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def planner_game(seed: int) -> Session:
    bot = registry.get("lastdungeon").make_bot("best", seed)
    session = Session.new("lastdungeon", ["human"], seed)
    while session.game.to_act():
        game = session.game
        session.apply(0, bot.choose(game.view(0), game.legal_actions(0)))
    return session


def engine_bytes(seed: int) -> tuple[int, int, int]:
    tracemalloc.start()
    session = planner_game(seed)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current, peak, len(session.record.actions)


def draw_whole_game(session: Session, lang: str) -> None:
    """A fresh table at every step of the game, drawn once: every face and text it shows."""
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1920, 1080)).convert(), settings=Settings(lang=lang))
    record = session.record
    for count in range(len(record.actions) + 1):
        step = Session.new("lastdungeon", ["human"], record.seed)
        for entry in session.steps[:count]:
            step.apply(entry.seat, entry.action)
        scene = TableScene(app, step, ["human"])
        scene.game_over_shown = True
        app.push(scene)
        scene.draw(app.surface)
        app.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    current, peak, actions = engine_bytes(args.seed)
    print(f"engine: one planner game of {actions} actions in a Session: "
          f"{current / 1024:.0f} KiB held at the end, {peak / 1024:.0f} KiB at the peak")

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    from dungeon_table.ui import table  # noqa: F401 - imported before the baseline is read

    session = planner_game(args.seed)
    base = peak_rss_mib()
    draw_whole_game(session, "en")
    after_en = peak_rss_mib()
    draw_whole_game(session, "ja")
    after_ja = peak_rss_mib()
    print(f"app: peak RSS {base:.0f} MiB before the table, {after_en:.0f} MiB after drawing every "
          f"step in English (+{after_en - base:.0f}), {after_ja:.0f} MiB after Japanese too "
          f"(+{after_ja - base:.0f})")


if __name__ == "__main__":
    main()
