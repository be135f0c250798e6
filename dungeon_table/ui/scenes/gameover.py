"""Game over: the outcome, every score line per seat (winner highlighted), a chart of the game.

Shown over the final table (dimmed). The finished game is saved once into the saves folder, so it
can be replayed later from Load.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core.protocol import Result
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import has, t
from dungeon_table.ui.names import seat_names
from dungeon_table.ui.renderer import renderer_class
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase, SettleGuard
from dungeon_table.ui.scenes.gameover_parts import (
    PALETTE,
    TableLook,
    count_text,
    draw_chart,
    draw_table,
    score_line,
    score_rows,
    table_width,
)
from dungeon_table.ui.table_parts import TABLE_MAX_UI_SCALE
from dungeon_table.ui.tutorial import draw_closing
from dungeon_table.ui.widgets import Button, Widget

SOLO_OUTCOMES = {"result.won", "result.lost"}  # a solo game's headline; others name the winners


def seat_colours(game_id: str, view: Any, seats: int) -> list[str]:
    """Each seat's colour name: the renderer's ``seat_colours(view)`` when it names one for
    every seat (Dungeon Market's red, blue, yellow, green), else the palette in seat order."""
    try:
        named = list(renderer_class(game_id).seat_colours(view))
    except Exception:  # noqa: BLE001 - the chart keeps its palette whatever the hook does
        named = []
    known = [c for c in named if c in theme.CARD_COLOURS]
    return known if len(known) >= seats else PALETTE


class GameOverScene(MenuBase):
    opaque = False

    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.result: Result = session.game.result()
        self.game_id: str = session.record.game
        self.names: list[str] = list(getattr(session, "names", None) or [])  # as typed at setup
        self.saved: str | None = None
        # Keys pressed as it appears were meant for the table (the last Enter): they must not
        # press "Play again" before the result has been seen (nor may a held key repeating).
        self.guard = SettleGuard(app)
        self.starts: list[Widget] = []  # Play again and New game: only a click starts a game
        self.enter_told = False  # Enter was pressed on the results: say what starts a game
        seats = len(self.result.breakdown)
        self.look = TableLook(
            names=seat_names(list(session.record.seats), self.names)[:seats],
            colours=seat_colours(self.game_id, session.game.view(None), seats),
            winners=set(self.result.winners),
        )

    @property
    def th(self) -> theme.Theme:
        """The app's theme, held (as the table's is) to a little above the window's own scale:
        at UI scale 150 % four players' names and counts were cut at 1280x720."""
        cap = theme.Theme.for_window(self.app.size).scale * TABLE_MAX_UI_SCALE
        app_th = self.app.theme
        return app_th if app_th.scale <= cap else theme.Theme(scale=cap)

    @property
    def multi(self) -> bool:
        return len(self.result.breakdown) > 1

    def headline(self) -> str:
        """A solo game's outcome ("The sword is safe: you win!"); else who won, or shared it."""
        winners = [self.look.names[s] for s in self.result.winners if s < len(self.look.names)]
        if not self.multi or not winners:
            return t(self.result.outcome)
        if len(winners) == 1:
            return t("gameover.wins", name=winners[0])
        return t("gameover.share", names=t("gameover.and").join(winners))

    def subline(self) -> str:
        """Why a game of several ended, when the game names it (``Result.outcome``)."""
        key = self.result.outcome
        if self.multi and key not in SOLO_OUTCOMES and (has(key) or has(key, "en")):
            return t(key)
        return ""

    def handle(self, event: pygame.event.Event) -> None:
        """No key leaves the result for a new game: keys right after it shows and keys
        repeating (held on from the last move) count for nothing, and Enter keeps the results
        on screen (it says so) unless it is on Replay or Menu: starting a game again, or a new
        one, takes a click on its button (Enter held on from the table played again at once)."""
        if event.type == pygame.KEYDOWN:
            if not self.guard.admits(event):
                return
            starting = self.ring.current is None or self.ring.current in self.starts
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and starting:
                self.enter_told = True
                self.app.request_redraw()
                return
        super().handle(event)

    def on_enter(self) -> None:
        if self.guard.since is None:  # once: back from the rules or settings it is not new
            self.guard.start()
        if self.saved is None and getattr(self.session, "tutorial", None) is not None:
            self.saved = ""  # a tutorial is no game to load: Learn to play deals it again
        if self.saved is None:
            try:
                self.saved = nav.save_game(self.session).name  # its earlier saves give way
            except OSError:
                self.saved = ""

    # --- actions ---------------------------------------------------------------------------------
    def _menu(self) -> None:
        screens.reset(self.app, "menu")

    def again(self) -> None:
        record = self.session.record
        # Today's daily run is played again as the daily run; any other game gets a fresh seed.
        seed = record.seed if record.seed == nav.daily_seed() else nav.random_seed()
        # After a tutorial, a real game: its options were the lesson's (Last Dungeon's short
        # dungeon), not the game's.
        lesson = getattr(self.session, "tutorial", None) is not None
        options = {} if lesson else dict(record.options)
        self._menu()
        nav.start_game(self.app, self.game_id, list(record.seats), seed, options, self.names,
                       replace=False)

    def new_game(self) -> None:
        self._menu()
        screens.push(self.app, "setup", self.game_id, list(self.session.record.seats))

    def replay(self) -> None:
        self._menu()
        screens.push(self.app, "replay", self.session.record)

    def back(self) -> None:
        self._menu()

    # --- layout ----------------------------------------------------------------------------------
    def _head_h(self) -> int:
        th = self.th
        sub = fonts.line_height("body", th.scale) if self.subline() else 0
        lines, role, scale = self.headline_lines()
        return len(lines) * fonts.line_height(role, scale) + sub + th.px(3)

    def headline_lines(self) -> tuple[list[str], str, float]:
        """The headline whole, with the type to draw it in: on one line in the title type,
        a little smaller if need be, else on two ("The hunted treasure is out of reach: /
        every room of its level is cleared"), in the heading type where the title's would take
        more."""
        th = self.th
        width = self.panel_width() - 2 * th.px(4)
        text = self.headline()
        one, role, scale = fonts.shrink_to_fit(text, "title", width, th.scale)
        if one == text:
            return [text], role, scale
        for role in ("title", "heading"):
            lines = fonts.wrap(text, role, width, th.scale)
            if len(lines) <= 2:
                return lines, role, th.scale
        return [fonts.fit(text, "heading", width, th.scale)], "heading", th.scale

    def panel_width(self) -> int:
        """Wider with several players, whose columns sit beside the chart."""
        return min(self.app.size[0] - self.th.px(8), self.text_px(200 if self.multi else 160))

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        th = self.th
        # Tall enough for the score lines (plus the saved-as line) and a readable chart, no more;
        # wider with several players, whose columns sit beside the chart.
        row_h = fonts.line_height("body", th.scale) + th.px(1)
        table_h = (len(score_rows(self.result)) + 1) * row_h + th.px(4)
        saved_h = fonts.line_height("small", th.scale)  # "Saved as ..." under the table
        body = max(th.px(40), table_h + saved_h)
        height = th.px(4) + self._head_h() + body + th.px(3) + th.px(7) + th.px(4)
        rect = pygame.Rect(0, 0, self.panel_width(), min(h - th.px(8), height))
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
        buttons: list[Widget] = [
            Button(pygame.Rect(panel.x + pad + i * (bw + gap), y, bw, bh), label, fn,
                   primary=primary)
            for i, (label, fn, primary) in enumerate(actions)
        ]
        self.starts = buttons[:2]
        return buttons

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, th)
        pad = th.px(4)
        won = bool(self.result.winners)
        colour = (theme.GOLD if self.multi else theme.GOOD) if won else theme.DANGER
        lines, role, scale = self.headline_lines()
        head = pygame.Rect(panel.centerx, panel.y + pad, 0, 0)
        for line in lines:
            image = fonts.text(line, role, colour, scale)
            head = surface.blit(image, image.get_rect(midtop=(panel.centerx, head.bottom)))
        if self.subline():
            sub = fonts.fit(self.subline(), "body", panel.w - 2 * pad, th.scale)
            head = self.blit_text(surface, sub, "body", theme.TEXT_DIM,
                                  midtop=(panel.centerx, head.bottom))
        top = head.bottom + th.px(3)
        bottom = panel.bottom - pad - th.px(7) - th.px(3)
        saved_h = fonts.line_height("small", th.scale) if self.saved else 0
        inner = panel.w - 3 * pad
        # the table takes what its columns need, the chart the rest; at most 70 %, which four
        # players with their counts in words ("smallest colour 2") need at 1280x720
        table_w = table_width(self.result, self.look, th, inner * 70 // 100)
        if not self.multi:
            table_w = max(table_w, inner // 2)
        table = pygame.Rect(panel.x + pad, top, table_w, bottom - top - saved_h)
        draw_table(surface, table, self.result, self.look, th)
        chart = pygame.Rect(table.right + pad, top, panel.right - pad - table.right - pad,
                            bottom - top)
        draw_chart(surface, chart, self.result, self.look.colours, th)
        if self.saved:
            saved = fonts.fit(t("gameover.saved", file=self.saved), "small", table_w, th.scale)
            self.blit_text(surface, saved, "small", theme.TEXT_DIM,
                           bottomleft=(panel.x + pad, bottom))
        draw_closing(surface, th, self.session, panel)  # a tutorial's last words
        if self.enter_told:
            told = fonts.fit(t("gameover.click_to_start"), "small", panel.w - 2 * pad, th.scale)
            self.blit_text(surface, told, "small", theme.ACCENT,
                           midtop=(panel.centerx, panel.bottom + th.px(1)))


__all__ = ["GameOverScene", "count_text", "score_line", "score_rows", "seat_colours"]


screens.register("game_over", GameOverScene)
