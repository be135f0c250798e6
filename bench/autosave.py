"""Autosave, undo and load along a long game: the cost must not grow with the game.

    python bench/autosave.py                              # an eight-hero Dungeon! race, 3,000 actions
    python bench/autosave.py --whole                      # the same, writing the whole file each time
    python bench/autosave.py --game market --players 4 --actions 600
    python bench/autosave.py --profile                    # where a load's time goes

Random bots play one game through a ``Session`` that autosaves into a temp folder (a real disk
write and fsync each action, as in the app). Printed: the median time of the autosave at actions
10, 100, 1,000 and 3,000 (the 50 actions around each; the last 25 at the end), its CPU time
and the bytes it wrote, the median of ``undo()`` at the end (the
last action taken back and made again, 9 times), and of ``Session.load`` of the autosave (5
times), split into reading the file, replaying the actions, and making the undo base.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import tempfile
import time
from pathlib import Path

from dungeon_table.core import registry
from dungeon_table.core.records import load_record
from dungeon_table.core.script import seat_bots
from dungeon_table.core.session import Session, start, steps_of

WINDOW = 50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dungeon")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)  # an 8-hero game that runs past 3,000
    parser.add_argument("--whole", action="store_true", help="write the whole file every action")
    parser.add_argument("--profile", action="store_true", help="profile one load")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"autosave-{args.game}.yaml"
        session, autosaves = play(args, path)
        marks = [m for m in (10, 100, 1000, 3000) if m <= len(autosaves)]
        print(f"{args.game} ×{args.players}, seed {args.seed}, {len(session.record.actions)} "
              f"actions, {path.stat().st_size:,} bytes, "
              f"{'whole file every action' if args.whole else 'appended'}")
        for mark in marks:
            window = autosaves[max(0, mark - WINDOW // 2): mark + WINDOW // 2]
            wall, cpu, written = (statistics.median(column) for column in zip(*window, strict=True))
            print(f"  autosave at action {mark:>5}: median {ms(wall)} ({ms(cpu)} of CPU, the rest "
                  f"the disk's fsync), {written:,.0f} bytes written")
        print(f"  undo at action {len(session.steps)}: median {ms(time_undo(session))}")
        time_load(path)
        if args.profile:
            profile_load(path)


def play(args: argparse.Namespace, path: Path) -> tuple[Session, list[tuple[float, float, int]]]:
    """The game to ``args.actions`` actions, and for each action's autosave the time it took
    (wall and CPU) and the bytes it wrote."""
    spec = registry.get(args.game)
    seats = ["bot:random"] * args.players
    session = Session.new(args.game, seats, args.seed, autosave=path)
    bots = seat_bots(spec, seats, args.seed)
    autosaves: list[tuple[float, float, int]] = []
    timed = session._autosave

    def autosave(appended: bool = False) -> None:
        if args.whole:
            session._on_disk = None  # as before: the whole record, every action
        size = path.stat().st_size if path.exists() else 0
        began, cpu = time.perf_counter(), time.process_time()
        timed(appended)
        done = path.stat().st_size
        autosaves.append((time.perf_counter() - began, time.process_time() - cpu,
                          done if args.whole or done < size else done - size))

    session._autosave = autosave  # type: ignore[method-assign]
    while session.game.result() is None and len(session.record.actions) < args.actions:
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.view(seat),
                                              session.game.legal_actions(seat)))
    session._autosave = timed  # type: ignore[method-assign]
    return session, autosaves


def time_undo(session: Session, runs: int = 9) -> float:
    """Play on until the last action may be taken back, then undo it and make it again."""
    bots = seat_bots(session.spec, session.record.seats, session.record.seed + 1)
    while not (session.steps and session.can_undo(session.steps[-1].seat)):
        if session.game.result() is not None:
            raise SystemExit("the game ended before an undo could be timed: pick another --seed")
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.view(seat),
                                              session.game.legal_actions(seat)))
    times = []
    for _ in range(runs):
        step = session.steps[-1]
        began = time.perf_counter()
        session.undo()
        times.append(time.perf_counter() - began)
        session.apply(step.seat, step.action)
    return statistics.median(times)


def time_load(path: Path, runs: int = 5) -> None:
    loads, reads, replays = [], [], []
    for _ in range(runs):
        began = time.perf_counter()
        Session.load(path)
        loads.append(time.perf_counter() - began)
        began = time.perf_counter()
        record = load_record(path)
        reads.append(time.perf_counter() - began)
        began = time.perf_counter()
        game = start(record, str(path))
        for _ in steps_of(game, record, str(path)):
            pass
        replays.append(time.perf_counter() - began)
    load, read, replay = (statistics.median(t) for t in (loads, reads, replays))
    print(f"  load: median {ms(load)} = reading the file {ms(read)} + replaying "
          f"{ms(replay)} + the undo base {ms(max(0.0, load - read - replay))}")


def profile_load(path: Path) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    Session.load(path)
    profiler.disable()
    print("  where one load's time goes (cumulative):")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


if __name__ == "__main__":
    main()
