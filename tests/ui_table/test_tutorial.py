"""Learn to play: every tutorial played to its end through the table with posted clicks, in
English and Japanese; a click off the step refused with the state unchanged; a broken tutorial
file refused naming its file, line and field; resume from the tutorial's autosave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_events import click_at

from dungeon_table.core import tutorial as lessons
from dungeon_table.core.errors import CardFileError
from dungeon_table.ui import i18n, screens
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table_parts import uncovered_point

SIZE = (1280, 720)
GAMES = lessons.available()
MAX_FRAMES = 4000


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))


def open_tutorial(game_id: str, lang: str) -> tuple[App, Any]:
    i18n.set_language(lang)
    app = App(surface=pygame.Surface(SIZE), settings=Settings(lang=lang, anim_speed=0))
    screens.reset(app, "menu")
    table = screens.push(app, "tutorial", game_id)
    table.bot_delay_ms = 0
    app.step([])
    return app, table


def settle(app: App, table: Any) -> None:
    """Frames until the bots have played and the table waits for the player (or is over)."""
    for _ in range(MAX_FRAMES):
        app.step([])
        if app.top is not table or table.ui.legal or table.game.result():
            return
        if table.bot_due is not None:
            table.bot_due = 0
    raise AssertionError("the table never came back to the player")


def click_step(app: App, table: Any) -> None:
    """Click what the overlay points at (a card to pick first, then its space)."""
    for _ in range(4):
        before = len(table.session.steps)
        targets = table.ui.targets
        pointed = table.tutorial.pointed()
        assert pointed, f"step {table.tutorial.guide.index(table.tutorial.movers)}: no target"
        index = targets.index(pointed[0])
        app.step(click_at(uncovered_point(targets, index)))
        if len(table.session.steps) > before:
            return
    raise AssertionError("the pointed target never sent the step's action")


def play_through(game_id: str, lang: str) -> tuple[App, Any]:
    app, table = open_tutorial(game_id, lang)
    overlay = table.tutorial
    assert overlay is not None
    steps = len(overlay.guide.actions)
    for _ in range(steps):
        settle(app, table)
        taught = overlay.guide.taught(overlay.movers)
        click_step(app, table)
        assert table.session.steps[-1].action == taught
    settle(app, table)
    assert overlay.guide.finished(overlay.movers)
    return app, table


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_tutorial_plays_to_its_end_through_the_table(game_id: str, lang: str) -> None:
    app, table = play_through(game_id, lang)
    # every caption and why line of the file exists in this language
    tutorial = table.tutorial.tutorial
    keys = [tutorial.title, tutorial.done] + [k for s in tutorial.steps for k in (s.caption, s.why)]
    assert [k for k in keys if not i18n.has(k, lang)] == []
    # and the player plays on freely: every legal target is accepted now
    assert all(table.tutorial.accepts(tg) for tg in table.ui.targets)


def test_a_click_off_the_step_is_refused_and_changes_nothing() -> None:
    app, table = open_tutorial(GAMES[0], "en")
    settle(app, table)
    wrong = [i for i, tg in enumerate(table.ui.targets) if not table.tutorial.accepts(tg)]
    assert wrong, "the first step leaves nothing to refuse"
    state = table.game.state_dict()
    app.step(click_at(uncovered_point(table.ui.targets, wrong[-1])))
    assert table.game.state_dict() == state and table.session.steps == []
    assert table.toast is not None and table.toast[0].startswith("Follow the step: ")


def test_the_tutorial_resumes_from_its_autosave() -> None:
    app, table = open_tutorial(GAMES[0], "en")
    settle(app, table)
    click_step(app, table)
    done = len(table.session.steps)
    assert lessons.autosave_path(GAMES[0]).exists()
    _app, again = open_tutorial(GAMES[0], "en")
    assert len(again.session.steps) == done and again.tutorial is not None


def test_a_broken_tutorial_names_its_file_line_and_field(tmp_path: Path) -> None:
    text = lessons.tutorial_path("lastdungeon").read_text(encoding="utf-8")
    broken = tmp_path / "lastdungeon.yaml"
    # the fourth step becomes a scout, which the rules refuse before anything is repelled
    lines = text.splitlines()
    at = [i for i, line in enumerate(lines) if line.strip().startswith("- action:")][3]
    lines[at] = "  - action: {type: scout}"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        lessons.load_tutorial(path=broken)
    problem = err.value.problems[0]
    assert (problem.file, problem.line, problem.path) == (str(broken), at + 1,
                                                          "$.steps[3].action")
    assert "not legal at this step" in problem.message


def test_a_tutorial_caption_must_be_a_tutorial_key(tmp_path: Path) -> None:
    text = lessons.tutorial_path("lastdungeon").read_text(encoding="utf-8")
    broken = tmp_path / "lastdungeon.yaml"
    broken.write_text(text.replace("caption: tutorial.lastdungeon.play_golem\n",
                                   "caption: play the golem\n", 1), encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        lessons.load_tutorial(path=broken)
    problem = err.value.problems[0]
    assert problem.path == "$.steps[1].caption" and problem.line is not None
