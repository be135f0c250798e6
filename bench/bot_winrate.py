"""Win rate of each Last Dungeon bot over many seeds: the figure the card numbers are tuned by.

    python bench/bot_winrate.py --games 1000                 # every bot, difficulty 0
    python bench/bot_winrate.py --games 300 --bots planner --difficulty 1

Prints, per bot: win rate, mean rounds, mean score, adventurer sides repelled, seconds per decision.
Game ``i`` uses seed ``start + i``; the bot gets the same seed, so runs are reproducible. Games run
on ``--workers`` processes (default: every core).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from winrate_kit import HeroTally, add_arguments, play_out, run, seeds, workers

from dungeon_table.core import registry


@dataclass
class Tally(HeroTally):
    rounds: int = 0
    score: int = 0
    repelled: int = 0


def play(bot_name: str, difficulty: int, seed: int) -> Tally:
    """One solo game; the bot is the hero in seat 0."""
    spec = registry.get("lastdungeon")
    game = spec.new_game(["bot"], seed, {"difficulty": difficulty})
    tally = Tally(games=1)
    result = play_out(game, [spec.make_bot(bot_name, seed)], 0, tally)
    tally.rounds = game.state.round  # type: ignore[attr-defined]
    tally.score = result.breakdown[0][-1].value
    tally.repelled = game.state.repelled  # type: ignore[attr-defined]
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--difficulty", type=int, default=0)
    parser.add_argument("--bots", default="random,greedy,planner")
    args = parser.parse_args()
    print(f"lastdungeon, {args.games} games per bot, seeds {args.start}..,"
          f" difficulty {args.difficulty}")
    for name in args.bots.split(","):
        t = run(play, (name, args.difficulty), seeds(args), workers(args), Tally)
        n = t.games
        mean, worst = t.decision_ms()
        print(f"{name:8} win {100 * t.wins / n:5.1f}%  rounds {t.rounds / n:5.1f}  "
              f"score {t.score / n:6.1f}  repelled {t.repelled / n:5.2f}  "
              f"decision {mean:.2f} ms (max {worst:.1f} ms)")


if __name__ == "__main__":
    main()
