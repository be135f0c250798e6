"""Relic's ``clone()`` at a mid-game state: what a search pays for each game it plays out.

    python bench/relic_clone.py --players 2 --games 200
    python bench/relic_clone.py --players 4 --games 100

Each game is played by random bots (seeds as in ``engine_speed.py``) to half its length, then
``clone()`` is timed, and beside it ``redeal_hidden`` for the seat to act (a clone with what that
seat cannot see dealt anew: what a search samples) and ``copy.deepcopy`` of the whole game (what
it would pay without the kit). Prints the median over the games of each one's median of
``--repeat`` calls, in µs. Game ``i`` uses seed ``start + i``.
"""

from __future__ import annotations

import argparse
import copy
import functools
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from dungeon_table.core import registry


def relic_mid_game(players: int, seed: int) -> Any:
    """The game of ``seed`` played by random bots to half the length it reaches in full."""
    spec = registry.get("relic")

    def play(limit: int | None) -> tuple[Any, int]:
        game = spec.new_game(["bot:random"] * players, seed)
        bots = [spec.make_bot("random", seed + 7919 * s) for s in range(players)]
        steps = 0
        while (to_act := game.to_act()) and steps != limit:
            seat = to_act[0]
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            steps += 1
        return game, steps

    _, length = play(None)
    return play(length // 2)[0]


def relic_clone_speed(players: int, games: int, start: int, repeat: int) -> dict[str, float]:
    """Median µs of ``clone``, ``redeal_hidden`` and ``deepcopy`` at mid-game states."""
    timings: dict[str, list[float]] = {"clone": [], "redeal_hidden": [], "deepcopy": []}
    for seed in range(start, start + games):
        game = relic_mid_game(players, seed)
        rnd = random.Random(seed)
        seat = game.to_act()[0]
        calls: dict[str, Callable[[], Any]] = {
            "clone": game.clone,
            "redeal_hidden": functools.partial(game.redeal_hidden, seat, rnd),
            "deepcopy": functools.partial(copy.deepcopy, game),
        }
        for name, call in calls.items():
            runs = []
            for _ in range(repeat):
                began = time.perf_counter()
                call()
                runs.append(time.perf_counter() - began)
            timings[name].append(statistics.median(runs))
    return {name: 1e6 * statistics.median(values) for name, values in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--repeat", type=int, default=50, help="calls timed per game")
    args = parser.parse_args()
    figures = relic_clone_speed(args.players, args.games, args.start, args.repeat)
    shown = ", ".join(f"{name} {us:.1f} µs" for name, us in figures.items())
    print(f"relic ×{args.players} mid-game, median of {args.games} games: {shown}")


if __name__ == "__main__":
    main()
