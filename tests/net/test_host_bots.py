"""Bots on the host: a bot that searches thinks on a worker thread, in its own copy of the game,
so the host goes on answering players while it thinks, and an answer for a state the table has
left (its seat handed back meanwhile) is dropped."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from typing import Any

from dungeon_table.ai.search_bot import SearchBot
from dungeon_table.net.host import Host
from dungeon_table.net.table import Table
from tests.net.kit import GatedSearch, actions_reach, hosted, run, seated


async def until(event: threading.Event) -> None:
    while not event.is_set():
        await asyncio.sleep(0.002)


@contextlib.asynccontextmanager
async def bot_table(seats: list[str], seed: int, **host: Any) -> AsyncIterator[tuple[Host, Table]]:
    """A host with one table whose setup bots may be swapped before it starts serving (and
    its bots start playing)."""
    hosting = Host(bot_delay=0, **host)
    table = hosting.new_table("relic", seats, seed, keep=False)
    try:
        yield hosting, table
    finally:
        await hosting.close()


def test_the_host_answers_players_while_its_bot_searches() -> None:
    async def scenario() -> None:
        async with bot_table(["bot:best", "human"], seed=4) as (host, table):
            assert table.game.to_act() == [0]
            bot = GatedSearch()
            table.bots[0] = bot
            await host.start(port=0)
            await until(bot.thinking)
            (player,) = await seated(host, table, [1])  # a hello, answered mid-search
            assert await player.ping(7) >= 0
            assert table.moves == 0 and bot.worlds[0] is not table.game
            bot.gate.set()
            await actions_reach(table, 1)
            assert table.session.record.actions[0]["seat"] == 0
            await player.leave()
    run(scenario())


def test_a_search_answer_for_a_seat_handed_back_meanwhile_is_dropped() -> None:
    async def scenario() -> None:
        async with hosted("relic", ["human", "human"], seed=3) as (host, table):
            host.hand_to_bot(table.code, 0, "greedy")
            bot = GatedSearch()
            table.seats[0].bot = bot  # before the loop first runs: the stand-in searches
            await until(bot.thinking)
            host.hand_back(table.code, 0)
            bot.gate.set()
            await asyncio.wait_for(host.rooms[table.code].bots, 5)  # the bot loop has ended
            assert table.moves == 0  # the search's answer was not played for the player
            (player,) = await seated(host, table, [0])
            await player.wait_until(lambda: bool(player.legal_actions()))
            await player.leave()
    run(scenario())


def test_an_expert_seat_plays_on_the_host_within_its_thinking_time() -> None:
    async def scenario() -> None:
        async with bot_table(["bot:expert", "human"], seed=4, thinking="fast") as (host, table):
            expert = table.bots[0]
            assert isinstance(expert, SearchBot) and table.game.to_act() == [0]
            await host.start(port=0)
            (player,) = await seated(host, table, [1])
            await actions_reach(table, 1)
            assert table.session.record.actions[0]["seat"] == 0
            assert expert.budget.seconds == 0.3  # the host's thinking time, not the bot's own
            await player.leave()
    run(scenario())


def test_the_seats_say_which_bot_plays_them_and_whether_it_searches() -> None:
    async def scenario() -> None:
        async with bot_table(["bot:expert", "human"], seed=4) as (host, table):
            host.hand_to_bot(table.code, 1, "greedy")
            seats = table.presence()
            assert [(s.kind, s.level, s.bot, s.searches) for s in seats] == [
                ("bot", "expert", "", True), ("open", "", "greedy", False)]
    run(scenario())
