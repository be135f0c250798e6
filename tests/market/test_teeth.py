"""The Dungeon Market rule tests have teeth: none can pass trivially.

Statically, no assertion in the rule and property tests compares an expression with itself or
asserts a constant, and every test asserts something. Dynamically, each rule below is broken on
purpose (monkeypatched) and the test named after it must then fail: a test that still passed
would not be testing its rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from teeth_kit import Mutant, check_the_rule_test_fails, mutant_cases, static_problems

from dungeon_table.games.market import defence, scoring, views
from dungeon_table.games.market import flow_explore as explore_flow
from dungeon_table.games.market import flow_jobs as jobs_flow
from dungeon_table.games.market import flow_market as market_flow
from dungeon_table.games.market import flow_turn as turn
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase

from . import test_rules_burst as burst
from . import test_rules_chests as chests
from . import test_rules_defence as defend
from . import test_rules_explore as explore
from . import test_rules_hidden as hidden
from . import test_rules_jobs as jobs
from . import test_rules_market as market
from . import test_rules_professional as professional
from . import test_rules_scoring as score

HERE = Path(__file__).parent
MINE = sorted([*HERE.glob("test_rules_*.py"), HERE / "test_properties.py", Path(__file__)])


# --- static: no self-comparison, no constant assertion, no test without an assertion ----------
@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name)
def test_no_assertion_is_trivially_true(path: Path) -> None:
    assert static_problems(path, ("check_hidden", "finish")) == []


# --- dynamic: break a rule, its test must fail ---------------------------------------------------
def _pair_turns_sideways(mp: pytest.MonkeyPatch) -> None:
    real = defence._uses

    def uses(*args: object) -> Iterator[m.Use]:
        for use in real(*args):  # type: ignore[arg-type]
            yield m.Use(item=use.item, attack=use.attack, reduced=use.reduced, used=True,
                        killed=use.killed)
    mp.setattr(defence, "_uses", uses)


def _active_takes_no_extra(mp: pytest.MonkeyPatch) -> None:
    real = MarketBase.outcome

    def outcome(self: MarketBase, seat: int, chosen: list[tuple[str, str]]) -> defence.Outcome:
        found = real(self, seat, chosen)
        return dataclasses.replace(found, damage=found.damage - found.extra, extra=0)
    mp.setattr(MarketBase, "outcome", outcome)


def _ties_from_seat_0(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(MarketBase, "clockwise_from", lambda self, seat: list(range(self.n)))


def _ties_anticlockwise(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(MarketBase, "clockwise_from",
               lambda self, seat: [(seat - k) % self.n for k in range(self.n)])


def _ghost_forces_nothing(mp: pytest.MonkeyPatch) -> None:
    real = explore_flow.after_reveal

    def after(game: MarketBase, *args: object, **kwargs: object) -> None:
        real(game, *args, **kwargs)  # type: ignore[arg-type]
        game.state.must_explore = False
    mp.setattr(explore_flow, "after_reveal", after)


def _gems_burst(mp: pytest.MonkeyPatch) -> None:
    real = explore_flow.burst_slots

    def slots(game: MarketBase, slot: int) -> list[int]:
        gems = [i for i, s in game.slots() if game.kind(s.card) == "gem" and not s.chest]
        if slot in gems and len(gems) == 2:
            return gems
        return real(game, slot)
    mp.setattr(explore_flow, "burst_slots", slots)


def _buy_order_anticlockwise(mp: pytest.MonkeyPatch) -> None:
    real = MarketBase.buy_order
    mp.setattr(MarketBase, "buy_order", lambda self: list(reversed(real(self))))


def _unpriced_costs_4(mp: pytest.MonkeyPatch) -> None:
    real = market_flow.cost_for
    mp.setattr(market_flow, "cost_for",
               lambda game, seat, slot: real(game, seat, slot) - (0 if slot.price else 1))


def _chest_card_shown_to_all(mp: pytest.MonkeyPatch) -> None:
    real = views._discovery
    mp.setattr(views, "_discovery", lambda game, seat: real(game, game.state.active))


def _peek_for_everyone(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(MarketBase, "peek_card", lambda self, seat: self.state.deck.top or "")


def _exp_keeps_the_attackers(mp: pytest.MonkeyPatch) -> None:
    real = jobs_flow.gain_exp

    def gain(game: MarketBase, revealed: int, events: list) -> None:  # type: ignore[type-arg]
        burst = game.state.burst if game.state.phase == "defend" else None
        real(game, revealed + (len(burst.slots) if burst else 0), events)
    mp.setattr(jobs_flow, "gain_exp", gain)


def _scout_forgets_the_top_it_saw(mp: pytest.MonkeyPatch) -> None:
    real = jobs_flow.offer_peek

    def offer(game: MarketBase, events: list) -> None:  # type: ignore[type-arg]
        real(game, events)
        game.state.top_seen_by = None
    mp.setattr(jobs_flow, "offer_peek", offer)


def _three_tied_keep_their_rank(mp: pytest.MonkeyPatch) -> None:
    real = scoring._tied_points

    def tied(points: list[int], rank: int, count: int) -> int:
        return points[rank] if count == 3 else real(points, rank, count)
    mp.setattr(scoring, "_tied_points", tied)
    # the life rank's memo would answer with the real rule's points: the mutant runs unmemoized
    mp.setattr(scoring, "_life_rank_points", scoring._life_rank_points.__wrapped__)


def _job_bonus_inside_the_cap(mp: pytest.MonkeyPatch) -> None:
    real = MarketBase.reveal_limit
    mp.setattr(MarketBase, "reveal_limit", lambda self, seat: min(real(self, seat), 7))


def _heal_past_the_start(mp: pytest.MonkeyPatch) -> None:
    def heal(game: MarketBase, seat: int, events: list) -> None:  # type: ignore[type-arg]
        player = game.state.players[seat]
        amount = game.amount(seat, "heal")
        if amount:
            player.life += amount
            events.append(m.HealedByJob(seat=seat, job="cleric", amount=amount, life=player.life))
    mp.setattr(jobs_flow, "heal", heal)


def _forced_buy_discards(mp: pytest.MonkeyPatch) -> None:
    def close(game: MarketBase, events: list) -> None:  # type: ignore[type-arg]
        for index, slot in game.slots():
            game.state.area[index] = None
            game.state.players[game.state.active].coins += slot.price  # coins back, discarded
            game.state.discard.append(slot.card)
        turn.finish_turn(game, events)
    mp.setattr(market_flow, "close_market", close)


MUTANTS: list[tuple[Callable[[pytest.MonkeyPatch], None], Callable[[], None]]] = [
    (_pair_turns_sideways, defend.test_gauntlet_pair_reduces_two_and_stays_unused),
    (_active_takes_no_extra, burst.test_the_active_player_takes_one_more),
    (_active_takes_no_extra, defend.test_the_active_player_takes_one_that_nothing_reduces),
    (_ties_from_seat_0, burst.test_deposit_remainder_tie_goes_to_the_active_player),
    (_ties_anticlockwise,
     professional.test_tied_highest_bids_go_clockwise_from_the_active_player),
    (_ties_anticlockwise,
     burst.test_deposit_remainder_tie_then_goes_clockwise_from_the_active_player),
    (_ghost_forces_nothing, explore.test_forced_re_explore_after_a_ghost),
    (_gems_burst, explore.test_gems_never_burst),
    (_buy_order_anticlockwise,
     market.test_buy_order_four_players_starts_left_of_the_active_player),
    (_unpriced_costs_4, market.test_unpriced_buy_costs_5g_to_the_deposit),
    (_chest_card_shown_to_all, chests.test_chest_the_active_player_alone_sees_the_hidden_card),
    (_peek_for_everyone, hidden.test_a_scout_keeps_knowing_the_top_card_it_saw_once_it_stops),
    (_chest_card_shown_to_all,
     hidden.test_a_chest_card_is_dealt_anew_for_all_but_the_active_player_and_never_a_ghost),
    (_scout_forgets_the_top_it_saw,
     hidden.test_a_scout_keeps_knowing_the_top_card_it_saw_once_it_stops),
    (_exp_keeps_the_attackers, professional.test_exp_is_the_revealed_cards_minus_the_attackers),
    (_three_tied_keep_their_rank,
     score.test_life_rank_three_tied_take_the_next_rank_points_and_share_the_win),
    (_job_bonus_inside_the_cap,
     professional.test_reveal_limit_is_capped_at_seven_before_job_bonuses),
    (_heal_past_the_start, jobs.test_heal_never_above_the_starting_life),
    (_forced_buy_discards,
     market.test_priced_leftovers_are_bought_by_the_active_player_into_the_deposit),
]


@mutant_cases(MUTANTS)
def test_breaking_the_rule_fails_its_test(
    mutant: Mutant, rule_test: Callable[[], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_the_rule_test_fails(mutant, rule_test, monkeypatch)
