"""Properties of Last Dungeon over random legal play (hypothesis): conservation, determinism,
termination, illegal actions change nothing, and the view hides what it must."""

from __future__ import annotations

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


@SETTINGS
@given(seeds, choices, st.sampled_from([-20, -1, 0, 1]))
def test_every_card_is_in_exactly_one_place(seed: int, picks: list[int], difficulty: int) -> None:
    game = new(seed, difficulty)
    for pick in picks:
        assert sorted(every_card(game)) == ALL_CARDS
        legal = game.legal_actions(0)
        if not legal:
            break
        game.apply(0, legal[pick % len(legal)])
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
    assert sorted(every_card(game)) == ALL_CARDS


@SETTINGS
@given(seeds, choices)
def test_same_seed_same_game(seed: int, picks: list[int]) -> None:
    first, second = new(seed), new(seed)
    assert walk(first, picks) == walk(second, picks)
    assert first.state_dict() == second.state_dict()


@settings(max_examples=25, deadline=None)
@given(seeds, st.sampled_from([-1, 0, 1]))
def test_every_game_ends_within_a_bound(seed: int, difficulty: int) -> None:
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
@given(seeds, choices, st.randoms(use_true_random=False))
def test_view_hides_the_draw_pile_order_and_the_adventurer_deck(
    seed: int, picks: list[int], rnd: object
) -> None:
    game = new(seed)
    walk(game, picks[:80])
    seen = msgspec.to_builtins(game.view(0))
    rnd.shuffle(game.state.draw_pile.cards)                # type: ignore[attr-defined]
    below = game.state.adventurer_deck.cards[:-1]          # the top card's back is public
    rnd.shuffle(below)                                     # type: ignore[attr-defined]
    game.state.adventurer_deck.cards[:-1] = below
    assert msgspec.to_builtins(game.view(0)) == seen
    text = msgspec.json.encode(game.view(0)).decode()
    hidden = set(game.state.adventurer_deck.cards) | set(game.state.face_down.values())
    assert hidden and not any(f'"{card}"' in text for card in hidden)

