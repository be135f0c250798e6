"""Arranging Dungeon! games for the rule tests: the action notation, scripts, quick steps.

Every game is set up and played through the script runner, so a test reads like a script::

    game, events = play([move("1a"), ATTACK], heroes="fighter", start=["c28-15"],
                        monsters_1=["giant_rats"], treasures_1=["sack_of_gold"], dice=[6, 6])

``heroes`` sets each seat's class (one seat per class named); the keyword decks are the stack of
``docs/rules/dungeon.md`` (``start``, ``dice``, ``monsters_<level>``, ``treasures_<level>``,
``hunters``); any other keyword is a game option (``mode``, ``hunters``...). ``act`` goes on from a
game in hand in the same notation.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import to_dict
from dungeon_table.core.script import run_script
from dungeon_table.games.dungeon.rules import Dungeon

ATTACK: dict[str, Any] = {"type": "attack"}
END: dict[str, Any] = {"type": "end_turn"}
ENTER: dict[str, Any] = {"type": "enter"}
HOLD: dict[str, Any] = {"type": "hold"}
REFILL: dict[str, Any] = {"type": "refill"}
SEAL: dict[str, Any] = {"type": "seal_wishes"}
UNWISH: dict[str, Any] = {"type": "unwish_spell"}
TIME_UP: dict[str, Any] = {"type": "time_up"}

# The stack's decks; every other keyword of ``play`` is an option.
DECKS = {*(f"monsters_{lv}" for lv in range(1, 7)), *(f"treasures_{lv}" for lv in range(1, 7)),
         "dice", "start"}


def move(*path: str) -> dict[str, Any]:
    return {"type": "move", "path": list(path)}


def peek(space: str, using: str) -> dict[str, Any]:
    return {"type": "peek", "space": space, "using": using}


def cast(spell: str) -> dict[str, Any]:
    return {"type": "cast_spell", "spell": spell}


def teleport(to: str) -> dict[str, Any]:
    return {"type": "teleport", "to": to}


def scry(space: str) -> dict[str, Any]:
    return {"type": "scry", "space": space}


def wish(spell: str, seat: int | None = None) -> dict[str, Any]:
    """A wish on the spell wish list (``seat``: which wizard, when several are writing)."""
    return {"type": "wish_spell", "spell": spell, **({} if seat is None else {"seat": seat})}


def choose(hero: str) -> dict[str, Any]:
    return {"type": "choose_hero", "hero": hero}


def fall_into(chamber: str) -> dict[str, Any]:
    return {"type": "choose_chamber", "space": chamber}


def picks(*spells: str, seat: int | None = None) -> list[dict[str, Any]]:
    """A whole wish list, sealed: the spells a wizard's book takes when nobody else wants them."""
    sealed = SEAL if seat is None else {**SEAL, "seat": seat}
    return [*(wish(s, seat) for s in spells), sealed]


def play(actions: list[dict[str, Any]], heroes: str = "fighter", seed: int = 3,
         hunter_cards: list[str] | None = None,
         **setup: Any) -> tuple[Dungeon, list[dict[str, Any]]]:
    """Run a script on a stacked game: the game and its events as plain dicts (setup's too)."""
    stack = {k: v for k, v in setup.items() if k in DECKS}
    if hunter_cards is not None:
        stack["hunters"] = hunter_cards
    options = {"heroes": heroes, **{k: v for k, v in setup.items() if k not in DECKS}}
    seats = ["human"] * len(heroes.split(","))
    run = run_script({"game": "dungeon", "seed": seed, "seats": seats, "options": options,
                      "stack": stack, "actions": actions})
    assert isinstance(run.game, Dungeon)
    setup_events = [to_dict(e) for e in run.game.setup_events]
    return run.game, setup_events + run.events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type, without the script's bookkeeping keys."""
    return [{k: v for k, v in e.items() if k not in ("action_index", "acting_seat")}
            for e in events if e["type"] == kind]


def one(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """The only event of ``kind``."""
    found = of_type(events, kind)
    assert len(found) == 1, [e["type"] for e in events]
    return found[0]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def act(game: Dungeon, *actions: dict[str, Any], seat: int | None = None) -> list[dict[str, Any]]:
    """Apply plain-notation actions (by the seat the notation or ``seat`` names, else the first
    to act), as a script does; the events as dicts."""
    out: list[dict[str, Any]] = []
    for notation in actions:
        plain = {k: v for k, v in notation.items() if k != "seat"}
        who = notation.get("seat", game.to_act()[0] if seat is None else seat)
        out += [to_dict(e) for e in game.apply(who, Dungeon.decode_action(plain))]
    return out


def legal(game: Dungeon, seat: int | None = None) -> list[dict[str, Any]]:
    """The legal actions of ``seat`` (default: the one to act) in plain notation."""
    seat = game.to_act()[0] if seat is None else seat
    return [to_dict(a) for a in game.legal_actions(seat)]
