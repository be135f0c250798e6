"""New game: who sits where (human or bot and its level, names), the game's options, the seed.

Options come from ``GameSpec.options`` (their defaults); the values offered for an option are its
``GameSpec.option_values``, a boolean becomes an on/off toggle. A solo game with a daily run offers
the toggle that sets the seed to today's date (YYYYMMDD), the same run for everyone that day.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core import registry
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import has, t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Choice, TextField, Toggle, Widget

DAILY_GAMES = {"lastdungeon"}
SEED_DIGITS = "0123456789"


def option_label(name: str) -> str:
    return t(f"option.{name}") if has(f"option.{name}", "en") else name.replace("_", " ")


def option_value_text(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return t("common.on" if value else "common.off")
    key = f"option.{name}.{value}"
    return t(key) if has(key, "en") else str(value)


def level_text(level: str) -> str:
    key = f"setup.level.{level}"
    return t(key) if has(key, "en") or has(key) else level.capitalize()


class SetupScene(MenuBase):
    def __init__(self, app: App, game_id: str, seats: list[str] | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.spec = registry.get(game_id)
        count = len(seats) if seats else self.spec.min_players
        self.kinds: list[str] = []  # "human" / "bot" per seat (all max seats, shown up to count)
        self.levels: list[str] = []
        for i in range(self.spec.max_players):
            kind = seats[i] if seats and i < len(seats) else ("human" if i == 0 else "bot:best")
            self.kinds.append("bot" if kind.startswith("bot") else "human")
            self.levels.append(kind.split(":", 1)[1] if ":" in kind else "best")
        self.count = count
        self.names: list[str] = [""] * self.spec.max_players
        self.options: dict[str, Any] = dict(self.spec.options)
        self.seed_text = ""
        self.daily = False
        self.error: str | None = None

    # --- values ----------------------------------------------------------------------------------
    def seats(self) -> list[str]:
        return [
            "human" if self.kinds[i] == "human" else f"bot:{self.levels[i]}"
            for i in range(self.count)
        ]

    def seed(self) -> int:
        if self.daily:
            return nav.daily_seed()
        return int(self.seed_text) if self.seed_text else nav.random_seed()

    def set_count(self, n: int) -> None:
        self.count = n
        self.on_resize(self.app.size)

    def set_kind(self, i: int, kind: str) -> None:
        self.kinds[i] = kind
        self.on_resize(self.app.size)  # the level choice appears or goes

    def set_daily(self, on: bool) -> None:
        self.daily = on
        self.on_resize(self.app.size)

    def start(self) -> None:
        try:
            nav.start_game(self.app, self.game_id, self.seats(), self.seed(), self.options,
                           self.names[: self.count])
        except (ValueError, OSError) as err:
            self.error = t("setup.error", reason=err)
            self.app.request_redraw()

    # --- layout ----------------------------------------------------------------------------------
    # Grid units: the label column, a control box, a row and the gap between rows.
    LABEL_W, BOX_W, NAME_W, ROW, GAP = 22, 26, 38, 6, 1.5

    def _row_count(self) -> int:
        players = 1 if self.spec.min_players != self.spec.max_players else 0
        daily = 1 if self.game_id in DAILY_GAMES else 0
        return players + self.count + len(self.spec.options) + daily + 1  # + seed

    def panel_rect(self) -> pygame.Rect:
        """Sized to its rows (two headings, the rows, the buttons), under the title."""
        w, h = self.app.size
        th = self.th
        body = self._row_count() * (self.ROW + self.GAP) + 2 * 5 + 3
        # room above for the game's name and the "New game" line over it, measured in the type
        # they are set in: at 150 % and 1280×720 a fixed 16 units put "New game" off the top
        head = (fonts.font("title", th.scale).get_height() + fonts.font("body", th.scale)
                .get_height() + th.px(3))
        rect = pygame.Rect(0, 0, min(w - th.px(8), th.px(124)),
                           min(h - head - th.px(2), th.px(4 + body + 4 + self.ROW + 4)))
        rect.midtop = (w // 2, max(head, (h - rect.h) // 3))
        return rect

    def _labelled(self, x: int, y: int, box_w: int) -> pygame.Rect:
        """A row whose control box starts at the label column (labels drawn by the widget)."""
        th = self.th
        return pygame.Rect(x, y, th.px(self.LABEL_W) + th.px(box_w), th.px(self.ROW))

    def _label_share(self, box_w: int) -> float:
        return self.LABEL_W / (self.LABEL_W + box_w)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        x, y = panel.x + pad, panel.y + pad + th.px(5)
        row, gap = th.px(self.ROW), th.px(self.GAP)
        share = self._label_share(self.BOX_W)
        widgets: list[Widget] = []
        if self.spec.min_players != self.spec.max_players:
            players = list(range(self.spec.min_players, self.spec.max_players + 1))
            widgets.append(Choice(self._labelled(x, y, self.BOX_W), lambda: t("setup.players"),
                                  players, self.count, self.set_count, label_width=share))
            y += row + gap
        for i in range(self.count):
            widgets += self._seat_row(i, x, y)
            y += row + gap
        self.options_y = y + th.px(1)
        y += th.px(5) + th.px(1)
        for name in self.spec.options:
            widgets.append(self._option(name, self._labelled(x, y, self.BOX_W), share))
            y += row + gap
        if self.game_id in DAILY_GAMES:
            widgets.append(Toggle(self._labelled(x, y, self.BOX_W), lambda: t("setup.daily"),
                                  self.daily, self.set_daily,
                                  fmt=lambda on: t("common.on" if on else "common.off"),
                                  label_width=share))
            y += row + gap
        self.seed_row = self._labelled(x, y, self.BOX_W)
        if not self.daily:
            box = self.seed_row.copy()
            box.x += th.px(self.LABEL_W)
            box.w = th.px(self.BOX_W)
            widgets.append(TextField(box, self.seed_text, self._set_seed, max_len=9,
                                     allowed=SEED_DIGITS,
                                     placeholder=lambda: t("setup.seed_random")))
        bw = th.px(24)
        bottom = panel.bottom - pad - row
        widgets.append(Button(pygame.Rect(panel.x + pad, bottom, bw, row),
                              lambda: t("common.back"), self.back))
        widgets.append(Button(pygame.Rect(panel.right - pad - bw, bottom, bw, row),
                              lambda: t("setup.start"), self.start, primary=True))
        return widgets

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def _set_name(self, i: int, text: str) -> None:
        self.names[i] = text

    def _set_level(self, i: int, level: str) -> None:
        self.levels[i] = level

    def _seat_row(self, i: int, x: int, y: int) -> list[Widget]:
        """Seat n | Human/Bot | name | bot level (only for a bot)."""
        th = self.th
        h = th.px(self.ROW)
        x += th.px(self.LABEL_W)
        kind = Choice(pygame.Rect(x, y, th.px(self.BOX_W), h), "", ["human", "bot"],
                      self.kinds[i], lambda k, i=i: self.set_kind(i, k),
                      fmt=lambda k: t("setup.human" if k == "human" else "setup.bot"),
                      label_width=0)
        kind.seat_label = i  # type: ignore[attr-defined]  # for the "Seat n" label
        x += th.px(self.BOX_W) + th.px(2)
        row: list[Widget] = [
            kind,
            TextField(pygame.Rect(x, y, th.px(self.NAME_W), h), self.names[i],
                      lambda s, i=i: self._set_name(i, s), max_len=16,
                      placeholder=lambda i=i: nav.seat_names(self.seats(), None)[i]),
        ]
        x += th.px(self.NAME_W) + th.px(2)
        if self.kinds[i] == "bot":
            levels = ["best", *[lv for lv in self.spec.bots if lv != self.spec.best]]
            row.append(Choice(pygame.Rect(x, y, th.px(self.BOX_W - 4), h), "", levels,
                              self.levels[i], lambda lv, i=i: self._set_level(i, lv),
                              fmt=level_text, label_width=0))
        return row

    def _option(self, name: str, rect: pygame.Rect, share: float) -> Widget:
        value = self.options.get(name)

        def change(v: Any, name: str = name) -> None:
            self.options[name] = v

        widget: Choice
        if isinstance(value, bool):
            widget = Toggle(rect, lambda: option_label(name), value, change,
                            fmt=lambda v: option_value_text(name, v), label_width=share)
        else:
            values = list(self.spec.option_values.get(name, [value]))
            widget = Choice(rect, lambda: option_label(name), values, value, change,
                            fmt=lambda v: option_value_text(name, v), label_width=share)
        widget.option = name  # type: ignore[attr-defined]  # for its description and tests
        return widget

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        name = fonts.fit(nav.game_name(self.game_id), "title", surface.get_width() - th.px(8),
                         th.scale)
        title = self.blit_text(surface, name, "title", midbottom=(panel.centerx,
                                                                  panel.y - th.px(2)))
        self.blit_text(surface, t("menu.new"), "body", theme.ACCENT,
                       midbottom=(panel.centerx, title.top + th.px(1)))
        theme.draw_panel(surface, panel, th)
        pad = th.px(4)
        self.blit_text(surface, t("setup.seats"), "small", theme.TEXT_DIM,
                       topleft=(panel.x + pad, panel.y + pad))
        for widget in self.widgets:
            seat = getattr(widget, "seat_label", None)
            if seat is not None:
                self.blit_text(surface, t("setup.seat", n=seat + 1), "body",
                               midleft=(panel.x + pad, widget.rect.centery))
        self.blit_text(surface, t("setup.options"), "small", theme.TEXT_DIM,
                       topleft=(panel.x + pad, self.options_y))
        seed_y = self.seed_row.centery
        self.blit_text(surface, t("setup.seed"), "body", midleft=(self.seed_row.x, seed_y))
        if self.daily:
            detail = t("setup.daily_detail", date=nav.daily_seed())
            self.blit_text(surface, detail, "body", theme.ACCENT,
                           midleft=(self.seed_row.x + th.px(self.LABEL_W) + th.px(1.5), seed_y))
        if self.error:
            lines = fonts.wrap(self.error, "small", panel.w - 2 * pad, th.scale)[:2]
            step = fonts.line_height("small", th.scale)
            y = panel.bottom - pad - th.px(self.ROW) - th.px(1) - len(lines) * step
            for line in lines:
                self.blit_text(surface, line, "small", theme.DANGER, topleft=(panel.x + pad, y))
                y += step
