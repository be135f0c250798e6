"""In-app rules: each game's rules from the rules catalogs, scrollable, in the current language.

The text is ``rules.<game>.body`` in ``<lang>.rules.yaml``: paragraphs separated by blank lines,
``## `` starts a heading, ``- `` a bullet. It is laid out once per size and language.
"""

from __future__ import annotations

import pygame

from dungeon_table.core import registry
from dungeon_table.ui import fonts, i18n, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Widget

Line = tuple[pygame.Surface, int, int]  # image, x offset, y offset within the text


def page_text(game_id: str) -> str:
    """A game's rules page: its own text, then the keys every table takes (``rules.keys``), so
    no game's page leaves one out."""
    key = f"rules.{game_id}.body"
    body = t(key) if i18n.has(key) or i18n.has(key, "en") else t("rules.missing")
    return body.strip() + "\n\n" + t("rules.keys").strip()


class RulesHelpScene(MenuBase):
    def __init__(self, app: App, game_id: str | None = None, overlay: bool = False) -> None:
        super().__init__(app)
        self.opaque = not overlay
        self.games = registry.game_ids()
        self.game_id = game_id if game_id in self.games else (self.games[0] if self.games else "")
        self.scroll = 0
        self.lines: list[Line] = []
        self.text_h = 0

    def select(self, game_id: str) -> None:
        self.game_id = game_id
        self.scroll = 0
        self.on_resize(self.app.size)

    # --- layout ----------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        return self.page_rect(top=4, bottom=4)  # the title is inside it

    def text_rect(self) -> pygame.Rect:
        th = self.th
        panel = self.panel_rect()
        top = th.px(12) + (th.px(7) if len(self.games) > 1 else 0)
        return pygame.Rect(panel.x + th.px(6), panel.y + top, panel.w - th.px(12),
                           panel.h - top - th.px(16))

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        widgets: list[Widget] = []
        if len(self.games) > 1:
            # wide enough for a long name ("ラストダンジョン ポケット") while the games fit the row
            bw = min(self.text_px(40), (panel.w - th.px(12)) // len(self.games) - th.px(1))
            for i, game_id in enumerate(self.games):
                rect = pygame.Rect(panel.x + th.px(6) + i * (bw + th.px(1)), panel.y + th.px(11),
                                   bw, th.px(5.5))
                widgets.append(Button(rect, lambda g=game_id: game_name(g),
                                      lambda g=game_id: self.select(g),
                                      primary=game_id == self.game_id, role="small"))
        bw, bh = th.px(24), th.px(6.5)
        widgets.append(Button(pygame.Rect(panel.centerx - bw // 2, panel.bottom - th.px(4) - bh,
                                          bw, bh), lambda: t("common.close"), self.back))
        self._layout_text()
        return widgets

    def _layout_text(self) -> None:
        th = self.th
        width = self.text_rect().w - th.px(3)  # room for the scroll bar
        body = page_text(self.game_id)
        self.lines = []
        y = 0
        for block in body.strip().split("\n\n"):
            y = self._layout_block(block.strip(), y, width)
            y += th.px(1.5)
        self.text_h = y
        self._clamp()

    def _layout_block(self, block: str, y: int, width: int) -> int:
        """One paragraph group: ``## `` lines are headings, ``- `` lines bullets, others text."""
        th = self.th
        indent = th.px(3)
        step = fonts.line_height("body", th.scale)
        for item in block.split("\n"):
            if item.startswith("## "):
                y += th.px(1)
                for line in fonts.wrap(item[3:], "heading", width, th.scale):
                    self.lines.append((fonts.text(line, "heading", theme.ACCENT, th.scale), 0, y))
                    y += fonts.line_height("heading", th.scale)
                y += th.px(0.5)
                continue
            bullet = item.startswith("- ")
            text = item[2:] if bullet else item
            x = indent if bullet else 0
            for i, line in enumerate(fonts.wrap(text, "body", width - x, th.scale)):
                if bullet and i == 0:
                    self.lines.append((fonts.text("•", "body", theme.GOLD, th.scale), th.px(0.5), y))
                self.lines.append((fonts.text(line, "body", theme.TEXT, th.scale), x, y))
                y += step
        return y

    # --- scrolling -------------------------------------------------------------------------------
    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.text_h - self.text_rect().h))

    def scroll_by(self, dy: int) -> None:
        self.scroll += dy
        self._clamp()
        self.app.request_redraw()

    def handle(self, event: pygame.event.Event) -> None:
        page = self.text_rect().h - self.th.px(4)
        line = fonts.line_height("body", self.th.scale)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
        super().handle(event)

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, th)
        self.blit_text(surface, t("rules.title") + " · " + game_name(self.game_id), "heading",
                       midtop=(panel.centerx, panel.y + th.px(3.5)))
        area = self.text_rect()
        clip = surface.get_clip()
        surface.set_clip(area)
        for image, x, y in self.lines:
            top = area.y + y - self.scroll
            if top + image.get_height() >= area.y and top <= area.bottom:
                surface.blit(image, (area.x + x, top))
        surface.set_clip(clip)
        self._draw_scrollbar(surface, area)
        self.blit_text(surface, t("rules.scroll"), "small", theme.TEXT_DIM,
                       midbottom=(panel.centerx, panel.bottom - th.px(12)))

    def _draw_scrollbar(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if self.text_h <= area.h:
            return
        th = self.th
        track = pygame.Rect(area.right - th.px(1), area.y, th.px(0.75), area.h)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.FELT_DARK, 0.5), track,
                         border_radius=track.w)
        h = max(th.px(4), area.h * area.h // self.text_h)
        y = area.y + (area.h - h) * self.scroll // max(1, self.text_h - area.h)
        pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(track.x, y, track.w, h),
                         border_radius=track.w)


screens.register("rules", RulesHelpScene)
