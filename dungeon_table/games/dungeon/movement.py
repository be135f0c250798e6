"""Moving on the Dungeon! board: routes, path checks, push-back and the hunters' paths.

Pure functions over the ``Board`` and a small ``MoveContext`` the engine passes (what blocks,
where the hero may stand, which secret doors this hero has found)::

    destinations = routes(board, ctx, "hall", 5)        # {"1c": Route(["c25-20", ...], []), ...}
    reason = check_path(board, ctx, "hall", path, 5)    # None, or why not
    back = toward(board, ctx, "2B", "3B")                # "c35-32": a push-back out of 2B
    hunter_path(board, "6a", "2b")                      # its next five spaces toward 2b

The rules walked here (rulings, "Turn"): each space entered costs one move, doors cost nothing;
a room or chamber is one space. Entering a space that blocks (an uncleared room or chamber, a
monster waiting there, a hunter) ends the move there, so a path never passes through one. Heroes
may pass one another but stop only where no other hero stands, unless in a chamber or the Great
Hall; that holds for a blocking room too (one whose monster waits after another hero's fight). An unfound secret door may be tried on the way: the engine rolls when the hero reaches it
(one move still left, the move into the space beyond), and a miss stops the hero before it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

import msgspec

from dungeon_table.core.reasons import refuse
from dungeon_table.games.dungeon.board import Board, Passage


class MoveContext(Protocol):
    def blocks(self, space: str) -> bool:
        """Entering ``space`` must stop the move (an uncleared room or chamber, a monster
        waiting there, a hunter there)."""
        ...

    def may_stand(self, space: str) -> bool:
        """No other hero there, unless it is a chamber or the Great Hall (every path ends where
        this holds, an encounter's space included)."""
        ...

    def door_open(self, door: str) -> bool:
        """This hero found secret door ``door``, or holds the secret door card."""
        ...

    # A context may also offer ``blocking`` (every space ``blocks`` says yes to) and ``crowded``
    # (every space ``may_stand`` says no to) as sets: the route search then reads those.


class Route(msgspec.Struct, frozen=True):
    path: list[str]             # the spaces entered in order, the start not included
    secret_doors: list[str]     # the unfound secret doors it tries, in the order reached


def _unfound(ctx: MoveContext, passage: Passage) -> bool:
    return passage.kind == "secret" and not ctx.door_open(passage.door)


def routes(board: Board, ctx: MoveContext, start: str, moves: int) -> dict[str, Route]:
    """Every space the hero may end this move on, with the route trying the fewest unfound
    secret doors, then the shortest (ties: the first found, neighbours in id order)."""
    # Layer n holds, for each space, the best (secret doors tried, path, doors tried on it) over
    # paths of exactly n moves (the first found among the cheapest, from the layer before in id
    # order); a path with more secrets may still be the only one that fits the moves. An entry
    # no cheaper than one at fewer moves is dropped: anything walked on from it is walked sooner
    # from the other, so no chosen route goes through it, and the routes are those of the full
    # layers (a path never passes a space twice). So each kept entry is cheaper than any before
    # it for its space, and a space's route is its last kept entry. Asked for every legal-action
    # list of a moving hero: the neighbours come sorted from the board, and the context's
    # answers are read from its sets when it has them (``blocking``, ``crowded``: the engine's
    # context does), else each asked once a space a call.
    links = board.sorted_links()
    door_open = ctx.door_open
    blocked: set[str] | None = getattr(ctx, "blocking", None)
    crowded: set[str] | None = getattr(ctx, "crowded", None)
    if blocked is not None and crowded is not None:
        blocking: Callable[[str], bool] = blocked.__contains__
        standing: Callable[[str], bool] = lambda space: space not in crowded  # noqa: E731
    else:
        blocking = _Memo(ctx.blocks).__getitem__
        standing = _Memo(ctx.may_stand).__getitem__
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


def check_path(board: Board, ctx: MoveContext, start: str, path: list[str],
               moves: int) -> str | None:
    """None if the hero at ``start`` may walk ``path`` with ``moves`` left, else the reason."""
    if not path:
        return refuse("dungeon.refuse.path_empty", "the path is empty")
    for space in path:
        if space not in board.spaces:
            return refuse("dungeon.refuse.there_no_space", "there is no space {space}",
                          space=repr(space))
    if len(path) > moves:
        return refuse("dungeon.refuse.spaces_have_moves",
                      "that is {n_path} spaces and you have {moves} moves",
                      n_path=len(path), moves=moves)
    here = start
    for i, there in enumerate(path):
        if not any(other == there for other, _ in board.neighbours(here)):
            return refuse("dungeon.refuse.not_connected", "{here} and {there} are not connected",
                          here=label(board, here), there=label(board, there))
        if i < len(path) - 1 and ctx.blocks(there):
            return refuse("dungeon.refuse.blocks_way_would_have",
                          "{there} blocks the way: you would have to stop there",
                          there=label(board, there))
        here = there
    if not ctx.may_stand(here):
        return refuse("dungeon.refuse.another_hero_stands", "another hero stands in {here}",
                      here=label(board, here))
    return None


def label(board: Board, space: str) -> str:
    """How a reason names a space: a chamber or the hall by its name, else its id."""
    name = board.spaces[space].name
    return name.en if name is not None else space


def toward(board: Board, ctx: MoveContext, here: str, goal: str) -> str | None:
    """The space one step from ``here`` toward ``goal`` (a push-back, 押し戻される): ``goal``
    itself when a way open to the hero leads there (the hero came in from it), else the space
    beyond the open way out that lies nearest ``goal`` by ways open to the hero (ties: the
    smallest id). None when no open way leads out."""
    exits = sorted({other for other, passage in board.neighbours(here)
                    if not _unfound(ctx, passage)})
    if goal in exits or not exits:
        return goal if exits else None
    to_goal = distances(board, goal, lambda passage: not _unfound(ctx, passage))
    return min(exits, key=lambda space: (to_goal.get(space, len(board.spaces)), space))


def hunter_path(board: Board, start: str, target: str, steps: int = 5) -> list[str]:
    """The hunter's next ``steps`` spaces on a shortest path to ``target``: every door open
    (secret ones too), rooms and chambers passed through; it stops on reaching the target.
    Ties go to the neighbour with the smallest id, so the same board gives the same path."""
    if start == target:
        return []
    to_target = open_distances(board, target)
    if start not in to_target:
        return []
    path: list[str] = []
    here = start
    while here != target and len(path) < steps:
        here = min(other for other, _ in board.neighbours(here)
                   if to_target.get(other, -1) == to_target[here] - 1)
        path.append(here)
    return path


def open_distances(board: Board, source: str) -> dict[str, int]:
    """Spaces entered from ``source`` to each space, every passage open (a hunter's walk)."""
    return distances(board, source)


def distances(board: Board, source: str,
              passable: Callable[[Passage], bool] | None = None) -> dict[str, int]:
    """Spaces entered from ``source`` to each space, through the passages ``passable`` lets by
    (every one when None)."""
    seen = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there, passage in board.neighbours(here):
            if there not in seen and (passable is None or passable(passage)):
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
