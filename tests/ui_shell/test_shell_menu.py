"""The main menu and what it leads to, driven by posted clicks and keys."""

from __future__ import annotations

import pygame
from shell_helpers import click, click_at, key, labels, menu_app, widget

from dungeon_table.core import paths, registry
from dungeon_table.core.session import Session
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scenes.load import LoadScene
from dungeon_table.ui.scenes.menu import MainMenuScene
from dungeon_table.ui.scenes.settings import SettingsScene
from dungeon_table.ui.scenes.setup import SetupScene
from dungeon_table.ui.table import TableScene


def _start_from_setup(app) -> TableScene:  # noqa: ANN001
    click(app, "game.lastdungeon")
    assert isinstance(app.top, SetupScene)
    click(app, "setup.start")
    assert isinstance(app.top, TableScene), type(app.top).__name__
    return app.top


def test_menu_setup_start_reaches_a_table() -> None:
    app = menu_app()
    table = _start_from_setup(app)
    assert table.session.record.seats == ["human"]
    assert paths.autosave_path("lastdungeon").exists(), "a new game is autosaved for Continue"


def test_setup_daily_run_uses_todays_date_as_seed() -> None:
    import time

    app = menu_app()
    click(app, "game.lastdungeon")
    app.step(click_at(widget(app, t("setup.daily")).rect.move(-4, 0).midright))  # Off -> On
    assert app.top.daily
    click(app, "setup.start")
    assert app.top.session.record.seed == int(time.strftime("%Y%m%d", time.gmtime()))  # as `play --seed daily`


def test_setup_seed_field_takes_digits_only() -> None:
    app = menu_app()
    click(app, "game.lastdungeon")
    setup = app.top
    seed_field = [w for w in setup.widgets if getattr(w, "allowed", None)][0]
    app.step(click_at(seed_field.rect.center))
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="4a2")])
    assert setup.seed_text == "42"
    click(app, "setup.start")
    assert app.top.session.record.seed == 42


def test_continue_appears_only_with_an_unfinished_autosave() -> None:
    app = menu_app()
    assert t("menu.continue") not in labels(app)
    session = Session.new("lastdungeon", ["human"], 11, autosave=paths.autosave_path("lastdungeon"))
    session.apply(0, session.game.legal_actions(0)[0])
    app.reset(MainMenuScene(app))
    app.step([])
    assert t("menu.continue") in labels(app)
    click(app, "menu.continue")
    assert isinstance(app.top, TableScene)
    assert len(app.top.session.record.actions) == 1, "Continue resumes the autosaved game"


def test_enter_before_any_tab_takes_the_highlighted_step() -> None:
    """A keyboard player opening the app presses Enter on the accent button (Continue); it did
    nothing until a Tab had focused something, and the first Tab went to the game list."""
    session = Session.new("lastdungeon", ["human"], 11, autosave=paths.autosave_path("lastdungeon"))
    session.apply(0, session.game.legal_actions(0)[0])
    app = menu_app()
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, TableScene), type(app.top).__name__
    assert len(app.top.session.record.actions) == 1


def test_enter_on_setup_starts_the_game() -> None:
    app = menu_app()
    click(app, "game.lastdungeon")
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, TableScene), type(app.top).__name__


def test_enter_in_the_seed_field_starts_the_game_with_that_seed() -> None:
    """Typing a seed and pressing Enter did nothing: the form's Start is its default."""
    app = menu_app()
    click(app, "game.lastdungeon")
    seed_field = [w for w in app.top.widgets if getattr(w, "allowed", None)][0]
    app.step(click_at(seed_field.rect.center))
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="42"), key(pygame.K_RETURN)])
    assert isinstance(app.top, TableScene) and app.top.session.record.seed == 42


def test_a_new_game_keeps_the_unfinished_one_in_load() -> None:
    """New game wrote its autosave over the unfinished game Continue offered: that game was gone
    without a word. It is now kept as an ordinary save, listed in Load."""
    from dungeon_table.core.records import load_record

    session = Session.new("lastdungeon", ["human"], 11, autosave=paths.autosave_path("lastdungeon"))
    session.apply(0, session.game.legal_actions(0)[0])
    app = menu_app()
    _start_from_setup(app)
    kept = [load_record(p) for p in paths.saves_dir().glob("lastdungeon-*.yaml")]
    assert [(r.seed, r.actions) for r in kept] == [(11, session.record.actions)]
    assert load_record(paths.autosave_path("lastdungeon")).actions == [], "the new game"


def test_a_new_game_after_save_and_quit_leaves_one_copy_in_load() -> None:
    """Save & quit already wrote the game to Load: keeping its autosave too made two entries."""
    session = Session.new("lastdungeon", ["human"], 11, autosave=paths.autosave_path("lastdungeon"))
    session.apply(0, session.game.legal_actions(0)[0])
    session.save(paths.save_path("lastdungeon"))  # what Save & quit does
    app = menu_app()
    _start_from_setup(app)
    assert len(list(paths.saves_dir().glob("lastdungeon-*.yaml"))) == 1


def test_a_damaged_autosave_offers_no_continue_and_the_menu_works() -> None:
    paths.autosave_path("lastdungeon").write_text("format: 1\ngame: [unclosed\n", encoding="utf-8")
    app = menu_app()
    assert t("menu.continue") not in labels(app)
    click(app, "menu.settings")
    assert isinstance(app.top, SettingsScene)


def test_damaged_saves_in_load_show_their_error_and_the_app_goes_on() -> None:
    saves = paths.saves_dir()
    (saves / "garbage.yaml").write_text("::: {{ not a save", encoding="utf-8")
    good = Session.new("lastdungeon", ["human"], 5)
    good.save(saves / "refused.yaml")
    text = (saves / "refused.yaml").read_text(encoding="utf-8")
    (saves / "refused.yaml").write_text(
        text.replace("actions: []", "actions:\n- {seat: 0, type: teleport}"), encoding="utf-8")
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    assert isinstance(load, LoadScene)
    broken = {info.path.name: info for info in load.saves}
    assert broken["garbage.yaml"].error, "a file that does not parse is listed with its error"
    load.open(broken["refused.yaml"])  # parses, but the replay refuses an action
    app.step([])
    assert isinstance(app.top, LoadScene)
    assert load.error and "refused.yaml" in load.error
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MainMenuScene)
    click(app, "menu.rules")
    assert type(app.top).__name__ == "RulesHelpScene", "the menu keeps working"


def test_the_keyboard_reaches_every_save_in_a_long_load_list() -> None:
    """Only the mouse wheel scrolled the list: Tab and Down stopped at the last row shown, so a
    keyboard player could never open an older save. Down past it now scrolls."""
    import os

    from dungeon_table.ui.scenes.replay import ReplayScene

    saves = paths.saves_dir()
    for n in range(9):  # seed n, saved n hours ago: the oldest (seed 8) is listed last
        path = saves / f"lastdungeon-{n}.yaml"
        Session.new("lastdungeon", ["human"], n).save(path)
        os.utime(path, (1_700_000_000 - 3600 * n,) * 2)
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    assert load.rows() < 9, "the list does not fit: the test needs a fold"
    app.step([key(pygame.K_DOWN) for _ in range(2 * 9)])
    assert load.first == 9 - load.rows(), "the list followed the focus to its end"
    app.step([key(pygame.K_RETURN)])  # the focus sits on the last row's Replay
    assert isinstance(app.top, ReplayScene) and app.top.record.seed == 8


def test_a_future_save_and_one_of_an_unknown_game_say_why_and_stay_on_disk() -> None:
    saves = paths.saves_dir()
    text = Session.new("lastdungeon", ["human"], 5).record.to_yaml()
    future, chess = saves / "future.yaml", saves / "chess.yaml"
    future.write_text(text.replace("format: 1", "format: 9"), encoding="utf-8")
    chess.write_text(text.replace("game: lastdungeon", "game: chess"), encoding="utf-8")
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    assert isinstance(load, LoadScene)
    listed = {info.path.name: info for info in load.saves}
    assert "save format 9 comes from a newer dungeon_table" in (listed["future.yaml"].error or "")
    assert "unknown game 'chess'" in (listed["chess.yaml"].error or "")
    load.open(listed["chess.yaml"])  # what its (disabled) Open button would do
    app.step([])
    assert load.error == t("error.load", file="chess.yaml",
                           reason=f"{chess}: unknown game 'chess' "
                                  f"(known: {', '.join(registry.game_ids())})")
    assert isinstance(app.top, LoadScene)
    assert future.read_text(encoding="utf-8").startswith("format: 9"), "nothing is overwritten"
    assert "game: chess" in chess.read_text(encoding="utf-8")
    assert not paths.autosave_path("chess").exists()


def test_a_new_game_keeps_an_autosave_it_cannot_read_as_a_save() -> None:
    text = Session.new("lastdungeon", ["human"], 5).record.to_yaml()
    paths.autosave_path("lastdungeon").write_text(text.replace("format: 1", "format: 9"),
                                                  encoding="utf-8")
    app = menu_app()
    assert t("menu.continue") not in labels(app)
    _start_from_setup(app)
    kept = [p for p in paths.saves_dir().glob("lastdungeon-*.yaml")]
    assert [p.read_text(encoding="utf-8")[:9] for p in kept] == ["format: 9"]
    fresh = paths.autosave_path("lastdungeon").read_text(encoding="utf-8")
    assert fresh.startswith("format: 1"), "the new game autosaves where Continue looks"


def test_quit_empties_the_stack() -> None:
    app = menu_app()
    click(app, "menu.quit")
    assert app.top is None and not app.running


def test_keyboard_only_from_menu_to_a_table() -> None:
    app = menu_app()
    app.step([key(pygame.K_TAB), key(pygame.K_RETURN)])  # the first game tile
    assert isinstance(app.top, SetupScene)
    for _ in range(20):
        if widget(app, t("setup.start")).focused:
            break
        app.step([key(pygame.K_TAB)])
    assert widget(app, t("setup.start")).focused, "Tab reaches Start"
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, TableScene)


def test_the_game_tiles_line_fits_at_every_ui_scale() -> None:
    """At UI scale 75 % the tile shrank but small type stops at its legible minimum, so the
    blurb read "stop every adventurer before the treas…"."""
    from dungeon_table.ui import fonts, i18n
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes.menu import GameTile
    from dungeon_table.ui.settings import Settings

    try:
        for lang in ("en", "ja"):
            for scale in (0.75, 1.0, 1.5):
                app = App(surface=pygame.Surface((1280, 720)),
                          settings=Settings(lang=lang, anim_speed=0, ui_scale=scale))
                app.push(MainMenuScene(app))
                app.step([])
                for tile in [w for w in app.top.widgets if isinstance(w, GameTile)]:
                    inner = tile.rect.w - 2 * app.theme.px(2.5)
                    line = tile.line()
                    assert fonts.fit(line, "small", inner, app.theme.scale) == line, (lang, scale)
    finally:
        i18n.set_language("en")
