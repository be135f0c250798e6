"""Properties of Dungeon Market over random legal play (hypothesis), for random seeds, 2-4 players
and every combination of the options: every card in exactly one place, coins conserved, nothing
hidden leaks into another seat's view, the same seed and actions give the same game, every game
ends, no life rises above its start, and an illegal action changes nothing."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import load
from dungeon_table.games.market.rules import Market

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WALK = 250              # actions per random walk
MAX_ACTIONS = 20_000    # a generous bound for a whole random game

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


# --- conservation ---------------------------------------------------------------------------
def every_card(state: dict[str, Any]) -> list[str]:
    """Every card in ``state_dict()`` wherever it lies: deck, discard, ghosts set aside, out of
    the game, the discovery area (a chest's card included), the players."""
    area = [c for slot in state["area"] if slot for c in (slot["card"], slot["hidden"]) if c]
    owned = [c for p in state["players"] for c in (*p["equipment"], *p["gems"])]
    return [*state["deck"]["cards"], *state["discard"], *state["ghosts_aside"], *state["removed"], *area,
            *owned]


def box(game: Market) -> list[str]:
    """The cards the game was set up with: all but the chests unless they are in play."""
    return sorted(c for c in CARDS.all_ids() if game.chests or CARDS.card(c).kind != "chest")


def coins_in_play(game: Market) -> int:
    view = game.view(None)
    return (sum(p.coins for p in view.players) + view.deposit
            + sum(slot.price for slot in view.discovery))


@SETTINGS
@given(seeds, players, options, picks)
def test_every_card_is_in_exactly_one_place(seed: int, n: int, opts: dict[str, Any],
                                            choices: list[int]) -> None:
    game = new(seed, n, opts)
    expected = box(game)
    for pick in choices:
        assert sorted(every_card(game.state_dict())) == expected
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)
    assert sorted(every_card(game.state_dict())) == expected


@SETTINGS
@given(seeds, players, options, picks)
def test_coins_are_conserved(seed: int, n: int, opts: dict[str, Any], choices: list[int]) -> None:
    game = new(seed, n, opts)
    total = 15 * n + 5
    for pick in choices:
        assert coins_in_play(game) == total
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)
    assert coins_in_play(game) == total


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


# --- hidden information ---------------------------------------------------------------------
def views(game: Market) -> dict[int | None, Any]:
    return {seat: msgspec.to_builtins(game.view(seat)) for seat in [*range(game.n), None]}


def text(view: Any) -> str:
    return msgspec.json.encode(view).decode()


def check_hidden(game: Market, rnd: random.Random) -> None:
    """Change what a seat may not know and see that its view stays the same."""
    seen = views(game)
    # The deck's order below the top (the top is the peek's, checked below): nobody sees it.
    below = game.state.deck.cards[:-1]
    rnd.shuffle(below)
    game.state.deck.cards[:-1] = below
    assert views(game) == seen
    for seat in [*range(game.n), None]:
        view = game.view(seat)
        if view.peek:   # only the active player's own job shows the top card, on its turn
            assert seat == game.state.active and view.peek == game.state.deck.top
        for slot in view.discovery:   # a chest's card: the active player's alone
            under = game.state.area[slot.index].hidden  # type: ignore[union-attr]
            if under and seat != game.state.active:
                assert slot.hidden == "?" and f'"{under}"' not in text(seen[seat])
    # Another seat's pending defence or sealed bid never shows.
    if game.state.burst is not None and game.phase == "defend":
        for owner in range(game.n):
            kept = game.state.burst.pending[owner]
            game.state.burst.pending[owner] = []
            now = views(game)
            game.state.burst.pending[owner] = kept
            assert all(now[s] == seen[s] for s in now if s != owner)
    if game.state.auction is not None:
        for owner, amount in enumerate(list(game.state.auction.bids)):
            if amount is None:
                continue
            game.state.auction.bids[owner] = amount + 1
            now = views(game)
            game.state.auction.bids[owner] = amount
            assert all(now[s] == seen[s] for s in now if s != owner)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, players, options, picks, seeds)
def test_nothing_hidden_leaks_into_another_seat_view(seed: int, n: int, opts: dict[str, Any],
                                                     choices: list[int], shuffle_seed: int) -> None:
    game = new(seed, n, opts)
    rnd = random.Random(shuffle_seed)
    for pick in choices[:120]:
        check_hidden(game, rnd)
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
    rnd = random.Random(seed)
    for _ in range(80):
        check_hidden(game, rnd)
        chosen = step(game, rnd.randrange(10**6))
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


# --- determinism, the end, illegal actions --------------------------------------------------
@SETTINGS
@given(seeds, players, options, picks)
def test_same_seed_same_actions_same_game(seed: int, n: int, opts: dict[str, Any],
                                          choices: list[int]) -> None:
    first, second = new(seed, n, opts), new(seed, n, opts)
    assert walk(first, choices) == walk(second, choices)
    assert first.state_dict() == second.state_dict()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, players, options)
def test_every_random_game_ends(seed: int, n: int, opts: dict[str, Any]) -> None:
    game = new(seed, n, opts)
    bots = {seat: registry.get("market").make_bot("random", seed + seat) for seat in range(n)}
    for _ in range(MAX_ACTIONS):
        to_act = game.to_act()
        if not to_act:
            break
        seat = to_act[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    result = game.result()
    assert result is not None and sorted(result.ranking) == list(range(n))
    assert game.view(None).end_reason in ("knocked_out", "deck_out")


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
    kinds = Counter(CARDS.card(c).kind for c in every_card(game.state_dict()))
    assert kinds == {"monster": 50, "ghost": 5, "gem": 9, "chest": 3}
