"""Properties of Relic expedition over random legal play (hypothesis), for random seeds and 2-4
players: draws reach other seats without the card, every change of seat is covered, the table is
public, and an event names to other seats only cards on the table. What every kit game must
keep (determinism, every game ends, card conservation, a redeal changes only what a seat cannot
see) is ``tests/test_kit_all_games.py``'s, through ``Relic.conserved`` and ``Relic.redeal``,
whose own relic cases close this file."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.rules import Relic

from .rules_kit import FILL_0, FILL_1, act, battle, commit, hand_of, script

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WALK = 200

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


def views(game: Relic) -> dict[int | None, Any]:
    return {seat: msgspec.to_builtins(game.view(seat)) for seat in [*range(game.n), None]}


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


# --- the kit's hooks, on what is particular to relic ---------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
def test_a_new_game_holds_every_card_of_its_sets_once(n: int) -> None:
    """What ``conserved`` keeps (the kit suite checks it never changes) is the whole box: one
    set, or two with 3-4 players."""
    game = new(1, n)
    assert game.conserved() == Counter(game.cards.deck(2 if n >= 3 else 1))
    assert len(game.conserved()) == 60 * (2 if n >= 3 else 1)


def test_a_redeal_leaves_a_committed_character_in_its_owners_hand() -> None:
    """A character committed to the battle is on the table: dealt anew for seat 1 or a
    spectator, seat 0's hand keeps it, and the fight goes as it would have."""
    game, _ = script([], hands=[hand_of(["char_scout_1", "char_digger_2"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_bats_1", 1))
    act(game, 0, battle("enemy_bats_1"), commit("char_scout_1"), commit("char_digger_2"))
    fight = [to_dict(e) for e in game.clone().apply(0, m.Fight())]
    for seat in (1, None):
        for k in range(5):
            twin = game.redeal_hidden(seat, random.Random(k))
            assert {"char_scout_1", "char_digger_2"} <= set(twin.player(0).hand)
            assert [to_dict(e) for e in twin.apply(0, m.Fight())] == fight
