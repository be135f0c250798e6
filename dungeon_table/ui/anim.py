"""The animation layer: engine events become tweens that play over the table, one after another.

The table always draws the view *after* the events; tweens only add what is moving on top of it and
may hide, while they run, the parts of the table they are bringing in (``Tween.hides``: keys the
renderer knows, such as ``"space:2"`` or ``"adventurer"``). So a skipped or finished animation
leaves exactly the true table, and input never acts on a stale picture.

    queue = AnimQueue()
    queue.speed = settings.anim_speed           # 0: off, 0.5..3
    queue.extend([MoveCard(card, start, end), FloatText(label, pos)])
    busy = queue.update(now_ms)                 # True while something still moves
    queue.draw(surface)
    queue.finish_current() / queue.skip_all()   # a click or Space; Space held
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from dungeon_table.ui import fonts

Point = tuple[float, float]

# Base durations (ms at speed 1) from the ui guide.
MOVE_MS = 250
FLIP_MS = 180
FLOAT_MS = 600
WALK_STEP_MS = 80
ARC_MS = 350
BANNER_MS = 900


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing, as a card slid across felt."""
    t = min(max(t, 0.0), 1.0)
    return 1.0 - (1.0 - t) ** 3


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Something that moves for ``duration`` ms (at speed 1); ``draw`` gets linear t in 0..1."""

    duration: float = MOVE_MS
    hides: frozenset[str] = field(default_factory=frozenset)

    def draw(self, surface: pygame.Surface, t: float) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass
class MoveCard(Tween):
    """A card (already rendered) sliding from one centre to another."""

    image: pygame.Surface | None = None
    start: Point = (0, 0)
    end: Point = (0, 0)
    delay: float = 0.0  # ms waiting at ``start`` (cards dealt one after another)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.image is None:
            return
        t = max(0.0, t * self.duration - self.delay) / max(1.0, self.duration - self.delay)
        x, y = lerp(self.start, self.end, ease_out(t))
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


@dataclass
class FlipCard(Tween):
    """A card turning over in place: the first image narrows to nothing, the second widens."""

    duration: float = FLIP_MS
    front: pygame.Surface | None = None
    back: pygame.Surface | None = None
    center: Point = (0, 0)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        image = self.front if t < 0.5 else self.back
        if image is None:
            return
        squeeze = abs(1.0 - 2.0 * t)
        w = max(1, round(image.get_width() * squeeze))
        scaled = pygame.transform.scale(image, (w, image.get_height()))
        surface.blit(scaled, scaled.get_rect(center=(round(self.center[0]), round(self.center[1]))))


@dataclass
class FloatText(Tween):
    """A number rising and fading (damage dealt, crystals gained)."""

    duration: float = FLOAT_MS
    image: pygame.Surface | None = None
    start: Point = (0, 0)
    rise: float = 60.0
    delay: float = 0.0  # ms of ``duration`` before it appears (numbers one after another)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.image is None or t * self.duration < self.delay:
            return
        t = (t * self.duration - self.delay) / max(1.0, self.duration - self.delay)
        x, y = self.start[0], self.start[1] - self.rise * ease_out(t)
        self.image.set_alpha(round(255 * (1.0 - max(0.0, t - 0.5) * 2.0)))
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


@dataclass
class Walk(Tween):
    """The adventurer stepping along a path of space centres, one space per ``WALK_STEP_MS``."""

    image: pygame.Surface | None = None
    path: tuple[Point, ...] = ()
    # cards that travel with it (the damage stacked on an adventurer), each with its centre's
    # offset from the walker's: drawn under it, in order
    riders: tuple[tuple[pygame.Surface, Point], ...] = ()

    def __post_init__(self) -> None:
        self.duration = WALK_STEP_MS * max(1, len(self.path) - 1) + 60

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.image is None or not self.path:
            return
        steps = max(1, len(self.path) - 1)
        where = min(t * steps, steps - 1e-6) if len(self.path) > 1 else 0.0
        i = int(where)
        a = self.path[i]
        b = self.path[min(i + 1, len(self.path) - 1)]
        x, y = lerp(a, b, ease_out(where - i))
        hop = math.sin((where - i) * math.pi) * self.image.get_height() * 0.06
        for image, (dx, dy) in self.riders:
            surface.blit(image, image.get_rect(center=(round(x + dx), round(y - hop + dy))))
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y - hop))))


@dataclass
class Arc(Tween):
    """A crystal (or coin) flying in a small arc."""

    duration: float = ARC_MS
    image: pygame.Surface | None = None
    start: Point = (0, 0)
    end: Point = (0, 0)
    height: float = 80.0

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.image is None:
            return
        e = ease_out(t)
        x, y = lerp(self.start, self.end, e)
        y -= math.sin(e * math.pi) * self.height
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


@dataclass
class Banner(Tween):
    """A wide ribbon across the table ("Repelled!", "Event: ..."), sliding in, holding, fading."""

    duration: float = BANNER_MS
    image: pygame.Surface | None = None
    center: Point = (0, 0)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        if self.image is None:
            return
        slide = ease_out(min(1.0, t * 5.0))
        fade = 1.0 if t < 0.75 else max(0.0, 1.0 - (t - 0.75) * 4.0)
        self.image.set_alpha(round(255 * fade))
        x = self.center[0] - (1.0 - slide) * 120
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(self.center[1]))))


@dataclass
class Together(Tween):
    """Several tweens played at once (crystals flying together); lasts as long as the longest."""

    parts: tuple[Tween, ...] = ()

    def __post_init__(self) -> None:
        self.duration = max((p.duration for p in self.parts), default=0.0)
        self.hides = frozenset().union(*(p.hides for p in self.parts)) if self.parts else self.hides

    def draw(self, surface: pygame.Surface, t: float) -> None:
        elapsed = t * self.duration
        for part in self.parts:
            part.draw(surface, min(1.0, elapsed / part.duration) if part.duration else 1.0)


@dataclass
class Pause(Tween):
    """Nothing moves: a beat between two animations so the eye can follow."""

    duration: float = 120.0

    def draw(self, surface: pygame.Surface, t: float) -> None:
        return


def outlined(s: str, scale: float, fill: tuple[int, int, int],
             stroke: tuple[int, int, int]) -> pygame.Surface:
    """A big bold number with a dark rim, readable over any card (damage dealt, gains)."""
    font = fonts.font("number", scale)
    inner = font.render(s, True, fill)
    rim = font.render(s, True, stroke)
    w = max(2, round(scale * 3))
    out = pygame.Surface((inner.get_width() + 2 * w, inner.get_height() + 2 * w), pygame.SRCALPHA)
    for dx in (-w, 0, w):
        for dy in (-w, 0, w):
            out.blit(rim, (w + dx, w + dy))
    out.blit(inner, (w, w))
    return out


def ribbon(text: pygame.Surface, colour: tuple[int, int, int], pad: int,
           radius: int) -> pygame.Surface:
    """Text on a rounded, nearly opaque band: the image of a ``Banner``."""
    out = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(out, (*colour, 235), out.get_rect(), border_radius=radius)
    out.blit(text, text.get_rect(center=out.get_rect().center))
    return out


class AnimQueue:
    """Tweens played one after another; a tween's clock starts when it becomes current."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._queue: deque[Tween] = deque()
        self._started: float | None = None
        self._now: float = 0.0
        # The sound layer's hooks (ui/sound.py): a tween became current at ``now``; tweens were
        # skipped (none: a skip with nothing queued, which still silences what rings).
        self.on_start: Callable[[Tween, float], None] | None = None
        self.on_drop: Callable[[list[Tween]], None] | None = None

    def extend(self, tweens: list[Tween]) -> None:
        """Queue tweens; with animations off (speed 0) they are dropped at once."""
        if self.speed <= 0:
            return
        self._queue.extend(t for t in tweens if t.duration > 0)

    @property
    def busy(self) -> bool:
        return bool(self._queue)

    def hidden(self) -> frozenset[str]:
        """Table parts not to draw yet: those the current and later tweens will bring in."""
        if not self._queue:
            return frozenset()
        return frozenset().union(*(t.hides for t in self._queue))

    def update(self, now_ms: float) -> bool:
        """Advance the clock; drop finished tweens. True while something still moves."""
        self._now = now_ms
        while self._queue:
            if self._started is None:
                self._started = now_ms
                if self.on_start is not None:
                    self.on_start(self._queue[0], now_ms)
            if self._progress() < 1.0:
                return True
            self._queue.popleft()
            self._started = None
        return False

    def _progress(self) -> float:
        if not self._queue or self._started is None:
            return 1.0
        length = self._queue[0].duration / max(self.speed, 0.01)
        return 1.0 if length <= 0 else (self._now - self._started) / length

    def draw(self, surface: pygame.Surface) -> None:
        if self._queue:
            self._queue[0].draw(surface, min(1.0, max(0.0, self._progress())))

    def finish_current(self) -> None:
        """A click or Space: the current tween jumps to its end."""
        dropped = [self._queue.popleft()] if self._queue else []
        self._started = None
        self._dropped(dropped)

    def skip_all(self) -> None:
        """Space held, animations off, or input that must act now: the table as it truly is."""
        dropped = list(self._queue)
        self._queue.clear()
        self._started = None
        self._dropped(dropped)

    def _dropped(self, tweens: list[Tween]) -> None:
        if self.on_drop is not None:
            self.on_drop(tweens)
