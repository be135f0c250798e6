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

import operator
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Collection, Container
from typing import Protocol

import msgspec

from dungeon_table.core.reasons import refuse
from dungeon_table.games.dungeon import model as m
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


Path = tuple[str, ...]
# What the walk keeps for a space: (unfound secret doors tried, the path, those doors in order).
Entry = tuple[int, Path, Path]


def routes(board: Board, ctx: MoveContext, start: str, moves: int) -> dict[str, Route]:
    """Every space the hero may end this move on, with the route trying the fewest unfound
    secret doors, then the shortest (ties: the first found, neighbours in id order)."""
    door_open = ctx.door_open
    blocked: set[str] | None = getattr(ctx, "blocking", None)
    crowded: set[str] | None = getattr(ctx, "crowded", None)
    if blocked is not None and crowded is not None:
        blocking: Container[str] = blocked
        standing: Callable[[str], bool] = lambda space: space not in crowded  # noqa: E731
    else:
        blocking = _Asked(_Memo(ctx.blocks).__getitem__)
        standing = _Memo(ctx.may_stand).__getitem__
    kept = _walk(board, start, moves, blocking, _Asked(lambda door: not door_open(door)))
    return {space: Route(list(path), list(doors))
            for space, (_n, path, doors) in kept.items() if standing(space)}


class _Asked:
    """A question about a space or a door as a container (``x in asked``), for ``_walk``."""

    __slots__ = ("ask",)

    def __init__(self, ask: Callable[[str], bool]) -> None:
        self.ask = ask

    def __contains__(self, name: object) -> bool:
        return self.ask(name)  # type: ignore[arg-type]


def _walk(board: Board, start: str, moves: int, blocking: Container[str],
          unfound: Container[str]) -> dict[str, Entry]:
    """Each space a move may end on (the start left out), with its route, in the order first
    reached, whoever stands there: ``routes`` keeps those the hero may stop on. ``blocking``:
    the spaces entering which ends a move; ``unfound``: the secret doors not open to the hero."""
    # Layer n holds, for each space, the best (secret doors tried, path, doors tried on it) over
    # paths of exactly n moves (the first found among the cheapest, from the layer before in id
    # order); a path with more secrets may still be the only one that fits the moves. An entry
    # no cheaper than one at fewer moves is dropped: anything walked on from it is walked sooner
    # from the other, so no chosen route goes through it, and the routes are those of the full
    # layers (a path never passes a space twice). So each kept entry is cheaper than any before
    # it for its space, and a space's route is its last kept entry. Where heroes stand changes
    # nothing here (they are passed), only where the move may end. The entries to be dropped
    # are never made: the first among the cheapest of a layer is the same with them or without.
    links = board.sorted_links()
    last: dict[str, Entry] = {start: (0, (), ())}
    # every space's cheapest entry so far, the start's among them (no route comes back to it);
    # the start is taken out at the end, so the others stay in the order first reached
    kept: dict[str, Entry] = {start: (0, (), ())}
    for step in range(1, moves + 1):
        layer: dict[str, Entry] = {}
        for here in sorted(last):
            if step > 1 and here in blocking:
                continue  # an encounter ends the move: nothing goes on from there
            tried, path, doors = last[here]
            # ``in`` and ``[]`` rather than ``.get``: no method call at every passage
            for there, _passage, secret in links[here]:
                if secret and secret in unfound:
                    cost = tried + 1
                    if there not in kept or cost < kept[there][0]:
                        if there not in layer or cost < layer[there][0]:
                            layer[there] = (cost, path + (there,), doors + (secret,))
                elif there not in kept or tried < kept[there][0]:
                    if there not in layer or tried < layer[there][0]:
                        layer[there] = (tried, path + (there,), doors)
        if not layer:
            break  # nothing cheaper further on
        kept.update(layer)
        last = layer
    del kept[start]
    return kept


def _open_walk(board: Board, start: str, moves: int, blocking: frozenset[str]) -> dict[str, Entry]:
    """``_walk`` when every door in reach is open to the hero (most searches): no route tries a
    door, so each space is kept at the first layer reaching it, from the first space of the
    layer before (in id order) that leads there; a plain breadth-first walk, in that order."""
    links = board.sorted_links()
    kept: dict[str, Entry] = {start: (0, (), ())}  # the spaces seen: the start taken out at the end
    last: list[tuple[str, Entry]] = [(start, (0, (), ()))]
    for step in range(1, moves + 1):
        layer: dict[str, Entry] = {}
        for here, (_n, path, _doors) in last:
            if step > 1 and here in blocking:
                continue  # an encounter ends the move: nothing goes on from there
            for there, _passage, _secret in links[here]:
                if there not in kept and there not in layer:
                    layer[there] = (0, path + (there,), ())
        if not layer:
            break
        kept.update(layer)
        last = sorted(layer.items())
    del kept[start]
    return kept


# One destination of a move as the engine offers it: the space, its ``Move`` (made once, shared
# by every list that offers it: actions are immutable) and the unfound secret doors it tries.
Offer = tuple[str, m.Move, Path]
_MOVE = operator.itemgetter(1)  # an offer's ``Move``
_SPACE0 = operator.itemgetter(0)  # an offer's destination


def _destination(move: m.Move) -> str:
    return move.path[-1]


class Walk:
    """What the route search found for one start, moves and set of blockers and unfound doors:
    every destination in the order the search reached it (``found``), by space id (``listed``,
    the legal actions' order) and those ``Move`` actions alone (``moves``). Thousands are kept
    (``Reach``), so each holds only its two tuples."""

    __slots__ = ("_found", "moves", "_taken")

    def __init__(self, found: tuple[Offer, ...]) -> None:
        self._found = found
        self.moves = tuple(map(_MOVE, sorted(found, key=_SPACE0)))
        self._taken: frozenset[str] = frozenset()  # destinations left out (``without``)

    @property
    def found(self) -> tuple[Offer, ...]:
        taken = self._taken
        if not taken:
            return self._found
        return tuple([offer for offer in self._found if offer[0] not in taken])

    @property
    def listed(self) -> tuple[Offer, ...]:
        return tuple(sorted(self.found))

    def without(self, taken: frozenset[str]) -> Walk:
        """This walk but for the destinations in ``taken`` (where another hero stands and this
        one may not stop; spaces that are no destination are passed over). Asked at most
        steps, with one to three spaces: each is looked for among the moves, which are in
        destination order, by bisection (no table of where every destination lies, made for a
        walk and kept with it), and the moves around them are sliced out, not filtered."""
        moves = self.moves
        cut = []
        for space in taken:
            i = bisect_left(moves, space, key=_destination)
            if i < len(moves) and moves[i].path[-1] == space:
                cut.append(i)
        if not cut:
            return self
        cut.sort()
        kept: list[m.Move] = []
        last = 0
        for i in cut:
            kept += moves[last:i]
            last = i + 1
        fewer = Walk.__new__(Walk)
        fewer._found = self._found
        fewer.moves = (*kept, *moves[last:])
        fewer._taken = self._taken | taken if self._taken else taken
        return fewer


NO_WALK = Walk(())  # no move left


class Reach:
    """The board a move of ``moves`` from ``start`` can feel, and the searches made from there.

    A search asks whether a space blocks only of the spaces it walks on from (``inner``: 1 to
    ``moves - 1`` spaces away, every passage counted) and whether a door is open only of the
    secret doors on the passages out of the start and those (``doors``). So its answer is fixed
    by the blockers among ``inner`` and the unfound doors among ``doors``: kept per such key
    (``walk``), it is found once a board, not once a list. Other heroes are passed, so where
    they stand is not in the key; it only takes their spaces out of the destinations."""

    __slots__ = ("board", "start", "moves", "inner", "inner_rooms", "doors", "door_set", "near",
                 "near_apart", "walks", "_older", "_kept")

    def __init__(self, board: Board, start: str, moves: int, kept: _BoardReaches) -> None:
        self.board = board
        self._kept = kept
        self.start = start
        self.moves = moves
        links = board.sorted_links()
        self.inner = _within(links, start, moves - 1)
        self.near = _within(links, start, moves)  # every space a move may end on
        # the rooms and chambers among them: the spaces of ``inner`` that may be uncleared
        self.inner_rooms = frozenset(space for space in self.inner
                                     if board.spaces[space].kind in ("room", "chamber"))
        self.doors = tuple(sorted({secret for space in (start, *self.inner)
                                   for _there, _passage, secret in links[space] if secret}))
        self.door_set = frozenset(self.doors)
        # the destinations another hero's pawn closes (all but the chambers and the hall)
        self.near_apart = self.near - board.shared
        # the searches kept since the board's last turnover, by ``walk``'s key (a caller at every
        # step looks its key up here before asking ``walk``), and those of the one before
        self.walks: dict[tuple[frozenset[str], frozenset[str]], Walk] = {}
        self._older: dict[tuple[frozenset[str], frozenset[str]], Walk] = {}

    def walk(self, blocking: frozenset[str], unfound: frozenset[str]) -> Walk:
        """The search's answer when the spaces of ``inner`` that block are ``blocking`` and the
        doors of ``doors`` not open to the hero are ``unfound``."""
        key = (blocking, unfound)
        known = self.walks.get(key)
        if known is None:
            known = self._older.pop(key, None) if self._older else None
            if known is None:
                known = self._search(blocking, unfound)
            self.walks[key] = known
            self._kept.counted()
        return known

    def turn_over(self) -> None:
        """The searches kept so far become the older ones (those found again are kept on); the
        older ones before them are dropped."""
        self._older = self.walks
        self.walks = {}

    def _search(self, blocking: frozenset[str], unfound: frozenset[str]) -> Walk:
        if unfound:
            kept = _walk(self.board, self.start, self.moves, blocking, unfound)
        else:
            kept = _open_walk(self.board, self.start, self.moves, blocking)
        offers = self._kept.offers
        found = []
        for space, (_n, path, doors) in kept.items():
            # keyed by the path alone when it tries no door (nine in ten): a tuple fewer to
            # make and hash (a path never equals a (path, doors) pair)
            key = (path, doors) if doors else path
            offer = offers.get(key)
            if offer is None:
                offer = offers[key] = (space, m.Move(path=path), doors)
            found.append(offer)
        return Walk(tuple(found))


def _within(links: dict[str, tuple[tuple[str, Passage, str], ...]], start: str,
            most: int) -> frozenset[str]:
    """The spaces 1 to ``most`` passages away from ``start`` (every passage counted)."""
    seen = {start}
    ring = [start]
    for _ in range(most):
        ring = [there for here in ring for there, _passage, _secret in links[here]
                if there not in seen and not seen.add(there)]  # type: ignore[func-returns-value]
    seen.discard(start)
    return frozenset(seen)


# A bound on the searches kept for one board (``Reach.walk``): when this many have been kept
# since the last turnover, the older ones are dropped and these become the older ones (a search
# asked again is carried over), so at most twice this many are held, the ones in use kept.
# Random four-hero games make ~400 new ones each at first, ~45 after fifty games; 12,000 with
# what they share held ~30 MiB. (6,000 a generation made twice as many new ones from the fiftieth
# game to the hundredth: the searches asked again are spread over more than 6,000.)
MAX_WALKS = 12_000


class _BoardReaches:
    """Every ``Reach`` made on one board, and how many searches they keep between them."""

    def __init__(self, board: Board) -> None:
        self.board = board  # held, so the id it is kept under stays its own
        self.reaches: dict[tuple[str, int], Reach] = {}
        self.walks = 0
        # One Offer a path (and the doors it tries: a door found since is not; the path alone
        # is the key of one that tries none), shared by every walk on the board (the path says
        # where it goes, whichever space it starts next to).
        self.offers: dict[Path | tuple[Path, Path], Offer] = {}
        # Walks over the whole board to a space, every passage open (``open_distances``).
        self.distances: dict[str, dict[str, int]] = {}

    def counted(self) -> None:
        self.walks += 1
        if self.walks > MAX_WALKS:
            self.walks = 0
            self.offers.clear()  # shared for memory only: a walk kept on holds its own
            self.distances.clear()
            for kept in self.reaches.values():
                kept.turn_over()


_BOARDS: dict[int, _BoardReaches] = {}


def _kept_on(board: Board) -> _BoardReaches:
    kept = _BOARDS.get(id(board))
    if kept is None or kept.board is not board:
        kept = _BOARDS[id(board)] = _BoardReaches(board)
    return kept


def reaches_of(board: Board) -> dict[tuple[str, int], Reach]:
    """Every ``Reach`` made so far on ``board``, by (start, moves): a game looks its own up
    here before asking ``reach`` to make one."""
    return _kept_on(board).reaches


def reach(board: Board, start: str, moves: int) -> Reach:
    """The ``Reach`` of ``moves`` from ``start`` on ``board``, made once a board (the board never
    changes: a loaded one is shared by every game)."""
    kept = _kept_on(board)
    found = kept.reaches.get((start, moves))
    if found is None:
        found = kept.reaches[(start, moves)] = Reach(board, start, moves, kept)
    return found


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
    to_goal = distances(board, goal, lambda passage: not _unfound(ctx, passage), exits)
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
    """Spaces entered from ``source`` to each space, every passage open (a hunter's walk):
    kept per board, as the board never changes (the caller must not change it)."""
    kept = _kept_on(board).distances
    found = kept.get(source)
    if found is None:
        found = kept[source] = distances(board, source)
    return found


def distances(board: Board, source: str,
              passable: Callable[[Passage], bool] | None = None,
              wanted: Collection[str] = ()) -> dict[str, int]:
    """Spaces entered from ``source`` to each space, through the passages ``passable`` lets by
    (every one when None); once every space of ``wanted`` (if any) is reached, the walk stops
    there (those, and the spaces as near, are then exact; farther ones may be missing)."""
    seen = {source: 0}
    queue = deque([source])
    left = set(wanted).difference(seen)
    while queue:
        here = queue.popleft()
        for there, passage in board.neighbours(here):
            if there not in seen and (passable is None or passable(passage)):
                seen[there] = seen[here] + 1
                queue.append(there)
                if left:
                    left.discard(there)
                    if not left:
                        return seen
    return seen
