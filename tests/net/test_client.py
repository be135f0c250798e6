"""The client's parts a window will use: the synchronous facade polled from a loop of its own,
views and events back as the game's own Structs, addresses as a player types them, and the
network package importing no pygame."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time

import msgspec
import pytest

from dungeon_table.core import registry
from dungeon_table.core.script import play_out, seat_bots
from dungeon_table.net.client import (
    Client,
    JoinError,
    SyncClient,
    address_uri,
    decode_view,
    join,
    join_table,
)
from dungeon_table.net.host import DEFAULT_PORT
from dungeon_table.net.messages import Events, State
from tests.net.kit import address, hosted, run


def poll_and_play(table: SyncClient, bot: object, seconds: float) -> int:
    """A frame loop's way: poll what came, act when the seat may, never block."""
    deadline = time.monotonic() + seconds
    acted_on = None
    actions = 0
    while time.monotonic() < deadline:
        for message in table.poll():
            if isinstance(message, State) and message.result is not None:
                return actions
        state = table.state
        if state is not None and state is not acted_on and state.legal:
            acted_on = state
            client = table.client
            table.act(bot.choose(client.view(), client.legal_actions()))  # type: ignore[attr-defined]
            actions += 1
        time.sleep(0.001)
    raise AssertionError("the game did not end")


def test_a_polling_loop_plays_a_whole_game_against_a_host_bot() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "bot:greedy"], seed=2) as (host, table):
            facade = await asyncio.to_thread(join_table, address(host), table.code, name="Ann")
            assert facade.welcome is not None and facade.welcome.seat == 0
            assert facade.welcome.seats[0].name == "Ann" and facade.welcome.seats[1].kind == "bot"
            bot = registry.get("relic").make_bot("best", 1)
            actions = await asyncio.to_thread(poll_and_play, facade, bot, 30)
            assert actions == len([a for a in table.session.record.actions if a["seat"] == 0])
            assert table.game.result() is not None
            await asyncio.to_thread(facade.leave)
    run(scenario())


def test_the_facade_says_why_a_join_is_refused() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"]) as (host, _):
            with pytest.raises(JoinError, match="there is no table QQQQQQ here"):
                await asyncio.to_thread(join_table, address(host), "QQQQQQ")
    run(scenario())
    with pytest.raises(JoinError, match="cannot reach ws://127.0.0.1:9"):
        join_table("127.0.0.1:9", "ACDE34", timeout=5)


@pytest.mark.parametrize("game_id", ["market", "relic", "dungeon"])
def test_a_view_sent_comes_back_as_the_games_own_view(game_id: str) -> None:
    spec = registry.get(game_id)
    seats = ["bot:random"] * 4
    game = spec.new_game(seats, 3)
    play_out(game, seat_bots(spec, seats, 3), max_actions=60)
    for seat in [0, 1, None]:
        view = game.view(seat)
        assert decode_view(game_id, msgspec.json.decode(msgspec.json.encode(view))) == view


def test_events_sent_come_back_as_the_games_own_events() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "bot:random"], seed=5) as (host, table):
            client = await join(address(host), table.code)
            await client.act(client.legal_actions()[0])
            await client.wait_until(lambda: bool(client.events))
            typed = client.typed_events(client.events[0])
            event_types = tuple(registry.get("relic").game_class.event_types)
            assert typed and all(isinstance(e, event_types) for e in typed)
            assert isinstance(client.events[0], Events)
            await client.leave()
    run(scenario())


@pytest.mark.parametrize(("typed", "uri"), [
    ("192.168.1.20", f"ws://192.168.1.20:{DEFAULT_PORT}"),
    ("192.168.1.20:5000", "ws://192.168.1.20:5000"),
    (" ws://table.example:80/ ", "ws://table.example:80/"),
    ("wss://table.example", f"wss://table.example:{DEFAULT_PORT}"),
    ("[::1]", f"ws://[::1]:{DEFAULT_PORT}"),
    ("[::1]:7000", "ws://[::1]:7000"),
])
def test_an_address_is_taken_as_a_player_types_it(typed: str, uri: str) -> None:
    assert address_uri(typed) == uri


def test_the_network_package_imports_no_pygame() -> None:
    code = ("import sys, importlib.abc\n"
            "class Block(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] in ('pygame', 'pygame_gui'):\n"
            "            raise ImportError(name + ' is blocked')\n"
            "sys.meta_path.insert(0, Block())\n"
            "import dungeon_table.net.host, dungeon_table.net.client\n"
            "assert not [m for m in sys.modules if m.startswith('pygame')]\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_wait_cancelled_as_it_ends_is_still_cancelled() -> None:
    """A bench's clients ran on after being cancelled: asyncio.wait_for (3.11) returned the
    result of a wait that ended in the same moment instead of the cancellation."""
    async def scenario() -> bool:
        client = Client("127.0.0.1:9", "ACDE34")
        ready = False
        waiter = asyncio.create_task(client.wait_until(lambda: ready, 10))
        await asyncio.sleep(0)
        ready = True
        async with client._changed:
            client._changed.notify_all()
        await asyncio.sleep(0)  # the wait itself ends here; its caller may not have resumed
        cancelled = waiter.cancel()  # False: it had ended already, nothing to cancel
        try:
            await waiter
        except asyncio.CancelledError:
            return True
        return not cancelled
    assert asyncio.run(scenario())
