"""Learn to play: every tutorial played to its end through the table with posted clicks, in
English and Japanese; a click off the step refused with the state unchanged; a broken tutorial
file refused naming its file, line and field; resume from the tutorial's autosave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from tutorial_helpers import click_step, open_tutorial, settle
from ui_events import click_at, key

from dungeon_table.cli import main
from dungeon_table.core import paths
from dungeon_table.core import tutorial as lessons
from dungeon_table.core.errors import CardFileError
from dungeon_table.core.session import Session
from dungeon_table.ui import i18n
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.gameover import GameOverScene
from dungeon_table.ui.table_parts import uncovered_point

GAMES = lessons.available()
LESSONS = lessons.lessons()


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))


def play_through(game_id: str, lang: str) -> tuple[App, Any]:
    app, table = open_tutorial(game_id, lang)
    overlay = table.tutorial
    assert overlay is not None
    steps = len(overlay.guide.actions)
    for _ in range(steps):
        settle(app, table)
        taught = overlay.guide.taught(overlay.movers)
        click_step(app, table)
        mine = [step.action for step in table.session.steps if step.seat == overlay.guide.human]
        assert mine[-1] == taught
    settle(app, table)
    assert overlay.guide.finished(overlay.movers)
    return app, table


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", LESSONS)
def test_tutorial_plays_to_its_end_through_the_table(game_id: str, lang: str) -> None:
    app, table = play_through(game_id, lang)
    # every caption and why line of the file exists in this language
    tutorial = table.tutorial.tutorial
    keys = [tutorial.title, tutorial.done] + [k for s in tutorial.steps for k in (s.caption, s.why)]
    assert [k for k in keys if not i18n.has(k, lang)] == []
    if tutorial.ends is not None:
        # the last step ended the game as the file says, and the results are on the screen
        result = table.game.result()
        assert result is not None and isinstance(app.top, GameOverScene)
        assert (result.outcome, list(result.winners)) == (tutorial.ends.outcome,
                                                          tutorial.ends.winners)
    else:
        # the player plays on freely: every legal target is accepted now
        assert all(table.tutorial.accepts(tg) for tg in table.ui.targets)


# The lessons that walk the player to the game's end, and how each ends (the test above holds
# every file to its own ``ends``; this holds the files to ending at all).
ENDS = {"dungeon": ("dungeon.result.returned", [0]), "dungeon_spells": ("dungeon.result.found", [0]),
        "market": ("market.result.win", [0]), "market_professional": ("market.result.win", [0])}


@pytest.mark.parametrize("lesson", sorted(ENDS))
def test_a_tutorial_ends_the_game(lesson: str) -> None:
    ends = lessons.load_tutorial(lesson).ends
    assert ends is not None and (ends.outcome, ends.winners) == ENDS[lesson]


def test_the_results_of_a_tutorial_say_what_happened() -> None:
    """Its closing caption lies over the dimmed table above the results (not in a real game)."""
    app, table = play_through("dungeon", "en")
    results = app.top
    assert isinstance(results, GameOverScene)
    shown = pygame.Surface(app.size)
    results.draw(shown)
    tutorial, table.session.tutorial = table.session.tutorial, None
    plain = pygame.Surface(app.size)
    results.draw(plain)
    table.session.tutorial = tutorial
    panel = results.panel_rect()
    above = pygame.Rect(panel.x, 0, panel.w, panel.top)
    assert any(shown.get_at((x, y)) != plain.get_at((x, y))
               for x in range(above.x, above.right, 7) for y in range(above.y, above.bottom, 3))


def test_the_learn_list_holds_every_lesson() -> None:
    """Each game's first tutorial, then its further parts."""
    assert LESSONS[:2] == ["dungeon", "dungeon_spells"]
    assert all(lessons.game_of(name) in GAMES for name in LESSONS)


def test_every_app_game_has_a_tutorial() -> None:
    """The four games of the app (the kit's example game, registered by its tests, has none)."""
    assert GAMES == ["dungeon", "lastdungeon", "market", "relic"]


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


def test_enter_takes_the_step_and_hint_points_at_it() -> None:
    """The keyboard focus starts on the step's target (the first Enter shows it, the next does
    it), and Hint names the taught action, not the bot's own choice."""
    app, table = open_tutorial("lastdungeon", "en")  # a card to play, not the accent button
    settle(app, table)
    taught = table.tutorial.taught()
    assert not any(tg.primary and tg.leads_to(taught) for tg in table.ui.targets)
    table.hint()
    assert table.ui.hint == taught
    assert table.ui.targets[table.ui.focus].leads_to(taught)
    for _ in range(3):  # the card picked, then its space
        app.step([key(pygame.K_RETURN)])
    assert [s.action for s in table.session.steps if s.seat == 0] == [taught]


def test_save_and_quit_keeps_a_tutorial_out_of_load() -> None:
    app, table = open_tutorial("lastdungeon", "en")
    settle(app, table)
    click_step(app, table)
    table.open_menu()
    app.top.save_quit()
    assert list(paths.saves_dir().glob("*.yaml")) == []
    assert lessons.autosave_path("lastdungeon").exists()


def test_cards_check_plays_the_tutorials_through(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "check"]) == 0
    folder = tmp_path / "tutorials"
    folder.mkdir()
    broken = folder / "relic.yaml"
    broken.write_text(lessons.tutorial_path("relic").read_text(encoding="utf-8")
                      .replace("card: dungeon_gate_1}", "card: dungeon_gate_2}", 1),
                      encoding="utf-8")
    capsys.readouterr()
    assert main(["cards", "check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{broken}:" in out and "$.steps[1].action" in out


def test_the_table_is_dimmed_but_for_the_step_s_target() -> None:
    app, table = open_tutorial("lastdungeon", "en")
    settle(app, table)
    target = table.tutorial.pointed()[0].rect
    shown = pygame.Surface(app.size)
    table.draw(shown)
    overlay, table.tutorial = table.tutorial, None
    plain = pygame.Surface(app.size)
    table.draw(plain)
    table.tutorial = overlay
    corner = (table.board.right - 4, table.board.bottom - 4)  # bare felt, far from everything
    assert sum(shown.get_at(corner)[:3]) < sum(plain.get_at(corner)[:3])
    inside = (target.centerx, target.centery)
    assert shown.get_at(inside) == plain.get_at(inside)


def test_a_save_out_of_step_with_the_tutorial_is_started_afresh() -> None:
    tutorial = lessons.load_tutorial("lastdungeon")
    path = lessons.autosave_path("lastdungeon")
    session = Session.new(tutorial.game, list(tutorial.seats), tutorial.seed,
                          dict(tutorial.options), dict(tutorial.stack), autosave=path)
    session.apply(0, type(session.game).decode_action({"type": "fight"}))
    _app, table = open_tutorial("lastdungeon", "en")
    assert table.session.steps == []


def test_a_finished_tutorial_is_not_saved_into_load_by_its_results() -> None:
    from dungeon_table.core import registry
    from dungeon_table.ui import screens
    from dungeon_table.ui.scenes.gameover import GameOverScene
    from dungeon_table.ui.scenes.menu import MainMenuScene
    from dungeon_table.ui.settings import Settings

    tutorial = lessons.load_tutorial("lastdungeon")
    session = Session.new("lastdungeon", list(tutorial.seats), tutorial.seed, {})
    bot = registry.get("lastdungeon").make_bot("random", 1)
    while session.game.result() is None:  # played on freely to the end
        seat = session.game.to_act()[0]
        session.apply(seat, bot.choose(None, session.game.legal_actions(seat)))
    session.tutorial = tutorial  # as Learn to play marks its session
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    app.push(MainMenuScene(app))
    screens.push(app, "game_over", session)  # as the table does when the game ends
    app.step([])
    assert isinstance(app.top, GameOverScene)
    assert list(paths.saves_dir().glob("*.yaml")) == [], "Learn to play deals it again"
