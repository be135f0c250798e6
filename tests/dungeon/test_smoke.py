"""Dungeon! end to end: random games with 1, 2, 4 and 8 heroes and in every solo mode run to
their end, scripted turns with stacked decks and dice, saves that replay to the same game.
(Rule-by-rule tests are the ``test_rules_*`` modules.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import dungeon_table.games.dungeon  # noqa: F401 - registers the game
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Event, to_dict
from dungeon_table.core.registry import get
from dungeon_table.core.script import run_script
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.rules import Dungeon
from dungeon_table.games.dungeon.tables import load_tables

MAX_ACTIONS = 8000


def random_game(seats: int, seed: int, **options: Any) -> tuple[Dungeon, int]:
    game = get("dungeon").new_game(["human"] * seats, seed, options)
    assert isinstance(game, Dungeon)
    rng = random.Random(seed)
    for count in range(MAX_ACTIONS):
        if game.result() is not None:
            return game, count
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError(f"{seats} seats, seed {seed}, {options}: no end")


def script(actions: list[dict[str, Any]], seats: int = 1, **setup: Any) -> tuple[Dungeon, list]:
    """Run a script: ``setup`` holds options (heroes, mode...) and the stack (start, dice...)."""
    stack = {k: v for k, v in setup.items() if k in Dungeon.stack_decks}
    options = {k: v for k, v in setup.items() if k not in stack}
    run = run_script({"game": "dungeon", "seed": 3, "seats": ["human"] * seats,
                      "options": options, "stack": stack, "actions": actions})
    assert isinstance(run.game, Dungeon)
    return run.game, run.events


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# --- random games -----------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [1, 2, 4, 8])
def test_random_races_end_with_a_ranked_result(seats: int) -> None:
    for seed in range(2):
        game, _ = random_game(seats, seed)
        result = game.result()
        assert result is not None and game.to_act() == []
        assert sorted(result.ranking) == list(range(seats))
        assert result.ranking[: len(result.winners)] == result.winners
        assert game.end_reason in ("returned", "round_limit")
        assert all(len(series) == game.round + 1 for series in result.history)


@pytest.mark.parametrize("mode", ["treasure_hunt", "time_attack", "hunter"])
def test_random_solo_games_end(mode: str) -> None:
    reasons = {"treasure_hunt": {"found", "killed_twice", "round_limit"},
               "time_attack": {"returned", "round_limit"},
               "hunter": {"returned", "hunted", "round_limit"}}
    for seed in range(3):
        game, _ = random_game(1, seed, mode=mode, hunters=2)
        assert game.end_reason in reasons[mode]
        assert game.result() is not None


def test_solo_modes_need_exactly_one_seat() -> None:
    with pytest.raises(ValueError, match="solo: 1 seat"):
        get("dungeon").new_game(["human", "human"], 1, {"mode": "hunter"})
    with pytest.raises(ValueError, match="heroes names 1 classes for 2 seats"):
        get("dungeon").new_game(["human", "human"], 1, {"heroes": "rogue"})


# --- scripted turns ---------------------------------------------------------------------------
# The board is still being drawn: the scripts find their spaces on it instead of naming them.
TABLES = load_tables()
BOARD = TABLES.board


def door_into_room(level: int) -> tuple[str, str]:
    """A corridor square and the level's room its (plain) door opens into."""
    for room in BOARD.rooms(level):
        for other, passage in BOARD.neighbours(room):
            if passage.kind == "door" and BOARD.spaces[other].kind == "corridor":
                return other, room
    raise AssertionError(f"no room of level {level} opens on a corridor")


def secret_door_into(kind: str) -> tuple[str, str, str]:
    """(the near side, a room or chamber beyond a secret door, the door)."""
    for door, passage in sorted(BOARD.secret_doors.items()):
        for near, far in ((passage.a, passage.b), (passage.b, passage.a)):
            if BOARD.spaces[far].kind == kind and BOARD.spaces[near].kind != "room":
                return near, far, door
    raise AssertionError(f"no secret door opens into a {kind}")


def monster(level: int, hero: str = "fighter") -> str:
    """A level's monster (not a trap) that ``hero`` can hit."""
    return next(c for c in TABLES.monster_ids(level)
                if not TABLES.trap(c) and TABLES.need(c, hero) is not None)


def treasure(level: int) -> str:
    return next(c for c in TABLES.treasure_ids(level) if not TABLES.special(c))


def test_a_fighter_walks_into_a_room_beats_its_monster_and_takes_its_treasure() -> None:
    corridor, room = door_into_room(1)
    card, gold = monster(1), treasure(1)
    game, events = script(
        [{"type": "move", "path": [room]}, {"type": "attack"}],
        heroes="fighter", start=[corridor], monsters_1=[card], treasures_1=[gold], dice=[6, 6])
    assert types(events)[:4] == ["moved", "monster_revealed", "attack_rolled", "monster_defeated"]
    attack = next(e for e in events if e["type"] == "attack_rolled")
    assert (attack["dice"], attack["need"], attack["hit"]) == (
        [6, 6], TABLES.need(card, "fighter"), True)
    assert game.heroes[0].treasures == [gold] and game.tokens == {room: 1}
    assert game.monster_discards[1] == [card]
    assert types(events)[-2:] == ["turn_ended", "turn_started"]


def test_a_miss_brings_the_counter_attack_the_slot_and_the_push_back() -> None:
    corridor, room = door_into_room(1)
    card = monster(1, "rogue")
    game, events = script(
        [{"type": "move", "path": [room]}, {"type": "attack"}],
        heroes="rogue", start=[corridor], monsters_1=[card], dice=[1, 1, 4, 5])
    counter = next(e for e in events if e["type"] == "counter_attack")
    assert (counter["dice"], counter["result"]) == ([4, 5], "wounded")
    hero = game.heroes[0]
    assert hero.space == corridor and hero.lose_turns == 0  # the token went on the next turn
    assert "turn_lost" in types(events)
    assert game.slots[1].monster == card and game.slots[1].space == room
    view = game.view(0)
    assert view.slots[0].monster == card and view.defeat_tokens == {}


def test_a_rogue_finds_a_secret_door_on_a_three() -> None:
    near, chamber, door = secret_door_into("chamber")
    level = BOARD.spaces[chamber].level
    card = monster(level, "rogue")
    game, events = script([{"type": "move", "path": [chamber]}], heroes="rogue", start=[near],
                          **{f"monsters_{level}": [card]}, dice=[3])
    roll = next(e for e in events if e["type"] == "secret_door_rolled")
    assert (roll["door"], roll["die"], roll["need"], roll["found"]) == (door, 3, 3, True)
    assert game.heroes[0].found_doors == [door] and game.phase == "combat"
    need = TABLES.need(card, "rogue")
    assert game.view(0).encounter == m.EncounterView(
        space=chamber, card=card, source="draw", slot=0, need=need, bonus=0,
        chance=sum(a + b >= need for a in range(1, 7) for b in range(1, 7)) / 36)


def test_a_missed_secret_door_stops_the_hero_and_ends_the_turn() -> None:
    near, chamber, _ = secret_door_into("chamber")
    game, events = script([{"type": "move", "path": [chamber]}], heroes="fighter",
                          start=[near], dice=[4])
    assert types(events)[:2] == ["secret_door_rolled", "turn_ended"]
    assert game.heroes[0].space == near and game.heroes[0].found_doors == []


def test_a_move_goes_the_offered_way_and_a_refusal_says_why() -> None:
    game = get("dungeon").new_game(["human"], 5, {"heroes": "cleric"})
    corridor = BOARD.neighbours(BOARD.hall)[0][0]
    listed = {a.path[-1]: a.path for a in game.legal_actions(0) if isinstance(a, m.Move)}
    assert listed[corridor] == (corridor,)
    with pytest.raises(IllegalAction, match="goes the offered way"):
        game.apply(0, m.Move(path=[corridor, BOARD.hall, corridor]))
    _, room = door_into_room(6)
    with pytest.raises(IllegalAction, match="not connected"):
        game.apply(0, m.Move(path=[room]))
    game.apply(0, m.Move(path=[corridor]))  # a list or a tuple: the same move
    assert game.heroes[0].space == corridor and game.turn.moves_left == 4


def test_time_up_ends_a_time_attack_and_is_never_offered() -> None:
    game = get("dungeon").new_game(["human"], 2, {"mode": "time_attack", "minutes": 15})
    assert game.view(0).time_limit == 900
    assert m.TimeUp() not in game.legal_actions(0)
    seat = game.to_act()[0]
    events = game.apply(seat, game.decode_action({"type": "time_up"}))
    assert [to_dict(e)["type"] for e in events] == ["game_ended"]
    assert game.result() is not None and game.result().winners == []
    race = get("dungeon").new_game(["human"], 2, {})
    with pytest.raises(IllegalAction, match="time attack"):
        race.apply(race.to_act()[0], m.TimeUp())


def test_heroes_are_chosen_in_seat_order_and_wizards_pick_spells_in_turn() -> None:
    game = get("dungeon").new_game(["human"] * 3, 4, {})
    assert game.to_act() == [0] and game.phase == "choose_hero"
    game.apply(0, m.ChooseHero(hero="wizard"))
    game.apply(1, m.ChooseHero(hero="wizard"))
    assert m.ChooseHero(hero="wizard") not in game.legal_actions(2)  # both pawns in play
    events = game.apply(2, m.ChooseHero(hero="rogue"))
    sizes = [e.size for e in events if isinstance(e, m.SpellbookRolled)]
    assert len(sizes) == 2 and all(7 <= s <= 12 for s in sizes)
    order = []
    while game.phase == "spells":
        seat = game.to_act()[0]
        order.append(seat)
        game.apply(seat, m.PickSpell(spell=next(iter(game.view(seat).spell_choices))))
    assert order[:4] == [0, 1, 0, 1] and game.active == 0 and game.phase == "move"
    assert [len(h.spells) for h in game.heroes] == [*sizes, 0]
    assert game.view(1).heroes[0].spells == [] and game.view(0).heroes[0].spell_count == sizes[0]


# --- saves ------------------------------------------------------------------------------------
def test_a_save_replays_to_the_same_game(tmp_path: Path) -> None:
    from dungeon_table.core.session import Session

    auto = tmp_path / "dungeon.yaml"
    session = Session.new("dungeon", ["human", "human"], 11, {"heroes": "wizard,fighter"},
                          autosave=auto)
    rng = random.Random(11)
    for _ in range(300):
        if session.game.result() is not None:
            break
        seat = session.game.to_act()[0]
        session.apply(seat, rng.choice(session.game.legal_actions(seat)))
    again = Session.load(auto).game
    assert json.dumps(again.state_dict(), sort_keys=True) == json.dumps(
        session.game.state_dict(), sort_keys=True)


def test_events_are_tagged_records() -> None:
    game = get("dungeon").new_game(["human"], 1, {"mode": "hunter", "hunters": 3})
    assert [type(e) for e in game.setup_events] == [m.HunterAppeared] * 3
    assert all(isinstance(e, Event) for e in game.setup_events)
