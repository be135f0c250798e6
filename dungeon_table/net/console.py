"""``dungeon-table host``: a table served from a terminal, saying what happens at it.

It prints the invite (the addresses players reach this machine at, the port, the table code)
and a line whenever a seat is taken, left, or handed to a bot, and when the game ends. Typed
lines steer it: ``bot N`` hands seat N to a bot (a player who left; ``bot N expert``: a bot of that
level, any the game has), ``back N`` hands it back,
``seats`` prints every seat, ``quit`` (or Ctrl+C) stops the host.

A table lives in ``<data home>/tables/<code>/`` with its autosave, so a host stopped or crashed
mid-game is started again with ``--resume CODE`` (or ``--resume`` alone: this game's newest
unfinished table) and its players' clients come back to their seats with their tokens. Without
``--resume`` a new table is dealt and the kept ones are named, so none is taken up by surprise.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from dungeon_table.ai.search_bot import DEFAULT_THINKING
from dungeon_table.core import registry
from dungeon_table.core.errors import SaveError
from dungeon_table.core.records import load_record
from dungeon_table.net import messages as msg
from dungeon_table.net.host import Host
from dungeon_table.net.hosting import invite_addresses
from dungeon_table.net.table import AUTOSAVE, Table, normal_code, tables_dir

WATCH_SECONDS = 0.2  # how often the seats are looked at for a line to print


class HostRefused(Exception):
    """The host cannot start as asked (no such table to resume, the port taken): exit 2."""


def kept_tables(game_id: str) -> list[Path]:
    """The folders of this game's tables kept in the data home, newest first."""
    root = tables_dir()
    if not root.is_dir():
        return []
    found = []
    for folder in root.iterdir():
        autosave = folder / AUTOSAVE
        with contextlib.suppress(SaveError, OSError):
            if autosave.is_file() and load_record(autosave).game == game_id:
                found.append((autosave.stat().st_mtime, folder))
    return [folder for _, folder in sorted(found, reverse=True)]


def table_to_resume(game_id: str, code: str) -> Path:
    """The folder of table ``code`` (or, ``code`` empty, of this game's newest unfinished
    table); ``HostRefused`` saying what there is instead."""
    if code:
        folder = tables_dir() / normal_code(code)
        if not (folder / AUTOSAVE).is_file():
            raise HostRefused(f"no table {normal_code(code)} is kept in {tables_dir()}")
        try:
            kept_game = load_record(folder / AUTOSAVE).game
        except SaveError as err:
            raise HostRefused(str(err)) from None
        if kept_game != game_id:
            raise HostRefused(f"table {normal_code(code)} is a {kept_game} table, not {game_id}")
        return folder
    for folder in kept_tables(game_id):
        with contextlib.suppress(SaveError):
            if Table.resume(folder).game.result() is None:
                return folder
    raise HostRefused(f"no unfinished {game_id} table is kept in {tables_dir()}")


def seat_line(seat: msg.SeatInfo) -> str:
    """``seat 2 (Ann): playing`` as the host's terminal shows it."""
    name = f" ({seat.name})" if seat.name else ""
    if seat.kind == "bot":
        state = f"a bot ({seat.level})" if seat.level else "a bot"
    elif seat.kind == "open":
        state = "open"
    elif seat.bot:
        state = f"a bot ({seat.bot}) plays for the player"
    else:
        state = "playing" if seat.connected else "away (the token brings them back)"
    return f"seat {seat.seat + 1}{name}: {state}"


class HostConsole:
    """One table served until ``quit``; every line it prints goes to ``out``."""

    def __init__(self, host: Host, table: Table, out: TextIO = sys.stdout) -> None:
        self.host, self.table, self.out = host, table, out
        self.seen: list[msg.SeatInfo] = []
        self.told_result = False
        self.done = asyncio.Event()

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def invite(self, bind: str, resumed: bool) -> None:
        table, port = self.table, self.host.port
        game = table.session.record.game
        self.say(f"{'Resumed' if resumed else 'Hosting'} {game}: table code {table.code}, "
                 f"port {port}")
        for address in invite_addresses(port, bind):
            self.say(f"  join: dungeon-table join {address} {table.code}")
        if bind in ("0.0.0.0", "", "::"):
            self.say(f"  on this machine: dungeon-table join 127.0.0.1:{port} {table.code}")
        self.say("  from the internet: open TCP port "
                 f"{port} to this machine and give your public address")
        self.say("Type 'bot N' / 'back N' to hand seat N to a bot and back ('bot N expert': a bot "
                 "of that level), 'seats', 'quit'.")
        self.seen = table.presence()
        for seat in self.seen:
            self.say("  " + seat_line(seat))

    async def watch(self) -> None:
        """A line for each seat that changed, and the result once."""
        while not self.done.is_set():
            now = self.table.presence()
            for old, new in zip(self.seen, now, strict=False):
                if old != new:
                    self.say(seat_line(new))
            self.seen = now
            result = self.table.game.result()
            if result is not None and not self.told_result:
                self.told_result = True
                names = [s.name or f"seat {s.seat + 1}" for s in now]
                winners = ", ".join(names[w] for w in result.winners) or "nobody"
                self.say(f"The game is over: {winners} won. 'quit' stops the host.")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(WATCH_SECONDS):
                    await self.done.wait()

    def command(self, line: str) -> None:
        """One typed line (see the module docstring)."""
        words = line.split()
        if not words:
            return
        verb, rest = words[0].lower(), words[1:]
        if verb in ("quit", "exit", "stop"):
            self.done.set()
        elif verb == "seats":
            for seat in self.table.presence():
                self.say("  " + seat_line(seat))
        elif verb in ("bot", "back") and 1 <= len(rest) <= (2 if verb == "bot" else 1) \
                and rest[0].isdigit():
            self._hand(verb, int(rest[0]) - 1, rest[1].lower() if rest[1:] else "best")
        else:
            self.say("commands: bot N [LEVEL], back N, seats, quit")

    def _hand(self, verb: str, seat: int, level: str) -> None:
        """``bot``: seat to a bot of ``level``; ``back``: to its player again."""
        levels = registry.get(self.table.session.record.game).bot_names()
        if not 0 <= seat < len(self.table.seats) or self.table.is_bot(seat):
            self.say(f"seat {seat + 1} is not a player's seat at this table")
        elif level not in levels:
            self.say(f"no bot '{level}' here: {', '.join(levels)}")
        elif verb == "bot":
            self.host.hand_to_bot(self.table.code, seat, level)
        else:
            self.host.hand_back(self.table.code, seat)


def read_lines(loop: asyncio.AbstractEventLoop, take: Callable[[str], None],
               source: TextIO) -> None:
    """Typed lines to ``take`` on the loop, from a thread (stdin has no portable asyncio reader);
    the end of the input stops nothing (a host started with no terminal runs on)."""
    def pump() -> None:
        with contextlib.suppress(Exception):  # a closed stdin, a stopped loop: nothing to read
            for line in source:
                loop.call_soon_threadsafe(take, line)

    threading.Thread(target=pump, daemon=True, name="dungeon_table host input").start()


async def host_table(game_id: str, seats: list[str], seed: int, options: dict[str, Any],
                     bind: str, port: int, resume: str | None, bot_delay: float,
                     thinking: str = DEFAULT_THINKING, out: TextIO = sys.stdout,
                     source: TextIO | None = sys.stdin) -> None:
    """Serve one table until ``quit`` (or a cancellation: Ctrl+C); see the module docstring."""
    host = Host(bot_delay=bot_delay, thinking=thinking)
    if resume is not None:
        try:
            table = host.resume_table(table_to_resume(game_id, resume))
        except SaveError as err:
            raise HostRefused(str(err)) from None
    else:
        table = host.new_table(game_id, seats, seed, options)
        kept = [f.name for f in kept_tables(game_id) if f.name != table.code][:5]
        if kept:
            print(f"(kept tables of {game_id}: {', '.join(kept)}; "
                  f"'--resume CODE' carries one on)", file=out, flush=True)
    try:
        await host.start(bind, port)
    except OSError as err:
        raise HostRefused(f"cannot listen on {bind}:{port}: {err.strerror or err}") from None
    console = HostConsole(host, table, out)
    console.invite(bind, resumed=resume is not None)
    if source is not None:
        read_lines(asyncio.get_running_loop(), console.command, source)
    try:
        await console.watch()
    finally:
        await host.close()
        print(f"Host stopped; 'dungeon-table host {game_id} --resume {table.code}' carries on.",
              file=out, flush=True)
