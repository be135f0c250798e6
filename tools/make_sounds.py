"""Synthesise the table's sounds into ``assets/sounds/`` with the standard library alone.

    python tools/make_sounds.py                 # writes assets/sounds/*.wav
    python tools/make_sounds.py --out /tmp/snd  # somewhere else, to listen before keeping

Each sound is a short recipe below: tones with bell or pluck envelopes, and filtered noise from a
seeded ``random.Random``, so a rerun gives the same bytes. Every file is 16-bit mono at 22,050 Hz,
faded in and out so it starts and ends on silence, and scaled to a peak of ``PEAK_DB`` (-6 dBFS;
the UI click quieter). Tune a recipe, rerun, listen.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK_DB = -6.0
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
TAU = 2 * math.pi

Track = list[float]


# --- the kit ----------------------------------------------------------------------------------

def silence(seconds: float) -> Track:
    return [0.0] * int(seconds * RATE)


def tone(freq: float | Callable[[float], float], seconds: float, partials: tuple[float, ...] = (1.0,),
         ratios: tuple[float, ...] | None = None) -> Track:
    """A tone whose pitch may glide (``freq`` a function of time); ``partials`` are the amplitudes
    of the harmonics (or of ``ratios`` times the pitch, for a bell's inharmonic ones)."""
    ratios = ratios or tuple(float(n) for n in range(1, len(partials) + 1))
    pitch = freq if callable(freq) else (lambda _t, f=freq: f)
    phase, out = 0.0, []
    for i in range(int(seconds * RATE)):
        phase += TAU * pitch(i / RATE) / RATE
        out.append(sum(a * math.sin(phase * r) for a, r in zip(partials, ratios, strict=True)))
    return out


def noise(seconds: float, rng: random.Random) -> Track:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(track: Track, cutoff: float | Callable[[float], float]) -> Track:
    """A one-pole low-pass; ``cutoff`` (Hz) may move with time, for a sweep."""
    at = cutoff if callable(cutoff) else (lambda _t, c=cutoff: c)
    out, y = [], 0.0
    for i, x in enumerate(track):
        k = 1.0 - math.exp(-TAU * at(i / RATE) / RATE)
        y += k * (x - y)
        out.append(y)
    return out


def highpass(track: Track, cutoff: float) -> Track:
    return [x - y for x, y in zip(track, lowpass(track, cutoff), strict=True)]


def band(track: Track, low: float, high: float | Callable[[float], float]) -> Track:
    """What lies between ``low`` and ``high`` Hz (``high`` may move with time)."""
    return highpass(lowpass(track, high), low)


def shape(track: Track, attack: float, decay: float, release: float = 0.012) -> Track:
    """A quick rise (``attack`` s), an exponential fall (``decay``: s to fall by 1/e), and a
    ``release`` that brings the last moments to silence, so a note never stops with a click."""
    n, tail = len(track), max(int(release * RATE), 1)
    out = []
    for i, x in enumerate(track):
        t = i / RATE
        rise = 0.5 - 0.5 * math.cos(math.pi * min(t / attack, 1.0)) if attack > 0 else 1.0
        end = 0.5 - 0.5 * math.cos(math.pi * min((n - 1 - i) / tail, 1.0))
        out.append(x * rise * end * math.exp(-max(t - attack, 0.0) / decay))
    return out


def gain(track: Track, amount: float) -> Track:
    return [x * amount for x in track]


def mix(length: float, *parts: tuple[float, Track]) -> Track:
    """``parts`` (start in s, track) laid over ``length`` seconds of silence."""
    out = silence(length)
    for start, track in parts:
        offset = int(start * RATE)
        for i, x in enumerate(track[: max(len(out) - offset, 0)]):
            out[offset + i] += x
    return out


def finish(track: Track, peak_db: float = PEAK_DB, fade: float = 0.01) -> list[int]:
    """Faded at both ends (no click), scaled to ``peak_db``, as 16-bit samples."""
    n, edge = len(track), max(int(fade * RATE), 1)
    faded = [
        x * min(1.0, 0.5 - 0.5 * math.cos(math.pi * min(i, n - 1 - i) / edge)) for i, x in enumerate(track)
    ]
    top = max(abs(x) for x in faded) or 1.0
    scale = 32767 * 10 ** (peak_db / 20) / top
    return [round(x * scale) for x in faded]


def note(name: str) -> float:
    """``"C5"`` -> its frequency (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "Eb": -6, "E": -5, "F": -4, "G": -2, "Ab": -1, "A": 0, "Bb": 1, "B": 2}
    return 440.0 * 2 ** ((steps[name[:-1]] + 12 * (int(name[-1]) - 4)) / 12)


def bell(freq: float, seconds: float, decay: float) -> Track:
    """A soft struck bell: a few inharmonic partials, the high ones dying first."""
    body = shape(tone(freq, seconds, (1.0, 0.5, 0.25), (1.0, 2.0, 3.01)), 0.004, decay)
    shimmer = shape(tone(freq, seconds, (0.3, 0.15), (4.2, 5.4)), 0.002, decay / 4)
    return [a + b for a, b in zip(body, shimmer, strict=True)]


def pluck(freq: float, seconds: float, decay: float = 0.25) -> Track:
    """A warm plucked or brass-like note: rich harmonics, the upper ones fading faster."""
    return shape(tone(freq, seconds, (1.0, 0.45, 0.25, 0.12, 0.06)), 0.012, decay)


def swish(seconds: float, rng: random.Random, low: float, high: float, rising: bool = True) -> Track:
    """Noise swept through a band (a card sliding, air moving)."""
    def sweep(t: float) -> float:
        x = t / seconds if rising else 1.0 - t / seconds
        return low + (high - low) * x

    body = band(noise(seconds, rng), 300.0, sweep)
    return [x * math.sin(math.pi * i / len(body)) ** 2 for i, x in enumerate(body)]


def thump(freq: float, seconds: float, drop: float = 0.5) -> Track:
    """A soft low knock whose pitch falls by ``drop`` (a card or a die landing)."""
    glide = lambda t: freq * (1.0 - drop * min(t / seconds, 1.0))  # noqa: E731
    return shape(tone(glide, seconds, (1.0, 0.3)), 0.002, seconds / 4)


# --- the sounds -------------------------------------------------------------------------------

def card_draw(rng: random.Random) -> Track:
    return mix(0.22, (0.0, swish(0.2, rng, 1500.0, 5000.0)))


def card_flip(rng: random.Random) -> Track:
    snap = lambda: shape(band(noise(0.05, rng), 1200.0, 5000.0), 0.001, 0.008)  # noqa: E731
    return mix(0.14, (0.0, swish(0.09, rng, 2500.0, 6000.0)), (0.07, snap()))


def card_place(rng: random.Random) -> Track:
    tap = shape(band(noise(0.06, rng), 400.0, 2500.0), 0.001, 0.012)
    return mix(0.16, (0.0, thump(150.0, 0.15, 0.3)), (0.0, gain(tap, 0.6)))


def coins(rng: random.Random) -> Track:
    pings = []
    for n in range(5):
        start = n * 0.07 + rng.uniform(0.0, 0.03)
        pitch = rng.uniform(2300.0, 3000.0)
        ping = shape(tone(pitch, 0.3, (1.0, 0.6, 0.35), (1.0, 1.48, 2.33)), 0.001, 0.06)
        pings.append((start, gain(ping, rng.uniform(0.6, 1.0))))
    return mix(0.62, *pings)


def dice_roll(rng: random.Random) -> Track:
    knocks, t = [], 0.0
    while t < 0.5:
        click = shape(band(noise(0.03, rng), 600.0, rng.uniform(2500.0, 4500.0)), 0.001, 0.006)
        knocks.append((t, gain(click, rng.uniform(0.5, 1.0))))
        t += rng.uniform(0.018, 0.035) + t * 0.12  # the rattle slows as the dice settle
    knocks += [(0.52, gain(thump(220.0, 0.1, 0.3), 0.5)), (0.6, gain(thump(240.0, 0.08, 0.3), 0.3))]
    return mix(0.72, *knocks)


def hit(rng: random.Random) -> Track:
    body = thump(170.0, 0.24, 0.65)
    crack = shape(lowpass(noise(0.12, rng), 3500.0), 0.001, 0.025)
    return mix(0.26, (0.0, body), (0.0, gain(crack, 0.8)))


def miss(rng: random.Random) -> Track:
    return mix(0.34, (0.0, gain(swish(0.32, rng, 600.0, 2600.0, rising=False), 1.0)))


def burst(rng: random.Random) -> Track:
    blast = shape(lowpass(noise(0.7, rng), lambda t: 2400.0 * math.exp(-t * 5) + 150.0), 0.004, 0.18)
    fall = shape(tone(lambda t: 330.0 * 2 ** (-t * 2.5), 0.6, (1.0, 0.5, 0.3)), 0.01, 0.2)
    return mix(0.72, (0.0, blast), (0.02, gain(fall, 0.5)))


def damage(rng: random.Random) -> Track:
    wobble = lambda t: 200.0 * (1 - 0.4 * t / 0.36) * (1 + 0.03 * math.sin(TAU * 18 * t))  # noqa: E731
    groan = shape(tone(wobble, 0.36, (1.0, 0.5, 0.33, 0.2)), 0.006, 0.14)
    thud = shape(lowpass(noise(0.08, rng), 900.0), 0.001, 0.02)
    return mix(0.38, (0.0, groan), (0.0, gain(thud, 1.5)))


def level_up(rng: random.Random) -> Track:
    notes = ["C5", "E5", "G5", "C6"]
    return mix(0.8, *((i * 0.08, gain(bell(note(n), 0.5, 0.16), 0.8)) for i, n in enumerate(notes)))


def win(rng: random.Random) -> Track:
    line = [(0.0, "C4", 0.14), (0.15, "E4", 0.14), (0.3, "G4", 0.14), (0.45, "C5", 0.9)]
    chord = [(0.45, name, 0.9) for name in ("E4", "G4")]
    parts = [(start, pluck(note(name), length, 0.35)) for start, name, length in line + chord]
    return mix(1.45, *parts, (0.45, gain(bell(note("C6"), 0.9, 0.3), 0.3)))


def lose(rng: random.Random) -> Track:
    line = [(0.0, "G4", 0.32), (0.34, "Eb4", 0.32), (0.68, "C4", 0.8)]
    parts = [(start, pluck(note(name), length, 0.3)) for start, name, length in line]
    return mix(1.5, *parts, (0.68, gain(pluck(note("C3"), 0.8, 0.35), 0.6)))


def click(rng: random.Random) -> Track:
    return mix(0.04, (0.0, shape(tone(1900.0, 0.035, (1.0, 0.3)), 0.0015, 0.006)))


def privacy(rng: random.Random) -> Track:
    air = gain(swish(0.5, rng, 500.0, 2200.0), 0.5)
    chime = [(0.22, gain(bell(note("A5"), 0.6, 0.18), 0.5)), (0.34, gain(bell(note("E6"), 0.55, 0.16), 0.4))]
    return mix(0.92, (0.0, air), *chime)


# name -> (recipe, peak dBFS)
SOUNDS: dict[str, tuple[Callable[[random.Random], Track], float]] = {
    "card_draw": (card_draw, PEAK_DB),
    "card_flip": (card_flip, PEAK_DB),
    "card_place": (card_place, PEAK_DB),
    "coins": (coins, PEAK_DB),
    "dice_roll": (dice_roll, PEAK_DB),
    "hit": (hit, PEAK_DB),
    "miss": (miss, PEAK_DB),
    "burst": (burst, PEAK_DB),
    "damage": (damage, PEAK_DB),
    "level_up": (level_up, PEAK_DB),
    "win": (win, PEAK_DB),
    "lose": (lose, PEAK_DB),
    "click": (click, -12.0),
    "privacy": (privacy, PEAK_DB),
}


def write_wav(path: Path, samples: list[int]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def make(out: Path) -> list[Path]:
    """Write every sound into ``out`` (and remove a WAV no recipe makes any more)."""
    out.mkdir(parents=True, exist_ok=True)
    for stale in set(out.glob("*.wav")) - {out / f"{name}.wav" for name in SOUNDS}:
        stale.unlink()
    written = []
    for name, (recipe, peak) in SOUNDS.items():
        rng = random.Random(zlib.crc32(name.encode()))  # its own seed: tuning one keeps the rest
        write_wav(out / f"{name}.wav", finish(recipe(rng), peak))
        written.append(out / f"{name}.wav")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    files = make(args.out)
    total = sum(path.stat().st_size for path in files)
    print(f"{len(files)} sounds, {total / 1024:.0f} KiB, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
