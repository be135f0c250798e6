"""The CPU time of one playout of Dungeon Market's expert, and the playouts its 1 s budget holds.

    python bench/market_playout_cpu.py --games 6 --playouts 20

At three moments (a fifth, half and four fifths of the way) of ``--games`` games between ``best``
bots (seeds 0..), ``--playouts`` playouts each of the expert's own kind (its rollout bots, depth
and leaf, from a world dealt from the seat's view). CPU time (``time.process_time``), so a busy
machine changes it less than wall time would; prints the median, and how many playouts the
search's share of a 1 s decision (``TIME_USED``, 0.92 s) holds on one core at that median.
Another tree's code is timed on the same moments by running this with that tree's own venv (an
editable install's finder wins over ``PYTHONPATH``).

    python bench/market_playout_cpu.py --instructions          # counted, not timed

``--instructions`` counts the processor's instructions of the same playouts instead, under
valgrind's callgrind (the shared machine's load moves a time, not a count): a child plays them
once to warm the caches, then again counted (``--toggle-collect`` on a ``functools.reduce`` that
holds the second pass alone), ``PYTHONHASHSEED=0``. Installs nothing: without valgrind it says
so. ~1 minute at the defaults.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dungeon_table.ai.search_bot import TIME_USED, SearchBot, SeatKnowledge, playout
from dungeon_table.core import registry
from dungeon_table.core.protocol import Game

MOMENTS = (0.2, 0.5, 0.8)


def moments(games: int) -> list[tuple[Game, int]]:
    """(game, seat to act) at each of ``MOMENTS`` of ``games`` games between best bots."""
    spec = registry.get("market")
    out = []
    for seed in range(games):
        bots = [spec.make_bot("best", seed * 7 + s) for s in range(4)]
        game = spec.new_game(["human"] * 4, seed)
        trace = []
        while game.result() is None:
            seat = game.to_act()[0]
            trace.append(game.clone())
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        for share in MOMENTS:
            at = trace[int(len(trace) * share)]
            out.append((at, at.to_act()[0]))
    return out


def play(moments_: list[tuple[Game, int]], playouts: int, timed: list[float] | None) -> None:
    """``playouts`` playouts of the expert's own kind at each moment, their CPU times into
    ``timed`` when given."""
    expert = registry.get("market").make_bot("expert", 0)
    assert isinstance(expert, SearchBot)
    for game, seat in moments_:
        knows = SeatKnowledge(game, seat)
        rng = random.Random(1)
        first = knows.legal()[0]
        for _ in range(playouts):
            start = time.process_time()
            playout(knows, first, rng.getrandbits(63), expert.rollout, expert.depth, None,
                    expert.leaf)
            if timed is not None:
                timed.append(time.process_time() - start)


def counted(games: int, playouts: int) -> int:
    """Instructions of the second of two passes of ``play``, in a child under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--collect-atstart=no", "--toggle-collect=functools_reduce",
             sys.executable, __file__, "--child", "--games", str(games),
             "--playouts", str(playouts)],
            capture_output=True, text=True, check=False, env={**os.environ, "PYTHONHASHSEED": "0"})
        if run.returncode != 0:
            raise SystemExit(f"the child failed:\n{run.stderr[-2000:]}")
        total = re.search(r"^(?:summary|totals):\s*(\d+)", out.read_text(), re.MULTILINE)
        if total is None:
            raise SystemExit("no instruction total in callgrind's output")
        return int(total.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=20, help="playouts a moment")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under callgrind (default: 1 game, 8 playouts)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # under callgrind: a warming pass, then the counted one
        at = moments(args.games)
        play(at, args.playouts, None)
        functools.reduce(lambda _done, _item: play(at, args.playouts, None), [0], None)
        return
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("valgrind is not on this machine (this script installs nothing)")
        games = args.games if args.games != parser.get_default("games") else 1
        playouts = args.playouts if args.playouts != parser.get_default("playouts") else 8
        made = games * len(MOMENTS) * playouts
        total = counted(games, playouts)
        print(f"market expert playouts: {total:,} instructions over {made} "
              f"= {total / made:,.0f} a playout")
        return
    times: list[float] = []
    play(moments(args.games), args.playouts, times)
    median = statistics.median(times)
    print(f"market expert playout: median {1000 * median:.2f} ms CPU "
          f"over {len(times)}; {TIME_USED:.2f} s of one core holds {TIME_USED / median:.0f}")


if __name__ == "__main__":
    main()
