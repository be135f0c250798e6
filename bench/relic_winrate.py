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
from dataclasses import dataclass

from winrate_kit import (
    HeroTally,
    add_arguments,
    match_pairs,
    play_out,
    player_counts,
    run,
    seeds,
    workers,
)

from dungeon_table.core import registry

MATCHES = (("best", "random"), ("greedy", "random"), ("best", "greedy"))


@dataclass
class Tally(HeroTally):
    hero_points: int = 0
    rest_points: int = 0  # the best of the other seats, game by game


def play(hero: str, rest: str, players: int, seed: int) -> Tally:
    """One game: ``hero`` in seat ``seed % players``, ``rest`` everywhere else."""
    spec = registry.get("relic")
    hero_seat = seed % players
    levels = [hero if s == hero_seat else rest for s in range(players)]
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, {})
    bots = [spec.make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    tally = Tally(games=1)
    result = play_out(game, bots, hero_seat, tally)
    points = [lines[-1].value for lines in result.breakdown]  # the score.total line
    tally.hero_points = points[hero_seat]
    tally.rest_points = max(p for s, p in enumerate(points) if s != hero_seat)
    return tally


def line(label: str, t: Tally) -> str:
    mean, worst = t.decision_ms()
    return (f"{label:26} win {100 * t.wins / t.games:5.1f}%  ({t.wins}/{t.games})  "
            f"points {t.hero_points / t.games:4.1f} vs {t.rest_points / t.games:4.1f}  "
            f"actions/game {t.actions / t.games:4.0f}  decision {mean:5.2f} ms "
            f"(max {worst:5.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, players="2", matches=MATCHES)
    args = parser.parse_args()
    best = registry.get("relic").best
    print(f"relic win rates, {args.games} games each, seeds {args.start}.., best = {best}")
    for players in player_counts(args):
        for hero, rest in match_pairs(args):
            t = run(play, (hero, rest, players), seeds(args), workers(args), Tally)
            print(line(f"{players}p {hero} vs {rest} x{players - 1}", t), flush=True)


if __name__ == "__main__":
    main()
