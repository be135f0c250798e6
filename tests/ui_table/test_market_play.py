"""The Dungeon Market table on real games: nothing is drawn that the seat's own view does not
hold, the events of whole games animate and log, and a game is played to its end through the
table by hint, click and Enter. (Every legal action's target and every phase drawn in both
languages and sizes, for every game: ``test_renderer_all_games.py``.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pygame
import pytest
from table_helpers import visible_point
from ui_events import click_at, key

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.session import Session
from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui.table import MarketRenderer
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.renderer import UiState


def game_steps(players: int, options: dict[str, Any], seed: int,
               limit: int = 400) -> Iterator[tuple[Session, int, Any, list[Any]]]:
    """(session, seat, events of the last step, ...) at every decision of a random game."""
    session = Session.new("market", ["human"] * players, seed, options=options)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    events: list[Any] = []
    for _ in range(limit):
        to_act = session.game.to_act()
        if not to_act:
            return
        for seat in to_act:
            yield session, seat, events, to_act
        seat = to_act[0]
        view = session.game.view(seat)
        events = session.apply(seat, bots[seat].choose(view, session.game.legal_actions(seat)))


def renderer(size: tuple[int, int] = (1280, 720)) -> MarketRenderer:
    r = MarketRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


def drawn_ids(r: MarketRenderer) -> list[str]:
    """Spy on every card face, token and job the renderer draws."""
    seen: list[str] = []
    looks = r.looks
    for name in ("face", "token", "job_face", "job_tile"):
        real = getattr(looks, name)

        def spy(card: str, *args: Any, _real: Any = real, **kw: Any) -> pygame.Surface:
            seen.append(card)
            return _real(card, *args, **kw)

        setattr(looks, name, spy)
    return seen


@pytest.mark.parametrize("players", [2, 4])
def test_nothing_is_drawn_that_the_seat_view_does_not_hold(players: int) -> None:
    """A chest's card reaches only its finder's screen: every card drawn for a seat is named in
    that seat's own view (the renderer gets nothing else)."""
    options = {"professional": True}
    checked_chests = 0
    for k, (session, _seat, _events, _to_act) in enumerate(game_steps(players, options, 3, 240)):
        if k % 3:
            continue
        for seat in range(players):
            view = session.game.view(seat)
            text = msgspec.json.encode(view).decode()
            r = renderer()
            seen = drawn_ids(r)
            r.draw(pygame.Surface((1280, 720)), view, UiState(seat=seat))
            strangers = [card for card in seen if f'"{card}"' not in text]
            assert not strangers, strangers
            if seat != view.active and any(s.chest and s.card for s in view.discovery):
                assert all(s.hidden in ("", "?") for s in view.discovery)
                checked_chests += 1
    assert checked_chests, "a chest was found while others watched"


@pytest.mark.parametrize("players,options,steps", [(2, {"chests": True}, 2000), (3, {}, 300),
                                                   (4, {"professional": True}, 300)])
def test_the_events_of_games_animate_log_and_finish(players: int, options: dict[str, Any],
                                                    steps: int) -> None:
    viewer = 0
    r = renderer()
    surface = pygame.Surface((1280, 720))
    session = Session.new("market", ["human"] * players, 5, options=options)
    bots = [RandomBot(50 + s) for s in range(players)]
    kinds: set[type] = set()
    for step in range(steps):
        to_act = session.game.to_act()
        if not to_act:
            break
        seat = to_act[0]
        before = session.game.view(viewer)
        events = session.apply(seat, bots[seat].choose(session.game.view(seat),
                                                       session.game.legal_actions(seat)))
        after = session.game.view(viewer)
        seen = [e for e in events if e.visible_to(viewer)]
        kinds.update(type(e) for e in seen)
        for lang in ("en", "ja") if step % 5 == 0 else ("en",):
            i18n.set_language(lang)
            for line in r.log_lines(seen, before, after):
                assert "{" not in line and "market." not in line, line
        i18n.set_language("en")
        queue = AnimQueue()
        queue.extend(r.animations(seen, before, after))
        now = 0.0
        while queue.update(now):
            if int(now) % 1000 == 0:
                r.draw(surface, after, UiState(hidden=queue.hidden(), animating=True))
            queue.draw(surface)
            now += 125.0
            assert now < 60_000
        r.draw(surface, after, UiState())
        assert not r.before_values and not r.upright
    assert session.game.result() is not None or steps < 2000, "the game ended"
    assert {m.Revealed, m.BurstStarted, m.Defended, m.Bought} <= kinds


def _market_table(seats: list[str], seed: int, options: dict[str, Any] | None = None,
                  size: tuple[int, int] = (1280, 720)) -> tuple[Any, Any]:
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface(size), settings=Settings(lang="en", anim_speed=0))
    session = Session.new("market", seats, seed, options=options or {})
    scene = TableScene(app, session, seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def _toward(scene: Any) -> int:
    """After a pick, the step a player follows to the hinted price or bid (the table shows
    it): the target sending it, else the one stepping toward it, else the focus."""
    hint = scene.ui.hint
    targets = scene.ui.targets
    exact = [i for i, tg in enumerate(targets) if tg.pick is None and tg.action == hint]
    step = [i for i, tg in enumerate(targets) if tg.pick is None and hint in tg.covers]
    index = (exact or step or [scene.ui.focus])[0]
    assert index is not None, "after a pick there is somewhere to go"
    scene.ui.focus = index
    return index


def test_a_game_with_bots_is_played_to_its_end_by_hint_click_and_enter() -> None:
    from dungeon_table.ui.scenes.gameover import GameOverScene

    app, scene = _market_table(["human", "bot:random"], seed=4, options={"professional": True})
    moves = 0
    while not isinstance(app.top, GameOverScene):
        assert moves < 3000, "the game should end"
        if not scene.ui.legal or scene.bot_due is not None:  # bots deciding at once go first
            app.step([])
            continue
        assert scene.view == scene.game.view(scene.viewer), "the table draws the engine's view"
        app.step([key(pygame.K_h)])
        index = scene.ui.focus
        assert index is not None, "the hint highlights a target"
        if scene.ui.targets[index].pick is not None:  # a card to price, a bid step: then on
            app.step([key(pygame.K_RETURN)])
            index = _toward(scene)
        if moves % 2:
            app.step([key(pygame.K_RETURN)])
        else:
            app.step(click_at(visible_point(scene, index)))
        moves += 1
    assert scene.game.result() is not None


def test_tab_reaches_every_target_and_enter_applies_it() -> None:
    app, scene = _market_table(["human", "bot:random"], seed=2)
    assert scene.ui.legal == [m.Explore()]
    app.step([key(pygame.K_TAB)])
    assert scene.ui.targets[scene.ui.focus].action == m.Explore()
    app.step([key(pygame.K_RETURN)])
    assert scene.view.discovery, "Enter on Explore revealed a card"


def test_a_price_is_typed_at_the_table() -> None:
    app, scene = _market_table(["human", "bot:random", "bot:random"], seed=1)
    bots = [RandomBot(s) for s in range(3)]
    game = scene.game
    for _ in range(500):  # bots play every seat until the first seat prices with coins to spare
        view = game.view(0)
        if view.phase == "price" and 0 in game.to_act() and view.players[0].coins >= 3:
            break
        seat = game.to_act()[0]
        scene.session.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    else:
        pytest.fail("no pricing turn")
    scene.viewer = 0
    scene._refresh()
    slot = scene.renderer.price_slot
    assert slot is not None, "the first card is picked to price"
    app.step([key(pygame.K_3, unicode="3")])
    priced = next(s for s in scene.view.discovery if s.index == slot)
    assert priced.price == 3, "typing 3 put 3G on the picked card"
    app.step([key(pygame.K_MINUS, unicode="-")])
    assert next(s for s in scene.view.discovery if s.index == slot).price == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_over_to_banner_hides_no_other_seat_nor_the_cards_to_buy(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """'Over to Player 3 / to buy' covered the name line of the seat above for its seconds: it
    lies over the new viewer's own panel, under its name and life line."""
    from dungeon_table.ui import table as table_module
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = _market_table(["human"] * 4, seed=0, options={"professional": True}, size=size)
    bots = [RandomBot(s) for s in range(4)]
    for _ in range(400):
        if scene.notice is not None:
            break
        if isinstance(app.top, HandoffScene):
            app.top.reveal()
        seat = scene.viewer
        if seat in scene.game.to_act():
            scene.act(seat, bots[seat].choose(scene.game.view(seat), scene.game.legal_actions(seat)))
        app.step([])
    assert scene.notice is not None, "the table turned to another human without a screen"
    drawn: list[pygame.Rect] = []
    real = table_module.draw_banner
    monkeypatch.setattr(table_module, "draw_banner",
                        lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    app.request_redraw()
    app.step([])
    assert drawn, "the banner is drawn"
    banner = drawn[-1]
    geo = scene.renderer.geo(scene.view)
    own = geo.seats[scene.viewer]
    others = [sg.panel for seat, sg in geo.seats.items() if seat != scene.viewer]
    assert not any(banner.colliderect(panel) for panel in others)
    assert not banner.colliderect(geo.area) and not banner.colliderect(geo.controls)
    assert banner.colliderect(own.panel) and not banner.colliderect(own.track), \
        "over the viewer's own panel, its life bar clear (play-test)"
