"""Every step of every tutorial as it looks at the table: ``out/tutorial/<lesson>-<lang>-<n>.png``.

    python tools/tutorial_shots.py [LESSON ...] [--lang en|ja|both] [--size 1280x720]

Plays each tutorial through the table as the tests do (clicking what the overlay points at)
and saves the frame the player sees at each step, and the one after the last.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def main() -> None:
    # Imported here: the project and the tests are found through the sys.path set above.
    from ui_table.tutorial_helpers import click_step, settle

    from dungeon_table.core import tutorial as lessons
    from dungeon_table.ui import i18n, scenes, screens  # noqa: F401 - registers the screens
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings

    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--lang", default="both")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--out", default=str(ROOT / "out" / "tutorial"))
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["DUNGEON_TABLE_HOME"] = tempfile.mkdtemp()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    for game_id in args.games or lessons.lessons():
        for lang in (["en", "ja"] if args.lang == "both" else [args.lang]):
            for old in lessons.autosave_path(game_id).parent.glob(f"{game_id}.yaml"):
                old.unlink()
            i18n.set_language(lang)
            app = App(surface=pygame.Surface(size), settings=Settings(lang=lang, anim_speed=0))
            screens.reset(app, "menu")
            table = screens.push(app, "tutorial", game_id)
            table.bot_delay_ms = 0
            steps = len(table.tutorial.guide.actions)
            for n in range(steps + 1):
                settle(app, table)
                app.step([])
                app.request_redraw()
                app.step([])
                pygame.image.save(app.surface, str(out / f"{game_id}-{lang}-{n:02d}.png"))
                if n < steps:
                    click_step(app, table)
            print(game_id, lang, steps, "steps")


if __name__ == "__main__":
    main()
