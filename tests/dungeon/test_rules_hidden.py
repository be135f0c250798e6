"""Dungeon! rules: what each seat's view hides. A wizard's spells (the count is public) and its
spell wish list (that it sealed one is public), the crystal ball's cards (for all but the scrier), the decks' order, the hunters' cards until they
attack, and the choices of the seat to act. Public: positions, treasures with their gp, slots
and what lies under them, defeat tokens, the monster a hero faces. From the rulings (Hidden
information); the property tests check the same over random games."""

from __future__ import annotations

from typing import Any

import msgspec

from dungeon_table.games.dungeon.rules import Dungeon

from .rules_kit import ATTACK, END, SEAL, act, move, of_type, peek, picks, play, scry, wish

BOOKS = [*picks(*["fireball"] * 5, "lightning", "teleport", seat=0),  # 7 and 7
         *picks(*["fireball"] * 4, "lightning", "lightning", "teleport", seat=1)]


def test_a_wizard_s_spells_are_seen_only_by_its_seat_the_count_by_all() -> None:
    game, _ = play(BOOKS, heroes="wizard,wizard", dice=[1, 1])
    mine, theirs = game.view(0).heroes[0], game.view(1).heroes[0]
    assert mine.spells == ["fireball"] * 5 + ["lightning", "teleport"]
    assert (theirs.spells, theirs.spell_count, theirs.spellbook_size) == ([], 7, 7)
    assert game.view(None).heroes[1].spells == []


# --- the sealed spell draft ---------------------------------------------------------------------
def seen(game: Dungeon, events: list[dict[str, Any]], seat: int | None) -> Any:
    """What ``seat`` has of the moment: its view and the events it was sent."""
    return (msgspec.to_builtins(game.view(seat)),
            [e for e in events if e.get("to") is None or seat in e["to"]])


def test_a_wish_list_reaches_no_other_seat_until_the_lists_are_resolved() -> None:
    # Two games that differ only in seat 0's list; seat 1 (a wizard too), seat 2 and a
    # spectator must have the same views and events in both until the last list is sealed.
    lists = (["fireball"] * 7, ["teleport"] * 6 + ["lightning"])
    games = [play([], heroes="wizard,wizard,fighter", dice=[1, 1])[0] for _ in lists]
    theirs = [wish(s, seat=1) for s in ["lightning"] * 4 + ["fireball"] * 3]
    steps = [[*sum(([wish(s, seat=0), w] for s, w in zip(own, theirs, strict=True)), []),
              {**SEAL, "seat": 0}] for own in lists]
    for one_step, other_step in zip(*steps, strict=True):
        one, other = act(games[0], one_step), act(games[1], other_step)
        for seat in (1, 2, None):
            assert seen(games[0], one, seat) == seen(games[1], other, seat), seat
    assert games[0].view(0).spell_wishes != games[1].view(0).spell_wishes
    assert [g.to_act() for g in games] == [[1], [1]]


def test_a_sealed_list_tells_the_others_only_that_it_is_sealed() -> None:
    game, events = play(picks(*["fireball"] * 7, seat=0), heroes="wizard,wizard", dice=[1, 1])
    assert of_type(events, "wishes_sealed") == [{"type": "wishes_sealed", "seat": 0}]
    assert game.view(1).spell_wishes == [] and game.view(None).spell_wishes == []
    assert game.view(0).spell_wishes == ["fireball"] * 7  # sealed: still its own to look at
    assert (game.view(0).wish_room, game.view(0).spells_to_take) == ({}, 0)  # not to act


def test_the_filled_book_is_told_to_its_wizard_the_count_to_the_others() -> None:
    _, events = play(BOOKS, heroes="wizard,wizard", dice=[1, 1])
    assert of_type(events, "spellbook_filled_hidden") == [
        {"type": "spellbook_filled_hidden", "seat": 0, "count": 7, "to": [1]},
        {"type": "spellbook_filled_hidden", "seat": 1, "count": 7, "to": [0]}]
    assert [e["to"] for e in of_type(events, "spellbook_filled")] == [[0], [1]]


def test_a_wizard_writes_its_wish_list_behind_the_privacy_screen() -> None:
    game, _ = play([], heroes="wizard,fighter,wizard", dice=[1, 1])
    assert game.handoff_reason(2, 0) == game.handoff_reason(0, None) == "dungeon.reason.wishes"
    assert game.handoff_reason(0, 0) is None


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
