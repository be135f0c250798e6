"""Dungeon Market rules: setup and exploration, one test per rule, arranged with stacked decks."""

from __future__ import annotations

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.games.market import model as m

from .rules_kit import (
    EXPLORE,
    STOP,
    act,
    drain,
    dungeon_deck,
    explore,
    held,
    lives,
    market_turn,
    of_type,
    play,
    quiet_chunks,
)


# --- setup -------------------------------------------------------------------------------------
def test_setup_gives_each_seat_its_colour_gauntlet_15g_and_40_life() -> None:
    game, _ = play(players=3)
    view = game.view(0)
    assert [p.colour for p in view.players] == ["red", "blue", "yellow"]
    assert [(p.life, p.max_life, p.coins) for p in view.players] == [(40, 40, 15)] * 3
    assert [held(game, seat) for seat in range(3)] == [
        [("red_gauntlet_1", False)], [("blue_gauntlet_1", False)], [("yellow_gauntlet_1", False)]]
    # 50 monsters less the 3 starting gauntlets, 9 gems; the ghosts wait for the first reshuffle.
    assert (view.deposit, view.deck_count, view.discard_count, view.ghosts_in) == (5, 56, 0, False)
    assert (view.phase, view.active, view.to_act, view.turn) == ("explore", 0, [0], 1)


def test_four_players_take_out_four_gauntlets() -> None:
    game, _ = play(players=4)
    view = game.view(None)
    assert view.deck_count == 55 and view.players[3].colour == "green"
    assert [p.life for p in view.players] == [40] * 4


def test_two_players_start_with_the_ghosts_in_and_life_30() -> None:
    game, _ = play(players=2)
    view = game.view(None)
    assert [(p.life, p.max_life, p.coins) for p in view.players] == [(30, 30, 15)] * 2
    assert view.ghosts_in and view.deck_count == 50 - 2 + 5 + 9 and view.deposit == 5


def test_chests_are_shuffled_into_the_deck() -> None:
    game, _ = play(players=3, options={"chests": True})
    assert game.view(None).deck_count == 56 + 3 and game.view(None).chests


# --- exploration -------------------------------------------------------------------------------
def test_exploration_reveals_one_card_at_a_time() -> None:
    game, events = play(explore(1), deck=["purple_shield_1", "green_helm_1"])
    view = game.view(0)
    assert [s.card for s in view.discovery] == ["purple_shield_1"]
    assert (view.deck_count, view.revealed) == (55, 1)
    assert [(e["card"], e["slot"]) for e in of_type(events, "revealed")] == [("purple_shield_1", 0)]
    events = act(game, EXPLORE)
    assert [(e["card"], e["slot"]) for e in of_type(events, "revealed")] == [("green_helm_1", 1)]
    assert [s.card for s in game.view(0).discovery] == ["purple_shield_1", "green_helm_1"]
    assert game.view(0).deck_count == 54 and game.view(0).phase == "explore"


def test_stop_only_after_a_reveal() -> None:
    game, _ = play(deck=["purple_shield_1"])
    assert game.legal_actions(0) == [m.Explore()]
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="reveal at least one card"):
        act(game, STOP)
    assert game.state_dict() == before
    act(game, EXPLORE)
    assert set(game.legal_actions(0)) == {m.Explore(), m.Stop()}
    events = act(game, STOP)
    assert of_type(events, "exploration_ended")[0]["reason"] == "stopped"
    assert game.view(0).phase == "price"


def test_forced_re_explore_after_a_ghost() -> None:
    game, _ = play(explore(1), players=2, deck=["purple_ghost", "gem_1a"])
    view = game.view(0)
    assert view.must_explore and view.phase == "explore"
    assert game.legal_actions(0) == [m.Explore()]
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="ghost"):
        act(game, STOP)
    assert game.state_dict() == before
    act(game, EXPLORE)
    assert not game.view(0).must_explore
    assert set(game.legal_actions(0)) == {m.Explore(), m.Stop()}


def _attacks(events: list[dict]) -> list[tuple[str, int, list[int]]]:
    """The burst's attacks as (colour, value, slots), by colour."""
    (burst,) = of_type(events, "burst")
    return sorted((a["colour"], a["value"], a["slots"]) for a in burst["attacks"])


def test_burst_on_two_monsters_of_a_colour() -> None:
    # Magma Crab (red, 3) and Salamander (red, 4) with a green Forest Orc between them.
    game, events = play(explore(3), deck=["red_shield_1", "green_helm_1", "red_helm_2"])
    assert _attacks(events) == [("red", 7, [0, 2])]
    assert of_type(events, "exploration_ended") == [
        {"type": "exploration_ended", "reason": "burst"}]
    view = game.view(0)
    # Seat 0 could guard with its red gauntlet; the others hold nothing red and are in at once.
    assert (view.phase, view.to_act, view.defended) == ("defend", [0], [False, True, True])
    assert view.attacks == [m.Attack(colour="red", value=7, slots=[0, 2])]
    assert [s.attacking for s in view.discovery] == [True, False, True]


def test_a_ghost_counts_as_a_monster_of_its_colour() -> None:
    _, events = play(explore(2), players=2, deck=["purple_gauntlet_1", "purple_ghost"])
    assert _attacks(events) == [("purple", 1 + 3, [0, 1])]


def test_burst_on_two_ghosts() -> None:
    _, events = play(explore(2), players=2, deck=["purple_ghost", "green_ghost"])
    assert _attacks(events) == [("green", 3, [1]), ("purple", 3, [0])]


def test_double_trigger_three_attackers_make_two_attacks() -> None:
    # Gargoyle (purple 4), a green ghost, then the purple ghost: a purple pair and a ghost pair.
    game, events = play(explore(3), players=2,
                        deck=["purple_armour_1", "green_ghost", "purple_ghost"])
    assert _attacks(events) == [("green", 3, [1]), ("purple", 4 + 3, [0, 2])]
    # Nobody holds purple or green: 10 each, the active player 1 more.
    assert lives(game) == [30 - 11, 30 - 10]


def test_gems_never_burst() -> None:
    game, _ = play(explore(5), deck=["gem_1a", "gem_1b", "gem_2a", "gem_3a", "purple_shield_1"])
    view = game.view(0)
    assert view.phase == "explore" and view.attacks == [] and len(view.discovery) == 5
    assert set(game.legal_actions(0)) == {m.Explore(), m.Stop()}


def test_burst_odds_count_what_the_seat_cannot_see() -> None:
    # 3 players: after a Skeleton, 9 purple monsters among the 55 cards left burst.
    game, _ = play(explore(1), deck=["purple_shield_1"])
    assert game.view(1).burst_odds == pytest.approx(9 / 55)
    # 2 players: after the purple ghost, 10 purple monsters and 4 ghosts among 61.
    game, _ = play(explore(1), players=2, deck=["purple_ghost"])
    assert game.view(0).burst_odds == pytest.approx(14 / 61)


def test_burst_odds_count_a_ghost_under_a_last_card_chest_from_the_reshuffle() -> None:
    # 3 players with chests: two chests (hiding two gems) go unsold in the first turn, the rest
    # of the deck in quiet turns, then the Skeleton is face up and the deck's last card is
    # chest_1. Opening it reshuffles the 57 discarded cards with the 5 ghosts, and the purple
    # ghost coming up under it would burst with the Skeleton: 1 in 62, for every seat.
    first = ["chest_2", "gem_1a", "chest_3", "gem_1b"]
    rest = [c for c in dungeon_deck(3) if c not in ("gem_1a", "gem_1b", "purple_shield_1")]
    chunks = quiet_chunks(rest)
    game, _ = play([*market_turn(2), *drain(chunks, 3), EXPLORE], options={"chests": True},
                   deck=[*first, *(c for chunk in chunks for c in chunk), "purple_shield_1"],
                   reshuffle=["purple_ghost"])
    view = game.view(None)
    assert (view.deck_count, view.discard_count, view.ghosts_in) == (1, 57, False)
    assert [s.card for s in view.discovery] == ["purple_shield_1"]
    for seat in range(3):
        assert game.view(seat).burst_odds == pytest.approx(1 / 62)
    events = act(game, EXPLORE)
    assert of_type(events, "reshuffled") == [
        {"type": "reshuffled", "count": 57 + 5, "ghosts_added": True}]
    assert of_type(events, "chest_removed") == [{"type": "chest_removed", "card": "chest_1"}]
    assert of_type(events, "burst") == [       # Skeleton 3 + the ghost 3
        {"type": "burst", "attacks": [{"colour": "purple", "value": 6, "slots": [0, 1]}]}]


def test_burst_odds_use_a_chest_card_only_for_the_seat_that_saw_it() -> None:
    # A chest hides Skeleton, Dark Elf is face up: the active player knows 8 purples are left
    # in the 56-card deck; the others count the hidden card too: 9 in 57.
    game, _ = play(explore(2), options={"chests": True},
                   deck=["chest_1", "purple_shield_1", "purple_helm_1"])
    assert game.view(0).burst_odds == pytest.approx(8 / 56)
    assert game.view(1).burst_odds == pytest.approx(9 / 57)
