"""Time from process start to the first drawn main-menu frame (target: at most 1.5 s).

Each run is a fresh interpreter (dummy video driver, empty data folder) that opens the app the way
``dungeon-table`` does, draws the main menu once and exits; the clock runs from just before the
process is spawned until it reports the frame. Prints the median of N runs and the spread.

    python bench/startup.py [--runs 7] [--autosave 80]
    python bench/startup.py --runs 9 --against /tmp/main-src   # and another source tree, in turns

``--against DIR`` starts the app from the source tree DIR too (``git archive main | tar -x -C
DIR``), its runs taking turns with this tree's, and prints the ratio of the two medians: a figure
measured in the same minutes on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

CHILD = textwrap.dedent(
    """
    import time
    t0 = time.perf_counter()
    from dungeon_table.ui import entry
    app = entry.build_app()
    entry.first_scene(app, None, None)
    app.step([])
    assert app.frames_drawn == 1
    print(f"drawn {time.perf_counter() - t0:.4f}", flush=True)
    """
)


def make_autosave(home: str, actions: int) -> None:
    """An unfinished Last Dungeon game of ``actions`` actions: the menu replays it for Continue."""
    os.environ["DUNGEON_TABLE_HOME"] = home
    from dungeon_table.core import paths, registry
    from dungeon_table.core.session import Session

    session = Session.new("lastdungeon", ["human"], 7, autosave=paths.autosave_path("lastdungeon"))
    bot = registry.get("lastdungeon").make_bot("greedy", 7)
    while len(session.record.actions) < actions and session.game.result() is None:
        view, legal = session.game.view(0), session.game.legal_actions(0)
        session.apply(0, bot.choose(view, legal))


def one_run(autosave: int = 0, source: str | None = None) -> tuple[float, float]:
    """(seconds from spawn to the drawn frame, seconds of it inside Python after start-up);
    ``source``: the source tree to start the app from (default: the installed one)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as home:
        env["DUNGEON_TABLE_HOME"] = home
        if autosave:
            make_autosave(home, autosave)
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", CHILD], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("drawn"):
                total = time.perf_counter() - start
                inside = float(line.split()[1])
                break
        else:
            raise RuntimeError("the app did not draw its first frame")
        proc.wait()
    return total, inside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--autosave", type=int, default=0, metavar="N",
                        help="start with an unfinished game of N actions (Continue replays it)")
    parser.add_argument("--against", metavar="DIR",
                        help="also start the app from this source tree, in turns, and compare")
    args = parser.parse_args()
    one_run()  # warm the file cache once, as a second launch of the app would be
    if args.against:
        compare(args.against, args.runs, args.autosave)
        return
    runs = [one_run(args.autosave) for _ in range(args.runs)]
    totals = sorted(r[0] for r in runs)
    inside = statistics.median(r[1] for r in runs)
    print(f"start to first main-menu frame: median {statistics.median(totals) * 1000:.0f} ms "
          f"(min {totals[0] * 1000:.0f}, max {totals[-1] * 1000:.0f}, {args.runs} runs); "
          f"of which imports, window, fonts and first draw {inside * 1000:.0f} ms"
          + (f"; with an autosave of {args.autosave} actions" if args.autosave else ""))


def compare(other: str, runs: int, autosave: int) -> None:
    """This tree's start-up and ``other``'s, in turns: both medians and their ratio."""
    one_run(autosave, other)  # its file cache warm too
    here, there = [], []
    for _ in range(runs):
        here.append(one_run(autosave)[0])
        there.append(one_run(autosave, other)[0])
    mine, theirs = statistics.median(here), statistics.median(there)
    print(f"start to first main-menu frame: median {mine * 1000:.0f} ms here, "
          f"{theirs * 1000:.0f} ms from {other} ({runs} runs each, in turns): {mine / theirs:.2f}x")


if __name__ == "__main__":
    main()
