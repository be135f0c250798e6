"""Learn to play and Statistics on the main menu, Learn to play and the first-game line on the
setup screens, and a finished solo game counted by the table."""

from __future__ import annotations

import pygame
import pytest
from shell_helpers import click, labels, menu_app
from ui_table.tutorial_helpers import click_step, settle

from dungeon_table.core import registry, stats
from dungeon_table.core import tutorial as lessons
from dungeon_table.core.script import seat_bots
from dungeon_table.core.session import Session
from dungeon_table.ui import i18n, screens
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scenes.learn import LearnScene
from dungeon_table.ui.scenes.stats import StatsScene
from dungeon_table.ui.table import TableScene


def test_the_main_menu_opens_learn_to_play_and_a_tutorial_from_it() -> None:
    app = menu_app()
    click(app, "menu.learn")
    assert isinstance(app.top, LearnScene)
    games = [t("game.dungeon"), t("game.lastdungeon"), t("game.market"), t("game.relic")]
    assert [label for label in labels(app) if label in games] == games
    # a game's further parts follow its first tutorial
    shown = labels(app)
    assert shown.index(t("tutorial.dungeon_spells.title")) == shown.index(games[0]) + 1
    click(app, "game.relic")
    assert isinstance(app.top, TableScene) and app.top.tutorial is not None
    assert app.top.session.autosave == lessons.autosave_path("relic")


def test_the_main_menu_opens_the_statistics() -> None:
    app = menu_app()
    click(app, "menu.stats")
    assert isinstance(app.top, StatsScene)


@pytest.mark.parametrize("game_id", ["dungeon", "lastdungeon", "market", "relic"])
def test_each_setup_screen_offers_learn_to_play(game_id: str) -> None:
    app = menu_app()
    screens.push(app, "setup", game_id)
    app.step([])
    click(app, "menu.learn")
    assert isinstance(app.top, TableScene)
    assert app.top.tutorial is not None and app.top.game_id == game_id


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_game_has_a_first_game_line(lang: str) -> None:
    assert [g for g in lessons.available() if not i18n.has(f"first_game.{g}", lang)] == []


def finished_solo(seed: int) -> Session:
    session = Session.new("lastdungeon", ["human"], seed)
    bot = seat_bots(registry.get("lastdungeon"), ["bot:random"], seed)[0]
    while session.game.result() is None:
        session.apply(0, bot.choose(session.game.view(0), session.game.legal_actions(0)))
    return session


def test_the_table_counts_a_solo_game_when_it_ends() -> None:
    app = menu_app()
    table = TableScene(app, finished_solo(4), ["human"], bot_delay_ms=0)
    app.push(table)
    app.step([])
    app.step([pygame.event.Event(pygame.NOEVENT)])
    line = stats.load().games["lastdungeon"]
    assert line.games == 1 and line.wins == int(0 in table.game.result().winners)


def test_a_tutorial_under_way_says_resume() -> None:
    app = menu_app()
    click(app, "menu.learn")
    assert not any(getattr(w, "under_way", False) for w in app.top.widgets)
    click(app, "game.lastdungeon")
    table = app.top
    table.bot_delay_ms = 0
    settle(app, table)
    click_step(app, table)
    app.pop()
    app.step([])
    assert isinstance(app.top, LearnScene)
    assert [w.lesson for w in app.top.widgets if getattr(w, "under_way", False)] == \
        ["lastdungeon"]


def test_every_tutorial_fits_the_learn_list_above_back() -> None:
    """Six tutorials (two games with a second part) at 1280x720: no row overlaps another or
    Back, and every row lies inside the panel."""
    app = menu_app()
    click(app, "menu.learn")
    scene = app.top
    rows = [w.rect for w in scene.widgets if hasattr(w, "lesson")]
    back = [w.rect for w in scene.widgets if not hasattr(w, "lesson")][0]
    assert len(rows) == len(lessons.lessons()) >= 6
    panel = scene.panel_rect()
    assert all(panel.contains(r) for r in rows)
    assert all(r.bottom <= s.top for r, s in zip(rows, rows[1:], strict=False))
    assert rows[-1].bottom <= back.top


def test_a_second_part_opens_and_resumes_on_its_own_save() -> None:
    app = menu_app()
    click(app, "menu.learn")
    click(app, "tutorial.dungeon_spells.title")
    table = app.top
    assert isinstance(table, TableScene) and table.session.tutorial.game == "dungeon"
    assert table.session.autosave == lessons.autosave_path("dungeon_spells")
    table.bot_delay_ms = 0
    settle(app, table)
    click_step(app, table)
    app.pop()
    app.step([])
    assert [w.lesson for w in app.top.widgets if getattr(w, "under_way", False)] == \
        ["dungeon_spells"]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_tutorials_line_fits_inside_its_button(size: tuple[int, int], lang: str) -> None:
    """The play-test: six rows made each lower, and a line on two lines ("…carry it back to /
    the Great Hall.") ran over the button's foot."""
    from dungeon_table.ui import fonts
    from dungeon_table.ui.scenes.learn import lesson_line

    i18n.set_language(lang)
    try:
        app = menu_app(size=size)
        click(app, "menu.learn")
        th = app.top.th
        small = fonts.line_height("small", th.scale)
        for w in [w for w in app.top.widgets if hasattr(w, "lesson")]:
            lines = fonts.wrap(lesson_line(w.lesson), "small", w.rect.w - 2 * th.px(2.5),
                               th.scale)
            name_bottom = w.rect.y + th.px(1.2) + fonts.line_height("heading", th.scale)
            assert name_bottom + len(lines) * small <= w.rect.bottom, (w.lesson, lines)
    finally:
        i18n.set_language("en")
