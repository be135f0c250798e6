"""How many new route searches a long random Dungeon! run still makes, and what they cost.

    python bench/search_share.py                  # 100 warming games, then two blocks of 30
    python bench/search_share.py --warm 50 --block 20 --blocks 3

The route searches are kept per board (``movement.Reach``), so a long run (the timed
``engine_speed.py --vs-rlcard``) makes fewer new ones with every game. This plays ``--warm``
random four-hero games (seeds from 0, the bots of ``engine_speed``), then each block of
``--block`` seeds twice: first as they come, then again with every search they made kept. It
prints the new searches a step of the first pass (a count: the same on any machine) and the
CPU-time rates of both passes (their ratio moves with the machine's load: quote medians).
"""

from __future__ import annotations

import argparse
import time

from engine_speed import _game_steps  # the timed run's own games

from dungeon_table.games.dungeon import movement

SEARCHES = [0]  # new route searches made so far (``Reach._search`` counted below)


def _counting_search() -> None:
    search = movement.Reach._search

    def counted(reach: movement.Reach, blocking: frozenset[str],
                unfound: frozenset[str]) -> movement.Walk:
        SEARCHES[0] += 1
        return search(reach, blocking, unfound)

    movement.Reach._search = counted  # type: ignore[method-assign]


def play(seeds: range) -> int:
    """Random four-hero games on ``seeds``, those of ``engine_speed --vs-rlcard``: their steps."""
    games = _game_steps("dungeon", 4, start=seeds.start)
    return sum(next(games) for _ in seeds)


def timed(seeds: range) -> tuple[float, float]:
    """(steps a second of CPU time over ``seeds``, new searches a step)."""
    searches = SEARCHES[0]
    began = time.process_time()
    made = play(seeds)
    return made / (time.process_time() - began), (SEARCHES[0] - searches) / made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--warm", type=int, default=100, help="games before the first block")
    parser.add_argument("--block", type=int, default=30, help="games a block")
    parser.add_argument("--blocks", type=int, default=2)
    args = parser.parse_args()
    _counting_search()
    play(range(args.warm))
    for i in range(args.blocks):
        seeds = range(args.warm + i * args.block, args.warm + (i + 1) * args.block)
        (first, new), (again, _none) = timed(seeds), timed(seeds)
        print(f"seeds {seeds.start}-{seeds.stop - 1}: {new:.4f} new searches a step; first "
              f"{first:,.0f}/s, every search kept {again:,.0f}/s ({1 - first / again:+.1%})")


if __name__ == "__main__":
    main()
