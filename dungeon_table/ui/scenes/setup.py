"""New game: who sits where (human or bot and its level, names), the game's options, the seed.

Options come from the game's declarations (``GameSpec.option_specs``): each starts at its default
(``GameSpec.options``), the values offered are its ``GameSpec.option_values``, a boolean becomes an
on/off toggle whose two sides say what they do (``option.<name>.on`` / ``.off``: "Treasure chests:
Left out"), every value in words (``option.<name>.<value>``). Beside each option a short line
says what the house rule does (``option.<name>.help``), beside the daily run and the seed what
they deal (``setup.daily.help``, ``setup.seed.help``); an option another one fixes while it is on
(``GameSpec.implied_options``: Professional always plays with the chests) shows that value,
locked, and says which game holds it ("Always so in the Professional game"). A solo game with a daily run offers the toggle that sets the seed to today's date
(YYYYMMDD), the same run for everyone that day.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core import registry
from dungeon_table.core import tutorial as tutorials
from dungeon_table.core.errors import CardFileError
from dungeon_table.core.records import NAME_CHARS
from dungeon_table.core.session import bot_level
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import has, t
from dungeon_table.ui.names import game_name, seat_names
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import TEXT_FLOOR, MenuBase
from dungeon_table.ui.widgets import Button, Choice, TextField, Toggle, Widget

SEED_DIGITS = "0123456789"


def option_label(name: str) -> str:
    return t(f"option.{name}") if has(f"option.{name}", "en") else name.replace("_", " ")


def option_value_text(name: str, value: Any) -> str:
    """The value in words: what an on/off option does at it ("Treasure chests: In play",
    ``option.<name>.on`` / ``.off``; "On"/"Off" only where the catalog has no such words)."""
    if isinstance(value, bool):
        key = f"option.{name}.{'on' if value else 'off'}"
        return t(key) if has(key, "en") else t("common.on" if value else "common.off")
    key = f"option.{name}.{value}"
    return t(key) if has(key, "en") else str(value)


def option_help(name: str) -> str:
    """What the option does, in a line or two; "" when the catalog has nothing for it."""
    key = f"option.{name}.help"
    return t(key) if has(key, "en") else ""


def bot_levels(spec: registry.GameSpec) -> list[str]:
    """The levels a seat offers, weakest to strongest: the game's other bots as it lists them,
    then its best bot (by the name every game shares), then the expert, which searches on top of it."""
    others = [lv for lv in spec.bots if lv not in (spec.best, "expert")]
    return [*others, "best", *(["expert"] if "expert" in spec.bots else [])]


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
            level = bot_level(kind)
            self.kinds.append("human" if level is None else "bot")
            self.levels.append(level or "best")
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

    def locked(self) -> dict[str, tuple[Any, str]]:
        """Options another option fixes now: their value and the option that fixes it."""
        out: dict[str, tuple[Any, str]] = {}
        for by, fixed in self.spec.implied_options.items():
            if self.options.get(by):
                out.update({name: (value, by) for name, value in fixed.items()
                            if name in self.options})
        return out

    def variant_note(self) -> str:
        """Beside the player count when that count plays a variant of the game ("Variant: two
        decks"), else ""."""
        key = self.spec.player_variants.get(self.count)
        return t(key) if key else ""

    def chosen_options(self) -> dict[str, Any]:
        """The options as the game will play them (a locked one at the value shown)."""
        return {**self.options, **{name: v for name, (v, _by) in self.locked().items()}}

    def shown_options(self) -> list[str]:
        """The options that apply to what is chosen now (Dungeon!'s hunters only in its hunter
        mode), never one kept for scripts and tests (``Option.at_setup``)."""
        return self.spec.setup_options(self.chosen_options(), self.count)

    def set_option(self, name: str, value: Any) -> None:
        shown = self.shown_options()
        self.options[name] = value
        implied = self.spec.implied_options
        if name in implied or any(name in fixed for fixed in implied.values()) or \
                self.shown_options() != shown:
            self.on_resize(self.app.size)  # a locked option shows or lets go of its value,
            # or an option comes or goes with the mode

    def start(self) -> None:
        try:
            nav.start_game(self.app, self.game_id, self.seats(), self.seed(),
                           self.chosen_options(), self.names[: self.count])
        except (ValueError, OSError) as err:
            self.error = t("setup.error", reason=err)
            self.app.request_redraw()

    # --- layout ----------------------------------------------------------------------------------
    # Grid units: the label column, a control box, a row and the gap between rows.
    LABEL_W, BOX_W, NAME_W, ROW, GAP = 22, 26, 38, 6, 1.5
    # Option rows of a game that explains its options: a wider label (house rules have long
    # names), the value, then the explanation in the rest of a wider panel.
    OPT_LABEL_W, OPT_BOX_W, WIDE_W, NARROW_W = 36, 28, 150, 124

    def _described(self) -> bool:
        return any(option_help(name) for name in self.spec.option_specs)

    def _row_count(self) -> int:
        players = 1 if self.spec.min_players != self.spec.max_players else 0
        daily = 1 if self.spec.daily else 0
        return players + self.count + len(self.shown_options()) + daily + 1  # + seed

    def _panel_units(self) -> float:
        """The panel's height in grid units: the rows, two headings, the buttons."""
        body = self._row_count() * (self.ROW + self.GAP) + 2 * 5 + 3
        return 4 + body + 4 + self.ROW + 4

    @property
    def th(self) -> theme.Theme:
        """The app's theme, held to a scale at which every row fits the window (four seats and
        five options at UI scale 125 % ran off the foot of a 1280×720 window), and not below the
        one where type stops shrinking (at 75 % the explanations outgrew their rows)."""
        app_th = self.app.theme
        # the title and the "New game" line above the panel take about 16 units, the first
        # game's two small lines under it about 6 (they ran over the foot of a four-seat panel)
        below = 6 if has(f"first_game.{self.game_id}", "en") else 0
        fit = self.app.size[1] / ((self._panel_units() + 16 + 4 + below) * theme.GRID)
        scale = min(max(app_th.scale, TEXT_FLOOR), fit)
        return app_th if scale == app_th.scale else theme.Theme(scale=scale)

    def panel_rect(self) -> pygame.Rect:
        """Sized to its rows (two headings, the rows, the buttons), under the title."""
        w, h = self.app.size
        th = self.th
        # room above for the game's name and the "New game" line over it, measured in the type
        # they are set in: at 150 % and 1280×720 a fixed 16 units put "New game" off the top
        head = (fonts.font("title", th.scale).get_height() + fonts.font("body", th.scale)
                .get_height() + th.px(3))
        width = self.WIDE_W if self._described() else self.NARROW_W
        rect = pygame.Rect(0, 0, min(w - th.px(8), th.px(width)),
                           min(h - head - th.px(2), th.px(self._panel_units())))
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
            self.players_row = self._labelled(x, y, self.BOX_W)
            widgets.append(Choice(self.players_row, lambda: t("setup.players"),
                                  players, self.count, self.set_count, label_width=share))
            y += row + gap
        for i in range(self.count):
            widgets += self._seat_row(i, x, y)
            y += row + gap
        self.options_y = y + th.px(1)
        y += th.px(5) + th.px(1)
        self.option_rows: list[tuple[str, pygame.Rect]] = []
        label_w, box_w = ((self.OPT_LABEL_W, self.OPT_BOX_W) if self._described()
                          else (self.LABEL_W, self.BOX_W))
        locked = self.locked()
        label_px, box_px = th.px(label_w), self._box_width(th.px(box_w))
        for name in self.shown_options():
            rect = pygame.Rect(x, y, label_px + box_px, row)
            widgets.append(self._option(name, rect, label_px / (label_px + box_px),
                                        locked.get(name)))
            self.option_rows.append((name, rect))
            y += row + gap
        # the daily run and the seed line up with the options above them
        if self.spec.daily:
            self.daily_row = pygame.Rect(x, y, label_px + box_px, row)
            widgets.append(Toggle(self.daily_row, lambda: t("setup.daily"),
                                  self.daily, self.set_daily,
                                  fmt=lambda on: t("setup.daily.on" if on else "setup.daily.off"),
                                  label_width=label_px / (label_px + box_px)))
            y += row + gap
        self.seed_row = pygame.Rect(x, y, label_px + box_px, row)
        self.seed_value_x = x + label_px  # where the seed, or today's date, is written
        self.help_rows = [*self.option_rows,
                          *([("setup.daily", self.daily_row)] if self.spec.daily else []),
                          *([] if self.daily else [("setup.seed", self.seed_row)])]
        if not self.daily:
            box = self.seed_row.copy()
            box.x += label_px
            box.w = box_px
            widgets.append(TextField(box, self.seed_text, self._set_seed, max_len=9,
                                     allowed=SEED_DIGITS,
                                     placeholder=lambda: t("setup.seed_random")))
        bw = th.px(24)
        bottom = panel.bottom - pad - row
        widgets.append(Button(pygame.Rect(panel.x + pad, bottom, bw, row),
                              lambda: t("common.back"), self.back))
        widgets.append(Button(pygame.Rect(panel.right - pad - bw, bottom, bw, row),
                              lambda: t("setup.start"), self.start, primary=True))
        if self.game_id in tutorials.available():  # Learn to play: the guided first game
            widgets.append(Button(pygame.Rect(panel.centerx - bw // 2, bottom, bw, row),
                                  lambda: t("menu.learn"), self.learn))
        return widgets

    def _box_width(self, usual: int) -> int:
        """``usual``, or wider where a value of the options shown would not fit it in its own
        type: "Solo: treasure hunt", not "Solo: hunt…", nor set smaller than its neighbours; at
        most half the panel. (Measured, never cut: cutting to measure showed as a cut value.)"""
        th = self.th
        arrows = 2 * th.px(self.ROW)  # each arrow's area is as wide as the row is high
        bold = fonts.font("body", th.scale, bold=True)
        widest = max((bold.size(option_value_text(name, value))[0]
                      for name in self.shown_options() for value in self._values(name)), default=0)
        if widest <= usual - arrows:
            return usual
        return min(widest + arrows + th.px(1), self.panel_rect().w // 2)

    def _values(self, name: str) -> list[Any]:
        """Every value the option's box may show: both sides of an on/off one (each in its own
        words now), the offered ones, else the value it has."""
        value = self.options.get(name)
        if isinstance(value, bool):
            return [False, True]
        return list(self.spec.option_values.get(name, [value]))

    def learn(self) -> None:
        try:
            screens.push(self.app, "tutorial", self.game_id)
        except (CardFileError, ValueError, OSError) as err:
            self.error = t("setup.error", reason=err)
            self.app.request_redraw()

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
                      lambda s, i=i: self._set_name(i, s), max_len=NAME_CHARS,
                      placeholder=lambda i=i: seat_names(self.seats(), None)[i]),
        ]
        x += th.px(self.NAME_W) + th.px(2)
        if self.kinds[i] == "bot":
            levels = bot_levels(self.spec)
            row.append(Choice(pygame.Rect(x, y, th.px(self.BOX_W - 4), h), "", levels,
                              self.levels[i], lambda lv, i=i: self._set_level(i, lv),
                              fmt=level_text, label_width=0))
        return row

    def _option(self, name: str, rect: pygame.Rect, share: float,
                lock: tuple[Any, str] | None = None) -> Widget:
        value = self.options.get(name) if lock is None else lock[0]

        def change(v: Any, name: str = name) -> None:
            self.set_option(name, v)

        widget: Choice
        if isinstance(value, bool):
            widget = Toggle(rect, lambda: option_label(name), value, change,
                            fmt=lambda v: option_value_text(name, v), label_width=share)
        else:
            values = list(self.spec.option_values.get(name, [value]))
            widget = Choice(rect, lambda: option_label(name), values, value, change,
                            fmt=lambda v: option_value_text(name, v), label_width=share)
        widget.option = name  # type: ignore[attr-defined]  # for its description and tests
        widget.enabled = lock is None
        return widget

    # --- drawing ---------------------------------------------------------------------------------
    def _row_help(self, name: str) -> tuple[str, tuple[int, int, int]]:
        """What a row's explanation says, and in what colour: an option's own line, or the value
        of the option that holds it ("Always this way in the Professional expansion"); the daily
        run's and the seed's (``setup.daily``, ``setup.seed``) what they deal."""
        locked = self.locked()
        if name in locked:
            by = locked[name][1]
            return (t("setup.implied", option=option_label(by),
                      value=option_value_text(by, self.options.get(by))), theme.ACCENT)
        if name.startswith("setup."):
            return t(f"{name}.help"), theme.TEXT_DIM
        return option_help(name), theme.TEXT_DIM

    def _draw_option_help(self, surface: pygame.Surface, right: int) -> None:
        """Each option's explanation beside it, in at most two small lines; a locked option says
        which option holds it."""
        th = self.th
        step = fonts.line_height("small", th.scale)
        for name, rect in self.help_rows:
            x = rect.right + th.px(2)
            text, colour = self._row_help(name)
            if not text or right - x < th.px(10):
                continue
            lines = fonts.wrap(text, "small", right - x, th.scale)
            if len(lines) > 2:
                rest = text[len(lines[0]):].strip() if text.startswith(lines[0]) else lines[1]
                lines = [lines[0], fonts.fit(rest, "small", right - x, th.scale)]
            y = rect.centery - len(lines) * step // 2
            for line in lines:
                self.blit_text(surface, line, "small", colour, topleft=(x, y))
                y += step

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        name = fonts.fit(game_name(self.game_id), "title", surface.get_width() - th.px(8),
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
        if self.variant_note():
            row = self.players_row
            room = panel.right - pad - row.right - th.px(3)
            note = fonts.fit(self.variant_note(), "body", room, th.scale)
            self.blit_text(surface, note, "body", theme.ACCENT,
                           midleft=(row.right + th.px(3), row.centery))
        self.blit_text(surface, t("setup.options"), "small", theme.TEXT_DIM,
                       topleft=(panel.x + pad, self.options_y))
        self._draw_option_help(surface, panel.right - pad)
        seed_y = self.seed_row.centery
        self.blit_text(surface, t("setup.seed"), "body", midleft=(self.seed_row.x, seed_y))
        if self.daily:
            detail = t("setup.daily_detail", date=nav.daily_seed())
            self.blit_text(surface, detail, "body", theme.ACCENT,
                           midleft=(self.seed_value_x + th.px(1.5), seed_y))
        self._draw_first_game(surface, panel)
        if self.error:
            lines = fonts.wrap(self.error, "small", panel.w - 2 * pad, th.scale)[:2]
            step = fonts.line_height("small", th.scale)
            y = panel.bottom - pad - th.px(self.ROW) - th.px(1) - len(lines) * step
            for line in lines:
                self.blit_text(surface, line, "small", theme.DANGER, topleft=(panel.x + pad, y))
                y += step

    def _draw_first_game(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """Under the panel, the game for a newcomer: players, length, what you are trying to do."""
        key = f"first_game.{self.game_id}"
        if not has(key, "en"):
            return
        th = self.th
        step = fonts.line_height("small", th.scale)
        lines = fonts.wrap(t("setup.first_game", line=t(key)), "small", panel.w, th.scale)[:2]
        y = min(panel.bottom + th.px(1.5), surface.get_height() - len(lines) * step - th.px(1))
        for line in lines:
            self.blit_text(surface, line, "small", theme.TEXT_DIM, midtop=(panel.centerx, y))
            y += step

screens.register("setup", SetupScene)
