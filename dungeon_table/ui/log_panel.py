"""The game log: a scrollable panel on the right of the table, one translated line per event.

Lines are wrapped and rendered once when added; drawing is a handful of blits. New lines scroll the
log to its end unless the player has scrolled back to read.

    log = LogPanel()
    log.add(["You played Pit Trap on space 2."], round_mark="Round 3")
    log.layout(rect, theme)
    log.handle(event)      # mouse wheel over the panel
    log.draw(surface)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import t


@dataclass
class _Entry:
    text: str
    heading: bool = False


class LogPanel:
    def __init__(self) -> None:
        self.entries: list[_Entry] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.theme = theme.Theme()
        self.scroll = 0  # pixels scrolled back from the end
        self._lines: list[pygame.Surface] = []
        self._starts: list[bool] = []  # the first line of its entry
        self._heads: list[bool] = []
        self._laid_for: tuple[int, float, int] | None = None

    def clear(self) -> None:
        self.entries.clear()
        self._laid_for = None

    def add(self, lines: list[str], heading: str | None = None) -> None:
        """Append lines (already translated); ``heading`` starts a group such as a new round."""
        if heading:
            self.entries.append(_Entry(heading, heading=True))
        self.entries.extend(_Entry(s) for s in lines if s)
        self.scroll = 0
        self._laid_for = None

    def layout(self, rect: pygame.Rect, th: theme.Theme) -> None:
        self.rect = pygame.Rect(rect)
        self.theme = th
        self._laid_for = None

    def _render(self) -> None:
        key = (len(self.entries), self.theme.scale, self.rect.w)
        if self._laid_for == key:
            return
        scale = self.theme.scale
        width = self.rect.w - 2 * self.theme.px(2)
        self._lines, self._heads, self._starts = [], [], []
        for entry in self.entries:
            role = "body" if entry.heading else "small"
            colour = theme.GOLD if entry.heading else theme.TEXT
            for i, line in enumerate(fonts.wrap(entry.text, role, width, scale * 0.9)):
                self._lines.append(fonts.text(line, role, colour, scale * 0.9, entry.heading))
                self._heads.append(entry.heading and i == 0)
                self._starts.append(i == 0)
        self._laid_for = key

    def _content_height(self) -> int:
        gap = self.theme.px(0.5)
        pairs = zip(self._lines, self._heads, strict=True)
        return sum(s.get_height() + (gap if head else 0) for s, head in pairs)

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse wheel over the panel scrolls it; returns True when the event was used."""
        if event.type != pygame.MOUSEWHEEL or not self.rect.collidepoint(pygame.mouse.get_pos()):
            return False
        self._render()
        room = self._content_height() - self._body().h
        self.scroll = max(0, min(max(0, room), self.scroll + event.y * self.theme.px(4)))
        return True

    def _title(self) -> tuple[pygame.Surface, pygame.Rect]:
        th = self.theme
        image = fonts.text(t("table.log"), "heading", theme.TEXT_DIM, th.scale * 0.7)
        return image, image.get_rect(topleft=(self.rect.x + th.px(2), self.rect.y + th.px(1.5)))

    def _body(self) -> pygame.Rect:
        """The scrolling area: below the title's whole drawn height (the CJK font's box is taller
        than its line height), so no line ever slides under the title."""
        th = self.theme
        top = self._title()[1].bottom + th.px(0.5)
        return pygame.Rect(self.rect.x + th.px(2), top, self.rect.w - 2 * th.px(2),
                           self.rect.bottom - th.px(1.5) - top)

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0:
            return
        self._render()
        th = self.theme
        theme.draw_panel(surface, self.rect, th)
        pad = th.px(2)
        title, where = self._title()
        surface.blit(title, where)
        body = self._body()
        old_clip = surface.get_clip()
        surface.set_clip(body)
        y = body.bottom + self.scroll - self._content_height()
        gap = th.px(0.5)
        shown = False
        for line, head, start in zip(self._lines, self._heads, self._starts, strict=True):
            if head:
                y += gap
            if start:  # whole entries only at the top: the tail of a wrapped line reads as nonsense
                shown = y >= body.y
            if shown and y + line.get_height() <= body.bottom + gap:
                surface.blit(line, (body.x, y))
            y += line.get_height()
        surface.set_clip(old_clip)
        if self.scroll:
            hint = fonts.text(t("table.log_more"), "small", theme.ACCENT, th.scale * 0.8)
            surface.blit(hint, hint.get_rect(bottomright=(self.rect.right - pad,
                                                          self.rect.bottom - th.px(0.5))))
