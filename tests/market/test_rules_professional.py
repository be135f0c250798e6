"""Dungeon Market rules: the Professional expansion's reveal limit, EXP, levels and auction."""

from __future__ import annotations

import msgspec
import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import load

from .rules_kit import (
    OPEN,
    PASS,
    PRO,
    SPARE_GEMS,
    act,
    bids,
    coins,
    confirm_defences,
    defend_with,
    effect,
    explore,
    finish_levelling,
    level_up,
    lives,
    market_turn,
    of_type,
    play,
    player,
    prelude,
    price,
)

JOBS = ["sage", "merchant", "haggler", "banker", "cleric", "scout", "paladin", "flame_warden",
        "tide_warden", "star_warden", "leaf_warden", "moon_warden"]


# --- the reveal limit --------------------------------------------------------------------------
def test_reveal_limit_is_two_at_the_start() -> None:
    game, events = play(explore(2), options=PRO, deck=["gem_1a", "purple_shield_1", "gem_1b"])
    assert [p.reveal_limit for p in game.view(None).players] == [2, 2, 2]
    assert of_type(events, "exploration_ended") == [
        {"type": "exploration_ended", "reason": "limit"}]
    view = game.view(0)
    assert (view.phase, view.revealed, view.deck_count) == ("price", 2, 59 - 2)


def test_reveal_limit_without_professional_is_zero() -> None:
    game, _ = play()
    assert [p.reveal_limit for p in game.view(None).players] == [0, 0, 0]


def test_reveal_limit_counts_equipment_colours_and_a_gem_up_to_seven() -> None:
    # Seat 0 keeps Skeleton + a gem (1G each), buys Bark Boar and Sand Scorpion for 5G on the
    # others' turns, then keeps Shell Turtle: red, purple, green, yellow, blue and a gem.
    game, _ = play([*explore(2), price(0, 1), price(1, 1), OPEN, PASS, PASS], options=PRO,
                   deck=["purple_shield_1", "gem_1a", "green_shield_1", "yellow_shield_1",
                         "blue_shield_1"])
    limits = [player(game, 0).reveal_limit]
    act(game, *market_turn(1, buys=[None, 0]))
    limits.append(player(game, 0).reveal_limit)
    act(game, *market_turn(1, buys=[0]))
    limits.append(player(game, 0).reveal_limit)
    act(game, *market_turn(1, keep=1))
    limits.append(player(game, 0).reveal_limit)
    assert limits == [2 + 1 + 1, 3 + 1 + 1, 4 + 1 + 1, 5 + 1 + 1]
    assert [p.reveal_limit for p in game.view(None).players][1:] == [2, 2]
    assert coins(game)[0] == 15 - 2 - 5 - 5 - 1


def test_reveal_limit_is_capped_at_seven_before_job_bonuses() -> None:
    """Two players. Seat 0 keeps Skeleton and a gem, wins the Scout (LV1: extra reveals) from
    seat 1's burst, then keeps a yellow, a blue and a green card: 5 colours + gem + 1 = 7, the
    cap, and the Scout's reveals come on top of it."""
    extra = effect("scout", "extra_reveal")
    found = ["gem_1b", "yellow_helm_1", "blue_helm_1", "green_shield_1", "red_shield_1",
             "gem_2a", "gem_2b", "gem_2c"][:4 + extra]
    deck = ["gem_1a", "purple_shield_1", "green_helm_1", "green_armour_1", *found]
    game, _ = play([*explore(2), price(0, 1), price(1, 1), OPEN, PASS, PASS, PASS, *explore(2),
                    confirm_defences, {"type": "auction", "job": "scout"}, *bids([1, 0])],
                   players=2, options=PRO, jobs=["scout"], deck=deck)
    level_up(game, "scout")
    assert player(game, 0).reveal_limit == 2 + 1 + 1 + extra
    act(game, *explore(4 + extra), price(1, 1), price(2, 1), price(3, 1), OPEN, PASS, PASS, PASS)
    finish_levelling(game)
    assert player(game, 0).reveal_limit == 7 + extra


def test_the_chest_counts_toward_the_limit_its_hidden_card_does_not() -> None:
    game, events = play(explore(2), options=PRO,
                        deck=["chest_1", "purple_shield_1", "gem_1a", "green_helm_1"])
    view = game.view(0)
    assert view.phase == "price" and view.revealed == 2 and view.deck_count == 59 - 3
    assert [(s.card, s.hidden) for s in view.discovery] == [("chest_1", "purple_shield_1"),
                                                            ("gem_1a", "")]
    assert of_type(events, "exp_gained") == [
        {"type": "exp_gained", "seat": 0, "exp": 2, "total": 2}]


def test_reaching_the_limit_ends_exploration_even_after_a_ghost() -> None:
    game, events = play(explore(2), players=2, options=PRO, deck=["gem_1a", "purple_ghost"])
    assert game.view(0).phase == "price"
    assert of_type(events, "exploration_ended")[-1]["reason"] == "limit"


# --- EXP -------------------------------------------------------------------------------------
def test_exp_is_the_revealed_cards_minus_the_attackers() -> None:
    # Seat 0 keeps Skeleton + a gem (limit 4, 2 EXP); two quiet turns; seat 0 reveals a gem,
    # Forest Orc, Dark Elf, Gargoyle: a purple burst, 4 revealed - 2 attackers = 2 EXP.
    game, _ = play([*explore(2), price(0, 1), price(1, 1), OPEN, PASS, PASS,
                    *market_turn(1), *market_turn(1), *explore(4), confirm_defences],
                   options=PRO,
                   deck=["purple_shield_1", "gem_1a", "gem_2a", "gem_2b", "gem_1b",
                         "green_helm_1", "purple_helm_1", "purple_armour_1"])
    assert [p.exp for p in game.view(None).players] == [2 + 2, 1, 1]
    assert game.view(0).phase == "auction"


def test_sword_kill_is_turned_face_down_and_counts_for_exp() -> None:
    # Seat 0 keeps the Night Dragon (2 EXP); two quiet turns; seat 0 bursts Dark Elf 3 +
    # Gargoyle 4 and its sword cuts the Gargoyle down: 2 - 2 + 1 = 1 EXP.
    game, _ = play([*explore(2), price(0, 1), OPEN, PASS, PASS, *market_turn(1),
                    *market_turn(1), *explore(2)], options=PRO,
                   deck=["purple_sword_1", "gem_1a", "gem_2a", "gem_2b", "purple_helm_1",
                         "purple_armour_1"])
    events = defend_with(game, 0, [("purple_sword_1", "purple")])
    events += defend_with(game, 1) + defend_with(game, 2)
    (mine,) = [e for e in of_type(events, "defended") if e["seat"] == 0]
    assert mine["uses"] == [{"item": "purple_sword_1", "attack": "purple", "reduced": 4,
                             "used": True, "killed": 1}]
    assert lives(game) == [40 - 4, 40 - 7, 40 - 7]
    assert [e for e in of_type(events, "exp_gained") if e["seat"] == 0] == [
        {"type": "exp_gained", "seat": 0, "exp": 1, "total": 3}]
    (discarded,) = of_type(events, "area_discarded")
    assert sorted(discarded["cards"]) == ["purple_armour_1", "purple_helm_1"]


# --- the auction -----------------------------------------------------------------------------
def _auction(amounts: list[int] | None = None) -> tuple[object, list[dict]]:
    """Seat 0 bursts Dark Elf + Gargoyle on turn 1 (lives 32/33/33, coins 18/16/16), then
    auctions the Merchant; ``amounts`` are the sealed bids."""
    actions = [*explore(2), confirm_defences, {"type": "auction", "job": "merchant"}]
    return play([*actions, *bids(amounts or [])], options=PRO, jobs=JOBS,
                deck=["purple_helm_1", "purple_armour_1"])


def test_auction_the_active_player_picks_the_rest_go_under_the_job_deck() -> None:
    game, _ = play([*explore(2), confirm_defences], options=PRO, jobs=JOBS,
                   deck=["purple_helm_1", "purple_armour_1"])
    view = game.view(0)
    assert (view.phase, view.to_act) == ("auction", [0])
    assert (view.jobs_up, view.job_deck_count) == (["sage", "merchant", "haggler"], 9)
    assert lives(game) == [32, 33, 33] and coins(game) == [18, 16, 16]
    events = act(game, {"type": "auction", "job": "merchant"})
    assert of_type(events, "job_offered") == [
        {"type": "job_offered", "job": "merchant", "returned": ["sage", "haggler"],
         "refill": ["banker", "cleric", "scout"]}]
    view = game.view(1)
    assert (view.phase, view.to_act, view.auction_job) == ("bid", [0, 1, 2], "merchant")
    assert (view.jobs_up, view.job_deck_count) == (["banker", "cleric", "scout"], 8)


def test_bids_are_sealed_until_all_are_in() -> None:
    game, _ = _auction()
    others = {seat: msgspec.to_builtins(game.view(seat)) for seat in (1, 2, None)}
    events = act(game, {"seat": 0, "type": "bid", "amount": 2})
    assert events == [{"type": "bid_placed", "seat": 0}]
    assert game.view(0).my_bid == 2 and game.view(1).my_bid is None
    for seat, seen in others.items():
        now = msgspec.to_builtins(game.view(seat))
        assert (now["bids_in"], now["to_act"]) == ([True, False, False], [1, 2])
        assert {**now, "bids_in": seen["bids_in"], "to_act": seen["to_act"]} == seen
    events = act(game, {"seat": 1, "type": "bid", "amount": 5})
    assert of_type(events, "bids_revealed") == []
    events = act(game, {"seat": 2, "type": "bid", "amount": 5})
    assert of_type(events, "bids_revealed") == [
        {"type": "bids_revealed", "bids": [2, 5, 5], "winner": 1, "job": "merchant"}]
    assert game.view(2).last_bids == [2, 5, 5]


def test_tied_highest_bids_go_clockwise_from_the_active_player() -> None:
    game, _ = _auction([2, 5, 5])
    assert coins(game) == [18, 16 - 5, 16] and game.view(0).deposit == 5
    assert player(game, 1).jobs == [m.JobHeld(job="merchant", level=0, next_cost=2)]


def test_the_highest_bid_wins_and_pays_the_deposit() -> None:
    game, _ = _auction([0, 3, 4])
    assert coins(game) == [18, 16, 12] and game.view(0).deposit == 4
    assert [p.jobs for p in game.view(None).players] == [
        [], [], [m.JobHeld(job="merchant", level=0, next_cost=2)]]


def test_tied_bids_go_to_the_active_player() -> None:
    game, _ = _auction([3, 3, 0])
    assert coins(game) == [15, 16, 16] and player(game, 0).jobs[0].job == "merchant"


def test_all_zero_bids_go_to_the_active_player() -> None:
    game, events = _auction([0, 0, 0])
    assert of_type(events, "bids_revealed")[0]["winner"] == 0
    assert coins(game) == [18, 16, 16] and game.view(0).deposit == 0


def test_a_bid_is_at_most_the_seat_coins() -> None:
    game, _ = _auction()
    assert m.Bid(amount=18) in game.legal_actions(0)
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="19G and have 18G"):
        act(game, {"seat": 0, "type": "bid", "amount": 19})
    assert game.state_dict() == before


# --- levels ----------------------------------------------------------------------------------
def test_prelude_leaves_the_job_at_lv1_and_seat_2_to_explore() -> None:
    game = prelude("sage")
    view = game.view(2)
    assert (view.phase, view.active, view.turn) == ("explore", 2, 3)
    assert lives(game) == [33, 32, 33] and coins(game) == [15, 18, 16] and view.deposit == 1
    assert player(game, 0).jobs == [m.JobHeld(job="sage", level=1, next_cost=2)]
    assert player(game, 0).exp == 0


def test_the_won_job_may_be_levelled_at_once() -> None:
    game = prelude("sage", level=False)
    assert player(game, 0).jobs == [m.JobHeld(job="sage", level=0, next_cost=2)]
    assert player(game, 0).exp == 2                          # done without levelling


def test_levelling_at_the_start_of_the_own_turn() -> None:
    game = prelude("sage", level=False, deck_after=("gem_2a",))
    act(game, *market_turn(1))                               # seat 2's quiet turn
    view = game.view(0)
    assert (view.phase, view.active, view.to_act, view.level_jobs) == ("level", 0, [0], ["sage"])
    events = level_up(game, "sage")
    assert of_type(events, "levelled_up") == [
        {"type": "levelled_up", "seat": 0, "job": "sage", "level": 1, "exp_spent": 2}]
    assert game.view(0).phase == "explore"


def test_levelling_at_the_end_of_the_own_turn() -> None:
    # Scout LV1 lets seat 0 reveal up to its limit on turn 4: that EXP buys LV2 at the end of
    # the turn.
    limit = 2 + effect("scout", "extra_reveal")
    game = prelude("scout", deck_after=SPARE_GEMS[:1 + limit])
    act(game, *market_turn(1), *explore(limit))
    assert game.view(0).phase == "price" and player(game, 0).exp == limit
    act(game, OPEN, PASS, PASS)
    view = game.view(0)
    assert (view.phase, view.to_act, view.level_jobs) == ("level", [0], ["scout"])
    level_up(game, "scout")
    assert player(game, 0).jobs == [m.JobHeld(job="scout", level=2, next_cost=2)]
    assert player(game, 0).exp == limit - 2 and game.view(1).active == 1


def test_a_won_job_alone_may_be_levelled_after_the_auction() -> None:
    # Seat 0 keeps its 2 EXP with the Sage at LV0, then wins the Banker from seat 2's burst.
    game = prelude("sage", level=False, deck_after=("purple_shield_1", "purple_helm_2"),
                   jobs_after=("merchant", "haggler", "banker"))
    act(game, *explore(2), confirm_defences, {"type": "auction", "job": "banker"},
        *bids([1, 0, 0]))
    view = game.view(0)
    assert (view.phase, view.to_act, view.level_jobs) == ("level", [0], ["banker"])
    assert m.LevelUp(job="sage") not in game.legal_actions(0)
    before = game.state_dict()
    with pytest.raises(IllegalAction, match=r"only the job just won \(banker\)"):
        act(game, {"type": "level_up", "job": "sage"})
    assert game.state_dict() == before


def test_level_costs_are_2_2_2_13_and_lv4_scores_its_vp() -> None:
    """Two players. Seat 0 wins the Merchant (no effect on EXP here: nobody buys what it prices)
    and explores 2, 4, 7 and 7 cards on its turns: 20 EXP, 2 + 2 + 2 + 13 spent."""
    deck = ["gem_1a", "purple_shield_1",                             # turn 1: seat 0 keeps both
            "green_helm_1", "green_armour_1",                        # turn 2: seat 1 bursts
            "gem_1b", "yellow_helm_1", "blue_helm_1", "green_shield_1",   # turn 3: keeps 3
            "gem_2a",                                                # turn 4: quiet
            "red_shield_1", "blue_shield_1", "yellow_shield_1", "green_gauntlet_2",
            "purple_gauntlet_2", "gem_2b", "gem_2c",                 # turn 5: 7 cards
            "gem_3a",                                                # turn 6: quiet
            "red_shield_2", "blue_shield_2", "yellow_shield_2", "green_gauntlet_3",
            "purple_gauntlet_3", "gem_3b", "gem_3c"]                 # turn 7: 7 cards
    game, _ = play([*explore(2), price(0, 1), price(1, 1), OPEN, PASS, PASS, PASS,
                    *explore(2), confirm_defences, {"type": "auction", "job": "merchant"},
                    *bids([1, 0])], players=2, options=PRO, jobs=["merchant"], deck=deck)
    assert player(game, 0).reveal_limit == 4
    events = level_up(game, "merchant")                              # 2 EXP: LV1
    act(game, *explore(4), price(1, 1), price(2, 1), price(3, 1), OPEN, PASS, PASS, PASS)
    assert player(game, 0).exp == 4 and player(game, 0).reveal_limit == 7
    events += level_up(game, "merchant", times=2)                    # LV2, LV3: none left
    assert player(game, 0).jobs == [m.JobHeld(job="merchant", level=3, next_cost=13)]
    act(game, *market_turn(1, players=2), *explore(7), OPEN, PASS, PASS, PASS,
        *market_turn(1, players=2), *explore(7), OPEN, PASS, PASS, PASS)
    assert player(game, 0).exp == 7 + 7
    before = player(game, 0).points
    events += level_up(game, "merchant")
    assert [(e["level"], e["exp_spent"]) for e in of_type(events, "levelled_up")] == [
        (1, 2), (2, 2), (3, 2), (4, 13)]
    assert player(game, 0).jobs == [m.JobHeld(job="merchant", level=4, next_cost=0)]
    levels = load().job("merchant").levels
    assert levels[3].vp > 0
    assert player(game, 0).exp == 1
    assert player(game, 0).points == before + levels[3].vp - levels[2].vp
