"""Small widgets drawn in the theme: buttons, value choices, a text field, and keyboard focus.

Every widget has ``rect``, ``handle(event) -> bool`` (True when it used the event) and
``draw(surface, theme)``. Labels are strings or zero-argument callables, so a live language switch
shows at once (``Button(rect, lambda: t("menu.quit"), app.quit)``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from dungeon_table.core.records import NOT_IN_NAMES
from dungeon_table.ui import fonts, icons, sound
from dungeon_table.ui.theme import (
    ACCENT,
    FELT_DARK,
    GOLD,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    Theme,
    draw_panel,
    mix,
    outline,
)

Label = str | Callable[[], str]

_ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
_ACTIVATE_KEYS = (*_ENTER_KEYS, pygame.K_SPACE)


def label_text(label: Label) -> str:
    return label() if callable(label) else label


class Widget:
    """Shared state: where it is, whether it can be used, hover/press/focus looks."""

    def __init__(self, rect: pygame.Rect, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hover = False
        self.pressed = False
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Keys for the focused widget beyond Enter (a Choice uses Left/Right)."""
        return False

    def activate(self) -> None:
        """What Enter does when this widget has the keyboard focus."""

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        raise NotImplementedError

    def _track_mouse(self, event: pygame.event.Event) -> bool | None:
        """Hover and press bookkeeping; returns True on a completed click inside, None otherwise."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return None
        if not self.enabled or getattr(event, "button", 1) != 1:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.pressed = True
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.pressed:
            self.pressed = False
            return self.rect.collidepoint(event.pos)
        return None


class Button(Widget):
    """A rounded button; ``primary`` fills it with the accent (the one obvious next step)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: Label,
        on_click: Callable[[], Any],
        hotkey: int | None = None,
        enabled: bool = True,
        primary: bool = False,
        role: str = "body",
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.hotkey = hotkey
        self.primary = primary
        self.role = role

    def activate(self) -> None:
        if self.enabled:
            self.press()

    def press(self) -> None:
        sound.click()  # before what it does: a screen it opens may be the silent privacy screen
        self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and self.hotkey is not None
            and event.key == self.hotkey
            and self.enabled
        ):
            self.press()
            return True
        clicked = self._track_mouse(event)
        if clicked:
            self.press()
        return clicked is not None and event.type != pygame.MOUSEMOTION

    def colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """Fill and text colour for the current state."""
        if not self.enabled:
            return mix(PANEL, FELT_DARK, 0.4), mix(TEXT_DIM, FELT_DARK, 0.35)
        base, ink = (ACCENT, FELT_DARK) if self.primary else (mix(PANEL, PANEL_EDGE, 0.25), TEXT)
        if self.pressed:
            return mix(base, FELT_DARK, 0.25), ink
        if self.hover or self.focused:
            return mix(base, (255, 255, 255), 0.12), ink
        return base, ink

    def draw_tile(self, surface: pygame.Surface, theme: Theme) -> tuple[int, int, int]:
        """The panel of a button drawn as a tile (a menu game, a tutorial), its focus ring
        included; returns the colour its text takes."""
        fill, ink = self.colours()
        draw_panel(surface, self.rect, theme, fill)
        if self.focused:
            outline(surface, self.rect, TEXT, theme, width=0.3)
        return ink

    def draw_tile_picture(self, surface: pygame.Surface, theme: Theme, picture: str | None) -> int:
        """A tile's picture (a game's, ``icons.menu_picture``) in a square at its left, as the
        menu's games and the tutorials' list show it; how far it pushes the text in (0: none)."""
        if picture is None:
            return 0
        side = self.rect.h - theme.px(3)
        box = pygame.Rect(self.rect.x + theme.px(2), self.rect.y + theme.px(1.5), side, side)
        icons.blit_icon(surface, picture, box, GOLD)
        return side + theme.px(1)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        fill, ink = self.colours()
        rect = self.rect.move(0, theme.px(0.15)) if self.pressed else self.rect
        edge = None if self.primary else PANEL_EDGE
        draw_panel(surface, rect, theme, fill, edge=edge, shadow=self.enabled and not self.pressed)
        if self.focused:
            outline(surface, rect, TEXT, theme, width=0.3)
        inner = rect.w - theme.px(2)
        # a long caption (Japanese, a count in brackets) takes smaller type before an ellipsis
        caption, role, scale = fonts.shrink_to_fit(label_text(self.label), self.role, inner,
                                                   theme.scale, self.primary)
        img = fonts.text(caption, role, ink, scale, bold=self.primary)
        surface.blit(img, img.get_rect(center=rect.center))


class Choice(Widget):
    """``label  ‹ value ›``: click the arrows (or the value, or Left/Right when focused) to cycle."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: Label,
        values: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], Any],
        fmt: Callable[[Any], str] = str,
        enabled: bool = True,
        label_width: float = 0.5,
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.fmt = fmt
        self.label_width = label_width  # share of the width taken by the label

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def cycle(self, step: int) -> None:
        if not self.enabled or not self.values:
            return
        self.index = (self.index + step) % len(self.values)
        self.on_change(self.value)
        sound.click()  # after the change: a new volume is heard at once

    def activate(self) -> None:
        self.cycle(1)

    def _parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The value box and its left and right arrow areas."""
        box = self.rect.copy()
        box.x += round(self.rect.w * self.label_width)
        box.w -= round(self.rect.w * self.label_width)
        arrow = min(box.h, box.w // 4)
        return (
            box,
            pygame.Rect(box.x, box.y, arrow, box.h),
            pygame.Rect(box.right - arrow, box.y, arrow, box.h),
        )

    def handle(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        clicked = self._track_mouse(event)
        if not clicked or pos is None:
            return clicked is not None and event.type != pygame.MOUSEMOTION
        box, left, _right = self._parts()
        if left.collidepoint(pos):
            self.cycle(-1)
        elif box.collidepoint(pos):
            self.cycle(1)
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cycle(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        ink = TEXT if self.enabled else TEXT_DIM
        caption = label_text(self.label)
        room = round(self.rect.w * self.label_width) - theme.px(1)
        if caption and room > 0:  # a long label (a house rule's name) must not run into the box
            caption = fonts.fit(caption, "body", room, theme.scale)
        label = fonts.text(caption, "body", ink, theme.scale)
        surface.blit(label, label.get_rect(midleft=(self.rect.x, self.rect.centery)))
        box, left, right = self._parts()
        fill = mix(PANEL, PANEL_EDGE, 0.35 if (self.hover or self.focused) else 0.15)
        draw_panel(surface, box, theme, fill, shadow=False)
        if self.focused:
            outline(surface, box, TEXT, theme, width=0.3)
        # a long value takes smaller type before it is cut short
        value, role, scale = fonts.shrink_to_fit(self.fmt(self.value), "body", box.w - 2 * left.w,
                                                 theme.scale, True)
        img = fonts.text(value, role, ink, scale, bold=True)
        surface.blit(img, img.get_rect(center=box.center))
        arrow_colour = TEXT_DIM if self.enabled else PANEL_EDGE
        size = max(3, theme.px(0.7))
        width = max(2, theme.px(0.3))
        for rect, direction in ((left, -1), (right, 1)):
            cx, cy = rect.center
            tip = cx + direction * size // 2
            back = cx - direction * size // 2
            pygame.draw.lines(surface, arrow_colour, False,
                              [(back, cy - size), (tip, cy), (back, cy + size)], width)


class Toggle(Choice):
    """An on/off Choice; ``fmt`` names the two states (``lambda on: t("on" if on else "off")``)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: Label,
        value: bool,
        on_change: Callable[[bool], Any],
        fmt: Callable[[Any], str] = lambda on: "on" if on else "off",
        enabled: bool = True,
        label_width: float = 0.5,
    ) -> None:
        super().__init__(
            rect, label, [False, True], bool(value), on_change, fmt, enabled, label_width
        )


class TextField(Widget):
    """A one-line text entry (names, seed). ``allowed`` limits the characters (digits for a seed)."""

    def __init__(
        self,
        rect: pygame.Rect,
        text: str,
        on_change: Callable[[str], Any],
        max_len: int = 20,
        allowed: str | None = None,
        placeholder: Label = "",
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.on_change = on_change
        self.max_len = max_len
        self.allowed = allowed
        self.placeholder = placeholder

    def activate(self) -> None:
        self.focused = True

    def _insert(self, s: str) -> None:
        s = NOT_IN_NAMES.sub("", s)  # no control character or line break: a save refuses them
        if self.allowed is not None:
            s = "".join(ch for ch in s if ch in self.allowed)
        s = s[: max(0, self.max_len - len(self.text))]
        if s:
            self.text += s
            self.on_change(self.text)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self._insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.on_change(self.text)
            return True
        # printable keys arrive again as TEXTINPUT; claim them so hotkeys do not fire while typing
        return bool(event.unicode and event.unicode.isprintable())

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        fill = mix(FELT_DARK, PANEL, 0.5 if (self.hover or self.focused) else 0.3)
        draw_panel(surface, self.rect, theme, fill, shadow=False)
        if self.focused:
            outline(surface, self.rect, TEXT, theme, width=0.3)
        pad = theme.px(1.5)
        shown = self.text or label_text(self.placeholder)
        colour = TEXT if self.text else TEXT_DIM
        img = fonts.text(
            fonts.fit(shown, "body", self.rect.w - 2 * pad, theme.scale),
            "body",
            colour,
            theme.scale,
        )
        spot = img.get_rect(midleft=(self.rect.x + pad, self.rect.centery))
        surface.blit(img, spot)
        if self.focused:
            x = spot.right + 2 if self.text else spot.left
            pygame.draw.line(
                surface, ACCENT, (x, spot.top + 2), (x, spot.bottom - 2), max(2, theme.px(0.25))
            )


class FocusRing:
    """Keyboard focus over widgets: Tab/Shift+Tab and Up/Down move it, Enter/Space press.

    Left/Right go to the focused widget first (a Choice cycles); otherwise they move too. Enter on
    a Choice moves on to the next row rather than changing its value.
    """

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = []
        self.index = -1
        self.set(widgets)

    def set(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        """Replace the widgets (after a relayout), keeping the focus position when asked."""
        old = self.index if keep else -1
        self.widgets = list(widgets)
        self.index = min(old, len(self.widgets) - 1)
        self._show()

    @property
    def current(self) -> Widget | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.index = self.widgets.index(widget)
            self._show()

    def _show(self) -> None:
        for i, widget in enumerate(self.widgets):
            widget.focused = i == self.index

    def primary(self) -> Widget | None:
        """The first usable accent button, the screen's obvious next step, if it has one."""
        return next((w for w in self.widgets if getattr(w, "primary", False) and w.enabled), None)

    def move(self, step: int) -> None:
        usable = [i for i, w in enumerate(self.widgets) if w.enabled]
        if not usable:
            return
        if self.index not in usable:
            self.index = usable[0] if step > 0 else usable[-1]
        else:
            self.index = usable[(usable.index(self.index) + step) % len(usable)]
        self._show()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            # a click focuses what it hits (a text field) and clears the keyboard highlight
            hit = next((w for w in self.widgets if w.rect.collidepoint(event.pos)), None)
            self.index = self.widgets.index(hit) if isinstance(hit, TextField) else -1
            self._show()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        current = self.current
        if current is not None and current.handle_key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_DOWN, pygame.K_RIGHT):
            self.move(1)
        elif event.key in (pygame.K_UP, pygame.K_LEFT):
            self.move(-1)
        elif event.key in _ENTER_KEYS and (current is None or isinstance(current, TextField)) \
                and self.primary() is not None:
            # Enter before any Tab, or in a text field, takes the highlighted next step
            # (Continue, Start): the accent button is the default, as in any dialog or form.
            self.primary().activate()
        elif event.key in _ENTER_KEYS and isinstance(current, Choice):
            # Enter on a value row goes on to the next row: a keyboard player pressing Enter
            # to move on switched the language at once. Left/Right change the value.
            self.move(1)
        elif event.key in _ACTIVATE_KEYS and current is not None and current.enabled:
            current.activate()
        else:
            return False
        return True


def dispatch(widgets: Sequence[Widget], ring: FocusRing | None, event: pygame.event.Event) -> bool:
    """Offer ``event`` to the focus ring, then to each widget until one uses it."""
    if ring is not None and ring.handle(event):
        return True
    used = False
    for widget in list(widgets):
        if widget.handle(event) and event.type != pygame.MOUSEMOTION:
            used = True
            break
    return used


def draw_all(widgets: Sequence[Widget], surface: pygame.Surface, theme: Theme) -> None:
    for widget in widgets:
        widget.draw(surface, theme)
