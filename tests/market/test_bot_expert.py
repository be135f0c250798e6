"""Which moves the market expert plays out beside the trader's (``bot_expert.root_candidates``):
not defences, prices as whole plans beside the trader's, the bids nearest the trader's, every
move where there are few; and how the expert plays a plan it chose."""

from __future__ import annotations

import random
from types import SimpleNamespace

from dungeon_table.ai.search_bot import Budget, Plan, SearchBot, SeatKnowledge, play_first
from dungeon_table.core import registry
from dungeon_table.core.protocol import Game
from dungeon_table.games.market import model as m
from dungeon_table.games.market.bot_expert import root_candidates


def candidates(phase: str, legal: list, prior) -> list:  # type: ignore[no-untyped-def]
    return root_candidates(SimpleNamespace(phase=phase), legal, prior, random.Random(1))


def test_defences_are_the_trader_s_alone() -> None:
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


def pricing(seed: int) -> tuple[Game, int]:
    """A game between trader bots at its first price decision with a choice."""
    spec = registry.get("market")
    game = spec.new_game(["bot:best"] * 4, seed, {})
    trader = spec.make_bot("best", 0)
    while not (game.state.phase == "price" and len(game.legal_actions(game.to_act()[0])) > 1):
        seat = game.to_act()[0]
        game.apply(seat, trader.choose(game.view(seat), game.legal_actions(seat)))
    return game, game.to_act()[0]


def test_prices_are_compared_as_plans_the_trader_s_first() -> None:
    game, seat = pricing(3)
    view, legal = game.view(seat), game.legal_actions(seat)
    trader = registry.get("market").make_bot("best", 0)
    prior = trader.choose(view, legal)
    plans = root_candidates(view, legal, prior, random.Random(1))
    assert plans is not None and 2 <= len(plans) <= 5
    assert all(isinstance(plan, Plan) for plan in plans) and len(set(plans)) == len(plans)
    assert plans[0].steps[0] == prior  # the trader's own prices, in the order it sets them
    purse = view.players[seat].coins + sum(slot.price for slot in view.discovery)
    for plan in plans:
        assert plan.steps[0] in legal and plan.steps[-1] == m.OpenMarket()
        *prices, _ = plan.steps
        assert all(isinstance(step, m.SetPrice) for step in prices)
        set_to = {s.index: s.price for s in view.discovery} | {p.slot: p.price for p in prices}
        assert sum(set_to.values()) <= purse
        # Played as a playout's root move: the market opens at the plan's prices.
        world = game.clone()
        play_first(world, seat, plan)
        assert world.state.phase == "buy"
        assert all(world.state.area[step.slot].price == step.price for step in prices)


def test_a_plan_stops_at_its_first_step_the_rules_would_refuse() -> None:
    game, seat = pricing(3)
    first = game.legal_actions(seat)[0]
    world = game.clone()
    play_first(world, seat, Plan((first, m.Buy(slot=0), m.OpenMarket())))
    expected = game.clone()
    expected.apply(seat, first)
    assert world.view(seat) == expected.view(seat)


class Overruling(SearchBot):
    """The expert, its verdict always the second candidate: a plan played by a bot that chose it."""

    @staticmethod
    def _verdict(arms):  # type: ignore[no-untyped-def, override]
        return arms[1].action


def overruling(seed: int) -> SearchBot:
    made = registry.get("market").make_bot("expert", seed)
    return Overruling(seed, made.rollout, 4, Budget(iterations=30), guide=made.guide,
                      leaf=made.leaf, candidates=made.candidates)


def test_a_chosen_plan_s_steps_are_played_unsearched_while_the_game_is_where_it_left_them() -> None:
    game, seat = pricing(3)
    bot = overruling(5)
    first = bot.decide(game, seat)
    plan = bot.last_totals[1][0]
    assert bot.last_overruled and isinstance(plan, Plan) and first == plan.steps[0]
    played = [first]
    game.apply(seat, first)
    while game.state.phase == "price":
        step = bot.decide(game, seat)
        assert bot.last_iterations == 0
        played.append(step)
        game.apply(seat, step)
    assert tuple(played) == plan.steps


def test_a_plan_is_dropped_when_the_game_is_elsewhere() -> None:
    game, seat = pricing(3)
    bot = overruling(5)
    before = game.clone()
    bot.decide(game, seat)
    plan = bot.last_totals[1][0]
    # An undo: the same decision asked again, before the plan's first step was played.
    again = bot.decide(before, seat)
    assert bot.last_iterations > 0 and again in SeatKnowledge(before, seat).legal()
    assert isinstance(plan, Plan)
