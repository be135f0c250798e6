"""The Dungeon! table: the board with its spaces and the heroes standing on them.

Everything shown comes from ``DungeonView`` and the legal actions; the board's geometry comes from
the board content (``board.py``).
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.anim import Tween
from dungeon_table.ui.renderer import Target, UiState

LEVEL_COLOURS: dict[int, theme.Colour] = {
    0: (150, 140, 120), 1: (214, 178, 72), 2: (74, 150, 84), 3: (214, 124, 52),
    4: (128, 86, 170), 5: (190, 64, 56), 6: (58, 108, 190),
}
HERO_COLOURS: dict[str, theme.Colour] = {
    "rogue": (66, 152, 86), "cleric": (58, 114, 198), "fighter": (196, 66, 56),
    "wizard": (136, 86, 178),
}
ROCK: theme.Colour = (30, 30, 32)
CORRIDOR: theme.Colour = (120, 112, 100)


def make_renderer(app: Any, game_id: str) -> DungeonRenderer:
    return DungeonRenderer(app)


def _board() -> Any:
    """The board, or None while its content is missing (the table still shows the heroes)."""
    try:
        from dungeon_table.games.dungeon.board import load_board
    except ImportError:
        return None
    try:
        return load_board()
    except Exception:  # noqa: BLE001 - a board file being written must not crash the table
        return None


class DungeonRenderer:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.area: pygame.Rect | None = None
        self.th = theme.Theme()

    def layout(self, board: pygame.Rect, th: theme.Theme) -> None:
        self.area = pygame.Rect(board)
        self.th = th

    def _fit(self, board: Any) -> tuple[float, int, int]:
        assert self.area is not None
        cell = min(self.area.w / board.width, self.area.h / board.height)
        ox = self.area.x + round((self.area.w - cell * board.width) / 2)
        oy = self.area.y + round((self.area.h - cell * board.height) / 2)
        return cell, ox, oy

    def draw(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        if self.area is None:
            return
        board = _board()
        if board is None:
            self._draw_roster(surface, view)
            return
        cell, ox, oy = self._fit(board)
        for y in range(board.height):
            for x in range(board.width):
                kind, _space, level = board.cell(x, y)
                colour = ROCK if kind == "rock" else LEVEL_COLOURS.get(level, CORRIDOR)
                if kind in ("corridor", "stairs"):
                    colour = theme.mix(CORRIDOR, colour, 0.3)
                rect = pygame.Rect(ox + round(x * cell), oy + round(y * cell),
                                   max(1, round(cell)), max(1, round(cell)))
                surface.fill(colour, rect)
        for hero in view.heroes:
            space = board.spaces.get(hero.space)
            if space is None:
                continue
            cx, cy = space.centre
            centre = (ox + cx * cell + hero.seat * cell * 0.3, oy + cy * cell)
            theme.draw_glyph(surface, "circle", centre, cell * 0.45,
                             HERO_COLOURS.get(hero.hero, theme.TEXT))

    def _draw_roster(self, surface: pygame.Surface, view: m.DungeonView) -> None:
        assert self.area is not None
        y = self.area.y + self.th.px(2)
        for hero in view.heroes:
            line = f"{hero.seat + 1}. {hero.hero or '?'} {hero.space or '-'} {hero.gp} gp"
            image = fonts.text(line, "body", theme.TEXT, self.th.scale)
            surface.blit(image, (self.area.x + self.th.px(2), y))
            y += image.get_height()

    def targets(self, view: m.DungeonView, legal: list[Action]) -> list[Target]:
        return []

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        return []

    def preview(self, view: m.DungeonView, pos: tuple[int, int]) -> pygame.Surface | None:
        return None

    def log_lines(self, events: list[Event], before: Any, after: Any) -> list[str]:
        return [type(event).__name__ for event in events]

    def log_heading(self, before: Any, after: Any) -> str | None:
        return None
