"""Properties of Last Dungeon over random legal play (hypothesis) that the kit's generic suite
(``tests/test_kit_all_games.py``: determinism, every game ends, conservation through
``conserved``, privacy through ``redeal``) does not cover: what the box holds, the length of a
game, refusals of actions with fields, the card ids the view never names, and what a redeal keeps
(the search bots sample from it)."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import load
from dungeon_table.games.lastdungeon.rules import LastDungeon

from .ld_helpers import STACK, beat, every_card, script

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 3000
MAX_ROUNDS = 80

CARDS = load()
ALL_CARDS = sorted(
    [d.id for d in CARDS.dungeon] + [a.id for a in CARDS.adventurers] + [CARDS.hero.id]
    + [e.id for e in CARDS.events])

seeds = st.integers(min_value=0, max_value=2**31)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=400)


def new(seed: int, difficulty: int = 0) -> LastDungeon:
    game = registry.new_game("lastdungeon", ["human"], seed, {"difficulty": difficulty})
    assert isinstance(game, LastDungeon)
    return game


def walk(game: LastDungeon, picks: list[int]) -> list[dict[str, object]]:
    """Apply the legal action each pick selects; the events as plain dicts."""
    events: list[dict[str, object]] = []
    for pick in picks:
        legal = game.legal_actions(0)
        if not legal:
            break
        events += [to_dict(e) for e in game.apply(0, legal[pick % len(legal)])]
    return events


@settings(max_examples=10, deadline=None)
@given(seeds, st.sampled_from([-20, -1, 0, 1]))
def test_the_box_holds_every_card_exactly_once(seed: int, difficulty: int) -> None:
    """What ``conserved`` counts at the start is every card of the file once (the kit then
    checks that play keeps it so)."""
    game = new(seed, difficulty)
    assert game.conserved() == Counter(ALL_CARDS)
    assert sorted(every_card(game)) == ALL_CARDS


def test_a_discard_event_waiting_for_its_discard_is_still_in_the_box() -> None:
    # The pickpocket comes up after the level 1 block; while it waits, it is the pending card.
    rest = [e for e in STACK["events"] if e != "e_pickpocket"]
    game, _ = script([], stack={"events": [*rest[:4], "e_pickpocket", *rest[4:]]},
                     difficulty=-20)
    for _ in range(4):
        beat(game)
    assert game.phase == "event_discard" and game.state.pending.card == "e_pickpocket"
    assert game.conserved() == Counter(ALL_CARDS)


@settings(max_examples=25, deadline=None)
@given(seeds, st.sampled_from([-1, 0, 1]))
def test_a_game_lasts_at_most_80_rounds_at_every_difficulty(seed: int, difficulty: int) -> None:
    game = new(seed, difficulty)
    bot = registry.get("lastdungeon").make_bot("random", seed)
    for _ in range(MAX_ACTIONS):
        if not game.to_act():
            break
        game.apply(0, bot.choose(game.view(0), game.legal_actions(0)))
    assert game.result() is not None and game.state.round <= MAX_ROUNDS


def any_action(ids: list[str]) -> st.SearchStrategy[Action]:
    card = st.sampled_from(ids)
    return st.one_of(
        st.builds(m.Play, card=card, space=st.integers(-1, 7)),
        st.builds(m.Discard, card=card), st.builds(m.Pay, crystal=card),
        st.sampled_from([m.Cancel(), m.Expand(), m.Retreat(), m.Fight(), m.Scout(),
                         m.Crystallise()]),
    )


@SETTINGS
@given(seeds, choices, st.lists(any_action(ALL_CARDS), min_size=1, max_size=8))
def test_illegal_actions_leave_the_state_unchanged(
    seed: int, picks: list[int], tries: list[Action]
) -> None:
    game = new(seed)
    walk(game, picks[:60])
    for action in tries:
        if action in game.legal_actions(0):
            continue
        before = game.state_dict()
        with pytest.raises(IllegalAction) as refused:
            game.apply(0, action)
        assert str(refused.value)
        assert game.state_dict() == before


@SETTINGS
@given(seeds, choices)
def test_the_view_names_no_card_of_the_adventurer_deck_nor_under_a_face_down_crystal(
    seed: int, picks: list[int]
) -> None:
    game = new(seed)
    walk(game, picks[:80])
    text = msgspec.json.encode(game.view(0)).decode()
    hidden = set(game.state.adventurer_deck.cards) | set(game.state.face_down.values())
    assert hidden and not any(f'"{card}"' in text for card in hidden)


def looks(card: str) -> tuple[int, int]:
    """What the back of a hidden card shows (its level; for a crystal, its value)."""
    level = CARDS.level(card)
    return (level, CARDS.adventurer(card).crystal) if level in (1, 2, 3) else (level, 0)


@SETTINGS
@given(seeds, choices, st.randoms(use_true_random=False), st.sampled_from([0, None]))
def test_a_redeal_trades_only_cards_that_look_alike(
    seed: int, picks: list[int], rnd: random.Random, seat: int | None
) -> None:
    """The deck keeps its blocks (a level 2 place gets a level 2 card), a face-down crystal an
    adventurer of its level and value, the set-aside rooms events; the seat's hand stays, the
    spectator's hand and the draw pile trade cards but keep their sizes."""
    game = new(seed, -20)
    walk(game, picks[:150])
    twin = game.redeal_hidden(seat, rnd)
    one, two = game.state, twin.state
    assert [looks(c) for c in two.adventurer_deck] == [looks(c) for c in one.adventurer_deck]
    assert {h: looks(c) for h, c in two.face_down.items()} == {
        h: looks(c) for h, c in one.face_down.items()}
    assert all(looks(room) == (0, 0) for room in two.expansion_rooms)
    assert len(two.expansion_rooms) == len(one.expansion_rooms)
    assert Counter([*two.hand, *two.draw_pile]) == Counter([*one.hand, *one.draw_pile])
    assert len(two.hand) == len(one.hand)
    if seat == 0:
        assert two.hand == one.hand


def test_a_redeal_deals_the_face_down_crystals_anew() -> None:
    """The three face-down starting crystals are each one of five adventurers of their level,
    as far as the player knows: redeals deal other ones there."""
    game = new(7)
    under = {tuple(sorted(game.redeal_hidden(0, random.Random(i)).state.face_down.items()))
             for i in range(20)}
    assert len(under) > 1
