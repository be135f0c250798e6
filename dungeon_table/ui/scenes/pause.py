"""The Esc menu over a table (or over the privacy screen in front of it): resume, rules,
settings, save and quit to the main menu.

The running game is already autosaved after every action; "save & quit" also writes a named save
(for Load) and keeps the autosave, so Continue on the main menu picks the game up again.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.ui import screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase, column
from dungeon_table.ui.widgets import Button, Widget


class PauseScene(MenuBase):
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # The table, whose session is what gets saved; it may lie under the privacy screen.
        self.below: Any = next((scene for scene in reversed(app.scenes)
                                if getattr(scene, "session", None) is not None), app.top)

    @property
    def session(self) -> Any:
        return getattr(self.below, "session", None)

    def resume(self) -> None:
        self.app.pop()

    def rules(self) -> None:
        game = self.session.record.game if self.session is not None else None
        screens.push(self.app, "rules", game, overlay=True)

    def settings(self) -> None:
        screens.push(self.app, "settings", overlay=True)

    def save_quit(self) -> None:
        session = self.session
        # A tutorial is kept by its own autosave, which Learn to play resumes: no copy in Load.
        if session is not None and session.record.actions \
                and getattr(session, "tutorial", None) is None:
            try:
                nav.save_game(session)  # this table's earlier save & quit gives way
            except OSError as err:
                if session.autosave_error:  # nothing on disk holds this game: stay at the table
                    self.app.pop()
                    self.below.show_toast(t("error.save", reason=err))
                    return
                # otherwise the autosave still holds the game; Continue will offer it
        screens.reset(self.app, "menu")

    def panel_rect(self) -> pygame.Rect:
        th = self.th
        w, h = self.app.size
        rect = pygame.Rect(0, 0, th.px(56), th.px(52))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(5)
        actions = [
            (lambda: t("pause.resume"), self.resume, True),
            (lambda: t("pause.rules"), self.rules, False),
            (lambda: t("pause.settings"), self.settings, False),
            (lambda: t("pause.save_quit"), self.save_quit, False),
        ]
        rects = column(panel.x + pad, panel.y + th.px(13), panel.w - 2 * pad, th.px(7),
                       th.px(1.5), len(actions))
        return [
            Button(rect, label, fn, primary=primary)
            for rect, (label, fn, primary) in zip(rects, actions, strict=True)
        ]

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if self.ring.current is None and self.ring.widgets:
            self.ring.focus(self.ring.widgets[0])

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, self.th)
        self.blit_text(surface, t("pause.title"), "heading",
                       midtop=(panel.centerx, panel.y + self.th.px(4)))


screens.register("pause", PauseScene)
