"""Dungeon! rules: the special treasures. Magic swords (the bonus roll, the bonus on every
attack, 13 against a "-", one active, another takes over when it is dropped), the ESP medallion,
the crystal ball and the secret door card. Each special is won in play first (a stacked treasure
deck), then used. Written from the Japanese source (特別な宝物カード, 魔法の剣) and the rulings."""

from __future__ import annotations

import pytest

from .rules_kit import (
    ATTACK,
    END,
    ENTER,
    HOLD,
    act,
    cast,
    hero_of,
    legal,
    move,
    of_type,
    one,
    peek,
    picks,
    play,
    refused,
    scry,
    types,
)


# --- magic swords -------------------------------------------------------------------------------
@pytest.mark.parametrize(("sword", "room", "start", "monster", "roll", "bonus"), [
    ("magic_sword_1", "1a", "c28-15", "giant_rats", [6, 6], 2),
    ("magic_sword_1", "1a", "c28-15", "giant_rats", [6, 5], 1),
    ("magic_sword_2", "2c", "c20-18", "ghouls", [5, 5], 2),
    ("magic_sword_2", "2c", "c20-18", "ghouls", [4, 5], 1),
    ("magic_sword_4", "4f", "c53-20", "troll", [4, 5], 2),
    ("magic_sword_4", "4f", "c53-20", "troll", [4, 4], 1),
])
def test_a_magic_sword_s_bonus_is_rolled_when_found(sword: str, room: str, start: str,
                                                    monster: str, roll: list[int],
                                                    bonus: int) -> None:
    level = room[0]
    game, events = play([move(room), ATTACK], start=[start],
                        **{f"monsters_{level}": [monster], f"treasures_{level}": [sword]},
                        dice=[6, 6, *roll])
    assert one(events, "sword_rolled") == {"type": "sword_rolled", "seat": 0, "card": sword,
                                           "dice": roll, "bonus": bonus}
    assert (hero_of(game)["sword"], hero_of(game)["sword_bonus"]) == (sword, bonus)
    assert game.view(0).heroes[0].sword_bonus == bonus


def test_the_sword_s_bonus_is_added_to_every_attack() -> None:
    # +1 sword from 1a; then kobolds in chamber 1A need 3 of the fighter: 1 + 1 + 1 hits
    game, events = play([move("1a"), ATTACK, move("c28-15", "c27-15", "c26-15", "c25-15"),
                         END, move("c25-16", "c25-17", "c25-18", "c25-19", "c25-20"), END,
                         move("c25-21", "c25-22", "1A"), ATTACK],
                        start=["c28-15"], monsters_1=["giant_rats", "kobolds"],
                        treasures_1=["magic_sword_1"], dice=[6, 6, 1, 1, 1, 1])
    last = of_type(events, "attack_rolled")[-1]
    assert (last["card"], last["dice"], last["bonus"], last["need"], last["hit"]) == (
        "kobolds", [1, 1], 1, 3, True)
    assert game.state.tokens == {"1a": 1, "1A": 1}


def test_with_a_sword_a_dash_needs_thirteen() -> None:
    # a rogue wins a +2 sword in 4j, then meets a black pudding ("-" for a rogue) in 5l
    game, events = play([move("4j"), ATTACK, move("5l")], heroes="rogue", start=["c45-33"],
                        monsters_4=["troll"], monsters_5=["black_pudding"],
                        treasures_4=["magic_sword_4"], treasures_5=["huge_ruby"],
                        dice=[6, 6, 4, 5, 5, 6])
    enc = game.view(0).encounter
    assert (enc.need, enc.bonus) == (13, 2) and enc.chance == pytest.approx(3 / 36)
    events = act(game, ATTACK)
    assert one(events, "attack_rolled") == {"type": "attack_rolled", "seat": 0,
                                            "card": "black_pudding", "dice": [5, 6], "bonus": 2,
                                            "need": 13, "hit": True}
    assert hero_of(game)["treasures"] == ["magic_sword_4", "huge_ruby"]


def test_with_a_sword_twelve_and_one_misses_a_dash_short_of_thirteen() -> None:
    game, events = play([move("4j"), ATTACK, move("5l"), ATTACK], heroes="rogue",
                        start=["c45-33"], monsters_4=["troll"], monsters_5=["black_pudding"],
                        treasures_4=["magic_sword_4"], dice=[6, 6, 4, 4, 5, 6, 1, 1])
    rolled = of_type(events, "attack_rolled")[-1]
    assert (rolled["dice"], rolled["bonus"], rolled["need"], rolled["hit"]) == (
        [5, 6], 1, 13, False)
    assert game.state.slots[1].monster == "black_pudding"


def test_a_second_sword_is_only_treasure() -> None:
    game, events = play([move("4j"), ATTACK, move("5l"), ATTACK, move("6j"), ATTACK],
                        start=["c45-33"], monsters_4=["troll"], monsters_5=["vampire"],
                        monsters_6=["evil_wizard"], treasures_4=["magic_sword_4"],
                        treasures_5=["huge_ruby"], treasures_6=["magic_sword_6"],
                        dice=[6, 6, 3, 4, 6, 6, 6, 6])
    assert [e["card"] for e in of_type(events, "sword_rolled")] == ["magic_sword_4"]
    assert hero_of(game)["treasures"] == ["magic_sword_4", "huge_ruby", "magic_sword_6"]
    assert (hero_of(game)["sword"], hero_of(game)["sword_bonus"]) == ("magic_sword_4", 1)
    assert hero_of(game)["gp"] == 3000 + 8000 + 5000  # both swords still count as treasure


def test_a_dropped_active_sword_is_replaced_by_another_held_with_the_same_bonus() -> None:
    # +1 sword from 4j, a ruby from 5l, a second sword from 6j; stunned in 5j, the first
    # sword is the one dropped (the seeded shuffle): the second takes over at +1, unrolled
    game, events = play([move("4j"), ATTACK, move("5l"), ATTACK, move("6j"), ATTACK,
                         move("5l", "4j", "c45-33", "5j"), ATTACK],
                        start=["c45-33"], monsters_4=["troll"],
                        monsters_5=["vampire", "purple_worm"], monsters_6=["evil_wizard"],
                        treasures_4=["magic_sword_4"], treasures_5=["huge_ruby"],
                        treasures_6=["magic_sword_6"], dice=[6, 6, 3, 4, 6, 6, 6, 6, 1, 1, 3, 3])
    assert one(events, "treasure_dropped")["cards"] == ["magic_sword_4"]
    assert (hero_of(game)["sword"], hero_of(game)["sword_bonus"]) == ("magic_sword_6", 1)
    assert len(of_type(events, "sword_rolled")) == 1


def test_a_dropped_only_sword_takes_its_bonus_with_it() -> None:
    game, events = play([move("4j"), ATTACK, move("5l"), ATTACK], start=["c45-33"],
                        monsters_4=["troll"], monsters_5=["purple_worm"],
                        treasures_4=["magic_sword_4"], dice=[6, 6, 4, 5, 1, 1, 3, 3])
    assert one(events, "treasure_dropped")["cards"] == ["magic_sword_4"]
    assert (hero_of(game)["sword"], hero_of(game)["sword_bonus"]) == ("", 0)
    assert game.state.slots[1].dropped == ["magic_sword_4"]


# --- the ESP medallion --------------------------------------------------------------------------
ESP_WON = [move("5l"), ATTACK]  # from c40-38: a vampire beaten in 5l gives the medallion


def esp_game(*actions: dict, monsters_6: list[str] | None = None):  # type: ignore[no-untyped-def]
    return play([*ESP_WON, *actions], start=["c40-38"], monsters_5=["vampire"],
                treasures_5=["esp_medallion"], monsters_6=monsters_6 or ["red_dragon"],
                treasures_6=["dragon_hoard"], dice=[6, 6])


def test_the_esp_medallion_shows_a_room_s_monster_from_its_door() -> None:
    game, _ = esp_game()
    assert game.view(0).peek_targets == {"esp": ["4j", "6j"]}
    events = act(game, peek("6j", "esp"))
    assert one(events, "monster_revealed") == {"type": "monster_revealed", "seat": 0,
                                               "space": "6j", "card": "red_dragon",
                                               "source": "esp", "slot": 0}
    assert game.phase == "doorway" and hero_of(game)["space"] == "5l"
    assert game.view(0).doorway.card == "red_dragon" and game.view(0).esp_used is True
    assert legal(game) == [{"type": "enter"}, {"type": "hold"}]


def test_after_an_esp_peek_the_hero_may_go_in_and_fight_what_it_saw() -> None:
    game, _ = esp_game(peek("6j", "esp"))
    events = act(game, ENTER)
    assert one(events, "moved") == {"type": "moved", "seat": 0, "path": ["6j"], "moves_left": 4}
    assert game.phase == "combat" and game.state.encounter.card == "red_dragon"
    assert game.state.monsters[6].top != "red_dragon"


def test_holding_back_after_an_esp_peek_discards_the_card_and_ends_the_turn() -> None:
    game, _ = esp_game(peek("6j", "esp"))
    events = act(game, HOLD)
    assert types(events)[:3] == ["monster_discarded", "turn_ended", "turn_started"]
    assert game.state.monster_discards[6] == ["red_dragon"] and game.state.slots == {}
    assert hero_of(game)["space"] == "5l" and "6j" not in game.state.tokens


def test_the_esp_medallion_may_be_used_in_the_middle_of_a_move() -> None:
    game, _ = esp_game(move("c40-38"), peek("4l", "esp"))
    events = act(game, ENTER)
    assert one(events, "moved")["moves_left"] == 3
    assert hero_of(game)["space"] == "4l" and game.phase == "combat"


def test_the_esp_medallion_works_once_a_turn() -> None:
    game, _ = esp_game(peek("6j", "esp"))
    assert refused(game, peek("4j", "esp")) == (
        "peek is not possible now: cast a spell at the monster seen, enter, or hold back")
    act(game, HOLD)
    assert game.view(0).peek_targets == {"esp": ["4j", "6j"]}  # a new turn, a new peek


def test_a_peek_needs_the_medallion() -> None:
    game, _ = play([], start=["c40-38"])
    assert refused(game, peek("5l", "esp")) == "a peek with esp needs the ESP medallion"


# --- the crystal ball ---------------------------------------------------------------------------
CB_WON = [move("4f"), ATTACK, END]  # seat 0 (cleric, from c53-20) wins the ball; seat 1 waits


def crystal_game(*actions: dict):  # type: ignore[no-untyped-def]
    return play([*CB_WON, *actions], heroes="cleric,fighter", start=["c53-20", "c53-25"],
                monsters_4=["troll", "giant"], treasures_4=["crystal_ball", "jade_idol"],
                dice=[6, 6, 6, 6])


def test_the_crystal_ball_draws_a_room_s_monster_and_treasure_face_down_into_a_slot() -> None:
    game, events = crystal_game(scry("4g"))
    assert one(events, "scried") == {"type": "scried", "seat": 0, "space": "4g",
                                     "monster": "giant", "treasure": "jade_idol", "slot": 1,
                                     "to": [0]}
    slot = game.state.slots[1]
    assert (slot.space, slot.monster, slot.treasure, slot.face_down) == (
        "4g", "giant", "jade_idol", True)
    assert "giant" not in game.state.monsters[4] and "jade_idol" not in game.state.treasures[4]


def test_the_crystal_ball_is_used_instead_of_moving_and_ends_the_turn() -> None:
    game, _ = crystal_game()
    events = act(game, scry("4g"))
    assert "moved" not in types(events) and hero_of(game)["space"] == "4f"
    assert types(events)[-2:] == ["turn_ended", "turn_started"] and game.state.active == 1
    moved, _ = crystal_game(move("c53-20"))
    assert refused(moved, scry("4g")) == "the crystal ball is used instead of moving, once a turn"


def test_only_the_scrier_sees_the_crystal_ball_s_cards() -> None:
    game, events = crystal_game(scry("4g"))
    assert game.view(0).slots[0].monster == "giant"
    assert game.view(0).slots[0].treasure == "jade_idol"
    other = game.view(1).slots[0]
    assert (other.monster, other.treasure, other.face_down) == ("", "", True)
    assert game.view(None).slots[0].monster == ""
    hidden = one(events, "scried_hidden")
    assert hidden == {"type": "scried_hidden", "seat": 0, "space": "4g", "slot": 1, "to": [1]}


def test_scried_cards_turn_up_when_a_hero_enters_and_its_treasure_is_the_one_won() -> None:
    game, events = crystal_game(scry("4g"), move("4g"), ATTACK)
    revealed = of_type(events, "monster_revealed")[-1]
    assert (revealed["seat"], revealed["card"], revealed["source"]) == (1, "giant", "scried")
    assert of_type(events, "treasure_gained")[-1] == {"type": "treasure_gained", "seat": 1,
                                                      "card": "jade_idol", "source": "scried"}
    assert hero_of(game, 1)["treasures"] == ["jade_idol"] and game.state.slots == {}


def test_scrying_needs_the_crystal_ball() -> None:
    game, _ = play([])
    assert refused(game, scry("1a")) == "scrying needs the crystal ball"


# --- the secret door card -----------------------------------------------------------------------
CARD_WON = [move("1b"), ATTACK]  # from c33-15: goblins beaten in 1b give the secret door card


def test_with_the_secret_door_card_no_find_roll_is_needed() -> None:
    game, events = play([*CARD_WON, move("c33-10")], start=["c33-15"], monsters_1=["goblins"],
                        treasures_1=["secret_door_card"], dice=[6, 6])
    assert one(events, "secret_door_rolled") == {"type": "secret_door_rolled", "seat": 0,
                                                 "door": "s33-11", "die": 0, "need": 5,
                                                 "found": True}
    assert hero_of(game)["space"] == "c33-10" and hero_of(game)["found_doors"] == ["s33-11"]
    assert game.view(0).secret_door_need == 0 and game.view(0).heroes[0].secret_door_card


def test_doors_found_with_the_card_stay_open_after_it_is_dropped() -> None:
    # the card is the only treasure; stunned in chamber 1B it is dropped; the door found with
    # it is passed again without a roll
    game, events = play([*CARD_WON, move("c33-10", "1B"), ATTACK, move("c33-10", "1b")],
                        start=["c33-15"], monsters_1=["goblins", "giant_rats"],
                        treasures_1=["secret_door_card"], dice=[6, 6, 1, 1, 3, 3])
    assert one(events, "treasure_dropped")["cards"] == ["secret_door_card"]
    assert len(of_type(events, "secret_door_rolled")) == 1
    assert hero_of(game)["space"] == "1b" and game.view(0).secret_door_need == 5


def test_a_secret_door_entered_from_the_doorway_with_the_card_counts_as_found() -> None:
    # a wizard wins the card in 1b, walks to c43-15 and fireballs chamber 2A behind s43-16
    walk = [move("c33-15", "c34-15", "c35-15", "c36-15", "c37-15"), END,
            move("c38-15", "c39-15", "c40-15", "c41-15", "c42-15"), END, move("c43-15")]
    game, events = play([*picks(*["fireball"] * 7), *CARD_WON, *walk, peek("2A", "spell"),
                         cast("fireball")], heroes="wizard", start=["c33-15"],
                        monsters_1=["goblins"], monsters_2=["ghouls"],
                        treasures_1=["secret_door_card"], dice=[1, 6, 6, 6, 6])
    assert one(events, "secret_door_rolled") == {"type": "secret_door_rolled", "seat": 0,
                                                 "door": "s43-16", "die": 0, "need": 5,
                                                 "found": True}
    assert hero_of(game)["space"] == "2A" and hero_of(game)["found_doors"] == ["s43-16"]
