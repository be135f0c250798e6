"""Where the expert's choices are: its decisions by the kind of move, which of them it searches,
the playouts they take and where it leaves the guide's (``best``'s) move.

    python bench/expert_decisions.py --line market --games 12 --start 3000 --playouts 200

The games are ``expert_strength.py``'s (the same lines, seats and seeds: the expert in seat
``seed % players`` against ``best``). Each of the expert's decisions with more than one legal
action is counted under its view's phase (a game whose view has none: the class of the guide's
move), searched or not (a game's ``candidates`` hook may leave a kind unsearched, or the
candidates all settle at once); an overrule is counted as "phase: the guide's move's class -> the one played".
It says which decisions a change to the search could reach: a kind never searched is a kind the
expert plays as ``best`` does, however many playouts it is given.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from expert_strength import LINES, MAX_ACTIONS, expert
from winrate_kit import Summable, run, seeds, workers

from dungeon_table.ai.search_bot import Budget, SearchBot, decide
from dungeon_table.core import registry


@dataclass
class Decisions(Summable):
    games: int = 0
    wins: int = 0
    decisions: Counter[str] = field(default_factory=Counter)  # kind -> choices it had
    searched: Counter[str] = field(default_factory=Counter)  # kind -> decisions searched
    playouts: Counter[str] = field(default_factory=Counter)  # kind -> playouts spent
    overruled: Counter[str] = field(default_factory=Counter)  # "guide's -> played" -> times


def play(line: str, budget: Budget, seed: int) -> Decisions:
    """One seed of ``line`` with the expert in its seat, its decisions counted by kind."""
    game_id, players, options, against = LINES[line]
    hero = seed % players
    spec = registry.get(game_id)
    levels = ["expert" if s == hero or against == "alone" else "best" for s in range(players)]
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options)
    bots = [expert(game_id, seed * 7 + s, budget) if lv == "expert" else
            spec.make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    tally = Decisions(games=1)
    for _ in range(MAX_ACTIONS):
        if game.result() is not None:
            break
        seat = game.to_act()[0]
        bot = bots[seat]
        choices = len(game.legal_actions(seat))
        phase = getattr(game.view(seat), "phase", None) if isinstance(bot, SearchBot) else None
        action = decide(bot, game, seat)  # as expert_strength.py plays: the same games
        if isinstance(bot, SearchBot) and choices > 1:
            count(tally, bot, action, phase)
        game.apply(seat, action)
    result = game.result()
    tally.wins += result is not None and hero in result.winners
    return tally


def count(tally: Decisions, bot: SearchBot, played: object, phase: object) -> None:
    """One decision of the expert: under the phase its view names (else the kind of its guide's
    move: the first candidate's, or the move played when nothing was searched)."""
    guided = bot.last_totals[0][0] if bot.last_totals else played
    kind = str(phase) if phase else _kind(guided)
    tally.decisions[kind] += 1
    if bot.last_iterations:
        tally.searched[kind] += 1
        tally.playouts[kind] += bot.last_iterations
    if bot.last_overruled:
        move = f"{_kind(guided)} -> {type(played).__name__}"
        tally.overruled[f"{kind}: {move}" if phase else move] += 1


def _kind(move: object) -> str:
    """A move's class."""
    return type(move).__name__


def report(line: str, t: Decisions) -> str:
    rows = [f"{line}: {t.games} games, the expert won {t.wins}; its decisions a game, by kind:"]
    for kind, n in t.decisions.most_common():
        searched = t.searched[kind]
        per = t.playouts[kind] / searched if searched else 0
        rows.append(f"  {kind:14} {n / t.games:6.1f} a game, {100 * searched / n:3.0f}% searched"
                    f" ({per:.0f} playouts each)")
    rows.append("  overruled, a game: " + (", ".join(
        f"{what} {n / t.games:.2f}" for what, n in t.overruled.most_common()) or "never"))
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--line", default="market", choices=list(LINES))
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--start", type=int, default=3000, help="first seed")
    parser.add_argument("--playouts", type=int, default=200, help="playouts a decision")
    parser.add_argument("--workers", type=int, default=None, help="processes (every core)")
    args = parser.parse_args()
    budget = Budget(iterations=args.playouts)
    print(report(args.line, run(play, (args.line, budget), seeds(args), workers(args),
                                Decisions)))


if __name__ == "__main__":
    main()
