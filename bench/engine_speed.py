"""Engine speed: random-bot games per second on one core, for any game.

    python bench/engine_speed.py --games 2000                       # Last Dungeon Pocket
    python bench/engine_speed.py --game market --players 4 --games 500
    python bench/engine_speed.py --game market --players 4 --option professional=true
    python bench/engine_speed.py --clone --games 200                # clone() at mid-game
    python bench/engine_speed.py --vs-rlcard                        # every game against RLCard UNO

Each step asks for the view and the legal actions of the seat to act, as a bot in the app would,
so the figure covers ``view`` + ``legal_actions`` + ``apply``. Prints games/s, mean actions per game,
µs per action, and what the protocol's form check (``Game.well_formed``) costs of that. Game ``i``
uses seed ``start + i``. ``--clone`` times ``clone()`` instead (what a search bot pays to try a
move), at a mid-game state of each game, with ``copy.deepcopy`` of the whole game beside it.

``--vs-rlcard`` sets every game beside RLCard's UNO (random agents, ``env.run``), in one run:
rounds of about a second of UNO, then a second of each game, CPU time (the machine is shared, and
the load moves CPU time less than the clock); per round the decisions a second and their ratio,
medians over the rounds. A game's figure is its random bot as ``simulate`` plays it (the random
bot reads no view, so none is built: ``legal_actions`` + the bot's choice + ``apply``); the
figure with a view built every step, as a bot that reads one pays, is printed beside it. RLCard
is a bench-only extra: ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import argparse
import copy
import functools
import itertools
import statistics
import sys
import time
from collections.abc import Callable, Iterator

import yaml

from dungeon_table.core import registry
from dungeon_table.core.script import play_out


def option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    return key, yaml.safe_load(value)


def clone_us(name: str, players: int, games: int, start: int) -> tuple[float, float]:
    """Median µs of ``clone()`` and of ``copy.deepcopy`` over games stopped halfway (random
    bots; half the actions that seed's game takes)."""
    spec = registry.get(name)
    clones, deep = [], []
    for seed in range(start, start + games):
        length = len(_random_actions(spec, players, seed, None))
        game = spec.new_game(["bot:random"] * players, seed)
        for seat, action in _random_actions(spec, players, seed, length // 2):
            game.apply(seat, action)
        clones.append(_time_us(game.clone, 200))
        deep.append(_time_us(functools.partial(copy.deepcopy, game), 5))
    return statistics.median(clones), statistics.median(deep)


def _random_actions(spec: registry.GameSpec, players: int, seed: int,
                    limit: int | None) -> list[tuple[int, object]]:
    game = spec.new_game(["bot:random"] * players, seed)
    bots = [spec.make_bot("random", seed + 7919 * s) for s in range(players)]
    actions: list[tuple[int, object]] = []
    while (to_act := game.to_act()) and (limit is None or len(actions) < limit):
        seat = to_act[0]
        actions.append((seat, bots[seat].choose(None, game.legal_actions(seat))))
        game.apply(*actions[-1])  # type: ignore[arg-type]
    return actions


def _time_us(work: Callable[[], object], repeat: int) -> float:
    began = time.perf_counter()
    for _ in range(repeat):
        work()
    return 1e6 * (time.perf_counter() - began) / repeat




# The games set beside RLCard, each at the table size its line in docs/performance.md uses.
VS_RLCARD = (("lastdungeon", 1), ("relic", 2), ("market", 4), ("dungeon", 4))
RLCARD_MISSING = ("RLCard is not installed (a bench-only extra, this script installs nothing):\n"
                  "    .venv/bin/pip install -e '.[bench]'      # rlcard 1.2.0")


def vs_rlcard(rounds: int, seconds: float) -> None:
    """Decisions a second of every game's random bot and of RLCard UNO's, interleaved."""
    uno = _uno_steps()
    if uno is None:
        print(RLCARD_MISSING, file=sys.stderr)
        raise SystemExit(2)
    rates: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _ in VS_RLCARD}
    plays = {name: _game_steps(name, players) for name, players in VS_RLCARD}
    viewed = {name: _game_steps(name, players, views=True) for name, players in VS_RLCARD}
    for steps in (uno, *plays.values(), *viewed.values()):
        next(steps)  # a first game untimed: the card files load, the caches fill
    for _ in range(rounds):
        base = _rate(uno, seconds)
        for name, _players in VS_RLCARD:
            rates[name].append((base, _rate(plays[name], seconds), _rate(viewed[name], seconds)))
    print(f"random play, decisions a second of CPU time, medians of {rounds} rounds "
          f"(~{seconds:g} s each side a round)")
    uno_median = statistics.median(r[0] for r in itertools.chain(*rates.values()))
    print(f"  RLCard UNO (rlcard 1.2.0, 2 players, env.run): {uno_median:,.0f}/s")
    for name, players in VS_RLCARD:
        base, play, view = zip(*rates[name], strict=True)
        ratio = statistics.median(p / b for p, b in zip(play, base, strict=True))
        viewed_ratio = statistics.median(v / b for v, b in zip(view, base, strict=True))
        print(f"  {name} ×{players}: {statistics.median(play):,.0f}/s = {ratio:.2f}× RLCard "
              f"(a view built every step: {statistics.median(view):,.0f}/s = {viewed_ratio:.2f}×)")


def _rate(steps: Iterator[int], seconds: float) -> float:
    """Decisions a second of CPU time, taking whole chunks from ``steps`` for ``seconds``."""
    began = time.process_time()
    done = 0
    while (spent := time.process_time() - began) < seconds:
        done += next(steps)
    return done / spent


def _uno_steps() -> Iterator[int] | None:
    """Whole UNO games between RLCard's random agents, yielding each game's decisions."""
    try:
        import rlcard  # the bench-only extra, looked for only in this mode
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    counted = [0]

    class Counted(RandomAgent):  # type: ignore[misc]
        def step(self, state: dict[str, object]) -> int:
            counted[0] += 1
            return int(super().step(state))

    env.set_agents([Counted(num_actions=env.num_actions) for _ in range(env.num_players)])

    def games() -> Iterator[int]:
        while True:
            counted[0] = 0
            env.run(is_training=True)  # the lean step (eval_step adds a probability table)
            yield counted[0]

    return games()


def _game_steps(name: str, players: int, views: bool = False, start: int = 0) -> Iterator[int]:
    """Whole random-bot games from seed ``start`` on, yielding each game's decisions: the bots'
    choice, ``legal_actions`` and ``apply`` (and ``view`` each step when ``views``)."""
    spec = registry.get(name)
    for seed in itertools.count(start):
        game = spec.new_game(["bot:random"] * players, seed)
        bots = {s: spec.make_bot("random", seed + 7919 * s) for s in range(players)}
        if not views:
            yield play_out(game, bots)  # simulate's own loop
            continue
        made = 0
        while to_act := game.to_act():
            seat = to_act[0]
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            made += 1
        yield made
    raise AssertionError("unreachable")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lastdungeon")
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--option", type=option, action="append", default=[])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--clone", action="store_true", help="time clone() at mid-game")
    parser.add_argument("--vs-rlcard", action="store_true",
                        help="every game's random play beside RLCard UNO's (pip install -e '.[bench]')")
    parser.add_argument("--rounds", type=int, default=7, help="--vs-rlcard: rounds")
    parser.add_argument("--seconds", type=float, default=1.0, help="--vs-rlcard: CPU s a side a round")
    args = parser.parse_args()
    if args.vs_rlcard:
        vs_rlcard(args.rounds, args.seconds)
        return
    spec = registry.get(args.game)
    players = args.players or spec.min_players
    if args.clone:
        clone, deep = clone_us(args.game, players, args.games, args.start)
        print(f"{args.game} ×{players} clone() at mid-game: {clone:.1f} µs (median of "
              f"{args.games} games, halfway through each); copy.deepcopy of the game {deep:.0f} µs")
        return
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
