"""The route search as it was before the cached one (``movement.routes`` up to 2026-12-02), kept
word for word as the reference the engine's listing is compared with
(``test_route_cache.py``): whatever the engine now does to be fast, the routes it offers must be
these, in this order."""

from __future__ import annotations

from collections.abc import Callable

from dungeon_table.games.dungeon.board import Board
from dungeon_table.games.dungeon.movement import MoveContext, Route


def reference_routes(board: Board, ctx: MoveContext, start: str,
                     moves: int) -> dict[str, Route]:
    """Every space the hero may end this move on, with the route trying the fewest unfound
    secret doors, then the shortest (ties: the first found, neighbours in id order)."""
    links = board.sorted_links()
    door_open = ctx.door_open
    blocking: Callable[[str], bool] = _Memo(ctx.blocks).__getitem__
    standing: Callable[[str], bool] = _Memo(ctx.may_stand).__getitem__
    Path = tuple[str, ...]
    cheapest: dict[str, int] = {start: 0}
    last: dict[str, tuple[int, Path, Path]] = {start: (0, (), ())}
    found: dict[str, tuple[int, Path, Path]] = {}
    for step in range(1, moves + 1):
        layer: dict[str, tuple[int, Path, Path]] = {}
        for here in sorted(last):
            if step > 1 and blocking(here):
                continue  # an encounter ends the move: nothing goes on from there
            tried, path, doors = last[here]
            for there, _passage, secret in links[here]:
                if secret and not door_open(secret):
                    known = layer.get(there)
                    if known is None or tried + 1 < known[0]:
                        layer[there] = (tried + 1, (*path, there), (*doors, secret))
                else:
                    known = layer.get(there)
                    if known is None or tried < known[0]:
                        layer[there] = (tried, (*path, there), doors)
        last = {}
        for space, entry in layer.items():
            if entry[0] < cheapest.get(space, moves + 1):
                last[space] = entry
                cheapest[space] = entry[0]
                if standing(space):
                    found[space] = entry
        if not last:
            break  # nothing cheaper further on
    return {space: Route(list(path), list(doors)) for space, (_n, path, doors) in found.items()}


class _Memo(dict[str, bool]):
    """A question about a space, asked once per space."""

    def __init__(self, ask: Callable[[str], bool]) -> None:
        super().__init__()
        self.ask = ask

    def __missing__(self, space: str) -> bool:
        answer = self[space] = self.ask(space)
        return answer
