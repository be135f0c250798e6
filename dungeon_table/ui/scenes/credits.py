"""About / Credits, from the main menu: who made the pictures and the sounds, and under what terms.

The icons are Game Icons (game-icons.net, CC BY 3.0): the licence asks that their authors be
credited where the work is shown, so the authors are read from ``assets/icons/LICENSE.md`` (the
one list, written by ``tools/extract_icons.py`` with the icons) rather than copied here. The sounds
are the project's own (``assets/sounds/LICENSE.md``). Each game's picture stands beside its name.
"""

from __future__ import annotations

import pygame

from dungeon_table.core import assets, registry
from dungeon_table.ui import fonts, icons, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Widget


class CreditsScene(MenuBase):
    """The credits as wrapped paragraphs on one panel, Back (or Esc) to the menu."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.authors = assets.icon_authors()

    def panel_rect(self) -> pygame.Rect:
        return self.page_rect(top=16, bottom=14)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        rect = pygame.Rect(0, 0, th.px(26), th.px(7))
        rect.midtop = (panel.centerx, panel.bottom + th.px(2))
        return [Button(rect, lambda: t("common.back"), self.app.pop, primary=True)]

    def sections(self) -> list[tuple[str, str]]:
        """(heading, paragraph) in the language of the moment."""
        authors = t("list.sep").join(self.authors)
        return [
            (t("credits.icons_heading"), t("credits.icons_body")),
            (t("credits.authors_heading"), authors),
            (t("credits.sounds_heading"), t("credits.sounds_body")),
            (t("credits.code_heading"), t("credits.code_body")),
        ]

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        self.blit_text(surface, t("credits.title"), "title",
                       midbottom=(panel.centerx, panel.y - th.px(2)))
        theme.draw_panel(surface, panel, th)
        self._draw_games(surface, pygame.Rect(panel.x, panel.y + th.px(3), panel.w, th.px(13)))
        x, width = panel.x + th.px(4), panel.w - th.px(8)
        y = panel.y + th.px(19)
        line_h = fonts.line_height("small", th.scale)
        for heading, body in self.sections():
            if y + line_h > panel.bottom - th.px(2):
                break
            y = self.blit_text(surface, heading, "body", theme.GOLD, True, topleft=(x, y)).bottom
            for line in fonts.wrap(body, "small", width, th.scale):
                if y + line_h > panel.bottom - th.px(2):
                    break
                y = self.blit_text(surface, line, "small", topleft=(x, y)).bottom
            y += th.px(1.5)

    def _draw_games(self, surface: pygame.Surface, band: pygame.Rect) -> None:
        """Each app game's picture and name in a row along the top of the panel."""
        games = [g for g in registry.game_ids() if icons.menu_picture(g)]
        if not games:
            return
        step = band.w // len(games)
        size = band.h - self.th.px(3)
        for k, game_id in enumerate(games):
            cell = pygame.Rect(band.x + k * step, band.y, step, size)
            icons.blit_icon(surface, icons.menu_picture(game_id), cell, theme.GOLD)
            name = fonts.fit(game_name(game_id), "small", step - self.th.px(2), self.th.scale)
            self.blit_text(surface, name, "small", theme.TEXT_DIM,
                           midtop=(cell.centerx, cell.bottom + self.th.px(0.5)))


screens.register("credits", CreditsScene)
