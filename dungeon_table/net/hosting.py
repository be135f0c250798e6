"""Hosting from a program that is not asyncio: a ``Host`` on a thread of its own, and the
addresses a host is reached at.

::

    hosting = HostThread()                                   # its own thread and event loop
    table = hosting.new_table("market", ["human"] * 3 + ["bot:best"], seed=7)
    hosting.start(bind="0.0.0.0", port=DEFAULT_PORT)
    hosting.presence(table.code)                             # every seat, as the host sees it
    hosting.hand_to_bot(table.code, 2); hosting.hand_back(table.code, 2)
    hosting.stop()

The app's "Host a table" runs one (the window's loop must not wait on the network), and its
own player joins through loopback like anyone else. Every call is run on the host's loop, so
the tables are touched from that thread alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from dungeon_table.ai.search_bot import DEFAULT_THINKING
from dungeon_table.net import messages as msg
from dungeon_table.net.host import BOT_DELAY, DEFAULT_PORT, Host
from dungeon_table.net.table import Table

T = TypeVar("T")
CALL_SECONDS = 15.0  # a call the host's loop has not answered by then has failed


class HostThread:
    """A ``Host`` on a background thread with its own asyncio loop (see the module docstring)."""

    def __init__(self, bot_delay: float = BOT_DELAY, folder: Path | None = None,
                 thinking: str = DEFAULT_THINKING) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                       name="dungeon_table host")
        self.thread.start()
        self.host = Host(bot_delay=bot_delay, folder=folder, thinking=thinking)
        self.stopped = False

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = CALL_SECONDS) -> T:
        """Run ``coroutine`` on the host's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` on the host's loop (what touches a table runs there alone)."""
        async def on_loop() -> T:
            return function(*args)
        return self.run(on_loop())

    # --- tables -----------------------------------------------------------------------------------
    def new_table(self, game_id: str, seats: list[str], seed: int,
                  options: dict[str, Any] | None = None, names: list[str] | None = None,
                  keep: bool = True) -> Table:
        return self.call(self.host.new_table, game_id, seats, seed, options, names, keep)

    def resume_table(self, folder: Path) -> Table:
        return self.call(self.host.resume_table, folder)

    def start(self, bind: str = "127.0.0.1", port: int = DEFAULT_PORT) -> int:
        """Listen (port 0: any free one); the port listened on."""
        self.run(self.host.start(bind, port))
        return self.host.port

    def presence(self, code: str) -> list[msg.SeatInfo]:
        return self.call(lambda: self.host.table(code).presence())

    def hand_to_bot(self, code: str, seat: int, level: str = "best") -> None:
        self.call(self.host.hand_to_bot, code, seat, level)

    def hand_back(self, code: str, seat: int) -> None:
        self.call(self.host.hand_back, code, seat)

    def stop(self, reason: str = "the host has stopped") -> None:
        """Say goodbye to every client and stop the thread (again: nothing)."""
        if self.stopped:
            return
        self.stopped = True
        with contextlib.suppress(Exception):  # stopping whatever state the loop is in
            self.run(self.host.close(reason), 5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def invite_addresses(port: int, bind: str = "0.0.0.0") -> list[str]:
    """Where players reach a host listening on ``bind:port``: this machine's address on its
    network first (found by asking the system which address a datagram out would leave from;
    nothing is sent), then every other address the machine's name has; loopback alone when
    bound to it."""
    if bind not in ("0.0.0.0", "", "::"):
        return [f"{bind}:{port}"]
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like the internet, never reached
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    lan = [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]
    return [f"{address}:{port}" for address in lan] or [f"127.0.0.1:{port}"]
