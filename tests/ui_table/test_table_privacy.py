"""Pass-and-play privacy: when a human's move hands the turn to another human, nothing of the
table is drawn for the wrong player. The privacy screen covers at once; a move that revealed
something (a search's treasure, a die) waits until its player says they have seen it; the next
seat's turn (its banner, its draw) is never played on the last one's screen.

The table is driven frame by frame on a fake clock with animations on, so a frame drawn between
the move and the cover would be seen here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pygame
import pytest
from stub_renderer import StubRenderer, stub_table
from ui_events import click_at, key, key_up

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.protocol import Event, to_dict
from dungeon_table.ui.anim import Pause
from dungeon_table.ui.scenes.handoff import SETTLE_MS, HandoffScene


class Peeked(Event, frozen=True, tag="peeked"):
    """The mover saw the deck's top card: a reveal it must see before the screen is covered."""

    REVEALS: ClassVar[bool] = True
    seat: int
    card: int


class TurnStarted(Event, frozen=True, tag="turn_started"):
    REVEALS: ClassVar[bool] = True
    seat: int


class NextDrew(Event, frozen=True, tag="next_drew"):
    seat: int


def revealing_game() -> type:
    """The toy "high card" whose ``play`` shows its player the deck's top card, then starts the
    next seat's turn (with a line the next seat alone sees), as the relic game's search does."""
    from core import toy

    class RevealingHighCard(toy.HighCard):
        game_id = "toy_reveal"
        event_types = (*toy.HighCard.event_types, Peeked, TurnStarted, NextDrew)

        def _apply(self, seat: int, action: Any) -> list[Event]:
            events = super()._apply(seat, action)
            if not isinstance(action, toy.Play) or self.result() is not None:
                return events
            nxt = 1 - seat
            return [Peeked(seat=seat, card=self.state.deck[-1] if self.state.deck else 0, to=(seat,)),
                    *events, TurnStarted(seat=nxt), NextDrew(seat=nxt, to=(nxt,))]

    return RevealingHighCard


class WatchedRenderer(StubRenderer):
    """One target per legal action; each event a 400 ms pause; every draw and tween recorded."""

    def __init__(self, app: object) -> None:
        super().__init__(app)
        self.drawn_for: list[Any] = []
        self.animated: list[str] = []

    def draw(self, surface: pygame.Surface, view: Any, ui: Any) -> None:
        self.drawn_for.append(view.hand)

    def animations(self, events: list, before: Any, after: Any) -> list:
        self.animated += [to_dict(e)["type"] for e in events]
        return [Pause(duration=400) for _ in events]


@pytest.fixture
def watched() -> Iterator[None]:
    """``toy`` and ``toy_reveal`` registered with the watching renderer."""
    from core import toy

    with stub_table(toy.SPEC, WatchedRenderer), stub_table(
            toy.SPEC, WatchedRenderer, game_id="toy_reveal", game_class=revealing_game()):
        yield


def _table(game_id: str, seats: list[str]) -> tuple[Any, Any, list[int]]:
    """Two humans at a table with animations on and a clock the test moves by hand."""
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1))
    clock = [1000]
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    scene = TableScene(app, Session.new(game_id, seats, seed=3), seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene, clock


def _play(app: Any, scene: Any) -> None:
    index = next(i for i, tg in enumerate(scene.ui.targets)
                 if to_dict(tg.action)["type"] == "play")
    app.step(click_at(scene.ui.targets[index].rect.center))


def test_a_move_passing_the_turn_covers_the_table_in_the_same_frame(watched: None) -> None:
    app, scene, _clock = _table("toy", ["human", "human"])
    hand = scene.view.hand
    drawn = len(scene.renderer.drawn_for)
    _play(app, scene)
    assert isinstance(app.top, HandoffScene), "no frame of the table between move and cover"
    assert len(scene.renderer.drawn_for) == drawn, "the table was not drawn after the move"
    assert scene.viewer == 0 and hand is not None


def test_an_enter_held_on_from_the_move_does_not_reveal_the_next_hand(watched: None) -> None:
    app, scene, clock = _table("toy", ["human", "human"])
    play = next(i for i, tg in enumerate(scene.ui.targets) if to_dict(tg.action)["type"] == "play")
    scene.ui.focus = play
    app.step([key(pygame.K_RETURN)])  # Enter plays the card and passes the turn
    assert isinstance(app.top, HandoffScene)
    clock[0] += SETTLE_MS
    app.step([key(pygame.K_RETURN), key(pygame.K_RETURN)])  # still held: the key repeats
    app.step([key_up(pygame.K_RETURN)])  # and is let go: it began on the table
    assert isinstance(app.top, HandoffScene) and scene.viewer == 0
    app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])  # a fresh press reveals
    assert app.top is scene and scene.viewer == 1


def test_a_revealing_move_plays_only_the_movers_part(watched: None) -> None:
    app, scene, clock = _table("toy_reveal", ["human", "human"])
    _play(app, scene)
    assert app.top is scene and scene.held == (1, "handoff.reason.turn")
    assert "peeked" in scene.renderer.animated
    assert "turn_started" not in scene.renderer.animated, "the next turn's banner is not shown"
    assert "next_drew" not in scene.renderer.animated


def test_a_revealing_move_waits_for_its_player_to_have_seen_it(watched: None) -> None:
    app, scene, clock = _table("toy_reveal", ["human", "human"])
    _play(app, scene)
    app.step([key(pygame.K_RETURN)])  # still playing: an Enter now has seen nothing
    assert app.top is scene and scene.held is not None
    for _ in range(10):
        clock[0] += 200
        app.step([])
    assert not scene.anim.busy and app.top is scene, "the table waits for the player"
    app.step([key(pygame.K_RETURN)])  # the one above, still down: it repeats
    assert app.top is scene
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert isinstance(app.top, HandoffScene) and app.top.name == "Player 2"
    assert scene.viewer == 0, "nothing of seat 1 is drawn before its player reveals"


def test_the_prompts_button_covers_the_table(watched: None) -> None:
    app, scene, clock = _table("toy_reveal", ["human", "human"])
    _play(app, scene)
    for _ in range(10):
        clock[0] += 200
        app.step([])
    button = scene.hold.button.rect
    assert button.w and scene.log.rect.contains(button), "it lies over the log, not the board"
    app.step(click_at(button.center))
    assert isinstance(app.top, HandoffScene)


def test_one_human_with_a_bot_sees_its_revealing_move_and_plays_on(watched: None) -> None:
    app, scene, clock = _table("toy_reveal", ["human", "bot:random"])
    _play(app, scene)
    assert scene.held is None, "no one to hide anything from"
    assert "turn_started" in scene.renderer.animated


def test_between_two_humans_the_bots_play_on_a_table_showing_no_hand() -> None:
    """Relic, three seats: Ann ends her turn; her hand leaves the screen at once (the bot plays
    on what every seat may see), then Cy's turn starts behind the privacy screen, not with
    "Cy's turn" over Ann's hand."""
    from dungeon_table.core.session import Session
    from dungeon_table.games.relic import model as m
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    seats = ["human", "bot:random", "human"]
    session = Session.new("relic", seats, 1)  # Ann, seat 0, begins
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1))
    clock = [1000]
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    scene = TableScene(app, session, seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    animated: list[Event] = []
    drawn_for: list[int | None] = []
    real_animations, real_draw = scene.renderer.animations, scene.renderer.draw
    scene.renderer.animations = lambda events, before, after: (
        animated.extend(events) or real_animations(events, before, after))
    scene.renderer.draw = lambda surface, view, ui: (
        drawn_for.append(view.seat) or real_draw(surface, view, ui))
    assert scene.viewer == 0
    while 0 in session.game.to_act():
        legal = session.game.legal_actions(0)
        ending = [a for a in legal if isinstance(a, (m.EndTurn, m.EndPhase, m.DungeonPhase))]
        scene.act(0, ending[-1] if ending else legal[0])
        app.step([])
    assert scene.viewer is None, "Ann's hand is off the screen as soon as her turn is over"
    drawn_for.clear()
    for _ in range(400):
        if isinstance(app.top, HandoffScene):
            break
        clock[0] += 100
        app.step([])
    assert isinstance(app.top, HandoffScene) and app.top.name == "Player 3"
    assert [step.seat for step in session.steps].count(1) > 0, "the bot played meanwhile"
    assert set(drawn_for) == {None}, "no seat's view was drawn while the bot played"
    assert not any(isinstance(e, m.TurnStarted) and e.seat == 2 for e in animated)
    app.top.reveal()
    assert scene.viewer == 2


def test_a_relic_search_is_shown_to_its_player_then_covered_without_the_next_turn() -> None:
    """The play-tested case: a search ends the turn. Its treasure is shown to the searcher, the
    table waits for Enter, then the privacy screen; "Player 2's turn" never played over the
    searcher's hand."""
    from dungeon_table.core.session import Session
    from dungeon_table.games.relic import model as m
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    session = Session.new("relic", ["human", "human"], 1)
    order = [m.Search, m.DungeonPhase, m.SetDungeon, m.EndPhase, m.EndTurn, m.SkipSkill, m.Done,
             m.Discard]
    for _ in range(200):  # each builds its dungeon until a search is possible
        seat = session.game.to_act()[0]
        legal = session.game.legal_actions(seat)
        if any(isinstance(a, m.Search) for a in legal):
            break
        session.apply(seat, next((a for k in order for a in legal if type(a) is k), legal[0]))
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1))
    clock = [1000]
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    scene = TableScene(app, session, ["human", "human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    searcher = scene.viewer
    animated: list[Event] = []
    real = scene.renderer.animations
    scene.renderer.animations = lambda events, before, after: (
        animated.extend(events) or real(events, before, after))
    search = next(i for i, tg in enumerate(scene.ui.targets) if isinstance(tg.action, m.Search))
    app.step(click_at(scene.ui.targets[search].rect.center))
    assert any(isinstance(e, m.Searched) for e in animated), "the treasure is shown"
    assert not any(isinstance(e, (m.TurnStarted, m.Drew)) for e in animated)
    assert app.top is scene and scene.held is not None
    for _ in range(60):
        clock[0] += 100
        app.step([])
    assert app.top is scene and scene.viewer == searcher, "it waits for the searcher"
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert isinstance(app.top, HandoffScene) and scene.viewer == searcher


def test_esc_while_waiting_opens_the_menu_and_the_wait_goes_on(watched: None) -> None:
    from dungeon_table.ui.scenes.pause import PauseScene

    app, scene, clock = _table("toy_reveal", ["human", "human"])
    _play(app, scene)
    for _ in range(10):
        clock[0] += 200
        app.step([])
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene), "save and quit stays possible"
    app.pop()  # Resume
    app.step([])
    assert app.top is scene and scene.held is not None and scene.viewer == 0
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert isinstance(app.top, HandoffScene)


def test_a_search_before_the_bots_play_waits_then_hides_the_hand() -> None:
    from dungeon_table.core.session import Session
    from dungeon_table.games.relic import model as m
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    seats = ["human", "bot:random", "human"]
    session = Session.new("relic", seats, 1)
    order = [m.Search, m.DungeonPhase, m.SetDungeon, m.EndPhase, m.EndTurn, m.SkipSkill, m.Done,
             m.Discard]
    for _ in range(300):  # every seat builds its dungeon until Ann may search
        seat = session.game.to_act()[0]
        legal = session.game.legal_actions(seat)
        if seat == 0 and any(isinstance(a, m.Search) for a in legal):
            break
        session.apply(seat, next((a for k in order for a in legal if type(a) is k), legal[0]))
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1))
    clock = [1000]
    app.now = lambda: clock[0]  # type: ignore[method-assign]
    scene = TableScene(app, session, seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    assert scene.viewer == 0
    scene.act(0, next(a for a in session.game.legal_actions(0) if isinstance(a, m.Search)))
    for _ in range(60):
        clock[0] += 100
        app.step([])
    assert scene.held == (None, "") and scene.viewer == 0, "Ann reads her treasure first"
    assert scene.hold._caption() == "Hide my hand"
    steps = len(session.steps)
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert scene.viewer is None and scene.held is None
    assert session.steps[steps].seat == 1, "then the bot plays, on the hidden table"


# --- the privacy screen takes no accidental press, wherever it comes from ------------------------
def _press(app: Any, k: int = pygame.K_RETURN) -> None:
    """A key pressed and let go."""
    app.step([key(k), key_up(k)])


def _relic_app(session: Any) -> tuple[Any, Any, list[int]]:
    """An app on a clock the test moves by hand, animations on, for a relic session."""
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings

    clock = [1000]
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1),
              ticks=lambda: clock[0])
    return app, session, clock


def _to_end_turn(session: Any, seat: int) -> None:
    """``seat`` plays on (double draw, discards) until End turn is what it may do."""
    from dungeon_table.games.relic import model as m

    if session.game.phase == "play":
        session.apply(seat, m.DoubleDraw())
    while m.EndTurn() not in session.game.legal_actions(seat):
        legal = session.game.legal_actions(seat)
        session.apply(seat, next(a for a in legal if isinstance(a, (m.Discard, m.Done,
                                                                    m.SkipSkill))))


def _next_seat_to_search() -> Any:
    """Two humans; each has set three dungeon cards, seat 0 declined its search and may end
    its turn: seat 1's turn starts with its search, the accent button (stacked deck)."""
    from relic.helpers import deal_order
    from relic.rules_kit import FILL_0, FILL_1, hand_of, rounds

    from dungeon_table.core.session import Session
    from dungeon_table.games.relic.rules import Relic

    mine, theirs = ["dungeon_gate_1", "dungeon_stairs_1", "dungeon_hall_1"], [
        "dungeon_gate_2", "dungeon_stairs_2", "dungeon_mural_1"]
    hands = [hand_of(mine, FILL_0), hand_of(theirs, FILL_1)]
    draws = ["injury_cut_1", "enemy_bats_1", "injury_bruise_1", "enemy_bats_2", "char_lancer_1",
             "dungeon_well_1", "dungeon_hall_2"]
    stack = {"first": ["dungeon_hall_2", "dungeon_gate_1"], "deck": deal_order(hands, draws)}
    session = Session.new("relic", ["human", "human"], 1, stack=stack)
    for notation in [*rounds(list(zip(mine, theirs, strict=True))), {"type": "decline_search"}]:
        session.apply(session.game.to_act()[0], Relic.decode_action(notation))
    _to_end_turn(session, 0)
    return session


def test_a_double_enter_ending_a_relic_turn_shows_the_next_hand_to_nobody() -> None:
    """Issue 10: Enter ends the turn and shows "Pass to Player 2"; a second Enter 0.1 s later
    revealed Player 2's hand to Player 1, the focus then on Player 2's accent button (here its
    search), where one more Enter would have searched for them."""
    from dungeon_table.games.relic import model as m
    from dungeon_table.ui.table import TableScene

    session = _next_seat_to_search()
    app, _, clock = _relic_app(session)
    scene = TableScene(app, session, ["human", "human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    scene.ui.focus = next(i for i, tg in enumerate(scene.ui.targets) if tg.action == m.EndTurn())
    _press(app)  # ends the turn: the privacy screen at once
    cover = app.top
    assert isinstance(cover, HandoffScene) and scene.viewer == 0
    clock[0] += 100
    _press(app)
    app.step(click_at(cover.widgets[0].rect.center))
    assert app.top is cover and scene.viewer == 0, "Player 2's hand stays covered"
    clock[0] += SETTLE_MS
    _press(app)  # Player 2, deliberately
    assert app.top is scene and scene.viewer == 1 and session.game.phase == "search"
    assert scene.ui.focus is None, "the focus starts on nothing that acts"
    steps = len(session.steps)
    _press(app)
    assert len(session.steps) == steps, "one more Enter shows where the focus is, no more"
    assert scene.ui.targets[scene.ui.focus].action == m.Search()


def _passed_turn(app: Any, session: Any, clock: list[int]) -> None:
    from dungeon_table.games.relic import model as m
    from dungeon_table.ui.table import TableScene

    _to_end_turn(session, 0)
    scene = TableScene(app, session, session.record.seats, bot_delay_ms=0)
    app.push(scene)
    scene.act(0, m.EndTurn())


def _started(app: Any, session: Any, clock: list[int]) -> None:
    from dungeon_table.ui.scenes import nav

    nav.open_table(app, session, replace=False)


def _continued(app: Any, session: Any, clock: list[int]) -> None:
    from dungeon_table.games.relic import model as m
    from dungeon_table.ui.scenes import nav

    _to_end_turn(session, 0)
    session.apply(0, m.EndTurn())
    nav.open_table(app, session, replace=False)


def _after_the_bots(app: Any, session: Any, clock: list[int]) -> None:
    """Ann ends her turn; the bot plays on a table showing no hand; then Cy's screen."""
    _passed_turn(app, session, clock)
    for _ in range(400):
        if isinstance(app.top, HandoffScene):
            return
        clock[0] += 100
        app.step([])


def _sealed_bid(app: Any, session: Any, clock: list[int]) -> None:
    """Dungeon Market's sealed bids: Ann bids, then Bo's screen."""
    from dungeon_table.games.market import model as mm
    from dungeon_table.ui.table import TableScene

    scene = TableScene(app, session, session.record.seats, bot_delay_ms=0)
    app.push(scene)
    scene.act(scene.viewer, next(a for a in session.game.legal_actions(scene.viewer)
                                 if isinstance(a, mm.Bid)))


def _market_at_bids() -> Any:
    """A Professional game of two humans played by random choices up to a sealed bid."""
    from dungeon_table.core.session import Session

    session = Session.new("market", ["human", "human"], 2, {"professional": True})
    bots = [RandomBot(s) for s in range(2)]
    while not (session.game.phase == "bid" and len(session.game.to_act()) == 2):
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.view(seat),
                                              session.game.legal_actions(seat)))
    return session


@pytest.mark.parametrize("how", ["turn", "start", "continue", "bots", "bid"])
def test_every_privacy_screen_takes_no_press_at_once_and_reveals_unfocused(how: str) -> None:
    """The turn passed, a game started, a game continued, bots between two humans, a sealed
    bid: each privacy screen ignores an Enter and a click 0.1 s after it appears, and once
    revealed the next player's table has no focus."""
    from dungeon_table.core.session import Session
    from dungeon_table.ui.table import TableScene

    seats = ["human", "bot:random", "human"] if how == "bots" else ["human", "human"]
    session = _market_at_bids() if how == "bid" else Session.new("relic", seats, 1)
    app, _, clock = _relic_app(session)
    {"turn": _passed_turn, "start": _started, "continue": _continued, "bots": _after_the_bots,
     "bid": _sealed_bid}[how](app, session, clock)
    cover = app.top
    assert isinstance(cover, HandoffScene)
    table = app.find(TableScene)
    viewer = table.viewer
    clock[0] += 100
    _press(app)
    app.step(click_at(cover.widgets[0].rect.center))
    assert app.top is cover and table.viewer == viewer
    clock[0] += SETTLE_MS
    app.step(click_at(cover.widgets[0].rect.center))
    assert app.top is table
    assert table.ui.focus is None, "nothing focused: no Enter acts for the new player at once"
