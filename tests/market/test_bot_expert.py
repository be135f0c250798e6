"""Which moves the market expert plays out beside the trader's (``bot_expert.root_candidates``):
not prices or defences, the bids nearest the trader's, every move where there are few."""

from __future__ import annotations

import random
from types import SimpleNamespace

from dungeon_table.ai.search_bot import Budget
from dungeon_table.core import registry
from dungeon_table.games.market import model as m
from dungeon_table.games.market.bot_expert import root_candidates


def candidates(phase: str, legal: list, prior) -> list:  # type: ignore[no-untyped-def]
    return root_candidates(SimpleNamespace(phase=phase), legal, prior, random.Random(1))


def test_prices_and_defences_are_the_trader_s_alone() -> None:
    prices = [m.SetPrice(slot=0, price=p) for p in range(30)] + [m.OpenMarket()]
    assert candidates("price", prices, m.SetPrice(slot=0, price=4)) == [m.SetPrice(slot=0,
                                                                                   price=4)]
    defences = [m.Guard(item="red_shield_1", attack="red"), m.Defend()]
    assert candidates("defend", defences, m.Defend()) == [m.Defend()]


def test_a_bid_is_compared_with_nothing_and_the_amounts_beside_it() -> None:
    bids = [m.Bid(amount=a) for a in range(21)]
    assert candidates("bid", bids, m.Bid(amount=6)) == [
        m.Bid(amount=6), m.Bid(amount=0), m.Bid(amount=5), m.Bid(amount=7), m.Bid(amount=8)]
    # A purse of 2: only the legal amounts.
    assert candidates("bid", bids[:3], m.Bid(amount=2)) == [
        m.Bid(amount=2), m.Bid(amount=0), m.Bid(amount=1)]


def test_exploring_on_and_stopping_are_left_to_the_search_s_own_candidates() -> None:
    # None: the search compares every legal action (a sample when there are many).
    assert candidates("explore", [m.Explore(), m.Stop()], m.Stop()) is None


def test_the_expert_sets_the_trader_s_price_without_a_playout() -> None:
    spec = registry.get("market")
    game = spec.new_game(["bot:best"] * 4, 3, {})
    trader = spec.make_bot("best", 0)
    while not (game.state.phase == "price" and len(game.legal_actions(game.to_act()[0])) > 1):
        seat = game.to_act()[0]
        game.apply(seat, trader.choose(game.view(seat), game.legal_actions(seat)))
    seat = game.to_act()[0]
    expert = spec.make_bot("expert", 5)
    expert.budget = Budget(iterations=40)
    chosen = expert.decide(game, seat)
    assert expert.last_iterations == 0
    assert chosen == trader.choose(game.view(seat), game.legal_actions(seat))
