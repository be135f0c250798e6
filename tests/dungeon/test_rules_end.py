"""Dungeon! rules: how the game ends. The race (back in the Great Hall at the end of a turn with
the class's gold) and the three solo modes: the treasure hunt (the drawn treasure, two deaths),
the time attack (the table's clock sends ``time_up``) and the hunters (level-6 monsters walking
five spaces a turn along a shortest way, secret doors open to them, never stopping for rooms,
attacking on reaching the hero, a new one when slain, their path shown). Written from the
Japanese source (勝ち方, ソロプレイ) and the rulings."""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.core.protocol import to_dict
from dungeon_table.games.dungeon import hunters
from dungeon_table.games.dungeon.rules import Dungeon

from .rules_kit import (
    ATTACK,
    BOARD,
    END,
    TABLES,
    TIME_UP,
    act,
    choose,
    distances,
    hero_of,
    legal,
    move,
    of_type,
    one,
    picks,
    play,
    refused,
    types,
    walk_home,
)


def hoard(hero: str = "cleric", **setup: Any) -> tuple[Dungeon, list[dict[str, Any]]]:
    """A hero beats an evil wizard in 6j and takes a dragon hoard (10,000 gp)."""
    return play([move("6j"), ATTACK], heroes=hero, start=["c48-35"],
                monsters_6=["evil_wizard"], treasures_6=["dragon_hoard"], dice=[6, 6], **setup)


# --- winning the race ---------------------------------------------------------------------------
def test_a_hero_ending_a_turn_in_the_great_hall_with_its_gold_wins() -> None:
    game, _ = hoard()
    events = walk_home(game)
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "returned",
                                         "winners": [0]}
    assert types(events)[-2:] == ["turn_ended", "game_ended"]
    assert game.result().winners == [0] and game.result().outcome == "dungeon.result.returned"
    assert game.to_act() == [] and legal(game, 0) == []


def test_the_win_comes_only_when_the_turn_ends_in_the_hall() -> None:
    game, _ = hoard()
    walk_home(game, turns=5)  # five turns: five squares short of the hall
    act(game, move("c33-25"), END, move("c32-25", "c31-25", "c30-25", "hall"))
    assert hero_of(game)["space"] == "hall" and game.state.turn.moves_left == 1
    assert game.phase == "move"  # in the hall with a move left: the turn goes on
    events = act(game, END)
    assert one(events, "game_ended")["winners"] == [0]


@pytest.mark.parametrize(("hero", "target"), [("rogue", 10000), ("cleric", 10000),
                                              ("fighter", 20000), ("wizard", 30000)])
def test_each_class_has_its_own_gold_to_win(hero: str, target: int) -> None:
    book = picks(*["fireball"] * 7) if hero == "wizard" else []
    game, _ = play(book, heroes=hero, dice=[1])
    assert game.view(0).heroes[0].target == target


def test_a_fighter_home_with_ten_thousand_has_not_won() -> None:
    game, _ = hoard("fighter")
    events = walk_home(game)
    assert "game_ended" not in types(events) and hero_of(game)["space"] == "hall"
    assert hero_of(game)["gp"] == 10000 and game.phase == "move"


# --- the treasure hunt --------------------------------------------------------------------------
def hunted(level: int = 1) -> str:
    game, _ = play([], mode="treasure_hunt", hunt_level=level)
    return game.state.hunt_treasure


def test_the_hunted_treasure_is_drawn_from_level_one_and_shuffled_back() -> None:
    game, _ = play([], mode="treasure_hunt")
    assert game.view(0).hunt_treasure == hunted()
    assert TABLES.treasure_level(game.state.hunt_treasure) == 1
    assert game.state.hunt_treasure in game.state.treasures[1] and len(game.state.treasures[1]) == 9


def test_a_later_hunt_may_choose_a_deeper_level() -> None:
    game, _ = play([], mode="treasure_hunt", hunt_level=4)
    assert TABLES.treasure_level(game.state.hunt_treasure) == 4 and game.state.hunt_treasure in game.state.treasures[4]


def test_finding_the_hunted_treasure_wins() -> None:
    card = hunted()
    game, events = play([move("1a"), ATTACK], mode="treasure_hunt", start=["c28-15"],
                        monsters_1=["goblins"], treasures_1=[card], dice=[6, 6])
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "found",
                                         "winners": [0]}
    assert hero_of(game)["treasures"] == [card] and game.result().winners == [0]


def test_another_treasure_does_not_end_the_hunt() -> None:
    card = hunted()
    other = next(c for c in ("sack_of_gold", "silver_bracelet") if c != card)
    game, events = play([move("1a"), ATTACK], mode="treasure_hunt", start=["c28-15"],
                        monsters_1=["goblins"], treasures_1=[other], dice=[6, 6])
    assert "game_ended" not in types(events) and game.phase == "move"


def last_room_hunt() -> tuple[Dungeon, str]:
    """A hunt with every level-1 room but 1a cleared beforehand (set directly: clearing five
    rooms by play would bury the rule under fifty steps); 1a's treasure is not the hunted one."""
    card = hunted()
    other = next(c for c in ("sack_of_gold", "silver_bracelet") if c != card)
    game, _ = play([], mode="treasure_hunt", start=["c28-15"], monsters_1=["goblins"],
                   treasures_1=[other], dice=[6, 6])
    for room in BOARD.rooms(1):
        if room != "1a":
            game.state.tokens[room] = 1
    return game, card


def test_the_hunt_is_lost_once_every_room_of_its_level_is_cleared_without_it() -> None:
    game, card = last_room_hunt()
    events = act(game, move("1a"), ATTACK)
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "out_of_reach",
                                         "winners": []}
    assert card in game.state.treasures[1] and game.result().outcome == "dungeon.result.out_of_reach"


def test_a_hunted_treasure_lying_in_a_slot_keeps_the_hunt_alive() -> None:
    from dungeon_table.games.dungeon.state import Slot

    game, card = last_room_hunt()
    game.state.treasures[1].remove(card)  # dropped under a monster waiting in the Armory
    game.state.slots[1] = Slot(slot=1, space="1A", monster="giant_rats", dropped=[card])
    events = act(game, move("1a"), ATTACK)
    assert "game_ended" not in types(events) and game.phase == "move"


def test_the_hunt_is_lost_when_the_hero_is_killed_twice() -> None:
    game, events = play([move("1a"), ATTACK, choose("fighter"),
                         move("c30-15", "c29-15", "c28-15", "1a"), ATTACK],
                        mode="treasure_hunt", start=["c28-15"], monsters_1=["giant_rats"],
                        dice=[1, 1, 6, 6, 1, 1, 6, 6])
    assert [e["deaths"] for e in of_type(events, "hero_killed")] == [1, 2]
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "killed_twice",
                                         "winners": []}
    assert game.result().winners == []


def test_one_death_does_not_end_the_hunt() -> None:
    game, _ = play([move("1a"), ATTACK], mode="treasure_hunt", start=["c28-15"],
                   monsters_1=["giant_rats"], dice=[1, 1, 6, 6])
    assert game.phase == "choose_hero" and hero_of(game)["deaths"] == 1


def test_in_the_hunt_returning_with_the_gold_is_not_a_win() -> None:
    game, _ = hoard(mode="treasure_hunt")
    events = walk_home(game)
    assert "game_ended" not in types(events) and hero_of(game)["space"] == "hall"


# --- the time attack ----------------------------------------------------------------------------
def test_the_time_attack_is_lost_when_the_clock_runs_out() -> None:
    game, _ = play([move("c30-15"), TIME_UP], mode="time_attack")
    assert game.state.end_reason == "time_up" and game.result().winners == []
    assert game.result().outcome == "dungeon.result.time_up"


@pytest.mark.parametrize(("minutes", "seconds"), [(30, 1800), (15, 900)])
def test_the_clock_is_thirty_minutes_then_shorter(minutes: int, seconds: int) -> None:
    game, _ = play([], mode="time_attack", minutes=minutes)
    assert game.view(0).time_limit == seconds


def test_the_clock_runs_from_the_first_turn_not_while_the_hero_is_chosen() -> None:
    choosing = Dungeon(["human"], seed=3, options={"mode": "time_attack"})
    assert choosing.phase == "choose_hero" and choosing.view(0).clock_running is False
    act(choosing, {"type": "choose_hero", "hero": "fighter"})
    assert choosing.phase == "move" and choosing.view(0).clock_running is True
    game, _ = play([move("c30-15"), TIME_UP], mode="time_attack")
    assert game.view(0).clock_running is False, "stopped once the game is over"


def test_time_up_is_never_a_legal_action_and_only_the_clock_sends_it() -> None:
    game, _ = play([], mode="time_attack")
    assert TIME_UP not in legal(game)
    race, _ = play([])
    assert refused(race, TIME_UP) == "time_up comes from the time attack's clock only"


def test_the_time_attack_is_won_as_the_race_is() -> None:
    game, _ = hoard(mode="time_attack")
    events = walk_home(game)
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "returned",
                                         "winners": [0]}


# --- the hunters --------------------------------------------------------------------------------
# With seed 6 the first hunter stands in 6h, whose secret door opens into room 5i.
HUNTED = {"seed": 6, "mode": "hunter", "hunter_cards": ["evil_wizard"]}


@pytest.mark.parametrize("count", [1, 2, 3])
def test_one_to_three_level_six_hunters_start_in_level_six_rooms(count: int) -> None:
    cards = ["evil_wizard", "chimera", "red_dragon"][:count]
    game, events = play([], mode="hunter", hunters=count, hunter_cards=cards)
    appeared = of_type(events, "hunter_appeared")
    assert [e["hunter"] for e in appeared] == list(range(1, count + 1))
    spaces = [e["space"] for e in appeared]
    assert all(s in BOARD.rooms(6) for s in spaces) and len(set(spaces)) == count
    assert [h.card for h in game.state.hunters] == cards
    assert all(card not in game.state.monsters[6] for card in cards)


def test_hunters_are_face_down_until_they_attack() -> None:
    game, _ = play([], **HUNTED)
    assert [h.card for h in game.view(0).hunters] == [""]
    assert game.view(None).hunters[0].card == ""


def test_a_hunter_walks_five_spaces_along_a_shortest_way_after_the_hero_s_turn() -> None:
    game, _ = play([], **HUNTED)
    shown = game.view(0).hunters[0].path
    events = act(game, END)
    walked = one(events, "hunter_moved")
    assert walked == {"type": "hunter_moved", "hunter": 1, "path": shown}
    to_hero = distances("hall")
    assert len(shown) == 5 and to_hero[shown[-1]] == to_hero["6h"] - 5
    assert game.state.hunters[0].space == shown[-1]
    assert types(events).index("hunter_moved") > types(events).index("turn_ended")


def test_a_hunter_goes_through_secret_doors_and_rooms_without_stopping() -> None:
    game, _ = play([], **HUNTED)
    path = game.view(0).hunters[0].path
    assert path[:2] == ["5i", "c15-33"]  # 6h -(secret door)- 5i -(door)- c15-33
    assert distances("6h", open_only=True)["c15-33"] > 2
    act(game, END)
    assert game.state.hunters[0].space == path[-1] and "5i" not in game.state.tokens
    assert game.state.slots == {} and len(game.state.monsters[5]) == 16  # nothing came out of 5i


def test_the_view_shows_each_hunter_s_next_move() -> None:
    game, _ = play([], **HUNTED)
    assert game.view(0).hunters[0].path == ["5i", "c15-33", "4i", "c18-30", "c17-30"]
    act(game, move("c35-20", "c35-21", "c35-22", "c35-23"))  # the way follows the hero
    path = game.view(0).hunters[0].path
    to_hero = distances("c35-23")
    assert len(path) == 5 and to_hero[path[-1]] == to_hero["6h"] - 5
    assert path == one(act(game, END), "hunter_moved")["path"]


def test_a_hunter_reaching_the_hero_turns_up_and_attacks() -> None:
    game, events = play([END], start=["c15-30"], **HUNTED)
    assert one(events, "hunter_moved")["path"] == ["5i", "c15-33", "c15-32", "c15-31",
                                                   "c15-30"]
    assert one(events, "hunter_revealed") == {"type": "hunter_revealed", "hunter": 1,
                                              "card": "evil_wizard", "space": "c15-30"}
    enc = game.view(0).encounter
    assert (game.phase, enc.hunter, enc.card, enc.need) == ("combat", 1, "evil_wizard", 11)
    assert legal(game) == [ATTACK] and game.view(0).hunters[0].card == "evil_wizard"


def test_a_hunter_strikes_back_on_a_miss_and_stays_where_it_is() -> None:
    game, events = play([END, ATTACK], start=["c15-30"], dice=[1, 1, 3, 3], **HUNTED)
    assert one(events, "counter_attack") == {"type": "counter_attack", "seat": 0,
                                             "card": "evil_wizard", "dice": [3, 3],
                                             "result": "stunned"}
    assert "monster_slotted" not in types(events) and game.state.slots == {}
    assert game.state.hunters[0].space == "c15-30" and hero_of(game)["space"] == "c15-30"
    waiting = game.view(0).waiting  # the next turn: attack it again or walk away
    assert (waiting.hunter, waiting.card, waiting.need) == (1, "evil_wizard", 11)
    assert ATTACK in legal(game) and any(a["type"] == "move" for a in legal(game))


def test_wounded_by_a_hunter_between_turns_the_hero_is_not_pushed_back() -> None:
    # the hunter came to the hero: this turn the hero walked nowhere, so it stays
    game, events = play([END, ATTACK], start=["c15-30"], dice=[1, 1, 4, 4], **HUNTED)
    assert one(events, "counter_attack")["result"] == "wounded"
    assert "pushed_back" not in types(events) and hero_of(game)["space"] == "c15-30"
    assert one(events, "lose_turn_tokens") == {"type": "lose_turn_tokens", "seat": 0,
                                               "added": 1, "total": 1}


def test_a_slain_hunter_gives_no_treasure_and_a_new_one_appears_in_a_level_six_room() -> None:
    game, events = play([END, ATTACK], start=["c15-30"], dice=[6, 6], **HUNTED)
    assert one(events, "hunter_slain") == {"type": "hunter_slain", "seat": 0, "hunter": 1,
                                           "card": "evil_wizard"}
    assert "treasure_gained" not in types(events) and hero_of(game)["treasures"] == []
    again = of_type(events, "hunter_appeared")[-1]
    assert again["hunter"] == 1 and again["space"] in BOARD.rooms(6)
    assert game.state.monster_discards[6] == ["evil_wizard"] and len(game.state.hunters) == 1
    assert game.state.hunters[0].card != "evil_wizard" and game.state.hunters[0].revealed is False


def test_treasure_dropped_to_a_hunter_lies_under_its_card_and_is_won_back_by_slaying_it() -> None:
    # 落とした宝物: 君を攻撃した怪物カードの下に表向き. The fighter wins the huge ruby in 5i; the
    # hunter comes out of 6h into 5i and attacks; the fighter misses and is stunned (drop 1).
    game, events = play([move("5i"), ATTACK, ATTACK], start=["c15-33"], monsters_5=["witch"],
                        treasures_5=["huge_ruby"], dice=[6, 6, 1, 1, 3, 3, 6, 6], **HUNTED)
    assert one(events, "treasure_dropped") == {"type": "treasure_dropped", "seat": 0,
                                               "cards": ["huge_ruby"], "space": "5i",
                                               "slot": 0, "hunter": 1}
    assert game.state.hunters[0].dropped == ["huge_ruby"] and hero_of(game)["treasures"] == []
    assert "huge_ruby" not in game.state.treasures[5].cards
    assert [h.dropped for h in game.view(None).hunters] == [["huge_ruby"]]  # face up
    events = act(game, ATTACK)  # the next turn it attacks the hunter still in its room: 6 + 6
    assert one(events, "hunter_slain")["card"] == "evil_wizard"
    assert one(events, "treasure_gained") == {"type": "treasure_gained", "seat": 0,
                                              "card": "huge_ruby", "source": "dropped"}
    assert hero_of(game)["treasures"] == ["huge_ruby"]
    assert [h.dropped for h in game.state.hunters] == [[]]  # the new hunter has nothing under it


def test_a_new_hunter_never_appears_in_the_hero_s_own_room() -> None:
    # a hunter slain in a level-6 room must not spring up there again and attack at once
    room = BOARD.rooms(6)[0]
    for seed in range(20):  # the room is drawn at random: each seed draws again
        game, _ = play([], seed=seed, start=[room], **{k: v for k, v in HUNTED.items() if k != "seed"})
        game.state.hunters.clear()
        appeared = of_type([to_dict(e) for e in hunters.new_hunter(game, 1)], "hunter_appeared")
        assert appeared[0]["space"] in BOARD.rooms(6) and appeared[0]["space"] != room


def test_a_hunter_s_kill_loses_the_game() -> None:
    game, events = play([END, ATTACK], start=["c15-30"], dice=[1, 1, 6, 6], **HUNTED)
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "hunted",
                                         "winners": []}


def test_a_hero_entering_a_hunter_s_space_fights_it() -> None:
    game, _ = play([END], start=["c16-30"], **HUNTED)
    assert game.state.hunters[0].space == "c17-30" and game.phase == "move"
    events = act(game, move("c17-30"))
    assert one(events, "hunter_revealed") == {"type": "hunter_revealed", "hunter": 1,
                                              "card": "evil_wizard", "space": "c17-30"}
    assert game.phase == "combat" and game.view(0).encounter.hunter == 1


def test_hunters_never_fight_other_monsters() -> None:
    game, _ = play([END], **HUNTED)
    assert game.state.slots == {} and game.state.tokens == {} and game.state.monster_discards[5] == []


def test_in_the_hunter_mode_returning_with_the_gold_wins() -> None:
    # on the way home the hunter catches the cleric; badly wounded (half of one treasure is
    # none) it is carried to the Great Hall, and ends its next turn there
    game, _ = play([move("6j"), ATTACK], heroes="cleric", start=["c48-35"], seed=1,
                   mode="hunter", hunter_cards=["red_dragon"], monsters_6=["evil_wizard"],
                   treasures_6=["dragon_hoard"], dice=[6, 6, 1, 1, 5, 6])
    walk_home(game)
    assert game.phase == "combat" and game.view(0).encounter.hunter == 1
    events = act(game, ATTACK)
    assert one(events, "counter_attack")["result"] == "badly_wounded"
    assert hero_of(game)["space"] == "hall" and hero_of(game)["gp"] == 10000
    assert "game_ended" not in types(events)  # not at the end of one of its own turns
    events = act(game, END)
    assert one(events, "game_ended") == {"type": "game_ended", "reason": "returned",
                                         "winners": [0]}


def test_the_results_total_counts_the_gold_brought_home_so_it_agrees_with_the_winner() -> None:
    """Play-test: the winner home with 10,000 gp showed a lower total than a hero still in the
    dungeon with more (20,000 against 28,000 at the table)."""
    game, _ = hoard("cleric,fighter")
    game.state.heroes[1].treasures = ["dragon_hoard", "dragon_hoard"]  # 20,000, far from home
    game.end_game("returned", [0])
    result = game.result()
    totals = [lines[-1] for lines in result.breakdown]
    assert [line.key for line in totals] == ["score.total", "score.total"]
    assert [line.value for line in totals] == [10000, 0]
    carried = [next(line.value for line in lines if line.key == "dungeon.score.treasure")
               for lines in result.breakdown]
    assert carried == [10000, 20000] and result.ranking == [0, 1]
