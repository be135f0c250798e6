"""Listen to a whole game: bots play it through the table, headless, into a WAV of what was heard.

    python tools/listen.py market                       # out/listen/market.wav
    python tools/listen.py --all                        # one per game, into out/listen/
    python tools/listen.py relic --seats human,bot:best --seed 3 --speed 2 --out /tmp/relic.wav

One human seat (the first), played by the game's strongest bot after a pause to think, so the
track is what that player would have heard at the table: the sounds of the events its screen
shows, started with their tweens, at the animation speed given. ``out/`` is not committed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dungeon_table.ui.sound_render import listen, mix, write_wav  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "out" / "listen"
GAMES = {  # a full game each, short enough to listen to whole
    "lastdungeon": ["human"],
    "market": ["human", "bot:best", "bot:best"],
    "relic": ["human", "bot:best"],
    "dungeon": ["human", "bot:best"],
}


def render(game: str, seats: list[str], seed: int, speed: float, out: Path) -> None:
    start = time.perf_counter()
    heard = listen(game, seats, seed, speed=speed)
    write_wav(out, mix(heard.played))
    counts = Counter(p.name for p in heard.played)
    faded = sum(1 for p in heard.played if p.faded_ms is not None)
    print(f"{out}: {heard.ms / 1000:.0f} s, {heard.actions} actions"
          f"{'' if heard.finished else ' (not finished)'}, {len(heard.played)} sounds "
          f"({faded} faded): " + ", ".join(f"{n} {c}" for n, c in counts.most_common())
          + f"  [{time.perf_counter() - start:.0f} s to make]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", choices=sorted(GAMES))
    parser.add_argument("--all", action="store_true", help="every game, into out/listen/")
    parser.add_argument("--seats", help="comma-separated; the first is the listening human")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed (0: off)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if not args.all and args.game is None:
        parser.error("name a game, or --all")
    for game in sorted(GAMES) if args.all else [args.game]:
        seats = args.seats.split(",") if args.seats else GAMES[game]
        render(game, seats, args.seed, args.speed, args.out or OUT / f"{game}.wav")
    return 0


if __name__ == "__main__":
    sys.exit(main())
