"""Dungeon Market rules: every job effect primitive doing what it says (Professional).

Each test starts from ``prelude``: seat 0 holds the job at LV1 after turn 2 (lives 33/32/33,
coins 15/18/16, deposit 1) and seat 2 is about to explore turn 3. The amounts are the card file's
(``effect``): what is tested is what each primitive does with them.
"""

from __future__ import annotations

import msgspec

from .rules_kit import (
    OPEN,
    PASS,
    PRO,
    SPARE_GEMS,
    STOP,
    act,
    bids,
    buy,
    coins,
    confirm_defences,
    effect,
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


def _guarded_burst(job: str, kind: str) -> dict:
    """Seat 2 bursts purple 7 and seat 0's job takes its amount off (nobody holds anything to
    choose, so the burst resolves at once); seat 0's ``defended`` event."""
    game = prelude(job, deck_after=PURPLE_BURST)
    events = act(game, *explore(2))
    guard = effect(job, kind)
    assert 0 < guard < 7
    assert lives(game) == [33 - (7 - guard), 32 - 7, 33 - 8]
    (mine,) = [e for e in of_type(events, "defended") if e["seat"] == 0]
    assert (mine["job_guard"], mine["damage"], mine["uses"]) == (guard, 7 - guard, [])
    return mine


def test_guard_reduces_every_attack_of_its_colour() -> None:
    mine = _guarded_burst("moon_warden", "guard")             # purple
    assert mine["job_guard"] == effect("moon_warden", "guard")


def test_guard_does_not_reduce_other_colours() -> None:
    game = prelude("flame_warden", deck_after=PURPLE_BURST)   # red, against a purple attack
    act(game, *explore(2), confirm_defences)
    assert lives(game)[0] == 33 - 7


def test_guard_any_reduces_one_attack_of_any_colour() -> None:
    mine = _guarded_burst("paladin", "guard_any")
    assert mine["job_guard"] == effect("paladin", "guard_any")


def test_heal_at_the_start_of_the_owner_turn() -> None:
    game = prelude("cleric", deck_after=SPARE_GEMS[:1])
    events = act(game, *market_turn(1))                        # seat 2's quiet turn; seat 0 next
    life = min(40, 33 + effect("cleric", "heal"))
    assert of_type(events, "healed") == [
        {"type": "healed", "seat": 0, "job": "cleric", "amount": life - 33, "life": life}]
    assert lives(game) == [life, 32, 33]


def test_heal_never_above_the_starting_life() -> None:
    # Seat 0 keeps Gargoyle (armour 3) and blocks seat 1's purple 1 + 2 whole: still at 40.
    actions = [*explore(2), price(0, 1), OPEN, PASS, PASS, *explore(2), confirm_defences,
               {"type": "auction", "job": "cleric"}, *bids([1, 0, 0])]
    game, _ = play(actions, options=PRO, jobs=["cleric"],
                   deck=["purple_armour_1", "gem_1a", "purple_gauntlet_1", "purple_gauntlet_2",
                         "gem_2a"])
    level_up(game, "cleric")
    assert lives(game)[0] == 40 and effect("cleric", "heal") > 0
    events = act(game, *market_turn(1))
    assert [e for e in of_type(events, "healed") if e["amount"]] == []
    assert lives(game)[0] == 40


def test_extra_reveal_raises_the_limit() -> None:
    limit = 2 + effect("scout", "extra_reveal")
    game = prelude("scout", deck_after=SPARE_GEMS[:1 + limit])
    assert [p.reveal_limit for p in game.view(None).players] == [limit, 2, 2]
    act(game, *market_turn(1), *explore(limit))
    view = game.view(0)
    assert (view.phase, view.revealed) == ("price", limit)


def test_exp_bonus_adds_exp_when_the_owner_exploration_ends() -> None:
    game = prelude("sage", deck_after=SPARE_GEMS[:2])
    events = act(game, *market_turn(1), *explore(1), STOP)
    bonus = effect("sage", "exp_bonus")
    assert of_type(events, "exp_gained")[-1] == {
        "type": "exp_gained", "seat": 0, "exp": 1 + bonus, "total": 1 + bonus}


def test_commission_takes_more_from_the_deposit_as_far_as_it_holds() -> None:
    # Seat 0 prices two gems at 3G; seat 1 buys one (the commission empties the deposit of its
    # 1G), seat 2 the other (nothing left to take).
    game = prelude("merchant", deck_after=SPARE_GEMS[:3])
    assert effect("merchant", "commission") >= 1
    act(game, *market_turn(1))
    events = act(game, *explore(2), price(0, 3), price(1, 3), OPEN, buy(0), buy(1))
    assert [(b["seat"], b["commission"]) for b in of_type(events, "bought")] == [(1, 1), (2, 0)]
    assert coins(game) == [15 + 3 + 3 + 1, 18 - 3, 16 - 3] and game.view(0).deposit == 0


def test_discount_lowers_the_owner_unpriced_buys() -> None:
    game = prelude("haggler", deck_after=SPARE_GEMS[:1])
    cost = 5 - effect("haggler", "discount")
    events = act(game, *explore(1), STOP, OPEN, buy(0))
    (bought,) = of_type(events, "bought")
    assert (bought["seat"], bought["price"], bought["paid_to"]) == (0, cost, "deposit")
    assert coins(game)[0] == 15 - cost and game.view(0).deposit == 1 + cost


def test_every_seat_is_shown_what_an_unpriced_card_costs_each_player() -> None:
    game = prelude("haggler")
    cost = 5 - effect("haggler", "discount")
    for seat in (0, 1, 2, None):
        assert [p.unpriced_cost for p in game.view(seat).players] == [cost, 5, 5]


def test_burst_share_takes_from_the_deposit_first() -> None:
    # Seat 1 buys a gem on seat 2's turn (deposit 6); seat 0 bursts purple 7: the Banker takes
    # its part, the rest is shared with the remainder to seat 0 (tied lowest with seat 1, active).
    game = prelude("banker", deck_after=(SPARE_GEMS[0], *PURPLE_BURST))
    act(game, *market_turn(1, buys=[None, 0]), *explore(2))
    events = no_defence(game)                                  # seat 1 keeps its gem back
    assert lives(game) == [25, 25, 26]
    take = min(6, effect("banker", "burst_share"))
    each, remainder = divmod(6 - take, 3)
    (shared,) = of_type(events, "deposit_shared")
    assert shared["job_bonus"] == [take, 0, 0]
    assert coins(game) == [15 + take + each + remainder, 13 + each, 16 + each]
    assert game.view(0).deposit == 0


def test_peek_shows_the_owner_the_top_card_on_its_own_turn() -> None:
    limit = 2 + effect("scout", "extra_reveal")
    assert 3 + limit <= len(SPARE_GEMS)
    game = prelude("scout", deck_after=(*SPARE_GEMS[:3 + limit], "green_helm_1"))
    act(game, *market_turn(1))                  # seat 2's quiet turn: seat 0's turn 4 next
    if not effect("scout", "peek"):
        # No peek at LV1: turn 4's reveals buy LV2, and seat 0's next turn is turn 7.
        assert game.view(0).peek == "" and effect("scout", "peek", level=2)
        act(game, *explore(limit), OPEN, PASS, PASS)
        level_up(game, "scout")
        assert game.view(0).peek == ""                      # seat 1's turn now
        act(game, *market_turn(1), *market_turn(1))
    top = game.state.deck.top
    assert (game.view(0).active, game.view(0).peek) == (0, top)
    for seat in (1, 2, None):
        assert game.view(seat).peek == ""
        assert top not in msgspec.json.encode(game.view(seat)).decode()
    events = act(game, *explore(1))
    top = game.state.deck.top
    assert game.view(0).peek == top
    assert of_type(events, "top_peeked") == [{"type": "top_peeked", "card": top, "to": [0]}]
