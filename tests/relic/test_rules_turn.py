"""Relic rules: setup, the draw, the three play choices, the dungeon set and enemy set, the
end phase, and refusals. Each test is written from the rulings and the Japanese source."""

from __future__ import annotations

from dungeon_table.core.protocol import to_dict

from .rules_kit import (
    DOUBLE,
    DUNGEON,
    END_PHASE,
    END_TURN,
    FILL_0,
    FILL_1,
    act,
    battle,
    discard,
    hand_of,
    legal,
    of_type,
    refused,
    rounds,
    script,
    seat_state,
    set_dungeon,
    set_enemy,
)


# --- setup --------------------------------------------------------------------------------------
def test_setup_deals_six_cards_each_alternately_from_the_top() -> None:
    hands = [FILL_0, FILL_1]
    game, events = script([], hands=hands)
    assert sorted(game.player(0).hand) == sorted(FILL_0)
    assert sorted(game.player(1).hand) == sorted(FILL_1)
    dealt = [e["seat"] for e in of_type(events, "drew") if e.get("reason") == "deal"]
    assert dealt in ([], [0, 1] * 6)  # the deal goes alternately when it is logged
    assert len(game.state.deck) == 60 - 12


def test_the_first_player_skips_the_draw_on_its_first_turn_only() -> None:
    game, _ = script([], hands=[FILL_0, FILL_1], draws=["dungeon_gate_1", "dungeon_gate_2"])
    assert len(game.player(0).hand) == 6 and game.state.active == 0  # no draw for seat 0 at turn 1
    act(game, 0, DUNGEON, set_dungeon("dungeon_pool_2"), END_PHASE, END_TURN)
    assert "dungeon_gate_1" in game.player(1).hand and len(game.player(1).hand) == 7
    act(game, 1, DUNGEON, set_dungeon("dungeon_vault_1"), END_PHASE, END_TURN)
    assert "dungeon_gate_2" in game.player(0).hand and len(game.player(0).hand) == 6


def test_a_tied_first_draw_is_drawn_again_and_the_higher_face_starts() -> None:
    # faces 3 and 3 tie; then 1 against 6: seat 1 starts
    game, _ = script([], first=["dungeon_hall_1", "dungeon_well_1", "dungeon_gate_1",
                                "dungeon_hall_2"])
    assert game.state.first == 1 and game.state.active == 1
    assert game.view(0).first_draw == [["dungeon_hall_1", "dungeon_well_1"],
                                       ["dungeon_gate_1", "dungeon_hall_2"]]



def test_the_first_player_draw_goes_back_into_the_deck() -> None:
    # seat 0 turns dungeon_hall_2 (6), seat 1 dungeon_gate_1 (1); both go back, so the deal that
    # follows may hand them out (a stacked deal names only cards that are in the deck)
    hands = [hand_of(["dungeon_gate_1"], FILL_0), hand_of(["dungeon_hall_2"], FILL_1)]
    game, _ = script([], hands=hands)
    setup = [to_dict(e) for e in game.setup_events]
    assert setup[:2] == [
        {"type": "first_player_draw", "cards": ["dungeon_hall_2", "dungeon_gate_1"],
         "faces": [6, 1], "round": 1},
        {"type": "first_player", "seat": 0}]
    assert game.player(0).hand == hands[0] and game.player(1).hand == hands[1]
    assert len(game.state.deck) == 60 - 12 and game.state.discard == []
    everything = [*game.state.deck.cards, *game.player(0).hand, *game.player(1).hand]
    assert sorted(everything) == sorted(c.id for c in game.cards.cards)


def test_the_deck_is_shuffled_again_after_the_first_player_draw() -> None:
    # Put back on top without a shuffle, the second card drawn (dungeon_gate_1) would be the
    # first dealt, to the first player, in every game; shuffled, it is one card in sixty.
    firsts = [script([], seed=seed)[0].player(0).hand[0] for seed in range(1, 9)]
    assert firsts.count("dungeon_gate_1") <= 1
    assert len(set(firsts)) >= 6


def test_an_x_face_counts_zero_in_the_first_player_draw() -> None:
    game, _ = script([], first=["dungeon_collapse_1", "dungeon_gate_1"])  # X against 1
    assert game.state.first == 1 and [to_dict(e) for e in game.setup_events][0]["faces"] == [0, 1]


def test_the_deal_starts_with_the_first_player() -> None:
    # seat 1 turns the 6 and starts: the stack's first card, and every other one, goes to seat 1
    game, _ = script([], hands=[FILL_1, FILL_0], first=["dungeon_gate_1", "dungeon_hall_2"])
    assert game.state.first == 1 and game.state.active == 1
    assert game.player(1).hand == FILL_1 and game.player(0).hand == FILL_0
    assert len(game.player(1).hand) == 6  # the first player's first turn has no draw

# --- the three play choices ---------------------------------------------------------------------
def test_double_draw_draws_one_card_and_nothing_else_may_be_played() -> None:
    hands = [hand_of(["dungeon_gate_1"], FILL_0), FILL_1]
    game, _ = script([DOUBLE], hands=hands, draws=["dungeon_well_1"])
    assert "dungeon_well_1" in game.player(0).hand and len(game.player(0).hand) == 7
    refused(game, 0, set_dungeon("dungeon_gate_1"))
    refused(game, 0, DUNGEON)
    assert game.phase == "end"
    act(game, 0, discard("dungeon_gate_1"), END_TURN)
    assert seat_state(game, 0)["dungeon"] == [] and game.state.active == 1


def test_only_one_play_choice_a_turn() -> None:
    hands = [hand_of(["dungeon_gate_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON], hands=hands)
    refused(game, 0, DOUBLE)
    refused(game, 0, battle("enemy_bats_1"))


# --- dungeon set --------------------------------------------------------------------------------
def test_a_dungeon_set_is_once_a_turn_and_depth_follows_the_count() -> None:
    hands = [hand_of(["dungeon_gate_1", "dungeon_stairs_1"], FILL_0), FILL_1]
    game, events = script([DUNGEON, set_dungeon("dungeon_gate_1")], hands=hands)
    assert seat_state(game, 0)["dungeon"] == ["dungeon_gate_1"] and game.player(0).depth == 1
    assert of_type(events, "dungeon_set")[0]["count"] == 1
    refused(game, 0, set_dungeon("dungeon_stairs_1"))
    assert [len(game.player(0).dungeon)] == [1]


def test_no_dungeon_set_while_an_enemy_is_on_your_field() -> None:
    hands = [hand_of(["dungeon_gate_1", "dungeon_stairs_1"], FILL_0),
             hand_of(["dungeon_gate_2", "enemy_bats_1"], FILL_1)]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_gate_2"), set_enemy("enemy_bats_1", 0),
                      END_PHASE, END_TURN], hands=hands, draws=["injury_cut_1"])
    assert seat_state(game, 0)["enemies"] == [["enemy_bats_1", 1]]
    assert not game.can_set_dungeon(0)
    refused(game, 0, DUNGEON)  # nothing else could be set either
    refused(game, 0, set_dungeon("dungeon_stairs_1"))
    assert seat_state(game, 0)["dungeon"] == ["dungeon_gate_1"]


def test_depth_is_one_to_three_cards_then_two_then_three() -> None:
    game, _ = script([], hands=[FILL_0, FILL_1])
    player = game.player(0)
    for count, depth in [(0, 0), (1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3)]:
        player.dungeon = ["dungeon_gate_1"] * count
        assert player.depth == depth


# --- enemy set ----------------------------------------------------------------------------------
def test_an_enemy_goes_only_where_its_level_is_at_most_the_target_depth() -> None:
    hands = [hand_of(["dungeon_gate_1", "enemy_boulder_1", "enemy_bats_1"], FILL_0),
             hand_of(["dungeon_gate_2"], FILL_1)]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_gate_2"), END_PHASE, END_TURN, DUNGEON],
                     hands=hands, draws=["injury_cut_1", "injury_bruise_1"])
    refused(game, 0, set_enemy("enemy_boulder_1", 1))  # level 2 against depth 1
    act(game, 0, set_enemy("enemy_bats_1", 1))
    assert seat_state(game, 1)["enemies"] == [["enemy_bats_1", 0]]
    assert "enemy_bats_1" not in game.player(0).hand


def test_no_second_enemy_of_yours_on_a_field() -> None:
    hands = [hand_of(["dungeon_gate_1", "enemy_bats_1", "enemy_bats_2", "dungeon_gate_2"],
                     FILL_0), hand_of(["dungeon_stairs_1"], FILL_1)]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_stairs_1"), END_PHASE, END_TURN,
                      DUNGEON, set_enemy("enemy_bats_1", 1), END_PHASE, END_TURN,
                      DOUBLE, discard("dungeon_vault_1"), discard("dungeon_vault_2"), END_TURN,
                      DUNGEON],
                     hands=hands, draws=["injury_cut_1", "injury_bruise_1", "dungeon_well_1",
                                         "dungeon_well_2", "dungeon_mural_1"])
    refused(game, 0, set_enemy("enemy_bats_2", 1))
    assert seat_state(game, 1)["enemies"] == [["enemy_bats_1", 0]]


# --- end phase ----------------------------------------------------------------------------------
def test_the_end_phase_discards_to_six_never_an_injury_and_may_discard_more() -> None:
    hands = [hand_of(["injury_cut_1", "injury_bruise_1"], FILL_0), FILL_1]
    game, _ = script([END_TURN] * 0 + [DUNGEON, END_PHASE], hands=hands)
    assert len(game.player(0).hand) == 6
    refused(game, 0, discard("injury_cut_1"))
    act(game, 0, discard("enemy_boulder_2"), discard("enemy_colossus_2"))
    state = seat_state(game, 0)
    assert state["hand"] == sorted(["injury_cut_1", "injury_bruise_1", "dungeon_mural_2",
                                    "dungeon_pool_2"])
    assert game.state.discard[-2:] == ["enemy_boulder_2", "enemy_colossus_2"]


def test_the_turn_may_not_end_over_six_cards_while_any_can_be_discarded() -> None:
    hands = [FILL_0, hand_of(["injury_cut_1"], FILL_1)]
    game, _ = script([DOUBLE, discard("dungeon_stairs_3"), END_TURN, DOUBLE],
                     hands=hands, draws=["injury_bruise_1", "dungeon_gate_1", "dungeon_gate_2"])
    # seat 1: 6 dealt (one injury) + a draw (an injury) + the double draw = 8, two injuries
    assert len(game.player(1).hand) == 8
    refused(game, 1, END_TURN)
    act(game, 1, discard("dungeon_gate_1"), discard("dungeon_gate_2"))
    act(game, 1, END_TURN)
    assert game.state.active == 0 and len(game.player(1).hand) == 6


def test_a_wrong_seat_is_refused_without_change() -> None:
    game, _ = script([], hands=[FILL_0, FILL_1])
    refused(game, 1, DUNGEON)
    assert rounds([]) == [] and game.state.active == 0


def test_a_hand_of_injuries_alone_may_end_the_turn_over_six() -> None:
    game, _ = script([DUNGEON, END_PHASE], hands=[FILL_0, FILL_1])
    game.player(0).hand = ["injury_cut_1", "injury_bruise_1", "injury_sprain_1",
                           "injury_sprain_2"] * 2
    assert len(game.player(0).hand) == 8
    act(game, 0, END_TURN)
    assert game.state.active == 1


def test_at_most_nine_dungeon_cards() -> None:
    hands = [hand_of(["dungeon_gate_1"], FILL_0), FILL_1]
    game, _ = script([], hands=hands)
    game.player(0).dungeon = ["dungeon_well_1"] * 9
    game.player(0).searched = [1, 2, 3]
    assert not game.can_set_dungeon(0)
    refused(game, 0, set_dungeon("dungeon_gate_1"))


def test_one_dungeon_phase_may_set_both_a_dungeon_card_and_an_enemy_once_each() -> None:
    hands = [hand_of(["dungeon_gate_1", "dungeon_stairs_1", "dungeon_hall_1", "enemy_bats_1"],
                     FILL_0), hand_of(["dungeon_gate_2"], FILL_1)]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_gate_2"), END_PHASE, END_TURN,
                      DUNGEON, set_enemy("enemy_bats_1", 1), set_dungeon("dungeon_stairs_1")],
                     hands=hands, draws=["injury_cut_1", "injury_bruise_1"])
    assert legal(game) == [{"type": "end_phase"}]
    refused(game, 0, set_dungeon("dungeon_hall_1"))
    assert seat_state(game, 0)["dungeon"] == ["dungeon_gate_1", "dungeon_stairs_1"]
    assert seat_state(game, 1)["enemies"] == [["enemy_bats_1", 0]]
