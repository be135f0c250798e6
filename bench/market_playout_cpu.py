"""The CPU time of one playout of Dungeon Market's expert, and the playouts its 1 s budget holds.

    python bench/market_playout_cpu.py --games 6 --playouts 20

At three moments (a fifth, half and four fifths of the way) of ``--games`` games between ``best``
bots (seeds 0..), ``--playouts`` playouts each of the expert's own kind (its rollout bots, depth
and leaf, from a world dealt from the seat's view). CPU time (``time.process_time``), so a busy
machine changes it less than wall time would; prints the median, and how many playouts the
search's share of a 1 s decision (``TIME_USED``, 0.92 s) holds on one core at that median.
Another tree's code is timed on the same moments with ``PYTHONPATH=/that/tree``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=20, help="playouts a moment")
    args = parser.parse_args()
    expert = registry.get("market").make_bot("expert", 0)
    assert isinstance(expert, SearchBot)
    times = []
    for game, seat in moments(args.games):
        knows = SeatKnowledge(game, seat)
        rng = random.Random(1)
        first = knows.legal()[0]
        for _ in range(args.playouts):
            start = time.process_time()
            playout(knows, first, rng.getrandbits(63), expert.rollout, expert.depth, None,
                    expert.leaf)
            times.append(time.process_time() - start)
    median = statistics.median(times)
    print(f"market expert playout (depth {expert.depth}): median {1000 * median:.2f} ms CPU "
          f"over {len(times)}; {TIME_USED:.2f} s of one core holds {TIME_USED / median:.0f}")


if __name__ == "__main__":
    main()
