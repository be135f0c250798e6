"""Many remote tables at once on loopback: the action round trip and the host's CPU and memory.

    python bench/net_load.py                              # 200 market tables × 4 bot clients
    python bench/net_load.py --tables 50 --think 0        # flat out: every bot acts at once
    python bench/net_load.py --game relic --players 2 --tables 100

The host runs in a child process (``Host``, bots without delay, each table autosaving into a
temp folder with its fsync, as ``dungeon-table host`` will); this process runs every client on
one event loop, each a random bot playing its seat through a ``Client``. A client waits
``--think`` seconds (a player reading the table; 0: flat out), chooses, sends its action and
times the round trip until the next state it is sent (its own action's answer). Printed: the
round trip's median and p99 over the ``--seconds`` measured, the actions made, the host's CPU
over that window (as a share of one core) and its resident memory before and after the tables.
The clients and the host share the machine's cores: say how loaded it was.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from typing import Any

from dungeon_table.core import registry
from dungeon_table.net.client import Client

CHILD = textwrap.dedent(
    """
    import asyncio, json, resource, sys, threading
    from pathlib import Path
    from dungeon_table.net.host import Host

    game, players, tables, folder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

    def usage():
        rusage = resource.getrusage(resource.RUSAGE_SELF)
        with open("/proc/self/statm") as statm:
            rss = int(statm.read().split()[1]) * resource.getpagesize()
        return {"cpu": rusage.ru_utime + rusage.ru_stime, "rss": rss,
                "peak": rusage.ru_maxrss * 1024}

    async def main():
        loop = asyncio.get_running_loop()
        host = Host(bot_delay=0, folder=Path(folder))
        await host.start(port=0)
        idle = usage()
        codes = [host.new_table(game, ["human"] * players, seed).code for seed in range(tables)]
        print(json.dumps({"port": host.port, "codes": codes, "idle": idle}), flush=True)
        lines = asyncio.Queue()
        threading.Thread(target=lambda: [loop.call_soon_threadsafe(lines.put_nowait, line)
                                         for line in sys.stdin], daemon=True).start()
        while (line := await lines.get()).strip() != "stop":
            actions = sum(len(room.table.session.record.actions) for room in host.rooms.values())
            print(json.dumps({**usage(), "actions": actions}), flush=True)
        await host.close()

    asyncio.run(main())
    """
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="market")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each action")
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, args.game, str(args.players), str(args.tables), folder],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            report = asyncio.run(measure(args, child))
        finally:
            if child.poll() is None:
                child.kill()
    print_report(args, report)


def ask(child: subprocess.Popen[str], line: str = "usage") -> dict[str, Any]:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(line + "\n")
    child.stdin.flush()
    return dict(json.loads(child.stdout.readline()))


async def measure(args: argparse.Namespace, child: subprocess.Popen[str]) -> dict[str, Any]:
    assert child.stdout is not None
    setup = json.loads(child.stdout.readline())
    address = f"127.0.0.1:{setup['port']}"
    clients = []
    for code in setup["codes"]:
        for seat in range(args.players):
            client = Client(address, code, seat=seat, reconnect_for=0)
            await client.join(timeout=60)
            clients.append(client)
    joined = ask(child)
    trips: list[float] = []
    spec = registry.get(args.game)
    players = [asyncio.create_task(play(c, spec.make_bot("random", i), args.think, trips))
               for i, c in enumerate(clients)]
    await asyncio.sleep(args.warmup)
    trips.clear()
    start = ask(child)
    began = time.perf_counter()
    await asyncio.sleep(args.seconds)
    end = ask(child)
    elapsed = time.perf_counter() - began
    measured = list(trips)
    for player in players:
        player.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    for client in clients:
        await client.close()
    assert child.stdin is not None
    child.stdin.write("stop\n")
    child.stdin.close()
    child.wait(30)
    return {"setup": setup, "joined": joined, "start": start, "end": end, "elapsed": elapsed,
            "trips": measured, "clients": len(clients)}


async def play(client: Client, bot: Any, think: float, trips: list[float]) -> None:
    """Act on every new state with choices, ``think`` seconds (±50 %) after it came."""
    rng = random.Random(client.seat)
    acted_on = None
    while client.ended is None:
        state = client.state
        if state is None or state.result is not None:
            return
        if state is not acted_on and state.legal:
            acted_on = state
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if client.state is not state:
                    continue  # the table moved on while it thought
            action = bot.choose(client.view(), client.legal_actions())
            sent = time.perf_counter()
            await client.act(action, step=state.step)
            await client.wait_until(lambda s=state: client.state is not s, 30)
            trips.append(time.perf_counter() - sent)
        else:
            await client.wait_until(lambda s=state: client.state is not s, 600)


def print_report(args: argparse.Namespace, report: dict[str, Any]) -> None:
    trips = sorted(report["trips"])
    start, end, idle = report["start"], report["end"], report["setup"]["idle"]
    cpu = (end["cpu"] - start["cpu"]) / report["elapsed"]
    actions = end["actions"] - start["actions"]
    print(f"{args.tables} {args.game} tables × {args.players} clients ({report['clients']} "
          f"connections), think {args.think:g} s, {report['elapsed']:.1f} s measured")
    if trips:
        p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
        print(f"  action round trip: median {ms(statistics.median(trips))}, p99 {ms(p99)} "
              f"({len(trips):,} actions timed)")
    print(f"  actions applied by the host: {actions:,} ({actions / report['elapsed']:.0f}/s)")
    print(f"  host CPU: {cpu:.0%} of one core")
    per_table = (report["joined"]["rss"] - idle["rss"]) / args.tables
    print(f"  host memory: {mb(idle['rss'])} idle, {mb(report['joined']['rss'])} with the tables "
          f"joined ({mb(per_table)} a table), {mb(end['rss'])} after the window, peak "
          f"{mb(end['peak'])}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def mb(size: float) -> str:
    return f"{size / 1e6:.1f} MB"


if __name__ == "__main__":
    main()
