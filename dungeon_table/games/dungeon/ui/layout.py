"""Where the Dungeon! table's parts lie, and the camera over the board.

The board fills the left of the renderer's area above the slots rail (the numbered slots, their
monster cards and the treasures dropped under them); the right column holds one panel per hero,
then what the hero to move decides (the encounter, the doorway, a choice) with its buttons.

The camera maps board cells to the screen: ``cell`` pixels a cell, the board's top left at
``origin``. "Fit" shows the whole board, high in the viewport (the level key and the mode's line
in the two cells above it, the zoom buttons on the felt below); zoom (up to 5x of fit and 48 px
a cell) keeps the point under the pointer still; a zoomed board always covers the viewport,
however it is panned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from dungeon_table.games.dungeon.board import load_board
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.renderer import Shown

MAX_ZOOM = 5.0
MAX_CELL = 48  # px: room ids and names read well long before; a bigger board costs memory
ZOOM_STEP = 1.25
KEY_ROWS = 2  # cells above the board at "fit": the level key and the mode's line
MAX_RAIL_CARD = 20  # grid units: a slot's card is at most this wide


def board_or_none() -> Any:
    """The board, or None while its content is missing or broken (the table still shows the
    heroes' panels rather than failing to open)."""
    try:
        return load_board()
    except Exception:  # noqa: BLE001 - a board file being edited must not close the table
        return None


@dataclass
class Camera:
    """Board cells to screen pixels; ``zoom`` 1 is "fit"."""

    viewport: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 1, 1))
    board_size: tuple[int, int] = (1, 1)  # cells
    zoom: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def fit_cell(self) -> float:
        """The cell size at "fit": the whole board and, above it, the level key's rows."""
        w, h = self.board_size
        return max(1.0, min(self.viewport.w / w, self.viewport.h / (h + KEY_ROWS)))

    @property
    def cell(self) -> int:
        """Pixels per cell, whole (the cached board surface is cell-exact) and rounded down, so
        "fit" never spills over the viewport."""
        return max(2, int(self.fit_cell * self.zoom))

    def fit(self) -> None:
        self.zoom = 1.0
        w, h = self.board_size
        c = self.cell
        self.origin = (self.viewport.x + (self.viewport.w - c * w) / 2,
                       self.viewport.y + min(self.viewport.h - c * h, c * KEY_ROWS))

    def reset(self, viewport: pygame.Rect, board_size: tuple[int, int]) -> None:
        self.viewport = pygame.Rect(viewport)
        self.board_size = board_size
        self.fit()

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        c = self.cell
        return (round(self.origin[0] + x * c), round(self.origin[1] + y * c))

    def to_board(self, pos: tuple[int, int]) -> tuple[float, float]:
        c = self.cell
        return ((pos[0] - self.origin[0]) / c, (pos[1] - self.origin[1]) / c)

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        c = self.cell
        sx, sy = self.to_screen(x, y)
        return pygame.Rect(sx, sy, c, c)

    def box_rect(self, box: tuple[int, int, int, int]) -> pygame.Rect:
        """The screen rect of a box of cells (left, top, right, bottom; right and bottom
        exclusive)."""
        left, top = self.to_screen(box[0], box[1])
        right, bottom = self.to_screen(box[2], box[3])
        return pygame.Rect(left, top, right - left, bottom - top)


    def zoom_at(self, factor: float, pos: tuple[int, int]) -> bool:
        """Zoom by ``factor`` keeping the board point under ``pos`` still; False if at a limit."""
        most = max(1.0, min(MAX_ZOOM, MAX_CELL / self.fit_cell))
        new = min(most, max(1.0, self.zoom * factor))
        if abs(new - self.zoom) < 1e-6:
            return False
        bx, by = self.to_board(pos)
        self.zoom = new
        if new == 1.0:
            self.fit()
            return True
        c = self.cell
        self.origin = (pos[0] - bx * c, pos[1] - by * c)
        self.clamp()
        return True

    def centre_on(self, x: float, y: float) -> None:
        """Bring board point (x, y) to the viewport's centre, as far as the edges allow."""
        c = self.cell
        self.origin = (self.viewport.centerx - x * c, self.viewport.centery - y * c)
        self.clamp()

    def bring_into_sight(self, points: list[tuple[float, float]], margin: int) -> bool:
        """A zoomed board moves so ``points`` (board cells: where a move runs, where dice are
        rolled) lie inside the viewport less ``margin``: centred on all of them when they fit
        together, else on the last (where the action ends). Nothing moves at "fit", or when they
        are all in sight already (a player who panned there keeps the view). True if it moved."""
        if self.zoom <= 1.0 or not points:
            return False
        inner = self.viewport.inflate(-2 * margin, -2 * margin)
        if all(inner.collidepoint(self.to_screen(x, y)) for x, y in points):
            return False
        xs, ys = [x for x, _ in points], [y for _, y in points]
        c = self.cell
        together = (max(xs) - min(xs)) * c <= inner.w and (max(ys) - min(ys)) * c <= inner.h
        before = self.origin
        if together:
            self.centre_on((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        else:
            self.centre_on(*points[-1])
        return self.origin != before

    def pan(self, dx: float, dy: float) -> bool:
        before = self.origin
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self.clamp()
        return self.origin != before

    def clamp(self) -> None:
        """Keep the board covering the viewport (a zoomed board) or inside it (at fit), so the
        board can never be panned out of sight."""
        c = self.cell
        w, h = self.board_size[0] * c, self.board_size[1] * c
        v = self.viewport
        x, y = self.origin
        x = _clamp_axis(x, w, v.x, v.w)
        y = _clamp_axis(y, h, v.y, v.h)
        self.origin = (x, y)

    def board_rect(self) -> pygame.Rect:
        c = self.cell
        return pygame.Rect(round(self.origin[0]), round(self.origin[1]),
                           self.board_size[0] * c, self.board_size[1] * c)


def cell_box(cells: tuple[tuple[int, int], ...]) -> tuple[int, int, int, int]:
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


def _clamp_axis(pos: float, size: float, start: int, length: int) -> float:
    if size <= length:  # smaller than the viewport: stays wholly inside it
        return min(max(pos, start), start + length - size)
    return min(max(pos, start + length - size), start)  # larger: it covers the viewport


@dataclass
class TableGeo:
    area: pygame.Rect
    viewport: pygame.Rect       # the board's window
    rail: pygame.Rect           # the numbered slots
    side: pygame.Rect           # the heroes' panels and the decision panel
    card_w: int                 # a slot's card width
    zoom_buttons: list[pygame.Rect]  # +, -, fit

    @property
    def card_h(self) -> int:
        return round(self.card_w * cf.RATIO)


def table_geo(area: pygame.Rect, th: theme.Theme,
              board_size: tuple[int, int] = (4, 3)) -> TableGeo:
    """The side column at the right; at the left the board's window, just tall enough for the
    whole board at "fit" (its whole-pixel cell size), the level key above it and the zoom
    buttons below, and the slots rail under it, which takes all the height left over (its cards
    grow, within limits, rather than felt lying empty under the board)."""
    gap = th.px(1.5)
    side_w = max(th.px(38), round(area.w * 0.3))
    side = pygame.Rect(area.right - side_w - gap, area.y + gap, side_w, area.h - 2 * gap)
    left = pygame.Rect(area.x + gap, area.y + gap, side.x - area.x - 2 * gap, area.h - 2 * gap)
    label = fonts.line_height("small", th.scale)
    size, button_gap = th.px(4), th.px(0.5)
    buttons = size + 2 * button_gap

    def rail_height(card_w: int) -> int:
        return round(card_w * cf.RATIO) + 2 * label + th.px(1.5)

    w, h = board_size
    room = left.h - rail_height(th.px(6)) - gap - buttons
    cell = max(2, int(min(left.w / max(1, w), room / (h + KEY_ROWS))))
    spare = left.h - cell * (h + KEY_ROWS) - buttons - gap
    card_w = max(th.px(6), min(th.px(MAX_RAIL_CARD), round(
        (spare - 2 * label - th.px(1.5)) / cf.RATIO)))
    rail_h = rail_height(card_w)
    viewport = pygame.Rect(left.x, left.y, left.w, left.h - rail_h - gap)
    rail = pygame.Rect(left.x, viewport.bottom + gap, left.w, rail_h)
    fit = pygame.Rect(viewport.right - 2 * size - button_gap, viewport.bottom - size - button_gap,
                      2 * size, size)
    minus = pygame.Rect(fit.x - size - button_gap, fit.y, size, size)
    plus = pygame.Rect(minus.x - size - button_gap, fit.y, size, size)
    return TableGeo(area, viewport, rail, side, card_w, [plus, minus, fit])


@dataclass
class DungeonShown(Shown[str]):
    """The cards drawn last, for hover previews; and (rect, text) for the marks a newcomer may
    not read at once (the level key, defeat tokens, the gp figure)."""

    tips: list[tuple[pygame.Rect, str]] = field(default_factory=list)

    def clear(self) -> None:
        super().clear()
        self.tips.clear()


class DungeonTable(Protocol):
    """The renderer as its board, pieces, panels and animations read it: a protocol, so none of
    them imports ``table.py``, which imports them. ``board`` is the board's content (None while
    its file is missing or broken)."""

    th: theme.Theme
    geo: TableGeo
    camera: Camera
    board: Any
    shown: DungeonShown
    figures: list[pygame.Rect]  # what the player reads to decide (``TableRenderer.figures``)
    scrying: bool
    refused: list[Any]  # the buttons the rules refuse now (actions): drawn disabled

    def with_refused(self, legal: list[Any]) -> list[Any]: ...

    def space_level(self, space: str) -> int: ...
    def space_box(self, space: str) -> tuple[int, int, int, int] | None: ...
    def space_screen(self, space: str) -> pygame.Rect | None: ...
    def wash(self, colour: tuple[int, int, int, int],
             size: tuple[int, int] | None = None) -> pygame.Surface: ...
    def toggle_scry(self) -> None: ...
