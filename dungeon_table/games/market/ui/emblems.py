"""The gem's stone, drawn on the gem tokens in front of a player (its points in it), and the ink
of a job's sign. The cards' own pictures are Game Icons (``ui/icons.py``, ``card_faces``)."""

from __future__ import annotations

import pygame

from dungeon_table.ui import fonts

GEM_FILL = (150, 226, 240)
GEM_INK = (20, 56, 70)
JOB_INK = (60, 50, 92)


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
