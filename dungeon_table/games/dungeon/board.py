"""The Dungeon! board (``cards/dungeon/board.yaml``): one ASCII map that is both drawn and walked.

    board = load_board()
    board.spaces["3c"].level                 # 3
    board.neighbours("hall")                 # [("c30-15", Passage(...)), ...]
    board.cell(30, 20)                       # ("hall", "hall", 0)
    board.distance_from_hall("6a")           # fewest spaces entered, every door open

The file holds a ``map:`` (one character a cell), a ``levels:`` block of the same shape (each cell's
level digit) and a ``legend:`` naming the hall, every chamber and, if it likes, rooms:

- ``#`` rock, ``.`` corridor square, ``=`` stairs (a corridor square drawn as stairs), ``@`` the
  Great Hall, ``a``-``z`` room cells, ``A``-``Z`` chamber cells;
- ``+`` a door and ``*`` a secret door: each joins exactly the two spaces on its opposite sides
  (north-south or east-west).

A room or chamber is a 4-connected area of one letter; its id is its level and letter (``"3c"``).
Corridor squares are spaces of their own (``"c12-5"``) joined to their 4-neighbour corridor squares.
Nothing else joins: a room touching a corridor without a door is walled off from it.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import Literal

import msgspec

from dungeon_table.core.cards import CARDS_DIR, Text, decode_cards, line_index
from dungeon_table.core.errors import CardFileError, Problem

BOARD_FILE = CARDS_DIR / "dungeon" / "board.yaml"
HALL = "hall"

CellKind = Literal["rock", "corridor", "stairs", "door", "secret", "room", "chamber", "hall"]
_CELL_KINDS: dict[str, CellKind] = {
    "#": "rock", ".": "corridor", "=": "stairs", "+": "door", "*": "secret", "@": "hall",
}
Cells = dict[tuple[int, int], tuple[CellKind, str, int]]  # what each drawn cell shows
_SIDES = (((0, -1), (0, 1)), ((-1, 0), (1, 0)))  # north-south, then west-east
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Space(msgspec.Struct, frozen=True):
    id: str                     # "hall", "3c" (room), "3A" (chamber), "c12-5" (corridor square)
    kind: str                   # hall, room, chamber, corridor
    level: int                  # 0 the Great Hall; 1-6 (corridors: the level region they lie in)
    cells: tuple[tuple[int, int], ...]   # (x, y) grid cells, for drawing
    centre: tuple[float, float]          # in cell units (x + 0.5 ...), where standees/tokens go
    name: Text | None = None    # chambers and the hall carry names (en, ja); rooms may
    stairs: bool = False        # a corridor square drawn as stairs


class Passage(msgspec.Struct, frozen=True):
    a: str                      # space ids
    b: str
    kind: str                   # open (corridor to corridor), door, secret
    door: str = ""              # "s<x>-<y>" for a secret door ("d<x>-<y>" for a door); "" open
    cell: tuple[int, int] | None = None  # the door's cell


class LegendEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Text


class BoardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    map: str
    levels: str
    legend: dict[str, LegendEntry] = {}


class Board:
    """The spaces, the passages between them and what each cell shows."""

    def __init__(self, width: int, height: int, spaces: dict[str, Space],
                 passages: list[Passage], cells: Cells) -> None:
        self.width = width
        self.height = height
        self.spaces = spaces
        self.hall = HALL
        self.passages = passages
        self.secret_doors = {p.door: p for p in passages if p.kind == "secret"}
        self._cells = cells
        self._links: dict[str, list[tuple[str, Passage]]] = {s: [] for s in spaces}
        for p in passages:
            self._links[p.a].append((p.b, p))
            self._links[p.b].append((p.a, p))
        self._from_hall = _distances(self._links, HALL)
        # For the route search: each space's neighbours in id order (a stable sort, so two
        # passages to one space keep the file's order), each with its secret door ("": none).
        self._sorted_links = {
            space: tuple((there, p, p.door if p.kind == "secret" else "")
                         for there, p in sorted(links, key=lambda n: n[0]))
            for space, links in self._links.items()}
        self.shared = frozenset(s.id for s in spaces.values() if s.kind in ("chamber", "hall"))
        self._kinds: dict[tuple[str, int | None], tuple[str, ...]] = {}
        # (from, to) -> the secret door between them: the first such passage, as ``neighbours``
        # lists them (a move asks at every step)
        self.secret_door_on: dict[tuple[str, str], str] = {}
        for space, links in self._links.items():
            for there, p in links:
                if p.kind == "secret":
                    self.secret_door_on.setdefault((space, there), p.door)
        # each space's neighbours as a set: "is any of them among these?" in C
        self.next_to = {space: frozenset(there for there, _p in links)
                        for space, links in self._links.items()}
        # the spaces a secret door opens from: a walk touching none of them crosses none
        self.by_secret_doors = frozenset(space for space, _there in self.secret_door_on)

    def __eq__(self, other: object) -> bool:
        """A board compares by value (a deep copy is the same board)."""
        return type(other) is Board and _compared(self) == _compared(other)

    __hash__ = None  # type: ignore[assignment]

    # made as asked, so not part of what a board is
    _CACHES = frozenset({"_kinds"})

    def neighbours(self, space: str) -> list[tuple[str, Passage]]:
        """Every space one passage away, with that passage (doors and secret doors included)."""
        return self._links[space]

    def sorted_links(self) -> dict[str, tuple[tuple[str, Passage, str], ...]]:
        """Each space's ``(neighbour, passage, secret door or "")`` in neighbour id order."""
        return self._sorted_links

    def secret_door_between(self, a: str, b: str) -> str:
        """The secret door on a passage from ``a`` to ``b``; "" when none is."""
        return self.secret_door_on.get((a, b), "")

    def rooms(self, level: int | None = None) -> list[str]:
        return self._ids("room", level)

    def chambers(self, level: int | None = None) -> list[str]:
        return self._ids("chamber", level)

    def _ids(self, kind: str, level: int | None) -> list[str]:
        known = self._kinds.get((kind, level))
        if known is None:  # the board never changes: each list is sorted once
            known = self._kinds[(kind, level)] = tuple(sorted(
                s.id for s in self.spaces.values()
                if s.kind == kind and (level is None or s.level == level)))
        return list(known)

    def cell(self, x: int, y: int) -> tuple[CellKind, str, int]:
        """What the cell shows: its kind, its space ("" for rock and doors) and its level."""
        return self._cells.get((x, y), ("rock", "", 0))

    def distance_from_hall(self, space: str) -> int:
        """The fewest spaces entered to get from the Great Hall to ``space``, every door open."""
        return self._from_hall[space]

    def unreachable(self) -> list[str]:
        """Spaces no way leads to from the Great Hall, every door open (the loader refuses a
        board with any: a room whose doors are all walled up could never be entered)."""
        return sorted(s for s in self.spaces if s not in self._from_hall)


def _compared(board: Board) -> dict[str, object]:
    return {k: v for k, v in vars(board).items() if k not in Board._CACHES}


def _distances(links: dict[str, list[tuple[str, Passage]]], start: str) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, _ in links[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


# --- parsing -------------------------------------------------------------------------------------


class _Parser:
    """Builds a ``Board`` from a decoded file, collecting every problem with its line."""

    def __init__(self, content: BoardFile, name: str, text: str) -> None:
        self.name = name
        self.content = content
        self.lines = line_index(text)
        self.problems: list[Problem] = []
        self.grid = content.map.splitlines()
        self.level_rows = content.levels.splitlines()

    def problem(self, field: str, row: int | None, message: str) -> None:
        """``row`` counts from the block's first line (the line after ``map: |``); without one
        the problem is the field's own line."""
        key_line = self.lines.get((field,))
        line = key_line if key_line is None or row is None else key_line + 1 + row
        self.problems.append(Problem(self.name, line, f"$.{field}", message))

    def parse(self) -> Board:
        self._check_shape()
        if self.problems:
            raise CardFileError(self.problems)
        cells: Cells = {}
        spaces = self._areas(cells) | self._corridors(cells)
        passages = self._doors(cells) + self._open_passages(spaces)
        spaces = self._named(spaces)
        if self.problems:
            raise CardFileError(self.problems)
        board = Board(len(self.grid[0]), len(self.grid), spaces, passages, cells)
        self._check_reachable(board)
        if self.problems:
            raise CardFileError(self.problems)
        return board

    def _check_reachable(self, board: Board) -> None:
        """Every space can be reached from the Great Hall (secret doors count: they can be
        found). An unreachable corridor is named once, by its first square."""
        reported: set[str] = set()
        for space_id in board.unreachable():
            if space_id in reported:
                continue
            space = board.spaces[space_id]
            x, y = space.cells[0]
            if space.kind == "corridor":
                reported |= _distances(board._links, space_id).keys()
                what = f"the corridor at x={x}"
            else:
                what = f"{space.kind} {space_id} at x={x}"
            self.problem("map", y, f"{what} cannot be reached from the Great Hall "
                         "(no door or corridor leads to it)")

    def _check_shape(self) -> None:
        if not self.grid:
            self.problem("map", None, "the map is empty")
            return
        width = len(self.grid[0])
        for row, text in enumerate(self.grid):
            if len(text) != width:
                self.problem("map", row, f"row {row} is {len(text)} cells wide, not {width}")
            for x, ch in enumerate(text):
                if not (ch in _CELL_KINDS or ch.isascii() and ch.isalpha()):
                    self.problem("map", row, f"unknown character {ch!r} at x={x}")
        if len(self.level_rows) != len(self.grid):
            self.problem("levels", None, f"{len(self.level_rows)} rows, the map has "
                         f"{len(self.grid)}")
        for row, text in enumerate(self.level_rows):
            if len(text) != width:
                self.problem("levels", row, f"row {row} is {len(text)} cells wide, not {width}")
            for x, ch in enumerate(text):
                if ch not in "0123456":
                    self.problem("levels", row, f"level {ch!r} at x={x} is not 0-6")

    def level(self, x: int, y: int) -> int:
        return int(self.level_rows[y][x])

    def char(self, x: int, y: int) -> str:
        if 0 <= y < len(self.grid) and 0 <= x < len(self.grid[y]):
            return self.grid[y][x]
        return "#"

    def _areas(self, cells: Cells) -> dict[str, Space]:
        """Rooms, chambers and the hall: 4-connected areas of one character."""
        spaces: dict[str, Space] = {}
        seen: set[tuple[int, int]] = set()
        for y, text in enumerate(self.grid):
            for x, ch in enumerate(text):
                if (x, y) in seen or not (ch == "@" or ch.isalpha()):
                    continue
                area = self._flood(x, y, ch)
                seen.update(area)
                space = self._area_space(ch, area, y)
                if space is None:
                    continue
                if space.id in spaces:
                    twice = (f"letter {ch!r} is used twice on level {space.level} (at x={x})"
                             if ch != "@" else "the Great Hall is in two pieces")
                    self.problem("map", y, twice)
                    continue
                spaces[space.id] = space
                kind: CellKind = "hall" if ch == "@" else space.kind  # type: ignore[assignment]
                for cx, cy in area:
                    cells[(cx, cy)] = (kind, space.id, space.level)
        return spaces

    def _flood(self, x: int, y: int, ch: str) -> list[tuple[int, int]]:
        area = [(x, y)]
        seen = {(x, y)}
        for cx, cy in area:
            for dx, dy in _STEPS:
                nxt = (cx + dx, cy + dy)
                if nxt not in seen and self.char(*nxt) == ch:
                    seen.add(nxt)
                    area.append(nxt)
        return sorted(area, key=lambda c: (c[1], c[0]))

    def _area_space(self, ch: str, area: list[tuple[int, int]], row: int) -> Space | None:
        """The space of one area, or None (and a problem) when its cells disagree on a level."""
        level = self.level(*area[0])
        odd = [(x, y) for x, y in area if self.level(x, y) != level]
        if odd:
            x, y = odd[0]
            levels = sorted({level, *(self.level(*cell) for cell in odd)})
            self.problem("levels", y, f"the area of {ch!r} spans levels {levels} (x={x} has "
                         f"{self.level(x, y)})")
            return None
        if ch == "@":
            if level != 0:
                self.problem("levels", area[0][1], f"the Great Hall at x={area[0][0]} has level "
                             f"{level}, not 0")
            return Space(HALL, "hall", 0, tuple(area), _centre(area))
        if level == 0:
            self.problem("levels", row, f"room {ch!r} at x={area[0][0]} has level 0 "
                         "(only the Great Hall has)")
            return None
        kind = "chamber" if ch.isupper() else "room"
        return Space(f"{level}{ch}", kind, level, tuple(area), _centre(area))

    def _corridors(self, cells: Cells) -> dict[str, Space]:
        spaces: dict[str, Space] = {}
        for y, text in enumerate(self.grid):
            for x, ch in enumerate(text):
                if ch in ".=":
                    if self.level(x, y) == 0:
                        self.problem("levels", y, f"the corridor square at x={x} has level 0 "
                                     "(a corridor lies in a level, 1-6)")
                    space = Space(f"c{x}-{y}", "corridor", self.level(x, y), ((x, y),),
                                  (x + 0.5, y + 0.5), stairs=ch == "=")
                    spaces[space.id] = space
                    cells[(x, y)] = ("stairs" if ch == "=" else "corridor", space.id, space.level)
        return spaces

    def _doors(self, cells: Cells) -> list[Passage]:
        passages = []
        for y, text in enumerate(self.grid):
            for x, ch in enumerate(text):
                if ch in "+*":
                    kind: CellKind = "door" if ch == "+" else "secret"
                    cells[(x, y)] = (kind, "", self.level(x, y))
                    passage = self._door(cells, x, y, kind)
                    if passage is not None:
                        passages.append(passage)
        return passages

    def _door(self, cells: Cells, x: int, y: int, kind: CellKind) -> Passage | None:
        """A door joins the two spaces on its opposite sides, on exactly one axis."""
        joins = [pair for pair in (self._side_spaces(cells, x, y, axis) for axis in _SIDES)
                 if pair is not None]
        what = "door" if kind == "door" else "secret door"
        if len(joins) != 1:
            self.problem("map", y, f"the {what} at x={x} must have a space on exactly two "
                         f"opposite sides (it has {len(joins)} such pairs)")
            return None
        a, b = joins[0]
        if a == b:
            self.problem("map", y, f"the {what} at x={x} joins {a} to itself")
            return None
        prefix = "d" if kind == "door" else "s"
        return Passage(a, b, kind, f"{prefix}{x}-{y}", (x, y))

    def _side_spaces(self, cells: Cells, x: int, y: int,
                     axis: tuple[tuple[int, int], tuple[int, int]]) -> tuple[str, str] | None:
        ends = []
        for dx, dy in axis:
            _kind, space, _level = cells.get((x + dx, y + dy), ("rock", "", 0))
            ends.append(space)
        return (ends[0], ends[1]) if all(ends) else None

    def _open_passages(self, spaces: dict[str, Space]) -> list[Passage]:
        passages = []
        for space in spaces.values():
            if space.kind != "corridor":
                continue
            x, y = space.cells[0]
            for dx, dy in ((1, 0), (0, 1)):  # each pair once: east and south
                other = f"c{x + dx}-{y + dy}"
                if other in spaces:
                    passages.append(Passage(space.id, other, "open"))
        return passages

    def _named(self, spaces: dict[str, Space]) -> dict[str, Space]:
        for key, entry in self.content.legend.items():
            if key not in spaces or spaces[key].kind == "corridor":
                self.problems.append(Problem(self.name, self.lines.get(("legend", key)),
                                             f"$.legend.{key}", f"no room, chamber or hall {key!r}"
                                             " on the map"))
                continue
            spaces[key] = msgspec.structs.replace(spaces[key], name=entry.name)
        for space in spaces.values():
            if space.kind in ("chamber", "hall") and space.name is None:
                x, y = space.cells[0]
                self.problem("legend", None, f"{space.kind} {space.id} (map row {y}, x={x}) "
                             "has no name")
        if HALL not in spaces:
            self.problem("map", None, "the map has no Great Hall ('@')")
        return spaces


def _centre(area: list[tuple[int, int]]) -> tuple[float, float]:
    return (sum(x for x, _ in area) / len(area) + 0.5, sum(y for _, y in area) / len(area) + 0.5)


def parse_board(text: str, name: str = "board.yaml") -> Board:
    """A board from the file's text (``CardFileError`` naming file, line and what is wrong)."""
    content = decode_cards(text, name, BoardFile)
    return _Parser(content, name, text).parse()


@lru_cache(maxsize=4)
def load_board(path: Path = BOARD_FILE) -> Board:
    """The board file, parsed and checked once."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise CardFileError([Problem(str(path), None, "", f"cannot read: {err.strerror}")]) from None
    return parse_board(text, str(path))


