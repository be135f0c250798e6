"""Win rates of the Dungeon! bots against each other, their solo results, and their time a decision.

    python bench/dungeon_winrate.py --games 500                 # the issue's figures, every line
    python bench/dungeon_winrate.py --games 200 --solo ""       # four-hero races only
    python bench/dungeon_winrate.py --games 200 --matches ""    # solo modes only

Races: each line pits one bot (the hero) against copies of another, four heroes (``--players``):
best vs random, greedy vs random and best vs greedy. Each bot chooses its own class. The hero's
seat turns 0, 1, 2, 3... game by game, so playing first does not count; a shared win (the round
limit's tie) counts as a win. Solo lines play one hero alone in each solo mode: the treasure hunt
(won: the hunted treasure found; ``--hunt-levels``), the time attack (won: home with the target
before the round limit; the turns it took; the bench has no clock) and the hunter mode (one
hunter; won: home with the target, hunted: killed by a hunter). Game ``i`` uses seed ``start + i``.
The hero's decisions are timed (mean and worst milliseconds). Games run on ``--workers`` processes
(default: every core).
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

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
from dungeon_table.games.dungeon.bot_play import RacerBot

MATCHES = (("best", "random"), ("greedy", "random"), ("best", "greedy"))
SOLO = ("treasure_hunt", "time_attack", "hunter")


@dataclass
class Tally(HeroTally):
    rounds: int = 0                 # rounds played, summed
    hero_gp: int = 0
    rest_gp: int = 0                # the richest other hero, game by game
    won_turns: int = 0              # solo: the hero's turns in the games it won, summed
    ends: Counter[str] = field(default_factory=Counter)    # game_ended reasons
    classes: Counter[str] = field(default_factory=Counter)  # the hero's class at the end


def make_bot(level: str, seed: int) -> Any:
    """A level of the registry, or ``racer``: the expert's guide (the delver taking the rogue in
    a race), so the expert's search can be told from its guide (``--matches racer-best``)."""
    if level == "racer":
        return RacerBot(seed)
    return registry.get("dungeon").make_bot(level, seed)


def play(hero: str, rest: str, players: int, options: dict[str, Any], seed: int) -> Tally:
    """One game: ``hero`` in seat ``seed % players``, ``rest`` everywhere else."""
    spec = registry.get("dungeon")
    hero_seat = seed % players
    levels = [hero if s == hero_seat else rest for s in range(players)]
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options)
    bots = [make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    tally = Tally(games=1)
    result = play_out(game, bots, hero_seat, tally)
    view = game.view(None)
    gps = [h.gp for h in view.heroes]
    tally.rounds = view.round
    tally.hero_gp = gps[hero_seat]
    tally.rest_gp = max((g for s, g in enumerate(gps) if s != hero_seat), default=0)
    tally.ends[view.end_reason] += 1
    tally.classes[view.heroes[hero_seat].hero] += 1
    if hero_seat in result.winners:
        tally.won_turns += view.turn
    return tally


def race_line(label: str, t: Tally) -> str:
    mean, worst = t.decision_ms()
    classes = ", ".join(f"{c} {n}" for c, n in t.classes.most_common())
    return (f"{label:26} win {100 * t.wins / t.games:5.1f}%  ({t.wins}/{t.games})  "
            f"rounds {t.rounds / t.games:5.1f}  gp {t.hero_gp / t.games:6.0f} vs "
            f"{t.rest_gp / t.games:6.0f}  returned {t.ends['returned']}, round limit "
            f"{t.ends['round_limit']}  decision {mean:5.2f} ms (max {worst:6.1f} ms)  [{classes}]")


def solo_line(label: str, t: Tally) -> str:
    mean, worst = t.decision_ms()
    ends = ", ".join(f"{reason} {n}" for reason, n in sorted(t.ends.items()))
    turns = t.won_turns / t.wins if t.wins else 0.0
    return (f"{label:34} won {100 * t.wins / t.games:5.1f}%  ({t.wins}/{t.games})  "
            f"turns to win {turns:5.1f}  ends: {ends}  decision {mean:5.2f} ms "
            f"(max {worst:6.1f} ms)")


def solo_options(mode: str, args: argparse.Namespace) -> list[tuple[str, dict[str, Any]]]:
    if mode == "treasure_hunt":
        return [(f"treasure hunt, level {lv}", {"mode": mode, "hunt_level": int(lv)})
                for lv in args.hunt_levels.split(",")]
    if mode == "hunter":
        return [(f"hunter x{n}", {"mode": mode, "hunters": int(n)})
                for n in args.hunters.split(",")]
    return [("time attack", {"mode": mode})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, players="4", matches=MATCHES)
    parser.add_argument("--solo", default=",".join(SOLO), help="solo modes, comma-separated")
    parser.add_argument("--solo-bots", default="best,greedy", help="bots for the solo lines")
    parser.add_argument("--hunt-levels", default="1,3,5", help="treasure hunt levels")
    parser.add_argument("--hunters", default="1", help="hunter mode: hunters, comma-separated")
    args = parser.parse_args()
    best = registry.get("dungeon").best
    print(f"dungeon win rates, {args.games} games each, seeds {args.start}.., best = {best}")
    if args.matches:
        for players in player_counts(args):
            for hero, rest in match_pairs(args):
                t = run(play, (hero, rest, players, {}), seeds(args), workers(args), Tally)
                print(race_line(f"{players}p {hero} vs {rest} x{players - 1}", t), flush=True)
    for mode in filter(None, args.solo.split(",")):
        for label, options in solo_options(mode, args):
            for bot in filter(None, args.solo_bots.split(",")):
                t = run(play, (bot, bot, 1, options), seeds(args), workers(args), Tally)
                print(solo_line(f"solo {bot:6} {label}", t), flush=True)


if __name__ == "__main__":
    main()
