"""Drops and restarts on loopback: a client killed mid-game comes back with its token and its
current view, a seat whose player left is played by a bot and handed back, and a host that
crashed resumes its tables from their autosaves, with the same code and tokens."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec

from dungeon_table.core import registry
from dungeon_table.net import messages as msg
from dungeon_table.net.client import BotClient, Client, join
from dungeon_table.net.host import Host
from dungeon_table.net.table import AUTOSAVE, Table
from tests.net import privacy
from tests.net.kit import (
    actions_reach,
    address,
    bots_behind,
    hosted,
    leave_all,
    play_out,
    run,
    seated,
)


def current(client: Client, table: Table) -> bool:
    """The client holds exactly what the table shows its seat now."""
    state = client.state
    shown = [state.view, state.legal, state.to_act, state.result] if state else None
    return privacy.plain(shown) == [msgspec.json.decode(part)
                                    for part in table.projection(client.seat)]


def test_a_client_killed_mid_game_comes_back_with_its_token_and_nothing_lost() -> None:
    async def scenario() -> None:
        async with hosted("market", ["human"] * 4, seed=21) as (host, table):
            received: list[list[msg.HostMessage]] = [[] for _ in range(4)]
            clients = [(await seated(host, table, [s], listener=received[s].append))[0]
                       for s in range(4)]
            games = asyncio.gather(*(bot.play(timeout=40) for bot in
                                     bots_behind(clients, "market")))
            await actions_reach(table, 40)
            token = clients[2].token
            clients[2].kill()  # no close: the host finds the connection gone
            results = await games
            assert clients[2].rejoins >= 1 and clients[2].token == token
            assert table.game.result() is not None
            assert all(privacy.plain(r) == privacy.plain(table.game.result()) for r in results)
            assert sum(isinstance(m, msg.Welcome) for m in received[2]) == 1 + clients[2].rejoins
            for seat in range(4):  # every seat's messages, the rejoined one's too
                privacy.check_stream(seat, received[seat], table.session.record)
            await leave_all(clients)
    run(scenario())


def test_the_welcome_back_reaches_the_listener_with_the_drop_over() -> None:
    """A window reads ``dropped`` after the messages it takes: were it still set when the welcome
    back arrives, "reconnecting…" went up again after "back" and stayed (seen under load)."""
    async def scenario() -> None:
        async with hosted("market", ["human", "bot:random"], seed=5) as (host, table):
            seen: list[tuple[str, bool]] = []
            holder: list[Client] = []

            def listen(message: msg.HostMessage) -> None:
                if holder and isinstance(message, msg.Welcome):
                    seen.append(("welcome", holder[0].dropped))

            client = (await seated(host, table, [0], listener=listen))[0]
            holder.append(client)
            seen.clear()
            client.kill()
            await client.wait_until(lambda: client.rejoins == 1)
            assert seen == [("welcome", False)]
            assert not client.dropped
            await leave_all([client])
    run(scenario())


def test_a_player_who_left_is_played_by_a_bot_then_handed_back() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"], seed=8) as (host, table):
            first, second = await seated(host, table, [0, 1])
            token = second.token
            await second.leave()
            await first.wait_until(lambda: not first.presence[1].connected)
            host.hand_to_bot(table.code, 1, "greedy")
            await first.wait_until(lambda: first.presence[1].bot == "greedy")
            bot_first = bots_behind([first], "relic")[0]
            await bot_first.play(timeout=30, max_actions=8)  # the host's bot answers each time
            played_by_bot = [a for a in table.session.record.actions if a["seat"] == 1]
            assert played_by_bot
            back = await join(address(host), table.code, token=token)
            assert back.seat == 1 and current(back, table)
            assert back.state is not None and back.state.legal == []  # the bot still decides
            host.hand_back(table.code, 1)
            await back.wait_until(lambda: current(back, table) and back.presence[1].bot == "")
            spec = registry.get("relic")
            results = await play_out([bot_first, BotClient(back, spec.make_bot("best", 1))])
            assert results[0] is not None and results[0] == results[1]
            assert len([a for a in table.session.record.actions if a["seat"] == 1]) > \
                len(played_by_bot)
            await leave_all([first, back])
    run(scenario())


async def crash_and_resume(tmp_path: Path, tear: bool) -> dict[str, Any]:
    """A market table with three remote bots and one on the host; the host dies mid-game and a
    new one resumes it from the folder on the same port (``tear``: the autosave's last line cut
    in half, as a kill during the append leaves it)."""
    first = Host(bot_delay=0, folder=tmp_path)
    table = first.new_table("market", ["human", "human", "human", "bot:best"], seed=13)
    await first.start(port=0)
    port = first.port
    received: list[list[msg.HostMessage]] = [[] for _ in range(3)]
    clients = [(await seated(first, table, [s], listener=received[s].append))[0]
               for s in range(3)]
    tokens = [c.token for c in clients]
    games = asyncio.gather(*(bot.play(timeout=40) for bot in bots_behind(clients, "market")))
    await actions_reach(table, 60)
    first.abort()
    before = list(table.session.record.actions)
    folder = tmp_path / table.code
    if tear:
        path = folder / AUTOSAVE
        text = path.read_text()
        path.write_text(text[: len(text) - len(text.splitlines()[-1]) // 2 - 1])
    second = Host(bot_delay=0, folder=tmp_path)
    resumed = second.resume_table(folder)
    await second.start(port=port)
    try:
        results = await games
        await leave_all(clients)
    finally:
        await second.close()
    return {"before": before, "table": resumed, "code": table.code, "clients": clients,
            "tokens": tokens, "results": results, "received": received}


def test_a_restarted_host_resumes_the_table_from_its_autosave(tmp_path: Path) -> None:
    out = run(crash_and_resume(tmp_path, tear=False))
    table = out["table"]
    assert table.code == out["code"]
    assert [c.token for c in out["clients"]] == out["tokens"]
    assert all(c.rejoins >= 1 for c in out["clients"])
    actions = table.session.record.actions
    assert actions[: len(out["before"])] == out["before"]  # nothing lost
    assert table.game.result() is not None
    assert all(privacy.plain(r) == privacy.plain(table.game.result()) for r in out["results"])
    for seat, received in enumerate(out["received"]):
        privacy.check_stream(seat, received, table.session.record)


def test_a_host_killed_during_an_append_loses_that_one_action_only(tmp_path: Path) -> None:
    out = run(crash_and_resume(tmp_path, tear=True))
    table = out["table"]
    actions = table.session.record.actions
    assert actions[: len(out["before"]) - 1] == out["before"][:-1]
    assert table.game.result() is not None
    assert all(privacy.plain(r) == privacy.plain(table.game.result()) for r in out["results"])


def test_a_seat_joined_from_elsewhere_moves_there_and_the_old_connection_is_told() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "bot:random"], seed=4) as (host, table):
            (old,) = await seated(host, table, [0])
            new = await join(address(host), table.code, token=old.token)
            await old.wait_until(lambda: old.ended is not None)
            assert old.ended == "you joined this seat from elsewhere" and old.rejoins == 0
            assert new.seat == 0 and current(new, table)
            await new.act(new.legal_actions()[0])
            await new.wait_until(lambda: len(table.session.record.actions) > 0)
            assert table.session.record.actions[0]["seat"] == 0
            await new.leave()
    run(scenario())
