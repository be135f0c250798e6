"""Properties of Relic expedition over random legal play (hypothesis), for random seeds and 2-4
players: every card in exactly one place, hands and the deck order stay hidden from other seats,
draws reach other seats without the card, the same seed and actions give the same game, and
every random game ends."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.relic.cards import load
from dungeon_table.games.relic.rules import Relic

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WALK = 200
MAX_ACTIONS = 20_000

CARDS = load()
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=2, max_value=4)
picks = st.integers(min_value=0, max_value=2**31).map(
    lambda walk_seed: [random.Random(walk_seed).randrange(10**6) for _ in range(WALK)])


def new(seed: int, n: int) -> Relic:
    game = registry.new_game("relic", ["human"] * n, seed, {})
    assert isinstance(game, Relic)
    return game


def step(game: Relic, pick: int) -> tuple[int, Action] | None:
    to_act = game.to_act()
    if not to_act or game.result() is not None:
        return None
    seat = to_act[pick % len(to_act)]
    legal = game.legal_actions(seat)
    return seat, legal[(pick // len(to_act)) % len(legal)]


def every_card(state: dict[str, Any]) -> list[str]:
    """Every card wherever it lies: deck, discard, hands, dungeons, fields, treasures turned for
    a search, score piles, and characters committed to a battle (if they left the hand)."""
    cards = [*state["deck"]["cards"], *state["discard"]]
    for p in state["players"]:
        cards += [*p["hand"], *p["dungeon"], *[e[0] for e in p["enemies"]],
                  *[t["card"] for t in p["treasures"]], *p["defeated"]]
    battle = state["battle"]
    if battle:
        held = {c for p in state["players"] for c in p["hand"]}
        cards += [c for c in battle["committed"] if c not in held]
    return cards


def box(n: int) -> list[str]:
    ids = [c.id for c in CARDS.cards]
    return sorted(ids if n == 2 else [*ids, *[f"{c}-b" for c in ids]])


@SETTINGS
@given(seeds, players, picks)
def test_every_card_is_in_exactly_one_place(seed: int, n: int, choices: list[int]) -> None:
    game = new(seed, n)
    expected = box(n)
    for pick in choices:
        assert sorted(every_card(game.state_dict())) == expected
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)
    assert sorted(every_card(game.state_dict())) == expected


def views(game: Relic) -> dict[int | None, Any]:
    return {seat: msgspec.to_builtins(game.view(seat)) for seat in [*range(game.n), None]}


def check_hidden(game: Relic, rnd: random.Random) -> None:
    """Shuffle the deck and swap a seat's hand for other cards: no other view may change, and no
    other view holds a card of that hand."""
    seen = views(game)
    cards = game.state.deck.cards
    rnd.shuffle(cards)
    assert views(game) == seen
    for owner in range(game.n):
        hand = game.player(owner).hand
        text = {s: msgspec.json.encode(seen[s]).decode() for s in seen if s != owner}
        for card in hand:
            for s, shown in text.items():
                public = f'"{card}"' in msgspec.json.encode(
                    [seen[s]["players"], seen[s]["discard"], seen[s]["battle"],
                     seen[s]["last_search"], seen[s]["first_draw"]]).decode()
                assert public or f'"{card}"' not in shown, (owner, s, card)
        if hand and cards:
            kept, swapped = hand[0], cards[0]
            hand[0], cards[0] = swapped, kept
            now = views(game)
            hand[0], cards[0] = kept, swapped
            assert all(now[s] == seen[s] for s in now if s != owner)


@SETTINGS
@given(seeds, players, picks, seeds)
def test_hands_and_the_deck_order_stay_hidden(seed: int, n: int, choices: list[int],
                                               shuffle_seed: int) -> None:
    game = new(seed, n)
    rnd = random.Random(shuffle_seed)
    for pick in choices[:100]:
        if game.result() is not None:
            break  # the end shows the hands: their characters are in every seat's points
        check_hidden(game, rnd)
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)


@SETTINGS
@given(seeds, players, picks)
def test_a_draw_reaches_other_seats_without_its_card(seed: int, n: int,
                                                      choices: list[int]) -> None:
    game = new(seed, n)
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            break
        for event in game.apply(*chosen):
            plain = to_dict(event)
            if plain["type"] == "drew":
                assert event.to == (plain["seat"],)
            if plain["type"] == "drew_hidden":
                assert "card" not in plain and plain["seat"] not in (event.to or ())


@SETTINGS
@given(seeds, players, picks)
def test_the_same_seed_and_actions_give_the_same_game(seed: int, n: int,
                                                       choices: list[int]) -> None:
    one, two = new(seed, n), new(seed, n)
    assert one.state_dict() == two.state_dict()
    for pick in choices:
        chosen = step(one, pick)
        if chosen is None:
            break
        assert to_dict(chosen[1]) in [to_dict(a) for a in two.legal_actions(chosen[0])]
        assert [to_dict(e) for e in one.apply(*chosen)] == [to_dict(e)
                                                             for e in two.apply(*chosen)]
    assert one.state_dict() == two.state_dict()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, players, st.integers(min_value=0, max_value=2**31))
def test_every_random_game_ends(seed: int, n: int, walk_seed: int) -> None:
    game = new(seed, n)
    rnd = random.Random(walk_seed)
    for _ in range(MAX_ACTIONS):
        chosen = step(game, rnd.randrange(10**6))
        if chosen is None:
            break
        game.apply(*chosen)
    result = game.result()
    assert result is not None and game.view(None).phase == "over"
    assert sorted(result.ranking) == list(range(n))


@SETTINGS
@given(seeds, players, picks)
def test_every_change_of_seat_shows_the_privacy_screen(seed: int, n: int,
                                                        choices: list[int]) -> None:
    """Hands are hidden: whoever acts next, every other seat's viewer is covered first."""
    game = new(seed, n)
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            break
        seat = chosen[0]
        assert game.handoff_reason(seat, seat) is None
        assert all(game.handoff_reason(seat, other) for other in [*range(n), None]
                   if other != seat)
        game.apply(*chosen)


def table_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what may differ by seat: whose view, the own hand, points with a hand."""
    players = [{k: v for k, v in p.items() if k != "points"} for p in view["players"]]
    return {**{k: v for k, v in view.items() if k not in ("seat", "hand")}, "players": players}


@SETTINGS
@given(seeds, players, picks)
def test_everything_on_the_table_is_public(seed: int, n: int, choices: list[int]) -> None:
    """Every seat and a spectator see the same table: dungeons, enemies, treasures, score piles,
    the discard pile, the battle and the prompt; only the hands (and so the points) differ."""
    game = new(seed, n)
    for pick in choices[:100]:
        seen = views(game)
        spectator = table_part(seen[None])
        assert all(table_part(seen[s]) == spectator for s in range(n))
        assert [seen[s]["players"][s]["points"] for s in range(n)] == game.points()
        chosen = step(game, pick)
        if chosen is None:
            break
        game.apply(*chosen)


def named_cards(plain: dict[str, Any]) -> list[str]:
    cards = [plain[k] for k in ("card", "enemy") if isinstance(plain.get(k), str)]
    return [c for c in [*cards, *plain.get("cards", [])] if c]


@SETTINGS
@given(seeds, players, picks)
def test_an_event_names_to_other_seats_only_cards_on_the_table(seed: int, n: int,
                                                                 choices: list[int]) -> None:
    """A card an event shows another seat is on the table for it once the event is done (a
    field, the discard pile, the battle, a treasure); a withdrawn card was shown when committed."""
    game = new(seed, n)
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            break
        events = game.apply(*chosen)
        seen = {s: msgspec.json.encode(game.view(s)).decode() for s in range(n)}
        for event in events:
            plain = to_dict(event)
            if plain["type"] == "withdrawn":
                continue
            for s in range(n):
                if s == chosen[0] or (event.to is not None and s not in event.to):
                    continue
                assert all(f'"{card}"' in seen[s] for card in named_cards(plain)), (plain, s)
