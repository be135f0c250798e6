"""Dungeon Market rules: defending a burst, one test per rule, arranged with stacked decks.

Each set-up gives seat 0 (red) its defence by pricing cards at 1G on its own turn (nobody buys
them, so it must: the coin goes to the deposit) or by buying unpriced ones for 5G on another turn.
"""

from __future__ import annotations

import msgspec
import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Game
from dungeon_table.games.market import model as m
from dungeon_table.games.market.defence import Item, Kit, suggest

from .rules_kit import (
    act,
    coins,
    confirm_defences,
    defend_with,
    explore,
    gems,
    held,
    lives,
    market_turn,
    of_type,
    play,
)


def _armour_then_purple_burst() -> Game:
    """Seat 0 keeps a Gargoyle (purple armour, 3); seat 1 bursts Skeleton 3 + Vampire 4."""
    game, _ = play([*market_turn(1, keep=1), *explore(2)],
                   deck=["purple_armour_1", "purple_shield_1", "purple_helm_2",
                         "purple_shield_2", "purple_helm_1"])
    return game


def test_equipment_of_the_attack_colour_reduces_it() -> None:
    game = _armour_then_purple_burst()
    assert game.view(0).attacks == [m.Attack(colour="purple", value=7, slots=[0, 1])]
    events = defend_with(game, 0, [("purple_armour_1", "purple")])
    events += defend_with(game, 1) + defend_with(game, 2)
    assert of_type(events, "defended")[0] == {
        "type": "defended", "seat": 0, "damage": 4, "life": 36, "job_guard": 0,
        "uses": [{"item": "purple_armour_1", "attack": "purple", "reduced": 3, "used": True,
                  "killed": -1}]}
    assert lives(game) == [36, 40 - 8, 40 - 7]
    assert held(game, 0) == [("purple_armour_1", True), ("red_gauntlet_1", False)]
    # The deposit (5 + the 1G) is shared 2 each.
    assert coins(game) == [14 + 2, 15 + 2, 15 + 2] and game.view(0).deposit == 0


def test_used_equipment_cannot_defend_again() -> None:
    game = _armour_then_purple_burst()
    defend_with(game, 0, [("purple_armour_1", "purple")])
    events = act(game, *explore(2))               # seat 2 bursts Moon Moth 3 + Dark Elf 3
    # The used Gargoyle cannot guard: seat 0 has no choice and is in at once, taking all 6.
    (mine,) = [e for e in of_type(events, "defended") if e["seat"] == 0]
    assert (mine["uses"], mine["damage"]) == ([], 6)
    assert lives(game)[0] == 36 - 6


def _gauntlets(deck_after: list[str], extra: list[dict] = ()) -> Game:
    """Seat 0 keeps Cinder Rat (red gauntlet 2) beside its own: two unused red gauntlets."""
    game, _ = play([*market_turn(1, keep=1), *extra],
                   deck=["red_gauntlet_2", *deck_after])
    return game


def test_gauntlet_pair_reduces_two_and_stays_unused() -> None:
    game = _gauntlets(["red_shield_1", "red_helm_1", "red_shield_2", "red_armour_1"],
                      explore(2))
    pair = [("red_gauntlet_1", "red"), ("red_gauntlet_2", "red")]
    defend_with(game, 0, pair)
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game) == [40 - 4, 40 - 7, 40 - 6]          # red 6: the pair takes 2 off
    assert held(game, 0) == [("red_gauntlet_1", False), ("red_gauntlet_2", False)]
    act(game, *explore(2))                    # seat 2 bursts red 3 + 4
    defend_with(game, 0, pair)
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game) == [36 - 5, 33 - 7, 34 - 8]
    assert held(game, 0) == [("red_gauntlet_1", False), ("red_gauntlet_2", False)]


def _three_gauntlets() -> Game:
    """Seat 0 keeps Cinder Rat on turn 1 and buys Flame Bat (red gauntlet 3) for 5G on turn 2;
    seat 2 then bursts Magma Crab 3 + Blaze Hound 3 (red 6)."""
    game, _ = play([*market_turn(1, keep=1), *market_turn(1, buys=[None, 0]), *explore(2)],
                   deck=["red_gauntlet_2", "red_gauntlet_3", "red_shield_1", "red_helm_1",
                         "red_shield_2", "red_armour_1"])
    return game


GAUNTLETS = ["red_gauntlet_1", "red_gauntlet_2", "red_gauntlet_3"]


def test_third_gauntlet_is_single_use() -> None:
    game = _three_gauntlets()
    assert coins(game)[0] == 15 - 1 - 5
    defend_with(game, 0, [(g, "red") for g in GAUNTLETS])
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game) == [40 - 3, 40 - 6, 40 - 7]          # the pair 2 and the third 1
    used = [card for card, is_used in held(game, 0) if is_used]
    assert len(used) == 1 and used[0] in GAUNTLETS
    # Deposit 5 + 1 + 5 = 11: 3 each, the remainder 2 to the lowest life (seat 2, 33).
    assert coins(game) == [9 + 3, 15 + 3, 15 + 5]
    act(game, *explore(2))                    # seat 0 bursts red 3 + 4
    fresh = [g for g in GAUNTLETS if g != used[0]]
    assert m.Guard(item=used[0], attack="red") not in game.legal_actions(0)
    defend_with(game, 0, [(g, "red") for g in fresh])
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game) == [37 - 6, 34 - 7, 33 - 7]          # 7 - the pair 2 + the active's 1
    assert [c for c, is_used in held(game, 0) if is_used] == used


def test_third_gauntlet_alone_is_allowed() -> None:
    game = _three_gauntlets()
    defend_with(game, 0, [("red_gauntlet_3", "red")])
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game)[0] == 40 - 5
    assert held(game, 0) == [("red_gauntlet_1", False), ("red_gauntlet_2", False),
                             ("red_gauntlet_3", True)]


def test_one_gauntlet_of_a_pair_alone_gives_one_and_turns_sideways() -> None:
    game = _gauntlets(["red_shield_1", "red_helm_1"], explore(2))
    defend_with(game, 0, [("red_gauntlet_2", "red")])
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game)[0] == 40 - 5
    assert held(game, 0) == [("red_gauntlet_1", False), ("red_gauntlet_2", True)]


def test_sword_cancels_one_attacker_and_turns_sideways() -> None:
    # Seat 0 keeps the Night Dragon (purple sword); seat 1 bursts Gargoyle 4 + Dark Elf 3.
    game, _ = play([*market_turn(1, keep=1), *explore(2)],
                   deck=["purple_sword_1", "purple_armour_1", "purple_helm_1"])
    events = defend_with(game, 0, [("purple_sword_1", "purple")])
    events += defend_with(game, 1) + defend_with(game, 2)
    (mine,) = [e for e in of_type(events, "defended") if e["seat"] == 0]
    assert mine["uses"] == [{"item": "purple_sword_1", "attack": "purple", "reduced": 4,
                             "used": True, "killed": 0}]
    assert lives(game) == [40 - 3, 40 - 8, 40 - 7]          # only the Dark Elf's 3 gets through
    assert held(game, 0) == [("purple_sword_1", True), ("red_gauntlet_1", False)]
    # The base game discards the cut-down monster with the rest of the area.
    assert game.view(0).discard_count == 2 and game.view(0).discovery == []


def _gem_then_purple_burst(**options: object) -> Game:
    """Seat 0 keeps a Great Gem (3) and Shade Bat (purple gauntlet); seat 1 bursts Gargoyle 4 +
    Dark Elf 3."""
    game, _ = play([*market_turn(2, keep=2), *explore(2)], options=dict(options),
                   deck=["gem_3a", "purple_gauntlet_1", "purple_armour_1", "purple_helm_1"])
    return game


def test_gems_reduce_any_one_attack_by_their_value() -> None:
    game = _gem_then_purple_burst()
    act(game, {"seat": 0, "type": "unguard", "item": "gem_3a"})
    assert m.Guard(item="gem_3a", attack="purple") in game.legal_actions(0)
    defend_with(game, 0, [("gem_3a", "purple")])
    assert lives(game) == [40 - 4, 40 - 8, 40 - 7]
    assert gems(game, 0) == [("gem_3a", True)]              # sideways, still held for points
    assert held(game, 0) == [("purple_gauntlet_1", False), ("red_gauntlet_1", False)]


def test_gems_do_not_defend_when_gems_defend_is_off() -> None:
    game = _gem_then_purple_burst(gems_defend=False)
    assert m.Guard(item="gem_3a", attack="purple") not in game.legal_actions(0)
    assert [u.item for u in game.view(0).defence.suggested] == ["purple_gauntlet_1"]
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="gems do not defend"):
        act(game, {"seat": 0, "type": "guard", "item": "gem_3a", "attack": "purple"})
    assert game.state_dict() == before
    act(game, confirm_defences)
    assert lives(game) == [40 - 6, 40 - 8, 40 - 7] and gems(game, 0) == [("gem_3a", False)]


def test_reduction_never_below_zero_over_defence_is_wasted() -> None:
    # Seat 0 keeps Gargoyle (armour 3), buys Skeleton (shield 2); seat 2 bursts purple 1 + 2.
    game, _ = play([*market_turn(1, keep=1), *market_turn(1, buys=[None, 0]), *explore(2)],
                   deck=["purple_armour_1", "purple_shield_1", "purple_gauntlet_1",
                         "purple_gauntlet_2"])
    defend_with(game, 0, [("purple_armour_1", "purple"), ("purple_shield_1", "purple")])
    defend_with(game, 1)
    defend_with(game, 2)
    assert lives(game) == [40, 40 - 3, 40 - 4]
    assert held(game, 0) == [("purple_armour_1", True), ("purple_shield_1", True),
                             ("red_gauntlet_1", False)]


def test_the_active_player_takes_one_that_nothing_reduces() -> None:
    # Seat 0 keeps Gargoyle (armour 3); two quiet turns; seat 0 bursts purple 1 + 2 = 3.
    game, _ = play([*market_turn(1, keep=1), *market_turn(1), *market_turn(1), *explore(2)],
                   deck=["purple_armour_1", "gem_1a", "gem_1b", "purple_gauntlet_1",
                         "purple_gauntlet_2"])
    assert game.view(0).active == 0 and game.view(0).phase == "defend"
    assert [u.item for u in game.view(0).defence.uses] == ["purple_armour_1"]   # preselected
    assert game.view(0).defence.damage == 1 and game.view(0).defence.prevented == 3
    act(game, confirm_defences)
    assert lives(game) == [40 - 1, 40 - 3, 40 - 3]


def test_suggested_defence_is_the_least_consumed_that_prevents_the_most() -> None:
    # Seat 0 holds Gargoyle (armour 3), Skeleton (shield 2), Dark Elf (helm 2) and bursts
    # Shade Bat 1 + Moon Moth 3 = 4: shield + helm (4 consumed) beat armour + either (5).
    game, _ = play([*market_turn(1, keep=1), *market_turn(1, buys=[None, 0]),
                    *market_turn(1, buys=[0]), *explore(2)],
                   deck=["purple_armour_1", "purple_shield_1", "purple_helm_1",
                         "purple_gauntlet_1", "purple_shield_2"])
    assert coins(game)[0] == 15 - 1 - 5 - 5
    defence = game.view(0).defence
    assert sorted(u.item for u in defence.suggested) == ["purple_helm_1", "purple_shield_1"]
    assert sorted(u.item for u in defence.uses) == ["purple_helm_1", "purple_shield_1"]
    assert (defence.prevented, defence.damage, defence.confirmed) == (4, 1, False)


def test_suggested_defence_takes_a_gauntlet_pair_as_free() -> None:
    game = _gauntlets(["red_shield_1", "red_helm_1"], explore(2))
    suggested = game.view(0).defence.suggested
    assert sorted(u.item for u in suggested) == ["red_gauntlet_1", "red_gauntlet_2"]
    assert sum(u.reduced for u in suggested) == 2 and not any(u.used for u in suggested)


def test_pending_defence_hidden_from_other_seats_until_all_confirm() -> None:
    # Seat 0 keeps Gargoyle, seat 1 buys a gem (guards any colour); seat 1 bursts purple 7.
    game, _ = play([*market_turn(2, keep=1, buys=[1, None]), *explore(2)],
                   deck=["purple_armour_1", "gem_1a", "purple_shield_1", "purple_helm_2"])
    assert game.to_act() == [0, 1]
    others = {seat: msgspec.to_builtins(game.view(seat)) for seat in (1, 2, None)}
    assert [u.item for u in game.view(0).defence.uses] == ["purple_armour_1"]
    act(game, {"seat": 0, "type": "unguard", "item": "purple_armour_1"})
    assert {seat: msgspec.to_builtins(game.view(seat)) for seat in (1, 2, None)} == others
    act(game, {"seat": 0, "type": "guard", "item": "purple_armour_1", "attack": "purple"})
    events = act(game, {"seat": 0, "type": "defend"})
    assert events == [{"type": "defence_chosen", "seat": 0}]
    assert game.view(1).defended == [True, False, True]
    assert [u.item for u in game.view(1).defence.uses] == ["gem_1a"]   # its own, not seat 0's
    assert game.view(None).defence is None and game.view(2).defence.uses == []
    events = act(game, {"seat": 1, "type": "defend"})
    assert [e["seat"] for e in of_type(events, "defended")] == [0, 1, 2]


def test_suggestion_is_empty_when_nothing_guards_the_attacks() -> None:
    # A burst suggests no defence to a seat none of whose items guards an attack (``start_burst``
    # skips such seats on this ground): red gear never guards green, a gem only with gems_defend.
    kit = Kit([Item("red_shield_1", "shield", "red", 2), Item("gem_1a", "gem", "", 1)])
    attacks = [m.Attack(colour="green", value=3, slots=[0])]
    attackers = {"green": [(0, 3)]}
    assert suggest(kit, attacks, attackers, gems_defend=False) == []
    assert suggest(kit, attacks, attackers, gems_defend=True) == [("gem_1a", "green")]
