"""Dungeon Market rules: a burst's damage, the game's end in a burst, the deposit share."""

from __future__ import annotations

from .rules_kit import (
    OPEN,
    PASS,
    STOP,
    act,
    coins,
    confirm_defences,
    defend_with,
    explore,
    gems,
    lives,
    market_turn,
    no_defence,
    of_type,
    play,
    price,
)


def test_attacks_are_summed_per_colour() -> None:
    # Night Dragon 5 and the purple ghost 3 are one purple attack of 8; the green ghost is 3.
    game, _ = play([*explore(3), confirm_defences], players=2,
                   deck=["purple_sword_1", "green_ghost", "purple_ghost"])
    assert lives(game) == [30 - 8 - 3 - 1, 30 - 8 - 3]


def test_the_active_player_takes_one_more() -> None:
    game, _ = play([*explore(2), confirm_defences], deck=["purple_shield_1", "purple_helm_2"])
    assert lives(game) == [40 - 8, 40 - 7, 40 - 7]


def test_discovery_is_discarded_after_a_burst() -> None:
    game, events = play([*explore(3), confirm_defences],
                        deck=["purple_shield_1", "green_helm_1", "purple_helm_2"])
    view = game.view(0)
    assert view.discovery == [] and view.discard_count == 3
    (discarded,) = of_type(events, "area_discarded")
    assert sorted(discarded["cards"]) == ["green_helm_1", "purple_helm_2", "purple_shield_1"]
    assert discarded["reason"] == "burst"


def test_a_burst_ends_the_turn_without_a_market() -> None:
    game, _ = play([*explore(2), confirm_defences], deck=["purple_shield_1", "purple_helm_2"])
    view = game.view(1)
    assert (view.phase, view.active, view.turn, view.to_act) == ("explore", 1, 2, [1])


def _deposit_share(events: list[dict]) -> dict:
    (shared,) = of_type(events, "deposit_shared")
    return shared


def test_deposit_split_remainder_to_the_lowest_life() -> None:
    # 2 players. Seat 0 keeps Cinder Rat at 2G (deposit 7); a quiet turn; seat 0 bursts red 6
    # and its gauntlet pair takes 2 off: seat 0 at 25, seat 1 at 24 gets the remainder.
    game, _ = play([*explore(1), STOP, price(0, 2), OPEN, PASS, PASS, PASS,
                    *market_turn(1, players=2), *explore(2)], players=2,
                   deck=["red_gauntlet_2", "gem_1a", "red_shield_1", "red_helm_1"])
    assert game.view(0).deposit == 7
    events = defend_with(game, 0, [("red_gauntlet_1", "red"), ("red_gauntlet_2", "red")])
    events += defend_with(game, 1)
    assert lives(game) == [25, 24]
    shared = _deposit_share(events)
    assert (shared["shares"], shared["remainder_to"], shared["remainder"]) == ([3, 4], 1, 1)
    assert coins(game) == [13 + 3, 15 + 4] and game.view(0).deposit == 0


def test_deposit_remainder_tie_goes_to_the_active_player() -> None:
    # Seat 1 bursts blue 6 and blocks 1 with its gauntlet: all three at 34; 5 = 1 each + 2.
    game, _ = play([*market_turn(1), *explore(2)],
                   deck=["gem_1a", "blue_shield_1", "blue_helm_1"])
    events = defend_with(game, 1, [("blue_gauntlet_1", "blue")])
    events += defend_with(game, 0) + defend_with(game, 2)
    assert lives(game) == [34, 34, 34]
    shared = _deposit_share(events)
    assert (shared["shares"], shared["remainder_to"], shared["remainder"]) == ([1, 3, 1], 1, 2)


def test_deposit_remainder_tie_then_goes_clockwise_from_the_active_player() -> None:
    # 4 players: seat 0 keeps Cinder Rat, seat 1 keeps Flame Bat (1G each, deposit 7); two quiet
    # turns; seat 0 bursts red 6: seats 0 and 1 at 35, seats 2 and 3 tie lowest at 34: seat 2,
    # the first of them clockwise from seat 0, gets the remainder 3.
    game, _ = play([*market_turn(1, players=4, keep=1), *market_turn(1, players=4, keep=1),
                    *market_turn(1, players=4), *market_turn(1, players=4), *explore(2)],
                   players=4, deck=["red_gauntlet_2", "red_gauntlet_3", "gem_1a", "gem_1b",
                                    "red_shield_1", "red_helm_1"])
    events = defend_with(game, 0, [("red_gauntlet_1", "red"), ("red_gauntlet_2", "red")])
    events += defend_with(game, 1, [("red_gauntlet_3", "red")])
    events += defend_with(game, 2) + defend_with(game, 3)
    assert lives(game) == [35, 35, 34, 34]
    shared = _deposit_share(events)
    assert (shared["shares"], shared["remainder_to"], shared["remainder"]) == ([1, 1, 4, 1], 2, 3)
    assert coins(game) == [15, 15, 19, 16]


def test_game_ends_mid_burst_when_a_life_hits_zero() -> None:
    # 2 players. Seat 0 bursts purple 8 + green 3; seat 1 bursts yellow 8 + blue 3 (undefended);
    # seat 0's quiet turn sells seat 1 a gem (5G to the deposit); seat 1 bursts green 4 + 3.
    game, _ = play([*explore(3), confirm_defences, *explore(3)], players=2,
                   deck=["purple_sword_1", "green_ghost", "purple_ghost",
                         "yellow_sword_1", "blue_ghost", "yellow_ghost", "gem_1a",
                         "green_armour_1", "green_helm_1"])
    no_defence(game)
    assert lives(game) == [7, 7] and coins(game) == [18, 17]
    act(game, *market_turn(1, players=2, buys=[0]), *explore(2))
    assert game.view(0).deposit == 5 and gems(game, 1) == [("gem_1a", False)]
    events = no_defence(game)                               # seat 1 keeps its gem back
    assert lives(game) == [0, -1]
    assert of_type(events, "game_ended") == [
        {"type": "game_ended", "reason": "knocked_out", "seats": [0, 1], "discarded": ["gem_1a"]}]
    assert of_type(events, "deposit_shared") == []          # no share once a life is at 0
    view = game.view(None)
    assert (view.phase, view.to_act, view.end_reason, view.deposit) == ("over", [], "knocked_out",
                                                                         5)
    assert coins(game) == [18, 12]
    result = game.result()
    assert result is not None and result.winners == [0] and result.ranking == [0, 1]
