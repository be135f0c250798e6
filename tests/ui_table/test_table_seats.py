"""The generic table with two seats: bots move on their own after a pause, humans get a handoff.

Played on the core tests' two-seat toy game with a stub renderer: one target per legal action.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from stub_renderer import StubRenderer, stub_table
from ui_events import click_at

from dungeon_table.core.protocol import to_dict


@pytest.fixture
def toy_table() -> Iterator[str]:
    from core import toy  # tests/ is on sys.path (its conftest.py is the rootdir's)

    with stub_table(toy.SPEC, StubRenderer):
        yield "toy"


def _table(seats: list[str]):  # noqa: ANN202
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    scene = TableScene(app, Session.new("toy", seats, seed=3), seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def _play_first(app, scene) -> None:  # noqa: ANN001
    index = next(i for i, tg in enumerate(scene.ui.targets) if to_dict(tg.action)["type"] == "play")
    app.step(click_at(scene.ui.targets[index].rect.center))


@pytest.mark.parametrize("bot", ["bot:random", "bot"])  # a bare "bot" (scripts) is the best
def test_a_bot_seat_moves_by_itself_after_the_human(toy_table: str, bot: str) -> None:
    app, scene = _table(["human", bot])
    _play_first(app, scene)
    for _ in range(5):
        if scene.game.to_act() == [0]:
            break
        app.step([])  # the bot's timer fires; no input needed
    steps = scene.session.steps
    assert [step.seat for step in steps] == [0] + [1] * (len(steps) - 1) and len(steps) > 1
    assert to_dict(steps[-1].action)["type"] == "play", "the bot plays on to the end of its turn"
    assert scene.game.to_act() == [0] or scene.game.result() is not None


def test_a_bot_waits_for_its_visible_pause(toy_table: str) -> None:
    app, scene = _table(["human", "bot:random"])
    scene.bot_delay_ms = 60_000
    _play_first(app, scene)
    app.step([])
    assert [step.seat for step in scene.session.steps] == [0]
    assert scene.bot_due is not None


def test_two_humans_get_a_handoff_before_the_next_one_sees_the_table(toy_table: str) -> None:
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = _table(["human", "human"])
    _play_first(app, scene)
    app.step([])
    assert isinstance(app.top, HandoffScene)
    assert scene.viewer == 0  # nothing of seat 1 is shown before the reveal
    app.top.on_reveal()  # what the handoff's reveal button does, after popping itself
    assert scene.viewer == 1
    assert scene.ui.targets, "seat 1 now has its legal targets"


def test_the_next_human_sees_none_of_the_last_ones_private_log_lines(toy_table: str) -> None:
    """Seat 0 drew a card only it may see; after the handoff seat 1's log must not name it."""
    app, scene = _table(["human", "human"])
    draw = next(i for i, tg in enumerate(scene.ui.targets) if to_dict(tg.action)["type"] == "draw")
    app.step(click_at(scene.ui.targets[draw].rect.center))
    assert any("card_drawn" in e.text for e in scene.log.entries), "seat 0 sees its own draw"
    _play_first(app, scene)
    app.step([])
    app.top.on_reveal()
    assert scene.viewer == 1
    assert not any("card_drawn" in e.text for e in scene.log.entries)
    assert any("card_played" in e.text for e in scene.log.entries), "public lines stay"


# --- several seats to act at once: the sealed-bid toy ---------------------------------------------


class DecidingRenderer(StubRenderer):
    """The stub, keeping the seat of every view it draws and naming the decision to be made."""

    def __init__(self, app: object) -> None:
        super().__init__(app)
        self.drawn_for: list[object] = []
        self.cancelled = 0

    def cancel_pick(self) -> bool:
        self.cancelled += 1
        return False

    def draw(self, surface: pygame.Surface, view: object, ui: object) -> None:
        self.drawn_for.append(view.seat)  # type: ignore[attr-defined]

    def decision_key(self, view: object) -> str:
        return "handoff.reason.buy" if view.phase == "pick" else "handoff.reason.bid"  # type: ignore[attr-defined]


@pytest.fixture
def bid_table() -> Iterator[str]:
    from core import toy

    with stub_table(toy.SEALED_SPEC, DecidingRenderer):
        yield "toy_bid"


def _bid_table(seats: list[str], seed: int = 3, bot_delay_ms: int = 0):  # noqa: ANN202
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    scene = TableScene(app, Session.new("toy_bid", seats, seed=seed), seats,
                       bot_delay_ms=bot_delay_ms)
    app.push(scene)
    app.step([])
    return app, scene


def _choose(app, scene, **action: object) -> None:  # noqa: ANN001
    """Click the target of the action written as its notation (``type="bid", amount=1``)."""
    index = next(i for i, tg in enumerate(scene.ui.targets) if to_dict(tg.action) == action)
    app.step(click_at(scene.ui.targets[index].rect.center))


def _settle(app, scene, steps: int = 8) -> None:  # noqa: ANN001
    for _ in range(steps):
        app.step([])


def test_bots_decide_first_then_the_viewer_then_the_next_human_behind_the_screen(
    bid_table: str,
) -> None:
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = _bid_table(["human", "bot:random", "human", "bot:random"])
    assert scene.viewer == 0, "the first human of the four who bid at once"
    _settle(app, scene)
    assert [step.seat for step in scene.session.steps] == [1, 3], "the bots bid at once"
    assert app.top is scene, "no screen yet: seat 0 is looking and decides first"
    _choose(app, scene, type="bid", amount=0)
    app.step([])
    assert isinstance(app.top, HandoffScene) and app.top.name == "Player 3"
    assert app.top.reason_key == "handoff.reason.bid", "the game's reason, not a generic one"
    assert app.top.decision_key == "handoff.reason.bid", "what the renderer says seat 2 decides"
    assert app.top.reason_lines() == ["to make a sealed bid"], "said once when the two agree"
    assert scene.viewer == 0
    app.top.reveal()
    assert scene.viewer == 2 and scene.view.seat == 2


def test_a_public_decision_turns_the_table_to_the_next_human_with_a_banner(
    bid_table: str,
) -> None:
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = _bid_table(["human", "human"])
    _choose(app, scene, type="bid", amount=0)
    app.step([])
    app.top.reveal()
    _choose(app, scene, type="bid", amount=1)  # seat 1 wins and picks first, looking already
    _settle(app, scene)
    assert app.top is scene and scene.viewer == 1 and scene.notice is None
    _choose(app, scene, type="take", prize=0)
    _settle(app, scene)
    assert app.top is scene, "the picks are public: no privacy screen"
    assert scene.viewer == 0 and scene.view.seat == 0, "the bottom seat is the deciding one"
    assert scene.renderer.cancelled, "nothing the last player picked stays picked"
    assert scene.notice is not None
    assert scene.notice[0] == "Over to Player 1" and scene.notice[1] == "to buy"
    assert scene.ui.targets, "seat 0 may pick at once"
    _choose(app, scene, type="pass")
    _settle(app, scene)
    # the next round's bids: seat 0 is looking and among those to bid, so it goes first
    assert scene.game.to_act() == [0, 1]
    assert app.top is scene and scene.viewer == 0
    _choose(app, scene, type="bid", amount=0)
    app.step([])
    assert isinstance(app.top, HandoffScene) and app.top.reason_key == "handoff.reason.bid"


def test_one_human_among_bots_never_sees_a_bots_view(bid_table: str) -> None:
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = _bid_table(["bot:random", "human", "bot:random", "bot:random"], seed=5)
    for _ in range(200):
        if scene.game.result() is not None:
            break
        assert not isinstance(app.top, HandoffScene)
        if scene.ui.targets:
            app.step(click_at(scene.ui.targets[0].rect.center))
        else:
            app.step([])
    assert scene.game.result() is not None
    assert set(scene.renderer.drawn_for) == {1} and scene.notice is None


def test_the_renderer_gets_every_seats_name(bid_table: str) -> None:
    """The handoff and the banner name players as typed at setup; the table can show the same
    names (``UiState.names``) instead of leaving the players to guess who is who."""
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes import nav
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    seats = ["human", "bot:random", "human"]
    nav.open_table(app, Session.new("toy_bid", seats, seed=2), ["Ann", "", ""], replace=False)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert table.ui.names == ["Ann", "Bot 2", "Player 3"]


def test_a_game_continued_opens_for_the_human_to_decide(toy_table: str) -> None:
    """Continue on a game where the second human is to play: the first screen named the first
    player, then a second privacy screen followed at once for the right one."""
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes import nav
    from dungeon_table.ui.scenes.handoff import HandoffScene
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    session = Session.new("toy", ["human", "human"], seed=3)
    session.apply(0, next(a for a in session.game.legal_actions(0)
                          if to_dict(a)["type"] == "play"))
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    nav.open_table(app, session, ["Ann", "Bo"], replace=False)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert table.viewer == 1
    assert isinstance(app.top, HandoffScene) and app.top.name == "Bo"
    assert app.top.reason_key == "handoff.reason.turn", "a game going on, not one to start"
    app.top.reveal()
    app.step([])
    assert app.top is table and table.ui.targets, "no second screen: Bo plays"


def test_a_bots_bid_leaves_the_humans_keyboard_focus_and_hint_in_place(bid_table: str) -> None:
    """Both bid at once: the bot's bid came in while the player was tabbing through amounts
    and put the focus back to nothing."""
    from ui_events import key

    app, scene = _bid_table(["human", "bot:random"], bot_delay_ms=60_000)
    assert [step.seat for step in scene.session.steps] == [], "the bot is still thinking"
    app.step([key(pygame.K_TAB), key(pygame.K_TAB), key(pygame.K_TAB)])
    focused = scene.ui.targets[scene.ui.focus].action
    scene.ui.hint = focused
    scene.bot_due = 0
    app.step([])
    assert [step.seat for step in scene.session.steps] == [1]
    assert scene.ui.targets[scene.ui.focus].action == focused
    assert scene.ui.hint == focused


def test_a_game_continued_in_the_middle_of_sealed_bids_says_what_the_player_decides(
    bid_table: str,
) -> None:
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes import nav
    from dungeon_table.ui.scenes.handoff import HandoffScene
    from dungeon_table.ui.settings import Settings

    session = Session.new("toy_bid", ["human", "human"], seed=3)
    session.apply(0, next(a for a in session.game.legal_actions(0) if to_dict(a)["type"] == "bid"))
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    nav.open_table(app, session, ["Ann", "Bo"], replace=False)
    assert isinstance(app.top, HandoffScene) and app.top.name == "Bo"
    assert app.top.reason_key == "handoff.reason.bid"
    fresh = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    nav.open_table(fresh, Session.new("toy_bid", ["human", "human"], seed=3), ["Ann", "Bo"],
                   replace=False)
    assert fresh.top.reason_key == "handoff.reason.start"


def test_a_game_continued_while_a_bot_decides_opens_for_the_human_who_was_playing() -> None:
    """Bo passed in the buy round and the bot was to buy when they quit: Continue put the
    screen in front of Ann, who had nothing to do, instead of Bo."""
    from dungeon_table.core.session import Session
    from dungeon_table.games.market import model as m
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes import nav
    from dungeon_table.ui.scenes.handoff import HandoffScene
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    session = Session.new("market", ["human", "human", "bot:random"], 1,
                          stack={"deck": ["red_shield_1", "blue_helm_1"]})
    for seat, action in ((0, m.Explore()), (0, m.Stop()), (0, m.OpenMarket()), (1, m.Pass())):
        session.apply(seat, action)
    assert session.game.to_act() == [2]
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    nav.open_table(app, session, ["Ann", "Bo", ""], replace=False)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert table.viewer == 1
    assert isinstance(app.top, HandoffScene) and app.top.name == "Bo"
    assert app.top.reason_key == "", "Bo has nothing to decide yet: no reason is given"
    app.step([])  # the privacy screen draws without one
