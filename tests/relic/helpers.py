"""Arranging Relic expedition games for the rule tests: stacked decks, scripts, quick steps.

Every game is set up and played through the script runner, so a test reads like a script::

    game, events = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN],
                          hands=[["dungeon_gate_1", ...], [...]], draws=["char_scout_1"])

``hands[i]`` is the hand dealt to the i-th player in turn order (the first player first; with
``FIRST_SEAT_0`` stacked, seat 0 starts). ``draws`` are the deck's next cards, first listed =
first drawn (the second player draws first: the first player skips its first draw). The deck
holds the rest, shuffled, below.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import Event, to_dict
from dungeon_table.core.script import run_script
from dungeon_table.games.relic.rules import Relic

# The first-player draw: seat 0 turns a 6, the others a 1, so seat 0 starts.
FIRST_SEAT_0 = ["dungeon_hall_2", "dungeon_gate_1", "dungeon_corridor_1", "dungeon_cavern_1"]

SEARCH: dict[str, Any] = {"type": "search"}
DECLINE: dict[str, Any] = {"type": "decline_search"}
DUNGEON: dict[str, Any] = {"type": "dungeon_phase"}
DOUBLE: dict[str, Any] = {"type": "double_draw"}
END_PHASE: dict[str, Any] = {"type": "end_phase"}
FIGHT: dict[str, Any] = {"type": "fight"}
USE: dict[str, Any] = {"type": "use_skill"}
SKIP: dict[str, Any] = {"type": "skip_skill"}
DONE: dict[str, Any] = {"type": "done"}
END_TURN: dict[str, Any] = {"type": "end_turn"}


def set_dungeon(card: str) -> dict[str, Any]:
    return {"type": "set_dungeon", "card": card}


def set_enemy(card: str, target: int = 1) -> dict[str, Any]:
    return {"type": "set_enemy", "card": card, "target": target}


def battle(enemy: str) -> dict[str, Any]:
    return {"type": "battle_phase", "enemy": enemy}


def commit(card: str) -> dict[str, Any]:
    return {"type": "commit", "card": card}


def discard(card: str) -> dict[str, Any]:
    return {"type": "discard", "card": card}


def deal_order(hands: list[list[str]], draws: list[str] | None = None) -> list[str]:
    """The ``deck`` stack that deals ``hands`` (turn order) one card at a time, then ``draws``."""
    order = [card for cards in zip(*hands, strict=True) for card in cards]
    return order + list(draws or [])


def script(actions: list[dict[str, Any]], hands: list[list[str]] | None = None,
           draws: list[str] | None = None, players: int = 2, seed: int = 1,
           first: list[str] | None = None,
           seats: list[str] | None = None) -> tuple[Relic, list[dict[str, Any]]]:
    """Run a script on a stacked game: the game and its events as plain dicts."""
    stack: dict[str, list[str]] = {"first": list(first or FIRST_SEAT_0[:players])}
    if hands:
        stack["deck"] = deal_order(hands, draws)
    run = run_script({"game": "relic", "seed": seed, "seats": seats or ["human"] * players,
                      "options": {}, "stack": stack, "actions": actions})
    assert isinstance(run.game, Relic)
    return run.game, run.events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type, without the script's bookkeeping keys."""
    return [{k: v for k, v in e.items() if k not in ("action_index", "acting_seat")}
            for e in events if e["type"] == kind]


def act(game: Relic, seat: int, *actions: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply plain-notation actions for ``seat`` to a game in hand; the events as plain dicts."""
    events: list[Event] = []
    for notation in actions:
        events += game.apply(seat, Relic.decode_action(notation))
    return [to_dict(e) for e in events]


def legal(game: Relic, seat: int | None = None) -> list[dict[str, Any]]:
    """The legal actions of ``seat`` (default: the one to act) in plain notation."""
    seat = game.to_act()[0] if seat is None else seat
    return [to_dict(a) for a in game.legal_actions(seat)]
