"""What the bot win-rate benches share: tallies that add up, a game played out with the hero's
decisions timed, the seeds spread over worker processes, and the common command-line options.

    @dataclass
    class Tally(HeroTally):
        hero_points: int = 0               # a game's own figures, summed like the rest

    def play(hero: str, rest: str, players: int, seed: int) -> Tally: ...

    total = run(play, (hero, rest, players), range(1000), workers=8, empty=Tally)

A game's ``play`` and its tally class live at the top of its bench script, so the worker processes
can find them by name.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields
from typing import Any, Protocol, TypeVar

from dungeon_table.core.protocol import Game, Result

CHUNKS_PER_WORKER = 4  # small chunks keep every worker busy until the end


class Summable:
    """A dataclass of totals: numbers add, counters merge, ``worst`` keeps the larger."""

    def add(self, other: Summable) -> None:
        for spec in fields(self):  # type: ignore[arg-type]
            mine, theirs = getattr(self, spec.name), getattr(other, spec.name)
            if spec.name == "worst":
                setattr(self, spec.name, max(mine, theirs))
            elif isinstance(mine, Counter):
                mine.update(theirs)
            else:
                setattr(self, spec.name, mine + theirs)


@dataclass
class HeroTally(Summable):
    """One bot (the hero) against copies of another: its wins and its time a decision."""

    games: int = 0
    wins: int = 0
    hero_seconds: float = 0.0
    hero_decisions: int = 0
    worst: float = 0.0
    actions: int = 0

    def decision_ms(self) -> tuple[float, float]:
        """The hero's mean and worst time a decision, in milliseconds."""
        mean = self.hero_seconds / max(1, self.hero_decisions)
        return 1000 * mean, 1000 * self.worst


class Bot(Protocol):
    def choose(self, view: Any, legal: list[Any]) -> Any: ...


def play_out(game: Game, bots: Sequence[Bot], hero_seat: int, tally: HeroTally) -> Result:
    """Let the bots play ``game`` to its end, timing the hero's decisions; the result."""
    while game.result() is None:
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, legal)
        spent = time.perf_counter() - start
        if seat == hero_seat:
            tally.hero_seconds += spent
            tally.hero_decisions += 1
            tally.worst = max(tally.worst, spent)
        game.apply(seat, action)
        tally.actions += 1
    result = game.result()
    assert result is not None
    tally.wins += hero_seat in result.winners  # a shared win counts as a win
    return result


T = TypeVar("T", bound=Summable)


def _chunk(task: tuple[Callable[..., T], tuple[Any, ...], list[int], type[T]]) -> T:
    play, args, seeds, empty = task
    total = empty()
    for seed in seeds:
        total.add(play(*args, seed))
    return total


def run(play: Callable[..., T], args: tuple[Any, ...], seeds: Sequence[int], workers: int,
        empty: type[T]) -> T:
    """``play(*args, seed)`` for every seed, on ``workers`` processes; the tallies summed."""
    parts = workers * CHUNKS_PER_WORKER
    chunks = [list(seeds[i::parts]) for i in range(parts)]
    tasks = [(play, args, chunk, empty) for chunk in chunks if chunk]
    total = empty()
    if workers <= 1:
        for task in tasks:
            total.add(_chunk(task))
        return total
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(_chunk, tasks):
            total.add(part)
    return total


def add_arguments(parser: argparse.ArgumentParser, players: str = "",
                  matches: Sequence[tuple[str, str]] = ()) -> None:
    """The options every win-rate bench takes (``--players`` only with a default player count,
    ``--matches`` only with ``matches``)."""
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    if players:
        parser.add_argument("--players", default=players, help="player counts, comma-separated")
    if matches:
        parser.add_argument("--matches", default=",".join(f"{h}-{r}" for h, r in matches),
                            help="hero-rest pairs, comma-separated (best-random,...)")
    parser.add_argument("--workers", type=int, default=None, help="processes (every core)")


def workers(args: argparse.Namespace) -> int:
    return args.workers or os.cpu_count() or 1


def seeds(args: argparse.Namespace) -> range:
    return range(args.start, args.start + args.games)


def player_counts(args: argparse.Namespace) -> list[int]:
    return [int(n) for n in args.players.split(",")]


def match_pairs(args: argparse.Namespace) -> list[tuple[str, str]]:
    return [(hero, rest) for hero, rest in (pair.split("-") for pair in args.matches.split(","))]
