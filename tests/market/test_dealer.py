"""The dealer, which plays the market expert's playouts on: the trader's market (its prices, worked
out once a turn, and its buys) on greedy's exploring, decision by decision along trader games."""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.core import registry
from dungeon_table.games.market import model as m
from dungeon_table.games.market.bot import BOTS, DealerBot, GreedyBot, TraderBot

SPEC = registry.get("market")


def decisions(seed: int, options: dict[str, Any]) -> Any:
    """(view, legal) at every decision with a choice of a four-player game between traders."""
    game = SPEC.new_game(["human"] * 4, seed, options)
    bots = [TraderBot(seed + s) for s in range(4)]
    while game.result() is None:
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if len(legal) > 1:
            yield view, legal
        game.apply(seat, bots[seat].choose(view, legal))


@pytest.mark.parametrize(("seed", "options"), [(4, {}), (12, {"professional": True})])
def test_the_dealer_trades_as_the_trader_and_explores_as_greedy(seed: int,
                                                                 options: dict[str, Any]) -> None:
    dealer, trader, greedy = DealerBot(1), TraderBot(1), GreedyBot(1)
    turn_targets: dict[tuple[int, int], dict[int, int]] = {}
    phases = set()
    for view, legal in decisions(seed, options):
        answer = dealer.choose(view, legal)
        assert answer in legal
        phases.add(view.phase)
        if view.phase == "explore":
            assert answer == greedy.choose(view, legal)
        elif view.phase == "price":
            # The trader's prices as they stood at the turn's first price decision, kept for
            # the turn (the trader works them out again at every one).
            targets = turn_targets.setdefault(
                (view.turn, view.active), trader.target_prices(view, trader.valuer(view)))
            assert answer == trader.next_price(view, legal, targets)
        elif view.phase in ("buy", "bid", "level", "auction", "defend"):
            assert answer == trader.choose(view, legal)
    assert {"explore", "price", "buy"} <= phases


def test_the_dealer_is_no_level_of_its_own() -> None:
    """It plays the expert's playouts on; a seat is never offered it."""
    assert "dealer" not in BOTS and "dealer" not in SPEC.bots
    assert DealerBot.plays_forced and issubclass(TraderBot, DealerBot)


def test_the_dealer_opens_the_market_once_its_prices_stand() -> None:
    dealer = DealerBot(3)
    seen = set()
    for view, legal in decisions(5, {}):
        if view.phase == "price" and m.OpenMarket() in legal:
            action = dealer.choose(view, legal)
            targets = dealer.turn_prices(view)
            at_target = all(s.price == targets.get(s.index, 0) for s in view.discovery)
            assert (action == m.OpenMarket()) == at_target
            seen.add(at_target)
        if len(seen) == 2 and view.turn > 6:
            break
    assert seen == {True, False}
