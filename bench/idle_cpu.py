"""CPU share of the app while idle on a table (target: at most 2 %).

Runs the real loop (``App.run``) in a subprocess with the dummy video driver: a human's table
with nothing animating, measured with ``time.process_time`` over a window after a short settle.
A Dungeon! time attack keeps its clock running, so the table redraws once a second there.

    python bench/idle_cpu.py [--seconds 10] [--settle 2] [--wait nap|sdl|both]
    python bench/idle_cpu.py --game dungeon --option mode=time_attack
    python bench/idle_cpu.py --sound --settle 2    # a sound first: the mixer open while idle
    python bench/idle_cpu.py --sound --settle 22   # ... and once it has rested and closed
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap

import yaml

CHILD = textwrap.dedent(
    """
    import json, sys, threading, time
    import pygame
    from dungeon_table.ui import entry
    from dungeon_table.ui.table import TableScene

    settle, seconds, mode = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    game, options, sound = sys.argv[4], json.loads(sys.argv[5]), sys.argv[6] == "1"
    app = entry.build_app("en")
    app.wait_mode = mode
    entry.first_scene(app, {"game": game, "seats": ["human"], "seed": 7, "options": options}, None)
    assert isinstance(app.top, TableScene), type(app.top).__name__
    if sound:
        app.sound.click()  # the mixer opens, as at the first click of a session
    out = {}

    def measure():
        time.sleep(settle)
        cpu0, wall0, frames0 = time.process_time(), time.perf_counter(), app.frames_drawn
        time.sleep(seconds)
        out["cpu_s"] = time.process_time() - cpu0
        out["wall_s"] = time.perf_counter() - wall0
        out["frames"] = app.frames_drawn - frames0
        out["mixer_open"] = bool(pygame.mixer.get_init())
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    app.run()
    print(json.dumps(out))
    """
)


def run(seconds: float, settle: float, mode: str = "nap", game: str = "lastdungeon",
        options: dict | None = None, sound: bool = False) -> dict[str, float]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as home:
        env["DUNGEON_TABLE_HOME"] = home  # never touch the player's saves or settings
        proc = subprocess.run(
            [sys.executable, "-c", CHILD, str(settle), str(seconds), mode, game,
             json.dumps(options or {}), "1" if sound else "0"],
            env=env, capture_output=True, text=True, check=True,
        )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("--wait", choices=("nap", "sdl", "both"), default="nap",
                        help="the app's idle wait (nap: the default; sdl: pygame.event.wait)")
    parser.add_argument("--game", default="lastdungeon")
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE (YAML value)")
    parser.add_argument("--sound", action="store_true", help="play a sound before settling")
    args = parser.parse_args()
    options = {k: yaml.safe_load(v) for k, v in (o.split("=", 1) for o in args.option)}
    for mode in ("nap", "sdl") if args.wait == "both" else (args.wait,):
        result = run(args.seconds, args.settle, mode, args.game, options, args.sound)
        share = 100 * result["cpu_s"] / result["wall_s"]
        print(f"idle ({mode}) on a {args.game} table {options or ''} for {result['wall_s']:.1f} s: "
              f"CPU {result['cpu_s'] * 1000:.0f} ms = {share:.2f} %, "
              f"frames drawn {result['frames']}"
              + (f", mixer {'open' if result['mixer_open'] else 'closed'} at the end"
                 if args.sound else ""))


if __name__ == "__main__":
    main()
