"""Torch's rules as its page states them (``torch/rules.md``), each set up with a stacked deck
through the script notation and checked to the exact state after. The kit's generic suites
(protocol, kit, renderer, rules page) play it as they play the app's games."""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.script import run_script


def play(deck: list[str], *actions: str) -> Any:
    """Torch after ``actions`` (their types, by whoever is to act) from a deck stacked so."""
    return run_script({"game": "torch", "seed": 1, "stack": {"deck": deck},
                       "actions": [{"type": a} for a in actions]})


def test_a_treasure_adds_its_gold_to_what_the_delver_carries() -> None:
    state = play(["purse_a"], "venture").game.state
    assert (state.haul, state.banked, state.torch, state.revealed) == (2, [0, 0], 4, ["purse_a"])


def test_a_monster_fought_burns_the_torch_down_by_its_danger() -> None:
    run = play(["ghoul"], "venture", "fight")
    state = run.game.state
    assert (state.torch, state.phase, state.monster, state.active) == (2, "turn", None, 0)
    assert run.events[-1]["type"] == "fought" and run.events[-1]["torch"] == 2


def test_only_a_torch_longer_than_the_danger_may_fight() -> None:
    game = play(["ogre", "dragon"], "venture", "fight", "venture").game  # the torch is 1
    assert [type(a).__name__ for a in game.legal_actions(0)] == ["Flee"]
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="too short"):
        game.apply(0, type(game).decode_action({"type": "fight"}))
    assert game.state_dict() == before


def test_fleeing_drops_the_gold_carried_and_ends_the_turn() -> None:
    state = play(["chest_a", "troll"], "venture", "venture", "flee").game.state
    assert (state.haul, state.banked, state.active, state.turn) == (0, [0, 0], 1, 2)
    assert state.revealed == [] and state.discard == ["chest_a", "troll"] and state.torch == 4


def test_banking_ends_the_turn_and_the_next_starts_with_a_new_torch() -> None:
    state = play(["bats_a", "crown"], "venture", "fight", "venture", "bank").game.state
    assert (state.banked, state.haul, state.active, state.torch) == ([4, 0], 0, 1, 4)


def test_there_is_nothing_to_bank_before_any_gold() -> None:
    game = play([]).game
    assert [type(a).__name__ for a in game.legal_actions(0)] == ["Venture"]


def test_the_first_to_bank_the_goal_wins() -> None:
    run = play(["crown", "chest_a", "chest_b"], "venture", "venture", "venture", "bank")
    result = run.game.result()
    assert result is not None and result.winners == [0] and run.game.state.banked == [10, 0]
    assert run.events[-1] == {"type": "game_ended", "winners": [0], "reason": "goal",
                              "action_index": 3, "acting_seat": 0}


def test_past_the_last_room_its_delver_banks_and_the_most_gold_wins() -> None:
    """Four turns of fleeing with gold, four of banking a little, six of fleeing at once, then
    seat 1 turns the last room: it banks it, and the two share the win at 4 gold each."""
    deck = ["crown", "bats_a", "chest_a", "bats_b", "chest_b", "rats", "purse_a", "slime_a",
            "purse_b", "purse_c", "coins_a", "coins_b", "slime_b", "ghoul", "troll", "wraith",
            "ogre", "dragon", "coins_c", "coins_d"]
    actions = [*["venture", "venture", "flee"] * 4, *["venture", "bank"] * 4,
               *["venture", "flee"] * 6, "venture", "bank", "venture"]
    run = play(deck, *actions)
    result = run.game.result()
    assert run.game.state.banked == [4, 4] and run.game.state.deck.cards == []
    assert result is not None and result.winners == [0, 1]
    assert [e["type"] for e in run.events[-2:]] == ["banked", "game_ended"]
    assert run.events[-1]["reason"] == "empty"
