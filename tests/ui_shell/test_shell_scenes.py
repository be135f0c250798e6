"""Handoff, game over, replay, pause and the idle loop."""

from __future__ import annotations

import pygame
import pytest
from shell_helpers import click, click_at, clocked_menu_app, finished_market, key, key_up, menu_app

from dungeon_table.core import paths, registry
from dungeon_table.core.records import load_record
from dungeon_table.core.session import Session
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.gameover import GameOverScene, score_rows
from dungeon_table.ui.scenes.handoff import HOLD_MS, SETTLE_MS, HandoffScene
from dungeon_table.ui.scenes.menu import MainMenuScene
from dungeon_table.ui.scenes.pause import PauseScene
from dungeon_table.ui.scenes.replay import ReplayScene
from dungeon_table.ui.table import TableScene


def _finished(seed: int = 4) -> Session:
    session = Session.new("lastdungeon", ["bot:greedy"], seed)
    bot = registry.get("lastdungeon").make_bot("greedy", seed)
    while session.game.result() is None:
        seat = session.game.to_act()[0]
        session.apply(seat, bot.choose(session.game.view(seat), session.game.legal_actions(seat)))
    return session


def test_idle_app_needs_no_frames_and_waits_forever() -> None:
    app = menu_app()
    assert app.step([]) is False
    assert not app.needs_frames
    assert app._wait_timeout() == 0, "no timer: the loop blocks in event.wait() until input"
    drawn = app.frames_drawn
    app.step([])
    assert app.frames_drawn == drawn, "nothing changed: nothing is drawn"


def test_a_timer_wakes_the_loop_once() -> None:
    app = menu_app()
    app.set_timer(50)
    assert 0 < app._wait_timeout() <= 50
    pygame.time.wait(60)
    drawn = app.frames_drawn
    app.step([])
    assert app.frames_drawn == drawn + 1 and app._wait_timeout() == 0


def _cover(app: App, revealed: list[bool]) -> HandoffScene:
    cover = HandoffScene(app, "Alice", "handoff.reason.turn", lambda: revealed.append(True))
    app.push(cover)
    app.step([])
    return cover


def _press(app: App, k: int) -> None:
    """A key pressed and let go."""
    app.step([key(k), key_up(k)])


def test_handoff_hides_the_table_and_reveals_only_on_purpose() -> None:
    app, clock = clocked_menu_app()
    revealed: list[bool] = []
    button = _cover(app, revealed).widgets[0]
    clock[0] += SETTLE_MS
    stray_up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)
    app.step([stray_up, key(pygame.K_ESCAPE)])
    assert not revealed, "a stray release (the click that ended the turn) or Esc reveals nothing"
    assert isinstance(app.top, PauseScene), "Esc opens the menu over the covered screen"
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, HandoffScene) and not revealed
    clock[0] += SETTLE_MS  # back from the menu it settles again
    app.step(click_at(button.rect.center))
    assert revealed and isinstance(app.top, MainMenuScene)


def test_handoff_says_why_the_screen_is_covered_and_what_the_player_is_to_do() -> None:
    app = menu_app()
    chest = HandoffScene(app, "Carol", "handoff.reason.chest", lambda: None, "handoff.reason.buy")
    assert chest.reason_lines() == ["the screen showed a chest's hidden card", "to buy"]
    app.push(chest)
    app.step([])  # both lines drawn between the name and the button
    watching = HandoffScene(app, "Carol", "", lambda: None, "handoff.reason.buy")
    assert watching.reason_lines() == [], "back to watch the bots: nothing to decide"


def test_handoff_by_holding_space_animates_then_reveals() -> None:
    app, clock = clocked_menu_app()
    revealed: list[bool] = []
    _cover(app, revealed)
    clock[0] += SETTLE_MS
    app.step([])
    assert app.step([key(pygame.K_SPACE)]) is True, "the hold ring needs frames"
    app.step([key_up(pygame.K_SPACE)])
    assert not revealed and not app.needs_frames
    app.step([key(pygame.K_SPACE)])
    clock[0] += HOLD_MS
    app.step([])
    assert revealed


def test_handoff_takes_no_key_nor_click_for_a_moment_after_it_appears() -> None:
    """The player who ended the turn with Enter presses it again 0.1 s later: it revealed the
    next player's whole hand to them (issue 10). Nothing counts until the screen has settled,
    the button greyed out meanwhile and filling in."""
    app, clock = clocked_menu_app()
    revealed: list[bool] = []
    cover = _cover(app, revealed)
    button = cover.widgets[0]
    assert not button.enabled and app.needs_frames, "the button greys in, frame by frame"
    clock[0] += 100
    _press(app, pygame.K_RETURN)
    _press(app, pygame.K_KP_ENTER)
    app.step(click_at(button.rect.center))
    app.step([key(pygame.K_SPACE)])
    clock[0] += HOLD_MS
    app.step([key_up(pygame.K_SPACE)])
    assert not revealed and app.top is cover
    clock[0] = 1000 + SETTLE_MS
    app.step([])
    assert button.enabled, "settled: the button usable"
    app.step([])
    assert not app.needs_frames, "and the screen idle"
    _press(app, pygame.K_RETURN)
    assert revealed == [True]


def test_handoff_ignores_the_release_of_a_press_begun_before_it_settled() -> None:
    app, clock = clocked_menu_app()
    revealed: list[bool] = []
    cover = _cover(app, revealed)
    button = cover.widgets[0]
    clock[0] += 100
    app.step([key(pygame.K_RETURN),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    clock[0] += SETTLE_MS
    app.step([key_up(pygame.K_RETURN),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)])
    assert not revealed, "let go after it settled, but pressed before"
    app.step([key(pygame.K_RETURN)])
    assert not revealed, "a fresh Enter reveals as it is let go, not as it goes down"
    app.step([key_up(pygame.K_RETURN)])
    assert revealed == [True]


def test_handoff_gives_the_focus_to_nothing() -> None:
    """No key acts by having the focus there: Tab finds nothing to focus."""
    app, clock = clocked_menu_app()
    revealed: list[bool] = []
    cover = _cover(app, revealed)
    clock[0] += SETTLE_MS
    app.step([key(pygame.K_TAB)])
    assert cover.ring.current is None and not any(w.focused for w in cover.widgets)
    assert not revealed


def test_handoff_settles_again_when_the_menu_over_it_is_closed() -> None:
    """Resume by Enter on the menu: that Enter's release and a second one at once reveal
    nothing."""
    app, clock = clocked_menu_app()
    revealed: list[bool] = []
    cover = _cover(app, revealed)
    clock[0] += SETTLE_MS
    app.step([key(pygame.K_ESCAPE), key_up(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene)
    app.step([key(pygame.K_RETURN)])  # Resume
    assert app.top is cover
    app.step([key_up(pygame.K_RETURN)])
    clock[0] += 100
    _press(app, pygame.K_RETURN)
    assert not revealed
    clock[0] += SETTLE_MS
    _press(app, pygame.K_RETURN)
    assert revealed == [True]


def test_game_over_lists_every_score_line_saves_and_returns_to_menu() -> None:
    session = _finished()
    app = menu_app()
    app.push(GameOverScene(app, session))
    app.step([])
    result = session.game.result()
    assert score_rows(result)[-1] == "score.total"
    assert {line.key for line in result.breakdown[0]} == set(score_rows(result))
    kept = [load_record(p) for p in paths.saves_dir().glob("lastdungeon-*.yaml")]
    assert [k.actions for k in kept] == [session.record.actions], "the finished game is kept"
    click(app, "gameover.menu")
    assert isinstance(app.top, MainMenuScene) and len(app.scenes) == 1


def test_game_over_play_again_and_view_replay() -> None:
    session = _finished()
    app = menu_app()
    app.push(GameOverScene(app, session))
    click(app, "gameover.again")
    assert isinstance(app.top, TableScene)
    assert app.top.session.record.seats == ["bot:greedy"]
    app.push(GameOverScene(app, session))
    click(app, "gameover.replay")
    assert isinstance(app.top, ReplayScene)


def test_game_over_waits_a_moment_before_keys_count() -> None:
    """The Enter that made the last move must not skip the result the moment it shows."""

    session = _finished()
    app = menu_app()
    over = GameOverScene(app, session)
    app.push(over)
    app.step([key(pygame.K_RETURN)])
    assert app.top is over and over.ring.current is None, "an Enter at once is the table's"


def test_game_over_enter_keeps_the_results_and_only_the_button_plays_again() -> None:
    """Enter on the results (held on from the last move, or fresh) never starts a game: it
    keeps the results on screen and says so; Play again takes its button."""
    session = _finished()
    app, clock = clocked_menu_app()
    over = GameOverScene(app, session)
    app.push(over)
    clock[0] += SETTLE_MS
    app.step([key(pygame.K_RETURN)])
    assert app.top is over and over.enter_told, "Enter shows the results, says what starts"
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert app.top is over, "no number of Enters plays again"
    click(app, "gameover.again")
    assert isinstance(app.top, TableScene), "the button does"


def test_replay_steps_forward_and_back_to_the_same_states() -> None:
    session = _finished(seed=6)
    app = menu_app()
    replay = ReplayScene(app, session.record)
    app.push(replay)
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert replay.count == 3
    assert replay.game.state_dict() == session.game_at(3).state_dict()
    app.step([key(pygame.K_LEFT)])
    assert replay.count == 2
    assert replay.game.state_dict() == session.game_at(2).state_dict()
    app.step([key(pygame.K_END)])
    assert replay.count == replay.total and replay.game.result() is not None
    app.step([key(pygame.K_HOME)])
    assert replay.count == 0 and replay.error is None
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MainMenuScene)


def test_replay_draws_the_table_at_the_tables_own_scale() -> None:
    """At UI scale 150 % the table holds its type to what its boxes take; the replay viewer used
    the full scale, so at 1280x720 its prompt, deck title and caption were cut off."""
    from dungeon_table.ui.settings import Settings

    session = _finished(seed=6)
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0, ui_scale=1.5))
    app.push(MainMenuScene(app))
    replay = ReplayScene(app, session.record)
    app.push(replay)
    app.step([])
    table = TableScene(app, Session.new("lastdungeon", ["human"], 6), ["human"])
    assert replay.th.scale == table.th.scale < app.theme.scale
    assert replay.renderer.geo.th.scale == table.th.scale, "the table is laid out at that scale"


def _table_after_one_action() -> tuple[App, TableScene]:
    """A Last Dungeon table reached from the menu, with one action made (so there is a game)."""
    app = menu_app()
    click(app, "game.lastdungeon")
    click(app, "setup.start")
    table = app.top
    assert isinstance(table, TableScene)
    table.session.apply(0, table.session.game.legal_actions(0)[0])
    return app, table


def test_pause_save_and_quit_keeps_the_game_for_continue() -> None:
    app, table = _table_after_one_action()
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene)
    click(app, "pause.save_quit")
    assert isinstance(app.top, MainMenuScene) and len(app.scenes) == 1
    kept = [load_record(p) for p in paths.saves_dir().glob("lastdungeon-*.yaml")]
    assert [k.actions for k in kept] == [table.session.record.actions]
    assert len(kept[0].actions) == 1
    assert t("menu.continue") in [w.label() for w in app.top.widgets if callable(w.label)]


def test_pause_save_and_quit_stays_at_the_table_when_nothing_could_be_saved() -> None:
    app, table = _table_after_one_action()
    table.session.autosave_error = "disk full"  # as Session records a failed autosave

    def refuse(path: object) -> None:
        raise OSError(28, "No space left on device")

    table.session.save = refuse
    app.step([key(pygame.K_ESCAPE)])
    click(app, "pause.save_quit")
    assert app.top is table, "the game stays open rather than being lost"
    assert table.toast is not None
    assert table.toast[0] == t("error.save", reason=OSError(28, "No space left on device"))


def test_a_group_can_save_and_quit_from_the_privacy_screen() -> None:
    # Two players stopping for the night while the screen says "Pass to Bo": Esc gave nothing,
    # so the only way out was to reveal Bo's hand first.
    from dungeon_table.ui.scenes import nav

    app, clock = clocked_menu_app()
    nav.start_game(app, "market", ["human", "human"], 4, names=["Ann", "Bo"], replace=False)
    table = app.find(TableScene)
    table.session.apply(0, table.session.game.legal_actions(0)[0])
    app.step([])
    assert isinstance(app.top, HandoffScene)
    clock[0] += SETTLE_MS
    app.step([key(pygame.K_ESCAPE), key_up(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene) and app.top.session is table.session
    app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])  # Resume: nothing revealed
    assert isinstance(app.top, HandoffScene)
    clock[0] += SETTLE_MS
    app.step([key(pygame.K_ESCAPE)])
    click(app, "pause.save_quit")
    assert isinstance(app.top, MainMenuScene) and len(app.scenes) == 1
    kept = [load_record(p) for p in paths.saves_dir().glob("market-*.yaml")]
    assert [k.actions for k in kept] == [table.session.record.actions]


def test_pause_resume_returns_to_the_table() -> None:
    app = menu_app()
    click(app, "game.lastdungeon")
    click(app, "setup.start")
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene)
    app.step([key(pygame.K_RETURN)])  # Resume has the focus
    assert isinstance(app.top, TableScene)


def test_every_scene_draws_in_both_languages_at_both_sizes() -> None:
    from dungeon_table.ui import i18n
    from dungeon_table.ui.scenes.load import LoadScene
    from dungeon_table.ui.scenes.rules_help import RulesHelpScene
    from dungeon_table.ui.scenes.settings import SettingsScene
    from dungeon_table.ui.scenes.setup import SetupScene

    session = _finished(seed=2)
    market = finished_market()
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        for size in ((1920, 1080), (1280, 720)):
            app = menu_app(size=size)
            for scene in (SetupScene(app, "lastdungeon"), SettingsScene(app), LoadScene(app),
                          RulesHelpScene(app), HandoffScene(app, "花子", "handoff.reason.turn",
                                                            lambda: None),
                          GameOverScene(app, session), ReplayScene(app, session.record),
                          SetupScene(app, "market", ["human", "bot", "human", "bot"]),
                          RulesHelpScene(app, "market"), GameOverScene(app, market),
                          ReplayScene(app, market.record)):
                app.push(scene)
                app.step([])
                app.draw()
                for w in getattr(scene, "widgets", []):
                    assert app.surface.get_rect().contains(w.rect), (type(scene).__name__, w.rect)
                app.pop()


def test_at_ui_scale_75_percent_load_and_game_over_cut_no_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 1280x720 and 75 % the grid shrinks to half while small type stops at its legible
    minimum: the Load rows and the game-over "saved as" line ended in "…"."""
    from dungeon_table.ui import fonts, i18n
    from dungeon_table.ui.scenes.load import LoadScene
    from dungeon_table.ui.settings import Settings

    session = _finished()
    session.save(paths.save_path("lastdungeon"))
    market = finished_market()
    market.names = ["Ann", "", "Cy", ""]
    cut: list[str] = []
    fit = fonts.fit

    def spy(s: str, *args, **kwargs) -> str:  # noqa: ANN002, ANN003
        out = fit(s, *args, **kwargs)
        if out != s:
            cut.append(s)
        return out

    monkeypatch.setattr(fonts, "fit", spy)
    try:
        for lang in ("en", "ja"):
            app = App(surface=pygame.Surface((1280, 720)),
                      settings=Settings(lang=lang, anim_speed=0, ui_scale=0.75))
            app.push(MainMenuScene(app))
            for scene in (LoadScene(app), GameOverScene(app, session),
                          GameOverScene(app, market)):
                app.push(scene)
                app.step([])
                app.draw()
                app.pop()
        assert cut == []
    finally:
        i18n.set_language("en")


class _Spy(pygame.Surface):
    """A surface that keeps where each image was meant to go (``blit`` returns the clipped part)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.meant: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        if not args and not kwargs:
            self.meant.append(pygame.Rect(tuple(dest)[:2], source.get_size()))
        return super().blit(source, dest, *args, **kwargs)


def test_setup_keeps_its_headings_on_screen_at_every_scale() -> None:
    """At UI scale 150 % and 1280x720 "New game" above the game's name sat half off the top."""
    from dungeon_table.ui import i18n
    from dungeon_table.ui.scenes.setup import SetupScene
    from dungeon_table.ui.settings import Settings

    try:
        for lang in ("en", "ja"):
            for scale in (0.75, 1.0, 1.5):
                surface = _Spy((1280, 720))
                app = App(surface=surface, settings=Settings(lang=lang, anim_speed=0,
                                                             ui_scale=scale))
                app.push(MainMenuScene(app))
                app.push(SetupScene(app, "lastdungeon"))
                app.step([])
                surface.meant.clear()
                app.draw()
                off = [r for r in surface.meant if r.top < 0 or r.bottom > 720]
                assert off == [], (lang, scale, off)
    finally:
        i18n.set_language("en")
