"""What the sound layer costs the table: per action (finding each event's tween) and per frame.

A whole game of each game through the table (``ui/sound_render.listen``: headless, a recording
device, the first seat a human played by the best bot), timing ``EventSounds.cue`` at each action
(the renderer asked for the tweens of ever longer prefixes of the events) and the two calls the
loop makes every frame (``EventSounds.update``, ``SoundPlayer.update``)::

    python bench/sound_cost.py [--seed 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dungeon_table.ui import event_sounds, sound  # noqa: E402
from dungeon_table.ui.sound_render import listen  # noqa: E402

GAMES = {
    "lastdungeon": ["human"],
    "market": ["human", "bot:best", "bot:best", "bot:best"],
    "relic": ["human", "bot:best"],
    "dungeon": ["human", "bot:best", "bot:best", "bot:best"],
}


def timed(owner: Any, name: str, into: list[float]) -> Callable[[], None]:
    """Wrap ``owner.name`` to add each call's milliseconds to ``into``; returns the undo."""
    real = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            into.append((time.perf_counter() - start) * 1000)

    setattr(owner, name, wrapper)
    return lambda: setattr(owner, name, real)


def spread(ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, round(len(ms) * 0.99))]
    return f"median {statistics.median(ms) * 1000:.1f} µs, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    for game, seats in GAMES.items():
        cues: list[float] = []
        frames: list[float] = []
        undo = [timed(event_sounds.EventSounds, "cue", cues),
                timed(event_sounds.EventSounds, "update", frames),
                timed(sound.SoundPlayer, "update", frames)]
        heard = listen(game, seats, args.seed)
        for restore in undo:
            restore()
        who = f"{len(seats)} seat" + ("s" if len(seats) > 1 else "")
        print(f"{game} ({who}, {heard.actions} actions, {len(heard.played)} sounds): "
              f"cue an action {spread(cues)}; each of the loop's two calls a frame "
              f"{spread(frames)}")


if __name__ == "__main__":
    main()
