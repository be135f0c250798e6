"""Dungeon Market's events as tweens over the table (which always shows the view after them).

Reveals fly from the deck and flip in their slot; a chest lands and its finder sees its card
small beneath it; a burst shakes the attackers; once all have defended the attackers strike,
then the items each seat used turn sideways (held upright until then, ``MarketTable.upright``)
as its damage rises over its life track and the track counts down; the deposit's coins fly to the purses; bought cards fly to
their buyer's equipment while the purses count; jobs won fly to their new owner.

Cards that leave the discovery area during a batch are no longer in the view after it: the
``Board`` below follows them through the events, and every tween holds the ones still lying there
until their own tween carries them off. Numbers that change (life, coins, the deposit) are shown
as they were until the tween that changes them counts them over (``Count``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui.layout import MarketTable
from dungeon_table.ui import anim, fonts, theme
from dungeon_table.ui.anim import Arc, Banner, FlipCard, FloatText, MoveCard, Together, Tween

STRIKE_MS = 900
DAMAGE_MS = 1500  # each seat's damage stays over its life track long enough to be read
QUICK_MS = 420


@dataclass
class Count(Tween):
    """A number counting from ``start`` to ``end``: it draws nothing itself but writes the value
    the table shows for ``key`` (a life track, a purse) while the key is hidden."""

    values: dict[str, int] = field(default_factory=dict)
    key: str = ""
    start: int = 0
    end: int = 0

    def draw(self, surface: pygame.Surface, t: float) -> None:
        self.values[self.key] = round(self.start + (self.end - self.start) * anim.ease_out(t))


@dataclass
class Shake(Tween):
    """Attacking cards striking one after another: each lunges, shakes and flashes red in its
    own part of the tween, and lies still before and after it."""

    duration: float = STRIKE_MS
    cards: tuple[tuple[pygame.Surface, pygame.Rect], ...] = ()
    amplitude: float = 6.0

    def draw(self, surface: pygame.Surface, t: float) -> None:
        n = max(1, len(self.cards))
        share = 1.0 / (0.5 + 0.5 * n)  # each strike takes this much; they overlap by half
        for k, (image, rect) in enumerate(self.cards):
            local = (t - k * share * 0.5) / share
            if not 0.0 < local < 1.0:
                surface.blit(image, rect)
                continue
            dx = math.sin(local * math.pi * 6) * self.amplitude * (1.0 - local)
            lunge = math.sin(local * math.pi) * self.amplitude * 1.5
            spot = rect.move(round(dx), round(lunge))
            surface.blit(image, spot)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*theme.DANGER, round(120 * math.sin(local * math.pi))),
                             glow.get_rect(), border_radius=max(2, rect.w // 14))
            surface.blit(glow, spot)


@dataclass
class Fly(Tween):
    """A card flying from one rect to another, growing or shrinking on the way (a bought card
    going to its buyer's equipment)."""

    image: pygame.Surface | None = None
    start: pygame.Rect = field(default_factory=pygame.Rect)
    end: pygame.Rect = field(default_factory=pygame.Rect)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.image is None:
            return
        e = anim.ease_out(t)
        w = max(2, round(self.start.w + (self.end.w - self.start.w) * e))
        h = max(2, round(self.start.h + (self.end.h - self.start.h) * e))
        x, y = anim.lerp(self.start.center, self.end.center, e)
        y -= math.sin(e * math.pi) * self.start.h * 0.25
        image = pygame.transform.scale(self.image, (w, h))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


@dataclass
class Board:
    """What lies in the discovery area as the events of a batch go by: slot index -> card."""

    cards: dict[int, tuple[pygame.Surface, pygame.Rect, str]] = field(default_factory=dict)
    static: dict[int, str] = field(default_factory=dict)  # what the table itself draws after

    def holds(self, duration: float, skip: set[int]) -> tuple[Tween, ...]:
        """The cards the table will not draw (they leave later in the batch), held still."""
        return tuple(MoveCard(image=image, start=rect.center, end=rect.center, duration=duration)
                     for index, (image, rect, card) in self.cards.items()
                     if index not in skip and self.static.get(index) != card)


class Batch:
    """The state a batch of events is animated from: positions, the board, the numbers."""

    def __init__(self, r: MarketTable, before: m.MarketView, after: m.MarketView) -> None:
        self.r = r
        self.before = before
        self.after = after
        self.g = r.geo(after)
        self.board = Board(static={s.index: s.card for s in after.discovery})
        for slot in before.discovery:
            rect = r.slot_rect(before, slot.index)
            image = r.looks.killed(rect.w) if slot.killed else r.looks.face(slot.card, rect.w)
            self.board.cards[slot.index] = (image, rect, slot.card)
        self.counted: set[str] = set()

    # --- places ---------------------------------------------------------------------------------
    def slot_rect(self, index: int) -> pygame.Rect:
        view = self.after if any(s.index == index for s in self.after.discovery) else self.before
        return self.r.slot_rect(view, index)

    def seat_point(self, seat: int, part: str) -> tuple[int, int]:
        sg = self.g.seats[seat]
        # "head": under the name, so a number rising from there stays on the panel
        return {"life": sg.track.center, "purse": sg.purse.midleft,
                "head": (sg.header.centerx, sg.track.bottom)}.get(part, sg.panel.center)

    def token_rect(self, seat: int, card: str) -> pygame.Rect:
        for rect, held in self.r.token_spots(self.after, seat):
            if held.card == card:
                return rect
        sg = self.g.seats[seat]
        return pygame.Rect(sg.panel.centerx, sg.panel.centery, sg.token_w, sg.token_w)

    # --- pieces -----------------------------------------------------------------------------------
    def count(self, key: str, start: int, end: int, duration: float) -> Tween | None:
        """Count ``key`` over once per batch, from the view before to the view after."""
        if key in self.counted or start == end:
            return None
        self.counted.add(key)
        self.r.before_values.setdefault(key, start)
        return Count(duration=duration, hides=frozenset({key}), values=self.r.before_values,
                     key=key, start=start, end=end)

    def coins(self, seat: int, duration: float) -> Tween | None:
        return self.count(f"coins:{seat}", self.before.players[seat].coins,
                          self.after.players[seat].coins, duration)

    def deposit(self, duration: float) -> Tween | None:
        return self.count("deposit", self.before.deposit, self.after.deposit, duration)

    def float_text(self, text: str, at: tuple[int, int], colour: Any, delay: float = 0.0,
                   scale: float = 1.0, duration: float = 700.0, rise: float = 5.0) -> FloatText:
        image = anim.outlined(text, self.r.th.scale * scale, colour, (24, 16, 12))
        return FloatText(image=image, start=at, rise=self.r.th.px(rise), delay=delay,
                         duration=duration + delay)

    def banner(self, text: str, colour: Any, duration: float = anim.BANNER_MS) -> Banner:
        th = self.r.th
        area = self.g.discovery
        s, role, scale = fonts.shrink_to_fit(text, "heading", area.w - th.px(6), th.scale, True)
        image = anim.ribbon(fonts.text(s, role, theme.TEXT, scale, True),
                            theme.mix(theme.FELT_DARK, colour, 0.75), th.px(2), th.px(1.5))
        return Banner(image=image, center=area.center, duration=duration)

    def coin_arc(self, start: tuple[int, int], end: tuple[int, int], delay: float = 0.0,
                 duration: float = anim.ARC_MS) -> Tween:
        """A coin flying in a small arc, ``delay`` ms after its ``Together`` starts."""
        image = self.r.looks.coin(self.r.th.px(3))
        arc = Arc(image=image, start=start, end=end, height=self.r.th.px(6), duration=duration)
        # an Arc has no delay of its own: it waits at the start inside a _Delayed
        return _Delayed(inner=arc, delay=delay, duration=duration + delay) if delay else arc

    def together(self, *parts: Tween | None, skip: set[int] | None = None) -> Tween:
        real = tuple(p for p in parts if p is not None)
        length = max((p.duration for p in real), default=QUICK_MS)
        return Together(parts=(*self.board.holds(length, skip or set()), *real))


@dataclass
class _Delayed(Tween):
    """A tween that starts ``delay`` ms into its slot of a ``Together``."""

    inner: Tween | None = None
    delay: float = 0.0

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.inner is None:
            return
        elapsed = t * self.duration - self.delay
        if elapsed >= 0:
            self.inner.draw(surface, min(1.0, elapsed / max(1.0, self.duration - self.delay)))


def flip_in(batch: Batch, index: int, card: str, face: pygame.Surface) -> list[Tween]:
    """A card from the deck: flying face down to its slot, then turning over."""
    rect = batch.slot_rect(index)
    back = batch.r.looks.back(rect.w)
    hides = frozenset({f"slot:{index}"})
    fly = MoveCard(image=back, start=batch.g.deck.center, end=rect.center, duration=230,
                   hides=hides)
    flip = FlipCard(front=back, back=face, center=rect.center, hides=hides)
    batch.board.cards[index] = (face, rect, card)
    return [batch.together(fly, skip={index}), batch.together(flip, skip={index})]
