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
def _hero_can_be_scouted(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._repel

    def repel(self: LastDungeon, walker, total, events):  # type: ignore[no-untyped-def]
        real(self, walker, total, events)
        if walker.card == "hero" and walker.side == "back" and self.phase == "actions":
            self.phase = "repelled"                    # the flipped hero offered for scouting
    mp.setattr(LastDungeon, "_repel", repel)


def _discard_flipped_as_it_lies(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._draw

    def draw(self: LastDungeon, count: int, events):  # type: ignore[no-untyped-def]
        self.discard.reverse()                         # the last discarded ends on top
        return real(self, count, events)
    mp.setattr(LastDungeon, "_draw", draw)


def _treasure_space_not_playable(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(LastDungeon, "free_spaces", lambda self: [
        s for s in range(self.position + 1, self.treasure) if s not in self.played])


def _stack_forgotten(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._advance

    def advance(self: LastDungeon, walker, total, events):  # type: ignore[no-untyped-def]
        real(self, walker, total, events)
        walker.stacked_damage = 0
    mp.setattr(LastDungeon, "_advance", advance)


def _expansion_reveals_nothing(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(m.Expanded, "REVEALS", False)


def _advance_event_ignored(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._resolve_event

    def resolve(self: LastDungeon, card: str, events):  # type: ignore[no-untyped-def]
        before = self.position
        waiting = real(self, card, events)
        if self.cards.event(card).event.kind == "advance":
            self.position = before
        return waiting
    mp.setattr(LastDungeon, "_resolve_event", resolve)


def _hero_beaten_once(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._repel

    def repel(self: LastDungeon, walker, total, events):  # type: ignore[no-untyped-def]
        if walker.card == "hero":
            walker.side = "back"                       # the front counts as the back
        real(self, walker, total, events)
    mp.setattr(LastDungeon, "_repel", repel)


def _overpay_refunded(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._do_pay

    def pay(self: LastDungeon, action, events):  # type: ignore[no-untyped-def]
        real(self, action, events)
        spent = [e for e in events if isinstance(e, m.CrystalsSpent)]
        if spent and spent[-1].lost:
            self.crystals.append(("change", spent[-1].lost))
    mp.setattr(LastDungeon, "_do_pay", pay)


def _cost_paid_by_the_card_itself(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._legal_actions

    def legal(self: LastDungeon):  # type: ignore[no-untyped-def]
        found = real(self)
        extra = [m.Play(card=c, space=s) for s in self.free_spaces() for c in self.hand
                 if self.cost_at(c, s) == len(self.hand) and m.Play(card=c, space=s) not in found]
        return [*extra, *found]
    mp.setattr(LastDungeon, "_legal_actions", legal)


def _new_adventurer_at_the_entrance(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._enter

    def enter(self: LastDungeon, card: str, events):  # type: ignore[no-untyped-def]
        self.position = 0
        real(self, card, events)
    mp.setattr(LastDungeon, "_enter", enter)


def _deck_left_behind_by_a_retreat(mp: pytest.MonkeyPatch) -> None:
    """Only the adventurer retreats: the deck stays, and the next one enters where it is."""
    real_retreat, real_enter = LastDungeon._paid_retreat, LastDungeon._enter

    def retreat(self: LastDungeon, events):  # type: ignore[no-untyped-def]
        self.deck_at = self.position                    # type: ignore[attr-defined]
        real_retreat(self, events)

    def enter(self: LastDungeon, card: str, events):  # type: ignore[no-untyped-def]
        self.position = getattr(self, "deck_at", self.position)
        real_enter(self, card, events)
    mp.setattr(LastDungeon, "_paid_retreat", retreat)
    mp.setattr(LastDungeon, "_enter", enter)


def _discard_shuffled(mp: pytest.MonkeyPatch) -> None:
    real = LastDungeon._draw

    def draw(self: LastDungeon, count: int, events):  # type: ignore[no-untyped-def]
        self.discard.sort()                            # any reordering will do
        return real(self, count, events)
    mp.setattr(LastDungeon, "_draw", draw)


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
