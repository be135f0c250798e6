"""Dungeon Market rules: running out of deck, the ghosts joining, one test per rule.

The whole deck is stacked and revealed in quiet turns (no two cards of a colour, nobody buys), so
a test reaches the bottom of the deck with every card where it expects it.
"""

from __future__ import annotations

from .rules_kit import (
    EXPLORE,
    OPEN,
    PASS,
    STOP,
    act,
    drain,
    dungeon_deck,
    explore,
    market_turn,
    of_type,
    play,
    quiet_chunks,
)

GHOSTS = ["red_ghost", "blue_ghost", "yellow_ghost", "green_ghost", "purple_ghost"]


def _flat(chunks: list[list[str]]) -> list[str]:
    return [card for chunk in chunks for card in chunk]


def test_deck_empty_in_three_players_reshuffles_the_discard_with_the_ghosts_the_first_time() -> None:
    chunks = quiet_chunks(dungeon_deck(3))
    game, _ = play(drain(chunks, 3), deck=_flat(chunks), reshuffle=["gem_1a"])
    view = game.view(None)
    assert (view.deck_count, view.discard_count, view.discovery, view.ghosts_in) == (0, 56, [],
                                                                                    False)
    events = act(game, EXPLORE)
    assert of_type(events, "reshuffled") == [
        {"type": "reshuffled", "count": 56 + 5, "ghosts_added": True}]
    assert [e["card"] for e in of_type(events, "revealed")] == ["gem_1a"]
    view = game.view(None)
    assert (view.deck_count, view.discard_count, view.ghosts_in) == (60, 0, True)


def test_later_reshuffles_add_no_ghosts() -> None:
    first = quiet_chunks(dungeon_deck(3))
    second = quiet_chunks([*dungeon_deck(3), *GHOSTS])
    game, events = play([*drain(first, 3), *drain(second, 3)], deck=_flat(first),
                        reshuffle=_flat(second))
    assert [e["ghosts_added"] for e in of_type(events, "reshuffled")] == [True]
    assert game.view(None).deck_count == 0 and game.view(None).discard_count == 61
    events = act(game, EXPLORE)
    assert of_type(events, "reshuffled") == [
        {"type": "reshuffled", "count": 61, "ghosts_added": False}]


def test_ghosts_enter_sword_bought_a_bought_sword_brings_its_ghost() -> None:
    rest = [c for c in dungeon_deck(3) if c != "purple_sword_1"]
    chunks = quiet_chunks(rest)
    game, events = play([*explore(1), STOP, OPEN, {"type": "buy", "slot": 0}],
                        deck=["purple_sword_1", *_flat(chunks)],
                        options={"ghosts_enter": "sword_bought"})
    assert of_type(events, "ghost_to_discard") == [
        {"type": "ghost_to_discard", "card": "purple_ghost"}]
    view = game.view(None)
    assert (view.discard_count, view.discard_top) == (1, "purple_ghost")
    act(game, *drain(chunks, 3))
    events = act(game, EXPLORE)                    # the discard and the one ghost, no others
    assert of_type(events, "reshuffled") == [
        {"type": "reshuffled", "count": 55 + 1, "ghosts_added": False}]


def test_professional_always_adds_the_ghosts_at_the_first_reshuffle() -> None:
    game, events = play([*explore(1), STOP, OPEN, {"type": "buy", "slot": 0}],
                        deck=["purple_sword_1"],
                        options={"professional": True, "ghosts_enter": "sword_bought"})
    assert of_type(events, "ghost_to_discard") == []
    assert game.view(None).discard_count == 0


def _two_player_deck_ending_on_a_ghost() -> tuple[list[list[str]], list[str]]:
    rest = [c for c in dungeon_deck(2) if c not in ("purple_ghost", "gem_3c")]
    return quiet_chunks(rest), ["gem_3c", "purple_ghost"]


def test_two_players_deck_empty_goes_to_the_market_when_the_area_holds_cards() -> None:
    chunks, last = _two_player_deck_ending_on_a_ghost()
    game, events = play([*drain(chunks, 2), *explore(2)], players=2,
                        deck=[*_flat(chunks), *last])
    view = game.view(None)
    assert view.deck_count == 0 and view.must_explore          # the ghost forces a reveal...
    events = act(game, EXPLORE)                                 # ...and there is none
    assert of_type(events, "exploration_ended") == [
        {"type": "exploration_ended", "reason": "deck_empty"}]
    view = game.view(None)
    assert view.phase == "price" and [s.card for s in view.discovery] == ["gem_3c"]
    assert game.result() is None


def test_two_players_deck_and_area_empty_ends_the_game() -> None:
    chunks, last = _two_player_deck_ending_on_a_ghost()
    game, _ = play([*drain(chunks, 2), *explore(3), OPEN, PASS, PASS, PASS], players=2,
                   deck=[*_flat(chunks), *last])
    view = game.view(None)
    assert (view.phase, view.end_reason, view.to_act) == ("over", "deck_out", [])
    result = game.result()
    assert result is not None
    # Nobody bought or burst: both at 30 (tied ranks: (4 + 0) / 2), 15G = 3 points each.
    assert result.winners == [0, 1]
    assert [[(s.key, s.value) for s in lines if s.value] for lines in result.breakdown] == [
        [("score.life_rank", 2), ("score.coins", 3), ("score.total", 5)]] * 2


def test_the_discard_pile_is_public_the_deck_is_not() -> None:
    game, _ = play(market_turn(2), deck=["purple_shield_1", "gem_1a", "green_helm_1"])
    view = game.view(2)
    assert (view.discard_count, view.deck_count) == (2, 54)
    assert view.discard_top in ("purple_shield_1", "gem_1a")
    assert "green_helm_1" not in str(view)
