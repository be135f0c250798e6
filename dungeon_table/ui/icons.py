"""The pictures every table draws: Game Icons SVGs rendered once per (icon, size, tint), lazily.

The SVGs are white on transparent (``assets/icons/``); ``icon`` renders one at a size with
``pygame.image.load_sized_svg`` (sharp at every UI scale), multiplies it by a tint and keeps it,
so a frame only blits. Nothing is read before the first picture is asked for: the main menu does
not wait for the cards' pictures. Which picture a card shows is its card file's ``icon:``, else
its kind's default (``picture``); the table's marks (coins, life, dice, ...) by name (``mark``)::

    image = icons.icon(icons.picture("dungeon", "monster", card.icon), 64, (176, 48, 40))
    icons.blit_icon(surface, icons.mark("coins"), rect, theme.GOLD)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from functools import cache

import pygame

from dungeon_table.core.assets import IconTable, icon_path, load_icon_table

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)

# Renders kept, least recently used dropped first past the bound: the board's zoom draws its
# standees at any size, and a long session must not keep every size it ever showed.
CACHE_LIMIT = 1024
_CACHE: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()


@cache
def table() -> IconTable:
    """``assets/icons/cards.yaml``, read on first use."""
    return load_icon_table()


def picture(game_id: str, kind: str, own: str | None = None) -> str | None:
    """The icon of a card of ``kind``: its own (``card.icon``), else the kind's default; None
    only for a game or kind the table does not know (a game a test brings draws no picture)."""
    if own:
        return own
    game = table().games.get(game_id)
    return game.cards.get(kind) if game is not None else None


def mark(name: str) -> str:
    """The icon of one of the table's marks: coins, crystal, life, exp, dice, deck, discard, ..."""
    return table().marks[name]


def menu_picture(game_id: str) -> str | None:
    """The game's picture on the main menu (None for a game the table does not know)."""
    game = table().games.get(game_id)
    return game.menu if game is not None else None


def icon(name: str, size: int, tint: Colour = WHITE) -> pygame.Surface:
    """The icon ``name``, ``size`` px square, in ``tint``: rendered on first use, then kept."""
    size = max(1, int(size))
    key = (name, size, tuple(tint))
    image = _CACHE.get(key)
    if image is None:
        image = _render(name, size, key[2])
        _keep(key, image)
    else:
        _CACHE.move_to_end(key)
    return image


def _keep(key: tuple[str, int, Colour], image: pygame.Surface) -> None:
    _CACHE[key] = image
    while len(_CACHE) > CACHE_LIMIT:
        _CACHE.popitem(last=False)


def _render(name: str, size: int, tint: Colour) -> pygame.Surface:
    white = _white(name, size)
    image = white.copy()
    if tint != WHITE:
        image.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def _white(name: str, size: int) -> pygame.Surface:
    """The SVG drawn once per size; each tint is a copy of it."""
    key = (name, size, WHITE)
    image = _CACHE.get(key)
    if image is None:
        image = pygame.image.load_sized_svg(str(icon_path(name)), (size, size))
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        _keep(key, image)
    return image


def blit_icon(surface: pygame.Surface, name: str | None, rect: pygame.Rect,
              tint: Colour = WHITE, share: float = 1.0) -> pygame.Rect | None:
    """The icon centred in ``rect``, as large as ``share`` of its shorter side; its area, or
    None when there is no picture to draw."""
    if not name:
        return None
    size = round(min(rect.w, rect.h) * share)
    if size < 4:
        return None
    image = icon(name, size, tint)
    return surface.blit(image, image.get_rect(center=rect.center))


EMPTY_MARK_ALPHA = 70  # an empty pile's mark: there, and plainly not a card


EMPTY_MARK_TINT: Colour = (200, 196, 184)


def draw_empty_marks(surface: pygame.Surface,
                     piles: Iterable[tuple[pygame.Rect, int, str]]) -> None:
    """Each empty pile's place, of (place, cards in it, its mark: ``deck``, ``discard``): the
    mark faint in the middle, so an empty place still says what goes there."""
    for rect, count, mark_name in piles:
        size = round(min(rect.w, rect.h) * 0.55)
        if count or size < 8:
            continue
        key = (f"{mark_name}:faint", size, EMPTY_MARK_TINT)
        image = _CACHE.get(key)
        if image is None:
            image = icon(mark(mark_name), size, EMPTY_MARK_TINT).copy()
            image.set_alpha(EMPTY_MARK_ALPHA)
            _keep(key, image)
        surface.blit(image, image.get_rect(center=rect.center))


def cached_count() -> int:
    """How many renders are kept (tests: a picture is rendered once, not per frame)."""
    return len(_CACHE)
