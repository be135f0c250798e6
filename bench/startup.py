"""Time from process start to the first drawn main-menu frame (target: at most 1.5 s).

Each run is a fresh interpreter (dummy video driver, empty data folder) that opens the app the way
``dungeon-table`` does, draws the main menu once and exits; the clock runs from just before the
process is spawned until it reports the frame. Prints the median of N runs and the spread.

    python bench/startup.py [--runs 7]
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


def one_run() -> tuple[float, float]:
    """(seconds from spawn to the drawn frame, seconds of it inside Python after start-up)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as home:
        env["DUNGEON_TABLE_HOME"] = home
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
    args = parser.parse_args()
    one_run()  # warm the file cache once, as a second launch of the app would be
    runs = [one_run() for _ in range(args.runs)]
    totals = sorted(r[0] for r in runs)
    inside = statistics.median(r[1] for r in runs)
    print(f"start to first main-menu frame: median {statistics.median(totals) * 1000:.0f} ms "
          f"(min {totals[0] * 1000:.0f}, max {totals[-1] * 1000:.0f}, {args.runs} runs); "
          f"of which imports, window, fonts and first draw {inside * 1000:.0f} ms")


if __name__ == "__main__":
    main()
