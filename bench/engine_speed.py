"""Engine speed: random-bot games per second on one core, for any game.

    python bench/engine_speed.py --games 2000                       # Last Dungeon Pocket
    python bench/engine_speed.py --game market --players 4 --games 500
    python bench/engine_speed.py --game market --players 4 --option professional=true
    python bench/engine_speed.py --clone --games 200                # clone() at mid-game

Each step asks for the view and the legal actions of the seat to act, as a bot in the app would,
so the figure covers ``view`` + ``legal_actions`` + ``apply``. Prints games/s, mean actions per game,
µs per action, and what the protocol's form check (``Game.well_formed``) costs of that. Game ``i``
uses seed ``start + i``. ``--clone`` times ``clone()`` instead (what a search bot pays to try a
move), at a mid-game state of each game, with ``copy.deepcopy`` of the whole game beside it.
"""

from __future__ import annotations

import argparse
import copy
import functools
import statistics
import time
from collections.abc import Callable

import yaml

from dungeon_table.core import registry


def option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    return key, yaml.safe_load(value)


def lastdungeon_clone_us(games: int, start: int) -> tuple[float, float]:
    """Median µs of ``clone()`` and of ``copy.deepcopy`` over Last Dungeon games stopped halfway
    (random bot; half the actions that seed's game takes)."""
    spec = registry.get("lastdungeon")
    clones, deep = [], []
    for seed in range(start, start + games):
        length = len(_random_actions(spec, seed, None))
        game = spec.new_game(["bot:random"], seed)
        for action in _random_actions(spec, seed, length // 2):
            game.apply(0, action)
        clones.append(_time_us(game.clone, 200))
        deep.append(_time_us(functools.partial(copy.deepcopy, game), 20))
    return statistics.median(clones), statistics.median(deep)


def _random_actions(spec: registry.GameSpec, seed: int, limit: int | None) -> list[object]:
    game, bot, actions = spec.new_game(["bot:random"], seed), spec.make_bot("random", seed), []
    while game.to_act() and (limit is None or len(actions) < limit):
        actions.append(bot.choose(game.view(0), game.legal_actions(0)))
        game.apply(0, actions[-1])
    return actions


def _time_us(work: Callable[[], object], repeat: int) -> float:
    began = time.perf_counter()
    for _ in range(repeat):
        work()
    return 1e6 * (time.perf_counter() - began) / repeat


# game -> its mid-game clone timing (each game's own: what "mid-game" is depends on the game)
CLONE_BENCHES: dict[str, Callable[[int, int], tuple[float, float]]] = {
    "lastdungeon": lastdungeon_clone_us,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lastdungeon")
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--option", type=option, action="append", default=[])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--clone", action="store_true", help="time clone() at mid-game")
    args = parser.parse_args()
    if args.clone:
        clone, deep = CLONE_BENCHES[args.game](args.games, args.start)
        print(f"{args.game} clone() at mid-game: {clone:.1f} µs (median of {args.games} games); "
              f"copy.deepcopy of the game {deep:.0f} µs")
        return
    spec = registry.get(args.game)
    players = args.players or spec.min_players
    options = dict(args.option)
    actions = 0
    checking = 0.0  # the protocol's form check (Game.well_formed), timed once more on its own
    start = time.perf_counter()
    for seed in range(args.start, args.start + args.games):
        game = spec.new_game(["bot:random"] * players, seed, options)
        bots = [spec.make_bot("random", seed + 7919 * s) for s in range(players)]
        while to_act := game.to_act():
            seat = to_act[0]
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
            began = time.perf_counter()
            game.well_formed(seat, action)
            checking += time.perf_counter() - began
            game.apply(seat, action)
            actions += 1
    elapsed = time.perf_counter() - start - checking  # apply checks the form itself too
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"{args.game} ×{players} {shown} random bot: {args.games / elapsed:.1f} games/s, "
          f"{actions / args.games:.1f} actions/game, {1e6 * elapsed / actions:.0f} µs/action "
          f"({args.games} games in {elapsed:.1f} s); the form check in it "
          f"{1e6 * checking / actions:.2f} µs/action ({100 * checking / elapsed:.2f} %)")


if __name__ == "__main__":
    main()
