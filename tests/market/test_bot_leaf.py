"""The market expert's judgement of a playout cut short (``bot_leaf``): the lead in points over
the best other player, squashed into (0, 1)."""

from __future__ import annotations

import math

from dungeon_table.core import registry
from dungeon_table.games.market.bot import DealerBot
from dungeon_table.games.market.bot_leaf import LEAD_POINTS, leaf_value


class Points:
    """A world reduced to what the leaf reads: the points were the game to end now."""

    def __init__(self, *points: float) -> None:
        self.points = list(points)

    def standing(self) -> list[float]:
        return self.points


def test_the_lead_over_the_best_rival_is_what_counts() -> None:
    world = Points(10, 8, 12, 3)
    assert leaf_value(world, 2) == 1 / (1 + math.exp(-2 / LEAD_POINTS))   # 12 against 10
    assert leaf_value(world, 0) == 1 / (1 + math.exp(2 / LEAD_POINTS))    # 10 against 12
    assert leaf_value(world, 3) == 1 / (1 + math.exp(9 / LEAD_POINTS))


def test_level_with_the_best_rival_is_even_and_a_point_more_always_counts() -> None:
    assert leaf_value(Points(7, 7, 1), 0) == 0.5
    # The same ranks, a point more: the standing share could not tell these apart.
    assert leaf_value(Points(11, 8, 12, 3), 0) > leaf_value(Points(10, 8, 12, 3), 0)


def test_the_market_expert_judges_playouts_cut_short_by_it() -> None:
    bot = registry.get("market").make_bot("expert", 1)
    assert bot.leaf is leaf_value


def test_the_market_expert_plays_its_playouts_on_with_dealer_bots() -> None:
    """Random rollouts misjudged exploring on and the market, greedy ones the market (greedy wins
    0.2 % of games against three traders: docs/performance.md, "The expert"); dealer bots, the
    trader's prices and deals on greedy's exploring, play them on."""
    bot = registry.get("market").make_bot("expert", 1)
    assert bot.rollout is DealerBot
