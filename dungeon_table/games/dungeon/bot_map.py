"""Distances on the Dungeon! board as one hero sees them, for the bots' route planning.

    walk = Walk(view, seat)
    from_me = walk.spread(hero.space)      # moves to every space (secret doors priced in)
    to_hall = walk.spread("hall")          # symmetric: moves from every space to the hall

A move stops on entering a blocking space (an uncleared room or chamber, a waiting monster, a
hunter), so such a space is reached but never passed through; the hero's own space is always
left. A route may be planned through a hunter instead (it moves every turn): ``through_hunters``.
An unfound secret door costs the moves its expected failed rolls waste (a miss ends the turn).
Hunters walk every door open and pass through everything: ``open_distances``.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.board import Board, load_board
from dungeon_table.games.dungeon.bot_odds import card_odds
from dungeon_table.games.dungeon.tables import load_tables

FAR = 10_000.0


class Walk:
    """The board for ``seat``'s hero now: what blocks it and what its secret doors cost."""

    def __init__(self, view: m.DungeonView, seat: int, through_hunters: bool = False) -> None:
        self.tables = load_tables()
        self.board: Board = self.tables.board
        hero = view.heroes[seat]
        odds = card_odds()
        # A hunter stops a move too. ``through_hunters``: it walks on every turn, so routes are
        # planned through it (greedy); else they go round it, which keeps the hero away from it.
        self.hunters = {h.space for h in view.hunters}
        self.blocking = self.blocking_spaces(view) | (set() if through_hunters else self.hunters)
        self.stops = self.blocking | self.hunters
        self.open_doors = set(hero.found_doors)
        self.all_open = hero.secret_door_card
        find = odds.find.get(hero.hero, 1 / 3)
        # Each failed roll ends the turn: about a turn's moves lost per miss.
        self.door_cost = odds.moves * (1 - find) / find
        self.others = {h.space for h in view.heroes if h.seat != seat and h.space}

    def blocking_spaces(self, view: m.DungeonView) -> set[str]:
        """Where a move stops: a waiting monster, an uncleared room or chamber (the rules'
        own test of cleared)."""
        out = {s.space for s in view.slots}
        tokens = view.defeat_tokens
        out.update(space for space in self.tables.tokens_to_clear
                   if not self.tables.cleared(space, tokens.get(space, 0)))
        return out

    def door_open(self, door: str) -> bool:
        return self.all_open or door in self.open_doors

    def spread(self, source: str) -> dict[str, float]:
        """Moves from ``source`` to every space reachable (blocking spaces end a walk)."""
        dist = {source: 0.0}
        heap = [(0.0, source)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > dist[here] or (here != source and here in self.blocking):
                continue
            for there, passage in self.board.neighbours(here):
                step = 1.0
                if passage.kind == "secret" and not self.door_open(passage.door):
                    step += self.door_cost
                nd = d + step
                if nd < dist.get(there, FAR):
                    dist[there] = nd
                    heapq.heappush(heap, (nd, there))
        return dist


@lru_cache(maxsize=256)
def open_distances(source: str) -> dict[str, int]:
    """Spaces entered from ``source`` to each space with every door open (a hunter's walk),
    cached: the board never changes."""
    return movement.open_distances(load_board(), source)


def turns_for(moves: float, moves_left: int, per_turn: int) -> int:
    """Turns (this one counted) to walk ``moves`` with ``moves_left`` now and ``per_turn`` after."""
    if moves <= moves_left:
        return 1
    return 1 + int(-(-(moves - moves_left) // per_turn))
