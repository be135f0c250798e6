"""Properties of Dungeon! over random legal play (hypothesis), for random seeds, 1-8 heroes and
every mode: every card in exactly one place, heroes only where they may stand, hidden things
(spellbooks, crystal-ball cards, deck order, hunters' cards) out of every other view, the same
seed and actions giving the same game, illegal actions changing nothing, every game ending."""

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
MAX_ACTIONS = 20_000

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


# --- every card in one place ------------------------------------------------------------------
def monster_cards(state: dict[str, Any]) -> list[str]:
    cards = [c for deck in state["monsters"].values() for c in deck]
    cards += [c for pile in state["monster_discards"].values() for c in pile]
    cards += [s["monster"] for s in state["slots"]] + [h["card"] for h in state["hunters"]]
    enc = state["encounter"]
    if enc and not enc["slot"] and not enc["hunter"]:
        cards.append(enc["card"])
    return sorted(cards)


def treasure_cards(state: dict[str, Any]) -> list[str]:
    cards = [c for deck in state["treasures"].values() for c in deck]
    cards += [c for h in state["heroes"] for c in h["treasures"]]
    for slot in state["slots"]:
        cards += [*slot["dropped"], *([slot["treasure"]] if slot["treasure"] else [])]
    cards += [c for hunter in state["hunters"] for c in hunter["dropped"]]
    return sorted(cards)


def box(game: Dungeon) -> tuple[list[str], list[str]]:
    levels = range(1, 7)
    return (sorted(c for lv in levels for c in game.t.monster_ids(lv)),
            sorted(c for lv in levels for c in game.t.treasure_ids(lv)))


@SETTINGS
@given(seeds, setups, picks)
def test_every_card_is_in_exactly_one_place(seed: int, setup: tuple[int, str],
                                            choices: list[int]) -> None:
    game = new(seed, setup)
    monsters, treasures = box(game)
    for _ in walk(game, choices):
        state = game.state_dict()
        assert monster_cards(state) == monsters
        assert treasure_cards(state) == treasures
    state = game.state_dict()
    assert (monster_cards(state), treasure_cards(state)) == (monsters, treasures)


# --- heroes where they may stand --------------------------------------------------------------
@SETTINGS
@given(seeds, setups, picks)
def test_heroes_share_a_space_only_in_a_chamber_or_the_great_hall(
        seed: int, setup: tuple[int, str], choices: list[int]) -> None:
    game = new(seed, setup)
    for _ in walk(game, choices):
        spaces = [h.space for h in game.heroes if h.space]
        for space in set(spaces):
            if spaces.count(space) > 1:
                assert game.board.spaces[space].kind in ("chamber", "hall"), space


# --- hidden information -----------------------------------------------------------------------
def views(game: Dungeon) -> dict[int | None, Any]:
    return {seat: msgspec.to_builtins(game.view(seat)) for seat in [*range(game.n), None]}


def check_hidden(game: Dungeon, rnd: random.Random) -> None:
    """Shuffle the decks, swap spellbooks, wish lists, face-down slot cards and unrevealed
    hunters' cards for others: no view that may not see them changes."""
    seen = views(game)
    for deck in [*game.monsters.values(), *game.treasures.values()]:
        rnd.shuffle(deck.cards)
    assert views(game) == seen
    for hero in game.heroes:
        if hero.spells:
            kept = list(hero.spells)
            hero.spells[:] = [rnd.choice(m.SPELLS) for _ in kept]
            now = views(game)
            hero.spells[:] = kept
            assert all(now[s] == seen[s] for s in now if s != hero.seat)
    for seat, wishes in game.draft.wishes.items():
        if wishes:
            kept = list(wishes)
            wishes[:] = [rnd.choice(m.SPELLS) for _ in kept]
            now = views(game)
            wishes[:] = kept
            assert all(now[s] == seen[s] for s in now if s != seat)
    for slot in game.slots.values():
        if slot.face_down:
            kept_monster, kept_treasure = slot.monster, slot.treasure
            slot.monster, slot.treasure = "other", "other" if kept_treasure else ""
            now = views(game)
            slot.monster, slot.treasure = kept_monster, kept_treasure
            assert all(now[s] == seen[s] for s in now if s != slot.scrier)
    for hunter in game.hunters:
        if not hunter.revealed:
            kept = hunter.card
            hunter.card = "other"
            assert views(game) == seen
            hunter.card = kept


@SETTINGS
@given(seeds, setups, picks, seeds)
def test_spellbooks_scried_cards_decks_and_hunters_stay_hidden(
        seed: int, setup: tuple[int, str], choices: list[int], shuffle_seed: int) -> None:
    game = new(seed, setup)
    rnd = random.Random(shuffle_seed)
    for _ in walk(game, choices[:150]):
        check_hidden(game, rnd)


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


# --- determinism, illegal actions, the end ----------------------------------------------------
@SETTINGS
@given(seeds, setups, picks)
def test_the_same_seed_and_actions_give_the_same_game(seed: int, setup: tuple[int, str],
                                                       choices: list[int]) -> None:
    one, two = new(seed, setup), new(seed, setup)
    assert one.state_dict() == two.state_dict()
    for pick in choices:
        chosen = step(one, pick)
        if chosen is None:
            break
        assert [to_dict(e) for e in one.apply(*chosen)] == [to_dict(e)
                                                             for e in two.apply(*chosen)]
    assert one.state_dict() == two.state_dict()


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


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, setups, st.integers(min_value=0, max_value=2**31))
def test_every_random_game_ends(seed: int, setup: tuple[int, str], walk_seed: int) -> None:
    game = new(seed, setup)
    rnd = random.Random(walk_seed)
    for _ in range(MAX_ACTIONS):
        chosen = step(game, rnd.randrange(10**6))
        if chosen is None:
            break
        game.apply(*chosen)
    result = game.result()
    assert result is not None and game.view(None).phase == "over"
    assert sorted(result.ranking) == list(range(game.n))


CHOICES = ("seat", "moves_left", "moves", "secret_doors_on", "peek_targets", "scry_targets",
           "can_end_turn", "can_refill", "pit_choices", "hero_choices", "wish_room",
           "spells_to_take", "spell_wishes", "secret_door_need", "waiting")


def table_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without whose it is and the choices of the seat to act."""
    out = {k: v for k, v in view.items() if k not in CHOICES}
    if out["encounter"]:
        out["encounter"] = {**out["encounter"], "teleport_to": []}
    if out["doorway"]:
        out["doorway"] = {**out["doorway"], "spell_need": {}}
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
