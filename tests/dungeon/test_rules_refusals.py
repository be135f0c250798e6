"""Dungeon! rules: an illegal action is refused with the rule it breaks, and nothing changes
(``refused`` compares the whole state before and after). The refusals that belong to one rule
are with that rule's tests; these are the general ones."""

from __future__ import annotations

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.games.dungeon.rules import Dungeon

from .rules_kit import ATTACK, END, act, cast, choose, move, picks, play, refused, teleport


def test_only_the_seat_to_act_may_act() -> None:
    game, _ = play([], heroes="fighter,rogue")
    assert refused(game, END, seat=1) == "seat 1 is not to act now (to act: [0])"


def test_an_action_of_another_phase_is_refused_with_what_may_be_done() -> None:
    game, _ = play([])
    assert refused(game, choose("rogue")) == (
        "choose_hero is not possible now: move, end the turn, or use what the hero holds")
    assert refused(game, cast("fireball")) == (
        "cast_spell is not possible now: move, end the turn, or use what the hero holds")


def test_a_move_between_spaces_that_do_not_touch_is_refused() -> None:
    game, _ = play([])
    assert refused(game, move("c29-15")) == "Great Hall and c29-15 are not connected"
    assert refused(game, move("nowhere")) == "there is no space 'nowhere'"


def test_a_move_other_than_the_offered_way_is_refused() -> None:
    # c30-15 -> c31-15 -> c30-15 ... reaches c29-15 in three, the offered way takes two
    game, _ = play([])
    reason = refused(game, move("c30-15", "c31-15", "c30-15", "c29-15"))
    assert reason == "a move to c29-15 goes the offered way: c30-15, c29-15"


def test_an_attack_with_no_monster_waiting_is_refused() -> None:
    game, _ = play([])
    assert refused(game, ATTACK) == "no monster waits in your space"


def test_a_waiting_monster_is_attacked_only_before_moving() -> None:
    # the rats wait in 1a after a miss; the hero steps out and back in: no attack now
    game, _ = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["giant_rats"],
                   dice=[1, 1, 1, 1])
    act(game, move("c28-15"))
    assert refused(game, ATTACK) == (
        "you attack a waiting monster only at the start of your turn, before moving")


def test_a_spell_not_in_the_book_is_refused() -> None:
    game, _ = play(picks(*["fireball"] * 7), heroes="wizard",
                   start=["1A"], dice=[1])
    assert refused(game, teleport("2A")) == "no teleport is left in your spellbook"


def test_nothing_is_played_once_the_game_is_over() -> None:
    game, _ = play([{"type": "time_up"}], mode="time_attack")
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="^the game is over$"):
        game.apply(0, Dungeon.decode_action(END))
    assert game.state_dict() == before and game.legal_actions(0) == []
