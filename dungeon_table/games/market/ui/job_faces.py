"""A job's face: its name, its sign, and what it does at every level, each line always whole.

A job is weighed by all four levels (its LV4 points above all), so the face is laid out for
them: a band with the level held (if any), the word "Job" and the job's sign; the name; then the
four level lines in the largest type that lets all of them fit. The generic card face kept a
fixed type size and an art panel, and cut LV3 and LV4 off on the auction card and the preview.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, theme

JOB_BAND = (92, 78, 128)
LEVEL_BADGE = (196, 150, 48)
MIN_TYPE = 7  # px: below this the lines are cut rather than shrunk further


@dataclass(frozen=True)
class JobText:
    """The words on a job's face, already translated."""

    name: str
    kind: str                 # "Job"
    lines: tuple[str, ...]    # "LV1: ..." .. "LV4: ..."


Emblem = Callable[[pygame.Surface, tuple[int, int], float], None]


def render_job_face(text: JobText, width: int, level: int | None,
                    emblem: Emblem) -> pygame.Surface:
    """The face at ``width``; ``level`` is the level held (its line is marked), or None."""
    w, h = width, round(width * cf.RATIO)
    radius = max(3, w // 14)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = 2 if w >= 90 else 1
    pygame.draw.rect(surf, cf.EDGE, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(surf, cf.PAPER, inner, border_radius=radius - edge)
    band = _band(surf, inner, radius, h, text.kind, level, emblem)
    pad = max(2, round(w * 0.06))
    y = _title(surf, text.name, band.bottom + round(h * 0.015), w)
    _level_lines(surf, text.lines, level, pygame.Rect(inner.x + pad, y, inner.w - 2 * pad,
                                                      inner.bottom - pad - y))
    return surf.convert_alpha()


def _band(surf: pygame.Surface, inner: pygame.Rect, radius: int, h: int, kind: str,
          level: int | None, emblem: Emblem) -> pygame.Rect:
    """The coloured band: the level held on the left, "Job" in the middle, the sign right."""
    w = surf.get_width()
    band = pygame.Rect(inner.x, inner.y, inner.w, round(h * 0.17))
    pygame.draw.rect(surf, JOB_BAND, band, border_top_left_radius=radius - 2,
                     border_top_right_radius=radius - 2)
    pygame.draw.line(surf, theme.mix(JOB_BAND, (0, 0, 0), 0.4), band.bottomleft,
                     (band.right, band.bottom), 2)
    r = band.h * 0.36
    if level is not None:
        spot = (round(band.x + band.h * 0.55), band.centery)
        pygame.draw.circle(surf, LEVEL_BADGE, spot, round(r))
        pygame.draw.circle(surf, cf.EDGE, spot, round(r), max(1, round(r / 8)))
        num = fonts.font_px(max(7, round(r * 1.3)), bold=True).render(str(level), True,
                                                                       (255, 255, 255))
        surf.blit(num, num.get_rect(center=spot))
    sign = (round(band.right - band.h * 0.55), band.centery)
    pygame.draw.circle(surf, cf.PAPER, sign, round(r))
    emblem(surf, sign, r * 0.68)
    label = fonts.font_px(max(7, round(w * 0.07))).render(kind, True, (250, 246, 236))
    surf.blit(label, label.get_rect(center=band.center))
    return band


def _title(surf: pygame.Surface, name: str, top: int, w: int) -> int:
    size = round(w * 0.1)
    f = fonts.font_px(size, bold=True)
    while size > MIN_TYPE and f.size(name)[0] > w * 0.9:
        size -= 1
        f = fonts.font_px(size, bold=True)
    img = f.render(name, True, cf.INK)
    surf.blit(img, img.get_rect(midtop=(w // 2, top)))
    return top + img.get_height() + round(w * 0.01)


def fit_levels(lines: tuple[str, ...], width: int, height: int,
               start: int, held: int | None = None) -> tuple[int, list[list[str]], int]:
    """The largest type size (from ``start`` down to ``MIN_TYPE``) at which every level line,
    wrapped to ``width`` in the weight it is drawn in (the ``held`` level's bold: wrapped as
    regular, "LV1: +2 defence vs Purple" ran past the card's edges), fits ``height``: (size,
    the wrapped lines, their height)."""
    gap = max(1, height // 40)
    size = max(MIN_TYPE, start)
    while True:
        f = fonts.font_px(size)
        wrapped = [fonts.wrap_lines(line, fonts.font_px(size, bold=k + 1 == held), width)
                   for k, line in enumerate(lines)]
        step = round(f.get_linesize() * 0.92)
        total = sum(len(ws) for ws in wrapped) * step + gap * (len(lines) - 1)
        if total <= height or size <= MIN_TYPE:
            return size, wrapped, total
        size -= 1


def _level_lines(surf: pygame.Surface, lines: tuple[str, ...], level: int | None,
                 rect: pygame.Rect) -> None:
    """Every level's line, in the largest type in which all of them fit ``rect``; the level
    held is in bold ink, the others dimmed."""
    size, wrapped, total = fit_levels(lines, rect.w, rect.h, round(surf.get_width() * 0.085),
                                      held=level)
    gap = max(1, rect.h // 40)
    step = round(fonts.font_px(size).get_linesize() * 0.92)
    y = rect.y + max(0, (rect.h - total) // 2)
    for k, ws in enumerate(wrapped):
        held = level is not None and k + 1 == level
        font = fonts.font_px(size, bold=held)
        colour = cf.INK if level is None or held else cf.INK_DIM
        for line in ws:
            img = font.render(line, True, colour)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += step
        y += gap
