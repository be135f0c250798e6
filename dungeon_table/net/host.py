"""The host: serves tables over WebSocket (the ``websockets`` package, asyncio).

::

    host = await serve_table("market", ["human"] * 4, port=0)     # a Host with one table
    print(host.invite(code))                                       # ws://127.0.0.1:PORT  ACDE34
    host.hand_to_bot(code, seat=2)                                 # a bot plays for who left
    await host.close()

One process hosts any number of tables, each with its code (``Host.new_table``,
``Host.resume_table``). A connection says ``hello`` first (within ``HELLO_SECONDS``), is bound to
one seat of one table, and from then on may act only for that seat. Every action goes through
the table's ``Session`` (``net.table``), so an illegal or malformed one is refused with the
reason and changes nothing. Each connection has its own outgoing queue and writer, so a client
that stops reading holds up nobody (past ``SEND_QUEUE`` messages it is dropped: it can come back
with its token) and its messages go out in order; and a budget of messages (``Budget``), so a
flood is refused, then closed, while the table plays on. Bots play on the host, each move after
``bot_delay`` seconds; an expert searches for the host's ``thinking`` time on a worker thread, so
the loop goes on answering every table while it thinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from dungeon_table.ai.search_bot import DEFAULT_THINKING, decide, give_thinking_time, searches
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action
from dungeon_table.net import messages as msg
from dungeon_table.net.table import (
    JoinRefused,
    Outbox,
    Stale,
    Table,
    new_code,
    normal_code,
    tables_dir,
)

log = logging.getLogger("dungeon_table.net")

DEFAULT_PORT = 47323
BOT_DELAY = 0.6  # seconds a bot waits before each move, so players can follow it
HELLO_SECONDS = 10.0  # a connection that has not said hello by then is closed
SEND_QUEUE = 256  # messages waiting for a client that does not read, before it is dropped
# The library refuses a frame past this unread and closes the connection (1009); below it,
# ``messages.decode_client`` refuses a message past MAX_CLIENT_BYTES in words and plays on.
FRAME_LIMIT = 1 << 20
# Bursts up to BURST messages, then RATE a second; past that each message is refused, and after
# FLOOD refusals the connection is closed. A bot client at full speed sends far fewer.
RATE, BURST, FLOOD = 200.0, 400.0, 1000


class Budget:
    """A token bucket: how many more messages a connection may send now."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False


class Link:
    """One client connection: its seat once joined, and the writer that sends its queue."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.room: Room | None = None
        self.seat = -1
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing: tuple[int, str] | None = None
        self.limit = SEND_QUEUE
        self.writer = asyncio.create_task(self._write())

    def send(self, message: msg.Message) -> None:
        """Queue ``message``; a client that has let SEND_QUEUE pile up is cut off instead (its
        writer may be stuck on a full socket, so no closing handshake: it can come back)."""
        if self.closing is not None:
            return
        if self.queue.qsize() >= self.limit:
            log.warning("seat %s does not read its messages: cut off", self.seat + 1)
            self.close(1008, "too many messages waiting")
            self.connection.transport.abort()
            return
        self.queue.put_nowait(msg.encode(message))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close once everything queued so far is sent (the first reason given stands)."""
        if self.closing is None:
            self.closing = (code, reason)
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.queue.get()) is not None:
                await self.connection.send(text)
            await self.connection.close(*(self.closing or (1000, "")))


@dataclass
class Room:
    """A table and the connections at it."""

    table: Table
    links: dict[int, Link] = field(default_factory=dict)  # seat -> its live connection
    bots: asyncio.Task[None] | None = None


class Host:
    """Tables served over WebSocket. See the module docstring."""

    def __init__(self, bot_delay: float = BOT_DELAY, folder: Path | None = None,
                 thinking: str = DEFAULT_THINKING) -> None:
        self.bot_delay = bot_delay
        self.thinking = thinking  # an expert bot's time a decision: fast, normal or deep
        self.folder = folder  # where each table's folder is made; None: tables_dir()
        self.rooms: dict[str, Room] = {}
        self.server: Server | None = None

    # --- tables -----------------------------------------------------------------------------------
    def new_table(self, game_id: str, seats: list[str], seed: int,
                  options: dict[str, Any] | None = None, names: list[str] | None = None,
                  keep: bool = True) -> Table:
        """A fresh table with a code no other table here has; ``keep`` False: no autosave."""
        code = self._free_code()
        folder = (self.folder or tables_dir()) / code if keep else None
        table = Table.new(game_id, seats, seed, options, names, folder=folder, code=code)
        return self._add(table)

    def resume_table(self, folder: Path) -> Table:
        """The table a stopped host left in ``folder`` (``SaveError`` if it cannot be read)."""
        table = Table.resume(folder)
        if table.code in self.rooms:
            raise ValueError(f"table {table.code} is open here already")
        return self._add(table)

    def _free_code(self) -> str:
        while (code := new_code()) in self.rooms:
            pass
        return code

    def _add(self, table: Table) -> Table:
        room = Room(table)
        self.rooms[table.code] = room
        self._wake_bots(room)
        return table

    def table(self, code: str) -> Table:
        return self._room(code).table

    def _room(self, code: str) -> Room:
        room = self.rooms.get(normal_code(code))
        if room is None:
            raise KeyError(f"no table {code} here")
        return room

    def hand_to_bot(self, code: str, seat: int, level: str = "best") -> None:
        """A bot of ``level`` plays ``seat`` of table ``code`` until ``hand_back``."""
        room = self._room(code)
        self._dispatch(room, room.table.hand_to_bot(seat, level))
        self._announce(room)

    def hand_back(self, code: str, seat: int) -> None:
        """``seat``'s player decides again."""
        room = self._room(code)
        self._dispatch(room, room.table.hand_back(seat))
        self._announce(room)

    # --- serving ----------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> None:
        """Listen on ``host:port`` (port 0: any free port, see ``port``)."""
        # close_timeout: a flood left unread holds the closing handshake; 2 s, not 10, then cut.
        self.server = await serve(self._serve, host, port, max_size=FRAME_LIMIT,
                                  max_queue=16, compression=None, close_timeout=2)
        for room in self.rooms.values():
            self._wake_bots(room)

    @property
    def port(self) -> int:
        assert self.server is not None, "the host has not started"
        return int(self.server.sockets[0].getsockname()[1])

    def invite(self, code: str, address: str = "127.0.0.1") -> str:
        """What a player needs to join: ``ws://ADDRESS:PORT  CODE``."""
        return f"ws://{address}:{self.port}  {self._room(code).table.code}"

    async def serve_forever(self) -> None:
        assert self.server is not None
        await self.server.serve_forever()

    async def close(self, reason: str = "the host has stopped") -> None:
        """Say goodbye to every client, stop the bots and the server."""
        for room in self.rooms.values():
            if room.bots is not None:
                room.bots.cancel()
            for link in list(room.links.values()):
                link.send(msg.Goodbye(reason=reason))
                link.close(1001, reason)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def abort(self) -> None:
        """Stop at once without a word, as a crash would (tests of a restarted host)."""
        for room in self.rooms.values():
            if room.bots is not None:
                room.bots.cancel()
        if self.server is not None:
            self.server.close(close_connections=False)
            for connection in list(self.server.connections):
                connection.transport.abort()

    async def _serve(self, connection: ServerConnection) -> None:
        link = Link(connection)
        try:
            if not await self._hello(link):
                return
            budget = Budget()
            async for data in connection:
                if link.writer.done():
                    break
                if not budget.take():
                    if budget.refused >= FLOOD:
                        link.close(1008, "too many messages")
                        break
                    if budget.refused == 1:
                        link.send(msg.Error(reason="too many messages: slow down"))
                    continue
                self._receive(link, data)
                await asyncio.sleep(0)  # a busy connection leaves room for the others
        except ConnectionClosed:
            pass
        finally:
            self._leave(link)
            link.close()  # the writer sends what is queued (if it still can) and stops
            with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
                await link.writer

    async def _hello(self, link: Link) -> bool:
        """The first message must be a hello that claims a seat; else the client is told why
        and the connection ends (False)."""
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                data = await link.connection.recv()
            hello = msg.decode_client(data)
            if not isinstance(hello, msg.Hello):
                raise msg.BadMessage(f"say hello first (got {type(hello).__name__.lower()})")
            room = self.rooms.get(normal_code(hello.code))
            if room is None:
                raise JoinRefused(f"there is no table {hello.code} here")
            seat, _ = room.table.claim(hello)
        except (msg.BadMessage, JoinRefused) as err:
            reason = str(err)
        except TimeoutError:
            reason = f"no hello within {HELLO_SECONDS:g} seconds"
        else:
            self._seat(room, link, seat)
            return True
        link.send(msg.Error(reason=reason, fatal=True))
        link.close(1008, "refused")
        return False

    def _seat(self, room: Room, link: Link, seat: int) -> None:
        old = room.links.get(seat)
        if old is not None:
            old.send(msg.Goodbye(reason="you joined this seat from elsewhere"))
            old.close(1000, "joined from elsewhere")
            old.room = None
        link.room, link.seat = room, seat
        room.links[seat] = link
        link.send(room.table.welcome(seat))
        self._dispatch(room, room.table.connect(seat))
        self._announce(room)

    def _leave(self, link: Link) -> None:
        room = link.room
        if room is None or room.links.get(link.seat) is not link:
            return
        del room.links[link.seat]
        room.table.disconnect(link.seat)
        link.room = None
        self._announce(room)

    # --- messages from a seated client ---------------------------------------------------------
    def _receive(self, link: Link, data: str | bytes) -> None:
        try:
            message = msg.decode_client(data)
        except msg.BadMessage as err:
            link.send(msg.Error(reason=str(err)))
            return
        room = link.room
        if room is None:
            link.close(1000, "")
            return
        if isinstance(message, msg.Act):
            self._act(room, link, message)
        elif isinstance(message, msg.Ping):
            link.send(msg.Pong(nonce=message.nonce))
        elif isinstance(message, msg.Leave):
            link.send(msg.Goodbye(reason="you left the table; your token brings you back"))
            link.close(1000, "left")
            self._leave(link)
        else:
            link.send(msg.Error(reason=f"already at this table as seat {link.seat + 1}"))

    def _act(self, room: Room, link: Link, act: msg.Act) -> None:
        table = room.table
        if act.seat != link.seat:
            reason = f"this connection plays seat {link.seat + 1}, not seat {act.seat + 1}"
            link.send(msg.Refused(reason=reason, step=table.seats[link.seat].step))
            return
        try:
            out = table.act(link.seat, act.step, act.action)
        except IllegalAction as err:
            link.send(msg.Refused(reason=str(err), step=table.seats[link.seat].step,
                                  stale=isinstance(err, Stale)))
            return
        self._dispatch(room, out)
        self._wake_bots(room)

    # --- out ---------------------------------------------------------------------------------
    def _dispatch(self, room: Room, out: Outbox) -> None:
        for seat, messages in out.items():
            link = room.links.get(seat)
            if link is not None:
                for message in messages:
                    link.send(message)
        if room.table.session.autosave_error:
            log.warning("table %s: %s", room.table.code, room.table.session.autosave_error)

    def _announce(self, room: Room) -> None:
        presence = msg.Presence(seats=room.table.presence())
        for link in room.links.values():
            link.send(presence)
        self._wake_bots(room)

    def _wake_bots(self, room: Room) -> None:
        """Start the table's bot loop if a bot is to act and none runs."""
        if room.bots is None or room.bots.done():
            if room.table.bot_to_act() is not None:
                with contextlib.suppress(RuntimeError):  # no running loop: started later
                    room.bots = asyncio.get_running_loop().create_task(self._play_bots(room))

    async def _play_bots(self, room: Room) -> None:
        table = room.table
        while (seat := table.bot_to_act()) is not None:
            moves, started = table.moves, time.monotonic()
            try:
                action = await self._bot_decision(table, seat)
            except Exception:  # a bot's bug must not stop the host: its seat waits
                log.exception("table %s: the bot of seat %d failed", table.code, seat)
                return
            await asyncio.sleep(max(0.0, self.bot_delay - (time.monotonic() - started)))
            if table.bot_to_act() != seat or table.moves != moves:
                continue  # a player acted or a seat was handed back meanwhile: decide anew
            self._dispatch(room, table.play_bot(seat, action))

    async def _bot_decision(self, table: Table, seat: int) -> Action:
        """``seat``'s bot's action at the table's state now. A bot that searches thinks for the
        host's thinking time on a worker thread, in a copy of the game, so every table's
        players are answered meanwhile; the others decide within a millisecond, here."""
        bot = table.bot_of(seat)
        if not searches(bot):
            return decide(bot, table.game, seat)
        give_thinking_time(bot, self.thinking)
        world = table.game.clone()  # the worker's own: the table's game changes on this loop
        action: Action = await asyncio.to_thread(bot.decide, world, seat)
        return action


async def serve_table(game_id: str, seats: list[str], *, seed: int | None = None,
                      options: dict[str, Any] | None = None, names: list[str] | None = None,
                      host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                      bot_delay: float = BOT_DELAY, folder: Path | None = None,
                      resume: Path | None = None) -> tuple[Host, Table]:
    """What ``dungeon-table host`` runs: a started ``Host`` with one table, new or resumed from
    its folder (``resume``), and that table (``table.code`` for the invite)."""
    hosting = Host(bot_delay=bot_delay, folder=folder)
    if resume is not None:
        table = hosting.resume_table(resume)
    else:
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        table = hosting.new_table(game_id, seats, seed, options, names)
    await hosting.start(host, port)
    return hosting, table
