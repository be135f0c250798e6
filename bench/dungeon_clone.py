"""Dungeon!'s clone and redeal: what a search bot pays to copy a game, at mid-game states.

    python bench/dungeon_clone.py                     # 4 heroes, 20 games, at their 700th action
    python bench/dungeon_clone.py --players 8 --at 1400

Random heroes play each game (seed ``start + i``) to action ``--at`` (about half of a 4-hero
random game), then ``clone()`` and ``redeal_hidden(seat)`` are timed ``--repeat`` times each on
that state. Prints the medians over every timing, in µs, with the state's size as msgpack (what
the copy goes through) and ``copy.deepcopy`` of the state for comparison.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import msgspec

from dungeon_table.core import registry


def mid_game(players: int, seed: int, at: int) -> Any:
    """A game after ``at`` random actions (or at its end, if sooner)."""
    spec = registry.get("dungeon")
    game = spec.new_game(["bot:random"] * players, seed, {})
    rnd = random.Random(seed)
    for _ in range(at):
        if game.result() is not None:
            break
        seat = game.to_act()[0]
        game.apply(seat, rnd.choice(game.legal_actions(seat)))
    return game


def timings(step: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        began = time.perf_counter()
        step()
        out.append(time.perf_counter() - began)
    return out


def dungeon_clone_times(players: int, games: int, at: int, start: int,
                        repeat: int) -> dict[str, float]:
    """Median µs of ``clone()``, ``redeal_hidden(seat)`` and a deepcopy of the state, and the
    state's size in bytes, over ``games`` mid-game states."""
    clones: list[float] = []
    redeals: list[float] = []
    deep: list[float] = []
    sizes: list[int] = []
    for seed in range(start, start + games):
        game = mid_game(players, seed, at)
        sizes.append(len(msgspec.msgpack.encode(game.state)))
        seat, rnd = game.state.active, random.Random(seed)
        clones += timings(game.clone, repeat)
        redeals += timings(partial(game.redeal_hidden, seat, rnd), repeat)
        deep += timings(partial(copy.deepcopy, game.state), max(1, repeat // 10))
    return {"clone": 1e6 * statistics.median(clones),
            "redeal": 1e6 * statistics.median(redeals),
            "deepcopy": 1e6 * statistics.median(deep),
            "bytes": statistics.median(sizes)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--at", type=int, default=700, help="actions played before timing")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    got = dungeon_clone_times(args.players, args.games, args.at, args.start, args.repeat)
    print(f"dungeon ×{args.players} at action {args.at} ({args.games} games): "
          f"clone {got['clone']:.0f} µs, redeal_hidden {got['redeal']:.0f} µs "
          f"(deepcopy of the state {got['deepcopy']:.0f} µs; the state {got['bytes']:.0f} "
          "bytes as msgpack)")


if __name__ == "__main__":
    main()
