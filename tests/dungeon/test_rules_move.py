"""Dungeon! rules, step 1: moving the hero (up to five spaces, rooms and chambers one space,
doors free, stopping where a monster may wait, who may share a space, lose-turn tokens) and the
secret doors (the find roll, the rogue's odds, found for the game). Written from the Japanese
source (ステップ１, 隠し扉) and the rulings; the places are in ``rules_kit``."""

from __future__ import annotations

import pytest

from .rules_kit import (
    ATTACK,
    END,
    act,
    hero_of,
    legal,
    move,
    of_type,
    one,
    picks,
    play,
    refused,
    types,
)

NORTH = ["c30-15", "c29-15", "c28-15", "c27-15", "c26-15", "c25-15"]  # from the hall, westward


# --- moving up to five spaces -------------------------------------------------------------------
def test_a_hero_moves_up_to_five_spaces_and_no_further() -> None:
    game, _ = play([])
    reason = refused(game, move(*NORTH))
    assert reason == "that is 6 spaces and you have 5 moves"
    events = act(game, move(*NORTH[:5]))
    assert one(events, "moved") == {"type": "moved", "seat": 0, "path": NORTH[:5],
                                    "moves_left": 0}
    assert hero_of(game)["space"] == "c26-15"
    # out of moves with nothing met: the turn ends by itself
    assert types(events)[1:] == ["turn_ended", "turn_started"]


def test_the_offered_moves_reach_at_most_five_spaces() -> None:
    game, _ = play([])
    moves = game.view(0).moves
    assert max(len(path) for path in moves.values()) == 5
    assert moves["c26-15"] == NORTH[:5] and "c25-15" not in moves


def test_doors_cost_no_move_and_a_room_is_one_space() -> None:
    # hall -(door)- c30-15, c29-15, c28-15 -(door)- 1a: four spaces, two doors
    game, events = play([move("c30-15", "c29-15", "c28-15", "1a")], monsters_1=["giant_rats"])
    assert one(events, "moved")["moves_left"] == 1
    assert game.phase == "combat" and hero_of(game)["space"] == "1a"


def test_several_moves_may_follow_one_another_while_moves_are_left() -> None:
    game, events = play([move("c30-15"), move("c29-15", "c28-15")])
    assert [e["moves_left"] for e in of_type(events, "moved")] == [4, 2]
    assert game.phase == "move" and hero_of(game)["space"] == "c28-15"


def test_a_hero_need_not_move() -> None:
    game, events = play([END])
    assert one(events, "turn_ended") == {"type": "turn_ended", "seat": 0, "space": "hall"}
    assert hero_of(game)["space"] == "hall" and game.state.turn_no == 2


# --- stopping where a monster may wait ----------------------------------------------------------
def test_entering_an_uncleared_room_stops_the_move_and_a_monster_comes_out() -> None:
    game, events = play([move("c30-15", "c29-15", "c28-15", "1a")], monsters_1=["goblins"])
    assert one(events, "monster_revealed") == {
        "type": "monster_revealed", "seat": 0, "space": "1a", "card": "goblins",
        "source": "draw", "slot": 0}
    assert game.phase == "combat" and game.state.turn.moves_left == 1
    assert "goblins" not in game.state.monsters[1]  # drawn from the top of level 1's deck


def test_a_path_never_passes_through_an_uncleared_room() -> None:
    game, _ = play([], start=["c20-18"])
    assert refused(game, move("2c", "2d")) == "2c blocks the way: you would have to stop there"


def test_a_cleared_room_is_passed_through_as_one_space() -> None:
    # 2c and 2d share a door; both are cleared, then the hero walks 2d -> 2c -> c20-18
    game, _ = play([move("2c"), ATTACK, move("2d"), ATTACK, move("2c", "c20-18")],
                   start=["c20-18"], monsters_2=["ghouls", "zombies"], dice=[6, 6, 6, 6])
    assert game.state.tokens == {"2c": 1, "2d": 1}
    assert hero_of(game)["space"] == "c20-18" and game.state.turn.moves_left == 3
    assert game.phase == "move" and game.state.encounter is None


def test_a_chamber_with_two_defeat_tokens_still_hides_a_monster() -> None:
    game, events = play([move("1A"), ATTACK, move("c25-22"), move("1A"), ATTACK,
                         move("c25-22"), move("1A")],
                        start=["c25-22"], monsters_1=["goblins", "kobolds", "skeleton"],
                        dice=[6, 6, 6, 6])
    assert game.state.tokens == {"1A": 2}
    assert [e["card"] for e in of_type(events, "monster_revealed")] == [
        "goblins", "kobolds", "skeleton"]
    assert game.phase == "combat"


def test_a_chamber_with_three_defeat_tokens_is_cleared_and_passed_through() -> None:
    fights = [move("1A"), ATTACK, move("c25-22"), move("1A"), ATTACK, move("c25-22"),
              move("1A"), ATTACK]
    game, _ = play([*fights, move("c25-22"), move("1A", "c22-25")], start=["c25-22"],
                   monsters_1=["goblins", "kobolds", "skeleton"], dice=[6, 6] * 3)
    assert game.state.tokens == {"1A": 3}
    assert hero_of(game)["space"] == "c22-25" and game.phase == "move"
    assert game.state.turn.moves_left == 2 and game.state.encounter is None


def test_ending_the_move_in_a_corridor_or_a_cleared_room_meets_nothing() -> None:
    game, events = play([move("1a"), ATTACK, move("c28-15"), move("1a"), END],
                        start=["c28-15"], monsters_1=["goblins"], dice=[6, 6])
    assert types(events).count("monster_revealed") == 1
    assert hero_of(game)["space"] == "1a" and game.phase == "move"


# --- who may share a space ----------------------------------------------------------------------
def test_a_hero_passes_another_but_does_not_stop_on_its_square() -> None:
    game, _ = play([], heroes="fighter,rogue", start=["hall", "c29-15"])
    assert refused(game, move("c30-15", "c29-15")) == "another hero stands in c29-15"
    act(game, move("c30-15", "c29-15", "c28-15"))
    assert [hero_of(game, s)["space"] for s in (0, 1)] == ["c28-15", "c29-15"]


def test_only_one_hero_stands_in_a_room() -> None:
    game, _ = play([END, move("1a"), ATTACK], heroes="fighter,rogue", start=["hall", "c28-15"],
                   monsters_1=["goblins"], dice=[6, 6])
    assert hero_of(game, 1)["space"] == "1a" and game.state.active == 0
    assert refused(game, move("c30-15", "c29-15", "c28-15", "1a")) == "another hero stands in 1a"
    assert "1a" not in game.view(0).moves


def test_heroes_share_a_chamber_and_the_great_hall() -> None:
    game, _ = play([move("1A")], heroes="fighter,rogue", start=["c25-22", "1A"],
                   monsters_1=["goblins"])
    assert [hero_of(game, s)["space"] for s in (0, 1)] == ["1A", "1A"]
    assert game.phase == "combat"
    both, _ = play([END], heroes="fighter,rogue")
    assert [hero_of(both, s)["space"] for s in (0, 1)] == ["hall", "hall"] and both.state.active == 1


def test_a_hero_starting_beside_a_waiting_monster_may_leave_it() -> None:
    # a miss, then 2 on the defeat table: the monster waits in slot 1, the hero stays in 1a
    game, _ = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["giant_rats"],
                   dice=[1, 1, 1, 1])
    assert hero_of(game)["space"] == "1a" and game.state.slots[1].space == "1a"
    assert {"type": "attack"} in legal(game) and {"type": "move", "path": ["c28-15"]} in legal(game)
    events = act(game, move("c28-15", "c29-15"))
    assert "monster_revealed" not in types(events) and "attack_rolled" not in types(events)
    assert hero_of(game)["space"] == "c29-15" and game.state.slots[1].monster == "giant_rats"


# --- lose-turn tokens ---------------------------------------------------------------------------
def test_a_lose_turn_token_is_discarded_and_the_turn_is_over() -> None:
    # a miss, then 8 on the defeat table: wounded, one lose-turn token
    game, events = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["giant_rats"],
                        dice=[1, 1, 4, 4])
    assert hero_of(game)["lose_turns"] == 0  # already spent on the turn that followed
    assert types(events)[-5:] == ["turn_ended", "turn_started", "turn_lost", "turn_ended",
                                  "turn_started"]
    assert one(events, "turn_lost") == {"type": "turn_lost", "seat": 0, "left": 0}
    assert game.state.turn_no == 3 and game.phase == "move"


def test_a_lost_turn_passes_to_the_next_seat() -> None:
    game, events = play([move("1a"), ATTACK, END], heroes="fighter,rogue",
                        start=["c28-15", "hall"], monsters_1=["giant_rats"], dice=[1, 1, 4, 4])
    lost = of_type(events, "turn_lost")
    assert lost == [{"type": "turn_lost", "seat": 0, "left": 0}]
    assert game.state.active == 1 and game.state.turn_no == 4 and hero_of(game)["lose_turns"] == 0


# --- secret doors -------------------------------------------------------------------------------
@pytest.mark.parametrize(("hero", "die", "found"), [
    ("fighter", 4, False), ("fighter", 5, True), ("cleric", 6, True), ("wizard", 4, False),
    ("rogue", 2, False), ("rogue", 3, True)])
def test_a_secret_door_is_found_on_five_or_six_a_rogue_on_three_to_six(
        hero: str, die: int, found: bool) -> None:
    spells = picks(*["fireball"] * 7) if hero == "wizard" else []
    dice = [1, die] if hero == "wizard" else [die]
    game, events = play([*spells, move("1b")], heroes=hero, start=["c33-10"],
                        monsters_1=["goblins"], dice=dice)
    need = 3 if hero == "rogue" else 5
    assert one(events, "secret_door_rolled") == {
        "type": "secret_door_rolled", "seat": 0, "door": "s33-11", "die": die, "need": need,
        "found": found}
    assert hero_of(game)["found_doors"] == (["s33-11"] if found else [])
    assert hero_of(game)["space"] == ("1b" if found else "c33-10")


def test_the_view_says_the_face_a_find_roll_needs() -> None:
    rogue, _ = play([], heroes="rogue")
    fighter, _ = play([], heroes="fighter")
    assert (rogue.view(0).secret_door_need, fighter.view(0).secret_door_need) == (3, 5)


def test_a_missed_secret_door_stops_the_hero_and_ends_the_turn() -> None:
    game, events = play([move("1b")], start=["c33-10"], dice=[4])
    assert "moved" not in types(events)
    assert types(events)[-3:] == ["secret_door_rolled", "turn_ended", "turn_started"]
    assert hero_of(game)["space"] == "c33-10" and game.state.turn_no == 2


def test_a_secret_door_is_tried_with_the_last_move() -> None:
    # four moves to the door, the fifth goes through it
    path = ["c35-11", "c35-10", "c34-10", "c33-10", "1b"]
    game, events = play([move(*path)], start=["c35-12"], monsters_1=["goblins"], dice=[5])
    assert [e["path"] for e in of_type(events, "moved")] == [path[:4], ["1b"]]
    assert one(events, "secret_door_rolled")["found"] is True
    assert hero_of(game)["space"] == "1b" and game.state.turn.moves_left == 0


def test_a_hero_with_no_move_left_tries_no_secret_door() -> None:
    # five moves to the door: none is left to go through it
    game, _ = play([], start=["c35-13"])
    path = ["c35-12", "c35-11", "c35-10", "c34-10", "c33-10", "1b"]
    assert refused(game, move(*path)) == "that is 6 spaces and you have 5 moves"
    view = game.view(0)
    assert view.moves["1b"] == ["c35-14", "c35-15", "c34-15", "c33-15", "1b"]  # the plain door
    assert "1b" not in view.secret_doors_on and "c33-10" in view.moves


def test_a_found_secret_door_lets_the_move_go_on() -> None:
    # seat 0 clears 1b; seat 1 finds the secret door, passes through 1b and walks on
    game, events = play([move("1b"), ATTACK, move("1b", "c33-15", "c32-15")],
                        heroes="fighter,rogue", start=["c33-15", "c33-10"],
                        monsters_1=["goblins"], treasures_1=["sack_of_gold"], dice=[6, 6, 3])
    assert one(events, "secret_door_rolled")["found"] is True
    assert hero_of(game, 1)["space"] == "c32-15" and game.state.turn.moves_left == 2
    assert hero_of(game, 0)["space"] == "1b"  # passed, not stopped on


def test_a_found_secret_door_stays_open_for_the_rest_of_the_game() -> None:
    game, events = play([move("1b"), ATTACK, move("c33-10"), END, move("1b", "c33-15")],
                        heroes="rogue", start=["c33-10"], monsters_1=["goblins"],
                        treasures_1=["sack_of_gold"], dice=[3, 6, 6])
    assert len(of_type(events, "secret_door_rolled")) == 1
    assert hero_of(game)["space"] == "c33-15" and hero_of(game)["found_doors"] == ["s33-11"]
    assert "s33-11" not in game.view(0).secret_doors_on.get("1b", [])


def test_another_hero_must_find_the_door_for_itself() -> None:
    game, _ = play([move("1b"), ATTACK], heroes="rogue,fighter", start=["c33-10", "c33-10"],
                   monsters_1=["goblins"], treasures_1=["sack_of_gold"], dice=[3, 6, 6])
    assert game.state.active == 1 and hero_of(game, 1)["found_doors"] == []
    assert game.view(1).secret_doors_on["c33-15"] == ["s33-11"]


def test_a_hero_stopped_by_a_missed_door_on_another_hero_s_square_steps_back() -> None:
    # seat 0 passes seat 1 on c33-10, misses the door into 1b and may not stop there
    game, events = play([move("c34-10", "c33-10", "1b")], heroes="fighter,rogue",
                        start=["c35-10", "c33-10"], dice=[2])
    assert one(events, "secret_door_rolled")["found"] is False
    assert one(events, "pushed_back") == {"type": "pushed_back", "seat": 0, "space": "c34-10"}
    assert [hero_of(game, s)["space"] for s in (0, 1)] == ["c34-10", "c33-10"]
    assert game.state.active == 1
