"""Dungeon! rules, steps 2-4: the encounter (a monster drawn, or the one waiting under a number
token), the numbered slots and the treasures dropped under them, the attack by the hero's column,
the defeat table (miss, stunned, wounded with push-back and a lose-turn token, badly wounded,
killed and the new hero), the treasure of rooms and chambers, and both traps. Written from the
Japanese source (ステップ２-４, 罠だ！) and the rulings; the places are in ``rules_kit``."""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.games.dungeon.rules import Dungeon

from .rules_kit import (
    ATTACK,
    END,
    act,
    choose,
    fall_into,
    hero_of,
    legal,
    move,
    of_type,
    one,
    picks,
    play,
    refused,
    teleport,
    types,
)

HALL_TO_1A = ["c30-15", "c29-15", "c28-15", "1a"]


def laden_fighter(counter: list[int], then: list[int] | None = None,
                  ) -> tuple[Dungeon, list[dict[str, Any]]]:
    """A fighter wins in 4j, 5l and 6j (jade idol 5000, huge ruby 8000, gold necklace 9000),
    then misses a purple worm in 5j; ``counter`` is the worm's 2d6 on the defeat table, ``then``
    the dice after it."""
    return play([move("4j"), ATTACK, move("5l"), ATTACK, move("6j"), ATTACK,
                 move("5l", "4j", "c45-33", "5j"), ATTACK],
                start=["c45-33"], monsters_4=["troll"], monsters_5=["vampire", "purple_worm"],
                monsters_6=["evil_wizard"], treasures_4=["jade_idol"], treasures_5=["huge_ruby", "silver_crown"],
                treasures_6=["gold_necklace"], dice=[6, 6, 6, 6, 6, 6, 1, 1, *counter, *(then or [])])


# --- the encounter and the numbered slots -------------------------------------------------------
def test_a_monster_left_standing_goes_to_the_lowest_free_slot_and_its_token_marks_the_room() -> None:
    game, events = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["giant_rats"],
                        dice=[1, 1, 1, 1])
    assert one(events, "monster_slotted") == {"type": "monster_slotted", "space": "1a",
                                              "card": "giant_rats", "slot": 1, "face_down": False}
    view = game.view(0)
    assert [(s.slot, s.space, s.monster, s.dropped) for s in view.slots] == [
        (1, "1a", "giant_rats", [])]
    assert view.defeat_tokens == {} and game.state.monster_discards[1] == []


def test_the_lowest_free_slot_is_taken_again_once_freed() -> None:
    game, events = play(
        [move("1a"), ATTACK,            # seat 0 misses: slot 1
         move("1c"), ATTACK,            # seat 1 misses: slot 2
         END,
         ATTACK,                        # seat 0 beats the one waiting in 1a: slot 1 is free
         END,
         move("1b"), ATTACK],           # seat 2 misses: slot 1 again
        heroes="rogue,cleric,fighter", start=["c28-15", "c35-18", "c33-15"],
        monsters_1=["giant_rats", "skeleton", "kobolds"], treasures_1=["sack_of_gold"],
        dice=[1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1])
    assert [(e["space"], e["slot"]) for e in of_type(events, "monster_slotted")] == [
        ("1a", 1), ("1c", 2), ("1b", 1)]
    assert {n: (s.space, s.monster) for n, s in game.state.slots.items()} == {
        1: ("1b", "kobolds"), 2: ("1c", "skeleton")}


def test_entering_a_numbered_space_meets_the_monster_waiting_there_not_a_new_one() -> None:
    # seat 0 misses the rats in 1a (they wait in slot 1), walks out; seat 1 goes in
    game, events = play([move("1a"), ATTACK, END, move("c28-15", "c29-15"), END,
                         move("c28-15", "1a")],
                        heroes="rogue,fighter", start=["c28-15", "c27-15"],
                        monsters_1=["giant_rats", "goblins"], dice=[1, 1, 1, 1])
    assert of_type(events, "monster_revealed")[-1] == {
        "type": "monster_revealed", "seat": 1, "space": "1a", "card": "giant_rats",
        "source": "slot", "slot": 1}
    assert game.state.monsters[1].top == "goblins" and game.state.encounter.card == "giant_rats"


def test_a_chamber_meets_one_monster_at_a_time() -> None:
    game, events = play([move("1A"), ATTACK], start=["c25-22"],
                        monsters_1=["goblins", "kobolds"], dice=[6, 6])
    assert [e["card"] for e in of_type(events, "monster_revealed")] == ["goblins"]
    assert game.state.tokens == {"1A": 1} and game.state.monsters[1].top == "kobolds"


def test_an_empty_monster_deck_is_made_again_from_its_discards() -> None:
    # eight heroes beside the eight level-1 rooms and chambers; the first seven draw the whole
    # level-1 deck (six beaten, the cage sprung), the eighth draws from the reshuffled discards
    books = [*picks(*["fireball"] * 7, seat=0), *picks(*["fireball"] * 7, seat=1)]
    fights = [a for room in ("1a", "1b", "1c", "1d", "1e", "1f") for a in (move(room), ATTACK)]
    level_1 = ["giant_rats", "hobgoblins", "goblins", "skeleton", "giant_lizard", "kobolds",
               "cage_trap_1"]
    game, events = play([*books, *fights, move("1A"), move("1B")],
                        heroes="wizard,wizard,rogue,rogue,cleric,cleric,fighter,fighter",
                        start=["c28-15", "c33-15", "c35-18", "c35-23", "c28-25", "c33-25",
                               "c25-22", "c33-10"],
                        monsters_1=level_1, dice=[1, 1, *[6, 6] * 6, 1])
    assert one(events, "monsters_reshuffled") == {"type": "monsters_reshuffled", "level": 1}
    last = of_type(events, "monster_revealed")[-1]
    assert (last["seat"], last["space"], last["source"]) == (7, "1B", "draw")
    assert last["card"] in level_1 and game.state.monster_discards[1] == []
    assert len(game.state.monsters[1]) == 6 and last["card"] not in game.state.monsters[1]


# --- the attack ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("hero", "dice", "hit"), [
    ("rogue", [2, 2], False), ("rogue", [2, 3], True),
    ("cleric", [1, 2], False), ("cleric", [2, 2], True),
    ("fighter", [1, 1], False), ("fighter", [1, 2], True),
    ("wizard", [2, 3], False), ("wizard", [3, 3], True)])
def test_the_attack_reaches_the_number_in_the_hero_s_column(hero: str, dice: list[int],
                                                            hit: bool) -> None:
    # giant rats: rogue 5, cleric 4, fighter 3, wizard 6
    spells = picks(*["fireball"] * 7) if hero == "wizard" else []
    book = [1] if hero == "wizard" else []
    game, events = play([*spells, move("1a"), ATTACK], heroes=hero, start=["c28-15"],
                        monsters_1=["giant_rats"], treasures_1=["sack_of_gold"],
                        dice=[*book, *dice, 1, 1])
    need = {"rogue": 5, "cleric": 4, "fighter": 3, "wizard": 6}[hero]
    assert one(events, "attack_rolled") == {"type": "attack_rolled", "seat": 0,
                                            "card": "giant_rats", "dice": dice, "bonus": 0,
                                            "need": need, "hit": hit}
    assert hero_of(game)["treasures"] == (["sack_of_gold"] if hit else [])
    assert game.state.tokens == ({"1a": 1} if hit else {})


def test_the_encounter_view_shows_the_number_and_the_chance() -> None:
    game, _ = play([move("1a")], heroes="cleric", start=["c28-15"], monsters_1=["giant_rats"])
    enc = game.view(0).encounter
    assert (enc.space, enc.card, enc.need, enc.bonus) == ("1a", "giant_rats", 4, 0)
    assert enc.chance == pytest.approx(33 / 36)
    assert legal(game) == [{"type": "attack"}]


def test_a_dash_cannot_be_hit_without_a_magic_sword() -> None:
    # black pudding: "-" for the rogue; even 12 misses and the pudding strikes back
    game, events = play([move("5h"), ATTACK], heroes="rogue", start=["c53-25"],
                        monsters_5=["black_pudding"], dice=[6, 6, 1, 1])
    assert one(events, "attack_rolled")["need"] == 0
    assert one(events, "attack_rolled")["hit"] is False
    assert one(events, "counter_attack")["result"] == "miss"
    assert game.state.slots[1].monster == "black_pudding" and game.state.tokens == {}


def test_a_win_discards_the_monster_and_puts_a_defeat_token() -> None:
    game, events = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["goblins"],
                        treasures_1=["silver_bracelet"], dice=[6, 6])
    assert one(events, "monster_defeated") == {"type": "monster_defeated", "seat": 0,
                                               "space": "1a", "card": "goblins", "tokens": 1}
    assert game.state.monster_discards[1] == ["goblins"] and game.state.tokens == {"1a": 1}
    assert game.view(0).decks[0].discard_pile == ["goblins"]


def test_every_fight_ends_the_turn() -> None:
    won, won_events = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["goblins"],
                           dice=[6, 6])
    lost, lost_events = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["goblins"],
                             dice=[1, 1, 1, 1])
    for game, events in ((won, won_events), (lost, lost_events)):
        assert types(events)[-2:] == ["turn_ended", "turn_started"]
        assert game.state.turn_no == 2 and game.state.turn.moves_left == 5


# --- the defeat table ---------------------------------------------------------------------------
@pytest.mark.parametrize(("counter", "result"), [
    ([1, 1], "miss"), ([2, 3], "miss"), ([3, 3], "stunned"), ([3, 4], "stunned"),
    ([4, 4], "wounded"), ([4, 6], "wounded"), ([5, 6], "badly_wounded"), ([6, 6], "killed")])
def test_the_defeat_table_is_the_source_s(counter: list[int], result: str) -> None:
    _, events = laden_fighter(counter)
    assert one(events, "counter_attack") == {"type": "counter_attack", "seat": 0,
                                             "card": "purple_worm", "dice": counter,
                                             "result": result}


def test_a_miss_costs_nothing_but_the_turn() -> None:
    game, events = laden_fighter([2, 3])
    assert hero_of(game)["space"] == "5j" and hero_of(game)["gp"] == 22000
    assert "treasure_dropped" not in types(events) and game.state.slots[1].dropped == []


def test_stunned_drops_one_random_treasure_under_the_monster() -> None:
    game, events = laden_fighter([3, 3])
    dropped = one(events, "treasure_dropped")
    assert dropped == {"type": "treasure_dropped", "seat": 0, "cards": ["jade_idol"],
                       "space": "5j", "slot": 1, "hunter": 0}
    assert hero_of(game)["treasures"] == ["huge_ruby", "gold_necklace"]
    assert hero_of(game)["space"] == "5j" and game.state.slots[1].dropped == ["jade_idol"]
    assert game.view(0).slots[0].dropped == ["jade_idol"]  # face up: everyone sees them


def test_wounded_drops_one_pushes_back_and_gives_a_lose_turn_token() -> None:
    game, events = laden_fighter([4, 4])
    assert len(one(events, "treasure_dropped")["cards"]) == 1
    assert one(events, "pushed_back") == {"type": "pushed_back", "seat": 0, "space": "c45-33"}
    assert one(events, "lose_turn_tokens") == {"type": "lose_turn_tokens", "seat": 0,
                                               "added": 1, "total": 1}
    assert len(hero_of(game)["treasures"]) == 2 and hero_of(game)["space"] == "c45-33"


def test_badly_wounded_drops_half_rounded_down_and_goes_to_the_great_hall() -> None:
    game, events = laden_fighter([5, 6])
    assert one(events, "treasure_dropped")["cards"] == ["jade_idol"]  # half of three: one
    assert one(events, "pushed_back")["space"] == "hall"
    assert hero_of(game)["space"] == "hall" and hero_of(game)["lose_turns"] == 0
    assert hero_of(game)["treasures"] == ["huge_ruby", "gold_necklace"]


def test_killed_drops_everything_and_the_pawn_leaves_the_board() -> None:
    game, events = laden_fighter([6, 6])
    assert one(events, "treasure_dropped")["cards"] == ["jade_idol", "huge_ruby",
                                                        "gold_necklace"]
    assert one(events, "hero_killed") == {"type": "hero_killed", "seat": 0,
                                          "pawn": "fighter-1", "deaths": 1}
    assert hero_of(game)["space"] == "" and hero_of(game)["treasures"] == []
    assert game.state.slots[1].dropped == ["jade_idol", "huge_ruby", "gold_necklace"]
    assert game.phase == "choose_hero" and game.to_act() == [0]


def test_the_dropped_treasures_go_to_the_hero_who_beats_that_monster() -> None:
    game, events = laden_fighter([3, 3], then=[6, 6])  # the jade idol lies under the worm;
    events = act(game, ATTACK)                         # the next turn the hero attacks it
    assert [(e["card"], e["source"]) for e in of_type(events, "treasure_gained")] == [
        ("silver_crown", "draw"), ("jade_idol", "dropped")]
    assert hero_of(game)["treasures"] == ["huge_ruby", "gold_necklace", "silver_crown",
                                          "jade_idol"]
    assert game.state.slots == {} and game.state.tokens["5j"] == 1


def test_wounded_pushes_back_to_the_space_the_hero_came_from() -> None:
    game, events = play([move(*HALL_TO_1A), ATTACK], monsters_1=["giant_rats"],
                        dice=[1, 1, 4, 5])
    assert one(events, "pushed_back")["space"] == "c28-15"
    assert hero_of(game)["space"] == "c28-15" and game.state.slots[1].space == "1a"


def test_wounded_is_pushed_past_a_square_another_hero_holds() -> None:
    game, events = play([move(*HALL_TO_1A), ATTACK], heroes="fighter,rogue",
                        start=["hall", "c28-15"], monsters_1=["giant_rats"], dice=[1, 1, 4, 5])
    assert one(events, "pushed_back")["space"] == "c29-15"
    assert [hero_of(game, s)["space"] for s in (0, 1)] == ["c29-15", "c28-15"]


# 軽傷: やって来た方向に１マス押し戻される -- one space toward where the hero came from.
def test_wounded_attacking_at_the_turn_s_start_is_pushed_out_through_the_door_it_came_in_by() -> None:
    # 2d opens on c20-23 and, through a door, on room 2c. The fighter clears 2c, walks into 2d
    # and misses (the spider waits there); next turn it attacks the spider from where it stands.
    game, events = play([move("2c"), ATTACK, move("2d"), ATTACK, ATTACK], start=["c20-18"],
                        monsters_2=["ghouls", "giant_spider"], treasures_2=["pearl"],
                        dice=[6, 6, 1, 1, 1, 1, 1, 1, 4, 4])
    assert [e["result"] for e in of_type(events, "counter_attack")] == ["miss", "wounded"]
    assert of_type(events, "pushed_back") == [{"type": "pushed_back", "seat": 0, "space": "2c"}]
    assert hero_of(game)["space"] == "2c" and one(events, "lose_turn_tokens")["total"] == 1
    assert (game.state.slots[1].space, game.state.slots[1].dropped) == ("2d", ["pearl"])


def test_wounded_after_a_teleport_is_pushed_one_space_out_toward_the_chamber_it_came_from() -> None:
    # Teleported from the Torture Chamber (3B) to the Store Room (2B), whose doors open on
    # c25-32 and c35-32: c35-32 lies toward 3B (6 spaces from it, c25-32 8).
    game, events = play([*picks(*["fireball"] * 6, "teleport"), move("3B"), teleport("2B"),
                         ATTACK], heroes="wizard", start=["c33-35"], monsters_3=["ogre"],
                        monsters_2=["ghouls"], dice=[1, 1, 1, 4, 4])
    assert one(events, "counter_attack")["result"] == "wounded"
    assert one(events, "pushed_back") == {"type": "pushed_back", "seat": 0, "space": "c35-32"}
    assert hero_of(game)["space"] == "c35-32" and one(events, "lose_turn_tokens")["total"] == 1
    assert [(s.space, s.monster) for s in game.state.slots.values()] == [("3B", "ogre"),
                                                                    ("2B", "ghouls")]


def test_wounded_after_a_pit_fall_is_pushed_one_space_out_toward_the_room_it_fell_from() -> None:
    # A pit in room 3c drops the fighter into the Wizard's Lab (4A), whose doors open on c7-15
    # and c10-23: c7-15 lies toward 3c (10 spaces from it, c10-23 12).
    game, events = play([move("3c"), fall_into("4A"), ATTACK], start=["c23-10"],
                        monsters_3=["pit_trap_3"], treasures_3=["gold_cup"],
                        monsters_4=["troll"], dice=[1, 1, 4, 4])
    assert one(events, "counter_attack")["result"] == "wounded"
    assert one(events, "pushed_back") == {"type": "pushed_back", "seat": 0, "space": "c7-15"}
    assert hero_of(game)["space"] == "c7-15" and hero_of(game)["treasures"] == []
    assert (game.state.slots[1].space, game.state.slots[1].dropped) == ("4A", ["gold_cup"])


# --- death and the new hero ---------------------------------------------------------------------
def test_a_killed_hero_chooses_a_new_hero_who_starts_in_the_great_hall() -> None:
    game, events = play([move("1a"), ATTACK, choose("cleric")], heroes="fighter,rogue",
                        start=["c28-15", "hall"], monsters_1=["giant_rats"], dice=[1, 1, 6, 6])
    assert of_type(events, "hero_chosen")[-1] == {"type": "hero_chosen", "seat": 0,
                                                  "hero": "cleric", "pawn": "cleric-1"}
    assert hero_of(game)["space"] == "hall" and hero_of(game)["deaths"] == 1
    assert game.state.heroes[0].hero == "cleric" and game.state.active == 1  # then the next seat plays


def test_the_new_hero_is_any_class_with_an_unused_pawn_not_the_killed_one() -> None:
    # seat 0's fighter-1 dies; fighter-2 is seat 1's: no fighter is left to choose
    game, _ = play([move("1a"), ATTACK], heroes="fighter,fighter", start=["c28-15", "hall"],
                   monsters_1=["giant_rats"], dice=[1, 1, 6, 6])
    assert game.view(0).hero_choices == ["rogue", "cleric", "wizard"]
    assert refused(game, choose("fighter")) == (
        "no other fighter pawn is free: a killed hero comes back only when no other hero is left")
    assert refused(game, choose("paladin")).startswith("paladin is not a hero")


def test_a_killed_hero_s_class_may_come_back_with_its_other_pawn() -> None:
    game, events = play([move("1a"), ATTACK, choose("rogue")], heroes="rogue", start=["c28-15"],
                        monsters_1=["giant_rats"], dice=[1, 1, 6, 6])
    assert of_type(events, "hero_chosen")[-1]["pawn"] == "rogue-2"
    assert (game.state.heroes[0].pawn, hero_of(game)["space"]) == ("rogue-2", "hall")


def test_with_every_pawn_in_play_the_killed_hero_comes_back_as_the_same_class() -> None:
    heroes = "rogue,cleric,cleric,fighter,fighter,wizard,wizard,rogue"
    books = [*picks(*["fireball"] * 7, seat=5), *picks(*["fireball"] * 7, seat=6)]
    game, _ = play([*books, move("1a"), ATTACK], heroes=heroes,
                   start=["c28-15"], monsters_1=["giant_rats"], dice=[1, 1, 1, 1, 6, 6])
    assert game.phase == "choose_hero" and game.view(0).hero_choices == ["rogue"]
    assert refused(game, choose("cleric")) == "both cleric pawns are in play"
    act(game, choose("rogue"))
    assert (game.state.heroes[0].pawn, hero_of(game)["space"]) == ("rogue-1", "hall")


def test_found_doors_go_with_the_dead_pawn() -> None:
    game, events = play([move("1b"), ATTACK, choose("rogue")], heroes="rogue", start=["c33-10"],
                        monsters_1=["giant_rats"], dice=[3, 1, 1, 6, 6])
    assert one(events, "secret_door_rolled")["found"] is True
    assert hero_of(game)["found_doors"] == [] and hero_of(game)["space"] == "hall"
    assert game.state.heroes[0].pawn == "rogue-2" and hero_of(game)["deaths"] == 1


# --- treasure: rooms and chambers ---------------------------------------------------------------
def test_a_win_in_a_room_draws_one_treasure_of_its_level() -> None:
    game, events = play([move("4f"), ATTACK], start=["c53-20"], monsters_4=["troll"],
                        treasures_4=["huge_emerald", "jade_idol"], dice=[6, 6])
    assert one(events, "treasure_gained") == {"type": "treasure_gained", "seat": 0,
                                              "card": "huge_emerald", "source": "draw"}
    assert hero_of(game)["gp"] == 5000 and game.state.treasures[4].top == "jade_idol"


def test_a_win_in_a_chamber_draws_no_treasure() -> None:
    game, events = play([move("1A"), ATTACK], start=["c25-22"], monsters_1=["goblins"],
                        treasures_1=["sack_of_gold"], dice=[6, 6])
    assert "treasure_gained" not in types(events) and hero_of(game)["treasures"] == []
    assert game.state.treasures[1].top == "sack_of_gold" and len(game.state.treasures[1]) == 9


def test_a_win_in_a_chamber_takes_only_what_lies_there() -> None:
    # the rogue wins a bracelet in 1e, goes through the secret door into chamber 2B, is stunned
    # there (the bracelet lies under the ghouls), and beats them the next turn
    game, events = play([move("1e"), ATTACK, move("2B"), ATTACK, ATTACK], heroes="rogue",
                        start=["c28-25"], monsters_1=["goblins"], monsters_2=["ghouls"],
                        treasures_1=["silver_bracelet"], treasures_2=["pearl"],
                        dice=[6, 6, 3, 1, 1, 3, 3, 6, 6])
    gained = [(e["card"], e["source"]) for e in of_type(events, "treasure_gained")]
    assert gained == [("silver_bracelet", "draw"), ("silver_bracelet", "dropped")]
    assert hero_of(game)["treasures"] == ["silver_bracelet"] and game.state.tokens["2B"] == 1
    assert game.state.treasures[2].top == "pearl"


def test_treasure_comes_only_from_a_monster_beaten_on_your_turn() -> None:
    game, events = play([move("1a"), ATTACK], start=["c28-15"], monsters_1=["giant_rats"],
                        treasures_1=["sack_of_gold"], dice=[1, 1, 1, 1])
    assert "treasure_gained" not in types(events) and game.state.treasures[1].top == "sack_of_gold"


# --- traps --------------------------------------------------------------------------------------
def test_a_cage_in_a_room_gives_its_treasure_a_token_and_lose_turn_tokens_by_the_die() -> None:
    game, events = play([move("1a")], start=["c28-15"], monsters_1=["cage_trap_1"],
                        treasures_1=["heavy_sack_of_gold"], dice=[6])
    assert types(events)[:6] == ["hero_chosen", "turn_started", "moved", "monster_revealed",
                                 "trap_sprung", "treasure_gained"]
    assert one(events, "trap_sprung") == {"type": "trap_sprung", "seat": 0, "space": "1a",
                                          "card": "cage_trap_1", "trap": "cage"}
    assert one(events, "cage_rolled") == {"type": "cage_rolled", "seat": 0, "die": 6, "tokens": 2}
    assert one(events, "lose_turn_tokens")["total"] == 2
    assert game.state.tokens == {"1a": 1} and game.state.monster_discards[1] == ["cage_trap_1"]
    assert hero_of(game)["treasures"] == ["heavy_sack_of_gold"]


def test_a_caged_hero_loses_as_many_turns_as_tokens() -> None:
    game, events = play([move("1a")], start=["c28-15"], monsters_1=["cage_trap_1"], dice=[6])
    assert [e["left"] for e in of_type(events, "turn_lost")] == [1, 0]
    assert game.state.turn_no == 4 and game.phase == "move"


def test_a_cage_roll_may_give_no_token() -> None:
    game, events = play([move("1a")], start=["c28-15"], monsters_1=["cage_trap_1"], dice=[1])
    assert one(events, "cage_rolled")["tokens"] == 0
    assert "lose_turn_tokens" not in types(events) and game.state.turn_no == 2


def test_a_trap_in_a_chamber_gives_no_treasure() -> None:
    game, events = play([move("1A")], start=["c25-22"], monsters_1=["cage_trap_1"],
                        treasures_1=["sack_of_gold"], dice=[3])
    assert "treasure_gained" not in types(events) and game.state.tokens == {"1A": 1}
    assert one(events, "cage_rolled")["tokens"] == 1


def test_a_pit_gives_the_room_s_treasure_and_drops_the_hero_into_a_chamber_of_its_level() -> None:
    game, events = play([move("2c"), fall_into("2B")], start=["c20-18"],
                        monsters_2=["pit_trap_2", "ghouls"], treasures_2=["pearl"])
    assert game.view(0).phase == "combat"
    assert one(events, "fell_into_pit") == {"type": "fell_into_pit", "seat": 0, "space": "2B",
                                            "redrawn": False}
    assert hero_of(game)["space"] == "2B" and hero_of(game)["treasures"] == ["pearl"]
    assert game.state.tokens == {"2c": 1} and game.state.encounter.card == "ghouls"


def test_the_hero_chooses_among_the_chambers_a_pit_may_drop_it_into() -> None:
    game, _ = play([move("2c")], start=["c20-18"], monsters_2=["pit_trap_2"])
    assert game.phase == "pit" and game.view(0).pit_choices == ["2A", "2B"]
    assert legal(game) == [{"type": "choose_chamber", "space": "2A"},
                           {"type": "choose_chamber", "space": "2B"}]
    assert refused(game, fall_into("1A")) == "1A is not an uncleared chamber of the pit's level"


def test_a_pit_in_a_chamber_drops_into_the_level_s_other_chamber() -> None:
    game, events = play([move("2B")], start=["c25-32"], monsters_2=["pit_trap_2", "ghouls"],
                        treasures_2=["pearl"])
    assert one(events, "fell_into_pit")["space"] == "2A"
    assert hero_of(game)["treasures"] == [] and game.state.tokens == {"2B": 1}
    assert hero_of(game)["space"] == "2A" and game.phase == "combat"


def test_a_pit_leads_to_the_level_on_its_card() -> None:
    game, _ = play([move("3B")], start=["c33-35"], monsters_3=["pit_trap_3"])
    assert game.view(0).pit_choices == ["4A", "4B"]


def test_a_pit_with_no_chamber_to_fall_into_is_redrawn_and_its_treasure_discarded() -> None:
    # two fighters clear both level-2 chambers (three wins each); then a pit in room 2e has
    # nowhere to drop the hero: it is discarded with no treasure and the room's card redrawn (the
    # engine reads the source's condition as "no chamber left to meet": docs/rules/dungeon.md)
    again = [move("c25-32"), move("2B"), ATTACK, move("c40-18"), move("2A"), ATTACK]
    to_2e = [move("c25-32", "c25-31", "c25-30", "c25-29", "c25-28"), END, move("2e")]
    wins = ["ghouls", "ghouls~2", "giant_spider", "giant_spider~2", "evil_hero", "zombies"]
    game, events = play([move("2B"), ATTACK, move("2A"), ATTACK, *again, *again, *to_2e],
                        heroes="fighter,fighter", start=["c25-32", "c40-18"],
                        monsters_2=[*wins, "pit_trap_2", "cage_trap_2"],
                        treasures_2=["pearl", "silver_cup"], dice=[*[6, 6] * 6, 1])
    assert game.state.tokens == {"2A": 3, "2B": 3, "2e": 1}
    pit = of_type(events, "fell_into_pit")
    assert pit == [{"type": "fell_into_pit", "seat": 0, "space": "2e", "redrawn": True}]
    assert [e["card"] for e in of_type(events, "monster_revealed")][-2:] == [
        "pit_trap_2", "cage_trap_2"]
    assert one(events, "trap_sprung")["card"] == "cage_trap_2"
    assert hero_of(game)["treasures"] == ["pearl"]  # the cage's, none for the pit
    assert game.state.monster_discards[2][-2:] == ["pit_trap_2", "cage_trap_2"]
