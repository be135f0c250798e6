"""What a whole game sounds like, without a window or a sound card: for ears and for tests.

``listen(game_id, ...)`` plays a game through the real table (``TableScene``) on a headless app
whose clock is simulated: one human seat, played by the strongest bot after a pause to think as
a player would, the others bots. The app's sound device is a ``Recorder``, so every sound the
table would have started is written down with its time, its volume and when a skip faded it;
``mix`` lays the sounds' samples at those times into one track, and ``write_wav`` saves it
(``tools/listen.py``)::

    heard = listen("market", ["human", "bot:best", "bot:best"], seed=7)
    write_wav(Path("out/listen/market.wav"), mix(heard.played))
"""

from __future__ import annotations

import array
import os
import struct
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from dungeon_table.core import registry
from dungeon_table.core.assets import sound_path
from dungeon_table.core.session import Session
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.sound import FADE_MS, RATE, Played, Recorder
from dungeon_table.ui.table import TableScene

FRAME_MS = 16  # the clock's step while something moves (the loop's 60 frames a second)
THINK_MS = 900  # the human seat's pause before it acts, once the table has settled
TAIL_MS = 2500  # kept after the last action: the last sounds ring out


@dataclass
class Heard:
    played: list[Played]
    actions: int
    ms: int
    finished: bool


class _Unseen(App):
    """An app that draws nothing: what is heard does not depend on the frames (a tenth of the
    time: drawing is nine tenths of a headless game)."""

    def draw(self) -> None:
        self._dirty = False


class _Clock:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


def listen(game_id: str, seats: list[str], seed: int, options: dict[str, Any] | None = None,
           speed: float = 1.0, lang: str = "en", max_actions: int = 5000,
           size: tuple[int, int] = (1280, 720), draw: bool = False) -> Heard:
    """Play a game through the table and write down what would have been heard (``draw``: draw
    every frame too, as the window would)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))  # convert() needs a display format, even a dummy one
    clock = _Clock()
    app = (App if draw else _Unseen)(surface=pygame.Surface(size), settings=Settings(lang=lang, anim_speed=speed),
              ticks=clock)
    recorder = Recorder(clock)
    app.sound.device = recorder
    session = Session.new(game_id, seats, seed, options or {})
    scene = TableScene(app, session, seats)
    app.push(scene)
    human = registry.get(game_id).make_bot("best", seed)
    settled_at: int | None = None
    while len(session.steps) < max_actions and session.game.result() is None:
        animating = app.step([])
        if app.top is not scene:  # only a privacy screen or a menu: not with one human
            break
        if scene.ui.legal and not animating and not scene.anim.busy:
            settled_at = clock.ms if settled_at is None else settled_at
            if clock.ms - settled_at >= THINK_MS:
                seat = scene.viewer
                scene.act(seat, human.choose(scene.view, scene.ui.legal))
                settled_at = None
        clock.ms += FRAME_MS
    last = clock.ms + 60_000
    while (app.step([]) or scene.sounds.busy) and clock.ms < last:  # the last animations
        clock.ms += FRAME_MS
    end = clock.ms + TAIL_MS
    while clock.ms < end:
        app.step([])
        clock.ms += FRAME_MS
    return Heard(recorder.played, len(session.steps), clock.ms, session.game.result() is not None)


# --- the track ------------------------------------------------------------------------------------
_SAMPLES: dict[str, array.array] = {}


def samples(name: str) -> array.array:
    """A sound's samples as floats in -1..1 (read once)."""
    if name not in _SAMPLES:
        with wave.open(str(sound_path(name)), "rb") as wav:
            frames = wav.readframes(wav.getnframes())
        _SAMPLES[name] = array.array("f", (x / 32768 for x in
                                           struct.unpack(f"<{len(frames) // 2}h", frames)))
    return _SAMPLES[name]


def mix(played: list[Played]) -> array.array:
    """Every sound laid in at its start and volume, cut with a short fade where it was faded."""
    if not played:
        return array.array("f")
    end = max(p.at_ms * RATE // 1000 + len(samples(p.name)) for p in played)
    track = array.array("f", bytes(4 * end))
    fade = FADE_MS * RATE // 1000
    for p in played:
        wav, start = samples(p.name), p.at_ms * RATE // 1000
        stop = len(wav) if p.faded_ms is None else min(len(wav),
                                                       (p.faded_ms - p.at_ms) * RATE // 1000 + fade)
        cut = len(wav) if p.faded_ms is None else stop - fade
        for i in range(stop):
            ramp = 1.0 if i < cut else (stop - i) / fade
            track[start + i] += wav[i] * p.volume * ramp
    return track


def write_wav(path: Path, track: array.array) -> None:
    """16-bit mono at the sounds' own rate, clipped (the mix of a chord may pass full scale)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pcm = array.array("h", (max(-32768, min(32767, round(x * 32767))) for x in track))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
