"""The Last Dungeon bots: legal, deterministic by seed, and driven by the view alone."""

from __future__ import annotations

import pytest

from dungeon_table.core import registry
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.bot import GreedyBot, PlannerBot, crystals_to_pay, plans
from dungeon_table.games.lastdungeon.cards import load


def play_out(bot_name: str, seed: int) -> list[dict[str, object]]:
    spec = registry.get("lastdungeon")
    game, bot, chosen = spec.new_game(["bot"], seed), spec.make_bot(bot_name, seed), []
    while game.to_act():
        legal = game.legal_actions(0)
        action = bot.choose(game.view(0), legal)
        assert action in legal
        chosen.append(game.apply(0, action) and {"action": action})
    assert game.result() is not None
    return chosen


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_bot_plays_legal_actions_to_the_end_and_is_deterministic(name: str) -> None:
    assert play_out(name, 11) == play_out(name, 11)


def test_best_is_the_planner() -> None:
    spec = registry.get("lastdungeon")
    assert spec.best == "planner" and type(spec.make_bot("best", 1)).__name__ == "PlannerBot"


@pytest.mark.parametrize("bot", [GreedyBot, PlannerBot])
def test_each_bot_decides_each_phase_with_its_own_chooser(bot: type[GreedyBot]) -> None:
    """The planner inherits the greedy bot's table: a chooser it overrides must be in its own
    table too, or the greedy one would decide that phase."""
    assert set(bot.choosers) == {"actions", "pay_cost", "pay_crystals", "repelled",
                                 "event_discard"}
    for phase, chooser in bot.choosers.items():
        assert chooser is getattr(bot, f"_{phase}"), phase


def test_crystals_to_pay_overpays_least() -> None:
    crystals = [m.Crystal("a", 3), m.Crystal("b", 1), m.Crystal("c", 2)]
    assert crystals_to_pay(crystals, 2) == ["c"]
    assert crystals_to_pay(crystals, 4) == ["a", "b"]


def test_plans_respect_costs_paid_from_other_cards() -> None:
    from dungeon_table.games.lastdungeon.bot import Slot

    slots = [Slot(1, 0, 0, 0), Slot(2, 0, 0, 0)]
    found = plans(load(), ["d_golem", "d_slime"], slots)
    # the golem (cost 2) cannot be paid for by one other card
    assert all("d_golem" not in [c for c, _ in p.plays] for p in found)
    assert max(p.damage for p in found) == 1
