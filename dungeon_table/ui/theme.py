"""The one calm palette, the glyphs that back every colour, panels and the felt background.

Layout is in grid units: ``theme.px(n)`` is ``n`` cells of the 8 px grid, scaled by the window
(designed at 1920×1080) and by the UI-scale setting, so one layout serves 1280×720 to 4K::

    theme = Theme.for_window((1280, 720), ui_scale=1.0)
    theme.px(2)      # 16 px at 1920×1080, about 11 px at 1280×720
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pygame.gfxdraw

Colour = tuple[int, int, int]

# --- palette ---------------------------------------------------------------------------------
FELT: Colour = (24, 52, 44)  # the table: dark green-grey felt
FELT_DARK: Colour = (10, 24, 21)  # vignette edge, sunken areas
PANEL: Colour = (36, 46, 50)  # slightly lighter than felt, cool
PANEL_EDGE: Colour = (74, 88, 92)
SHADOW: Colour = (0, 0, 0)
TEXT: Colour = (236, 232, 220)
TEXT_DIM: Colour = (156, 164, 158)
ACCENT: Colour = (244, 164, 66)  # the one "your move" colour: warm amber
LEGAL: Colour = (118, 226, 206)  # outline of legal targets: mint, distinct from the accent
DANGER: Colour = (222, 84, 72)
GOOD: Colour = (112, 198, 124)
GOLD: Colour = (232, 198, 96)

CARD_COLOURS: dict[str, Colour] = {
    "red": (196, 66, 56),
    "blue": (58, 114, 198),
    "yellow": (222, 182, 58),
    "green": (66, 152, 86),
    "purple": (136, 86, 178),
}

# Every colour also has a shape, so nothing is told by colour alone.
GLYPHS: dict[str, str] = {
    "red": "triangle",  # flame
    "blue": "circle",  # drop
    "yellow": "star",
    "green": "square",  # leaf
    "purple": "diamond",  # moon
}

DESIGN_SIZE = (1920, 1080)
GRID = 8


@dataclass(frozen=True)
class Theme:
    """Scale of the current window: ``scale`` is 1.0 at 1920×1080 with UI scale 1."""

    scale: float = 1.0

    @classmethod
    def for_window(cls, size: tuple[int, int], ui_scale: float = 1.0) -> Theme:
        fit = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
        return cls(scale=max(0.4, fit) * ui_scale)

    def px(self, n: float) -> int:
        """``n`` cells of the 8 px grid in real pixels (at least 1 for any positive ``n``)."""
        value = n * GRID * self.scale
        return max(1, round(value)) if value > 0 else round(value)


# --- glyphs ------------------------------------------------------------------------------------
def _glyph_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.92, cy + r * 0.72), (cx - r * 0.92, cy + r * 0.72)]
    if shape == "square":
        s = r * 0.8
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.78, cy), (cx, cy + r), (cx - r * 0.78, cy)]
    if shape == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        return points
    raise ValueError(f"unknown glyph {shape!r}")


def draw_glyph(
    surface: pygame.Surface,
    name: str,
    center: tuple[float, float],
    radius: float,
    colour: Colour | tuple[int, int, int, int],
) -> None:
    """Draw the glyph of a colour (``"red"``) or a shape (``"star"``), anti-aliased and filled."""
    shape = GLYPHS.get(name, name)
    if shape == "circle":
        x, y, r = round(center[0]), round(center[1]), max(1, round(radius * 0.85))
        pygame.gfxdraw.filled_circle(surface, x, y, r, colour)
        pygame.gfxdraw.aacircle(surface, x, y, r, colour)
        return
    points = [(round(x), round(y)) for x, y in _glyph_points(shape, center, radius)]
    pygame.gfxdraw.filled_polygon(surface, points, colour)
    pygame.gfxdraw.aapolygon(surface, points, colour)


# --- panels ------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _shadow(size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
    """A soft shadow: a rounded rect shrunk and smoothscaled back up (a cheap blur), cached."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    small = pygame.Surface((max(1, w // 4), max(1, h // 4)), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, size[0] // 4, size[1] // 4)
    inner.center = small.get_rect().center
    pygame.draw.rect(small, (*SHADOW, 120), inner, border_radius=max(0, radius // 4))
    return pygame.transform.smoothscale(small, (w, h))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    colour: Colour = PANEL,
    edge: Colour | None = PANEL_EDGE,
    shadow: bool = True,
) -> None:
    """A rounded panel with a soft drop shadow below-right and a thin lighter edge."""
    rect = pygame.Rect(rect)
    radius = theme.px(1.5)
    if shadow and rect.w > 4 and rect.h > 4:
        blur = theme.px(2)
        shade = _shadow(rect.size, radius, blur)
        surface.blit(shade, (rect.x - blur, rect.y - blur + theme.px(0.75)))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=max(1, theme.px(0.15)), border_radius=radius)


def outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, theme: Theme, width: float = 0.4
) -> None:
    """A rounded outline just outside ``rect``: legal targets, focus, "your move"."""
    grow = theme.px(width) * 2
    pygame.draw.rect(
        surface,
        colour,
        pygame.Rect(rect).inflate(grow, grow),
        width=max(2, theme.px(width)),
        border_radius=theme.px(1.5) + grow // 2,
    )


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend from ``a`` (t=0) to ``b`` (t=1): hover and pressed shades."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# --- felt --------------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The felt, drawn once per window size: soft noise and a vignette toward FELT_DARK."""
    w, h = max(1, size[0]), max(1, size[1])
    # Work small and smoothscale up: the noise becomes a soft cloth texture and it is fast.
    sw, sh = max(2, w // 6), max(2, h // 6)
    small = pygame.Surface((sw, sh))
    rng = random.Random(1)  # the same cloth every time
    cx, cy = sw / 2, sh / 2
    max_d = math.hypot(cx, cy)
    pixels = pygame.PixelArray(small)
    for y in range(sh):
        for x in range(sw):
            d = math.hypot(x - cx, y - cy) / max_d
            shade = max(0.0, d - 0.35) / 0.65
            base = mix(FELT, FELT_DARK, min(1.0, shade**1.6))
            n = rng.randint(-4, 4)
            pixels[x, y] = (
                max(0, base[0] + n),
                max(0, base[1] + n),
                max(0, base[2] + n),
            )
    del pixels
    surface = pygame.transform.smoothscale(small, (w, h))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert()
    return surface
