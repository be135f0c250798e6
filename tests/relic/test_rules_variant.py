"""Relic rules, 3-4 players: two sets, enemies on any opponent's field, one of yours per field;
everything else unchanged."""

from __future__ import annotations

from .rules_kit import (
    DUNGEON,
    END_PHASE,
    END_TURN,
    FILL_0,
    FILL_1,
    act,
    hand_of,
    refused,
    script,
    seat_state,
    set_dungeon,
    set_enemy,
)

FILL_2 = ["enemy_golem_2", "enemy_blades_1", "char_trickster_2", "dungeon_cavern_2",
          "dungeon_well_2", "dungeon_mural_1"]


def test_three_players_use_two_sets_and_deal_six_each() -> None:
    game, _ = script([], hands=[FILL_0, FILL_1, FILL_2], players=3)
    assert game.view(0).variant and len(game.deck) == 120 - 18
    assert [len(game.player(s).hand) for s in range(3)] == [6, 6, 6]


def test_an_enemy_may_go_on_any_opponent_but_one_of_yours_per_field() -> None:
    hands = [hand_of(["dungeon_gate_1", "enemy_bats_1", "enemy_bats_2"], FILL_0),
             hand_of(["dungeon_gate_2"], FILL_1), hand_of(["dungeon_stairs_2"], FILL_2)]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_gate_2"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_stairs_2"), END_PHASE, END_TURN, DUNGEON],
                     hands=hands, players=3,
                     draws=["injury_cut_1", "injury_bruise_1", "injury_sprain_1"])
    assert game.enemy_targets(0, "enemy_bats_1") == [1, 2]
    act(game, 0, set_enemy("enemy_bats_1", 2))
    assert seat_state(game, 2)["enemies"] == [["enemy_bats_1", 0]]
    assert game.enemy_targets(0, "enemy_bats_2") == [1]  # seat 2 already holds one of seat 0's
    refused(game, 0, set_enemy("enemy_bats_2", 1))  # still one enemy set a turn
    refused(game, 0, set_enemy("enemy_bats_2", 0))  # never on your own field


def test_four_players_deal_six_each_from_two_sets() -> None:
    fill_3 = ["enemy_golem_1", "enemy_boulder_1", "char_medic_1", "dungeon_cavern_1",
              "dungeon_well_1", "dungeon_spring_1"]
    game, _ = script([], hands=[FILL_0, FILL_1, FILL_2, fill_3], players=4)
    assert game.view(3).variant and len(game.deck) == 120 - 24
    assert sorted(game.player(3).hand) == sorted(fill_3) and game.active == 0
