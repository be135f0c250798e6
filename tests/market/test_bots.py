"""The Dungeon Market bots: legal, deterministic by seed, driven by the view alone, and stronger
than chance. The market arithmetic they share is checked on its own first."""

from __future__ import annotations

import pytest

from dungeon_table.games.market.bot_market import Item, Round, best_prices, play_out
from dungeon_table.games.market.bot_value import equipment_points


def three_player_round(seller_coins: int = 15) -> Round:
    return Round(seller=0, order=[1, 2], coins=[seller_coins, 15, 15], unpriced=[5, 5, 5],
                 coin_vp=0.2, weights=[1.0, -0.5, -0.5])


def test_buyers_take_what_is_worth_its_price_and_the_seller_the_priced_rest() -> None:
    round_ = three_player_round()
    helm = Item(0, (0.0, 2.0, 0.5))     # worth 2 points (10G) to seat 1
    gem = Item(1, (1.5, 0.0, 0.0))      # worth something to the seller only
    gains = play_out(round_, [helm, gem], {0: 8, 1: 1})
    # seat 1 buys the helm for 8G; the gem stays priced, so the seller buys it for its 1G,
    # which goes to the deposit and comes back a third to each seat
    back = 0.2 * 1 / 3
    assert gains[1] == pytest.approx(2.0 - 0.2 * 8 + back)
    assert gains[0] == pytest.approx(1.5 + 0.2 * 8 - 0.2 * 1 + back)
    assert gains[2] == pytest.approx(back)


def test_best_prices_sell_dear_what_others_want_and_keep_what_only_the_seller_wants() -> None:
    round_ = three_player_round()
    helm = Item(0, (0.0, 2.0, 0.5))
    gem = Item(1, (1.5, 0.0, 0.0))
    prices, _ = best_prices(round_, [helm, gem])
    assert 7 <= prices[0] <= 10     # just under the 10G the helm is worth to seat 1
    assert prices[1] >= 1           # priced, so nobody takes it for 5G... and the seller keeps it


def test_prices_never_exceed_the_sellers_purse() -> None:
    round_ = three_player_round(seller_coins=6)
    items = [Item(i, (0.0, 3.0, 3.0)) for i in range(3)]
    prices, _ = best_prices(round_, items)
    assert sum(prices.values()) <= 6


def test_equipment_points_follow_the_score_table() -> None:
    # red: gauntlet, shield, helm = 3 kinds (3 points); a sword of blue: 1 kind (0) + 3
    assert equipment_points(["red_gauntlet_1", "red_shield_1", "red_helm_1"]) == 3
    assert equipment_points(["blue_sword_1"]) == 3
    five = [f"{c}_gauntlet_1" for c in ("red", "blue", "yellow", "green", "purple")]
    assert equipment_points(five) == 5
