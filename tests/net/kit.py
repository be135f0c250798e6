"""Shared set-up of the network tests: a host on a free loopback port, clients joined to it, bots
behind them. Every test runs its own event loop with ``asyncio.run``."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Game
from dungeon_table.net.client import BotClient, Client, join
from dungeon_table.net.host import Host
from dungeon_table.net.table import Table

SECONDS = 60  # no test waits longer for anything: a hang fails instead of blocking the suite


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a test's coroutine on a fresh loop, failing after ``SECONDS``."""
    return asyncio.run(asyncio.wait_for(coroutine, SECONDS))


@contextlib.asynccontextmanager
async def hosted(game_id: str, seats: list[str], seed: int = 1,
                 options: dict[str, Any] | None = None,
                 folder: Path | None = None) -> AsyncIterator[tuple[Host, Table]]:
    """A started host (bots without delay) with one table; closed afterwards."""
    host = Host(bot_delay=0, folder=folder)
    table = host.new_table(game_id, seats, seed, options, keep=folder is not None)
    await host.start(port=0)
    try:
        yield host, table
    finally:
        await host.close()


def address(host: Host) -> str:
    return f"127.0.0.1:{host.port}"


async def seated(host: Host, table: Table, seats: list[int], **options: Any) -> list[Client]:
    """A client joined to each of ``seats``."""
    return [await join(address(host), table.code, seat=seat, **options) for seat in seats]


def bots_behind(clients: list[Client], game_id: str, level: str = "best") -> list[BotClient]:
    spec = registry.get(game_id)
    return [BotClient(c, spec.make_bot(level, 100 + c.seat)) for c in clients]


async def play_out(bots: list[BotClient], timeout: float = 45) -> list[Any]:
    """Every bot client plays until the game's end; their results."""
    return list(await asyncio.gather(*(bot.play(timeout=timeout) for bot in bots)))


async def leave_all(clients: list[Client]) -> None:
    for client in clients:
        await client.leave()


async def actions_reach(table: Table, count: int) -> None:
    """Until the table has taken ``count`` actions (or the game has ended)."""
    while table.moves < count and table.game.result() is None:
        await asyncio.sleep(0.002)


GATE_SECONDS = 20.0


class GatedSearch:
    """A bot that searches (it has ``decide``) and thinks until the test opens its gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.thinking = threading.Event()
        self.worlds: list[Game] = []

    def decide(self, game: Game, seat: int) -> Action:
        self.worlds.append(game)
        self.thinking.set()
        if not self.gate.wait(GATE_SECONDS):
            raise TimeoutError("the test never opened the gate")
        return game.legal_actions(seat)[0]
