"""Win rates of the Dungeon Market bots against each other, and each job's holders' win rate.

    python bench/market_winrate.py --games 1000 --players 4          # the issue's figure and more
    python bench/market_winrate.py --games 300 --players 2,3,4        # every player count
    python bench/market_winrate.py --games 1000 --players 4 --jobs    # job balance, best everywhere

Each line pits one bot (the hero) against copies of another: best vs random, greedy vs random and
best vs greedy, in the base game and the Professional one. The hero's seat turns 0, 1, 2, 3... game
by game so the first player's advantage does not count; a shared win counts as a win. Game ``i``
uses seed ``start + i``. Besides the levels a seat is offered, ``dealer`` (the bot that plays the
expert's playouts on) may be named: ``--matches greedy-best,dealer-best`` says how far each plays
the market from the trader at the table. The hero's decisions are timed (mean and worst seconds). ``--jobs``
plays Professional games with the best bot in every seat and reports, per job, how often a player
holding it at the end won. Games run on ``--workers`` processes (default: every core).
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

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
from dungeon_table.games.market.bot import DealerBot

MATCHES = (("best", "random"), ("greedy", "random"), ("best", "greedy"))
MODES = (("base", {}), ("professional", {"professional": True}))


@dataclass
class Tally(HeroTally):
    held: Counter[str] = field(default_factory=Counter)   # job -> holders at the end
    won: Counter[str] = field(default_factory=Counter)    # job -> holders who won
    levels: Counter[str] = field(default_factory=Counter)  # job -> its holders' levels, summed
    top: Counter[str] = field(default_factory=Counter)    # job -> holders at the fourth level


def play(hero: str, rest: str, players: int, options: dict[str, bool], seed: int) -> Tally:
    """One game: ``hero`` in seat ``seed % players``, ``rest`` everywhere else."""
    spec = registry.get("market")
    hero_seat = seed % players
    levels = [hero if s == hero_seat else rest for s in range(players)]
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options)
    bots = [make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    tally = Tally(games=1)
    result = play_out(game, bots, hero_seat, tally)
    for p in game.view(None).players:
        for job in p.jobs:
            tally.held[job.job] += 1
            tally.won[job.job] += p.seat in result.winners
            tally.levels[job.job] += job.level
            tally.top[job.job] += job.next_cost == 0
    return tally


def make_bot(level: str, seed: int) -> object:
    """A level of the game, or the dealer (no level of its own)."""
    return DealerBot(seed) if level == "dealer" else registry.get("market").make_bot(level, seed)


def line(label: str, t: Tally) -> str:
    mean, worst = t.decision_ms()
    return (f"{label:34} win {100 * t.wins / t.games:5.1f}%  ({t.wins}/{t.games})  "
            f"actions/game {t.actions / t.games:5.0f}  decision {mean:6.2f} ms "
            f"(max {worst:6.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, players="2,3,4", matches=MATCHES)
    parser.add_argument("--modes", default="base,professional")
    parser.add_argument("--jobs", action="store_true", help="job balance instead of win rates")
    args = parser.parse_args()
    counts = player_counts(args)
    best = registry.get("market").best
    if args.jobs:
        for players in counts:
            t = run(play, ("best", "best", players, {"professional": True}), seeds(args),
                    workers(args), Tally)
            print(f"market, {players} players, Professional, {best} in every seat, "
                  f"{t.games} games: win rate of each job's holders (even: {100 / players:.0f}%)")
            for job in sorted(t.held, key=lambda j: -t.won[j] / t.held[j]):
                held = t.held[job]
                print(f"  {job:14} {100 * t.won[job] / held:5.1f}%  held {held:5} times, "
                      f"level {t.levels[job] / held:3.1f} on average, LV4 {t.top[job]:4}")
        return
    modes = [mode for mode in MODES if mode[0] in args.modes.split(",")]
    print(f"market win rates, {args.games} games each, seeds {args.start}.., best = {best}")
    for players in counts:
        for mode, options in modes:
            for hero, rest in match_pairs(args):
                t = run(play, (hero, rest, players, options), seeds(args), workers(args), Tally)
                label = f"{players}p {mode:12} {hero} vs {rest} x{players - 1}"
                print(line(label, t), flush=True)


if __name__ == "__main__":
    main()
