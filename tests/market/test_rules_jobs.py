"""Dungeon Market rules: every job effect primitive doing what it says (Professional).

Each test starts from ``prelude``: seat 0 holds the job at LV1 after turn 2 (lives 33/32/33,
coins 15/18/16, deposit 1) and seat 2 is about to explore turn 3.
"""

from __future__ import annotations

import msgspec

from .rules_kit import (
    OPEN,
    PASS,
    PRO,
    STOP,
    act,
    bids,
    buy,
    coins,
    confirm_defences,
    explore,
    level_up,
    lives,
    market_turn,
    no_defence,
    of_type,
    play,
    prelude,
    price,
)

PURPLE_BURST = ("purple_shield_1", "purple_helm_2")            # Skeleton 3 + Vampire 4


def _guarded_burst(job: str) -> dict:
    """Seat 2 bursts purple 7; seat 0's defence, its job taking 1 off (nobody holds anything to
    choose, so the burst resolves at once)."""
    game = prelude(job, deck_after=PURPLE_BURST)
    events = act(game, *explore(2))
    assert lives(game) == [33 - 6, 32 - 7, 33 - 8]
    (mine,) = [e for e in of_type(events, "defended") if e["seat"] == 0]
    return mine


def test_guard_reduces_every_attack_of_its_colour() -> None:
    mine = _guarded_burst("moon_warden")                     # LV1: purple +1
    assert (mine["job_guard"], mine["damage"], mine["uses"]) == (1, 6, [])


def test_guard_does_not_reduce_other_colours() -> None:
    game = prelude("flame_warden", deck_after=PURPLE_BURST)   # red +1 against a purple attack
    act(game, *explore(2), confirm_defences)
    assert lives(game)[0] == 33 - 7


def test_guard_any_reduces_one_attack_of_any_colour() -> None:
    mine = _guarded_burst("paladin")                          # LV1: +1 against the largest
    assert (mine["job_guard"], mine["damage"]) == (1, 6)


def test_heal_at_the_start_of_the_owner_turn() -> None:
    game = prelude("cleric", deck_after=("gem_2a",))
    events = act(game, *market_turn(1))                        # seat 2's quiet turn; seat 0 next
    assert of_type(events, "healed") == [
        {"type": "healed", "seat": 0, "job": "cleric", "amount": 1, "life": 34}]
    assert lives(game) == [34, 32, 33]


def test_heal_never_above_the_starting_life() -> None:
    # Seat 0 keeps Gargoyle (armour 3) and blocks seat 1's purple 1 + 2 whole: still at 40.
    actions = [*explore(2), price(0, 1), OPEN, PASS, PASS, *explore(2), confirm_defences,
               {"type": "auction", "job": "cleric"}, *bids([1, 0, 0])]
    game, _ = play(actions, options=PRO, jobs=["cleric"],
                   deck=["purple_armour_1", "gem_1a", "purple_gauntlet_1", "purple_gauntlet_2",
                         "gem_2a"])
    level_up(game, "cleric")
    assert lives(game)[0] == 40
    events = act(game, *market_turn(1))
    assert [e for e in of_type(events, "healed") if e["amount"]] == []
    assert lives(game)[0] == 40


def test_extra_reveal_raises_the_limit() -> None:
    game = prelude("scout", deck_after=("gem_2a", "gem_2b", "gem_2c", "gem_3a", "gem_3b"))
    assert [p.reveal_limit for p in game.view(None).players] == [3, 2, 2]
    act(game, *market_turn(1), *explore(3))
    view = game.view(0)
    assert (view.phase, view.revealed) == ("price", 3)


def test_exp_bonus_adds_exp_when_the_owner_exploration_ends() -> None:
    game = prelude("sage", deck_after=("gem_2a", "gem_2b"))
    events = act(game, *market_turn(1), *explore(1), STOP)
    assert of_type(events, "exp_gained")[-1] == {
        "type": "exp_gained", "seat": 0, "exp": 1 + 1, "total": 2}


def test_commission_takes_more_from_the_deposit_as_far_as_it_holds() -> None:
    # Seat 0 prices two gems at 3G; seat 1 buys one (1G commission empties the deposit),
    # seat 2 the other (no commission left).
    game = prelude("merchant", deck_after=("gem_2a", "gem_2b", "gem_2c"))
    act(game, *market_turn(1))
    events = act(game, *explore(2), price(0, 3), price(1, 3), OPEN, buy(0), buy(1))
    assert [(b["seat"], b["commission"]) for b in of_type(events, "bought")] == [(1, 1), (2, 0)]
    assert coins(game) == [15 + 3 + 3 + 1, 18 - 3, 16 - 3] and game.view(0).deposit == 0


def test_discount_lowers_the_owner_unpriced_buys() -> None:
    game = prelude("haggler", deck_after=("gem_2a",))
    events = act(game, *explore(1), STOP, OPEN, buy(0))
    (bought,) = of_type(events, "bought")
    assert (bought["seat"], bought["price"], bought["paid_to"]) == (0, 5 - 1, "deposit")
    assert coins(game)[0] == 11 and game.view(0).deposit == 1 + 4


def test_burst_share_takes_from_the_deposit_first() -> None:
    # Seat 1 buys a gem on seat 2's turn (deposit 6); seat 0 bursts purple 7: the Banker takes 1,
    # the other 5 go 1 each and 2 to seat 0 (tied lowest with seat 1, and active).
    game = prelude("banker", deck_after=("gem_2a", *PURPLE_BURST))
    act(game, *market_turn(1, buys=[None, 0]), *explore(2))
    events = no_defence(game)                                  # seat 1 keeps its gem back
    assert lives(game) == [25, 25, 26]
    (shared,) = of_type(events, "deposit_shared")
    assert shared["job_bonus"] == [1, 0, 0]
    assert coins(game) == [15 + 1 + 3, 13 + 1, 16 + 1] and game.view(0).deposit == 0


def test_peek_shows_the_owner_the_top_card_on_its_own_turn() -> None:
    # Scout LV1 (limit 3) on turn 4 gives 3 EXP: LV2 at the end of the turn adds the peek.
    deck = ("gem_2a", "gem_2b", "gem_2c", "gem_3a", "gem_3b", "gem_3c", "green_helm_1",
            "purple_shield_1")
    game = prelude("scout", deck_after=deck)
    act(game, *market_turn(1), *explore(3), OPEN, PASS, PASS)
    level_up(game, "scout")
    assert game.view(0).peek == ""                             # seat 1's turn now
    act(game, *market_turn(1), *market_turn(1))
    assert (game.view(0).active, game.view(0).peek) == (0, "green_helm_1")
    for seat in (1, 2, None):
        assert game.view(seat).peek == ""
        assert "green_helm_1" not in msgspec.json.encode(game.view(seat)).decode()
    events = act(game, *explore(1))
    assert game.view(0).peek == "purple_shield_1"
    assert of_type(events, "top_peeked") == [
        {"type": "top_peeked", "card": "purple_shield_1", "to": [0]}]

