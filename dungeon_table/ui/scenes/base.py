"""What the shell's screens share: a felt or dimmed backdrop, a title, widgets with keyboard focus.

A screen subclasses ``MenuBase`` and lays out its widgets in ``build()``, which runs again on every
resize, UI-scale or language change (so values live on the scene, not in the widgets).
"""

from __future__ import annotations

import pygame

from dungeon_table.ui import fonts, theme
from dungeon_table.ui.scene import App, Scene
from dungeon_table.ui.widgets import FocusRing, Widget, dispatch, draw_all

_DIM_CACHE: dict[tuple[int, int], pygame.Surface] = {}
# How long a screen that must not be passed by accident (the privacy screen, game over) takes no
# input after it appears: the second press of a quick double Enter or click lands well inside it.
SETTLE_MS = 800
# Below this theme scale small and body type stop shrinking (their legible minimum) while the grid
# goes on: a box sized in plain grid units then cuts its words (UI scale 75 % at 1280×720).
TEXT_FLOOR = max(fonts.ROLE_MIN[role] / fonts.ROLE_SIZES[role] for role in fonts.ROLE_MIN)


def dim_layer(size: tuple[int, int], alpha: int = 196) -> pygame.Surface:
    """A dark veil over the scene below (pause, game over); made once per size."""
    key = (size[0], size[1] * 1000 + alpha)
    if key not in _DIM_CACHE:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((*theme.FELT_DARK, alpha))
        if pygame.display.get_surface() is not None:
            veil = veil.convert_alpha()
        _DIM_CACHE.clear()
        _DIM_CACHE[key] = veil
    return _DIM_CACHE[key]


def _press(event: pygame.event.Event) -> tuple[str, int]:
    """What was pressed: a key or a mouse button (its press and its release share this)."""
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return ("key", event.key)
    return ("button", getattr(event, "button", 1))


class SettleGuard:
    """The input a screen must not take by accident. For ``settle_ms`` after it appears no
    press counts (the second Enter of a double Enter that ended a turn), nor ever a key held on
    from before (repeating), nor the release of a press it did not see begin (the Enter or the
    click that made the last move, let go over this screen).

    The screen calls ``start()`` when it appears and asks ``admits(event)`` of every event;
    ``share()`` says how much of the settling time has gone (drawn as a button greying in).
    The time is the app's (``App.now``), so a test moves it by hand.
    """

    def __init__(self, app: App, settle_ms: int = SETTLE_MS) -> None:
        self.app = app
        self.settle_ms = settle_ms
        self.since: int | None = None
        self.begun: set[tuple[str, int]] = set()  # presses admitted and not yet released

    def start(self) -> None:
        """The screen appeared (or came back from the menu over it): settle again."""
        self.since = self.app.now()
        self.begun.clear()

    def share(self) -> float:
        """0 as the screen appears, 1 once it takes input."""
        if self.since is None or self.settle_ms <= 0:
            return 1.0
        return min(1.0, max(0, self.app.now() - self.since) / self.settle_ms)

    @property
    def settled(self) -> bool:
        return self.share() >= 1.0

    def admits(self, event: pygame.event.Event) -> bool:
        """A press once settled that is not a key repeating, or the release of a press it
        admitted; motion and every other event pass."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            fresh = self.settled and not (event.type == pygame.KEYDOWN and self.app.key_repeat)
            if fresh:
                self.begun.add(_press(event))
            return fresh
        if event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP):
            if _press(event) not in self.begun:
                return False
            self.begun.discard(_press(event))
        return True


class MenuBase(Scene):
    """A screen of widgets. Esc goes back (``back()``, by default pop)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.ring = FocusRing()

    @property
    def th(self) -> theme.Theme:
        return self.app.theme

    def build(self) -> list[Widget]:
        """Create and place the widgets for the current size, scale and language."""
        return []

    def on_resize(self, size: tuple[int, int]) -> None:
        self.widgets = self.build()
        self.ring.set([w for w in self.widgets if self.focusable(w)])

    def focusable(self, widget: Widget) -> bool:
        return True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        dispatch(self.widgets, self.ring, event)

    def back(self) -> None:
        self.app.pop()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.blit(theme.felt_background(surface.get_size()), (0, 0))
        else:
            surface.blit(dim_layer(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_content(surface)
        draw_all(self.widgets, surface, self.th)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Panels and text under the widgets."""

    # --- helpers ---------------------------------------------------------------------------------
    def blit_text(
        self,
        surface: pygame.Surface,
        s: str,
        role: str,
        colour: tuple[int, int, int] = theme.TEXT,
        bold: bool = False,
        **anchor: tuple[int, int],
    ) -> pygame.Rect:
        """Draw ``s`` placed by one rect anchor (``midtop=(x, y)``); returns where it went."""
        img = fonts.text(s, role, colour, self.th.scale, bold)
        return surface.blit(img, img.get_rect(**anchor))

    def text_px(self, n: float) -> int:
        """``n`` grid units for a width that holds text: never narrower than at TEXT_FLOOR."""
        return theme.Theme(scale=max(self.th.scale, TEXT_FLOOR)).px(n)

    def page_rect(self, top: float, bottom: float) -> pygame.Rect:
        """The panel of a page-like screen (a list, a text): at most 130 grid units wide, centred,
        from ``top`` grid units below the window's top to ``bottom`` above its foot."""
        w, h = self.app.size
        th = self.th
        rect = pygame.Rect(0, 0, min(w - th.px(8), self.text_px(130)), h - th.px(top + bottom))
        rect.midtop = (w // 2, th.px(top))
        return rect

    def title(self, surface: pygame.Surface, s: str, y: int | None = None) -> pygame.Rect:
        y = self.th.px(6) if y is None else y
        return self.blit_text(surface, s, "title", midtop=(surface.get_width() // 2, y))


def column(x: int, y: int, w: int, h: int, gap: int, n: int) -> list[pygame.Rect]:
    """``n`` rects of ``w``×``h`` stacked from (x, y) with ``gap`` between them."""
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(n)]


def centred(size: tuple[int, int], w: int, h: int, dy: int = 0) -> pygame.Rect:
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (size[0] // 2, size[1] // 2 + dy)
    return rect
