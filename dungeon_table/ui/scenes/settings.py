"""Settings: language (switches live), animation speed, fullscreen, UI scale, colour-blind glyphs,
sound on/off, the effects volume and the expert bot's thinking time.

Every change applies at once and is saved (``App.apply_settings``); there is no OK/Cancel to forget.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.base import MenuBase, column
from dungeon_table.ui.settings import ANIM_SPEEDS, LANGUAGES, THINKING, UI_SCALES, VOLUMES
from dungeon_table.ui.widgets import Button, Choice, Toggle, Widget


def speed_text(speed: float) -> str:
    if speed <= 0:
        return t("settings.anim_off")
    return t("settings.anim_x", x=f"{speed:g}")


def on_off(value: bool) -> str:
    return t("common.on" if value else "common.off")


class SettingsScene(MenuBase):
    def __init__(self, app: App, overlay: bool = False) -> None:
        super().__init__(app)
        self.opaque = not overlay  # over a paused table it dims the table instead of hiding it

    def change(self, name: str, value: Any) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        th = self.th
        rect = pygame.Rect(0, 0, min(w - th.px(8), th.px(100)), th.px(71))
        # room for the title above and the file's path below, even at 1280x720 and 150 %
        title = fonts.font("title", th.scale).get_height() + th.px(2)
        rect.midtop = (w // 2, max(title, (h - rect.h) * 2 // 5 + th.px(4)))
        return rect

    def build(self) -> list[Widget]:
        th = self.th
        s = self.app.settings
        panel = self.panel_rect()
        pad = th.px(4)
        # nine rows in the height seven took: at 1280x720 and 150 % the title and the path
        # line must still fit above and below
        rows = column(panel.x + pad, panel.y + pad, panel.w - 2 * pad, th.px(5.2), th.px(0.8), 9)
        speeds = list(ANIM_SPEEDS)
        scales = list(UI_SCALES) if s.ui_scale in UI_SCALES else sorted({*UI_SCALES, s.ui_scale})
        volumes = sorted({*VOLUMES, s.volume})  # a hand-set 33 % is shown as it is
        widgets: list[Widget] = [
            Choice(rows[0], lambda: t("settings.language"), list(LANGUAGES), s.lang,
                   lambda v: self.change("lang", v), fmt=lambda v: t(f"settings.lang.{v}")),
            Choice(rows[1], lambda: t("settings.anim_speed"), speeds,
                   s.anim_speed if s.anim_speed in speeds else 1.0,
                   lambda v: self.change("anim_speed", v), fmt=speed_text),
            Toggle(rows[2], lambda: t("settings.fullscreen"), s.fullscreen,
                   lambda v: self.change("fullscreen", v), fmt=on_off),
            Choice(rows[3], lambda: t("settings.ui_scale"), scales, s.ui_scale,
                   lambda v: self.change("ui_scale", v), fmt=lambda v: f"{round(v * 100)} %"),
            Toggle(rows[4], lambda: t("settings.glyphs"), s.glyphs,
                   lambda v: self.change("glyphs", v), fmt=on_off),
            Toggle(rows[5], lambda: t("settings.sound"), s.sound,
                   lambda v: self.change("sound", v), fmt=on_off),
            Choice(rows[6], lambda: t("settings.volume"), volumes, s.volume,
                   lambda v: self.change("volume", v), fmt=lambda v: f"{v} %"),
            Toggle(rows[7], lambda: t("settings.confirm_costly"), s.confirm_costly,
                   lambda v: self.change("confirm_costly", v), fmt=on_off),
            Choice(rows[8], lambda: t("settings.thinking"), list(THINKING), s.thinking,
                   lambda v: self.change("thinking", v), fmt=lambda v: t(f"settings.thinking.{v}")),
        ]
        bw, bh = th.px(24), th.px(6.5)
        widgets.append(Button(pygame.Rect(panel.centerx - bw // 2, panel.bottom - pad - bh, bw,
                                          bh), lambda: t("common.back"), self.back, primary=True))
        return widgets

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if self.ring.current is None and self.ring.widgets:
            self.ring.focus(self.ring.widgets[0])  # keyboard users land on Language

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        self.blit_text(surface, t("settings.title"), "title",
                       midbottom=(panel.centerx, panel.y - self.th.px(2)))
        theme.draw_panel(surface, panel, self.th)
        if self.app.settings_path is not None:
            self.blit_text(surface, t("settings.saved_to", path=self.app.settings_path), "small",
                           theme.TEXT_DIM, midtop=(panel.centerx, panel.bottom + self.th.px(2)))


screens.register("settings", SettingsScene)
