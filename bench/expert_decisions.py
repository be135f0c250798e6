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

from expert_strength import LINES, Tally, play_game
from winrate_kit import Summable, run, seeds, workers

from dungeon_table.ai.search_bot import Budget, SearchBot
from dungeon_table.core.protocol import Action, Game


@dataclass
class Decisions(Summable):
    games: int = 0
    wins: int = 0
    decisions: Counter[str] = field(default_factory=Counter)  # kind -> choices it had
    searched: Counter[str] = field(default_factory=Counter)  # kind -> decisions searched
    playouts: Counter[str] = field(default_factory=Counter)  # kind -> playouts spent
    overruled: Counter[str] = field(default_factory=Counter)  # "guide's -> played" -> times


def play(line: str, budget: Budget, seed: int) -> Decisions:
    """One seed of ``line`` as ``expert_strength.py`` plays it, the expert's decisions counted."""
    game_id, players, options, _against = LINES[line]
    hero = seed % players
    levels = ["expert" if s == hero else "best" for s in range(players)]
    tally = Decisions(games=1)

    def watch(bot: SearchBot, game: Game, seat: int, played: Action) -> None:
        if len(game.legal_actions(seat)) > 1:
            count(tally, bot, played, getattr(game.view(seat), "phase", None))

    result = play_game(game_id, options, levels, seed, budget, Tally(), watch)
    tally.wins += result is not None and hero in result.winners
    return tally


def count(tally: Decisions, bot: SearchBot, played: Action, phase: object) -> None:
    """One decision of the expert: under the phase its view names (else the class of its guide's
    move: the first candidate's, or the move played when nothing was searched)."""
    guided = bot.last_totals[0][0] if bot.last_totals else played
    kind = str(phase) if phase else type(guided).__name__
    tally.decisions[kind] += 1
    if bot.last_iterations:
        tally.searched[kind] += 1
        tally.playouts[kind] += bot.last_iterations
    if bot.last_overruled:
        move = f"{type(guided).__name__} -> {type(played).__name__}"
        tally.overruled[f"{kind}: {move}" if phase else move] += 1


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
