"""Where everything goes on the Dungeon Market table, for a board rect and a table shape.

The other seats sit along the top in turn order after the viewer; the middle band holds the job
row (Professional), the discovery area and the deposit with the deck and discard; the viewer's
own seat runs along the bottom with the controls panel at its right. A seat panel has a header
(colour, name, what the seat is doing), a row with life track, purse, EXP and points, then its
equipment in five colour columns and a gem column, and its jobs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui.faces import MarketLooks
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.renderer import Shown, Target

Rect = pygame.Rect
COLOURS = ("red", "blue", "yellow", "green", "purple")
GEM_COLUMN = "gem"


@dataclass
class SeatGeo:
    """The parts of one seat's panel."""

    panel: Rect
    header: Rect
    track: Rect        # life number and bar
    purse: Rect        # coins, EXP, points
    columns: dict[str, Rect]  # equipment columns by colour, and the gem column
    jobs: Rect         # held jobs (Professional); empty otherwise
    token_w: int
    big: bool


@dataclass
class TableGeo:
    """The table for one shape (players, Professional), derived from the board."""

    board: Rect
    th: theme.Theme
    seats: dict[int, SeatGeo]
    controls: Rect
    jobs: Rect | None
    discovery: Rect
    area: Rect        # where the discovery cards lie, under the discovery header
    piles: Rect
    deposit: Rect
    deck: Rect
    discard: Rect
    cw: int           # discovery card width


def table_geo(board: Rect, th: theme.Theme, n_players: int, bottom: int,
              professional: bool) -> TableGeo:
    b = Rect(board)
    mg = th.px(1.5)
    top_h = round(b.h * (0.27 if professional else 0.25))
    bot_h = round(b.h * (0.31 if professional else 0.29))
    mid_h = b.h - top_h - bot_h - 4 * mg
    others = tabletop.seats_around(n_players, bottom)
    seats: dict[int, SeatGeo] = {}
    each = min((b.w - (len(others) + 1) * mg) // max(1, len(others)), round(b.w * 0.5))
    x = b.x + mg + (b.w - 2 * mg - len(others) * each - (len(others) - 1) * mg) // 2
    for seat in others:
        seats[seat] = seat_geo(Rect(x, b.y + mg, each, top_h), th, False, professional)
        x += each + mg
    controls_w = max(th.px(34), round(b.w * 0.3))
    bottom_y = b.bottom - mg - bot_h
    seats[bottom] = seat_geo(Rect(b.x + mg, bottom_y, b.w - 3 * mg - controls_w, bot_h), th,
                             True, professional)
    controls = Rect(b.right - mg - controls_w, bottom_y, controls_w, bot_h)
    mid_y = b.y + 2 * mg + top_h
    piles_w = max(th.px(24), round(b.w * 0.17))
    piles = Rect(b.right - mg - piles_w, mid_y, piles_w, mid_h)
    jobs = None
    left = b.x + mg
    if professional:
        jobs_w = max(th.px(26), round(b.w * 0.2))
        jobs = Rect(left, mid_y, jobs_w, mid_h)
        left = jobs.right + mg
    discovery = Rect(left, mid_y, piles.x - mg - left, mid_h)
    head = fonts.line_height("body", th.scale) + th.px(2)
    chip = fonts.line_height("body", th.scale) + th.px(1.5)
    area = Rect(discovery.x + th.px(1.5), discovery.y + head,
                discovery.w - th.px(3), discovery.h - head - chip - th.px(1))
    cw = min(round(area.h / cf.RATIO), round(area.w / 5.4))
    pile_w = min(round(cw * 0.8), (piles.w - th.px(4)) // 2)
    deposit, deck, discard = _piles(piles, th, pile_w)
    return TableGeo(b, th, seats, controls, jobs, discovery, area, piles, deposit, deck, discard,
                    cw)


def _piles(piles: Rect, th: theme.Theme, pile_w: int) -> tuple[Rect, Rect, Rect]:
    """The deposit across the top of the piles panel; the deck and the discard below it."""
    inner = piles.inflate(-2 * th.px(1.5), -2 * th.px(1.5))
    pile_h = round(pile_w * cf.RATIO)
    label = fonts.line_height("small", th.scale) + th.px(1)
    # a caption above the piles and a line under the deck ("ghosts in")
    deposit = Rect(inner.x, inner.y, inner.w, inner.h - pile_h - 2 * label - th.px(1))
    y = inner.bottom - pile_h - label
    gap = inner.w - 2 * pile_w
    deck = Rect(inner.x + gap // 3, y, pile_w, pile_h)
    discard = Rect(inner.right - gap // 3 - pile_w, y, pile_w, pile_h)
    return deposit, deck, discard


def seat_geo(panel: Rect, th: theme.Theme, big: bool, professional: bool) -> SeatGeo:
    pad = th.px(1.25)
    inner = panel.inflate(-2 * pad, -2 * pad)
    head_h = fonts.line_height("body", th.scale) + th.px(0.5)
    header = Rect(inner.x, inner.y, inner.w, head_h)
    row_h = fonts.line_height("number" if big else "heading", th.scale * (0.8 if big else 0.6))
    row_y = header.bottom + th.px(0.5)
    track_w = round(inner.w * (0.42 if big else 0.5))
    track = Rect(inner.x, row_y, track_w, row_h)
    purse = Rect(track.right + th.px(1.5), row_y, inner.right - track.right - th.px(1.5), row_h)
    below = Rect(inner.x, track.bottom + th.px(1), inner.w, inner.bottom - track.bottom - th.px(1))
    jobs = Rect(below.right, below.y, 0, below.h)
    if professional:
        if big:
            jobs_w = round(below.w * 0.34)
            jobs = Rect(below.right - jobs_w, below.y, jobs_w, below.h)
            below.w -= jobs_w + th.px(1)
        else:
            jobs_h = round(below.h * 0.3)
            jobs = Rect(below.x, below.bottom - jobs_h, below.w, jobs_h)
            below.h -= jobs_h + th.px(0.5)
    names = (*COLOURS, GEM_COLUMN)
    gap = th.px(0.5)
    col_w = (below.w - gap * (len(names) - 1)) // len(names)
    # a used token lies sideways: the column is as wide as a token is tall
    token_w = max(8, min(round(col_w / cf.RATIO), round(below.h * 0.55 / cf.RATIO)))
    columns = {name: Rect(below.x + k * (col_w + gap), below.y, col_w, below.h)
               for k, name in enumerate(names)}
    return SeatGeo(panel, header, track, purse, columns, jobs, token_w, big)


def column_rects(column: Rect, sizes: list[tuple[int, int]], th: theme.Theme) -> list[Rect]:
    """Tokens hung down a column from a small glyph head, each showing its top part."""
    top = column.y + th.px(1.5)
    room = column.bottom - top
    n = len(sizes)
    if n == 0:
        return []
    tallest = max(h for _w, h in sizes)
    step = min(round(tallest * 0.62), (room - sizes[-1][1]) // max(1, n - 1)) if n > 1 else 0
    step = max(3, step)
    out = []
    y = top
    for w, h in sizes:
        out.append(Rect(column.centerx - w // 2, y, w, h))
        y += min(step, h + th.px(0.25))
    return out


def row_rects(area: Rect, n: int, w: int, gap: int) -> list[Rect]:
    """``n`` cards of width ``w`` centred across ``area``, overlapping when they must."""
    if n == 0:
        return []
    h = round(w * cf.RATIO)
    step = min(w + gap, (area.w - w) // max(1, n - 1)) if n > 1 else 0
    x = area.centerx - (w + step * (n - 1)) // 2
    y = area.y + (area.h - h) // 2
    return [Rect(x + i * step, y, w, h) for i in range(n)]


class MarketTable(Protocol):
    """The renderer as its drawing (``draw.py``, ``controls.py``) and animations (``anim.py``,
    ``anim_events.py``) read it: a protocol, so none imports ``table.py``, which imports them."""

    th: theme.Theme
    looks: MarketLooks
    shown: Shown[tuple[str, str, int | None]]
    figures: list[pygame.Rect]
    cache: dict[tuple[object, ...], pygame.Surface]
    picked: str | None
    refused: list[Action]  # the buttons the rules refuse now: drawn disabled
    price_slot: int | None
    bid_draft: int
    typed: str
    before_values: dict[str, int]
    upright: dict[str, frozenset[str]]

    def geo(self, view: m.MarketView) -> TableGeo: ...
    def bottom(self, view: m.MarketView) -> int: ...
    def shows(self, action: Action, legal: list[Action]) -> bool: ...
    def button_targets(self, rects: Iterable[Rect], buttons: Iterable[tuple[Action, str, bool]],
                       legal: list[Action]) -> list[Target]: ...
    def slot_rects(self, view: m.MarketView, n: int | None = None) -> list[Rect]: ...
    def slot_rect(self, view: m.MarketView, index: int, n: int | None = None) -> Rect: ...
    def stepper_rects(self, view: m.MarketView, index: int) -> tuple[Rect, ...]: ...
    def job_rects(self, view: m.MarketView) -> list[Rect]: ...
    def auction_rect(self, view: m.MarketView) -> Rect: ...
    def held_job_rects(self, view: m.MarketView, seat: int) -> list[Rect]: ...
    def token_spots(self, view: m.MarketView, seat: int,
                    upright: frozenset[str] = frozenset()) -> list[tuple[Rect, m.Held]]: ...
    def bid_state(self, view: m.MarketView, legal: list[Action]) -> list[int]: ...
