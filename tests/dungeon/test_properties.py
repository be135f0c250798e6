"""Properties of Dungeon! over random legal play (hypothesis), for random seeds, 1-8 heroes and
every mode: heroes only where they may stand, events only to their audience, illegal actions of
every kind changing nothing, no privacy screen skipped where views differ. The kit's promises
(determinism, every game ending, conservation, redeal; ``tests/test_kit_all_games.py``) are
proved there for the race; here the kit's conservation and redeal hooks also go through every
solo mode and every number of heroes."""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dungeon_table.games.dungeon  # noqa: F401 - registers the game
from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.rules import Dungeon

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WALK = 300

seeds = st.integers(min_value=0, max_value=2**31)
setups = st.one_of(
    st.tuples(st.integers(min_value=1, max_value=8), st.just("race")),
    st.tuples(st.just(1), st.sampled_from(["treasure_hunt", "time_attack", "hunter"])),
)
picks = st.integers(min_value=0, max_value=2**31).map(
    lambda walk_seed: [random.Random(walk_seed).randrange(10**6) for _ in range(WALK)])


def new(seed: int, setup: tuple[int, str]) -> Dungeon:
    n, mode = setup
    game = registry.new_game("dungeon", ["human"] * n, seed, {"mode": mode, "hunters": 3})
    assert isinstance(game, Dungeon)
    return game


def step(game: Dungeon, pick: int) -> tuple[int, Action] | None:
    if game.result() is not None:
        return None
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    return seat, legal[pick % len(legal)]


def walk(game: Dungeon, choices: list[int]):  # type: ignore[no-untyped-def]
    """Apply the walk's actions one by one, yielding before each."""
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            return
        yield chosen
        game.apply(*chosen)


# --- heroes where they may stand --------------------------------------------------------------
@SETTINGS
@given(seeds, setups, picks)
def test_heroes_share_a_space_only_in_a_chamber_or_the_great_hall(
        seed: int, setup: tuple[int, str], choices: list[int]) -> None:
    game = new(seed, setup)
    for _ in walk(game, choices):
        spaces = [h.space for h in game.state.heroes if h.space]
        for space in set(spaces):
            if spaces.count(space) > 1:
                assert game.board.spaces[space].kind in ("chamber", "hall"), space


# --- hidden information -----------------------------------------------------------------------
def views(game: Dungeon) -> dict[int | None, Any]:
    return {seat: msgspec.to_builtins(game.view(seat)) for seat in [*range(game.n), None]}


def seen_by(game: Dungeon, seat: int | None) -> tuple[Any, list[Action]]:
    return msgspec.to_builtins(game.view(seat)), game.legal_actions(seat) if seat is not None \
        else []


@SETTINGS
@given(seeds, setups, picks, seeds)
def test_every_mode_keeps_its_cards_and_a_redeal_changes_nothing_a_seat_sees(
        seed: int, setup: tuple[int, str], choices: list[int], redeal_seed: int) -> None:
    """Spellbooks, wish lists, crystal-ball cards, deck order and the hunters' cards dealt anew
    for a seat (``Dungeon.redeal``) leave its view and its legal actions as they were, and no
    card or spell is ever made or lost (``Dungeon.conserved``)."""
    game = new(seed, setup)
    box = game.conserved()
    rnd = random.Random(redeal_seed)
    for _ in walk(game, choices[:150]):
        assert game.conserved() == box
        for seat in [*range(game.n), None]:
            twin = game.redeal_hidden(seat, random.Random(rnd.random()))
            assert twin.conserved() == box
            assert seen_by(twin, seat) == seen_by(game, seat), seat


@SETTINGS
@given(seeds, setups, picks)
def test_events_reach_their_audience_and_hidden_ones_come_without_the_card(
        seed: int, setup: tuple[int, str], choices: list[int]) -> None:
    game = new(seed, setup)
    for pick in choices:
        chosen = step(game, pick)
        if chosen is None:
            break
        for event in game.apply(*chosen):
            plain = to_dict(event)
            assert event.to is None or all(isinstance(s, int) for s in event.to), plain
            assert all(event.visible_to(s) in (True, False) for s in [*range(game.n), None])
            if plain["type"] in ("spellbook_filled", "scried"):
                assert event.to == (plain["seat"],)
            if plain["type"] in ("spellbook_filled_hidden", "scried_hidden"):
                assert plain["seat"] not in (event.to or ())
            if plain["type"] == "monster_slotted" and plain["face_down"] and plain["card"]:
                assert event.to is not None and len(event.to) == 1


# --- illegal actions --------------------------------------------------------------------------
ODD_ACTIONS: list[Action] = [
    m.Attack(), m.EndTurn(), m.Enter(), m.Hold(), m.Refill(), m.Scry(space="6a"),
    m.Teleport(to="1A"), m.CastSpell(spell="fireball"), m.Peek(space="1a", using="esp"),
    m.ChooseChamber(space="3A"), m.WishSpell(spell="teleport"), m.UnwishSpell(),
    m.SealWishes(), m.ChooseHero(hero="wizard"),
    m.Move(path=["6a"]), m.Move(path=[]), m.TimeUp(),
]


@SETTINGS
@given(seeds, setups, picks)
def test_illegal_actions_leave_the_state_unchanged(seed: int, setup: tuple[int, str],
                                                   choices: list[int]) -> None:
    game = new(seed, setup)
    for seat, _ in walk(game, choices[:120]):
        legal = game.legal_actions(seat)
        before = json.dumps(game.state_dict(), sort_keys=True)
        for action in ODD_ACTIONS:
            if action in legal or (isinstance(action, m.TimeUp) and game.mode == "time_attack"):
                continue
            with pytest.raises(IllegalAction) as err:
                game.apply(seat, action)
            assert str(err.value)
        assert json.dumps(game.state_dict(), sort_keys=True) == before


CHOICES = ("seat", "moves_left", "moves", "secret_doors_on", "peek_targets", "scry_targets",
           "can_end_turn", "can_refill", "pit_choices", "hero_choices", "wish_room",
           "spells_to_take", "spell_wishes", "secret_door_need", "waiting")


def table_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without whose it is and the choices of the seat to act."""
    out = {k: v for k, v in view.items() if k not in CHOICES}
    if out["encounter"]:
        out["encounter"] = {**out["encounter"], "teleport_to": []}
    if out["doorway"]:
        out["doorway"] = {**out["doorway"], "spell_need": {}, "spell_chance": {}}
    return out


@SETTINGS
@given(seeds, setups, picks)
def test_no_privacy_screen_comes_only_between_views_that_show_the_same_table(
        seed: int, setup: tuple[int, str], choices: list[int]) -> None:
    game = new(seed, setup)
    for seat, _ in walk(game, choices[:150]):
        seen = views(game)
        assert game.handoff_reason(seat, seat) is None
        for viewer in [*range(game.n), None]:
            if viewer != seat and game.handoff_reason(seat, viewer) is None:
                assert table_part(seen[viewer]) == table_part(seen[seat]), (seat, viewer)
