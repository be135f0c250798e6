"""Relic rules: the search check, the search and its treasure, forfeits, and the end of the game
(a depth-3 search, the deck running out) with its scoring. Written from the rulings and the
Japanese source."""

from __future__ import annotations

from typing import Any

from dungeon_table.games.relic.rules import Relic

from .rules_kit import (
    DECLINE,
    DUNGEON,
    END_PHASE,
    END_TURN,
    FILL_0,
    FILL_1,
    SEARCH,
    act,
    discard,
    hand_of,
    of_type,
    refused,
    rounds,
    script,
    seat_state,
    set_dungeon,
)

DUNGEON_0 = ["dungeon_gate_1", "dungeon_stairs_1", "dungeon_hall_1"]
DUNGEON_1 = ["dungeon_gate_2", "dungeon_stairs_2", "dungeon_mural_1"]
HANDS = [hand_of([*DUNGEON_0, "dungeon_corridor_1"], FILL_0),
         hand_of([*DUNGEON_1, "dungeon_bridge_1"], FILL_1)]
TURN_DRAWS = ["injury_cut_1", "enemy_bats_1", "injury_bruise_1", "enemy_bats_2", "char_scout_2"]


def three_each(top: str, last: list[dict[str, Any]] | None = None) -> tuple[Relic, list[dict]]:
    """Both seats set three dungeon cards; ``top`` is the deck's card after the turns' draws.
    The last ``END_TURN`` is left out when ``last`` is given (it runs after the caller's step)."""
    actions = rounds(list(zip(DUNGEON_0, DUNGEON_1, strict=True)))
    return script(actions if last is None else actions[:-1], hands=HANDS,
                  draws=[*TURN_DRAWS, top, "dungeon_cavern_2", "dungeon_well_2"])


def test_three_dungeon_cards_offer_a_search_of_depth_one() -> None:
    game, _ = three_each("dungeon_hall_2")
    assert game.phase == "search" and game.search_depth(0) == 1
    assert len(game.player(0).hand) == 5  # 6 dealt, 3 set, 2 drawn: no draw before the search


def test_a_search_scores_the_top_cards_face_by_the_table_and_ends_the_turn() -> None:
    game, events = three_each("dungeon_hall_2")  # face 6
    hand_before = sorted(game.player(0).hand)
    events = act(game, 0, SEARCH)
    found = of_type(events, "searched")[0]
    assert (found["depth"], found["card"], found["face"], found["points"]) == (
        1, "dungeon_hall_2", 6, 6)
    state = seat_state(game, 0)
    assert state["searched"] == [1] and state["treasure_points"] == [6]
    assert state["hand"] == hand_before  # no draw, no end phase
    assert all(card.face_down for card in game.view(0).players[0].dungeon)
    assert of_type(events, "turn_ended") and game.state.active == 1


def test_the_fail_face_scores_nothing() -> None:
    game, _ = three_each("dungeon_collapse_1")
    found = of_type(act(game, 0, SEARCH), "searched")[0]
    assert (found["face"], found["points"]) == (0, 0)
    assert seat_state(game, 0)["searched"] == [1]


def test_a_depth_is_searched_once() -> None:
    game, _ = three_each("dungeon_hall_2")
    act(game, 0, SEARCH)
    act(game, 1, DECLINE, DUNGEON, END_PHASE, discard("enemy_blades_2"), END_TURN)
    assert game.search_depth(0) == 0 and game.phase != "search"
    refused(game, 0, SEARCH)


def test_no_search_with_an_opponents_enemy_on_your_field() -> None:
    game, _ = three_each("dungeon_hall_2", last=[])
    game.player(0).enemies.append(("enemy_bats_1", 1))
    act(game, 1, END_TURN)
    assert game.search_depth(0) == 0 and game.phase == "play"
    refused(game, 0, SEARCH)


def test_the_fourth_dungeon_card_before_the_search_forfeits_it() -> None:
    game, _ = three_each("dungeon_hall_2")
    act(game, 0, DECLINE, DUNGEON)
    events = act(game, 0, set_dungeon("dungeon_corridor_1"))
    assert of_type(events, "search_forfeited")[0]["depth"] == 1
    state = seat_state(game, 0)
    assert state["forfeited"] == [1] and state["depth"] == 2 and state["searched"] == []


def test_a_depth_three_search_ends_the_game_at_the_end_of_that_turn() -> None:
    game, _ = three_each("dungeon_hall_2", last=[])
    zero = game.player(0)
    zero.dungeon += ["dungeon_well_1", "dungeon_pool_1", "dungeon_bridge_2", "dungeon_vault_2",
                     "dungeon_cavern_1", "dungeon_spring_1"][:6]
    zero.searched = [1, 2]
    act(game, 1, END_TURN)
    assert game.search_depth(0) == 3
    events = act(game, 0, SEARCH)
    found = of_type(events, "searched")[0]
    assert (found["depth"], found["face"], found["points"]) == (3, 6, 15)
    assert of_type(events, "game_ended")[0]["reason"] == "depth3"
    assert game.phase == "over" and game.state.turn == 7  # seat 1 gets no further turn


def test_the_deck_running_out_ends_the_game_at_once() -> None:
    game, _ = script([], hands=[FILL_0, FILL_1])
    while len(game.state.deck) > 1:
        game.state.deck.draw()
    events = act(game, 0, {"type": "double_draw"})
    assert of_type(events, "game_ended")[0]["reason"] == "deck_out"
    assert game.result() is not None


def test_the_score_is_treasures_hand_characters_and_defeated_enemies() -> None:
    game, _ = script([], hands=[hand_of(["char_captain_1", "char_medic_1", "injury_cut_1"],
                                        FILL_0), FILL_1])
    zero = game.player(0)
    zero.defeated = ["enemy_blades_1", "enemy_bats_1"]
    assert game.points()[0] == 3 + 2 + 3 + 1  # captain 3, medic 2, injury 0, blades 3, bats 1
    game.player(1).defeated = ["enemy_blades_1", "enemy_boulder_1", "enemy_golem_2",
                               "enemy_bats_2"]
    game.player(1).hand = [c for c in game.player(1).hand if not c.startswith("char_")]
    while len(game.state.deck) > 1:
        game.state.deck.draw()
    act(game, 0, {"type": "double_draw"})
    result = game.result()
    assert result is not None and game.points() == [9, 8]
    assert result.winners == [0]


def test_a_tie_is_shared() -> None:
    game, _ = script([], hands=[FILL_0, hand_of(["char_lancer_1"], FILL_1)])
    game.player(1).hand = [c for c in game.player(1).hand if c != "char_lancer_2"]
    game.player(0).defeated = ["enemy_golem_1"]  # 2 points each: the lancer is level 2
    while len(game.state.deck) > 1:
        game.state.deck.draw()
    act(game, 0, {"type": "double_draw"})
    result = game.result()
    assert result is not None and game.points() == [2, 2] and result.winners == [0, 1]


def test_the_seventh_dungeon_card_before_the_depth_two_search_forfeits_it() -> None:
    game, _ = three_each("dungeon_hall_2", last=[])
    zero = game.player(0)
    zero.dungeon += ["dungeon_well_1", "dungeon_pool_1", "dungeon_bridge_2"]
    zero.searched = [1]
    zero.hand.append("dungeon_vault_2")
    act(game, 1, END_TURN)
    assert game.search_depth(0) == 2
    act(game, 0, DECLINE, DUNGEON)
    events = act(game, 0, set_dungeon("dungeon_vault_2"))
    assert of_type(events, "search_forfeited")[0]["depth"] == 2
    state = seat_state(game, 0)
    assert state["forfeited"] == [2] and state["searched"] == [1] and state["depth"] == 3


TABLE = {1: [1, 2, 3, 4, 5, 6], 2: [3, 4, 5, 6, 7, 8], 3: [5, 6, 8, 10, 12, 15]}


def test_the_treasure_table_is_the_sources_and_x_fails_at_every_depth() -> None:
    game, _ = script([], hands=[FILL_0, FILL_1])
    for depth, points in TABLE.items():
        assert [game.cards.treasure(depth, face)[0] for face in range(1, 7)] == points
        assert game.cards.treasure(depth, 0) == (0, "")


def test_a_search_may_be_declined_and_the_turn_goes_on_with_the_draw() -> None:
    game, _ = three_each("dungeon_hall_2")
    events = act(game, 0, DECLINE)
    assert of_type(events, "search_declined") == [{"type": "search_declined", "seat": 0,
                                                   "depth": 1}]
    assert game.phase == "play" and "dungeon_hall_2" in game.player(0).hand
    state = seat_state(game, 0)
    assert (state["searched"], state["forfeited"], game.forfeits(0)) == ([], [], 1)


def test_a_search_that_empties_the_deck_ends_the_game_at_once() -> None:
    game, _ = three_each("dungeon_hall_2")
    del game.state.deck.cards[:-1]  # the search's own card is the last one
    events = act(game, 0, SEARCH)
    assert of_type(events, "searched")[0]["points"] == 6
    assert of_type(events, "game_ended")[0]["reason"] == "deck_out"
    assert not of_type(events, "turn_ended") and game.phase == "over"


def test_a_depth_three_delve_lets_the_turn_finish_then_ends_the_game() -> None:
    game, _ = three_each("dungeon_hall_2", last=[])
    zero = game.player(0)
    zero.dungeon += ["dungeon_well_1", "dungeon_pool_1", "dungeon_bridge_2", "dungeon_vault_2",
                     "dungeon_cavern_1", "dungeon_spring_1"]
    zero.searched = [1, 2]
    game.state.deck.remove("char_scout_1")
    zero.hand.append("char_scout_1")  # rock 2, delve
    act(game, 1, END_TURN)
    act(game, 0, DECLINE, DUNGEON, END_PHASE, discard("char_scout_1"))
    found = of_type(act(game, 0, {"type": "use_skill"}), "searched")[0]
    assert (found["via"], found["depth"], found["card"], found["points"]) == (
        "delve", 3, "dungeon_cavern_2", 10)
    assert game.phase == "end" and game.result() is None  # the turn goes on...
    events = act(game, 0, END_TURN)
    assert of_type(events, "game_ended")[0]["reason"] == "depth3"  # ...and the game ends with it
    assert game.phase == "over" and game.state.turn == 7


def test_a_search_turns_down_only_that_depths_cards() -> None:
    game, _ = three_each("dungeon_hall_2", last=[])
    zero = game.player(0)
    zero.dungeon += ["dungeon_well_1", "dungeon_pool_1", "dungeon_bridge_2"]
    zero.forfeited = [1]  # depth 1 was passed by: its cards stay face up
    act(game, 1, END_TURN)
    assert game.search_depth(0) == 2
    act(game, 0, SEARCH)
    shown = game.view(1).players[0].dungeon
    assert [(c.depth, c.face_down) for c in shown] == [(1, False)] * 3 + [(2, True)] * 3
    assert seat_state(game, 0)["searched"] == [2]


def test_the_result_charts_each_seats_points_round_by_round() -> None:
    # seat 0 holds the captain (level 3), seat 1 the lancer (2); each draws a character in its
    # second turn: the scout (1) for seat 1, the medic (2) for seat 0
    hands = [hand_of(["char_captain_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, set_dungeon("dungeon_mural_2"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_vault_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_pool_2"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_vault_2"), END_PHASE, END_TURN],
                     hands=hands, draws=["char_scout_2", "char_medic_1", "dungeon_well_1",
                                         "dungeon_well_2"])
    assert game.state.history == [[3, 3, 5], [2, 3, 3]]  # as dealt, then rounds 1 and 2
    while len(game.state.deck) > 1:
        game.state.deck.draw()
    events = act(game, 0, {"type": "double_draw"})  # the deck runs out in round 3
    assert of_type(events, "drew")[0]["card"] == "dungeon_corridor_2"  # no points
    result = game.result()
    assert result is not None and game.points() == [5, 3]
    assert (result.history, result.history_key) == (  # the final points close the chart
        [[3, 3, 5, 5], [2, 3, 3, 3]], "relic.history.points")
