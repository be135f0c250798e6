"""Last Dungeon Pocket, one test per rule, each arranged with stacked decks (see ld_helpers.STACK)."""

from __future__ import annotations

import pytest

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.script import ScriptError
from dungeon_table.games.lastdungeon import model as m

from .ld_helpers import STACK, act, beat, every_card, from_top, of_type, script

FIGHT = {"type": "fight"}


# --- setup -------------------------------------------------------------------------------------
def test_setup_follows_the_source() -> None:
    game, _ = script([])
    state = game.state
    assert state.rooms == [None, "e_armory", "e_forge", None]
    assert state.expansion_rooms == ["e_cavein", "e_library"]
    # 01.6: the first card of each level deck, face down: the handle names its level only.
    assert state.crystals == [("crystal_l1", 1), ("crystal_l2", 2), ("crystal_l3", 3)]
    assert state.face_down == {"crystal_l1": "a1_thief", "crystal_l2": "a2_knight",
                               "crystal_l3": "a3_paladin"}
    assert state.adventurer.card == "a1_villager" and state.position == 0
    assert from_top(state.adventurer_deck) == [
        "a1_squire", "a1_hunter", "a1_acolyte", "e_shortcut",
        "a2_mage", "a2_warrior", "a2_priest", "a2_ranger", "e_tavern",
        "a3_sage", "a3_ninja", "a3_swordmaster", "a3_berserker", "e_pickpocket", "hero"]
    assert state.hand == ["d_golem", "d_skeleton", "d_pit", "d_goblin"]
    assert from_top(state.draw_pile) == ["d_slime", "d_bat"]
    assert sorted(every_card(game)) == sorted(set(every_card(game)))


def test_stack_names_an_unknown_card() -> None:
    with pytest.raises(ScriptError, match="d_dragon"):
        script([], stack={"hand_deck": ["d_dragon"]})


def test_stack_names_an_unknown_deck() -> None:
    with pytest.raises(ValueError, match="unknown deck 'hand'"):
        registry.new_game("lastdungeon", ["human"], 1, stack={"hand": ["d_goblin"]})


def test_starting_crystals_stay_face_down_in_the_view() -> None:
    game, _ = script([])
    text = str(game.view(0))
    assert [c.card for c in game.view(0).crystals] == ["crystal_l1", "crystal_l2", "crystal_l3"]
    assert not any(card in text for card in ("a1_thief", "a2_knight", "a3_paladin"))
    act(game, FIGHT, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l3"})
    assert "a3_paladin" not in str(game.view(0)) and game.view(0).removed == ["crystal_l3"]


def test_view_shows_the_back_of_the_next_adventurer_only() -> None:
    game, _ = script([])
    view = game.view(0)
    assert view.deck_top == "level1" and view.deck_count == 15
    assert view.hand == ["d_golem", "d_skeleton", "d_pit", "d_goblin"]
    assert view.hand_costs == [2, 1, 1, 0]
    assert game.view(None).hand is None


# --- A. actions --------------------------------------------------------------------------------
def test_treasure_space_counts_so_three_spaces_at_start() -> None:
    game, _ = script([])
    spaces = {a.space for a in game.legal_actions(0) if isinstance(a, m.Play)}
    assert spaces == {1, 2, 3}


def test_play_cost_discards_other_hand_cards() -> None:
    game, events = script([{"type": "play", "card": "d_skeleton", "space": 1},
                           {"type": "discard", "card": "d_goblin"}])
    assert of_type(events, "cards_discarded") == [
        {"type": "cards_discarded", "cards": ["d_goblin"], "reason": "cost"}]
    assert of_type(events, "card_played") == [
        {"type": "card_played", "card": "d_skeleton", "space": 1, "cost": 1, "damage": 4}]
    assert game.state.hand == ["d_golem", "d_pit"] and game.state.discard == ["d_goblin"]


def test_pay_cost_moves_cards_only_when_the_cost_is_met() -> None:
    game, _ = script([{"type": "play", "card": "d_golem", "space": 3},
                      {"type": "discard", "card": "d_goblin"}])
    assert game.phase == "pay_cost" and game.view(0).pending.chosen == ["d_goblin"]
    assert game.state.hand == ["d_golem", "d_skeleton", "d_pit", "d_goblin"]
    assert game.state.discard == []


def test_cancel_abandons_the_play_with_nothing_lost() -> None:
    before, _ = script([])
    game, _ = script([{"type": "play", "card": "d_golem", "space": 3},
                      {"type": "discard", "card": "d_goblin"}, {"type": "cancel"}])
    assert game.state_dict() == before.state_dict()


def test_cost_is_paid_only_with_other_hand_cards() -> None:
    # goblin and pit (cost 1 - 1 on the forge) leave the golem (2) and the skeleton (1) in hand.
    game, _ = script([{"type": "play", "card": "d_goblin", "space": 1},
                      {"type": "play", "card": "d_pit", "space": 2}])
    assert game.state.hand == ["d_golem", "d_skeleton"]
    plays = [a for a in game.legal_actions(0) if isinstance(a, m.Play)]
    assert plays == [m.Play(card="d_skeleton", space=3)]      # the golem has 1 other card, not 2
    with pytest.raises(IllegalAction, match="d_golem costs 2 there, you have 1 other cards"):
        act(game, {"type": "play", "card": "d_golem", "space": 3})
    act(game, {"type": "play", "card": "d_skeleton", "space": 3})
    assert game.legal_actions(0) == [m.Discard(card="d_golem"), m.Cancel()]
    with pytest.raises(IllegalAction, match="d_skeleton is the card being played"):
        act(game, {"type": "discard", "card": "d_skeleton"})


def test_draw_room_draws_when_a_card_is_played_there() -> None:
    rest = [e for e in STACK["events"] if e != "e_library"]
    game, events = script([{"type": "play", "card": "d_goblin", "space": 1}],
                          stack={"events": ["e_library", *rest]})
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "cards": ["d_slime"], "to": [0]}]
    assert game.state.hand == ["d_golem", "d_skeleton", "d_pit", "d_slime"]
    assert from_top(game.state.draw_pile) == ["d_bat"]


def test_room_cost_delta_lowers_the_cost() -> None:
    game, events = script([{"type": "play", "card": "d_pit", "space": 2}])
    assert game.phase == "actions" and game.state.played == {2: "d_pit"}
    assert of_type(events, "card_played")[0]["cost"] == 0


def test_one_card_per_space() -> None:
    game, _ = script([{"type": "play", "card": "d_goblin", "space": 1}])
    with pytest.raises(IllegalAction, match="space 1 is taken"):
        act(game, {"type": "play", "card": "d_pit", "space": 1})


def test_cards_only_right_of_the_adventurer() -> None:
    game, _ = script([FIGHT])                     # nothing played: it advances to space 1
    with pytest.raises(IllegalAction, match="space 1 is not right of the adventurer"):
        act(game, {"type": "play", "card": "d_goblin", "space": 1})


def test_expand_moves_the_treasure_and_adds_a_room() -> None:
    game, events = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"}])
    assert game.state.rooms == [None, "e_armory", "e_forge", "e_cavein", None]
    assert of_type(events, "expanded") == [
        {"type": "expanded", "room": "e_cavein", "space": 3, "treasure": 4}]
    assert game.state.removed == ["crystal_l3"] and game.crystal_total == 3


def test_expansion_keeps_a_card_on_the_old_treasure_space() -> None:
    game, _ = script([{"type": "play", "card": "d_goblin", "space": 3}, {"type": "expand"},
                      {"type": "pay", "crystal": "crystal_l3"}])
    assert game.state.played == {3: "d_goblin"} and game.state.rooms[3] == "e_cavein"
    assert game.treasure == 4
    assert game.room(3).damage == 4                   # goblin 2, +2 from the new room
    assert game.free_spaces() == [1, 2, 4]


def test_only_one_expansion_a_round() -> None:
    game, _ = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"}])
    with pytest.raises(IllegalAction, match="only one expansion a round"):
        act(game, {"type": "expand"})


def test_two_expansions_a_game() -> None:
    game, _ = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"}, FIGHT,
                      {"type": "expand"}, {"type": "pay", "crystal": "crystal_l2"},
                      {"type": "pay", "crystal": "crystal_l1"}, FIGHT])
    assert game.state.expansion_rooms == [] and game.treasure == 5
    game.state.crystals.append(("a1_squire", 3))        # crystals enough: the limit is what refuses
    with pytest.raises(IllegalAction, match="only 2 times a game"):
        act(game, {"type": "expand"})


def test_expansion_needs_three_crystals() -> None:
    game, _ = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"}, FIGHT])
    act(game, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l2"})
    with pytest.raises(IllegalAction, match="expansion needs 3 crystals, you have 1"):
        act(game, {"type": "expand"})


def test_retreat_moves_the_adventurer_one_space_left() -> None:
    game, events = script([FIGHT, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l2"}])
    assert game.state.position == 0 and game.state.retreated_this_round
    assert of_type(events, "retreated") == [
        {"type": "retreated", "card": "a1_villager", "from_space": 1, "to_space": 0}]


def test_retreat_moves_the_adventurer_deck_too() -> None:
    game, events = script([FIGHT, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l2"},
                           {"type": "play", "card": "d_goblin", "space": 1},
                           {"type": "play", "card": "d_pit", "space": 2}, FIGHT,
                           {"type": "crystallise"}])
    # The next adventurer enters where the deck now is: the entrance, not space 1.
    assert of_type(events, "adventurer_entered") == [
        {"type": "adventurer_entered", "card": "a1_squire", "side": "front", "level": 1,
         "power": 6, "space": 0}]
    assert game.state.position == 0


def test_retreat_never_passes_entrance() -> None:
    game, _ = script([])
    assert m.Retreat() not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="at the entrance"):
        act(game, {"type": "retreat"})


def test_only_one_retreat_a_round() -> None:
    game, _ = script([FIGHT, FIGHT, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l2"}])
    with pytest.raises(IllegalAction, match="only one retreat a round"):
        act(game, {"type": "retreat"})


def test_retreat_needs_two_crystals() -> None:
    game, _ = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"}, FIGHT,
                      {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l2"}, FIGHT])
    with pytest.raises(IllegalAction, match="retreat needs 2 crystals, you have 1"):
        act(game, {"type": "retreat"})


def test_overpaid_crystals_are_lost() -> None:
    game, events = script([FIGHT, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l3"}])
    assert of_type(events, "crystals_spent") == [
        {"type": "crystals_spent", "crystals": ["crystal_l3"], "value": 3, "need": 2, "lost": 1,
         "purpose": "retreat"}]
    assert game.state.crystals == [("crystal_l1", 1), ("crystal_l2", 2)]
    assert game.state.removed == ["crystal_l3"] and game.state.discard == []  # out of the game


def test_cancel_a_crystal_payment_keeps_the_crystals() -> None:
    game, _ = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l1"},
                      {"type": "cancel"}])
    assert game.crystal_total == 6 and game.phase == "actions" and game.state.pending is None


def test_view_tells_the_crystals_paid_so_far() -> None:
    # The payment is met when the crystals picked reach the need; the view carries their sum.
    game, _ = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l1"}])
    pending = game.view(0).pending
    assert (pending.need, pending.chosen, pending.paid) == (3, ["crystal_l1"], 1)
    act(game, {"type": "pay", "crystal": "crystal_l2"})                # 1 + 2 = 3: met
    assert game.phase == "actions" and game.view(0).pending is None


def test_view_free_spaces_are_the_empty_ones_right_of_the_adventurer() -> None:
    game, _ = script([{"type": "play", "card": "d_goblin", "space": 1}])
    assert game.view(0).free_spaces == [2, 3]                  # the treasure space counts
    game, _ = script([FIGHT])                                  # it advances to space 1
    assert game.view(0).free_spaces == [2, 3]


# --- B. damage and repel -----------------------------------------------------------------------
def test_damage_left_to_right_with_running_total() -> None:
    game, events = script([{"type": "play", "card": "d_golem", "space": 2},
                           {"type": "discard", "card": "d_goblin"},
                           {"type": "play", "card": "d_pit", "space": 1},
                           {"type": "discard", "card": "d_skeleton"}, FIGHT])
    assert [(e["space"], e["card"], e["damage"], e["total"])
            for e in of_type(events, "damage_dealt")] == [(1, "d_pit", 4, 4), (2, "d_golem", 5, 9)]
    assert of_type(events, "repelled") == [
        {"type": "repelled", "card": "a1_villager", "side": "front", "power": 5, "total": 9}]
    assert game.phase == "repelled"


def test_view_shortfall_is_what_the_fight_still_needs() -> None:
    # B: repelled when the sum reaches the power; the view carries that verdict for the table.
    game, _ = script([{"type": "play", "card": "d_goblin", "space": 1}])
    view = game.view(0)
    assert (view.adventurer.power, view.total_damage, view.shortfall) == (5, 3, 2)
    game, _ = script([{"type": "play", "card": "d_goblin", "space": 1},
                      {"type": "play", "card": "d_pit", "space": 2}])  # the forge: cost 0
    assert (game.view(0).total_damage, game.view(0).shortfall) == (6, 0)


def test_not_repelled_cards_stack_and_the_adventurer_advances() -> None:
    game, events = script([{"type": "play", "card": "d_goblin", "space": 1}, FIGHT])
    assert of_type(events, "advanced") == [
        {"type": "advanced", "card": "a1_villager", "from_space": 0, "to_space": 1, "power": 5,
         "total": 3}]
    # The room bonus stays with the room: the stack keeps the card's printed damage.
    assert game.state.adventurer.stack == ["d_goblin"] and game.state.adventurer.stacked_damage == 2
    assert game.state.position == 1 and game.state.played == {} and game.state.round == 2


def test_stacked_damage_counts_again() -> None:
    game, events = script([{"type": "play", "card": "d_goblin", "space": 1}, FIGHT,
                           {"type": "play", "card": "d_pit", "space": 2}, FIGHT])
    assert [(e["source"], e["damage"], e["total"]) for e in of_type(events, "damage_dealt")][1:] \
        == [("space", 3, 3), ("stack", 2, 5)]
    assert of_type(events, "repelled")[0]["total"] == 5


def test_treasure_reached_loses() -> None:
    game, events = script([FIGHT, FIGHT, FIGHT])
    assert of_type(events, "game_lost") == [
        {"type": "game_lost", "card": "a1_villager", "space": 3, "rounds": 3}]
    result = game.result()
    assert result is not None and result.outcome == "result.lost" and result.winners == []
    assert game.to_act() == [] and game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        act(game, FIGHT)


# --- C. scout or crystallise -------------------------------------------------------------------
REPEL = [{"type": "play", "card": "d_goblin", "space": 1},
         {"type": "play", "card": "d_pit", "space": 2}, FIGHT]   # 3 + 3 against power 5


def test_scout_puts_the_adventurer_on_top_of_the_draw_pile() -> None:
    game, events = script([*REPEL, {"type": "scout"}, {"type": "pay", "crystal": "crystal_l1"}])
    assert of_type(events, "scouted") == [{"type": "scouted", "card": "a1_villager", "cost": 1}]
    # Phase E drew it first: the scouted card, then the rest of the pile, then the flip.
    assert of_type(events, "cards_drawn")[-1]["cards"] == ["a1_villager", "d_slime", "d_bat"]
    assert "a1_villager" in game.state.hand and game.state.adventurer.card == "a1_squire"
    assert game.state.discard == ["d_goblin", "d_pit"]  # the board cleared
    assert game.state.played == {}


def test_cancel_a_scout_returns_to_the_choice() -> None:
    game, _ = script([*REPEL, {"type": "scout"}, {"type": "cancel"}])
    assert game.phase == "repelled" and game.state.pending is None and game.crystal_total == 6
    assert game.legal_actions(0) == [m.Scout(), m.Crystallise()]


def test_scouted_card_plays_with_its_dungeon_numbers() -> None:
    game, _ = script([*REPEL, {"type": "scout"}, {"type": "pay", "crystal": "crystal_l1"},
                      {"type": "play", "card": "a1_villager", "space": 1}])
    assert game.room(1).damage == 3                # damage 2, +1 from the armory


def test_crystallise_turns_the_adventurer_into_a_crystal() -> None:
    game, events = script([*REPEL, {"type": "crystallise"}])
    assert of_type(events, "crystallised") == [
        {"type": "crystallised", "card": "a1_villager", "value": 1, "forced": False}]
    assert game.state.crystals[-1] == ("a1_villager", 1)


def test_forced_crystallise_without_crystals() -> None:
    game, events = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"}, FIGHT,
                           {"type": "expand"}, {"type": "pay", "crystal": "crystal_l2"},
                           {"type": "pay", "crystal": "crystal_l1"},
                           {"type": "play", "card": "d_pit", "space": 2},
                           {"type": "play", "card": "d_goblin", "space": 3}, FIGHT])
    assert of_type(events, "crystallised") == [
        {"type": "crystallised", "card": "a1_villager", "value": 1, "forced": True}]
    assert game.state.crystals == [("a1_villager", 1)] and game.phase == "actions"


def test_cleared_cards_go_to_the_discard_pile_stack_first() -> None:
    game, events = script([{"type": "play", "card": "d_goblin", "space": 1}, FIGHT,
                           {"type": "play", "card": "d_pit", "space": 2}, FIGHT,
                           {"type": "crystallise"}])
    assert of_type(events, "cards_discarded")[-1] == {
        "type": "cards_discarded", "cards": ["d_goblin", "d_pit"], "reason": "cleared"}


# --- D. the next adventurer --------------------------------------------------------------------
def test_next_adventurer_enters_where_the_last_stood() -> None:
    game, events = script([{"type": "play", "card": "d_goblin", "space": 1}, FIGHT,
                           {"type": "play", "card": "d_pit", "space": 2}, FIGHT,
                           {"type": "crystallise"}])
    assert of_type(events, "adventurer_entered") == [
        {"type": "adventurer_entered", "card": "a1_squire", "side": "front", "level": 1,
         "power": 6, "space": 1}]
    assert game.state.position == 1


def _events_with(deck_event: str) -> dict[str, list[str]]:
    """The events stack with ``deck_event`` first in the adventurer deck (after level 1)."""
    rest = [e for e in STACK["events"] if e != deck_event]
    return {"events": [*rest[:4], deck_event, *rest[4:]]}


def _beat_level1(deck_event: str, difficulty: int = -20):  # type: ignore[no-untyped-def]
    game, _ = script([], stack=_events_with(deck_event), difficulty=difficulty)
    events: list[dict] = []
    for _ in range(4):
        events += beat(game)
    return game, events


def test_event_on_top_is_resolved_removed_and_the_next_card_revealed() -> None:
    game, events = _beat_level1("e_armory")
    assert of_type(events, "event_resolved") == [
        {"type": "event_resolved", "card": "e_armory", "effect": "draw", "value": 2}]
    assert "e_armory" in game.state.removed and game.state.adventurer.card == "a2_mage"


def test_event_draw_draws_cards() -> None:
    game, events = _beat_level1("e_armory")
    resolved = next(i for i, e in enumerate(events) if e["type"] == "event_resolved")
    drawn = next(e for e in events[resolved:] if e["type"] == "cards_drawn")
    assert len(drawn["cards"]) == 2 and set(drawn["cards"]) <= set(game.state.hand)


def test_event_crystal_becomes_a_crystal() -> None:
    game, _ = _beat_level1("e_forge")
    assert ("e_forge", 2) in game.state.crystals and "e_forge" not in game.state.removed


def test_event_advance_moves_the_adventurer_deck() -> None:
    game, _ = _beat_level1("e_shortcut")
    assert game.state.position == 1


def test_event_advance_onto_the_treasure_loses_when_the_next_adventurer_enters() -> None:
    # Two empty fights bring the deck to space 2; the level 1 block is beaten there, then the
    # secret passage moves the deck onto the treasure: the mage enters on it and the game is lost.
    game, _ = script([FIGHT, FIGHT], stack=_events_with("e_shortcut"), difficulty=-20)
    events: list[dict] = []
    for _ in range(4):
        events += beat(game)
    tail = events[[e["type"] for e in events].index("event_resolved"):]
    assert [e["type"] for e in tail] == ["event_resolved", "adventurer_entered", "game_lost"]
    assert tail[1]["card"] == "a2_mage" and tail[1]["space"] == 3
    assert of_type(tail, "game_lost") == [
        {"type": "game_lost", "card": "a2_mage", "space": 3, "rounds": 6}]
    assert game.result().outcome == "result.lost" and game.state.removed == ["e_shortcut"]


def test_event_retreat_moves_the_adventurer_deck_back() -> None:
    game, _ = script([FIGHT], stack=_events_with("e_cavein"), difficulty=-20)
    assert game.state.position == 1
    events: list[dict] = []
    for _ in range(4):
        events += beat(game)
    assert of_type(events, "adventurer_entered")[-1]["card"] == "a2_mage"
    assert of_type(events, "adventurer_entered")[-1]["space"] == 0
    assert game.state.position == 0 and game.state.removed == ["e_cavein"]


def test_event_retreat_never_passes_entrance() -> None:
    game, _ = _beat_level1("e_cavein")
    assert game.state.position == 0 and "e_cavein" in game.state.removed


def test_event_empower_strengthens_the_next_adventurer() -> None:
    game, events = _beat_level1("e_tavern")
    # difficulty -20 floors every power at 1: the mage enters with 1 + 2.
    assert of_type(events, "adventurer_entered")[-1] == {
        "type": "adventurer_entered", "card": "a2_mage", "side": "front", "level": 2, "power": 3,
        "space": 0}
    assert game.state.empower_next == 0


def test_event_discard_waits_for_the_players_choice() -> None:
    game, _ = script([], stack=_events_with("e_pickpocket"), difficulty=-20)
    for _ in range(3):
        beat(game)
    events = beat(game)
    assert game.phase == "event_discard" and game.state.adventurer is None
    assert {a.card for a in game.legal_actions(0)} == set(  # type: ignore[attr-defined]
        game.state.hand)
    card = game.state.hand[0]
    events = act(game, {"type": "discard", "card": card})
    assert of_type(events, "cards_discarded") == [
        {"type": "cards_discarded", "cards": [card], "reason": "event"}]
    assert game.state.adventurer.card == "a2_mage" and game.phase == "actions"


# --- the hero and the end ----------------------------------------------------------------------
def _play_to_the_hero():  # type: ignore[no-untyped-def]
    game, _ = script([], difficulty=-20)
    events: list[dict] = []
    while game.state.adventurer is None or game.state.adventurer.card != "hero":
        events += beat(game) if game.phase != "event_discard" else act(
            game, {"type": "discard", "card": game.state.hand[0]})
    return game, events


def test_hero_flips_then_must_be_beaten_again() -> None:
    game, _ = _play_to_the_hero()
    events = beat(game)
    assert of_type(events, "hero_flipped") == [{"type": "hero_flipped", "card": "hero", "power": 3}]
    assert game.state.adventurer.side == "back"
    assert game.result() is None and game.phase == "actions"
    # It turns over where it stood, with nothing stacked on it, and the round's draw happens.
    walker = game.state.adventurer
    assert (game.state.position, walker.stack, walker.stacked_damage) == (1, [], 0)
    assert game.state.played == {} and game.state.round == 14
    events = beat(game)
    assert of_type(events, "game_won") == [{"type": "game_won", "repelled": 14, "rounds": 14}]


def test_hero_cannot_be_scouted() -> None:
    game, _ = _play_to_the_hero()
    assert "d_slime" in game.state.hand and game.state.adventurer.power == 1
    act(game, {"type": "play", "card": "d_slime", "space": 3}, FIGHT)
    # Repelled, yet no scout choice: the hero turns over and the round goes on.
    assert game.phase == "actions" and game.state.adventurer.side == "back"
    assert m.Scout() not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="scout is not possible now"):
        act(game, {"type": "scout"})
    act(game, {"type": "play", "card": "d_pit", "space": 2},            # 3 against power 3
        {"type": "play", "card": "d_goblin", "space": 3}, FIGHT)
    assert game.phase == "over" and game.state.outcome == "won"


def test_win_when_the_deck_is_empty_and_the_last_is_repelled() -> None:
    game, _ = _play_to_the_hero()
    beat(game)
    beat(game)
    result = game.result()
    assert result is not None and result.winners == [0] and result.outcome == "result.won"
    assert len(game.state.adventurer_deck) == 0


def test_score_breakdown() -> None:
    game, _ = _play_to_the_hero()
    beat(game)
    beat(game)
    lines = {line.key: line.value for line in game.result().breakdown[0]}
    # Every adventurer crystallised and no crystal spent: 5 x 1 + 5 x 2 + 5 x 3.
    assert lines == {"score.repelled": 140, "score.crystals": 30, "score.win_bonus": 50,
                     "score.total": 220}
    counts = {line.key: line.count for line in game.result().breakdown[0]}
    assert counts == {"score.repelled": 14, "score.crystals": 30, "score.win_bonus": None,
                      "score.total": None}
    assert game.result().history_key == "history.distance"


# --- E. draw 3 ---------------------------------------------------------------------------------
def test_discard_pile_flips_without_shuffle() -> None:
    game, events = script([{"type": "play", "card": "d_goblin", "space": 1},
                           {"type": "play", "card": "d_skeleton", "space": 3},
                           {"type": "discard", "card": "d_pit"}, FIGHT, {"type": "crystallise"}])
    # discard pile, first discarded first: d_pit (cost), then d_goblin d_skeleton (cleared)
    assert of_type(events, "discard_flipped") == [{"type": "discard_flipped", "count": 3}]
    assert of_type(events, "cards_drawn")[-1]["cards"] == ["d_slime", "d_bat", "d_pit"]
    assert from_top(game.state.draw_pile) == ["d_goblin", "d_skeleton"]
    assert game.state.discard == []


def test_draw_three_each_round() -> None:
    game, events = script([FIGHT])
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "cards": ["d_slime", "d_bat"], "to": [0]}]
    assert len(game.state.hand) == 6


def test_nothing_to_draw_when_draw_pile_and_discard_are_both_empty() -> None:
    # Every card ends up on the board or stacked on the adventurer (power 25 holds).
    stack = {"hand_deck": ["d_slime", "d_bat", "d_goblin", "d_skeleton", "d_pit", "d_golem"],
             "events": ["e_forge", "e_shortcut", "e_cavein", "e_library", "e_armory", "e_tavern",
                        "e_pickpocket"]}
    game, events = script([{"type": "expand"}, {"type": "pay", "crystal": "crystal_l3"},
                           {"type": "play", "card": "d_skeleton", "space": 1},
                           {"type": "play", "card": "d_slime", "space": 2},
                           {"type": "play", "card": "d_bat", "space": 3},
                           {"type": "play", "card": "d_goblin", "space": 4}, FIGHT,
                           {"type": "play", "card": "d_pit", "space": 2}, FIGHT],
                          stack=stack, difficulty=20)
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "cards": ["d_pit", "d_golem"], "to": [0]}]
    assert of_type(events, "discard_flipped") == []
    state = game.state
    assert (state.hand, state.draw_pile.cards, state.discard) == (["d_golem"], [], [])
    assert game.state.round == 3 and game.state.position == 2 and game.phase == "actions"
    # The golem (cost 2) cannot be paid with no other card, yet the round goes on.
    assert game.legal_actions(0) == [m.Expand(), m.Retreat(), m.Fight()]


# --- options -----------------------------------------------------------------------------------
def test_levels_one_deals_the_first_level_then_the_hero() -> None:
    """The tutorial's short dungeon (``levels: 1``): the level-1 block and the event below it,
    then the hero; the starting crystals still come one from each level deck."""
    game, _ = script([], levels=1)
    state = game.state
    assert from_top(state.adventurer_deck) == ["a1_squire", "a1_hunter", "a1_acolyte",
                                               "e_shortcut", "hero"]
    assert state.crystals == [("crystal_l1", 1), ("crystal_l2", 2), ("crystal_l3", 3)]
    assert state.adventurer.card == "a1_villager"


def test_levels_takes_one_to_three_and_is_not_offered_at_setup() -> None:
    spec = registry.get("lastdungeon")
    with pytest.raises(ScriptError, match="levels"):
        script([], levels=4)
    assert not spec.option_specs["levels"].applies({}, 1)


@pytest.mark.parametrize("difficulty", [-1, 0, 1])
def test_difficulty_changes_every_power(difficulty: int) -> None:
    game, _ = script([], difficulty=difficulty)
    assert game.state.adventurer.power == 5 + difficulty
    assert game.power_of("hero", "back") == 23 + difficulty
