"""Game over: the outcome, every score line per seat (winner highlighted), a chart of the game.

Shown over the final table (dimmed). The finished game is saved once into the saves folder, so it
can be replayed later from Load.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core import paths
from dungeon_table.core.protocol import Result, ScoreLine
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase
from dungeon_table.ui.widgets import Button, Widget

SERIES_COLOURS = ["blue", "red", "green", "purple", "yellow"]  # one glyph per seat as well
# Keys pressed this soon after the screen appears were meant for the table (the last Enter, a
# held key repeating): they must not press "Play again" before the result has been seen.
SETTLE_MS = 800


def score_rows(result: Result) -> list[str]:
    """Every score key in the order the first seat lists them, ``score.total`` last."""
    keys: list[str] = []
    for lines in result.breakdown:
        for line in lines:
            if line.key not in keys:
                keys.append(line.key)
    if "score.total" in keys:
        keys.remove("score.total")
        keys.append("score.total")
    return keys


def score_line(result: Result, seat: int, key: str) -> ScoreLine | None:
    for line in result.breakdown[seat] if seat < len(result.breakdown) else []:
        if line.key == key:
            return line
    return None


def count_text(line: ScoreLine | None) -> str:
    """"13 × 10" for a line that counts things (13 repelled, 10 points each); else ""."""
    if line is None or not line.count:
        return ""
    each = line.value // line.count
    if each * line.count != line.value or each == 1:
        return t("gameover.count_only", n=line.count) if each != 1 else ""
    return t("gameover.count", n=line.count, each=each)


class GameOverScene(MenuBase):
    opaque = False

    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.result: Result = session.game.result()
        self.game_id: str = session.record.game
        self.names: list[str] = list(getattr(session, "names", None) or [])  # as typed at setup
        self.saved: str | None = None
        self.shown_at: int | None = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.shown_at is not None and \
                self.app.now() - self.shown_at < SETTLE_MS:
            return
        super().handle(event)

    def on_enter(self) -> None:
        if self.shown_at is None:
            self.shown_at = self.app.now()
        if self.saved is None:
            try:
                path = paths.save_path(self.game_id)
                self.session.save(path)
                self.saved = path.name
            except OSError:
                self.saved = ""

    # --- actions ---------------------------------------------------------------------------------
    def _menu(self) -> None:
        from dungeon_table.ui.scenes.menu import MainMenuScene

        self.app.reset(MainMenuScene(self.app))

    def again(self) -> None:
        record = self.session.record
        # Today's daily run is played again as the daily run; any other game gets a fresh seed.
        seed = record.seed if record.seed == nav.daily_seed() else nav.random_seed()
        self._menu()
        nav.start_game(self.app, self.game_id, list(record.seats), seed, dict(record.options),
                       self.names, replace=False)

    def new_game(self) -> None:
        from dungeon_table.ui.scenes.setup import SetupScene

        self._menu()
        self.app.push(SetupScene(self.app, self.game_id, list(self.session.record.seats)))

    def replay(self) -> None:
        from dungeon_table.ui.scenes.replay import ReplayScene

        self._menu()
        self.app.push(ReplayScene(self.app, self.session.record))

    def back(self) -> None:
        self._menu()

    # --- layout ----------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        th = self.th
        # Tall enough for the score lines (plus the saved-as line) and a readable chart, no more.
        row_h = fonts.line_height("body", th.scale) + th.px(1)
        table_h = (len(score_rows(self.result)) + 1) * row_h + th.px(4)
        body = max(th.px(40), table_h)
        head = fonts.line_height("title", th.scale) + th.px(3)
        height = th.px(4) + head + body + th.px(3) + th.px(7) + th.px(4)
        rect = pygame.Rect(0, 0, min(w - th.px(8), self.text_px(160)), min(h - th.px(8), height))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        actions = [
            (lambda: t("gameover.again"), self.again, True),
            (lambda: t("gameover.new"), self.new_game, False),
            (lambda: t("gameover.replay"), self.replay, False),
            (lambda: t("gameover.menu"), self._menu, False),
        ]
        gap = th.px(2)
        bw = (panel.w - 2 * pad - 3 * gap) // 4
        bh = th.px(7)
        y = panel.bottom - pad - bh
        return [
            Button(pygame.Rect(panel.x + pad + i * (bw + gap), y, bw, bh), label, fn,
                   primary=primary)
            for i, (label, fn, primary) in enumerate(actions)
        ]

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, th)
        pad = th.px(4)
        won = bool(self.result.winners)
        head = self.blit_text(surface, t(self.result.outcome), "title",
                              theme.GOOD if won else theme.DANGER,
                              midtop=(panel.centerx, panel.y + pad))
        top = head.bottom + th.px(3)
        bottom = panel.bottom - pad - th.px(7) - th.px(3)
        half = (panel.w - 3 * pad) // 2
        self.draw_table(surface, pygame.Rect(panel.x + pad, top, half, bottom - top))
        chart = pygame.Rect(panel.x + 2 * pad + half, top, half, bottom - top)
        self.draw_chart(surface, chart)
        if self.saved:
            saved = fonts.fit(t("gameover.saved", file=self.saved), "small", half, th.scale)
            self.blit_text(surface, saved, "small", theme.TEXT_DIM,
                           bottomleft=(panel.x + pad, bottom))

    def draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        th = self.th
        seats = len(self.result.breakdown)
        row_h = fonts.line_height("body", th.scale) + th.px(1)
        label_w = area.w - seats * th.px(20) if seats > 1 else area.w - th.px(24)
        col_w = (area.w - label_w) // max(1, seats)
        winners = set(self.result.winners)
        # header: seat names; the winner's column gets the accent band
        for seat in range(seats):
            x = area.x + label_w + seat * col_w
            if seat in winners and seats > 1:
                band = pygame.Rect(x, area.y, col_w, row_h * (len(score_rows(self.result)) + 1))
                theme.draw_panel(surface, band, th, theme.mix(theme.PANEL, theme.ACCENT, 0.18),
                                 edge=theme.ACCENT, shadow=False)
            shown = nav.seat_names(list(self.session.record.seats), self.names)
            name = fonts.fit(shown[seat] if seat < len(shown) else str(seat + 1),
                             "body", col_w - th.px(1), th.scale)
            colour = theme.ACCENT if seat in winners else theme.TEXT_DIM
            self.blit_text(surface, name, "body", colour, bold=seat in winners,
                           midtop=(x + col_w // 2, area.y))
        y = area.y + row_h
        for key in score_rows(self.result):
            total = key == "score.total"
            if total:
                pygame.draw.line(surface, theme.PANEL_EDGE, (area.x, y), (area.right, y),
                                 max(1, th.px(0.2)))
            label = fonts.fit(t(key), "body", label_w - th.px(1), th.scale)
            self.blit_text(surface, label, "body", theme.TEXT, bold=total, topleft=(area.x, y))
            for seat in range(seats):
                self._draw_cell(surface, score_line(self.result, seat, key), total,
                                pygame.Rect(area.x + label_w + seat * col_w, y, col_w, row_h))
            y += row_h

    def _draw_cell(self, surface: pygame.Surface, line: ScoreLine | None, total: bool,
                   cell: pygame.Rect) -> None:
        """The points right-aligned in the seat's column; how they were earned dim left of them."""
        th = self.th
        text = "—" if line is None else str(line.value)
        value = self.blit_text(surface, text, "body", theme.GOLD if total else theme.TEXT,
                               bold=total, topright=(cell.right - th.px(2), cell.y))
        detail = count_text(line)
        if detail:
            room = value.x - th.px(1.5) - cell.x
            detail = fonts.fit(detail, "small", room, th.scale)
            self.blit_text(surface, detail, "small", theme.TEXT_DIM,
                           midright=(value.x - th.px(1.5), value.centery))

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        th = self.th
        history = [series for series in self.result.history if series]
        theme.draw_panel(surface, area, th, theme.mix(theme.PANEL, theme.FELT_DARK, 0.35),
                         shadow=False)
        caption = t(self.result.history_key) if self.result.history_key else t("gameover.chart")
        self.blit_text(surface, caption, "small", theme.TEXT_DIM,
                       topleft=(area.x + th.px(2), area.y + th.px(1)))
        if not history:
            return
        plot = area.inflate(-th.px(10), -th.px(10)).move(th.px(1), th.px(1))
        low = min(0, *(min(s) for s in history))
        high = max(1, *(max(s) for s in history))
        rounds = max(len(s) for s in history)
        self._axes(surface, plot, low, high, rounds)

        def point(i: int, v: int) -> tuple[int, int]:
            x = plot.x + (plot.w * i // max(1, rounds - 1) if rounds > 1 else plot.w // 2)
            return x, plot.bottom - round((v - low) / (high - low) * plot.h)

        for seat, series in enumerate(history):
            name = SERIES_COLOURS[seat % len(SERIES_COLOURS)]
            colour = theme.CARD_COLOURS[name]
            points = [point(i, v) for i, v in enumerate(series)]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, th.px(0.4)))
            for p in points:
                theme.draw_glyph(surface, name, p, th.px(0.9), colour)

    def _axes(self, surface: pygame.Surface, plot: pygame.Rect, low: int, high: int,
              rounds: int) -> None:
        th = self.th
        edge = theme.PANEL_EDGE
        pygame.draw.line(surface, edge, plot.bottomleft, plot.bottomright, max(1, th.px(0.2)))
        pygame.draw.line(surface, edge, plot.bottomleft, plot.topleft, max(1, th.px(0.2)))
        for value, y in ((high, plot.top), (low, plot.bottom)):
            self.blit_text(surface, str(value), "small", theme.TEXT_DIM,
                           midright=(plot.x - th.px(1), y))
        self.blit_text(surface, f"{t('gameover.round')} 1", "small", theme.TEXT_DIM,
                       midtop=(plot.x, plot.bottom + th.px(0.5)))
        if rounds > 1:
            self.blit_text(surface, str(rounds), "small", theme.TEXT_DIM,
                           midtop=(plot.right, plot.bottom + th.px(0.5)))
