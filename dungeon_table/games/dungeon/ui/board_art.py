"""The Dungeon! board drawn from ``board.py``'s cells: what never changes, cached per cell size.

Rock is dark; corridor squares carry a light tint of their level's colour; rooms and chambers are
filled with it, walled, and labelled (a room its small id, "3c", whose digit is the level, so no
level is told by colour alone; a chamber its name too); the Great Hall is warm stone. Doors are
bars in the wall, stairs three treads, secret doors a faint mark only (a player knows where
they are printed; finding one is what counts, and the table shows those found by the hero to move
clearly, over this picture). The whole board is one surface per cell size (a zoom), so a frame
blits it once.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from dungeon_table.games.dungeon.ui.faces import LEVEL_COLOURS
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, i18n, theme
from dungeon_table.ui.renderer import in_language

ROCK = (24, 26, 28)
STONE = (96, 90, 82)
WALL = (14, 12, 12)
DOOR = (150, 104, 56)
HALL = (168, 150, 118)
INK = (250, 246, 236)
HALL_INK = (58, 46, 34)  # light ink on the hall's pale stone would barely show
CACHE_SIZES = 3
VERTICAL_TURNED = "ー－〜…"  # written along the column in vertical Japanese
# Colour-blind mode (``settings.glyphs``): each level's rooms and chambers, and its chip in the
# level key, also carry the level's own pattern, so no level is told by its colour alone
LEVEL_PATTERNS = {1: ("horizontal",), 2: ("vertical",), 3: ("diagonal",), 4: ("cross",),
                  5: ("dots",), 6: ("horizontal", "vertical")}


def corridor_colour(level: int) -> theme.Colour:
    return theme.mix(STONE, LEVEL_COLOURS.get(level, STONE), 0.28)


def space_colour(kind: str, level: int) -> theme.Colour:
    if kind == "hall":
        return HALL
    base = LEVEL_COLOURS.get(level, STONE)
    return theme.mix(base, (20, 20, 20), 0.18 if kind == "chamber" else 0.32)


class BoardArt:
    """The static board at a cell size, rendered on demand and kept for the last few zooms."""

    def __init__(self) -> None:
        self._cache: OrderedDict[tuple[int, str, int, bool], pygame.Surface] = OrderedDict()

    def surface(self, board: Any, cell: int) -> pygame.Surface:
        key = (cell, i18n.language(), id(board), cf.glyph_mode())
        image = self._cache.get(key)
        if image is None:
            image = render_board(board, cell)
            self._cache[key] = image
            while len(self._cache) > CACHE_SIZES:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return image


def render_board(board: Any, c: int) -> pygame.Surface:
    surf = pygame.Surface((board.width * c, board.height * c))
    surf.fill(ROCK)
    for y in range(board.height):
        for x in range(board.width):
            _draw_cell(surf, board, x, y, c)
    if cf.glyph_mode():
        _draw_level_patterns(surf, board, c)
    _draw_walls(surf, board, c)
    for y in range(board.height):
        for x in range(board.width):
            kind, _space, level = board.cell(x, y)
            if kind == "door":
                _draw_door(surf, board, x, y, c, DOOR)
            elif kind == "secret":
                _draw_secret_mark(surf, board, x, y, c)
    _draw_labels(surf, board, c)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


def _draw_cell(surf: pygame.Surface, board: Any, x: int, y: int, c: int) -> None:
    kind, space, level = board.cell(x, y)
    rect = pygame.Rect(x * c, y * c, c, c)
    if kind == "rock":
        return
    if kind in ("corridor", "stairs", "door"):
        surf.fill(corridor_colour(level), rect)
        pygame.draw.rect(surf, theme.mix(corridor_colour(level), WALL, 0.35), rect, 1)
        if kind == "stairs":
            _draw_stairs(surf, rect)
    elif kind == "secret":
        surf.fill(corridor_colour(level), rect)
    else:
        surf.fill(space_colour(kind, level), rect)


def level_pattern(surf: pygame.Surface, rect: pygame.Rect, level: int, step: int,
                  colour: theme.Colour) -> None:
    """The level's pattern over ``rect`` (lines every ``step`` pixels), clipped to it."""
    old_clip = surf.get_clip()
    surf.set_clip(rect.clip(old_clip) if old_clip else rect)
    width = max(1, step // 6)
    for kind in LEVEL_PATTERNS.get(level, ()):
        if kind == "horizontal":
            for y in range(rect.y + step // 2, rect.bottom, step):
                pygame.draw.line(surf, colour, (rect.x, y), (rect.right, y), width)
        elif kind == "vertical":
            for x in range(rect.x + step // 2, rect.right, step):
                pygame.draw.line(surf, colour, (x, rect.y), (x, rect.bottom), width)
        elif kind in ("diagonal", "cross"):
            for k in range(-rect.h, rect.w + rect.h, step):
                pygame.draw.line(surf, colour, (rect.x + k, rect.bottom),
                                 (rect.x + k + rect.h, rect.y), width)
                if kind == "cross":
                    pygame.draw.line(surf, colour, (rect.x + k, rect.y),
                                     (rect.x + k + rect.h, rect.bottom), width)
        elif kind == "dots":
            for row, y in enumerate(range(rect.y + step // 2, rect.bottom, step)):
                for x in range(rect.x + step // 2 + (step // 2 if row % 2 else 0), rect.right,
                               step):
                    pygame.draw.circle(surf, colour, (x, y), max(1, step // 6))
    surf.set_clip(old_clip)


def _draw_level_patterns(surf: pygame.Surface, board: Any, c: int) -> None:
    """Each room's and chamber's cells patterned by its level (colour-blind mode)."""
    step = max(4, c // 2 if c % 2 == 0 else c)
    for space in board.spaces.values():
        if space.kind not in ("room", "chamber"):
            continue
        ink = theme.mix(space_colour(space.kind, space.level), (250, 246, 236), 0.3)
        for x, y in space.cells:  # cell by cell: the lines run on, a step dividing a cell
            level_pattern(surf, pygame.Rect(x * c, y * c, c, c), space.level, step, ink)


def _draw_stairs(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """Three treads across the square, narrowing: stairs down to the next level."""
    ink = theme.mix(WALL, STONE, 0.3)
    w = max(1, rect.w // 12)
    for k in range(3):
        inset = rect.w * (0.15 + 0.08 * k)
        yy = rect.y + rect.h * (0.3 + 0.2 * k)
        pygame.draw.line(surf, ink, (rect.x + inset, yy), (rect.right - inset, yy), w)


def _is_enclosed(kind: str) -> bool:
    return kind in ("room", "chamber", "hall")


def _draw_walls(surf: pygame.Surface, board: Any, c: int) -> None:
    """A wall wherever a room, chamber or the hall meets anything not itself."""
    w = max(2, c // 7)
    for y in range(board.height):
        for x in range(board.width):
            kind, space, _level = board.cell(x, y)
            if not _is_enclosed(kind):
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                other = board.cell(nx, ny) if 0 <= nx < board.width and 0 <= ny < board.height \
                    else ("rock", "", 0)
                if other[1] == space and space:
                    continue
                _wall_edge(surf, x, y, dx, dy, c, w)


def _wall_edge(surf: pygame.Surface, x: int, y: int, dx: int, dy: int, c: int, w: int) -> None:
    if dx:
        ex = (x + (1 if dx > 0 else 0)) * c - (w if dx > 0 else 0)
        surf.fill(WALL, (ex, y * c, w, c))
    else:
        ey = (y + (1 if dy > 0 else 0)) * c - (w if dy > 0 else 0)
        surf.fill(WALL, (x * c, ey, c, w))


def door_horizontal(board: Any, x: int, y: int) -> bool:
    """True when the door joins its left and right neighbours (drawn as an upright bar)."""
    left = board.cell(x - 1, y)[0] if x > 0 else "rock"
    right = board.cell(x + 1, y)[0] if x + 1 < board.width else "rock"
    return left != "rock" and right != "rock"


def door_bar(board: Any, x: int, y: int, rect: pygame.Rect) -> pygame.Rect:
    """The bar of a door in its cell: across the way through."""
    if door_horizontal(board, x, y):
        bar = pygame.Rect(0, 0, max(2, rect.w // 3), round(rect.h * 0.8))
    else:
        bar = pygame.Rect(0, 0, round(rect.w * 0.8), max(2, rect.h // 3))
    bar.center = rect.center
    return bar


def _draw_door(surf: pygame.Surface, board: Any, x: int, y: int, c: int,
               colour: theme.Colour) -> None:
    rect = pygame.Rect(x * c, y * c, c, c)
    bar = door_bar(board, x, y, rect)
    surf.fill(colour, bar)
    pygame.draw.rect(surf, WALL, bar, max(1, c // 14))


def _draw_secret_mark(surf: pygame.Surface, board: Any, x: int, y: int, c: int) -> None:
    """An unfound secret door: the wall drawn through, with a faint dotted seam."""
    rect = pygame.Rect(x * c, y * c, c, c)
    bar = door_bar(board, x, y, rect)
    surf.fill(WALL, bar)
    seam = theme.mix(WALL, STONE, 0.45)
    steps = 4
    horizontal = bar.h > bar.w
    for k in range(steps):
        if horizontal:
            dot = (bar.centerx, bar.y + round((k + 0.5) * bar.h / steps))
        else:
            dot = (bar.x + round((k + 0.5) * bar.w / steps), bar.centery)
        pygame.draw.circle(surf, seam, dot, max(1, c // 16))


def _label(text: str, size: int, bold: bool = False, ink: theme.Colour = INK) -> pygame.Surface:
    return fonts.font_px(size, bold).render(text, True, ink)


def _draw_labels(surf: pygame.Surface, board: Any, c: int) -> None:
    small = max(8, round(c * 0.45))  # 8 px: still a clear "3c" at 1280x720
    for space in board.spaces.values():
        if space.kind not in ("room", "chamber", "hall"):
            continue
        xs = [x for x, _ in space.cells]
        ys = [y for _, y in space.cells]
        box = pygame.Rect(min(xs) * c, min(ys) * c, (max(xs) - min(xs) + 1) * c,
                          (max(ys) - min(ys) + 1) * c)
        if space.kind != "hall":
            tag = _label(space.id, small, True)
            surf.blit(tag, (box.x + max(2, c // 5), box.y + max(1, c // 8)))
        if space.name is not None:
            text = in_language(space.name)
            _draw_name(surf, text, box, c, HALL_INK if space.kind == "hall" else INK)


def _draw_name_upright(surf: pygame.Surface, text: str, box: pygame.Rect, c: int,
                       size: int) -> None:
    """A tall narrow chamber's name, turned to read upwards along it."""
    while size > 7 and fonts.font_px(size, True).size(text)[0] > box.h - c:
        size -= 1
    image = pygame.transform.rotate(_label(text, size, True), 90)
    surf.blit(image, image.get_rect(center=box.center))


def _draw_name_vertical(surf: pygame.Surface, text: str, box: pygame.Rect, c: int,
                        size: int) -> None:
    """A Japanese name down a tall narrow chamber, one upright character under another, as
    Japanese is written vertically (a long-vowel bar turned to run down the column)."""
    top, bottom = box.y + round(c * 1.3), box.bottom - c // 3  # the room's id in the corner
    def step(size: int) -> int:  # a character's square, with a little air
        return size + max(1, size // 8)

    while size > 7 and (step(size) * len(text) > bottom - top
                        or fonts.font_px(size, True).size("国")[0] > box.w - 2):
        size -= 1
    y = top + max(0, (bottom - top - step(size) * len(text)) // 2)
    for char in text:
        image = _label(char, size, True)
        if char in VERTICAL_TURNED:
            image = pygame.transform.rotate(image, -90)
        surf.blit(image, image.get_rect(center=(box.centerx, y + step(size) // 2)))
        y += step(size)


def _is_cjk(text: str) -> bool:
    return bool(text) and all(ord(char) > 0x2E80 for char in text.replace(" ", ""))


def _draw_name(surf: pygame.Surface, text: str, box: pygame.Rect, c: int,
               ink: theme.Colour = INK) -> None:
    """A chamber's or the hall's name, wrapped and shrunk to its box, low in it (the heroes
    stand at the centre)."""
    size = max(7, round(c * 0.5))
    room = box.w - c // 2
    if box.h > 2 * box.w and fonts.font_px(size, True).size(text)[0] > room:
        if _is_cjk(text):
            _draw_name_vertical(surf, text, box, c, size)
        else:
            _draw_name_upright(surf, text, box, c, size)
        return
    widest = max(text.split(), key=len) if text.split() else text
    while size > 7 and fonts.font_px(size, True).size(widest)[0] > room:
        size -= 1  # smaller before a word is cut in two ("Kitche / n")
    while True:
        lines = fonts.wrap_lines(text, fonts.font_px(size, True), room)
        height = len(lines) * fonts.font_px(size, True).get_linesize()
        if height <= box.h * 0.45 or size <= 7:
            break
        size -= 1
    y = box.bottom - height - max(2, c // 6)
    for line in lines:
        image = _label(line, size, True, ink)
        surf.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += fonts.font_px(size, True).get_linesize()
