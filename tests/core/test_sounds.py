"""The sounds: made by tools/make_sounds.py, the same bytes on every run, short, soft and loadable."""

from __future__ import annotations

import math
import struct
import subprocess
import sys
import warnings
import wave
from pathlib import Path

import pygame

from dungeon_table.core.assets import SOUNDS_DIR, sound_path

ROOT = Path(__file__).resolve().parents[2]
NAMES = [
    "card_draw", "card_flip", "card_place", "coins", "dice_roll", "hit", "miss", "burst", "damage",
    "level_up", "win", "lose", "click", "privacy",
]
FANFARES = {"win", "lose"}


def samples(path: Path) -> list[int]:
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050), path
        frames = wav.readframes(wav.getnframes())
    return list(struct.unpack(f"<{len(frames) // 2}h", frames))


def test_the_script_makes_exactly_the_committed_sounds(tmp_path: Path) -> None:
    """Deterministic: regenerated, every file has the same bytes as the one in assets/sounds."""
    command = [sys.executable, str(ROOT / "tools" / "make_sounds.py"), "--out", str(tmp_path)]
    subprocess.run(command, check=True, capture_output=True)
    made = {path.name: path.read_bytes() for path in tmp_path.glob("*.wav")}
    committed = {path.name: path.read_bytes() for path in SOUNDS_DIR.glob("*.wav")}
    assert sorted(made) == sorted(f"{name}.wav" for name in NAMES) == sorted(committed)
    assert [name for name in made if made[name] != committed[name]] == []


def test_every_sound_is_short_soft_and_starts_and_ends_on_silence() -> None:
    for name in NAMES:
        wav = samples(sound_path(name))
        seconds = len(wav) / 22050
        assert 0.02 < seconds <= (1.6 if name in FANFARES else 1.0), name
        peak_db = 20 * math.log10(max(abs(x) for x in wav) / 32768)
        assert -13.0 < peak_db < -5.5, f"{name}: peak {peak_db:.1f} dBFS"
        assert abs(wav[0]) < 100 and abs(wav[-1]) < 100, f"{name} starts or ends with a click"


def test_the_sounds_are_small() -> None:
    assert sum(sound_path(name).stat().st_size for name in NAMES) < 1_000_000


def test_every_sound_loads_in_the_mixer() -> None:
    """With SDL_AUDIODRIVER=dummy the mixer opens; where it cannot, the headers are read instead,
    with a warning, so the test never passes having checked nothing."""
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=1)
    except pygame.error as err:
        warnings.warn(f"no audio mixer here ({err}): checked the WAV files with wave", stacklevel=1)
        assert all(samples(sound_path(name)) for name in NAMES)
        return
    try:
        for name in NAMES:
            sound = pygame.mixer.Sound(str(sound_path(name)))
            assert abs(sound.get_length() - len(samples(sound_path(name))) / 22050) < 0.01, name
    finally:
        pygame.mixer.quit()
