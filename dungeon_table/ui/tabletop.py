"""Pieces any game's table is built from, so each renderer keeps only what is its own.

A fanned hand whose visible strips carry the legal marks, a row of small cards (crystals, coins),
a column of action buttons, squared piles with their labels, small worded tags ("stacked 9"),
a meter of a value against a target that says in words what it means, and the text labels and
number badges all of these are lettered with::

    rects = fan_rects(area, 7, card_w, th, lifted={2})
    draw_fan(surface, images, rects, th, lifted={2}, legal={0, 3})
    pill(surface, "stacked 9", theme.DANGER, th, midtop=(x, y))
    meter(surface, rect, th, Meter("Damage vs power", 9, 16, "7 short", detail="0 + 9"))
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import pygame

from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.widgets import Button

Rect = pygame.Rect
PILE_LAYERS_MAX = 4  # cards enough for a pile to show its full depth (cf.pile_depth)


def seats_around(n_players: int, bottom: int) -> list[int]:
    """The other seats in turn order (clockwise) after ``bottom``, the viewer's seat along the
    bottom edge: the order they sit along the top of the table, left to right."""
    return [(bottom + k) % n_players for k in range(1, n_players)]


def label(surface: pygame.Surface, s: str, role: str, colour: Any, scale: float,
          bold: bool = False, width: int | None = None, **where: Any) -> pygame.Rect:
    """Blit cached text placed by a Rect keyword (``midtop=(x, y)``); returns where it went.

    With ``width`` the text is fitted to it: smaller type first, an ellipsis only if still too long.
    """
    if width is not None:
        s, role, scale = fonts.shrink_to_fit(s, role, max(1, width), scale, bold)
    img = fonts.text(s, role, colour, scale, bold)
    rect = img.get_rect(**where)
    surface.blit(img, rect)
    return rect


def badge(surface: pygame.Surface, s: str, center: tuple[int, int], colour: Any,
          th: theme.Theme, big: bool = False) -> pygame.Rect:
    """A round token with a bold number (power, damage on a space), with a small shadow."""
    img = fonts.text(s, "number", theme.TEXT, th.scale * (1.0 if big else 0.7))
    radius = max(img.get_width(), img.get_height()) // 2 + th.px(0.6)
    pygame.draw.circle(surface, theme.SHADOW, (center[0] + 2, center[1] + 3), radius)
    pygame.draw.circle(surface, colour, center, radius)
    pygame.draw.circle(surface, theme.mix(colour, (255, 255, 255), 0.4), center, radius,
                       max(1, th.px(0.25)))
    surface.blit(img, img.get_rect(center=center))
    return pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)


def fan_rects(area: Rect, n: int, card_w: int, th: theme.Theme,
              lifted: set[int] | None = None) -> list[Rect]:
    """``n`` cards of ``card_w`` fanned across ``area`` (overlapping only when they must), in a
    gentle arc; cards in ``lifted`` stand a little higher (picked, or being paid with)."""
    if n == 0:
        return []
    step = min(card_w + th.px(1.5), (area.w - card_w) // max(1, n - 1)) if n > 1 else 0
    x = area.centerx - (card_w + step * (n - 1)) // 2
    rects = []
    for i in range(n):
        arc = min(th.px(2), round(abs(i - (n - 1) / 2) ** 2 * th.px(0.3)))
        lift = round(area.h * 0.14) if lifted and i in lifted else 0
        rects.append(Rect(x + i * step, area.y - th.px(2) + arc - lift, card_w, area.h))
    return rects


def hand_rects(area: Rect, n: int, card_w: int, th: theme.Theme,
               lifted: set[int] | None = None, ceiling: int | None = None) -> list[Rect]:
    """A hand fanned across ``area``. One so large that a single fan would leave each card less
    than half its width (names cut to "Sli", "Gol" at the play-test) takes the free table above
    it, up to ``ceiling`` (what lies there is clicked), instead: two rows of smaller cards side
    by side, none covering another, every name and number whole."""
    one = fan_rects(area, n, card_w, th, lifted)
    if not overlapping(one, 0.5) or n < 4 or ceiling is None:
        return one
    per_row = -(-n // 2)
    gap = th.px(1)
    room_h = area.bottom - ceiling - th.px(1.5)  # a lifted card rises that much
    w = min(card_w, (area.w - (per_row - 1) * gap) // per_row,
            int((room_h - gap) / 2 / cf.RATIO))
    h = round(w * cf.RATIO)
    if w < card_w // 2:  # no room for two rows worth having: the fan, its names on plates
        return one
    lifted = lifted or set()
    out = []
    for row, count in enumerate((per_row, n - per_row)):
        y = area.bottom - (2 - row) * h - (1 - row) * gap
        x = area.centerx - (count * w + (count - 1) * gap) // 2
        for k in range(count):
            rise = th.px(1.5) if len(out) in lifted else 0
            out.append(Rect(x + k * (w + gap), y - rise, w, h))
    return out


def row_rects(area: Rect, n: int, w: int, th: theme.Theme) -> list[Rect]:
    """``n`` small cards along the bottom of ``area``, overlapping once they run out of room."""
    h = round(w * cf.RATIO)
    inner = area.inflate(-2 * th.px(2), 0)
    step = min(w + th.px(1), (inner.w - w) // max(1, n - 1)) if n > 1 else 0
    y = area.bottom - h - th.px(1)
    return [Rect(inner.x + i * step, y, w, h) for i in range(n)]


def overlapping(rects: list[Rect], shown: float = 1.0) -> bool:
    """True when the cards of a row or fan cover each other: less than ``shown`` of each card's
    width stays visible (0.6: its middle is hidden too)."""
    return len(rects) > 1 and rects[1].x - rects[0].x < rects[0].w * shown


def button_rects(area: Rect, n: int, th: theme.Theme) -> list[Rect]:
    """A column of ``n`` full-width buttons standing on the bottom of ``area``."""
    h, gap = th.px(6.5), th.px(1.25)
    y = area.bottom - n * (h + gap) - th.px(1)
    return [Rect(area.x, y + i * (h + gap), area.w, h) for i in range(n)]


def draw_fan(surface: pygame.Surface, images: list[pygame.Surface | None], rects: list[Rect],
             th: theme.Theme, lifted: set[int], legal: set[int]) -> None:
    """The hand: each card with its shadow (None: hidden, still flying in); a legal card gets a
    mint rule along the strip of its top edge that the next card leaves visible. Lifted cards
    (picked, paid with) are drawn over the fan: under their neighbour their name was cut; a
    card whose name the next one would cut shows it on a plate in its visible strip."""
    order = [i for i in range(len(rects)) if i not in lifted] + sorted(lifted)
    for i in order:
        image, rect = images[i], rects[i]
        if image is None:
            continue
        cf.blit_card(surface, image, rect, lifted=i in lifted)
        # covered by the next card of its row (a hand in two rows: the next row starts anew)
        covered = i + 1 < len(rects) and i not in lifted and rect.x < rects[i + 1].x < rect.right
        if covered:  # its name whole in the strip the next card leaves (where it was cut)
            plate = cf.name_plate(image, rects[i + 1].x - rect.x)
            if plate is not None:
                surface.blit(plate[0], (rect.x, rect.y + plate[1]))
        if i in legal:
            right = rects[i + 1].x if covered else rect.right
            y = rect.y - th.px(0.9)
            pygame.draw.line(surface, theme.LEGAL, (rect.x + th.px(1), y),
                             (right - th.px(1), y), max(2, th.px(0.4)))


def titled_panel(surface: pygame.Surface, rect: Rect, title: str, th: theme.Theme) -> Rect:
    """A side panel with its title at the top left; returns the padded inside."""
    theme.draw_panel(surface, rect, th)
    inner = rect.inflate(-2 * th.px(2), -2 * th.px(2))
    label(surface, title, "body", theme.TEXT_DIM, th.scale, True, width=inner.w * 2 // 3,
          topleft=inner.topleft)
    return inner


def cascade(surface: pygame.Surface, images: list[pygame.Surface], x: int, top: int,
            height: int) -> list[Rect]:
    """Cards (sideways) hung one below the other from ``top``, centred on ``x``: each shows its
    top strip, the whole column no taller than ``height``. Returns where each went."""
    spots = cascade_rects(images, x, top, height)
    for image, spot in zip(images, spots, strict=True):
        cf.blit_card(surface, image, spot)
    return spots


def cascade_rects(images: list[pygame.Surface], x: int, top: int, height: int) -> list[Rect]:
    """Where ``cascade`` puts each card, without drawing (an animation carries them along)."""
    out = []
    n = len(images)
    for k, image in enumerate(images):
        h = image.get_height()
        step = min(round(h * 0.4), (height - h) // max(1, n - 1))
        out.append(image.get_rect(midtop=(x, top + k * max(4, step))))
    return out


def draw_buttons(surface: pygame.Surface, rects: list[Rect], buttons: list[tuple[Any, str, bool]],
                 hovered: Any, th: theme.Theme, refused: Collection[Any] = ()) -> None:
    """A game's own action buttons, (action, caption, primary) each; ``hovered`` is the action
    under the mouse; those in ``refused`` (the rules refuse them now) are drawn disabled.
    Clicks arrive through the scene's targets, not here."""
    for rect, (action, caption, primary) in zip(rects, buttons, strict=True):
        button = Button(rect, caption, lambda: None, primary=primary,
                        enabled=action not in refused)
        button.hover = action == hovered
        button.draw(surface, th)


def empty_place(surface: pygame.Surface, rect: Rect, th: theme.Theme) -> None:
    """Where a pile or deck lies when it has run out: a thin outline, not a hole in the table."""
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=th.px(1))


def labelled_pile(surface: pygame.Surface, rect: Rect, image: pygame.Surface | None, count: int,
                  text: str, th: theme.Theme, under: pygame.Surface | None = None) -> Rect:
    """A squared pile (or its empty place) with its label clear above the deepest pile: placed
    from ``rect``, not from this pile's depth, so the captions of piles side by side share one
    baseline however many cards each holds. Returns where the label went."""
    if count and image is not None:
        cf.draw_pile(surface, image, rect, count, under)
    else:
        empty_place(surface, rect, th)
    deepest = cf.pile_depth(PILE_LAYERS_MAX, rect.w)
    return label(surface, text, "small", theme.TEXT, th.scale, True, width=rect.w * 2,
                 midbottom=(rect.centerx, rect.y - deepest - th.px(0.75)))


def pill(surface: pygame.Surface, text: str, colour: Any, th: theme.Theme,
         **where: Any) -> Rect:
    """Small bold words on a dark rounded tag with a coloured rim (a state beside a card)."""
    image = fonts.text(text, "small", theme.TEXT, th.scale, True)
    rect = image.get_rect().inflate(th.px(2), th.px(0.5))
    setattr(rect, *next(iter(where.items())))
    pygame.draw.rect(surface, theme.mix(theme.FELT_DARK, colour, 0.35), rect,
                     border_radius=rect.h // 2)
    pygame.draw.rect(surface, colour, rect, max(1, th.px(0.25)), border_radius=rect.h // 2)
    surface.blit(image, image.get_rect(center=rect.center))
    return rect


@dataclass
class Meter:
    """A value against a target: reached (good) or not, with the verdict in words."""

    title: str
    value: int
    target: int
    verdict: str
    detail: str = ""  # how the value is made up, in small type

    @property
    def reached(self) -> bool:
        return self.value >= self.target


def meter(surface: pygame.Surface, rect: Rect, th: theme.Theme, m: Meter) -> None:
    """A panel: title; "value / target" big with a notched bar; the detail; the verdict."""
    theme.draw_panel(surface, rect, th)
    inner = rect.inflate(-2 * th.px(2), -2 * th.px(2))
    sc = th.scale
    colour = theme.GOOD if m.reached else theme.DANGER
    head = label(surface, m.title, "body", theme.TEXT_DIM, sc, True, width=inner.w,
                 topleft=(inner.x, inner.y - th.px(0.5)))
    value = label(surface, f"{m.value} / {m.target}", "number", colour, sc,
                  topleft=(inner.x, head.bottom - th.px(0.5)))
    bar = Rect(value.right + th.px(2), 0, inner.right - value.right - th.px(2), th.px(2.5))
    bar.centery = value.centery + th.px(0.5)
    _bar(surface, bar, m.value, m.target, colour)
    y = value.bottom
    if m.detail:
        y = label(surface, m.detail, "small", theme.TEXT_DIM, sc, width=inner.w,
                  midtop=(inner.centerx, y)).bottom
    label(surface, m.verdict, "small", colour, sc, True, width=inner.w, midtop=(inner.centerx, y))


def _bar(surface: pygame.Surface, bar: Rect, value: int, target: int, colour: Any) -> None:
    pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.h // 2)
    fill = bar.copy()
    fill.w = round(bar.w * min(1.0, value / max(1, target)))
    if fill.w:
        pygame.draw.rect(surface, colour, fill, border_radius=bar.h // 2)
    for k in range(1, target):  # one notch per point of the target
        x = bar.x + round(bar.w * k / target)
        pygame.draw.line(surface, theme.FELT_DARK, (x, bar.y + 2), (x, bar.bottom - 3), 1)
