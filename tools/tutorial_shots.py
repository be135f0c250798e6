"""Every step of every tutorial as it looks at the table, in each language, with an index.

    python tools/tutorial_shots.py [--games market,relic] [--lang en|ja|both] [--size 1280x720]
                                   [--out DIR]

Plays every tutorial file (``cards/tutorials/*.yaml``, whatever the files hold now: a game's
tutorial and any further parts, ``<game>_<part>.yaml``) through the table headless as the tests
do (clicking what the overlay points at, the bots playing between) and saves the frame the
player sees at each step, ``<tutorial>-<lang>-<nn>.png`` (``nn`` from 01; the frame after the
last step, free play or the results, is ``<tutorial>-<lang>-end.png``), into ``DIR`` (default
``out/tutorial``). ``--games`` keeps the tutorials of those games (or of those file names).
``DIR/index.md`` lists each tutorial's steps with their captions and "why" lines in every
language played, the picture beside each. A file that does not load, or a step the table cannot
take, is named in the index and on stderr and the rest of that tutorial skipped; the exit status
is then 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


@dataclass
class Shot:
    """One saved frame: the step it shows (None: after the last), its words, its file."""

    step: int | None
    caption: str
    why: str
    file: str


@dataclass
class Played:
    game: str
    lang: str
    title: str
    done: str
    shots: list[Shot] = field(default_factory=list)
    problem: str = ""


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_pos", nargs="*", metavar="GAME", help="games (as --games)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--lang", default="both", choices=["en", "ja", "both"])
    parser.add_argument("--size", default="1280x720", type=parse_size)
    parser.add_argument("--out", default=str(ROOT / "out" / "tutorial"))
    return parser.parse_args(argv)


def save(app: Any, out: Path, name: str) -> str:
    app.request_redraw()
    app.step([])
    pygame.image.save(app.surface, str(out / name))
    return name


def lesson_files() -> list[Path]:
    from dungeon_table.core import tutorial as lessons

    return sorted(Path(lessons.TUTORIALS_DIR).glob("*.yaml"))


def open_table(path: Path, lang: str, size: tuple[int, int]) -> tuple[Any, Any]:
    """The tutorial in ``path`` dealt afresh at a table on a headless app (nothing saved): the
    session the Learn list would open, built from the file itself."""
    from dungeon_table.core import tutorial as lessons
    from dungeon_table.core.session import Session
    from dungeon_table.ui import i18n, screens
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings

    tutorial = lessons.load_tutorial(path=path)
    i18n.set_language(lang)
    app = App(surface=pygame.Surface(size), settings=Settings(lang=lang, anim_speed=0))
    screens.reset(app, "menu")
    session = Session.new(tutorial.game, list(tutorial.seats), tutorial.seed,
                          dict(tutorial.options), dict(tutorial.stack))
    session.tutorial = tutorial  # what makes the table guide it
    table = screens.make("table", app, session, list(tutorial.seats))
    table.bot_delay_ms = 0
    app.push(table)
    app.step([])
    return app, table


def play(path: Path, lang: str, size: tuple[int, int], out: Path) -> Played:
    """One tutorial in one language through the table, a frame saved at every step."""
    # Imported here: the project and the tests are found through the sys.path set above.
    from ui_table.tutorial_helpers import click_step, settle

    from dungeon_table.core.errors import CardFileError
    from dungeon_table.ui import i18n

    name = path.stem
    try:
        app, table = open_table(path, lang, size)
    except (CardFileError, ValueError, KeyError) as err:
        return Played(name, lang, name, "", problem=f"the file: {err}")
    tutorial = table.tutorial.tutorial
    played = Played(name, lang, i18n.t(tutorial.title), i18n.t(tutorial.done))
    for n, step in enumerate(tutorial.steps, start=1):
        try:
            settle(app, table)
            shot = Shot(n, i18n.t(step.caption), i18n.t(step.why), "")
            shot.file = save(app, out, f"{name}-{lang}-{n:02d}.png")
            played.shots.append(shot)
            click_step(app, table)
        except AssertionError as err:  # the file and the table disagree: say where, go on
            played.problem = f"step {n}: {err or 'the table did not take it'}"
            return played
    settle(app, table)
    played.shots.append(Shot(None, played.done, "", save(app, out, f"{name}-{lang}-end.png")))
    return played


def index(runs: list[Played], size: tuple[int, int]) -> str:
    """The index: per game, a table of its steps, one column of words and pictures per
    language."""
    lines = ["# Tutorial steps", "",
             f"Every step of every tutorial at {size[0]}×{size[1]}, as the player sees it "
             "(`tools/tutorial_shots.py`).", ""]
    for game in dict.fromkeys(run.game for run in runs):
        mine = [run for run in runs if run.game == game]
        lines += [f"## {game}: " + " / ".join(run.title for run in mine), ""]
        lines += ["| step | " + " | ".join(run.lang for run in mine) + " |",
                  "|---|" + "---|" * len(mine)]
        rows = max(len(run.shots) for run in mine)
        for k in range(rows):
            cells = []
            for run in mine:
                shot = run.shots[k] if k < len(run.shots) else None
                cells.append(cell(shot))
            first = next((run.shots[k] for run in mine if k < len(run.shots)), None)
            label = "end" if first is not None and first.step is None else str(k + 1)
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        for run in mine:
            if run.problem:
                lines += ["", f"**{run.lang}: stopped at {run.problem}**"]
        lines.append("")
    return "\n".join(lines)


def cell(shot: Shot | None) -> str:
    if shot is None:
        return "—"
    words = shot.caption.replace("|", "\\|").replace("\n", " ")
    why = shot.why.replace("|", "\\|").replace("\n", " ")
    after = f"<br>*why:* {why}" if why else ""
    return f"{words}{after}<br>![{shot.file}]({shot.file})"


def chosen(files: list[Path], wanted: list[str]) -> list[Path]:
    """The tutorial files of the games (or file names) wanted; every one when none is named."""
    if not wanted:
        return files
    return [f for f in files if f.stem in wanted or f.stem.split("_")[0] in wanted]


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    from dungeon_table.ui import scenes  # noqa: F401 - registers the screens

    wanted = [g for g in args.games.split(",") if g] + args.games_pos
    files = chosen(lesson_files(), wanted)
    if not files:
        have = ", ".join(f.stem for f in lesson_files())
        print(f"no tutorial for {', '.join(wanted)} (have: {have})", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["DUNGEON_TABLE_HOME"] = tempfile.mkdtemp()  # the player's saves stay untouched
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    runs = []
    for path in files:
        for lang in (["en", "ja"] if args.lang == "both" else [args.lang]):
            run = play(path, lang, args.size, out)
            runs.append(run)
            print(f"{run.game} {lang}: {len(run.shots)} frames"
                  + (f", stopped at {run.problem}" if run.problem else ""),
                  file=sys.stderr if run.problem else sys.stdout)
    (out / "index.md").write_text(index(runs, args.size), encoding="utf-8")
    print(f"index: {out / 'index.md'}")
    return 1 if any(run.problem for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
