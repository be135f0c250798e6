"""Win rate of each Last Dungeon bot over many seeds: the figure the card numbers are tuned by.

    python bench/bot_winrate.py --games 1000                 # every bot, difficulty 0
    python bench/bot_winrate.py --games 300 --bots planner --difficulty 1

Prints, per bot: win rate, mean rounds, mean score, adventurer sides repelled, seconds per decision.
Game ``i`` uses seed ``start + i``; the bot gets the same seed, so runs are reproducible.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from dungeon_table.core import registry


@dataclass
class Tally:
    wins: int = 0
    rounds: int = 0
    score: int = 0
    repelled: int = 0
    decisions: int = 0
    seconds: float = 0.0
    worst: float = 0.0


def play(bot_name: str, seed: int, difficulty: int, tally: Tally) -> None:
    spec = registry.get("lastdungeon")
    game = spec.new_game(["bot"], seed, {"difficulty": difficulty})
    bot = spec.make_bot(bot_name, seed)
    while game.to_act():
        view, legal = game.view(0), game.legal_actions(0)
        start = time.perf_counter()
        action = bot.choose(view, legal)
        spent = time.perf_counter() - start
        tally.decisions += 1
        tally.seconds += spent
        tally.worst = max(tally.worst, spent)
        game.apply(0, action)
    result = game.result()
    assert result is not None
    tally.wins += bool(result.winners)
    tally.rounds += game.round
    tally.score += result.breakdown[0][-1].value
    tally.repelled += game.repelled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--difficulty", type=int, default=0)
    parser.add_argument("--bots", default="random,greedy,planner")
    args = parser.parse_args()
    print(f"lastdungeon, {args.games} games per bot, seeds {args.start}..,"
          f" difficulty {args.difficulty}")
    for name in args.bots.split(","):
        tally = Tally()
        for i in range(args.games):
            play(name, args.start + i, args.difficulty, tally)
        n = args.games
        print(f"{name:8} win {100 * tally.wins / n:5.1f}%  rounds {tally.rounds / n:5.1f}  "
              f"score {tally.score / n:6.1f}  repelled {tally.repelled / n:5.2f}  "
              f"decision {1000 * tally.seconds / max(1, tally.decisions):.2f} ms"
              f" (max {1000 * tally.worst:.1f} ms)")


if __name__ == "__main__":
    main()
