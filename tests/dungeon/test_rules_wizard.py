"""Dungeon! rules: the wizard. The spellbook (1d6 + 6, two wizards picking in turn, here by a
sealed draft of wish lists), one spell a turn, fireball and lightning from the doorway (the monster drawn first, the spell chosen after, a
miss with no counter-attack), teleport from a chamber, the refill in the Great Hall, and the
magic sword a wizard may hold but never use. Written from the Japanese source
(ウィザードの為の特別ルール) and the rulings."""

from __future__ import annotations

import pytest

from .rules_kit import (
    ATTACK,
    END,
    ENTER,
    HOLD,
    REFILL,
    SEAL,
    UNWISH,
    act,
    cast,
    choose,
    hero_of,
    legal,
    move,
    of_type,
    one,
    peek,
    picks,
    play,
    refused,
    teleport,
    types,
    wish,
)

SEVEN_FIREBALLS = picks(*["fireball"] * 7)            # with a stacked 1: a book of seven
MIXED = picks(*["fireball"] * 3, *["lightning"] * 3, "teleport")


# --- the spellbook ------------------------------------------------------------------------------
def test_a_wizard_s_spellbook_holds_one_die_plus_six_spells() -> None:
    game, events = play([], heroes="wizard", dice=[3])
    assert one(events, "spellbook_rolled") == {"type": "spellbook_rolled", "seat": 0, "die": 3,
                                               "size": 9}
    view = game.view(0)
    assert (view.phase, view.spells_to_take, view.spell_wishes) == ("spells", 9, [])
    assert view.wish_room == {"fireball": 9, "lightning": 9, "teleport": 6}
    events = act(game, *picks(*["lightning"] * 9))
    assert one(events, "spellbook_filled") == {"type": "spellbook_filled", "seat": 0,
                                               "spells": ["lightning"] * 9, "replaced": 0,
                                               "to": [0]}
    assert game.phase == "move" and hero_of(game)["spells"] == ["lightning"] * 9
    assert game.state.spell_supply == {"fireball": 9, "lightning": 0, "teleport": 6}


def test_two_wizards_write_their_wish_lists_at_once_and_take_spells_alternately() -> None:
    # ウィザードが２人いる時、呪文の書を満たすまで交互に呪文を１つずつ選ぶ: both want only
    # fireballs; the nine go 1st, 2nd, 1st... (seat 0 takes five, seat 1 four), then lightning.
    game, events = play([], heroes="wizard,wizard", dice=[1, 2])
    assert [e["size"] for e in of_type(events, "spellbook_rolled")] == [7, 8]
    assert game.to_act() == [0, 1] and game.view(0).draft_order == [0, 1]
    events = act(game, *picks(*["fireball"] * 8, seat=1), *picks(*["fireball"] * 7, seat=0))
    assert [e["seat"] for e in of_type(events, "wishes_sealed")] == [1, 0]
    assert sorted(hero_of(game, 0)["spells"]) == ["fireball"] * 5 + ["lightning"] * 2
    assert sorted(hero_of(game, 1)["spells"]) == ["fireball"] * 4 + ["lightning"] * 4
    assert game.phase == "move" and game.state.active == 0


def test_a_wish_the_supply_no_longer_holds_gives_way_to_the_next_one_still_there() -> None:
    # Six teleports for two lists of four: three each. Seat 0 then takes its lightning bolts,
    # seat 1 its fireballs; each last wish (a teleport) is gone: the first spell left instead.
    game, _ = play([*picks(*["teleport"] * 4, *["lightning"] * 3, seat=0),
                    *picks(*["teleport"] * 4, *["fireball"] * 4, seat=1)],
                   heroes="wizard,wizard", dice=[1, 2])
    assert game.state.heroes[0].spells == ["teleport"] * 3 + ["lightning"] * 3 + ["fireball"]
    assert game.state.heroes[1].spells == ["teleport"] * 3 + ["fireball"] * 5
    assert game.state.spell_supply == {"fireball": 3, "lightning": 6, "teleport": 0}


def test_a_wizard_learns_how_many_wishes_were_replaced() -> None:
    _, events = play([*picks(*["teleport"] * 4, *["lightning"] * 3, seat=0),
                      *picks(*["teleport"] * 4, *["fireball"] * 4, seat=1)],
                     heroes="wizard,wizard", dice=[1, 2])
    filled = of_type(events, "spellbook_filled")
    assert [(e["seat"], e["replaced"], e["to"]) for e in filled] == [(0, 1, [0]), (1, 1, [1])]


def test_a_wish_list_takes_no_more_of_a_spell_than_the_game_has() -> None:
    game, _ = play([wish("teleport")] * 6, heroes="wizard", dice=[6])
    assert game.view(0).wish_room == {"fireball": 9, "lightning": 9}
    assert refused(game, wish("teleport")) == (
        "the game has 6 teleport spells: your book and list hold them all")


def test_a_wish_list_is_sealed_once_it_is_as_long_as_the_book() -> None:
    game, _ = play([wish("fireball")] * 6, heroes="wizard", dice=[1])
    assert refused(game, SEAL) == "the wish list needs 1 more wishes"
    act(game, wish("lightning"))
    assert refused(game, wish("fireball")) == (
        "the wish list is full: seal it, or take the last wish off")
    assert legal(game) == [UNWISH, SEAL]


def test_the_last_wish_may_be_taken_off_until_the_list_is_sealed() -> None:
    game, events = play([wish("fireball"), wish("teleport"), UNWISH, wish("lightning")],
                        heroes="wizard", dice=[1])
    assert game.view(0).spell_wishes == ["fireball", "lightning"]
    assert "wishes_sealed" not in types(events) and game.phase == "spells"
    game, _ = play([], heroes="wizard", dice=[1])
    assert refused(game, UNWISH) == "the wish list is empty"


def test_only_a_wizard_writes_a_wish_list() -> None:
    game, events = play([], heroes="fighter,wizard", dice=[2])
    assert [e["seat"] for e in of_type(events, "spellbook_rolled")] == [1]
    assert game.to_act() == [1] and game.phase == "spells"
    assert game.view(1).heroes[0].spellbook_size == 0


# --- fireball and lightning from the doorway ----------------------------------------------------
def test_a_spell_peek_draws_the_monster_before_the_spell_is_chosen() -> None:
    game, events = play([*MIXED, peek("1a", "spell")], heroes="wizard", start=["c28-15"],
                        monsters_1=["giant_rats"], dice=[1])
    assert one(events, "monster_revealed")["source"] == "spell"
    view = game.view(0)
    assert (view.phase, view.doorway.card, view.doorway.spell_need) == (
        "doorway", "giant_rats", {"fireball": 2, "lightning": 7})
    assert legal(game) == [cast("fireball"), cast("lightning"), ENTER, HOLD]
    assert hero_of(game)["space"] == "c28-15"


def test_the_doorway_gives_the_wizard_alone_each_spell_s_chance_as_a_fight_gives_its_own() -> None:
    game, _ = play([*MIXED, peek("1a", "spell")], heroes="wizard,fighter",
                   start=["c28-15", "hall"], monsters_1=["giant_rats"], dice=[1])
    assert game.view(0).doorway.spell_chance == {"fireball": 1.0, "lightning": 21 / 36}
    assert game.view(1).doorway.spell_chance == {}


def test_a_fireball_that_hits_clears_the_room_and_the_wizard_walks_in_for_its_treasure() -> None:
    game, events = play([*MIXED, peek("1a", "spell"), cast("fireball")], heroes="wizard",
                        start=["c28-15"], monsters_1=["giant_rats"],
                        treasures_1=["silver_bracelet"], dice=[1, 1, 1])
    assert one(events, "spell_cast") == {"type": "spell_cast", "seat": 0, "spell": "fireball",
                                         "space": "1a", "target": "giant_rats", "dice": [1, 1],
                                         "need": 2, "hit": True}
    assert types(events)[-6:] == ["spell_cast", "moved", "monster_defeated", "treasure_gained",
                                  "turn_ended", "turn_started"]
    assert hero_of(game)["space"] == "1a" and hero_of(game)["treasures"] == ["silver_bracelet"]
    assert hero_of(game)["spells"].count("fireball") == 2 and game.state.tokens == {"1a": 1}


def test_a_missed_lightning_bolt_leaves_the_monster_waiting_and_brings_no_counter_attack() -> None:
    game, events = play([*MIXED, peek("1a", "spell"), cast("lightning")], heroes="wizard",
                        start=["c28-15"], monsters_1=["giant_rats"], dice=[1, 3, 3])
    assert one(events, "spell_cast")["hit"] is False
    assert "counter_attack" not in types(events) and "treasure_dropped" not in types(events)
    assert one(events, "monster_slotted") == {"type": "monster_slotted", "space": "1a",
                                              "card": "giant_rats", "slot": 1,
                                              "face_down": False}
    assert hero_of(game)["space"] == "c28-15" and game.state.turn_no == 2


def test_a_spell_marked_dash_cannot_be_cast_at_that_monster() -> None:
    # gargoyle: no fireball, lightning 4
    game, _ = play([*MIXED, peek("3e", "spell")], heroes="wizard", start=["c18-15"],
                   monsters_3=["gargoyle"], dice=[1])
    assert game.view(0).doorway.spell_need == {"fireball": 0, "lightning": 4}
    assert legal(game) == [cast("lightning"), ENTER, HOLD]
    assert refused(game, cast("fireball")) == 'a fireball cannot hurt this monster ("-")'


def test_a_trap_seen_from_the_doorway_cannot_be_spelled() -> None:
    game, _ = play([*MIXED, peek("1a", "spell")], heroes="wizard", start=["c28-15"],
                   monsters_1=["cage_trap_1"], dice=[1])
    assert game.view(0).doorway.trap is True and legal(game) == [ENTER, HOLD]
    assert refused(game, cast("fireball")) == "a trap cannot be spelled: enter or hold back"


def test_holding_back_from_a_spell_peek_leaves_the_monster_waiting() -> None:
    game, events = play([*MIXED, peek("1a", "spell"), HOLD], heroes="wizard", start=["c28-15"],
                        monsters_1=["giant_rats"], dice=[1])
    assert one(events, "monster_slotted")["slot"] == 1 and game.state.monster_discards[1] == []
    assert hero_of(game)["spells"].count("fireball") == 3  # nothing was cast


def test_a_spell_may_be_cast_at_a_monster_already_waiting() -> None:
    game, events = play([*MIXED, peek("1a", "spell"), cast("lightning"),
                         peek("1a", "spell"), cast("fireball")],
                        heroes="wizard", start=["c28-15"], monsters_1=["giant_rats"],
                        treasures_1=["sack_of_gold"], dice=[1, 1, 1, 6, 6])
    revealed = of_type(events, "monster_revealed")
    assert [(e["source"], e["slot"]) for e in revealed] == [("spell", 0), ("slot", 1)]
    assert game.state.slots == {} and hero_of(game)["space"] == "1a"
    assert hero_of(game)["treasures"] == ["sack_of_gold"]


def test_a_wizard_casts_one_spell_a_turn() -> None:
    # a teleport into an uncleared chamber: the wizard must fight there, no second spell
    book = picks(*["fireball"] * 3, *["lightning"] * 2, "teleport", "teleport")
    game, _ = play([*book, move("1A"), teleport("2A")], heroes="wizard", start=["c25-22"],
                   monsters_1=["goblins"], monsters_2=["ghouls"], dice=[1])
    assert game.phase == "combat" and game.view(0).spell_cast is True
    assert legal(game) == [ATTACK]
    assert refused(game, teleport("1A")) == "a wizard casts one spell a turn"


def test_a_wizard_may_attack_as_any_hero_instead_of_casting() -> None:
    game, events = play([*MIXED, move("1a"), ATTACK], heroes="wizard", start=["c28-15"],
                        monsters_1=["giant_rats"], dice=[1, 3, 3])
    assert one(events, "attack_rolled")["need"] == 6 and one(events, "attack_rolled")["hit"]
    assert len(hero_of(game)["spells"]) == 7


# --- teleport -----------------------------------------------------------------------------------
def test_teleport_leaves_the_chamber_s_monster_unfought_and_meets_the_new_chamber_s() -> None:
    game, events = play([*MIXED, move("1A")], heroes="wizard", start=["c25-22"],
                        monsters_1=["goblins"], monsters_2=["ghouls"], dice=[1])
    assert game.view(0).encounter.teleport_to == ["1B", "2A", "2B"]
    events = act(game, teleport("2A"))
    assert types(events)[:4] == ["spell_cast", "monster_slotted", "teleported",
                                 "monster_revealed"]
    assert game.state.slots[1].space == "1A" and game.state.slots[1].monster == "goblins"
    assert hero_of(game)["space"] == "2A" and game.state.encounter.card == "ghouls"
    assert "teleport" not in hero_of(game)["spells"]


def test_teleport_away_from_a_monster_waiting_in_the_chamber_at_the_turn_s_start() -> None:
    # a miss in 1A (the goblins wait in slot 1); the next turn, before any fight, a teleport
    game, _ = play([*MIXED, move("1A"), ATTACK], heroes="wizard", start=["c25-22"],
                   monsters_1=["goblins"], monsters_2=["ghouls"], dice=[1, 1, 1, 1, 1])
    assert game.phase == "move" and game.view(0).waiting.card == "goblins"
    assert [a for a in legal(game) if a["type"] == "teleport"] == [
        teleport("1B"), teleport("2A"), teleport("2B")]
    events = act(game, teleport("2B"))
    assert types(events)[:3] == ["spell_cast", "teleported", "monster_revealed"]
    assert (game.state.slots[1].space, game.state.slots[1].monster) == ("1A", "goblins")
    assert hero_of(game)["space"] == "2B" and game.state.encounter.card == "ghouls"


def test_teleport_reaches_chambers_one_level_up_the_same_or_one_down() -> None:
    game, _ = play([*MIXED, move("2B")], heroes="wizard", start=["c25-32"],
                   monsters_2=["ghouls"], dice=[1])
    assert game.view(0).encounter.teleport_to == ["1A", "1B", "2A", "3A", "3B"]
    assert refused(game, teleport("4A")) == (
        "4A is not a chamber one level up, the same level or one down")


def test_teleport_is_cast_only_from_a_chamber() -> None:
    game, _ = play([*MIXED, move("1a")], heroes="wizard", start=["c28-15"],
                   monsters_1=["giant_rats"], dice=[1])
    assert game.view(0).encounter.teleport_to == [] and legal(game) == [ATTACK]
    assert refused(game, teleport("1A")) == "a teleport starts from a chamber"


# --- the refill ---------------------------------------------------------------------------------
TWO_CAST = [peek("1a", "spell"), cast("lightning"),      # turn 1: a miss, the rats wait
            peek("1a", "spell"), cast("fireball"),       # turn 2: a hit, into 1a
            move("c28-15", "c29-15", "c30-15", "hall"), END]  # turn 3: home


@pytest.mark.parametrize(("die", "count"), [(1, 1), (6, 2)])
def test_a_refill_takes_a_die_of_spells_up_to_the_starting_count(die: int, count: int) -> None:
    game, events = play([*MIXED, *TWO_CAST, REFILL], heroes="wizard", start=["c28-15"],
                        monsters_1=["giant_rats"], dice=[1, 1, 1, 6, 6, die])
    assert one(events, "refill_rolled") == {"type": "refill_rolled", "seat": 0, "die": die,
                                            "count": count}
    assert game.view(0).spells_to_take == count and game.phase == "spells"
    events = act(game, *picks(*["teleport"] * count))
    assert len(hero_of(game)["spells"]) == 5 + count
    assert types(events)[-2:] == ["turn_ended", "turn_started"]  # the refill is the whole turn


def test_a_refill_needs_the_last_turn_ended_in_the_great_hall() -> None:
    game, _ = play([*MIXED, *TWO_CAST[:4]], heroes="wizard", start=["c28-15"],
                   monsters_1=["giant_rats"], dice=[1, 1, 1, 6, 6])
    act(game, move("c28-15", "c29-15", "c30-15", "hall"))
    assert game.view(0).can_refill is False
    assert refused(game, REFILL) == "a refill needs the last turn ended in the Great Hall"


def test_a_full_spellbook_takes_no_refill() -> None:
    game, _ = play([*MIXED, END], heroes="wizard", dice=[1])
    assert game.view(0).can_refill is False
    assert refused(game, REFILL) == "your spellbook is full"


# --- the wizard and the magic sword; a wizard's death -------------------------------------------
def test_a_wizard_keeps_a_magic_sword_as_treasure_but_never_uses_it() -> None:
    game, events = play([*MIXED, move("1a"), ATTACK, move("c28-15"), move("1a"), END],
                        heroes="wizard", start=["c28-15"], monsters_1=["giant_rats"],
                        treasures_1=["magic_sword_1"], dice=[1, 3, 3])
    assert "sword_rolled" not in types(events)
    assert hero_of(game)["treasures"] == ["magic_sword_1"] and hero_of(game)["gp"] == 500
    assert (hero_of(game)["sword"], hero_of(game)["sword_bonus"]) == ("", 0)
    assert game.attack_need(0, "giant_rats") == (6, 0)


def test_a_killed_wizard_s_spells_go_back_and_a_new_wizard_fills_a_new_book() -> None:
    game, events = play([*MIXED, move("1a"), ATTACK, choose("wizard")], heroes="wizard",
                        start=["c28-15"], monsters_1=["giant_rats"], dice=[1, 1, 1, 6, 6, 4])
    assert game.state.spell_supply == {"fireball": 9, "lightning": 9, "teleport": 6}
    assert of_type(events, "spellbook_rolled")[-1]["size"] == 10
    assert game.phase == "spells" and game.view(0).spells_to_take == 10
    assert hero_of(game)["spells"] == [] and hero_of(game)["space"] == "hall"
