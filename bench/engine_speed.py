"""Engine speed of Last Dungeon Pocket: random-bot games per second on one core.

    python bench/engine_speed.py --games 2000

Each step asks for the view and the legal actions, as a bot in the app would, so the figure covers
``view`` + ``legal_actions`` + ``apply``. Prints games/s, mean actions per game and µs per action.
"""

from __future__ import annotations

import argparse
import time

from dungeon_table.core import registry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    args = parser.parse_args()
    spec = registry.get("lastdungeon")
    actions = 0
    start = time.perf_counter()
    for seed in range(args.start, args.start + args.games):
        game = spec.new_game(["bot:random"], seed)
        bot = spec.make_bot("random", seed)
        while game.to_act():
            game.apply(0, bot.choose(game.view(0), game.legal_actions(0)))
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"lastdungeon random bot: {args.games / elapsed:.0f} games/s, "
          f"{actions / args.games:.1f} actions/game, {1e6 * elapsed / actions:.0f} µs/action "
          f"({args.games} games in {elapsed:.1f} s)")


if __name__ == "__main__":
    main()
