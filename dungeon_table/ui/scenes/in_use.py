"""The screen of a second copy of the app on a data home another copy holds (``core.instance``).

It says which folder and which process, and offers Try again (the other window may have been
closed meanwhile: the app then starts as usual) and Quit. Nothing in the data home is read for
writing, set aside or cleaned up from here.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from dungeon_table.core.instance import HomeInUse
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Widget


class InUseScene(MenuBase):
    def __init__(self, app: App, refusal: HomeInUse, retry: Callable[[], bool]) -> None:
        super().__init__(app)
        self.refusal = refusal
        self.retry = retry  # True once the lock is taken and the app has started behind this

    def message(self) -> str:
        return t("in_use.body", home=str(self.refusal.home), pid=self.refusal.pid or "?")

    def try_again(self) -> None:
        if self.retry():
            return
        self.app.request_redraw()  # still held: the message stays

    def back(self) -> None:
        self.app.quit()

    def panel_rect(self) -> pygame.Rect:
        return self.page_rect(top=18, bottom=18)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        bw, bh, gap = th.px(26), th.px(7), th.px(3)
        y = panel.bottom - th.px(4) - bh
        x = panel.centerx - bw - gap // 2
        return [Button(pygame.Rect(x, y, bw, bh), lambda: t("in_use.retry"), self.try_again,
                       primary=True),
                Button(pygame.Rect(x + bw + gap, y, bw, bh), lambda: t("menu.quit"),
                       self.app.quit)]

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        self.blit_text(surface, t("in_use.title"), "title",
                       midbottom=(panel.centerx, panel.y - th.px(2)))
        theme.draw_panel(surface, panel, th)
        y = panel.y + th.px(4)
        for line in fonts.wrap(self.message(), "body", panel.w - th.px(8), th.scale):
            rect = self.blit_text(surface, line, "body", topleft=(panel.x + th.px(4), y))
            y = rect.bottom + th.px(0.5)


screens.register("in_use", InUseScene)
