"""Statistics: the solo games' record (``core/stats.py``), one row per solo game or mode."""

from __future__ import annotations

import pygame

from dungeon_table.core import stats as solo_stats
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Widget

# The rows shown even before any game is played: each solo game, each Dungeon! solo mode.
ROWS = ("lastdungeon", *(f"dungeon.{mode}" for mode in solo_stats.DUNGEON_SOLO_MODES))
COLUMNS = ("games", "wins", "best_score", "streak", "best_streak", "daily")


def row_name(key: str) -> str:
    """"Last Dungeon Pocket", "Dungeon! · Hunter"."""
    game, _, mode = key.partition(".")
    return f"{game_name(game)} · {t(f'stats.mode.{mode}')}" if mode else game_name(game)


def cells(line: solo_stats.GameStats) -> list[str]:
    best = "–" if line.best_score is None else str(line.best_score)
    return [str(line.games), str(line.wins), best, str(line.streak), str(line.best_streak),
            str(line.daily)]


class StatsScene(MenuBase):
    def on_enter(self) -> None:
        self.stats = solo_stats.load()
        self.on_resize(self.app.size)

    def panel_rect(self) -> pygame.Rect:
        return self.page_rect(top=16, bottom=8)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        bw, bh = th.px(24), th.px(7)
        return [Button(pygame.Rect(panel.x + th.px(4), panel.bottom - th.px(4) - bh, bw, bh),
                       lambda: t("common.back"), self.back, primary=True)]

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        self.blit_text(surface, t("stats.title"), "title",
                       midbottom=(panel.centerx, panel.y - th.px(2)))
        theme.draw_panel(surface, panel, th)
        pad = th.px(4)
        name_w = round((panel.w - 2 * pad) * 0.3)
        col_w = (panel.w - 2 * pad - name_w) // len(COLUMNS)
        y = panel.y + pad
        for i, column in enumerate(COLUMNS):
            head = fonts.fit(t(f"stats.{column}"), "small", col_w - th.px(1), th.scale)
            self.blit_text(surface, head, "small", theme.TEXT_DIM,
                           topright=(panel.x + pad + name_w + (i + 1) * col_w, y))
        y += fonts.line_height("small", th.scale) + th.px(1.5)
        line_h = fonts.line_height("body", th.scale) + th.px(1.5)
        for key in ROWS:
            line = self.stats.games.get(key) or solo_stats.GameStats()
            name = fonts.fit(row_name(key), "body", name_w - th.px(1), th.scale)
            self.blit_text(surface, name, "body", topleft=(panel.x + pad, y))
            for i, cell in enumerate(cells(line)):
                self.blit_text(surface, cell, "body",
                               topright=(panel.x + pad + name_w + (i + 1) * col_w, y))
            y += line_h
        note = fonts.wrap(t("stats.note"), "small", panel.w - 2 * pad, th.scale)
        y += th.px(2)
        for text in note[:3]:
            self.blit_text(surface, text, "small", theme.TEXT_DIM, topleft=(panel.x + pad, y))
            y += fonts.line_height("small", th.scale)


screens.register("stats", StatsScene)
