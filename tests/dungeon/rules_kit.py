"""What the Dungeon! rule tests share: the board's places they play on, a hero's state as plain
data, refusals, and walking home.

The places (``cards/dungeon/board.yaml``; hall = the Great Hall, its four doors lead to c30-15,
c25-20, c35-20 and c30-25):
- ``1a`` (level-1 room, one door to ``c28-15``): hall -> c30-15 -> c29-15 -> c28-15 -> 1a, 4 moves.
- ``1b`` (level-1 room): a door to ``c33-15`` and the secret door ``s33-11`` to ``c33-10``;
  ``c33-10`` also has the door of chamber ``1B``; c35-12 -> c35-11 -> c35-10 -> c34-10 -> c33-10.
- ``1A`` (level-1 chamber, the Armory): doors to ``c25-22`` and ``c22-25``.
- ``2c`` and ``2d`` (level-2 rooms) share a door; ``2c`` opens on ``c20-18``, ``2d`` on ``c20-23``.
- ``2A`` (level-2 chamber): behind the secret door ``s43-16`` from ``c43-15``, doors to ``c40-18``.
- ``4f`` and ``4g`` (level-4 rooms) both open on ``c53-20``.
- ``5l`` (level-5 room): doors to ``4j``, ``6j`` and ``c40-38``.
- ``5a`` (level-5 room): doors to ``4d`` and ``c15-8``, the secret door ``s11-8`` to ``c10-8``.
- ``3B`` (level-3 chamber): door to ``c33-35``; ``2B`` (level-2 chamber): doors to ``c25-32``...

Card facts (``cards/dungeon/monsters.yaml``), needs as rogue/cleric/fighter/wizard, fireball,
lightning: giant_rats 5/4/3/6 fb2 lb7; goblins 3/4/2/5 fb2 lb6; skeleton 5/4/3/6 fb2 lb2;
kobolds 4/4/3/5 fb2 lb4; ghouls 5/6/4/6; evil_hero 8/7/5/6 fb5 lb4; gargoyle 7/6/5/6 fb- lb4;
mummy 11/10/8/8 fb3 lb-; troll 9/10/8/8; black_pudding -/12/12/12 fb5 lb-; evil_wizard
-/12/11/7; red_dragon -/-/11/12. cage_trap_1 tokens by die [0, 0, 1, 1, 1, 2]; cage_trap_4
[1, 1, 2, 2, 2, 3]; pit_trap_2 falls to level 2, pit_trap_3 to level 4. Swords: magic_sword_1 +2
on 12, magic_sword_2 on 10, magic_sword_4 on 9, magic_sword_6 on 7.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.games.dungeon.rules import Dungeon
from dungeon_table.games.dungeon.tables import load_tables

from .helpers import (
    ATTACK,
    END,
    ENTER,
    HOLD,
    REFILL,
    SEAL,
    TIME_UP,
    UNWISH,
    act,
    cast,
    choose,
    fall_into,
    legal,
    move,
    of_type,
    one,
    peek,
    picks,
    play,
    scry,
    teleport,
    types,
    wish,
)

__all__ = ["ATTACK", "BOARD", "END", "ENTER", "HOLD", "REFILL", "SEAL", "TABLES", "TIME_UP",
           "UNWISH", "act", "cast", "choose", "distances", "fall_into", "hero_of", "legal", "move",
           "of_type", "one", "peek", "picks", "play", "refused", "scry", "teleport", "types",
           "walk_home", "wish"]

TABLES = load_tables()
BOARD = TABLES.board


def hero_of(game: Dungeon, seat: int = 0) -> dict[str, Any]:
    """What the rules keep of a seat's hero, as its public view shows it (plus its spells)."""
    h = game.state.heroes[seat]
    return {"space": h.space, "treasures": list(h.treasures), "gp": game.gp(seat),
            "lose_turns": h.lose_turns, "sword": h.sword, "sword_bonus": h.sword_bonus,
            "found_doors": list(h.found_doors), "deaths": h.deaths, "spells": sorted(h.spells)}


def refused(game: Dungeon, action: dict[str, Any], seat: int | None = None) -> str:
    """Assert ``action`` is refused with a reason and changes nothing; the reason."""
    who = game.to_act()[0] if seat is None else seat
    before = game.state_dict()
    with pytest.raises(IllegalAction) as err:
        game.apply(who, Dungeon.decode_action(action))
    assert str(err.value).strip()
    assert game.state_dict() == before
    return str(err.value)


def distances(source: str, open_only: bool = False) -> dict[str, int]:
    """Spaces entered from ``source`` to each space (a breadth-first walk of our own, not the
    engine's); ``open_only`` leaves out secret doors."""
    seen = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there, passage in BOARD.neighbours(here):
            if open_only and passage.kind == "secret":
                continue
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def walk_home(game: Dungeon, seat: int = 0, turns: int = 12) -> list[dict[str, Any]]:
    """Walk the hero to the Great Hall along corridors and cleared spaces, one offered move a
    turn (the destination nearest the hall), until it stands there and its turn is over; stops
    early if anything else must be decided (a hunter's attack)."""
    events: list[dict[str, Any]] = []
    for _ in range(turns):
        if game.state.heroes[seat].space == BOARD.hall or game.phase != "move":
            return events
        moves = game.view(seat).moves
        home = _safe_distances(game, seat)
        best = min((d for d in moves if d in home), key=lambda d: (home[d], d))
        events += act(game, move(*moves[best]), seat=seat)
        if game.phase == "move" and game.state.active == seat and game.state.heroes[seat].space == best:
            events += act(game, END, seat=seat)
    return events


def _safe_distances(game: Dungeon, seat: int) -> dict[str, int]:
    """From the hall over spaces where nothing waits: the hero's own way home."""
    ctx = game.context(seat)
    seen = {BOARD.hall: 0}
    queue = deque([BOARD.hall])
    while queue:
        here = queue.popleft()
        for there, passage in BOARD.neighbours(here):
            if passage.kind == "secret" and not ctx.door_open(passage.door):
                continue
            if there not in seen and not ctx.blocks(there):
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
