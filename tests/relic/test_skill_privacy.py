"""Relic privacy: a discard skill (mend, advance, wild) looks the same to the other seats whether
its owner's hand held something for it or not. Hands are hidden (the rulings' Hidden
information); a skill whose target is in the hand must not tell the table whether it had one.

Each case plays two games that differ only in one card of seat 0's hand, one the skill could act
on and one it could not; seat 0 lets the skill pass in both. Seat 1 and a spectator must see the
same views and the same events at every step.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from dungeon_table.core.protocol import to_dict
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.rules import Relic

from .rules_kit import DONE, DUNGEON, END_PHASE, SKIP, discard, hand_of, script, set_dungeon

# Enemies and characters with no discard skill: nothing here is a target of mend or advance.
PLAIN = ["enemy_boulder_2", "enemy_colossus_2", "enemy_blades_1", "char_captain_1",
         "char_trickster_1", "enemy_golem_1"]
OTHER = "enemy_bats_1"  # what the hand holds instead of the target
FILL_1 = ["enemy_blades_2", "enemy_colossus_1", "char_lancer_2", "dungeon_vault_1",
          "dungeon_vault_2", "dungeon_bridge_2"]


def mend(card: str) -> dict[str, str]:
    return {"type": "mend", "card": card}


# case: (seat 0's cards besides the target, the target, the actions up to the skill). A dungeon
# card is set first where the dungeon phase needs one to be entered at all.
CASES: dict[str, tuple[list[str], str, list[dict[str, Any]]]] = {
    "a medic's mend": (["char_medic_1", "dungeon_gate_1"], "injury_cut_1",
                       [DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE,
                        discard("char_medic_1")]),
    "a mend dungeon card as it is set": (["dungeon_spring_1"], "injury_cut_1",
                                         [DUNGEON, set_dungeon("dungeon_spring_1")]),
    "a digger's advance": (["char_digger_1", "dungeon_gate_1"], "dungeon_stairs_1",
                           [DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE,
                            discard("char_digger_1")]),
    "a wild card on discard": (["char_prodigy_2", "dungeon_gate_1"], "injury_cut_1",
                               [DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE,
                                discard("char_prodigy_2")]),
    "a mend after its first injury": (["char_medic_1", "dungeon_gate_1", "injury_bruise_1"],
                                      "injury_cut_1",
                                      [DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE,
                                       discard("char_medic_1"), mend("injury_bruise_1")]),
}


def seen(game: Relic, seat: int | None, events: list[Any]) -> tuple[Any, list[dict[str, Any]]]:
    """What ``seat`` sees after a step: its view and the events it may see."""
    return (msgspec.to_builtins(game.view(seat)),
            [to_dict(e) for e in events if e.visible_to(seat)])


def let_pass(game: Relic) -> list[Any]:
    """Seat 0 lets every prompt waiting for it pass: one step per answer."""
    steps = []
    while game.phase == "prompt":
        answer = DONE if game.state.prompts[0].kind == "mend" else SKIP
        steps.append(game.apply(0, Relic.decode_action(answer)))
    return steps


def trace(cards: list[str], actions: list[dict[str, Any]]) -> list[Any]:
    """Seat 1's and a spectator's sight of every step: the actions, then seat 0 passing."""
    game, _ = script([], hands=[hand_of(cards, PLAIN), FILL_1])
    steps = [game.apply(0, Relic.decode_action(action)) for action in actions]
    steps += let_pass(game)
    assert game.state.active == 0, "still seat 0's turn"
    return [(seen(game, 1, events), seen(game, None, events)) for events in steps]


@pytest.mark.parametrize("case", list(CASES))
def test_the_other_seats_cannot_tell_a_skill_let_pass_from_one_with_nothing_to_act_on(
    case: str,
) -> None:
    before, target, actions = CASES[case]
    declined = trace([*before, target], actions)
    nothing = trace([*before, OTHER], actions)
    assert nothing == declined


def test_a_mend_with_nothing_to_mend_waits_for_its_owner_to_let_it_pass() -> None:
    """Mend discards "any number" of injuries (何枚でも): none is one of its answers. Its owner
    sees the prompt with Done alone, the table sees a mend let pass."""
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, discard("char_medic_1")],
                     hands=[hand_of(["char_medic_1", "dungeon_gate_1", OTHER], PLAIN), FILL_1])
    assert game.phase == "prompt" and game.view(1).prompt == m.PromptView(
        card="char_medic_1", skill="mend", kind="mend", queued=0)
    assert [to_dict(a) for a in game.legal_actions(0)] == [DONE]
    events = game.apply(0, m.Done())
    assert [to_dict(e) for e in events] == [{"type": "skill_passed", "seat": 0,
                                             "card": "char_medic_1", "skill": "mend",
                                             "reason": "skipped"}]
    assert game.phase == "end"


def test_a_skill_passes_by_itself_when_every_seat_can_see_it_has_nothing() -> None:
    """The last card of the hand discarded is a medic: an empty hand holds no injury, as every
    seat can see, and the mend passes with no prompt (`no_target`)."""
    rest = PLAIN[:4]
    game, events = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE,
                           *(discard(card) for card in rest), discard("char_medic_1")],
                          hands=[["char_medic_1", "dungeon_gate_1", *rest], FILL_1])
    assert game.player(0).hand == []
    assert [{k: v for k, v in e.items() if k not in ("action_index", "acting_seat")}
            for e in events][-1] == {"type": "skill_passed", "seat": 0, "card": "char_medic_1",
                                     "skill": "mend", "reason": "no_target"}
    assert game.phase == "end" and game.view(0).prompt is None
