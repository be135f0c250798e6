"""Win rates of the Dungeon Market bots against each other, and each job's holders' win rate.

    python bench/market_winrate.py --games 1000 --players 4          # the issue's figure and more
    python bench/market_winrate.py --games 300 --players 2,3,4        # every player count
    python bench/market_winrate.py --games 1000 --players 4 --jobs    # job balance, best everywhere

Each line pits one bot (the hero) against copies of another: best vs random, greedy vs random and
best vs greedy, in the base game and the Professional one. The hero's seat turns 0, 1, 2, 3... game
by game so the first player's advantage does not count; a shared win counts as a win. Game ``i``
uses seed ``start + i``. The hero's decisions are timed (mean and worst seconds). ``--jobs``
plays Professional games with the best bot in every seat and reports, per job, how often a player
holding it at the end won. Games run on ``--workers`` processes (default: every core).
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from dungeon_table.core import registry

MATCHES = (("best", "random"), ("greedy", "random"), ("best", "greedy"))
MODES = (("base", {}), ("professional", {"professional": True}))


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    hero_seconds: float = 0.0
    hero_decisions: int = 0
    worst: float = 0.0
    actions: int = 0
    held: Counter[str] = field(default_factory=Counter)   # job -> holders at the end
    won: Counter[str] = field(default_factory=Counter)    # job -> holders who won
    levels: Counter[str] = field(default_factory=Counter)  # job -> its holders' levels, summed
    top: Counter[str] = field(default_factory=Counter)    # job -> holders at the fourth level

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.hero_seconds += other.hero_seconds
        self.hero_decisions += other.hero_decisions
        self.worst = max(self.worst, other.worst)
        self.actions += other.actions
        self.held.update(other.held)
        self.won.update(other.won)
        self.levels.update(other.levels)
        self.top.update(other.top)


def play(hero: str, rest: str, players: int, options: dict[str, bool], seed: int) -> Tally:
    """One game: ``hero`` in seat ``seed % players``, ``rest`` everywhere else."""
    spec = registry.get("market")
    hero_seat = seed % players
    levels = [hero if s == hero_seat else rest for s in range(players)]
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options)
    bots = [spec.make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    tally = Tally(games=1)
    while game.result() is None:
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, legal)
        spent = time.perf_counter() - start
        if seat == hero_seat:
            tally.hero_seconds += spent
            tally.hero_decisions += 1
            tally.worst = max(tally.worst, spent)
        game.apply(seat, action)
        tally.actions += 1
    result = game.result()
    assert result is not None
    tally.wins = int(hero_seat in result.winners)
    for p in game.view(None).players:
        for job in p.jobs:
            tally.held[job.job] += 1
            tally.won[job.job] += p.seat in result.winners
            tally.levels[job.job] += job.level
            tally.top[job.job] += job.next_cost == 0
    return tally


def _chunk(task: tuple[str, str, int, dict[str, bool], list[int]]) -> Tally:
    hero, rest, players, options, seeds = task
    total = Tally()
    for seed in seeds:
        total.add(play(hero, rest, players, options, seed))
    return total


def run(hero: str, rest: str, players: int, options: dict[str, bool], seeds: range,
        workers: int) -> Tally:
    chunks = [list(seeds[i::workers * 4]) for i in range(workers * 4)]
    tasks = [(hero, rest, players, options, c) for c in chunks if c]
    total = Tally()
    if workers <= 1:
        for task in tasks:
            total.add(_chunk(task))
        return total
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(_chunk, tasks):
            total.add(part)
    return total


def line(label: str, t: Tally) -> str:
    mean = t.hero_seconds / max(1, t.hero_decisions)
    return (f"{label:34} win {100 * t.wins / t.games:5.1f}%  ({t.wins}/{t.games})  "
            f"actions/game {t.actions / t.games:5.0f}  decision {1000 * mean:6.2f} ms "
            f"(max {1000 * t.worst:6.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--modes", default="base,professional")
    parser.add_argument("--matches", default=",".join(f"{h}-{r}" for h, r in MATCHES),
                        help="hero-rest pairs, comma-separated (best-random,...)")
    parser.add_argument("--jobs", action="store_true", help="job balance instead of win rates")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    workers = args.workers or os.cpu_count() or 1
    seeds = range(args.start, args.start + args.games)
    counts = [int(n) for n in args.players.split(",")]
    best = registry.get("market").best
    if args.jobs:
        for players in counts:
            t = run("best", "best", players, {"professional": True}, seeds, workers)
            print(f"market, {players} players, Professional, {best} in every seat, "
                  f"{t.games} games: win rate of each job's holders (even: {100 / players:.0f}%)")
            for job in sorted(t.held, key=lambda j: -t.won[j] / t.held[j]):
                held = t.held[job]
                print(f"  {job:14} {100 * t.won[job] / held:5.1f}%  held {held:5} times, "
                      f"level {t.levels[job] / held:3.1f} on average, LV4 {t.top[job]:4}")
        return
    modes = [mode for mode in MODES if mode[0] in args.modes.split(",")]
    matches = [tuple(pair.split("-")) for pair in args.matches.split(",")]
    print(f"market win rates, {args.games} games each, seeds {args.start}.., best = {best}")
    for players in counts:
        for mode, options in modes:
            for hero, rest in matches:
                t = run(hero, rest, players, options, seeds, workers)
                label = f"{players}p {mode:12} {hero} vs {rest} x{players - 1}"
                print(line(label, t), flush=True)


if __name__ == "__main__":
    main()
