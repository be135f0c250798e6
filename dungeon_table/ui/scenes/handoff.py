"""The privacy screen between two humans: nothing of the table shows until the next player reveals.

"Pass to <name>" in large type, the reason small and under it what that player is to do (when the
reason does not say it already: "the screen showed a chest's hidden card" / "to buy"), and a button.
For a moment after it appears (``SETTLE_MS``) it takes no input at all, the button greying in the
while: the player who just ended a turn with a quick double Enter or double click must not reveal
the next player's hand. Nor does a press that began before it appeared count (the Enter or the
click that ended the turn, still held or let go over this screen). Then only a deliberate action
reveals: a click on the button (pressed and released on it), a fresh Enter pressed and released,
or Space held for a moment. Nothing has the keyboard focus, so no key acts by being there. Esc
opens the table's menu over the covered screen (a group stopping for the night saves and quits
from here), and Resume comes back to it, settling again.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.base import SETTLE_MS, MenuBase, SettleGuard
from dungeon_table.ui.widgets import Button, Widget

__all__ = ["HOLD_MS", "SETTLE_MS", "HandoffScene"]

HOLD_MS = 600
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class HandoffScene(MenuBase):
    def __init__(
        self, app: App, name: str, reason_key: str, on_reveal: Callable[[], object],
        decision_key: str | None = None,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.reason_key = reason_key
        self.decision_key = decision_key or ""
        self.on_reveal = on_reveal
        self.guard = SettleGuard(app)
        self.hold_start: int | None = None
        self.revealed = False
        self.cued = False

    def on_enter(self) -> None:
        """Shown, or back from the menu over it: it settles again before it takes input. The
        table's sounds stop; its own soft cue plays when it first comes up."""
        self.guard.start()
        self.hold_start = None
        self._arm()
        self.app.sound.cover(cue=not self.cued)
        self.cued = True

    def on_exit(self) -> None:
        self.app.sound.uncover()

    def _arm(self) -> None:
        for widget in self.widgets:
            widget.enabled = self.guard.settled

    def reason_lines(self) -> list[str]:
        """Why the screen is covered, then what the player is to do, each said once. No reason
        when the player comes back to watch the bots, and then no decision either."""
        if not self.reason_key:
            return []
        keys = [self.reason_key]
        if self.decision_key and self.decision_key != self.reason_key:
            keys.append(self.decision_key)
        return [t(key) for key in keys]

    def reveal(self) -> None:
        if self.revealed:
            return
        self.revealed = True
        self.app.pop()
        self.on_reveal()

    def back(self) -> None:
        """Esc neither reveals nor leaves: the screen stays covered until the player says so. It
        opens the menu over this screen, which shows nothing of the table either."""
        screens.push(self.app, "pause")

    def build(self) -> list[Widget]:
        th = self.th
        w, h = self.app.size
        bw, bh = th.px(44), th.px(8)
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midtop = (w // 2, h // 2 + th.px(8))
        return [Button(rect, lambda: t("handoff.reveal_button", name=self.name), self.reveal,
                       enabled=self.guard.settled, primary=True)]

    def focusable(self, widget: Widget) -> bool:
        return False  # focus on nothing: Enter and Space are handled below, by their release

    def handle(self, event: pygame.event.Event) -> None:
        if not self.guard.admits(event):
            return  # too soon, held on from the table, or let go of a press made there
        self._arm()  # settled since the last frame: the button takes this very click
        key = getattr(event, "key", None)
        if key == pygame.K_SPACE:  # held for a moment: see ``update``
            down = event.type == pygame.KEYDOWN
            self.hold_start = self.app.now() if down else None
            return
        if key in ENTER_KEYS:
            if event.type == pygame.KEYUP:
                self.reveal()  # pressed and released here, after the screen settled
            return
        super().handle(event)

    def update(self, now_ms: int) -> bool:
        if self.revealed:
            return False
        if not self.guard.settled:
            return True  # frames for the button greying in
        if self.widgets and not self.widgets[0].enabled:
            self._arm()
            return True  # one more frame: the button as it now is
        if self.hold_start is None:
            return False
        if now_ms - self.hold_start >= HOLD_MS:
            self.reveal()
            return False
        return True  # frames for the filling ring

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)  # opaque and plain: nothing of the table below

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        w, h = surface.get_size()
        lines = fonts.wrap(t("handoff.pass_to", name=self.name), "title", w - th.px(16), th.scale)
        reasons = self.reason_lines()
        extra = max(0, len(reasons) - 1) * fonts.line_height("body", th.scale)  # a second line
        y = h // 2 - th.px(6) - extra - len(lines) * fonts.line_height("title", th.scale)
        for line in lines:
            rect = self.blit_text(surface, line, "title", midtop=(w // 2, y))
            y = rect.bottom
        for line in reasons:
            y = self.blit_text(surface, line, "body", theme.TEXT_DIM,
                               midtop=(w // 2, y + th.px(1))).bottom
        button = self.widgets[0].rect if self.widgets else pygame.Rect(w // 2, h // 2, 0, 0)
        self.blit_text(surface, t("handoff.reveal_how"), "small", theme.TEXT_DIM,
                       midtop=(w // 2, button.bottom + th.px(2)))
        if self.hold_start is not None:
            self._draw_hold(surface, button)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.widgets and not self.guard.settled:
            self._draw_settling(surface, self.widgets[0].rect)

    def _draw_settling(self, surface: pygame.Surface, button: pygame.Rect) -> None:
        """A bar filling along the foot of the greyed button until it takes input."""
        th = self.th
        h = max(2, th.px(0.6))
        bar = pygame.Rect(button.x + th.px(1), button.bottom - th.px(1) - h,
                          button.w - th.px(2), h)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=h // 2)
        bar.w = round(bar.w * self.guard.share())
        if bar.w:
            pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=h // 2)

    def _draw_hold(self, surface: pygame.Surface, button: pygame.Rect) -> None:
        """A ring filling while Space is held, under the button."""
        th = self.th
        share = min(1.0, (self.app.now() - self.hold_start) / HOLD_MS) if self.hold_start else 0
        r = th.px(3)
        centre = (button.centerx, button.bottom + th.px(9))
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = centre
        pygame.draw.circle(surface, theme.PANEL_EDGE, centre, r, max(2, th.px(0.5)))
        if share > 0:
            pygame.draw.arc(surface, theme.ACCENT, box, math.pi / 2,
                            math.pi / 2 + share * 2 * math.pi, max(2, th.px(0.5)))


screens.register("handoff", HandoffScene)
