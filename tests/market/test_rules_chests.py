"""Dungeon Market rules: treasure chests (option ``chests``), one test per rule."""

from __future__ import annotations

import msgspec

from dungeon_table.games.market import model as m

from .rules_kit import (
    EXPLORE,
    OPEN,
    PASS,
    STOP,
    act,
    buy,
    coins,
    explore,
    held,
    of_type,
    play,
    price,
)

CHESTS = {"chests": True}


def _text(view: m.MarketView) -> str:
    return msgspec.json.encode(view).decode()


def test_chest_the_active_player_alone_sees_the_hidden_card() -> None:
    game, events = play(explore(1), options=CHESTS, deck=["chest_1", "purple_shield_1"])
    assert game.view(0).discovery == [
        m.Slot(index=0, card="chest_1", chest=True, hidden="purple_shield_1")]
    for seat in (1, 2, None):
        assert game.view(seat).discovery == [m.Slot(index=0, card="chest_1", chest=True,
                                                    hidden="?")]
        assert "purple_shield_1" not in _text(game.view(seat))
    assert of_type(events, "chest_found") == [
        {"type": "chest_found", "card": "chest_1", "slot": 0, "empty": False}]
    assert of_type(events, "chest_peeked") == [
        {"type": "chest_peeked", "slot": 0, "card": "purple_shield_1", "to": [0]}]
    view = game.view(0)
    assert (view.deck_count, view.revealed, view.phase) == (59 - 2, 1, "explore")


def test_the_hidden_card_stays_hidden_through_pricing_and_the_buy_round() -> None:
    game, _ = play([*explore(1), STOP, price(0, 3), OPEN], options=CHESTS,
                   deck=["chest_1", "purple_shield_1"])
    assert game.view(1).discovery[0].hidden == "?" and game.view(1).discovery[0].price == 3
    assert "purple_shield_1" not in _text(game.view(2))
    assert game.view(0).discovery[0].hidden == "purple_shield_1"


def test_chests_never_burst_and_hidden_cards_do_not_count() -> None:
    # Two purple monsters under chests and a purple Gargoyle face up: no burst.
    game, _ = play(explore(4), options=CHESTS,
                   deck=["chest_1", "purple_shield_1", "chest_2", "purple_helm_1",
                         "purple_armour_1", "chest_3", "gem_1a"])
    view = game.view(0)
    assert view.phase == "explore" and view.attacks == []
    assert [(s.card, s.hidden) for s in view.discovery] == [
        ("chest_1", "purple_shield_1"), ("chest_2", "purple_helm_1"), ("purple_armour_1", ""),
        ("chest_3", "gem_1a")]


def test_chest_and_its_card_are_priced_and_bought_as_one_the_buyer_gets_nothing() -> None:
    game, events = play([*explore(1), STOP, price(0, 3), OPEN, buy(0)], options=CHESTS,
                        deck=["chest_1", "purple_shield_1"])
    assert coins(game) == [15 - 3 + 3 + 3, 15 - 3, 15]
    assert held(game, 1) == [("blue_gauntlet_1", False)]
    assert game.view(1).discard_count == 2 and game.view(1).discovery == []
    (bought,) = of_type(events, "bought")
    assert (bought["seat"], bought["item"], bought["card"], bought["hidden"], bought["price"],
            bought["paid_to"]) == (1, "chest_1", "", "purple_shield_1", 3, "seller")


def test_chest_buyer_gets_card_option_gives_the_hidden_card() -> None:
    game, events = play([*explore(1), STOP, OPEN, buy(0)],
                        options={**CHESTS, "chest_buyer_gets_card": True},
                        deck=["chest_1", "purple_shield_1"])
    assert held(game, 1) == [("blue_gauntlet_1", False), ("purple_shield_1", False)]
    assert coins(game)[1] == 10 and game.view(1).discard_count == 1
    (bought,) = of_type(events, "bought")
    assert (bought["item"], bought["card"], bought["price"]) == ("chest_1", "purple_shield_1", 5)


def test_an_unsold_chest_is_discarded_with_its_card_shown() -> None:
    game, events = play([*explore(1), STOP, OPEN, PASS, PASS], options=CHESTS,
                        deck=["chest_1", "purple_shield_1"])
    (discarded,) = of_type(events, "area_discarded")
    assert sorted(discarded["cards"]) == ["chest_1", "purple_shield_1"]
    assert game.view(1).discard_count == 2


def test_a_ghost_under_a_chest_is_revealed_and_the_chest_leaves_the_game() -> None:
    game, events = play(explore(1), players=2, options=CHESTS,
                        deck=["chest_1", "purple_ghost", "gem_1a"])
    assert of_type(events, "chest_removed") == [{"type": "chest_removed", "card": "chest_1"}]
    assert [(e["card"], e["via_chest"]) for e in of_type(events, "revealed")] == [
        ("purple_ghost", True)]
    view = game.view(1)
    assert [(s.card, s.chest) for s in view.discovery] == [("purple_ghost", False)]
    assert view.must_explore and (view.deck_count, view.discard_count) == (65 - 2, 0)
    assert game.legal_actions(0) == [m.Explore()]
    act(game, EXPLORE, STOP)
    assert "chest_1" not in _text(game.view(0)) and game.view(0).discard_count == 1


def test_a_ghost_under_a_chest_can_burst_with_another_ghost() -> None:
    _, events = play(explore(2), players=2, options=CHESTS,
                     deck=["green_ghost", "chest_1", "purple_ghost"])
    (burst,) = of_type(events, "burst")
    assert sorted((a["colour"], a["value"], a["slots"]) for a in burst["attacks"]) == [
        ("green", 3, [0]), ("purple", 3, [1])]


def test_a_chest_after_a_ghost_is_the_forced_reveal() -> None:
    game, _ = play(explore(2), players=2, options=CHESTS,
                   deck=["purple_ghost", "chest_1", "gem_1a"])
    assert not game.view(0).must_explore
    assert set(game.legal_actions(0)) == {m.Explore(), m.Stop()}
