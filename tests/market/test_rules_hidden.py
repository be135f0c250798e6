"""Dungeon Market rules: what a seat cannot see, which the kit's redeal (``Market.redeal``) deals
anew. A search samples the games a seat may be in from it, so it keeps everything the seat knows
(what its view shows, what it was shown and still knows) and is free in everything else."""

from __future__ import annotations

import random
from typing import Any

from dungeon_table.games.market.cards import load

from .rules_kit import (
    EXPLORE,
    SPARE_GEMS,
    STOP,
    act,
    effect,
    explore,
    market_turn,
    play,
    prelude,
)

CHESTS = {"chests": True}
CARDS = load()


def redeals(game: Any, seat: int | None, times: int = 40) -> list[Any]:
    return [game.redeal_hidden(seat, random.Random(k)) for k in range(times)]


def test_a_chest_card_is_dealt_anew_for_all_but_the_active_player_and_never_a_ghost() -> None:
    # 2 players: the five ghosts are in the deck from the start.
    game, _ = play(explore(1), players=2, options=CHESTS, deck=["chest_1", "purple_shield_1"])
    for twin in redeals(game, 0):
        assert twin.state.area[0].hidden == "purple_shield_1"
    under = {twin.state.area[0].hidden for seat in (1, None) for twin in redeals(game, seat, 100)}
    assert len(under) > 10
    # A ghost under a chest is revealed at once and the chest leaves the game: never hidden.
    assert {CARDS.card(card).kind for card in under} <= {"monster", "gem", "chest"}
    for seat in (0, 1, None):
        for twin in redeals(game, seat):
            assert twin.view(seat) == game.view(seat)
            assert twin.conserved() == game.conserved()


def test_a_scout_keeps_knowing_the_top_card_it_saw_once_it_stops() -> None:
    assert effect("scout", "peek"), "the Scout peeks from LV1 (cards/market.yaml)"
    game = prelude("scout", deck_after=(*SPARE_GEMS[:4], "green_helm_1"))
    act(game, *market_turn(1))              # seat 2's quiet turn: seat 0 explores, peeking
    act(game, EXPLORE)
    top = game.state.deck.top
    assert game.view(0).peek == top
    for seat in (0, 1, 2, None):
        for twin in redeals(game, seat):
            assert twin.view(seat) == game.view(seat)
    act(game, STOP)                         # the view shows the top card no more...
    assert game.view(0).peek == "" and game.view(0).phase == "price"
    assert {twin.state.deck.top for twin in redeals(game, 0)} == {top}   # ...but seat 0 knows it
    assert len({twin.state.deck.top for twin in redeals(game, 1)}) > 1


def test_the_jobs_put_back_keep_their_place_under_the_job_deck() -> None:
    # The prelude's auction: sage won; the other two face-up jobs went under the job deck in
    # public and the row refilled with three never seen.
    game = prelude("sage")
    deck = game.state.job_deck.cards
    assert len(deck) == 12 - 3 - 3 + 2
    dealt = [twin.state.job_deck.cards for twin in redeals(game, 1)]
    assert all(cards[:2] == deck[:2] and sorted(cards[2:]) == sorted(deck[2:]) for cards in dealt)
    assert len({tuple(cards) for cards in dealt}) > 1
