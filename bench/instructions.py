"""Instructions a random-play step, counted by valgrind's callgrind: Dungeon! beside RLCard UNO.

    python bench/instructions.py                          # Dungeon! ×4 and UNO: 10 warming games, 5 counted
    python bench/instructions.py --games 10 --warm 20     # more of each
    python bench/instructions.py --all                    # every game of the --vs-rlcard table
    python bench/instructions.py --uno 233591             # UNO's figure given, not counted again
    python bench/instructions.py --only market --uno 233591   # one game of the table alone

The timed ``engine_speed.py --vs-rlcard`` moves with the shared machine's load; a count of the
processor's instructions does not. For each game this runs a child Python under
``valgrind --tool=callgrind`` twice: once playing ``--warm`` games (the card files load, the kept
searches fill), once playing those and ``--games`` more. The difference of the two totals over the
steps of the extra games is what one step costs once warm, start-up and imports cancelled out.
The games are those of ``engine_speed.py --vs-rlcard`` (its own generators: random bots through
``script.play_out``, seeds from 0 on; UNO's two ``RandomAgent``s through ``env.run``, numpy's
global random source seeded 0 so both runs play the same games), ``PYTHONHASHSEED=0`` in both.
Installs nothing: without valgrind (or, for UNO, RLCard) it says so and stops.
Each child takes ~0.5-2 minutes (callgrind runs Python ~50x slower); run one at a time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# (label, game or "uno", players): the --vs-rlcard table's games, UNO first (the yardstick).
UNO = ("RLCard UNO", "uno", 2)
DUNGEON = ("dungeon ×4", "dungeon", 4)
OTHERS = (("lastdungeon ×1", "lastdungeon", 1), ("relic ×2", "relic", 2),
          ("market ×4", "market", 4))
TOTAL = re.compile(r"^(?:summary|totals):\s*(\d+)", re.MULTILINE)


def child(game: str, players: int, games: int) -> None:
    """Play ``games`` games (the child under valgrind) and print the steps of each."""
    sys.path.insert(0, str(HERE))
    import engine_speed  # the same generators as the timed run

    if game == "uno":
        import numpy as np

        np.random.seed(0)  # RLCard's RandomAgent draws from numpy's global source
        steps = engine_speed._uno_steps()
        if steps is None:
            raise SystemExit(engine_speed.RLCARD_MISSING)
    else:
        steps = engine_speed._game_steps(game, players)
    print(" ".join(str(next(steps)) for _ in range(games)))


def counted(game: str, players: int, games: int) -> tuple[int, list[int]]:
    """(callgrind's instruction total, the steps of each game) of a child playing ``games``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, __file__, "--child", game, str(players), str(games)],
            capture_output=True, text=True, check=False,
            env={**os.environ, "PYTHONHASHSEED": "0"})
        if run.returncode != 0:
            raise SystemExit(f"the child failed ({game}, {games} games):\n{run.stderr[-2000:]}")
        total = TOTAL.search(out.read_text())
        if total is None:
            raise SystemExit(f"no instruction total in callgrind's output ({game})")
        return int(total.group(1)), [int(s) for s in run.stdout.split()]


def per_step(game: str, players: int, warm: int, games: int) -> tuple[float, int]:
    """(instructions a step of the ``games`` games after ``warm``, their steps)."""
    base, _ = counted(game, players, warm)
    more, steps = counted(game, players, warm + games)
    made = sum(steps[warm:])
    return (more - base) / made, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm", type=int, default=10, help="games played before the counted")
    parser.add_argument("--games", type=int, default=5, help="games counted (UNO: 12x as many)")
    parser.add_argument("--all", action="store_true", help="every game of --vs-rlcard")
    parser.add_argument("--uno", type=float, help="UNO's figure from an earlier run: not counted")
    parser.add_argument("--only", choices=[g for _l, g, _p in (DUNGEON, *OTHERS)],
                        help="count this game alone (instead of Dungeon!, or every game)")
    parser.add_argument("--child", nargs=3, metavar=("GAME", "PLAYERS", "GAMES"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), int(args.child[2]))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on this machine (this script installs nothing): "
                         "no instruction count")
    # UNO's games are short (~40 decisions against Dungeon!'s ~1,500): more of them.
    label, _game, _players = UNO
    if args.uno:
        uno = args.uno
        print(f"  {label}: {uno:,.0f} instructions a decision (given)")
    else:
        uno, uno_steps = per_step("uno", 2, 2 * args.warm, 12 * args.games)
        print(f"  {label}: {uno:,.0f} instructions a decision ({uno_steps:,} decisions after "
              f"{2 * args.warm} games)", flush=True)
    games = (DUNGEON, *(OTHERS if args.all else ()))
    if args.only:
        games = tuple(g for g in (DUNGEON, *OTHERS) if g[1] == args.only)
    for label, game, players in games:
        step, made = per_step(game, players, args.warm, args.games)
        print(f"  {label}: {step:,.0f} instructions a step ({made:,} steps after {args.warm} "
              f"games) = {uno / step:.2f}× RLCard UNO", flush=True)


if __name__ == "__main__":
    main()
