"""A remote table: the generic table (``ui/table.py``) playing one seat of a hosted game.

The table is the same code as local play; only its source differs. ``RemoteSource`` stands where
a local ``Session`` stands: its game is the last state the host sent this seat (the view, the
legal actions, who is to act, the result), and its ``apply`` sends the action and returns None.
The host's answer comes through the client (``net.client.SyncClient``, on a thread of its own):
each frame the scene takes what arrived, animates and logs the events with the view before and
after (``TableScene.show_action``), and shows a refusal's reason. ``RemoteSeating`` keeps the
screen on this seat: no privacy screen (nobody else looks at it) and no local bots (they play on
the host). Sealed bids and defences are each player's own: every seat is sent its choices at once.

::

    client = join_table("192.168.1.20", "ACDE34", name="Ann")     # net.client
    screens.push(app, "remote_table", client)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pygame

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Event, Result
from dungeon_table.core.seating import WAIT, Next
from dungeon_table.net import messages as msg
from dungeon_table.net.client import SyncClient, decode_view
from dungeon_table.ui import i18n, screens
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.table import TableScene
from dungeon_table.ui.table_parts import PlayClock

# Posted from the client's thread when a message arrives, so a window asleep between frames
# wakes to show it; the table takes the messages in ``update`` (a headless test steps it).
WAKE = pygame.event.custom_type()
STAYS_MS = 10**9  # a toast that stays: the table has ended


def wake_window() -> None:
    """Wake the app's loop (``pygame.event.post`` is safe from any thread)."""
    try:
        if not pygame.event.peek(WAKE):  # one waiting is enough: the frame takes them all
            pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # no display (yet, or any more): the next frame takes the message
        pass


@dataclass
class RemoteRecord:
    """What the table, the pause menu and the game-over screen read of a record: the host keeps
    the real one (seed and actions), so there is nothing here to save or replay."""

    game: str
    seats: list[str]
    options: dict[str, Any]
    seed: int = 0
    actions: list[Any] = field(default_factory=list)


class RemoteGame:
    """The game as this seat knows it: the host's last state. ``view`` is this seat's whatever
    seat is asked (it is the only view there is: the game-over screen reads only its seats'
    colours from it)."""

    def __init__(self, source: RemoteSource) -> None:
        self.source = source
        self.decode_action = source.game_class.decode_action

    def view(self, seat: int | None) -> Any:
        return self.source.view

    def to_act(self) -> list[int]:
        state = self.source.state
        return list(state.to_act) if state is not None else []

    def legal_actions(self, seat: int | None) -> list[Action]:
        return list(self.source.legal) if seat == self.source.seat else []

    def result(self) -> Result | None:
        return self.source.result

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        return None  # one seat at this screen: nobody to hide anything from


class RemoteSource:
    """The table's source for one seat of a hosted table (see the module docstring)."""

    autosave_error: str | None = None
    clock = 0.0
    steps: list[Any] = []  # the record is the host's: no steps to replay here

    def __init__(self, client: SyncClient) -> None:
        welcome = client.welcome
        assert welcome is not None and client.state is not None, "join the table first"
        self.client = client
        self.seat = welcome.seat
        self.game_class = registry.get(welcome.game).game_class
        self.presence: list[msg.SeatInfo] = list(welcome.seats)
        self.record = RemoteRecord(welcome.game, self._kinds(), dict(welcome.options))
        self.state: msg.State | None = None
        self.view: Any = None
        self.legal: list[Action] = []
        self.result: Result | None = None
        self.game = RemoteGame(self)
        self.sent = False  # an action of this seat is on its way
        # What came before the table opened (the welcome, states while the host's player was
        # on its waiting screen): the latest of each is where the table starts.
        state = client.state
        for message in client.poll():
            if isinstance(message, msg.State):
                state = message
            elif isinstance(message, msg.Presence):
                self.presence = list(message.seats)
        assert state is not None
        self.take_state(state)

    def _kinds(self) -> list[str]:
        """Seat kinds as the table names seats: the host's bots as bots, players as humans."""
        return ["bot:best" if s.kind == "bot" else "human" for s in self.presence]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.presence]

    def take_state(self, state: msg.State) -> None:
        self.state = state
        self.view = decode_view(self.record.game, state.view)
        self.legal = [self.game_class.decode_action(a) for a in state.legal]
        self.result = None if state.result is None else msgspec.convert(state.result, Result)

    def typed_events(self, batch: msg.Events) -> list[Event]:
        return self.client.client.typed_events(batch)

    # --- what the table calls on a session -------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        """Send the action; the host's answer comes as messages (None: nothing applied here)."""
        self.sent = True
        self.client.act(action)

    def can_undo(self, seat: int) -> bool:
        return False  # the host's record is everyone's: no seat takes a move back

    def undo(self) -> None:
        pass

    def add_play_time(self, seconds: float, save: bool = False) -> None:
        pass

    def save(self, path: Any) -> None:
        raise OSError("the host keeps this table's record")


@dataclass(frozen=True)
class RemoteSeating:
    """The screen is this seat's, always: the host decides who is next, and nobody else looks."""

    seat: int
    humans: tuple[int, ...] = ()
    bots: frozenset[int] = frozenset()

    @property
    def shared(self) -> bool:
        return False

    def first_viewer(self, game: Any, movers: list[int]) -> int:
        return self.seat

    def next_decider(self, game: Any, viewer: int | None) -> int | None:
        to_act = game.to_act()
        return viewer if viewer in to_act else (to_act[0] if to_act else None)

    def cover_for_next(self, game: Any, viewer: int | None) -> None:
        return None

    def hide_for_bots(self, game: Any, viewer: int | None) -> bool:
        return False

    def after_move(self, game: Any, viewer: int | None) -> Next:
        return WAIT


class HostClock(PlayClock):
    """A remote table's clock is the host's: this seat neither counts nor stops it."""

    def running(self) -> bool:
        return False


class RemoteTableScene(TableScene):
    """The table for one seat of a hosted game (see the module docstring)."""


    def __init__(self, app: App, client: SyncClient, leave_quits: bool = False,
                 on_seats: Callable[[], Any] | None = None) -> None:
        self.source = RemoteSource(client)
        self.leave_quits = leave_quits  # a window opened for this table alone closes with it
        # The app hosts this table: F2 shows its seats and invite (``on_seats``), and the seat
        # is left when the host's screen closes, not when the table is looked away from.
        self.on_seats = on_seats
        self.history: list[tuple[list[Event], Any, Any]] = []  # for the log in a new language
        self.pending: list[Event] = []  # events waiting for the state they lead to
        self.ended_shown = False
        self.drop_shown = False
        super().__init__(app, self.source, self.source.record.seats, bot_delay_ms=0,
                         seating=RemoteSeating(self.source.seat))
        self.clock = HostClock(self)
        client.wake = wake_window
        if on_seats is not None:
            self.show_toast(t("remote.seats_key"))

    def seat_names(self) -> list[str]:
        """Each seat's name, and who is away or played by a bot for now."""
        names = super().seat_names()
        for seat in self.source.presence:
            if seat.seat == self.source.seat:
                continue
            if seat.kind == "player" and seat.bot:
                names[seat.seat] = t("remote.name_bot", name=names[seat.seat])
            elif seat.kind == "player" and not seat.connected:
                names[seat.seat] = t("remote.name_away", name=names[seat.seat])
            elif seat.kind == "open":
                names[seat.seat] = t("remote.name_open", name=names[seat.seat])
        return names

    def thinking_seat(self) -> int | None:
        """A seat to act whose bot searches on the host: the host thinks, this window says so."""
        if self.game.result() is not None:
            return None
        searching = {seat.seat for seat in self.source.presence if seat.searches}
        return next((seat for seat in self.game.to_act() if seat in searching), None)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_F2 and self.on_seats is not None:
            self.on_seats()
        else:
            super()._key(event)

    def show_result(self) -> None:
        screens.push(self.app, "remote_game_over", self.session)  # ui/scenes/host_join.py

    def _replay_log(self) -> None:
        """The log of what this seat has seen since it sat down (the host keeps the rest)."""
        self._log_lang = i18n.language()
        first = self.history[0][1] if self.history else self.view
        self.log.add([], heading=self.renderer.log_heading(None, first) if first else None)
        for events, before, after in self.history:
            self.log.add(self.renderer.log_lines(events, before, after),
                         heading=self.renderer.log_heading(before, after))

    # --- the host's messages ----------------------------------------------------------------------
    def update(self, now_ms: int) -> bool:
        for message in self.source.client.poll():
            self.take(message)
        client = self.source.client
        if client.ended is not None and not self.ended_shown:
            self.ended_shown = True
            self._stay(t("remote.ended", reason=client.ended))
        elif client.client.dropped and not self.drop_shown and client.ended is None:
            self.drop_shown = True  # until the welcome back (or the end) says otherwise
            self._stay(t("remote.reconnecting"))
        return super().update(now_ms)

    def take(self, message: msg.HostMessage) -> None:
        """One message from the host, as it arrived."""
        source = self.source
        if isinstance(message, msg.Events):
            self.pending.extend(source.typed_events(message))
        elif isinstance(message, msg.State):
            before = self.view
            source.take_state(message)
            events, self.pending = self.pending, []
            mine, source.sent = source.sent, False
            self.show_action(self.viewer if mine else None, events, before)
            self.history.append((events, before, self.view))
        elif isinstance(message, msg.Refused):
            source.sent = False
            if not message.stale:  # a stale one is followed by the newer state: choose again
                self.show_toast(t("remote.refused", reason=message.reason))
            self._refresh_keeping_choice()
        elif isinstance(message, msg.Presence):
            self._seats_changed(message.seats)
        elif isinstance(message, msg.Welcome):
            self.drop_shown = False
            self._seats_changed(message.seats)
            self.show_toast(t("remote.back"))
        elif isinstance(message, msg.Error) and not message.fatal:
            self.show_toast(message.reason)

    def _seats_changed(self, seats: list[msg.SeatInfo]) -> None:
        """Who came, who went, who a bot now plays for: one line each, then the new names."""
        names = self.seat_names()
        was = {s.seat: s for s in self.source.presence}
        lines = []
        for seat in seats:
            old = was.get(seat.seat)
            if seat.seat == self.source.seat and seat.bot != (old.bot if old else ""):
                lines.append(t("remote.bot_plays_you" if seat.bot else "remote.yours_again"))
            if seat.seat == self.source.seat or old is None or seat.kind == "bot":
                continue
            name = seat.name or names[seat.seat]
            if seat.bot and not old.bot:
                lines.append(t("remote.bot_plays", name=name))
            elif seat.connected and not old.connected:
                lines.append(t("remote.joined", name=name))
            elif old.connected and not seat.connected:
                lines.append(t("remote.left", name=name))
        self.source.presence = list(seats)
        self.ui.names = self.seat_names()
        if lines:
            self.show_toast(" · ".join(lines))
        self.app.request_redraw()

    def _stay(self, text: str) -> None:
        self.toast = (text, self.app.now() + STAYS_MS)
        self.app.request_redraw()

    def on_exit(self) -> None:
        super().on_exit()
        if self not in self.app.scenes and self.on_seats is None:  # gone: leave the table
            self.source.client.wake = None
            self.source.client.leave_soon()
            if self.leave_quits:
                self.app.running = False


screens.register("remote_table", RemoteTableScene)
