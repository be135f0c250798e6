"""Dungeon Market rules: the market phase, one test per rule, arranged with stacked decks."""

from __future__ import annotations

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.games.market import model as m

from .rules_kit import (
    OPEN,
    PASS,
    STOP,
    act,
    buy,
    coins,
    explore,
    gems,
    held,
    market_turn,
    of_type,
    play,
    price,
)

THREE = ["purple_shield_1", "green_helm_1", "gem_2a"]     # Skeleton, Forest Orc, a 2-gem


def test_market_discards_the_ghosts_first() -> None:
    game, events = play([*explore(2), STOP], players=2, deck=["purple_ghost", "gem_1a"])
    view = game.view(0)
    assert view.phase == "price" and [s.card for s in view.discovery] == ["gem_1a"]
    assert view.discard_count == 1
    assert of_type(events, "area_discarded") == [
        {"type": "area_discarded", "cards": ["purple_ghost"], "reason": "ghosts"}]


def test_pricing_takes_coins_from_the_active_purse() -> None:
    game, _ = play([*explore(2), STOP, price(0, 4)], deck=THREE)
    assert coins(game)[0] == 11 and game.view(0).discovery[0].price == 4
    act(game, price(0, 2))                                   # a price is absolute
    assert coins(game)[0] == 13 and game.view(0).discovery[0].price == 2
    act(game, price(1, 13))                                  # every coin left may go on a card
    assert coins(game)[0] == 0
    act(game, price(1, 3))
    assert coins(game)[0] == 10
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="you have 10G"):
        act(game, price(1, 14))                              # 10 in the purse + 3 on the card
    assert game.state_dict() == before
    assert [s.price for s in game.view(1).discovery] == [2, 3]   # prices are public


def test_buy_order_three_players_each_other_player_once_clockwise_from_the_left() -> None:
    game, events = play([*explore(1), STOP, OPEN], deck=THREE)
    assert of_type(events, "market_opened") == [{"type": "market_opened", "buyers": [1, 2]}]
    view = game.view(0)
    assert (view.phase, view.buyer, view.buyers_left, view.to_act) == ("buy", 1, [2], [1])
    act(game, PASS)
    assert (game.view(0).buyer, game.view(0).buyers_left) == (2, [])


def test_buy_order_four_players_starts_left_of_the_active_player() -> None:
    game, events = play([*market_turn(1, players=4), *explore(1), STOP, OPEN], players=4,
                        deck=["gem_1a", "gem_1b"])
    assert of_type(events, "market_opened")[-1]["buyers"] == [2, 3, 0]
    assert game.view(1).buyer == 2


def test_buy_order_two_players_opponent_active_opponent() -> None:
    game, events = play([*explore(2), STOP, OPEN], players=2, deck=THREE)
    assert of_type(events, "market_opened")[-1]["buyers"] == [1, 0, 1]
    act(game, PASS)
    assert (game.view(0).buyer, game.view(0).buyers_left) == (0, [1])
    act(game, buy(0))                                        # the active player's one card
    assert game.view(0).buyer == 1
    act(game, buy(1))
    assert game.view(0).phase == "explore" and game.view(0).active == 1


@pytest.mark.parametrize(("players", "order"), [(2, [1, 0, 1]), (3, [1, 2]), (4, [1, 2, 3])])
def test_every_seat_is_shown_the_whole_buy_order_before_the_market_opens(
        players: int, order: list[int]) -> None:
    game, events = play([*explore(1), STOP], players=players, deck=THREE)
    for seat in [*range(players), None]:
        assert game.view(seat).phase == "price" and game.view(seat).buy_order == order
    events = act(game, OPEN)
    assert of_type(events, "market_opened")[0]["buyers"] == order


def test_every_seat_is_shown_who_wins_a_tie_the_active_player_then_clockwise() -> None:
    game, _ = play(market_turn(1, players=4), players=4, deck=["gem_1a"])
    assert game.view(2).active == 1 and game.view(2).tie_order == [1, 2, 3, 0]


def test_priced_buy_pays_the_active_player_who_takes_back_the_coins() -> None:
    game, events = play([*explore(2), STOP, price(0, 4), OPEN, buy(0)], deck=THREE)
    assert coins(game) == [15 - 4 + 4 + 4, 15 - 4, 15] and game.view(0).deposit == 5
    assert held(game, 1) == [("blue_gauntlet_1", False), ("purple_shield_1", False)]
    (bought,) = of_type(events, "bought")
    assert (bought["seat"], bought["item"], bought["card"], bought["price"], bought["paid_to"],
            bought["forced"]) == (1, "purple_shield_1", "purple_shield_1", 4, "seller", False)


def test_unpriced_buy_costs_5g_to_the_deposit() -> None:
    game, events = play([*explore(3), STOP, OPEN, PASS, buy(2)], deck=THREE)
    assert coins(game) == [15, 15, 10] and game.view(0).deposit == 10
    assert gems(game, 2) == [("gem_2a", False)]
    (bought,) = of_type(events, "bought")
    assert (bought["price"], bought["paid_to"]) == (5, "deposit")


def test_active_player_own_priced_buy_in_two_players_pays_the_deposit() -> None:
    game, events = play([*explore(2), STOP, price(0, 3), OPEN, PASS, buy(0)], players=2,
                        deck=THREE)
    assert coins(game) == [12, 15] and game.view(0).deposit == 5 + 3
    assert held(game, 0) == [("purple_shield_1", False), ("red_gauntlet_1", False)]
    (bought,) = of_type(events, "bought")
    assert (bought["seat"], bought["price"], bought["paid_to"]) == (0, 3, "deposit")


def test_active_player_own_unpriced_buy_in_two_players_costs_5g_to_the_deposit() -> None:
    game, _ = play([*explore(2), STOP, OPEN, PASS, buy(1)], players=2, deck=THREE)
    assert coins(game) == [10, 15] and game.view(0).deposit == 10
    assert held(game, 0) == [("green_helm_1", False), ("red_gauntlet_1", False)]


def test_cannot_buy_without_the_coins() -> None:
    # Seat 0 puts all 15 coins on the Skeleton: it cannot pay 5G for the unpriced Forest Orc.
    game, _ = play([*explore(2), STOP, price(0, 15), OPEN, PASS], players=2, deck=THREE)
    assert coins(game)[0] == 0 and game.view(0).buyer == 0
    assert m.Buy(slot=1) not in game.legal_actions(0)
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="costs 5G and you have 0G"):
        act(game, buy(1))
    assert game.state_dict() == before
    assert m.Buy(slot=0) in game.legal_actions(0)             # its own priced card costs nothing


def test_priced_leftovers_are_bought_by_the_active_player_into_the_deposit() -> None:
    game, events = play([*explore(3), STOP, price(0, 4), price(1, 2), OPEN, PASS, PASS],
                        deck=THREE)
    assert coins(game) == [15 - 6, 15, 15] and game.view(0).deposit == 5 + 6
    assert held(game, 0) == [("green_helm_1", False), ("purple_shield_1", False),
                             ("red_gauntlet_1", False)]
    forced = of_type(events, "bought")
    assert [(b["item"], b["price"], b["paid_to"], b["forced"]) for b in forced] == [
        ("purple_shield_1", 4, "deposit", True), ("green_helm_1", 2, "deposit", True)]


def test_unpriced_leftovers_are_discarded() -> None:
    game, events = play([*explore(3), STOP, price(0, 4), OPEN, PASS, PASS], deck=THREE)
    assert of_type(events, "area_discarded") == [
        {"type": "area_discarded", "cards": ["green_helm_1", "gem_2a"], "reason": "unsold"}]
    view = game.view(0)
    assert view.discard_count == 2 and view.discovery == [] and gems(game, 0) == []


def test_the_turn_passes_clockwise_after_the_market() -> None:
    game, events = play(market_turn(1), deck=THREE)
    view = game.view(1)
    assert (view.phase, view.active, view.turn, view.to_act) == ("explore", 1, 2, [1])
    assert of_type(events, "turn_started")[-1] == {"type": "turn_started", "seat": 1, "turn": 2}
