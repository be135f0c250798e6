"""Win rates of the relic expedition bots against each other, and their time a decision.

    python bench/relic_winrate.py --games 1000                    # 2 players: the issue's figures
    python bench/relic_winrate.py --games 300 --players 2,3,4     # the variant too

Each line pits one bot (the hero) against copies of another: best vs random, greedy vs random and
best vs greedy. The hero's seat turns 0, 1, 2... game by game so the first player's advantage
(decided by the first-player draw anyway) does not count; a shared win counts as a win. Game ``i``
uses seed ``start + i``. The hero's decisions are timed (mean and worst seconds). Games run on
``--workers`` processes (default: every core).
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from dungeon_table.core import registry

MATCHES = (("best", "random"), ("greedy", "random"), ("best", "greedy"))


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    hero_seconds: float = 0.0
    hero_decisions: int = 0
    worst: float = 0.0
    actions: int = 0
    hero_points: int = 0
    rest_points: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.hero_seconds += other.hero_seconds
        self.hero_decisions += other.hero_decisions
        self.worst = max(self.worst, other.worst)
        self.actions += other.actions
        self.hero_points += other.hero_points
        self.rest_points += other.rest_points


def play(hero: str, rest: str, players: int, seed: int) -> Tally:
    """One game: ``hero`` in seat ``seed % players``, ``rest`` everywhere else."""
    spec = registry.get("relic")
    hero_seat = seed % players
    levels = [hero if s == hero_seat else rest for s in range(players)]
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, {})
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
    points = [lines[-1].value for lines in result.breakdown]  # the score.total line
    tally.hero_points = points[hero_seat]
    tally.rest_points = max(p for s, p in enumerate(points) if s != hero_seat)
    return tally


def _chunk(task: tuple[str, str, int, list[int]]) -> Tally:
    hero, rest, players, seeds = task
    total = Tally()
    for seed in seeds:
        total.add(play(hero, rest, players, seed))
    return total


def run(hero: str, rest: str, players: int, seeds: range, workers: int) -> Tally:
    chunks = [list(seeds[i::workers * 4]) for i in range(workers * 4)]
    tasks = [(hero, rest, players, c) for c in chunks if c]
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
    return (f"{label:26} win {100 * t.wins / t.games:5.1f}%  ({t.wins}/{t.games})  "
            f"points {t.hero_points / t.games:4.1f} vs {t.rest_points / t.games:4.1f}  "
            f"actions/game {t.actions / t.games:4.0f}  decision {1000 * mean:5.2f} ms "
            f"(max {1000 * t.worst:5.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--players", default="2", help="player counts, comma-separated")
    parser.add_argument("--matches", default=",".join(f"{h}-{r}" for h, r in MATCHES),
                        help="hero-rest pairs, comma-separated (best-random,...)")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    workers = args.workers or os.cpu_count() or 1
    seeds = range(args.start, args.start + args.games)
    best = registry.get("relic").best
    matches = [tuple(pair.split("-")) for pair in args.matches.split(",")]
    print(f"relic win rates, {args.games} games each, seeds {args.start}.., best = {best}")
    for players in (int(n) for n in args.players.split(",")):
        for hero, rest in matches:
            t = run(hero, rest, players, seeds, workers)
            print(line(f"{players}p {hero} vs {rest} x{players - 1}", t), flush=True)


if __name__ == "__main__":
    main()
