"""The rule tests have teeth: none can pass trivially.

Two checks. Statically, no assertion in ``tests/lastdungeon`` compares an expression with itself or
asserts a constant, and every test asserts something. Dynamically, each rule below is broken on
purpose (monkeypatched) and the test named after it must then fail: a test that still passed would
not be testing its rule. (The audit found one that could not fail: the hero-scout test relied on a
helper that always crystallised, so "the phase is not repelled" held whatever the rules did.)
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from teeth_kit import (
    Mutant,
    assertions,
    check_the_rule_test_fails,
    mutant_cases,
    self_comparisons,
    static_problems,
)

from dungeon_table.games.lastdungeon import flow_payment, steps
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.rules import LastDungeon

from . import test_rules as rules
from . import test_undo as undo

HERE = Path(__file__).parent


# --- static: no self-comparison, no constant assertion, no test without an assertion ----------
@pytest.mark.parametrize("path", sorted(HERE.glob("test_*.py")), ids=lambda p: p.name)
def test_no_assertion_is_trivially_true(path: Path) -> None:
    assert static_problems(path, ()) == []


def test_the_static_check_catches_a_self_comparison() -> None:
    tree = ast.parse("assert game.round == game.round and x < y")
    assert self_comparisons(assertions(tree)[0].test) == ["game.round == game.round"]
    tree = ast.parse("assert run(11) == run(11)")           # a determinism check is fine
    assert self_comparisons(assertions(tree)[0].test) == []


# --- dynamic: break a rule, its test must fail ---------------------------------------------------
# The rules are functions over the game (``steps``, the phases' modules) and the phases' tables:
# a mutant patches the function or the table entry where the rule lives.
def _hero_can_be_scouted(mp: pytest.MonkeyPatch) -> None:
    real = steps.repel

    def repel(game: LastDungeon, walker, total, events):  # type: ignore[no-untyped-def]
        real(game, walker, total, events)
        if walker.card == "hero" and walker.side == "back" and game.phase == "actions":
            game.state.phase = "repelled"              # the flipped hero offered for scouting
    mp.setattr(steps, "repel", repel)


def _discard_flipped_as_it_lies(mp: pytest.MonkeyPatch) -> None:
    real = steps.draw

    def draw(game: LastDungeon, count: int, events):  # type: ignore[no-untyped-def]
        game.state.discard.reverse()                   # the last discarded ends on top
        return real(game, count, events)
    mp.setattr(steps, "draw", draw)


def _treasure_space_not_playable(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(LastDungeon, "free_spaces", lambda self: [
        s for s in range(self.state.position + 1, self.treasure) if s not in self.state.played])


def _stack_forgotten(mp: pytest.MonkeyPatch) -> None:
    real = steps.advance

    def advance(game: LastDungeon, walker, total, events):  # type: ignore[no-untyped-def]
        real(game, walker, total, events)
        walker.stacked_damage = 0
    mp.setattr(steps, "advance", advance)


def _expansion_reveals_nothing(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(m.Expanded, "REVEALS", False)


def _advance_event_ignored(mp: pytest.MonkeyPatch) -> None:
    real = steps.resolve_event

    def resolve(game: LastDungeon, card: str, events):  # type: ignore[no-untyped-def]
        before = game.state.position
        waiting = real(game, card, events)
        if game.cards.event(card).event.kind == "advance":
            game.state.position = before
        return waiting
    mp.setattr(steps, "resolve_event", resolve)


def _hero_beaten_once(mp: pytest.MonkeyPatch) -> None:
    real = steps.repel

    def repel(game: LastDungeon, walker, total, events):  # type: ignore[no-untyped-def]
        if walker.card == "hero":
            walker.side = "back"                       # the front counts as the back
        real(game, walker, total, events)
    mp.setattr(steps, "repel", repel)


def _overpay_refunded(mp: pytest.MonkeyPatch) -> None:
    moves = LastDungeon.phases["pay_crystals"].moves
    real = moves[m.Pay]

    def pay(game: LastDungeon, seat: int, action):  # type: ignore[no-untyped-def]
        events = real(game, seat, action)
        spent = [e for e in events if isinstance(e, m.CrystalsSpent)]
        if spent and spent[-1].lost:
            game.state.crystals.append(("change", spent[-1].lost))
        return events
    mp.setitem(moves, m.Pay, pay)  # type: ignore[arg-type]


def _cost_paid_by_the_card_itself(mp: pytest.MonkeyPatch) -> None:
    phase = LastDungeon.phases["actions"]
    real = phase.legal

    def legal(game: LastDungeon, seat: int):  # type: ignore[no-untyped-def]
        found = real(game, seat)
        hand = game.state.hand
        extra = [m.Play(card=c, space=s) for s in game.free_spaces() for c in hand
                 if game.cost_at(c, s) == len(hand) and m.Play(card=c, space=s) not in found]
        return [*extra, *found]
    mp.setitem(LastDungeon.phases, "actions", replace(phase, legal=legal))  # type: ignore[arg-type]


def _new_adventurer_at_the_entrance(mp: pytest.MonkeyPatch) -> None:
    real = steps.enter

    def enter(game: LastDungeon, card: str, events):  # type: ignore[no-untyped-def]
        game.state.position = 0
        real(game, card, events)
    mp.setattr(steps, "enter", enter)


def _deck_left_behind_by_a_retreat(mp: pytest.MonkeyPatch) -> None:
    """Only the adventurer retreats: the deck stays, and the next one enters where it is."""
    real_retreat, real_enter = flow_payment.WHEN_PAID["retreat"], steps.enter

    def retreat(game: LastDungeon, events):  # type: ignore[no-untyped-def]
        game.deck_at = game.state.position              # type: ignore[attr-defined]
        real_retreat(game, events)

    def enter(game: LastDungeon, card: str, events):  # type: ignore[no-untyped-def]
        game.state.position = getattr(game, "deck_at", game.state.position)
        real_enter(game, card, events)
    mp.setitem(flow_payment.WHEN_PAID, "retreat", retreat)
    mp.setattr(steps, "enter", enter)


def _discard_shuffled(mp: pytest.MonkeyPatch) -> None:
    real = steps.draw

    def draw(game: LastDungeon, count: int, events):  # type: ignore[no-untyped-def]
        game.state.discard.sort()                      # any reordering will do
        return real(game, count, events)
    mp.setattr(steps, "draw", draw)


MUTANTS: list[tuple[Callable[[pytest.MonkeyPatch], None], Callable[[], None]]] = [
    (_hero_can_be_scouted, rules.test_hero_cannot_be_scouted),
    (_discard_flipped_as_it_lies, rules.test_discard_pile_flips_without_shuffle),
    (_discard_shuffled, rules.test_discard_pile_flips_without_shuffle),
    (_treasure_space_not_playable, rules.test_treasure_space_counts_so_three_spaces_at_start),
    (_stack_forgotten, rules.test_stacked_damage_counts_again),
    (_expansion_reveals_nothing, undo.test_an_expansion_cannot_be_undone_as_it_shows_the_set_aside_room),
    (_advance_event_ignored,
     rules.test_event_advance_onto_the_treasure_loses_when_the_next_adventurer_enters),
    (_hero_beaten_once, rules.test_hero_flips_then_must_be_beaten_again),
    (_overpay_refunded, rules.test_overpaid_crystals_are_lost),
    (_cost_paid_by_the_card_itself, rules.test_cost_is_paid_only_with_other_hand_cards),
    (_new_adventurer_at_the_entrance, rules.test_next_adventurer_enters_where_the_last_stood),
    (_deck_left_behind_by_a_retreat, rules.test_retreat_moves_the_adventurer_deck_too),
]


@mutant_cases(MUTANTS)
def test_breaking_the_rule_fails_its_test(
    mutant: Mutant, rule_test: Callable[[], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_the_rule_test_fails(mutant, rule_test, monkeypatch)
