"""How strong the expert (the search bot, ``ai/search_bot.py``) plays: issue 15's lines.

    python bench/expert_strength.py --games 40 --playouts 16           # a fixed search: replays
    python bench/expert_strength.py --games 500 --seconds 1 --workers 8  # the issue's full run
    python bench/expert_strength.py --lines relic,lastdungeon --games 100 --playouts 32

Each line pits the expert against the game's hand-written ``best`` bot, seats rotated game by game
(the expert sits in seat ``i % players`` of game ``i``, seed ``start + i``; a shared win counts):
relic 2 players expert vs best; market 4 players one expert vs three best; Dungeon! 4 heroes one
expert vs three best; and the solo lines, where the expert and ``best`` play the same seeds alone:
Last Dungeon at difficulty 0 (expert vs planner) and Dungeon!'s hunter mode (one hunter). Every
line also plays each seed with ``best`` in the expert's seat (the baseline: a shared win counts,
so ``best`` against itself wins more than a fair share where ties happen). A line prints the win
rates with their 95 % Wilson intervals and the expert's time a searched decision (p50,
p95; decisions with one legal action are not searched and not counted). ``--playouts N`` searches
exactly N playouts a decision (the same games on any machine); ``--seconds S`` searches S seconds
a decision, as the app does. Games run on ``--workers`` processes (default: every core).

A full line (500 games at 1 s a decision) is hours of CPU, so ``--record FILE`` appends each
seed's figures to FILE as it ends (a JSON line: the line, the budget, the commit, the seed and
its tally) and a later run with the same file and budget plays only the seeds not yet there,
counting the recorded ones: a long run may be stopped and taken up again. Each line printed says
how many games came from the record and from which commits.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from winrate_kit import Summable, run, seeds, workers

from dungeon_table.ai.search_bot import Budget, SearchBot, decide
from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Game

# line -> (game, players, options, what the expert plays against: "best" or "alone")
LINES: dict[str, tuple[str, int, dict[str, Any], str]] = {
    "relic": ("relic", 2, {}, "best"),
    "market": ("market", 4, {}, "best"),
    "dungeon": ("dungeon", 4, {}, "best"),
    "lastdungeon": ("lastdungeon", 1, {"difficulty": 0}, "alone"),
    "hunter": ("dungeon", 1, {"mode": "hunter", "hunters": 1}, "alone"),
}
MAX_ACTIONS = 6000


@dataclass
class Tally(Summable):
    games: int = 0
    wins: int = 0
    base_wins: int = 0  # ``best`` in the expert's seat, the same seeds (alone in solo lines)
    playouts: int = 0
    overruled: int = 0  # searched decisions that left the guide's (best bot's) choice
    times: list[float] = field(default_factory=list)  # seconds a searched decision


def expert(game_id: str, seed: int, budget: Budget) -> SearchBot:
    bot = registry.get(game_id).make_bot("expert", seed)
    assert isinstance(bot, SearchBot)
    bot.budget = budget
    return bot


# Called at each of the expert's decisions, before its action is applied: (bot, game, seat, action).
Watch = Callable[[SearchBot, Game, int, Action], None]


def play_game(game_id: str, options: dict[str, Any], levels: list[str], seed: int,
              budget: Budget, tally: Tally, watch: Watch | None = None) -> Any:
    """One game with these levels a seat; the expert's searched decisions timed, and each of
    its decisions shown to ``watch`` (``expert_decisions.py``)."""
    spec = registry.get(game_id)
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options)
    bots = [expert(game_id, seed * 7 + s, budget) if lv == "expert" else
            spec.make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    for _ in range(MAX_ACTIONS):
        if game.result() is not None:
            break
        seat = game.to_act()[0]
        start = time.perf_counter()
        action = decide(bots[seat], game, seat)
        spent = time.perf_counter() - start
        bot = bots[seat]
        if isinstance(bot, SearchBot) and watch is not None:
            watch(bot, game, seat, action)
        if isinstance(bot, SearchBot) and bot.last_iterations:
            tally.times.append(spent)
            tally.playouts += bot.last_iterations
            tally.overruled += bot.last_overruled
        game.apply(seat, action)
    return game.result()


def play(line: str, budget: Budget, only_base: bool, record: str | None, seed: int) -> Tally:
    """One seed of ``line``: the expert's game, and the baseline, ``best`` in its seat (a
    shared win counts, so in two-player games ``best`` against itself wins more than half)."""
    game_id, players, options, against = LINES[line]
    tally = Tally(games=1)
    hero = seed % players
    if not only_base:
        levels = ["expert" if s == hero else "best" for s in range(players)]
        result = play_game(game_id, options, levels, seed, budget, tally)
        tally.wins += result is not None and hero in result.winners
    base = play_game(game_id, options, ["best"] * players, seed, budget, Tally())
    tally.base_wins += base is not None and hero in base.winners
    if record is not None:
        write_record(Path(record), line, budget, seed, tally)
    return tally


def commit() -> str:
    """The tree's commit, as a record names it ("unknown" outside a git checkout)."""
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, cwd=Path(__file__).parent, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def write_record(path: Path, line: str, budget: Budget, seed: int, tally: Tally) -> None:
    """One seed's figures, appended as one line (a worker's whole line in one write, so lines
    of several workers do not interleave)."""
    entry = {"line": line, "budget": repr(budget), "commit": commit(), "seed": seed,
             "tally": asdict(tally)}
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


def read_records(path: Path | None, line: str, budget: Budget) -> dict[int, tuple[str, Tally]]:
    """The seeds of ``line`` at ``budget`` already in the record: seed -> (commit, tally)."""
    if path is None or not path.exists():
        return {}
    found: dict[int, tuple[str, Tally]] = {}
    for text in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(text)
        if entry["line"] == line and entry["budget"] == repr(budget):
            found[entry["seed"]] = (entry["commit"], Tally(**entry["tally"]))
    return found


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{100 * wins / games:5.1f}% [{100 * low:4.1f}-{100 * high:4.1f}] ({wins}/{games})"


def report(line: str, t: Tally) -> str:
    game_id, players, options, against = LINES[line]
    times = sorted(t.times)
    p50 = statistics.median(times) if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    what = f"{line:12} {players}p expert " + ("vs best" if against == "best" else "alone")
    out = f"{what:28} win {rate(t.wins, t.games)}"
    out += f"  best in its seat {rate(t.base_wins, t.games)}"
    per = t.playouts / max(1, len(times))
    return (f"{out}  decision p50 {1000 * p50:.0f} ms p95 {1000 * p95:.0f} ms "
            f"({len(times)} searched, {per:.0f} playouts each, "
            f"{100 * t.overruled / max(1, len(times)):.0f}% overruling best)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--lines", default=",".join(LINES), help="comma-separated: " +
                        ", ".join(LINES))
    parser.add_argument("--playouts", type=int, default=None, help="playouts a decision")
    parser.add_argument("--seconds", type=float, default=None, help="seconds a decision")
    parser.add_argument("--workers", type=int, default=None, help="processes (every core)")
    parser.add_argument("--baseline-only", action="store_true",
                        help="only the games with best in the expert's seat")
    parser.add_argument("--record", type=Path, default=None,
                        help="append each seed's figures here, and skip the seeds already there")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the line so far after every N games (a run cut short "
                             "still says something)")
    args = parser.parse_args()
    budget = (Budget(seconds=args.seconds) if args.seconds is not None else
              Budget(iterations=args.playouts or 16))
    print(f"expert strength, {args.games} games a line, seeds {args.start}.., budget {budget}")
    record = str(args.record) if args.record is not None else None
    for line in filter(None, args.lines.split(",")):
        began = time.perf_counter()
        known = read_records(args.record, line, budget)
        total = Tally()
        for seed in seeds(args):
            if seed in known:
                total.add(known[seed][1])
        every = [seed for seed in seeds(args) if seed not in known]
        if known:
            commits = sorted({known[s][0] for s in seeds(args) if s in known})
            print(f"{line}: {total.games} game(s) from {args.record} "
                  f"(commits {', '.join(commits)})")
        step = args.progress or len(every) or 1
        for first in range(0, len(every), step):  # the line so far after every ``step`` games
            total.add(run(play, (line, budget, args.baseline_only, record),
                          every[first:first + step], workers(args), Tally))
            print(f"{report(line, total)}  [{time.perf_counter() - began:.0f} s]", flush=True)
        if not every:
            print(report(line, total), flush=True)


if __name__ == "__main__":
    main()
