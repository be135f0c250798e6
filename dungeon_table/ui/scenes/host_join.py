"""The menu's way to remote tables: "Host a table" (``HostScene``, then its invite and seats on
``HostWaitScene``, the host running on a thread of this app: ``net.hosting.HostThread``) and
"Join a table" (``JoinScene``: address and code), and the result at a remote seat
(``ui/remote_table.py`` plays the seat)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from dungeon_table.core import registry
from dungeon_table.core.records import NAME_CHARS
from dungeon_table.net import messages as msg
from dungeon_table.net.client import join_table
from dungeon_table.net.host import DEFAULT_PORT
from dungeon_table.net.hosting import HostThread, invite_addresses
from dungeon_table.net.table import normal_code
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase, column
from dungeon_table.ui.scenes.gameover import GameOverScene
from dungeon_table.ui.scenes.setup import bot_levels, level_text, option_label, option_value_text
from dungeon_table.ui.widgets import Button, Choice, TextField, Widget

# A table code as typed: its letters in either case, and the spaces a reader may put in.
CODE_CHARS = msg.CODE_ALPHABET + msg.CODE_ALPHABET.lower() + " "


class RemoteGameOverScene(GameOverScene):
    """The result at a remote table: the host keeps the record (nothing to save or replay here,
    no game to start again from this seat), so the only way on is back to the menu."""

    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app, session)
        self.saved = ""  # nothing saved here: the host keeps the game

    def build(self) -> list[Widget]:
        menu = super().build()[-1]  # the shell's row of buttons, Menu alone: the next step
        if isinstance(menu, Button):
            menu.primary = True
        return [menu]


screens.register("remote_game_over", RemoteGameOverScene)


# --- joining -------------------------------------------------------------------------------------
class Pending:
    """A blocking call (joining a table) on a thread of its own, so the window keeps drawing;
    ``done`` once it has a result or an error."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: Exception | None = None
        self.done = False
        threading.Thread(target=self._run, args=(call,), daemon=True).start()

    def _run(self, call: Callable[[], Any]) -> None:
        try:
            self.result = call()
        except Exception as err:  # noqa: BLE001 - every failure is the player's to read
            self.error = err
        self.done = True


def join_error(err: Exception) -> str:
    return t("join.failed", reason=str(err) or type(err).__name__)


class JoinScene(MenuBase):
    """"Join a table": the host's address and the table's code (and a name), then the table."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.address = ""
        self.code = ""
        self.name = ""
        self.error: str | None = None
        self.pending: Pending | None = None

    def panel_rect(self) -> pygame.Rect:
        th = self.th
        rect = pygame.Rect(0, 0, min(self.app.size[0] - th.px(8), self.text_px(90)), th.px(62))
        rect.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return rect

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(5)
        x, w = panel.x + pad + self.text_px(26), panel.w - 2 * pad - self.text_px(26)
        rows = column(x, panel.y + th.px(14), w, th.px(7), th.px(2), 3)

        def setter(field: str) -> Callable[[str], None]:
            return lambda text: setattr(self, field, text)

        fields = [
            TextField(rows[0], self.address, setter("address"), max_len=60,
                      placeholder=lambda: t("join.address_hint")),
            TextField(rows[1], self.code, setter("code"), max_len=12,
                      allowed=CODE_CHARS, placeholder="ACDE34"),
            TextField(rows[2], self.name, setter("name"), max_len=NAME_CHARS,
                      placeholder=lambda: t("join.name_hint")),
        ]
        bw = (panel.w - 2 * pad - th.px(2)) // 2
        y = panel.bottom - pad - th.px(7)
        buttons = [
            Button(pygame.Rect(panel.x + pad, y, bw, th.px(7)), lambda: t("join.join"),
                   self.join, primary=True),
            Button(pygame.Rect(panel.right - pad - bw, y, bw, th.px(7)), lambda: t("common.back"),
                   self.back),
        ]
        return [*fields, *buttons]

    def join(self) -> None:
        if self.pending is not None:
            return
        if not self.address.strip() or not self.code.strip():
            self.error = t("join.missing")
            self.app.request_redraw()
            return
        address, code, name = self.address.strip(), normal_code(self.code), self.name.strip()
        self.error = None
        self.pending = Pending(lambda: join_table(address, code, name=name))
        self.app.set_timer(50)
        self.app.request_redraw()

    def update(self, now_ms: int) -> bool:
        pending = self.pending
        if pending is None:
            return False
        if not pending.done:
            self.app.set_timer(50)  # look again soon: the network answers on its own thread
            return False
        self.pending = None
        if pending.error is not None:
            self.error = join_error(pending.error)
            self.app.request_redraw()
        else:
            screens.replace(self.app, "remote_table", pending.result)
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, th)
        pad = th.px(5)
        self.blit_text(surface, t("join.title"), "heading", midtop=(panel.centerx, panel.y + pad))
        rows = column(panel.x + pad, panel.y + th.px(14), self.text_px(26), th.px(7), th.px(2), 3)
        for rect, key in zip(rows, ("join.address", "join.code", "join.name"), strict=True):
            self.blit_text(surface, t(key), "body", theme.TEXT_DIM, midleft=(rect.x, rect.centery))
        status = t("join.joining") if self.pending is not None else self.error
        if status:
            colour = theme.TEXT_DIM if self.pending is not None else theme.DANGER
            width = panel.w - 2 * pad
            for i, line in enumerate(fonts.wrap(status, "small", width, th.scale)[:3]):
                self.blit_text(surface, line, "small", colour,
                               topleft=(panel.x + pad, rows[-1].bottom + th.px(2) + i * th.px(4)))


# --- hosting -------------------------------------------------------------------------------------
SEAT_KINDS = ("here", "remote", "bot")  # the host's own player, a player joining, a bot


class HostScene(MenuBase):
    """"Host a table": the game, who sits where (you here, a player joining, a bot) and its
    options; then the table is served from this app and the invite shown (``HostWaitScene``).
    One seat is yours at most: this screen is one player's (the others join, from this machine
    too, with ``dungeon-table join``)."""

    BIND, PORT = "0.0.0.0", DEFAULT_PORT  # every address of this machine; tests: loopback

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = [g for g in registry.game_ids() if registry.get(g).max_players > 1]
        self.game_id = game_id if game_id in self.games else self.games[0]
        self.error: str | None = None
        self._reset_game()

    def _reset_game(self) -> None:
        spec = registry.get(self.game_id)
        self.count = max(2, spec.min_players)
        self.kinds = ["here"] + ["remote"] * (spec.max_players - 1)
        self.levels = ["best"] * spec.max_players  # a bot seat's level, as in setup
        self.options: dict[str, Any] = dict(spec.options)

    def set_game(self, game_id: str) -> None:
        self.game_id = game_id
        self._reset_game()
        self.on_resize(self.app.size)

    def set_count(self, count: int) -> None:
        self.count = count
        self.on_resize(self.app.size)

    def set_kind(self, seat: int, kind: str) -> None:
        if kind == "here":  # one seat is this screen's: the one there was becomes a remote one
            self.kinds = ["remote" if k == "here" else k for k in self.kinds]
        self.kinds[seat] = kind
        self.on_resize(self.app.size)

    def seats(self) -> list[str]:
        return [f"bot:{level}" if kind == "bot" else "human"
                for kind, level in zip(self.kinds[: self.count], self.levels, strict=False)]

    def set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level

    def _seat_row(self, seat: int, rect: pygame.Rect, share: float) -> list[Widget]:
        """``Seat n  ‹ kind ›``; a bot's row splits its box to offer the level beside it (the
        wider part: "エキスパート"), the levels as setup ladders them."""
        label = round(rect.w * share)
        kind_rect = rect.copy()
        row: list[Widget] = []
        if self.kinds[seat] == "bot":
            gap = self.th.px(1)
            kind_rect.w = label + round((rect.w - label - gap) * 0.45)
            level_rect = pygame.Rect(kind_rect.right + gap, rect.y, rect.right - kind_rect.right
                                     - gap, rect.h)
            row.append(Choice(level_rect, "", bot_levels(registry.get(self.game_id)),
                              self.levels[seat], lambda lv, s=seat: self.set_level(s, lv),
                              fmt=level_text, label_width=0))
        kind = Choice(kind_rect, lambda s=seat: t("host.seat", n=s + 1), list(SEAT_KINDS),
                      self.kinds[seat], lambda k, s=seat: self.set_kind(s, k),
                      fmt=lambda k: t(f"host.kind.{k}"), label_width=label / kind_rect.w)
        return [kind, *row]

    def _label_share(self, labels: list[str], width: int) -> float:
        """A column's labels as wide as the longest and no wider, so the values keep the rest
        ("Race back to the Great Hall", "エキスパート" were cut short behind a fixed share)."""
        body = fonts.font("body", self.th.scale)
        widest = max((body.size(label)[0] for label in labels), default=0)
        return min(0.5, max(0.15, (widest + self.th.px(3)) / max(1, width)))

    def offered_options(self) -> dict[str, list[Any]]:
        """Each option this screen offers and its values: on/off, or the values setup offers
        (a free text, Dungeon!'s hero list, keeps its default)."""
        spec = registry.get(self.game_id)
        offered = {}
        for name, default in spec.options.items():
            if isinstance(default, bool):
                offered[name] = [False, True]
            elif spec.option_values.get(name):
                offered[name] = list(spec.option_values[name])
        return offered

    def panel_rect(self) -> pygame.Rect:
        """A page's panel made wider (150 grid units, not 130): two columns side by side, and the
        options' values as long as setup shows them ("Race back to the Great Hall")."""
        rect = self.page_rect(4, 4)
        w = min(self.app.size[0] - self.th.px(8), self.text_px(150))
        return rect.inflate(w - rect.w, 0)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        spec = registry.get(self.game_id)
        # the seats' column, and the options' a little wider: their values are the long ones
        half = round((panel.w - 3 * pad) * 0.45)
        wide = panel.w - 3 * pad - half
        row_h, gap = th.px(6), th.px(1.2)
        left = column(panel.x + pad, panel.y + th.px(14), half, row_h, gap, 2 + self.count)
        labels = [t("host.game"), t("host.players"),
                  *(t("host.seat", n=s + 1) for s in range(self.count))]
        seat_share = self._label_share(labels, half)
        widgets: list[Widget] = [
            Choice(left[0], lambda: t("host.game"), self.games, self.game_id, self.set_game,
                   fmt=game_name, label_width=seat_share),
            Choice(left[1], lambda: t("host.players"),
                   list(range(max(2, spec.min_players), spec.max_players + 1)), self.count,
                   self.set_count, label_width=seat_share),
        ]
        for seat in range(self.count):
            widgets += self._seat_row(seat, left[2 + seat], seat_share)
        offered = self.offered_options()
        right = column(panel.x + 2 * pad + half, panel.y + th.px(14), wide, row_h, gap,
                       len(offered))
        share = self._label_share([option_label(n) for n in offered], wide)
        for rect, (name, values) in zip(right, offered.items(), strict=True):
            widgets.append(Choice(rect, lambda n=name: option_label(n), values,
                                  self.options.get(name, values[0]),
                                  lambda value, n=name: self.options.__setitem__(n, value),
                                  fmt=lambda value, n=name: option_value_text(n, value),
                                  label_width=share))
        bw = (panel.w - 3 * pad) // 2
        y = panel.bottom - pad - th.px(7)
        widgets += [
            Button(pygame.Rect(panel.x + pad, y, bw, th.px(7)), lambda: t("host.open"),
                   self.open_table, primary=True),
            Button(pygame.Rect(panel.right - pad - bw, y, bw, th.px(7)),
                   lambda: t("common.back"), self.back),
        ]
        return widgets

    def open_table(self) -> None:
        """Serve the table from this app (on every address, the usual port, else any free one)
        and show its invite."""
        seats = self.seats()
        hosting = HostThread(thinking=self.app.settings.thinking)
        try:
            table = hosting.new_table(self.game_id, seats, nav.random_seed(), self.options)
            try:
                hosting.start(self.BIND, self.PORT)
            except OSError:  # the port is taken (another host here): any free one will do
                hosting.start(self.BIND, 0)
        except Exception as err:  # noqa: BLE001 - a refused setup is shown, the menu stays
            hosting.stop()
            self.error = t("error.setup", game=game_name(self.game_id), reason=err)
            self.app.request_redraw()
            return
        mine = self.kinds.index("here") if "here" in self.kinds[: self.count] else None
        screens.replace(self.app, "host_wait", hosting, table.code, mine)

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, th)
        self.blit_text(surface, t("host.title"), "heading", midtop=(panel.centerx, panel.y + th.px(3)))
        self.blit_text(surface, t("host.blurb"), "small", theme.TEXT_DIM,
                       midtop=(panel.centerx, panel.y + th.px(9.5)))
        if self.error:
            width = panel.w - th.px(8)
            line = fonts.fit(self.error, "small", width, th.scale)
            self.blit_text(surface, line, "small", theme.DANGER,
                           midbottom=(panel.centerx, panel.bottom - th.px(13)))


class HostWaitScene(MenuBase):
    """The table this app hosts: the invite (addresses, port, code), every seat as the host sees
    it, a bot to stand in for a player who left (and back), and the host's own seat."""

    POLL_MS = 500

    def __init__(self, app: App, hosting: HostThread, code: str, mine: int | None) -> None:
        super().__init__(app)
        self.hosting, self.code, self.mine = hosting, code, mine
        self.addresses = invite_addresses(hosting.host.port, HostScene.BIND)
        self.seats: list[msg.SeatInfo] = hosting.presence(code)
        self.table_scene: Any = None  # the host's own seat, once sat down
        self.error: str | None = None
        # The host's own seat is claimed at once, through loopback like any player's, so no
        # one joining for "the first free seat" takes it; the table shows when they sit down.
        self.client: Any = None
        if mine is not None:
            try:
                self.client = join_table(f"127.0.0.1:{hosting.host.port}", code, seat=mine)
            except Exception as err:  # noqa: BLE001 - shown, the host runs on
                self.error = join_error(err)

    # --- the seats ------------------------------------------------------------------------------
    def update(self, now_ms: int) -> bool:
        if not self.hosting.stopped:
            seats = self.hosting.presence(self.code)
            if seats != self.seats:
                self.seats = seats
                self.on_resize(self.app.size)
            self.app.set_timer(self.POLL_MS)
        return False

    def toggle_bot(self, seat: int) -> None:
        if self.seats[seat].bot:
            self.hosting.hand_back(self.code, seat)
        else:
            self.hosting.hand_to_bot(self.code, seat)
        self.seats = self.hosting.presence(self.code)
        self.on_resize(self.app.size)

    def sit_down(self) -> None:
        """The host's own seat (kept while this screen is looked at again: F2 at the table
        comes back here)."""
        if self.client is None:
            return
        if self.table_scene is None:
            self.table_scene = screens.make("remote_table", self.app, self.client,
                                            on_seats=self.app.pop)
        self.app.push(self.table_scene)

    def close_table(self) -> None:
        screens.reset(self.app, "menu")  # on_exit stops the host

    def back(self) -> None:
        self.close_table()

    def on_exit(self) -> None:
        if self not in self.app.scenes:  # gone for good: the table closes with it
            if self.client is not None:
                self.client.leave_soon()
            self.hosting.stop()

    # --- layout -----------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        return self.page_rect(4, 4)

    def seat_rows(self) -> list[pygame.Rect]:
        th = self.th
        panel = self.panel_rect()
        top = panel.y + th.px(15) + th.px(5) * (len(self.addresses) + 2)
        return column(panel.x + th.px(4), top, panel.w - th.px(8), th.px(6), th.px(1),
                      len(self.seats))

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        widgets: list[Widget] = []
        bw = self.text_px(30)
        for row, seat in zip(self.seat_rows(), self.seats, strict=True):
            if seat.kind == "bot" or seat.seat == self.mine:
                continue
            label = (lambda: t("host.hand_back")) if seat.bot else (lambda: t("host.hand_to_bot"))
            widgets.append(Button(pygame.Rect(row.right - bw, row.y, bw, row.h), label,
                                  lambda s=seat.seat: self.toggle_bot(s)))
        y = panel.bottom - pad - th.px(7)
        w = (panel.w - 3 * pad) // 2
        sit = t("host.back_to_table") if self.table_scene is not None else t("host.sit_down")
        if self.client is not None:
            widgets.append(Button(pygame.Rect(panel.x + pad, y, w, th.px(7)), lambda: sit,
                                  self.sit_down, primary=True))
        widgets.append(Button(pygame.Rect(panel.right - pad - w, y, w, th.px(7)),
                              lambda: t("host.close"), self.close_table))
        return widgets

    def seat_text(self, seat: msg.SeatInfo) -> str:
        name = seat.name or t("setup.default_name", n=seat.seat + 1)
        if seat.kind == "bot":
            return t("host.state.bot", n=seat.seat + 1, level=level_text(seat.level or "best"))
        if seat.seat == self.mine:
            return t("host.state.yours", n=seat.seat + 1)
        if seat.kind == "open":
            return t("host.state.open", n=seat.seat + 1)
        if seat.bot:
            return t("host.state.stand_in", n=seat.seat + 1, name=name)
        key = "host.state.playing" if seat.connected else "host.state.away"
        return t(key, n=seat.seat + 1, name=name)

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, th)
        pad = th.px(4)
        self.blit_text(surface, t("host.code", code=self.code), "title",
                       midtop=(panel.centerx, panel.y + th.px(2)))
        y = panel.y + th.px(14)
        port = self.hosting.host.port
        lines = [t("host.invite")] + [f"dungeon-table join {a} {self.code}"
                                      for a in self.addresses]
        lines.append(t("host.internet", port=port))
        for i, line in enumerate(lines):
            colour = theme.TEXT if 0 < i <= len(self.addresses) else theme.TEXT_DIM
            line = fonts.fit(line, "body", panel.w - 2 * pad, th.scale)
            self.blit_text(surface, line, "body", colour, topleft=(panel.x + pad, y + i * th.px(5)))
        for row, seat in zip(self.seat_rows(), self.seats, strict=True):
            text = fonts.fit(self.seat_text(seat), "body", row.w - self.text_px(32), th.scale)
            self.blit_text(surface, text, "body", midleft=(row.x, row.centery))
        if self.error:
            self.blit_text(surface, fonts.fit(self.error, "small", panel.w - 2 * pad, th.scale),
                           "small", theme.DANGER,
                           midbottom=(panel.centerx, panel.bottom - pad - th.px(8)))


screens.register("join", JoinScene)
screens.register("host", HostScene)
screens.register("host_wait", HostWaitScene)
