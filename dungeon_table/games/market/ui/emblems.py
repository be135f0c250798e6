"""Emblems for faces without a colour glyph: a gem's stone with its points in the art panel
(it showed an empty tinted box), and a job's sign (a warden's colour, a shield, a cross, an eye,
a coin...) in its band.

``card_faces`` lays the art panel out under a title of one line or two; it is found here by its
tint down the middle of the face rather than by repeating that layout.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, theme

GEM_FILL = (150, 226, 240)
GEM_INK = (20, 56, 70)
COIN = (232, 190, 76)
COIN_EDGE = (150, 110, 30)
JOB_INK = (60, 50, 92)


def art_box(image: pygame.Surface, band: tuple[int, int, int]) -> pygame.Rect | None:
    """The emblem panel of a face drawn with ``band``: its tint, searched down the middle."""
    tint = theme.mix(band, cf.PAPER, 0.72)
    w, h = image.get_size()
    x = w // 2

    def tinted(px: int, py: int) -> bool:
        return tuple(image.get_at((px, py)))[:3] == tuple(tint)

    top = next((y for y in range(round(h * 0.2), round(h * 0.8)) if tinted(x, y)), None)
    if top is None:
        return None
    bottom = top
    while bottom + 1 < h and tinted(x, bottom + 1):
        bottom += 1
    mid = (top + bottom) // 2
    left = x
    while left > 0 and tinted(left - 1, mid):
        left -= 1
    return pygame.Rect(left, top, 2 * (x - left), bottom - top + 1)


def gem_stone(surf: pygame.Surface, center: tuple[float, float], r: float, value: int) -> None:
    """The five-sided stone the gem tokens and the gem column show, its points in it."""
    cx, cy = center
    pts = [(cx, cy - r), (cx + r, cy - r * 0.25), (cx + r * 0.6, cy + r),
           (cx - r * 0.6, cy + r), (cx - r, cy - r * 0.25)]
    pygame.draw.polygon(surf, GEM_FILL, pts)
    pygame.draw.polygon(surf, GEM_INK, pts, max(1, round(r / 9)))
    if value:
        num = fonts.font_px(max(8, round(r * 1.15)), bold=True).render(str(value), True, GEM_INK)
        surf.blit(num, num.get_rect(center=(round(cx), round(cy + r * 0.1))))


def draw_gem_emblem(image: pygame.Surface, band: tuple[int, int, int], value: int) -> None:
    box = art_box(image, band)
    if box is not None:
        gem_stone(image, box.center, box.h * 0.4, value)


def job_emblem(image: pygame.Surface, center: tuple[int, int], r: float, effect: Any,
               loot_icon: Any) -> None:
    """The sign of what a job does at LV1 (``effect``): a warden's colour glyph, a shield for
    a guard against any attack, a cross for healing, an eye for peeking, a coin for money,
    two cards for a larger reveal limit, a star for EXP and points."""
    ink = theme.mix(JOB_INK, cf.PAPER, 0.1)
    c = center
    kind = effect.kind if effect is not None else ""
    if kind == "guard" and effect.colour:
        theme.draw_glyph(image, effect.colour, c, r, theme.CARD_COLOURS[effect.colour])
    elif kind == "guard_any":
        loot_icon(image, "shield", c, r, ink)
    elif kind == "heal":
        arm = max(1, round(r * 0.3))
        pygame.draw.rect(image, theme.DANGER, (c[0] - arm, c[1] - r, 2 * arm, 2 * r))
        pygame.draw.rect(image, theme.DANGER, (c[0] - r, c[1] - arm, 2 * r, 2 * arm))
    elif kind == "peek":
        eye = pygame.Rect(0, 0, round(r * 2.2), round(r * 1.3))
        eye.center = c
        pygame.draw.ellipse(image, ink, eye, max(1, round(r / 5)))
        pygame.draw.circle(image, ink, c, max(1, round(r * 0.4)))
    elif kind in ("commission", "discount", "burst_share"):
        pygame.draw.circle(image, COIN_EDGE, c, round(r))
        pygame.draw.circle(image, COIN, c, max(1, round(r * 0.8)))
    elif kind == "extra_reveal":
        for dx in (-0.4, 0.4):
            card = pygame.Rect(0, 0, round(r * 0.9), round(r * 1.4))
            card.center = (round(c[0] + dx * r), c[1])
            pygame.draw.rect(image, cf.PAPER, card, border_radius=max(1, round(r / 6)))
            pygame.draw.rect(image, ink, card, max(1, round(r / 7)),
                             border_radius=max(1, round(r / 6)))
    else:  # EXP and points: a star
        theme.draw_glyph(image, "star", c, r, theme.GOLD)
