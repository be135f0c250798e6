"""One hosted table without the network: the authoritative session, its seats and tokens, and what
each seat is to be sent. ``net.host`` carries these messages over WebSocket; tests drive a table
directly too.

::

    table = Table.new("market", ["human", "human", "bot:best"], seed=7, folder=path)
    seat, token = table.claim(hello)          # JoinRefused(reason) for a wrong code or token
    table.connect(seat)                       # {seat: [State]}: its current view
    out = table.act(seat, step, notation)     # {seat: [Events, State]} for every seat that sees a change
    seat = table.bot_to_act()                 # a bot seat the host should play now, or None
    out = table.play_bot(seat, search_bot.decide(table.bot_of(seat), table.game, seat))

The table lives in a folder of its own (``<data home>/tables/<code>/``): ``autosave.yaml`` is
the session's record, appended at every action, and ``table.yaml`` the code and each seat's
token, name and stand-in bot, so a host restarted after a crash resumes the same table and its
players come back with their tokens (``Table.resume``).

What a seat is sent is its projection of the game and nothing else: ``game.view(seat)``, its
legal actions, ``to_act``, the result, and the events ``visible_to`` it. A seat is sent an update
only when that projection changed (or it acted), so even the rhythm of the messages says nothing
that its view does not.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import yaml

from dungeon_table.ai.search_bot import searches
from dungeon_table.core.bounded_yaml import Limits, read_yaml
from dungeon_table.core.errors import DamagedSave, FileRefused, IllegalAction, SaveError
from dungeon_table.core.paths import data_home
from dungeon_table.core.protocol import Action, Event, to_dict
from dungeon_table.core.records import name_problem, shorten, write_atomic
from dungeon_table.core.script import bot_seed, seat_bots
from dungeon_table.core.session import Session, bot_level
from dungeon_table.net import messages as msg

TABLE_FORMAT = 1
TABLE_LIMITS = Limits("a table file", max_bytes=16 * 1024, max_depth=4)
AUTOSAVE, TABLE_FILE = "autosave.yaml", "table.yaml"
TOKEN_BYTES = 18  # secrets.token_urlsafe: 24 characters, 144 bits

Outbox = dict[int, list[msg.Message]]
_ENCODER = msgspec.json.Encoder()


class JoinRefused(ValueError):
    """A hello the table does not take (a wrong code or token, a seat taken or a bot's)."""


class Stale(IllegalAction):
    """An act chosen from a state whose choices have changed since (replayed, or overtaken)."""


def tables_dir() -> Path:
    """``<data home>/tables``: one folder per hosted table, apart from the saves the menu lists."""
    return data_home() / "tables"


def new_code() -> str:
    """A fresh table code: 6 characters of ``CODE_ALPHABET``."""
    return "".join(secrets.choice(msg.CODE_ALPHABET) for _ in range(msg.CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (``acd e34``) in the form the host keeps (``ACDE34``)."""
    return "".join(text.split()).upper()


# --- the table file ------------------------------------------------------------------------------
class SeatFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    token: msg.Token | None = None
    name: msg.Name = ""
    stand_in: str = ""  # a bot level playing for a player who left ("" none)


class TableFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: int = TABLE_FORMAT
    code: msg.Code
    seats: list[SeatFile]


def read_table_file(path: Path) -> TableFile:
    """``table.yaml`` through the bounded reader; ``DamagedSave`` naming the file and the field."""
    try:
        data = read_yaml(path, TABLE_LIMITS)
        table = msgspec.convert(data, TableFile)
    except FileRefused as err:
        raise DamagedSave(str(path), f"{err.where()}{err.reason}") from None
    except msgspec.ValidationError as err:
        raise DamagedSave(str(path), shorten(f"wrong shape: {err}")) from None
    except OSError as err:
        raise SaveError(f"{path}: cannot read: {err.strerror or err}") from None
    if table.format != TABLE_FORMAT:
        raise DamagedSave(str(path), f"unknown table format {table.format}")
    return table


def write_table_file(path: Path, table: TableFile) -> None:
    """Atomically, readable by its owner alone (``mkstemp`` makes it 0600): it holds the tokens."""
    text = yaml.safe_dump(msgspec.to_builtins(table), sort_keys=False, allow_unicode=True)
    write_atomic(path, text)


# --- a table -------------------------------------------------------------------------------------
@dataclass
class SeatState:
    """What the table knows of one seat beyond the game: who holds it and what it was sent."""

    token: str | None = None
    name: str = ""
    stand_in: str = ""
    connected: bool = False
    step: int = 0  # updates sent to this seat
    legal_since: int = 0  # the step from which its legal actions are as they are now
    last: tuple[bytes, ...] | None = None  # its projection as last sent
    bot: Any = None  # the stand-in bot itself


@dataclass
class Table:
    """A ``Session`` played by seats that join over the network. See the module docstring."""

    code: str
    session: Session
    folder: Path | None
    seats: list[SeatState]
    bots: dict[int, Any] = field(default_factory=dict)  # the setup's own bot seats

    # --- making, resuming ---------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: list[str], seed: int, options: dict[str, Any] | None = None,
            names: list[str] | None = None, folder: Path | None = None,
            code: str | None = None) -> Table:
        """A fresh table; ``folder`` None keeps nothing on disk (tests, the bench's option)."""
        code = normal_code(code) if code else new_code()
        autosave = folder / AUTOSAVE if folder is not None else None
        session = Session.new(game_id, seats, seed, options, autosave=autosave)
        if names:
            session.names = list(names)
        table = cls(code, session, folder, [SeatState() for _ in seats])
        table._start()
        return table

    @classmethod
    def resume(cls, folder: Path) -> Table:
        """The table a stopped host left in ``folder``: the game from its autosave (all but an
        action cut short), the code and the tokens from ``table.yaml``."""
        saved = read_table_file(folder / TABLE_FILE)
        session = Session.load(folder / AUTOSAVE, autosave=folder / AUTOSAVE)
        if len(saved.seats) != len(session.record.seats):
            raise DamagedSave(str(folder / TABLE_FILE), f"{len(saved.seats)} seats for a game "
                              f"of {len(session.record.seats)}")
        seats = [SeatState(token=s.token, name=s.name, stand_in=s.stand_in) for s in saved.seats]
        table = cls(normal_code(saved.code), session, folder, seats)
        table._start()
        return table

    def _start(self) -> None:
        record = self.session.record
        spec = self.session.spec
        self.bots = seat_bots(spec, record.seats, record.seed)
        for index, seat in enumerate(self.seats):
            if seat.stand_in:
                seat.bot = spec.make_bot(seat.stand_in, bot_seed(record.seed, index))
        self.save_seats()

    def save_seats(self) -> None:
        """Write ``table.yaml`` (after a seat is claimed, renamed or handed over)."""
        if self.folder is None:
            return
        seats = [SeatFile(token=s.token, name=s.name, stand_in=s.stand_in) for s in self.seats]
        write_table_file(self.folder / TABLE_FILE, TableFile(code=self.code, seats=seats))

    # --- who sits where ---------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.game

    def is_bot(self, seat: int) -> bool:
        """The setup made it a bot's seat: nobody may claim it."""
        return seat in self.bots

    def presence(self) -> list[msg.SeatInfo]:
        """Every seat as the table shows it (``Presence``, ``Welcome``)."""
        record_names = self.session.names
        out = []
        for index, seat in enumerate(self.seats):
            name = seat.name or (record_names[index] if index < len(record_names) else "")
            level = ""
            if self.is_bot(index):
                kind, level = "bot", bot_level(self.session.record.seats[index]) or "best"
            else:
                kind = "player" if seat.token else "open"
            out.append(msg.SeatInfo(seat=index, kind=kind, name=name, connected=seat.connected,
                                    bot=seat.stand_in, level=level,
                                    searches=searches(self.bot_of(index))))
        return out

    def claim(self, hello: msg.Hello) -> tuple[int, str]:
        """The seat a hello comes for and its token (issued now for a fresh claim), or
        ``JoinRefused`` with the reason: a wrong code, an unknown token, a seat already claimed,
        a bot's seat, no seat free."""
        if normal_code(hello.code) != self.code:
            raise JoinRefused(f"this is table {self.code}, not {hello.code}")
        if hello.token is not None:
            seat = self._seat_of_token(hello.token)
            if hello.seat is not None and hello.seat != seat:
                raise JoinRefused(f"that token is for seat {seat + 1}, not seat {hello.seat + 1}")
        else:
            seat = self._free_seat(hello.seat)
        problem = name_problem(hello.name)
        if problem:
            raise JoinRefused(f"the name {problem}")
        if self.seats[seat].token is None:
            self.seats[seat].token = secrets.token_urlsafe(TOKEN_BYTES)
        self._rename(seat, hello.name)
        self.save_seats()
        return seat, str(self.seats[seat].token)

    def _seat_of_token(self, token: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                return index
        raise JoinRefused("that token holds no seat at this table")

    def _free_seat(self, wanted: int | None) -> int:
        if wanted is None:
            free = [i for i, s in enumerate(self.seats) if s.token is None and not self.is_bot(i)]
            if not free:
                raise JoinRefused("every seat at this table is taken")
            return free[0]
        if not 0 <= wanted < len(self.seats):
            raise JoinRefused(f"this table has seats 1-{len(self.seats)}, not {wanted + 1}")
        if self.is_bot(wanted):
            raise JoinRefused(f"seat {wanted + 1} is a bot's")
        if self.seats[wanted].token is not None:
            raise JoinRefused(f"seat {wanted + 1} is taken (come back to it with its token)")
        return wanted

    def _rename(self, seat: int, name: str) -> None:
        """The name a player gave, kept in the record too (Continue and the log show it)."""
        if not name or name == self.seats[seat].name:
            return
        self.seats[seat].name = name
        names = self.session.names
        names += [""] * (len(self.seats) - len(names))
        names[seat] = name
        self.session.names = names

    def connect(self, seat: int) -> Outbox:
        """``seat``'s player is here (joined, or back): it is sent its current state."""
        state = self.seats[seat]
        state.connected = True
        state.last = None  # whatever it had, it gets the state as it is now
        return {seat: self._update(seat, [], acted=True)}

    def disconnect(self, seat: int) -> None:
        self.seats[seat].connected = False

    def hand_to_bot(self, seat: int, level: str = "best") -> Outbox:
        """A bot of ``level`` plays ``seat`` until ``hand_back``: for a player who left. The
        seat's player, if there, is sent its state without choices."""
        if self.is_bot(seat):
            raise ValueError(f"seat {seat + 1} is a bot's already")
        spec = self.session.spec
        self.seats[seat].bot = spec.make_bot(level, bot_seed(self.session.record.seed, seat))
        self.seats[seat].stand_in = level
        self.save_seats()
        return self.updates([])

    def hand_back(self, seat: int) -> Outbox:
        """The player of ``seat`` decides again: sent its choices if there."""
        self.seats[seat].bot = None
        self.seats[seat].stand_in = ""
        self.save_seats()
        return self.updates([])

    # --- playing ----------------------------------------------------------------------------------
    def act(self, seat: int, step: int, notation: dict[str, Any]) -> Outbox:
        """``seat``'s action chosen from its state ``step``: applied through the session (an
        ``IllegalAction`` says why and changes nothing), then every seat's updates."""
        state = self.seats[seat]
        if state.bot is not None:
            raise IllegalAction(f"a bot plays seat {seat + 1} now: the host can hand it back")
        if not state.legal_since <= step <= state.step:
            raise Stale(f"that action was chosen at step {step}; seat {seat + 1}'s choices have "
                        f"changed since (now step {state.step}): choose again")
        try:
            action = type(self.game).decode_action(notation)
        except IllegalAction:
            raise
        except (msgspec.MsgspecError, TypeError, ValueError) as err:
            raise IllegalAction(f"not an action of {self.session.record.game}: {err}") from None
        game = self.game
        action = game.well_formed(seat, action)
        # Only what the seat is offered: the moves a game takes unlisted (Dungeon!'s time_up)
        # are the table's own, and a remote table's clock is not a player's to stop.
        if action not in game.legal_actions(seat):
            raise IllegalAction(game.why_illegal(seat, action))
        events = self.session.apply(seat, action)
        return self.updates(events, acted=seat)

    def bot_to_act(self) -> int | None:
        """A seat to act now that a bot plays (the setup's or a stand-in), or None."""
        if self.game.result() is not None:
            return None
        for seat in self.game.to_act():
            if seat in self.bots or self.seats[seat].bot is not None:
                return seat
        return None

    def bot_of(self, seat: int) -> Any:
        """The bot that plays ``seat`` now (the setup's or a stand-in), or None."""
        return self.bots.get(seat) or self.seats[seat].bot

    @property
    def moves(self) -> int:
        """How many actions the table has taken: a bot's decision for an earlier count is stale."""
        return len(self.session.record.actions)

    def play_bot(self, seat: int, action: Action) -> Outbox:
        """The bot of ``seat`` plays ``action``, decided at this very state (``Table.moves``
        unchanged since): every seat's updates."""
        return self.updates(self.session.apply(seat, action), acted=seat)

    # --- what each seat is sent ---------------------------------------------------------------
    def updates(self, events: list[Event], acted: int | None = None) -> Outbox:
        """For every connected seat whose projection changed (or that acted): the events it may
        see, then its state."""
        out: Outbox = {}
        for seat, state in enumerate(self.seats):
            if state.connected:
                visible = [to_dict(e) for e in events if e.visible_to(seat)]
                sent = self._update(seat, visible, acted=seat == acted)
                if sent:
                    out[seat] = sent
        return out

    def projection(self, seat: int) -> tuple[bytes, ...]:
        """Everything ``seat`` is shown, encoded: its view, its legal actions (none while a bot
        stands in), the seats to act, the result."""
        game = self.game
        legal = game.legal_actions(seat) if self.seats[seat].bot is None else []
        return (_ENCODER.encode(game.view(seat)), _ENCODER.encode(legal),
                _ENCODER.encode(game.to_act()), _ENCODER.encode(game.result()))

    def _update(self, seat: int, events: list[dict[str, Any]], acted: bool) -> list[msg.Message]:
        state = self.seats[seat]
        now = self.projection(seat)
        if now == state.last and not events and not acted:
            return []
        state.step += 1
        if acted or state.last is None or now[1] != state.last[1]:
            state.legal_since = state.step
        state.last = now
        out: list[msg.Message] = [msg.Events(step=state.step, events=events)] if events else []
        return [*out, self.state_message(seat)]

    def state_message(self, seat: int) -> msg.State:
        """``seat``'s current ``State`` at its current step, from the projection last sent."""
        state = self.seats[seat]
        assert state.last is not None
        view, legal, to_act, result = (msgspec.Raw(part) for part in state.last)
        return msg.State(step=state.step, view=view, legal=legal, to_act=to_act, result=result)

    def welcome(self, seat: int) -> msg.Welcome:
        record = self.session.record
        return msg.Welcome(protocol=msg.PROTOCOL, code=self.code, seat=seat,
                           token=str(self.seats[seat].token), game=record.game,
                           seats=self.presence(), options=dict(record.options))
