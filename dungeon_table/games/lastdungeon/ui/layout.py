"""Where the Last Dungeon table's parts lie (``Geo``, computed by the renderer for its area), and
the renderer as its drawing and animations see it (``LastDungeonTable``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import LastDungeonCards
from dungeon_table.games.lastdungeon.ui.faces import CardLooks
from dungeon_table.ui import theme
from dungeon_table.ui.renderer import Shown


@dataclass
class Geo:
    """Where everything goes for the current board rect."""

    board: pygame.Rect
    th: theme.Theme
    cw: int
    ch: int
    colw: int
    x0: int
    top: pygame.Rect
    row_a: int
    mat_y: int
    mat_h: int
    card_y: int
    hand: pygame.Rect
    draw: pygame.Rect
    discard: pygame.Rect
    side: pygame.Rect
    deck: pygame.Rect
    crystals: pygame.Rect
    meter: pygame.Rect
    buttons: pygame.Rect
    hand_cw: int

    def col_x(self, i: int) -> int:
        return self.x0 + round(self.colw * (i + 0.5))


class LastDungeonTable(Protocol):
    """The renderer as its drawing (``draw.py``) and animations (``anim.py``) read it: a
    protocol, so neither imports ``table.py``, which imports them."""

    cards: LastDungeonCards
    looks: CardLooks
    geo: Geo | None
    shown: Shown[tuple[str, str]]
    figures: list[pygame.Rect]
    picked: str | None
    refused: list[Action]  # the buttons the rules refuse now: drawn disabled

    def space_rect(self, i: int) -> pygame.Rect: ...
    def mat_rect(self, i: int) -> pygame.Rect: ...
    def adventurer_rect(self, position: int) -> pygame.Rect: ...
    def hand_rects(self, n: int, lifted: set[int] | None = None) -> list[pygame.Rect]: ...
    def crystal_rects(self, n: int) -> list[pygame.Rect]: ...
    def button_rects(self, n: int) -> list[pygame.Rect]: ...
    def buttons(self, legal: list[Action]) -> list[tuple[Action, str, bool]]: ...
    def lifted(self, view: m.LastDungeonView) -> set[int]: ...
