"""Relic rules, 3-4 players: two sets, enemies on any opponent's field, one of yours per field;
everything else unchanged."""

from __future__ import annotations

from typing import Any

from dungeon_table.games.relic.rules import Relic

from .rules_kit import (
    DOUBLE,
    DUNGEON,
    END_PHASE,
    END_TURN,
    FILL_0,
    FILL_1,
    act,
    discard,
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
    assert game.view(0).variant and len(game.state.deck) == 120 - 18
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
    assert game.view(3).variant and len(game.state.deck) == 120 - 24
    assert sorted(game.player(3).hand) == sorted(fill_3) and game.state.active == 0


# --- 4 players: where an enemy may go ------------------------------------------------------------
# Seat 2 reaches depth 2 in its first turn (a dungeon set, then three advances from discarded
# diggers; the 4th card forfeits its depth-1 search); seat 3 sets nothing (depth 0).
HANDS_4 = [
    ["dungeon_gate_1", "enemy_bats_1", "enemy_bats_2", "enemy_boulder_1", "dungeon_mural_2",
     "dungeon_pool_2"],
    ["dungeon_gate_2", "enemy_bats_1-b", "char_lancer_2", "dungeon_vault_1", "dungeon_vault_2",
     "dungeon_bridge_2"],
    ["dungeon_stairs_1", "dungeon_stairs_2", "dungeon_hall_1", "dungeon_well_2", "char_digger_1",
     "char_digger_2"],
    ["dungeon_cavern_2", "dungeon_mural_1", "dungeon_corridor_2", "dungeon_bridge_1",
     "enemy_golem_2", "enemy_blades_1"],
]
DRAWS_4 = ["dungeon_well_1", "char_digger_1-b", "dungeon_pool_1", "dungeon_shrine_1",  # round 1
           "dungeon_shrine_2", "dungeon_stairs_3", "dungeon_corridor_1-b", "dungeon_cavern_1-b",
           "dungeon_vault_1-b", "dungeon_vault_2-b",                                  # round 2
           "dungeon_bridge_2-b"]                                                      # round 3
ROUND_1 = [
    DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
    DUNGEON, set_dungeon("dungeon_gate_2"), END_PHASE, END_TURN,
    DUNGEON, set_dungeon("dungeon_stairs_1"), END_PHASE,
    discard("char_digger_1"), set_dungeon("dungeon_stairs_2"),
    discard("char_digger_2"), set_dungeon("dungeon_hall_1"),
    discard("char_digger_1-b"), set_dungeon("dungeon_well_2"), END_TURN,
    DOUBLE, discard("dungeon_pool_1"), discard("dungeon_shrine_1"), END_TURN,
]


def four_players(actions: list[dict[str, Any]]) -> Relic:
    game, _ = script([*ROUND_1, *actions], hands=HANDS_4, draws=DRAWS_4, players=4)
    return game


def test_four_players_the_dungeons_are_at_depth_one_one_two_and_zero() -> None:
    game = four_players([])
    assert [game.player(s).depth for s in range(4)] == [1, 1, 2, 0]
    assert seat_state(game, 2)["forfeited"] == [1] and game.player(2).hand == []
    assert game.state.active == 0 and game.state.turn == 5


def test_four_players_an_enemy_may_go_on_any_opponent_never_your_own() -> None:
    game = four_players([DUNGEON])
    assert game.enemy_targets(0, "enemy_bats_1") == [1, 2]
    refused(game, 0, set_enemy("enemy_bats_1", 0))  # never your own field
    refused(game, 0, set_enemy("enemy_bats_1", 3))  # depth 0 there: no level fits
    act(game, 0, set_enemy("enemy_bats_1", 2), END_PHASE, END_TURN)
    act(game, 1, DUNGEON)
    assert seat_state(game, 2)["enemies"] == [["enemy_bats_1", 0]]
    assert game.enemy_targets(1, "enemy_bats_1-b") == [0, 2]  # seat 0's enemy does not block
    act(game, 1, set_enemy("enemy_bats_1-b", 0))
    assert seat_state(game, 0)["enemies"] == [["enemy_bats_1-b", 1]]
    assert [seat_state(game, s)["enemies"] for s in (1, 3)] == [[], []]


def test_four_players_each_target_field_checks_its_own_depth_and_your_enemy_there() -> None:
    game = four_players([DUNGEON])
    assert game.enemy_targets(0, "enemy_boulder_1") == [2]  # level 2: only seat 2 is at depth 2
    refused(game, 0, set_enemy("enemy_boulder_1", 1))
    act(game, 0, set_enemy("enemy_boulder_1", 2), END_PHASE, END_TURN)
    act(game, 1, DUNGEON, set_enemy("enemy_bats_1-b", 2), END_PHASE, END_TURN)
    assert seat_state(game, 2)["enemies"] == [["enemy_boulder_1", 0], ["enemy_bats_1-b", 1]]
    assert not game.can_set_dungeon(2) and game.can_set_dungeon(0) and game.can_set_dungeon(1)
    act(game, 2, DOUBLE, END_TURN)
    act(game, 3, DOUBLE, discard("dungeon_vault_1-b"), discard("dungeon_vault_2-b"), END_TURN)
    act(game, 0, DUNGEON)
    # seat 2 already holds one of seat 0's enemies; seat 3 is still at depth 0
    assert game.enemy_targets(0, "enemy_bats_1") == [1]
    refused(game, 0, set_enemy("enemy_bats_2", 2))
    act(game, 0, set_enemy("enemy_bats_1", 1))
    assert [seat_state(game, s)["enemies"] for s in range(4)] == [
        [], [["enemy_bats_1", 0]], [["enemy_boulder_1", 0], ["enemy_bats_1-b", 1]], []]
    assert sorted(game.player(0).hand) == sorted(
        ["enemy_bats_2", "dungeon_mural_2", "dungeon_pool_2", "dungeon_shrine_2",
         "dungeon_bridge_2-b"])


def test_three_players_only_the_tied_highest_draw_again_and_turns_follow_the_first() -> None:
    # round 1: 6, 1, 6 - seats 0 and 2 draw again; round 2: 4 against 6 - seat 2 starts
    first = ["dungeon_hall_2", "dungeon_gate_1", "dungeon_mural_2", "dungeon_gate_2",
             "dungeon_shrine_1"]
    game, _ = script([DOUBLE, discard("enemy_boulder_2"), END_TURN],
                     hands=[FILL_0, FILL_1, FILL_2], players=3, first=first,
                     draws=["dungeon_pool_1", "dungeon_shrine_2"])
    assert game.view(1).first_draw == [["dungeon_hall_2", "dungeon_gate_1", "dungeon_mural_2"],
                                       ["dungeon_gate_2", "", "dungeon_shrine_1"]]
    assert game.state.first == 2
    # the deal and the turns go 2, 0, 1: seat 2 was dealt first and played first
    assert [sorted(game.player(s).hand) for s in (0, 1)] == [
        sorted([*FILL_1, "dungeon_shrine_2"]), sorted(FILL_2)]
    assert sorted(game.player(2).hand) == sorted([*FILL_0[1:], "dungeon_pool_1"])
    assert game.state.active == 0
