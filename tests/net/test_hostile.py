"""Malformed and hostile messages over loopback: each is refused with the reason, the table is
unchanged, and the connection goes on where it can (a refused act) or is closed where it cannot
(no seat, another version, a flood)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from dungeon_table.net import host as host_module
from dungeon_table.net import messages as msg
from dungeon_table.net.host import Host
from dungeon_table.net.table import Table
from tests.net.kit import address, hosted, run, seated


async def raw(host: Host) -> ClientConnection:
    """A connection that says what the test makes it say, not what a client would."""
    return await connect(f"ws://{address(host)}", max_size=None)


async def next_of(ws: ClientConnection, kind: type[msg.Message]) -> Any:
    """The next message of ``kind`` (the others before it skipped)."""
    while True:
        message = msg.decode_host(await asyncio.wait_for(ws.recv(), 10))
        if isinstance(message, kind):
            return message


async def closed(ws: ClientConnection) -> int | None:
    """Wait until the host closes the connection; its close code."""
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    return ws.close_code


async def joined(host: Host, table: Table, seat: int) -> tuple[ClientConnection, msg.State]:
    ws = await raw(host)
    await ws.send(msg.encode(msg.Hello(protocol=msg.PROTOCOL, code=table.code, seat=seat)))
    await next_of(ws, msg.Welcome)
    return ws, await next_of(ws, msg.State)


def hello(code: str, **fields: Any) -> str:
    return msg.encode(msg.Hello(protocol=msg.PROTOCOL, code=code, **fields))


def snapshot(table: Table) -> Any:
    return (len(table.session.record.actions), table.game.state_dict())


# --- joining -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("first", "words"), [
    (lambda code: hello("QQQQQQ", seat=0), "there is no table QQQQQQ here"),
    (lambda code: hello(code, token="forged-token-forged-token"), "that token holds no seat"),
    (lambda code: hello(code, seat=1), "seat 2 is a bot's"),
    (lambda code: msg.encode(msg.Ping()), "say hello first (got ping)"),
    (lambda code: '{"type": "hello", "protocol": 99, "code": 5}', "speaks 99: host and players"),
    (lambda code: "{{{", "not a message of this protocol"),
])
def test_a_connection_that_cannot_join_is_told_why_and_closed(first: Any, words: str) -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "bot:random"]) as (host, table):
            ws = await raw(host)
            await ws.send(first(table.code))
            error = await next_of(ws, msg.Error)
            assert error.fatal and words in error.reason
            assert await closed(ws) == 1008
            assert table.seats[0].token is None  # nothing was claimed
    run(scenario())


def test_a_connection_that_never_says_hello_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 0.05)

    async def scenario() -> None:
        async with hosted("relic", ["human", "human"]) as (host, _):
            ws = await raw(host)
            error = await next_of(ws, msg.Error)
            assert error.fatal and error.reason == "no hello within 0.05 seconds"
            await closed(ws)
    run(scenario())


# --- a seated connection -----------------------------------------------------------------------
def test_bad_acts_are_refused_with_the_reason_and_change_nothing() -> None:
    async def scenario() -> None:
        async with hosted("market", ["human", "human"], seed=4) as (host, table):
            seat = table.game.to_act()[0]
            ws, state = await joined(host, table, seat)
            before = snapshot(table)
            move = msgspec.json.decode(msgspec.json.encode(state.legal))[0]
            bad = {
                "this connection plays seat": msg.Act(seat=1 - seat, step=state.step, action=move),
                "not an action of market": msg.Act(seat=seat, step=state.step,
                                                   action={"type": "seal_wishes"}),
                "not an action of market: Expected `int`": msg.Act(
                    seat=seat, step=state.step, action={"type": "buy", "slot": "first"}),
                "chosen at step 99": msg.Act(seat=seat, step=99, action=move),
            }
            for words, act in bad.items():
                await ws.send(msg.encode(act))
                refused = await next_of(ws, msg.Refused)
                assert words in refused.reason and refused.step == state.step
            assert snapshot(table) == before
            # and the connection plays on: the legal move is taken, its replay refused as stale
            await ws.send(msg.encode(msg.Act(seat=seat, step=state.step, action=move)))
            assert (await next_of(ws, msg.State)).step == state.step + 1
            after = snapshot(table)
            await ws.send(msg.encode(msg.Act(seat=seat, step=state.step, action=move)))
            refused = await next_of(ws, msg.Refused)
            assert refused.stale and f"chosen at step {state.step}" in refused.reason
            assert snapshot(table) == after
    run(scenario())


@pytest.mark.parametrize(("data", "words"), [
    ("not json at all", "not a message of this protocol: JSON is malformed"),
    ('{"type": "shout", "text": "hi"}', "Invalid value 'shout'"),
    ('{"type": "act", "seat": 0}', "missing required field `step`"),
    (b'\xff\xfe binary', "not a message of this protocol"),
    ("[" * 8000 + "]" * 8000, "not a message of this protocol"),
    ('{"type": "act", "seat": 0, "step": 1, "action": {"type": "x", "t": "' + "a" * 20_000
     + '"}}', "more than the 16,384 bytes allowed"),
    (hello("ANYONE"), "already at this table as seat 1"),
])
def test_a_malformed_message_is_answered_and_the_connection_plays_on(data: str | bytes,
                                                                    words: str) -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"]) as (host, table):
            ws, _ = await joined(host, table, 0)
            before = snapshot(table)
            await ws.send(data)
            error = await next_of(ws, msg.Error)
            assert words in error.reason and not error.fatal
            await ws.send(msg.encode(msg.Ping(nonce=7)))
            assert (await next_of(ws, msg.Pong)).nonce == 7
            assert snapshot(table) == before
    run(scenario())


def test_a_message_past_the_frame_limit_closes_that_connection_only() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"]) as (host, table):
            ws, _ = await joined(host, table, 0)
            (other,) = await seated(host, table, [1])
            await ws.send("x" * (host_module.FRAME_LIMIT + 1))
            assert await closed(ws) == 1009  # the library refuses it unread: message too big
            assert await other.ping(1) > 0
    run(scenario())


def test_a_flood_is_refused_then_closed_while_the_table_plays_on() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"]) as (host, table):
            ws, _ = await joined(host, table, 0)
            (other,) = await seated(host, table, [1])
            ping = msg.encode(msg.Ping())
            with contextlib.suppress(ConnectionClosed):  # closed while it floods, or after
                for _ in range(20_000):
                    await ws.send(ping)
            errors = []
            with pytest.raises(ConnectionClosed):
                while True:
                    message = msg.decode_host(await asyncio.wait_for(ws.recv(), 10))
                    if isinstance(message, msg.Error):
                        errors.append(message.reason)
            assert errors == ["too many messages: slow down"]
            assert ws.close_code == 1008
            assert await other.ping(2) > 0
    run(scenario())


def test_a_client_that_does_not_read_is_cut_off_and_can_come_back() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"], seed=3) as (host, table):
            first = table.game.to_act()[0]
            (player,) = await seated(host, table, [first])
            ws, _ = await joined(host, table, 1 - first)
            token = table.seats[1 - first].token
            # As if its socket were full: its next update (events and a state) is one too many.
            host.rooms[table.code].links[1 - first].limit = 1
            await player.act(player.legal_actions()[0])
            await closed(ws)
            await player.wait_until(lambda: not player.presence[1 - first].connected)
            (back,) = await seated(host, table, [1 - first], token=token)
            assert back.seat == 1 - first and back.state is not None
    run(scenario())
