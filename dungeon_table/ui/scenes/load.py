"""Load: every save in the saves folder, newest first. Open plays on (or replays a finished game).

A save this version cannot open is listed with its error; a damaged one is set aside into
``saves/damaged/`` and listed with why, with every file set aside before; opening one that fails
to replay shows why. The list and the rest of the app carry on.
"""

from __future__ import annotations

import time

import pygame

from dungeon_table.core.errors import DamagedSave, SaveError
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Widget


class LoadScene(MenuBase):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[nav.SaveInfo] = []
        self.first = 0  # index of the first row shown
        self.error: str | None = None

    def on_enter(self) -> None:
        try:
            self.saves = nav.list_saves()
        except OSError as err:
            self.saves, self.error = [], str(err)
        self.on_resize(self.app.size)

    # --- actions ---------------------------------------------------------------------------------
    def open(self, info: nav.SaveInfo, replay: bool = False) -> None:
        try:
            session = nav.load_session(info.path, keep_autosave=not replay)
        except (SaveError, OSError, ValueError) as err:
            self.error = t("error.load", file=info.path.name, reason=err)
            if isinstance(err, DamagedSave):  # set aside: the list shows it among those
                self.on_enter()
            self.app.request_redraw()
            return
        if replay or session.game.result() is not None:
            screens.replace(self.app, "replay", session.record)
            return
        try:
            nav.open_table(self.app, session)
        except Exception as err:  # noqa: BLE001 - a table that fails must leave the list usable
            self.error = t("error.table", reason=err)
            self.app.request_redraw()

    # --- layout ----------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        return self.page_rect(top=16, bottom=10)  # the title stands above it

    def rows(self) -> int:
        th = self.th
        panel = self.panel_rect()
        return max(1, (panel.h - th.px(28)) // self.row_h())

    def row_h(self) -> int:
        return self.th.px(10)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        widgets: list[Widget] = []
        bw, bh = th.px(17), th.px(6)
        y = panel.y + pad
        for info in self.saves[self.first : self.first + self.rows()]:
            right = panel.right - pad - th.px(1)
            usable = info.error is None
            # Open first: Tab goes left to right, as the buttons stand
            widgets.append(Button(pygame.Rect(right - 2 * bw - th.px(1.5),
                                              y + (self.row_h() - bh) // 2 - th.px(0.5), bw, bh),
                                  lambda: t("load.open"), lambda i=info: self.open(i),
                                  enabled=usable, role="small"))
            widgets.append(Button(pygame.Rect(right - bw, y + (self.row_h() - bh) // 2 - th.px(0.5),
                                              bw, bh), lambda: t("load.replay"),
                                  lambda i=info: self.open(i, replay=True), enabled=usable,
                                  role="small"))
            y += self.row_h()
        bw = th.px(24)
        widgets.append(Button(pygame.Rect(panel.centerx - bw // 2, panel.bottom - pad - th.px(6.5),
                                          bw, th.px(6.5)), lambda: t("common.back"), self.back))
        return widgets

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.saves:
            self._scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN and self._scroll_with_focus(event):
            return
        super().handle(event)

    def _scroll(self, rows: int) -> None:
        last = max(0, len(self.saves) - self.rows())
        self.first = max(0, min(last, self.first + rows))
        self.on_resize(self.app.size)

    def _scroll_with_focus(self, event: pygame.event.Event) -> bool:
        """Tab or Down past the last row shown (Shift+Tab or Up before the first) scrolls one
        row and focuses the row that came in: only the wheel scrolled, so the keyboard could
        never reach a save below the fold."""
        shown = min(self.rows(), len(self.saves) - self.first)
        back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                            and bool(event.mod & pygame.KMOD_SHIFT))
        ahead = event.key == pygame.K_DOWN or (event.key == pygame.K_TAB and not back)
        index = self.ring.index
        if ahead and shown and index == 2 * shown - 1 and self.first + shown < len(self.saves):
            self._scroll(1)
            self.ring.focus(self.widgets[2 * shown - 2])
            return True
        if back and index == 0 and self.first > 0:
            self._scroll(-1)
            self.ring.focus(self.widgets[1])
            return True
        return False

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        self.blit_text(surface, t("load.title"), "title",
                       midbottom=(panel.centerx, panel.y - th.px(2)))
        theme.draw_panel(surface, panel, th)
        shown = self.saves[self.first : self.first + self.rows()]
        if len(shown) < len(self.saves):
            where = t("load.range", first=self.first + 1, last=self.first + len(shown),
                      total=len(self.saves))
            self.blit_text(surface, where, "small", theme.TEXT_DIM,
                           bottomright=(panel.right - th.px(4), panel.bottom - th.px(5)))
        pad = th.px(4)
        if not self.saves:
            self.blit_text(surface, t("load.empty"), "body", theme.TEXT_DIM,
                           midtop=(panel.centerx, panel.y + th.px(10)))
        y = panel.y + pad
        text_w = panel.w - 2 * pad - 2 * th.px(17) - th.px(5)
        for info in self.saves[self.first : self.first + self.rows()]:
            self._draw_row(surface, info, pygame.Rect(panel.x + pad, y, panel.w - 2 * pad,
                                                      self.row_h() - th.px(1)), text_w)
            y += self.row_h()
        if self.error:
            self._draw_error(surface, panel)

    def _draw_row(self, surface: pygame.Surface, info: nav.SaveInfo, rect: pygame.Rect,
                  text_w: int) -> None:
        th = self.th
        fill = theme.mix(theme.PANEL, theme.FELT_DARK, 0.3)
        if info.error is not None:
            fill = theme.mix(fill, theme.DANGER, 0.12)
        theme.draw_panel(surface, rect, th, fill, shadow=False)
        x = rect.x + th.px(2)
        if info.error is None:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.modified))
            head = self.row_head(info)
            sub = t("load.saved", game=info.path.name, when=when, actions=info.actions)
            colour = theme.TEXT_DIM
        else:
            reason = info.error.replace(f"{info.path}: ", "")  # the row already names the file
            label = t("load.set_aside" if info.set_aside else "load.damaged")
            head, sub, colour = f"{label}: {info.path.name}", reason, theme.DANGER
        self.blit_text(surface, fonts.fit(head, "body", text_w, th.scale), "body",
                       topleft=(x, rect.y + th.px(1)))
        self.blit_text(surface, fonts.fit(sub.replace("\n", " "), "small", text_w, th.scale),
                       "small", colour, bottomleft=(x, rect.bottom - th.px(1)))

    def row_head(self, info: nav.SaveInfo) -> str:
        """The game's name, then won / lost and the points, or the round it stands in."""
        head = game_name(info.game)
        line = nav.describe(info)  # replays the save the first time its row is shown
        if info.autosave and not (info.finished and line):  # "won" already says finished
            head += f"  ·  {t('load.finished' if info.finished else 'menu.continue')}"
        return head + (f"  ·  {line}" if line else "")

    def _draw_error(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        th = self.th
        width = panel.w - th.px(8)
        lines = fonts.wrap(self.error or "", "small", width - th.px(4), th.scale)[:4]
        step = fonts.line_height("small", th.scale)
        box = pygame.Rect(0, 0, width, th.px(2) + len(lines) * step)
        box.midbottom = (panel.centerx, panel.bottom - th.px(12))
        theme.draw_panel(surface, box, th, theme.mix(theme.PANEL, theme.DANGER, 0.35),
                         edge=theme.DANGER)
        y = box.y + th.px(1)
        for line in lines:
            self.blit_text(surface, line, "small", topleft=(box.x + th.px(2), y))
            y += step


screens.register("load", LoadScene)
