"""The client: joins a hosted table as one seat over WebSocket (``websockets``, asyncio).

::

    client = await join("ws://192.168.1.20:47323", "ACDE34", name="Ann")   # or token=...
    client.state.view, client.state.legal        # this seat's view and choices, latest
    await client.act(client.legal_actions()[0])  # sent with the step it was chosen at
    await client.leave()

A connection that drops is made again with the seat's token (``reconnect_for`` seconds), and the
host sends the current state: nothing is lost. ``SyncClient`` runs a client on a thread of its
own for a pygame loop to poll (``join_table``); ``BotClient`` plays its seat with one of the
game's bots through a client (tests, the bench).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
import threading
import time
import typing
from collections.abc import Callable
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Event, Game, to_dict
from dungeon_table.net import messages as msg
from dungeon_table.net.host import DEFAULT_PORT

Listener = Callable[[msg.HostMessage], None]


class JoinError(Exception):
    """The table could not be joined, or the host ended the connection with an error: the
    reason is the host's words (a wrong code, another version) or the network's."""


def address_uri(address: str) -> str:
    """``192.168.1.20`` or ``host:port`` as the WebSocket address ``ws://host:port``."""
    text = address.strip()
    if "://" not in text:
        text = "ws://" + text
    scheme, _, rest = text.partition("://")
    hostport = rest.split("/", 1)[0]
    if ":" not in hostport.rsplit("]", 1)[-1]:
        text = f"{scheme}://{hostport}:{DEFAULT_PORT}" + rest[len(hostport):]
    return text


class Client:
    """One seat at a hosted table. See the module docstring."""

    def __init__(self, address: str, code: str, *, seat: int | None = None,
                 token: str | None = None, name: str = "", reconnect_for: float = 30.0,
                 listener: Listener | None = None) -> None:
        self.uri = address_uri(address)
        self.code, self.wanted_seat, self.token, self.name = code, seat, token, name
        self.reconnect_for = reconnect_for
        self.listener = listener
        self.welcome: msg.Welcome | None = None
        self.state: msg.State | None = None
        self.presence: list[msg.SeatInfo] = []
        self.events: list[msg.Events] = []  # every batch of events received, in order
        self.refusals: list[msg.Refused] = []
        self.errors: list[str] = []
        self.ended: str | None = None  # why the client stopped for good (goodbye, an error)
        self.rejoins = 0
        self.dropped = False  # the connection was lost and is being made again
        self.on_drop: Callable[[], None] | None = None  # called (on its loop) when it is
        self._connection: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self._pongs: dict[int, asyncio.Future[None]] = {}
        self._leaving = False

    @property
    def seat(self) -> int:
        assert self.welcome is not None, "not joined"
        return self.welcome.seat

    @property
    def game_class(self) -> type[Game]:
        assert self.welcome is not None, "not joined"
        return registry.get(self.welcome.game).game_class

    # --- joining ----------------------------------------------------------------------------
    async def join(self, timeout: float = 10.0) -> msg.Welcome:
        """Connect and claim the seat (back with its state); ``JoinError`` with the host's
        reason if refused."""
        async with asyncio.timeout(timeout):
            await self._open()
        self._reader = asyncio.create_task(self._read())
        return self.welcome  # type: ignore[return-value]

    async def _open(self) -> None:
        """Connect, say hello, and read up to the welcome and the seat's first state."""
        try:
            self._connection = await connect(self.uri, max_size=msg.MAX_HOST_BYTES,
                                             compression=None, open_timeout=10)
        except (OSError, InvalidHandshake, InvalidURI) as err:
            raise JoinError(f"cannot reach {self.uri}: {err}") from None
        hello = msg.Hello(protocol=msg.PROTOCOL, code=self.code, name=self.name,
                          token=self.token, seat=None if self.token else self.wanted_seat)
        await self._connection.send(msg.encode(hello))
        while True:
            try:
                message = msg.decode_host(await self._connection.recv())
            except ConnectionClosed:
                raise JoinError(self.ended or "the host closed the connection") from None
            await self._take(message)
            if isinstance(message, msg.State):
                return
            if isinstance(message, msg.Error) and message.fatal:
                raise JoinError(message.reason)

    async def _read(self) -> None:
        """Take every message; after a drop, join again with the token until ``reconnect_for``."""
        while True:
            assert self._connection is not None
            with contextlib.suppress(ConnectionClosed):
                async for data in self._connection:
                    try:
                        message = msg.decode_host(data)
                    except msg.BadMessage as err:  # a host of another build: say, go on
                        self.errors.append(str(err))
                        continue
                    await self._take(message)
            if self.ended is not None or self._leaving:
                break
            self.dropped = True  # until the seat is back: a window says it is reconnecting
            if self.on_drop is not None:
                self.on_drop()
            if not await self._rejoin():
                break  # (``dropped`` went back to False with the welcome back, in ``_take``)
        await self._end(self.ended or "the connection to the host was lost")

    async def _rejoin(self) -> bool:
        deadline = time.monotonic() + self.reconnect_for
        pause = 0.05
        while time.monotonic() < deadline and not self._leaving:
            try:
                async with asyncio.timeout(max(0.1, deadline - time.monotonic())):
                    await self._open()
                self.rejoins += 1
                return True
            except JoinError as err:
                if self.ended is not None:  # the host said no (the token is not known there)
                    return False
                self.errors.append(str(err))
            except TimeoutError:
                pass
            await asyncio.sleep(pause)
            pause = min(1.0, pause * 2)
        return False

    async def _take(self, message: msg.HostMessage) -> None:
        """Keep what ``message`` says, then tell whoever waits."""
        if isinstance(message, msg.Welcome):
            self.welcome, self.token, self.presence = message, message.token, message.seats
            # Back before the welcome is handed on: a window reading it while ``dropped`` still
            # held put its "reconnecting…" back up, to stay there while the seat played on.
            self.dropped = False
        elif isinstance(message, msg.State):
            self.state = message
        elif isinstance(message, msg.Events):
            self.events.append(message)
        elif isinstance(message, msg.Presence):
            self.presence = message.seats
        elif isinstance(message, msg.Refused):
            self.refusals.append(message)
        elif isinstance(message, msg.Error):
            self.errors.append(message.reason)
            if message.fatal:
                self.ended = message.reason
        elif isinstance(message, msg.Goodbye):
            self.ended = message.reason
        elif isinstance(message, msg.Pong):
            pong = self._pongs.pop(message.nonce, None)
            if pong is not None and not pong.done():
                pong.set_result(None)
        if self.listener is not None:
            self.listener(message)
        async with self._changed:
            self._changed.notify_all()

    async def _end(self, reason: str) -> None:
        self.ended = self.ended or reason
        async with self._changed:
            self._changed.notify_all()

    # --- playing ----------------------------------------------------------------------------
    async def act(self, action: Action | dict[str, Any], step: int | None = None) -> None:
        """Send ``action`` (typed or in the notation), chosen from the state of ``step``
        (default: the latest state)."""
        assert self._connection is not None and self.state is not None, "not joined"
        notation = to_dict(action) if isinstance(action, Action) else dict(action)
        act = msg.Act(seat=self.seat, step=self.state.step if step is None else step,
                      action=notation)
        await self.send(act)

    async def send(self, message: msg.Message) -> None:
        """Any message as it is (tests send hostile ones); a dropped connection is let be."""
        assert self._connection is not None, "not joined"
        with contextlib.suppress(ConnectionClosed):
            await self._connection.send(msg.encode(message))

    async def ping(self, nonce: int) -> float:
        """The round trip of a ping to the host, in seconds."""
        pong = self._pongs[nonce] = asyncio.get_running_loop().create_future()
        start = time.perf_counter()
        await self.send(msg.Ping(nonce=nonce))
        await pong
        return time.perf_counter() - start

    def legal_actions(self) -> list[Action]:
        """The latest state's legal actions as the game's typed actions."""
        assert self.state is not None
        return [self.game_class.decode_action(a) for a in self.state.legal]

    def view(self) -> Any:
        """The latest state's view as the game's own view Struct (what its renderer draws)."""
        assert self.state is not None and self.welcome is not None
        return decode_view(self.welcome.game, self.state.view)

    def typed_events(self, batch: msg.Events) -> list[Event]:
        """A batch of events as the game's typed events (what its animation layer plays)."""
        kinds = typing.Union[self.game_class.event_types]  # type: ignore[valid-type]
        return [msgspec.convert(e, kinds) for e in batch.events]

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until ``condition()`` holds (checked after every message) or the client ends."""
        # asyncio.timeout, not wait_for: under load wait_for (3.11) can swallow a cancellation
        # that lands as the wait ends, and the cancelled task then runs on.
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(lambda: condition() or self.ended is not None)

    # --- leaving ----------------------------------------------------------------------------
    async def leave(self) -> None:
        """Leave the table (the seat stays this client's: its token brings it back)."""
        self._leaving = True
        await self.send(msg.Leave())
        await self._finish()

    async def close(self) -> None:
        """Drop the connection without a word (as a lost network would), and stop."""
        self._leaving = True
        if self._connection is not None:
            await self._connection.close()
        await self._finish()

    def kill(self) -> None:
        """Cut the connection at once without closing it (a crashed client, a pulled cable);
        the client joins again by itself."""
        if self._connection is not None:
            self._connection.transport.abort()

    async def _finish(self) -> None:
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                async with asyncio.timeout(5):
                    await self._reader
        if self._connection is not None:
            await self._connection.close()


async def join(address: str, code: str, **options: Any) -> Client:
    """A joined ``Client`` (``JoinError`` if the host refuses); see ``Client`` for the options."""
    client = Client(address, code, **options)
    await client.join()
    return client


@functools.cache
def view_type(game_id: str) -> Any:
    """The Struct a game's ``view`` returns (from its annotation)."""
    game_class = registry.get(game_id).game_class
    return typing.get_type_hints(game_class.view)["return"]


def decode_view(game_id: str, data: Any) -> Any:
    """A view received as plain data back into the game's view Struct."""
    return msgspec.convert(data, view_type(game_id))


# --- a bot behind a client ------------------------------------------------------------------------
class BotClient:
    """Plays one seat through a ``Client`` with a bot of the game: it decides from the view and
    the legal actions it is sent, as a remote player would."""

    def __init__(self, client: Client, bot: Any) -> None:
        self.client = client
        self.bot = bot
        self.actions = 0

    async def play(self, timeout: float = 60.0, max_actions: int | None = None) -> Any:
        """Act whenever the seat is to act until the game ends (its result as plain data), the
        client ends, or ``max_actions`` of its own are made."""
        client = self.client
        acted_on: msg.State | None = None  # a host restarted counts its steps afresh
        deadline = time.monotonic() + timeout
        while client.ended is None and (max_actions is None or self.actions < max_actions):
            state = client.state
            if state is not None and state.result is not None:
                return state.result
            if state is not None and state is not acted_on and state.legal:
                acted_on = state
                action = self.bot.choose(client.view(), client.legal_actions())
                await client.act(action, step=state.step)
                self.actions += 1
            await client.wait_until(lambda s=client.state: client.state is not s,
                                    max(0.01, deadline - time.monotonic()))
        return client.state.result if client.state is not None else None


# --- the synchronous facade ---------------------------------------------------------------------
class SyncClient:
    """A ``Client`` on a background thread with its own event loop, for a pygame loop::

        table = join_table("192.168.1.20", "ACDE34", name="Ann")
        for message in table.poll():        # every frame: what came since, oldest first
            ...
        table.act(action)                   # returns at once; the answer comes through poll()
        table.close()
    """

    def __init__(self, address: str, code: str, **options: Any) -> None:
        self.inbox: queue.Queue[msg.HostMessage] = queue.Queue()
        # Called on the client's thread after each message is queued: a window's loop that
        # sleeps between frames is woken by it (``ui/remote_table.py`` posts a pygame event).
        self.wake: Callable[[], None] | None = None
        self._left = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name=f"dungeon_table client {code}")
        self._thread.start()
        self.client = Client(address, code, listener=self._heard, **options)
        self.client.on_drop = self._dropped

    def _dropped(self) -> None:
        if self.wake is not None:
            self.wake()

    def _heard(self, message: msg.HostMessage) -> None:
        self.inbox.put(message)
        if self.wake is not None:
            self.wake()

    def join(self, timeout: float = 10.0) -> msg.Welcome:
        """Join (blocking); ``JoinError`` if refused. The messages so far are in ``poll()``."""
        try:
            return self._run(self.client.join(timeout), timeout + 1)
        except BaseException:
            self._stop()
            raise

    @property
    def state(self) -> msg.State | None:
        return self.client.state

    @property
    def welcome(self) -> msg.Welcome | None:
        return self.client.welcome

    @property
    def ended(self) -> str | None:
        return self.client.ended

    def poll(self) -> list[msg.HostMessage]:
        """Every message received since the last poll, oldest first; never blocks."""
        out = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self.inbox.get_nowait())
        return out

    def act(self, action: Action | dict[str, Any]) -> None:
        """Send ``action`` from the latest state; returns at once."""
        asyncio.run_coroutine_threadsafe(self.client.act(action), self._loop)

    def leave(self) -> None:
        self._run(self.client.leave(), 10)
        self._stop()

    def leave_soon(self) -> None:
        """Leave without waiting (a window going back to its menu): on a thread of its own,
        since a host that has gone takes seconds to give up on."""
        if self._thread.is_alive() and not self._left:
            self._left = True
            threading.Thread(target=self._leave_quietly, daemon=True).start()

    def _leave_quietly(self) -> None:
        with contextlib.suppress(Exception):  # the host gone, the loop stopped: nothing to say
            self.leave()

    def close(self) -> None:
        self._run(self.client.close(), 10)
        self._stop()

    def _run(self, coroutine: Any, timeout: float) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    def _stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


def join_table(address: str, code: str, *, seat: int | None = None, token: str | None = None,
               name: str = "", timeout: float = 10.0) -> SyncClient:
    """What ``dungeon-table join ADDRESS CODE`` will call: a joined ``SyncClient``."""
    table = SyncClient(address, code, seat=seat, token=token, name=name)
    table.join(timeout)
    return table
