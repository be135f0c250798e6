"""Dungeon! rules: what each seat's view hides. A wizard's spells (the count is public), the
crystal ball's cards (for all but the scrier), the decks' order, the hunters' cards until they
attack, and the choices of the seat to act. Public: positions, treasures with their gp, slots
and what lies under them, defeat tokens, the monster a hero faces. From the rulings (Hidden
information); the property tests check the same over random games."""

from __future__ import annotations

from .rules_kit import ATTACK, END, act, move, of_type, peek, picks, play, scry

BOOKS = picks(*["fireball"] * 9, *["lightning"] * 3, "teleport", "teleport")  # 7 and 7


def test_a_wizard_s_spells_are_seen_only_by_its_seat_the_count_by_all() -> None:
    game, _ = play(BOOKS, heroes="wizard,wizard", dice=[1, 1])
    mine, theirs = game.view(0).heroes[0], game.view(1).heroes[0]
    assert mine.spells == ["fireball"] * 5 + ["lightning", "teleport"]  # picks 1, 3, 5...
    assert (theirs.spells, theirs.spell_count, theirs.spellbook_size) == ([], 7, 7)
    assert game.view(None).heroes[1].spells == []


def test_a_spell_pick_tells_the_others_only_that_a_spell_was_taken() -> None:
    _, events = play(BOOKS[:2], heroes="wizard,wizard", dice=[1, 1])
    taken = of_type(events, "spell_taken")
    hidden = of_type(events, "spell_taken_hidden")
    assert taken[0] == {"type": "spell_taken", "seat": 0, "spell": "fireball", "to": [0]}
    assert hidden[0] == {"type": "spell_taken_hidden", "seat": 0, "to": [1]}


def test_the_spell_choices_are_shown_only_to_the_wizard_picking() -> None:
    game, _ = play(BOOKS[:3], heroes="wizard,wizard", dice=[1, 1])
    assert game.active == 1 and game.view(1).spells_to_take == 6
    assert (game.view(0).spell_choices, game.view(0).spells_to_take) == ({}, 0)


def test_the_crystal_ball_s_cards_are_hidden_from_all_but_the_scrier_until_turned_up() -> None:
    game, events = play([move("4f"), ATTACK, END, scry("4g")], heroes="cleric,fighter",
                        start=["c53-20", "c53-25"], monsters_4=["troll", "giant"],
                        treasures_4=["crystal_ball", "jade_idol"], dice=[6, 6])
    slotted = of_type(events, "monster_slotted")
    assert slotted == [{"type": "monster_slotted", "space": "4g", "card": "giant", "slot": 1,
                        "face_down": True, "to": [0]},
                       {"type": "monster_slotted", "space": "4g", "card": "", "slot": 1,
                        "face_down": True, "to": [1]}]
    assert game.view(1).slots[0].monster == "" and game.view(0).slots[0].monster == "giant"
    act(game, move("4g"))  # seat 1 walks in: the cards turn up for everyone
    assert game.view(1).slots[0].monster == "giant" and not game.view(1).slots[0].face_down


def test_the_decks_show_only_their_counts() -> None:
    game, _ = play([move("1a")], start=["c28-15"], monsters_1=["goblins"])
    deck = game.view(0).decks[0]
    assert (deck.level, deck.monsters, deck.treasures, deck.discard_pile) == (1, 6, 9, [])


def test_the_choices_of_the_seat_to_act_are_in_its_view_only() -> None:
    game, _ = play([], heroes="fighter,rogue")
    assert game.view(0).moves and game.view(0).can_end_turn
    other = game.view(1)
    assert (other.moves, other.can_end_turn, other.moves_left, other.peek_targets) == (
        {}, False, 0, {})


def test_the_monster_a_hero_faces_is_public_its_spell_numbers_are_not() -> None:
    game, _ = play([*picks(*["fireball"] * 7), peek("1a", "spell")], heroes="wizard,fighter",
                   start=["c28-15", "hall"], monsters_1=["giant_rats"], dice=[1])
    assert game.view(1).doorway.card == "giant_rats" and game.view(1).doorway.spell_need == {}
    assert game.view(0).doorway.spell_need == {"fireball": 2}


def test_treasures_held_and_dropped_are_public() -> None:
    game, _ = play([move("1a"), ATTACK], heroes="fighter,rogue", start=["c28-15", "hall"],
                   monsters_1=["goblins"], treasures_1=["silver_bracelet"], dice=[6, 6])
    seen = game.view(1).heroes[0]
    assert (seen.treasures, seen.gp) == (["silver_bracelet"], 750)
    assert game.view(1).defeat_tokens == {"1a": 1}
