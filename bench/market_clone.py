"""Dungeon Market on the kit: what a search step costs, ``clone()`` and ``redeal_hidden()``, at
mid-game states.

    python bench/market_clone.py                              # 4 players, 40 states
    python bench/market_clone.py --players 2 --option professional=true

States: random-bot games (bot seeds ``seed + 7919 × seat``, as ``engine_speed.py``) stopped at
``--at`` actions (a four-player random game is ~620 actions long), seeds ``start`` on. Each state
is copied ``--repeat`` times; the figure is the median over states of each state's median, in µs,
with the spread of the states' medians. The state's encoded size is printed with it (a clone is a
msgpack round trip of it, ``core.phased.copy_state``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import msgspec
import yaml

from dungeon_table.core import registry


def option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    return key, yaml.safe_load(value)


def market_midgame(players: int, options: dict[str, Any], seed: int, at: int) -> Any:
    """A market game played by random bots for ``at`` actions (or to its end, if sooner)."""
    spec = registry.get("market")
    game = spec.new_game(["bot:random"] * players, seed, options)
    bots = [spec.make_bot("random", seed + 7919 * s) for s in range(players)]
    for _ in range(at):
        to_act = game.to_act()
        if not to_act:
            break
        seat = to_act[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def market_median_us(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return 1e6 * statistics.median(times)


def market_redeal(game: Any, seat: int | None, rnd: random.Random) -> Callable[[], object]:
    return lambda: game.redeal_hidden(seat, rnd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", type=option, action="append", default=[])
    parser.add_argument("--states", type=int, default=40)
    parser.add_argument("--at", type=int, default=300, help="actions into each game")
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    args = parser.parse_args()
    options = dict(args.option)
    clone, redeal, size = [], [], []
    for seed in range(args.start, args.start + args.states):
        game = market_midgame(args.players, options, seed, args.at)
        seat = game.to_act()[0] if game.to_act() else None
        clone.append(market_median_us(game.clone, args.repeat))
        redeal.append(market_median_us(market_redeal(game, seat, random.Random(seed)), args.repeat))
        size.append(len(msgspec.msgpack.encode(game.state)))
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"market ×{args.players} {shown} at {args.at} actions, {args.states} states: "
          f"clone {statistics.median(clone):.1f} µs ({min(clone):.1f}-{max(clone):.1f}), "
          f"redeal_hidden {statistics.median(redeal):.1f} µs ({min(redeal):.1f}-{max(redeal):.1f}),"
          f" state {statistics.median(size):.0f} bytes as msgpack")


if __name__ == "__main__":
    main()
