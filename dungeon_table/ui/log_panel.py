"""The game log: a scrollable panel on the right of the table, one translated line per event.

Each entry is wrapped and rendered once, when it is first drawn, and kept until the panel's width,
the UI scale or the language changes: adding lines late in a long game costs only the new lines.
New lines scroll the log to its end unless the player has scrolled back to read. A line the
same as the one before it folds into it ("Fighter (P1) takes a spell. × 8"): a run of repeats
reads as one thing that happened so many times, and leaves room for the rest of the game.

A ``LogHeading`` among the lines (a game's ``log_lines`` returns one for a new turn starting in
the middle of an action's events) is set as a heading where it stands; ``add``'s ``heading`` puts
one before the lines.

    log = LogPanel()
    log.add(["You played Pit Trap on space 2."], heading="Round 3")
    log.layout(rect, theme)
    log.handle(event)      # mouse wheel over the panel
    log.draw(surface)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from dungeon_table.ui import fonts, i18n, theme
from dungeon_table.ui.i18n import t

TYPE_SCALE = 0.9  # of the theme's scale: the log is secondary to the table


class LogHeading(str):
    """A log line that is a heading where it stands ("Turn 5 · Blue" among the last turn's
    lines)."""

    heading = True


@dataclass
class _Entry:
    text: str
    heading: bool = False
    count: int = 1  # the same line this many times in a row

    def shown(self) -> str:
        return self.text if self.count == 1 else t("table.log_repeated", line=self.text, n=self.count)


class LogPanel:
    def __init__(self) -> None:
        self.entries: list[_Entry] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.theme = theme.Theme()
        self.scroll = 0  # pixels scrolled back from the end
        self._shown: list[list[pygame.Surface]] = []  # the rendered lines of the first entries
        self._height = 0  # of everything in ``_shown``, headings' gaps included
        self._laid_for: tuple[float, int, str] | None = None
        # An entry's lines by (text, heading): a log rebuilt for another seat or after undo
        # renders only lines it has not shown before.
        self._rendered: dict[tuple[str, bool], list[pygame.Surface]] = {}

    def clear(self) -> None:
        self.entries.clear()
        self._shown.clear()
        self._height = 0

    def add(self, lines: list[str], heading: str | None = None) -> None:
        """Append lines (already translated); ``heading`` starts a group such as a new round, a
        ``LogHeading`` is one in its place."""
        if heading:
            self.entries.append(_Entry(str(heading), heading=True))
        for line in lines:
            if line:
                self._append(_Entry(str(line), heading=isinstance(line, LogHeading)))
        self.scroll = 0

    def _append(self, entry: _Entry) -> None:
        """A new entry, or one more of the last when it repeats it (headings never fold)."""
        last = self.entries[-1] if self.entries else None
        if last is None or entry.heading or last.heading or last.text != entry.text:
            self.entries.append(entry)
            return
        last.count += 1
        if len(self._shown) == len(self.entries):  # drawn already: its lines are drawn anew
            self._height -= sum(s.get_height() for s in self._shown.pop())

    def layout(self, rect: pygame.Rect, th: theme.Theme) -> None:
        self.rect = pygame.Rect(rect)
        self.theme = th

    def _gap(self) -> int:
        """Space above a heading."""
        return self.theme.px(0.5)

    def _render(self) -> None:
        """Render the entries added since the last call; everything again only when the width,
        the scale or the language has changed."""
        key = (self.theme.scale, self.rect.w, i18n.language())
        if self._laid_for != key:
            self._laid_for = key
            self._rendered.clear()
            self._shown.clear()
            self._height = 0
        for entry in self.entries[len(self._shown):]:
            images = self._lines_of(entry)
            self._shown.append(images)
            self._height += sum(s.get_height() for s in images) + (
                self._gap() if entry.heading else 0)

    def _lines_of(self, entry: _Entry) -> list[pygame.Surface]:
        key = (entry.shown(), entry.heading)
        images = self._rendered.get(key)
        if images is None:
            role = "body" if entry.heading else "small"
            colour = theme.GOLD if entry.heading else theme.TEXT
            scale = self.theme.scale * TYPE_SCALE
            width = self.rect.w - 2 * self.theme.px(2)
            images = [fonts.text(line, role, colour, scale, entry.heading)
                      for line in fonts.wrap(entry.shown(), role, width, scale)]
            self._rendered[key] = images
        return images

    def _content_height(self) -> int:
        return self._height

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
        self._draw_entries(surface, body)
        surface.set_clip(old_clip)
        if self.scroll:
            hint = fonts.text(t("table.log_more"), "small", theme.ACCENT, th.scale * 0.8)
            surface.blit(hint, hint.get_rect(bottomright=(self.rect.right - pad,
                                                          self.rect.bottom - th.px(0.5))))

    def _draw_entries(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """From the newest entry upwards, as far as whole entries fit: the tail of a wrapped line
        whose start has scrolled away reads as nonsense. Older entries cost nothing."""
        gap = self._gap()
        bottom = body.bottom + self.scroll  # where the newest entry ends
        for entry, images in zip(reversed(self.entries), reversed(self._shown), strict=True):
            top = bottom - sum(s.get_height() for s in images)
            bottom = top - (gap if entry.heading else 0)
            if top < body.y:
                break
            y = top
            for line in images:
                if y + line.get_height() > body.bottom + gap:
                    break
                surface.blit(line, (body.x, y))
                y += line.get_height()
