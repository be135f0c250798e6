"""Properties of Dungeon Market over random legal play (hypothesis), for random seeds, 2-4 players
and every combination of the options: every card and coin kept (the kit's ``conserved``), nothing
hidden shown to a seat (the kit's ``redeal``), no life above its start, the live points the breakdown's totals, events for one seat sent
to it alone, and an illegal action refused with a reason and changing nothing.

Determinism, the end of every game and the kit's hooks with the default options are proved for
every game by ``tests/test_kit_all_games.py``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_kit_all_games import seen_by

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import load
from dungeon_table.games.market.rules import Market
from dungeon_table.games.market.scoring import live_points, totals

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WALK = 250              # actions per random walk

CARDS = load()
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=2, max_value=4)
# A random walk's choices come from one seed: hypothesis keeps its input small.
picks = st.integers(min_value=0, max_value=2**31).map(
    lambda walk_seed: [random.Random(walk_seed).randrange(10**6) for _ in range(WALK)])
options = st.fixed_dictionaries({
    "chests": st.booleans(),
    "professional": st.booleans(),
    "gems_defend": st.booleans(),
    "chest_buyer_gets_card": st.booleans(),
    "ghosts_enter": st.sampled_from(["first_reshuffle", "sword_bought"]),
})


def new(seed: int, n: int, opts: dict[str, Any]) -> Market:
    game = registry.new_game("market", ["human"] * n, seed, opts)
    assert isinstance(game, Market)
    return game


def step(game: Market, pick: int) -> tuple[int, Action] | None:
    """The legal action ``pick`` selects, for one of the seats to act; None when over."""
    to_act = game.to_act()
    if not to_act:
        return None
    seat = to_act[pick % len(to_act)]
    legal = game.legal_actions(seat)
    return seat, legal[(pick // len(to_act)) % len(legal)]


def walk(game: Market, choices: list[int]) -> list[dict[str, Any]]:
    """Apply the actions ``choices`` select; the events as plain dicts."""
    events: list[dict[str, Any]] = []
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            break
        events += [to_dict(e) for e in game.apply(*chosen)]
    return events


# --- the kit's hooks under every option --------------------------------------------------------
# tests/test_kit_all_games.py proves conservation, determinism, the end and the redeal for every
# game, market with its default options; here the same hooks meet 2-4 players and every option
# (chests, Professional's jobs and peek, the sword's ghosts, the reshuffles of 3-4 players).
def check_hidden(game: Market, rnd: random.Random) -> None:
    """Each seat's (and the spectator's) redeal keeps its view, its legal actions and what play
    conserves: nothing the seat is shown tells the two games apart."""
    for seat in [*range(game.n), None]:
        twin = game.redeal_hidden(seat, random.Random(rnd.random()))
        assert seen_by(twin, seat) == seen_by(game, seat), seat
        assert twin.conserved() == game.conserved()


def the_box(game: Market) -> Counter[str]:
    """The cards the game was set up with (all but the chests unless they are in play) and its
    coins: 15G a player and 5G in the deposit."""
    cards = Counter(c for c in CARDS.all_ids() if game.chests or CARDS.card(c).kind != "chest")
    return cards + Counter(coins=15 * game.n + 5)


@SETTINGS
@given(seeds, players, options, picks)
def test_every_card_and_coin_is_kept_and_a_redeal_hides_what_it_must(
        seed: int, n: int, opts: dict[str, Any], choices: list[int]) -> None:
    game = new(seed, n, opts)
    box, rnd = the_box(game), random.Random(seed)
    for index, pick in enumerate(choices):
        assert game.conserved() == box
        if index % 4 == 0:
            check_hidden(game, rnd)
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)
    assert game.conserved() == box


@SETTINGS
@given(seeds, players, options, picks)
def test_life_never_rises_above_the_starting_life(seed: int, n: int, opts: dict[str, Any],
                                                  choices: list[int]) -> None:
    game = new(seed, n, opts)
    start = 30 if n == 2 else 40
    for pick in choices:
        assert all(p.life <= p.max_life == start for p in game.view(None).players)
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)


@SETTINGS
@given(seeds, players, options, picks)
def test_the_live_points_are_the_breakdowns_totals(seed: int, n: int, opts: dict[str, Any],
                                                   choices: list[int]) -> None:
    """The view's points and the standing (``live_points``, the equipment's points remembered)
    are at every step the last line of each player's full breakdown (``totals``)."""
    game = new(seed, n, opts)
    for pick in choices:
        full = [lines[-1].value for lines in totals(game.cards, game.state.players)]
        assert live_points(game.cards, game.state.players) == full
        assert [p.points for p in game.view(None).players] == full
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)


FIXED_WALKS = [(seed, n, {"chests": seed % 2 == 0, "professional": seed % 3 == 0})
               for seed, n in enumerate([2, 3, 4, 2, 3, 4])]


@pytest.mark.parametrize(("seed", "n", "opts"), FIXED_WALKS)
def test_fixed_walks_hide_what_they_must(seed: int, n: int, opts: dict[str, Any]) -> None:
    """The same checks along fixed walks: quick, and what the teeth test breaks."""
    game = new(seed, n, opts)
    walk_rnd, check_rnd = random.Random(seed), random.Random(-seed)
    for _ in range(80):
        check_hidden(game, check_rnd)
        chosen = step(game, walk_rnd.randrange(10**6))
        if chosen is None:
            break
        game.apply(*chosen)
    assert game.view(None).turn >= 1


@SETTINGS
@given(seeds, players, options, picks)
def test_events_for_one_seat_only_stay_with_it(seed: int, n: int, opts: dict[str, Any],
                                               choices: list[int]) -> None:
    """A chest's card and a peek are sent to the active player only; bids come out in public only
    once all are in."""
    game = new(seed, n, opts)
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            break
        for event in game.apply(*chosen):
            if isinstance(event, m.ChestPeeked | m.TopPeeked):
                assert event.to == (game.state.active,)
            if isinstance(event, m.BidPlaced):
                assert set(msgspec.to_builtins(event)) == {"type", "seat", "to"}


# --- illegal actions ------------------------------------------------------------------------
def any_action() -> st.SearchStrategy[Action]:
    cards = st.sampled_from([*CARDS.all_ids(), "nothing"])
    jobs = st.sampled_from([j.id for j in CARDS.jobs])
    colours = st.sampled_from(list(CARDS.colours))
    number = st.integers(-2, 40)
    return st.one_of(
        st.sampled_from([m.Explore(), m.Stop(), m.OpenMarket(), m.Pass(), m.Defend(), m.Done()]),
        st.builds(m.SetPrice, slot=number, price=number), st.builds(m.Buy, slot=number),
        st.builds(m.Guard, item=cards, attack=colours), st.builds(m.Unguard, item=cards),
        st.builds(m.AuctionJob, job=jobs), st.builds(m.Bid, amount=number),
        st.builds(m.LevelUp, job=jobs),
    )


@SETTINGS
@given(seeds, players, options, picks, st.lists(st.tuples(st.integers(0, 3), any_action()),
                                                min_size=1, max_size=8))
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    seed: int, n: int, opts: dict[str, Any], choices: list[int],
    tries: list[tuple[int, Action]],
) -> None:
    game = new(seed, n, opts)
    walk(game, choices[:120])
    for seat, action in tries:
        seat %= n
        if action in game.legal_actions(seat):
            continue
        before = game.state_dict()
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)
        assert str(refused.value)
        assert game.state_dict() == before


def test_the_card_box_is_what_setup_deals() -> None:
    game = new(1, 3, {"chests": True})
    kinds = Counter(CARDS.card(c).kind for c in game.conserved().elements() if c != "coins")
    assert kinds == {"monster": 50, "ghost": 5, "gem": 9, "chest": 3}
