"""The app's sounds: the player, the settings it obeys, and the device behind it.

- ``SoundPlayer`` (one per ``App``, ``app.sound``): the settings (sound on/off, effects volume),
  the privacy screen (while it is up nothing plays but its own cue), the event sounds still
  ringing (a skipped animation fades them), and the device: ``Mixer`` (pygame's mixer) or
  ``Recorder`` (plays nothing and writes down what would have been heard: the tests, and
  ``tools/listen.py``'s WAV of a whole game). The sounds of the table's events are chosen and
  timed by ``ui/event_sounds.py``; the buttons' soft click comes through ``click()``.
- ``Mixer``: opened at the first sound, never at start-up (opening a device takes 7 ms with the
  dummy driver and 100 ms and more to fail where there is no device), and closed again after
  ``REST_MS`` without a sound, since an open device costs CPU while the table sits idle. Where
  it cannot open (no device, no driver, a failing ``pygame.mixer.init``) the app plays on in
  silence, with one quiet line on the console; the ALSA library's own complaints, which it
  writes straight to the process's stderr, are kept off the console while the device opens.
  Each sound is loaded once and kept until the device closes.

Imported at start-up (the app owns a player): it imports nothing of the sound table.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame

from dungeon_table.core.assets import sound_path

RATE = 22050  # the rate tools/make_sounds.py writes at: nothing is resampled
BUFFER = 512  # samples: 23 ms of latency
VOICES = 16
REST_MS = 20_000
FADE_MS = 60  # a skipped sound fades out this fast (a hard stop clicks)
UI_SOUND = "click"
PRIVACY_SOUND = "privacy"


# --- devices -------------------------------------------------------------------------------------
@dataclass
class Played:
    """A sound as the ``Recorder`` heard it: when it started, how loud, when it was faded."""

    at_ms: int
    name: str
    volume: float
    faded_ms: int | None = None


class Recorder:
    """A device that plays nothing and writes down what would have been heard."""

    failed: str | None = None

    def __init__(self, ticks: Callable[[], int]) -> None:
        self.ticks = ticks
        self.played: list[Played] = []

    def play(self, name: str, volume: float) -> Played:
        played = Played(self.ticks(), name, volume)
        self.played.append(played)
        return played

    def fade(self, handles: Sequence[Any], ms: int) -> None:
        for played in handles:
            if played.faded_ms is None:
                played.faded_ms = self.ticks()

    def ringing(self, handle: Any) -> bool:
        return handle.faded_ms is None

    def rest_due(self) -> int | None:
        return None

    def close(self) -> None:
        pass


class Mixer:
    """pygame's mixer: opened at the first sound, closed after ``REST_MS`` of silence."""

    def __init__(self, ticks: Callable[[], int]) -> None:
        self.ticks = ticks
        self.failed: str | None = None  # why the device did not open: it is not tried again
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._quiet_from = 0  # when the last sound started will have ended

    def play(self, name: str, volume: float) -> tuple[pygame.mixer.Channel, Any] | None:
        if not self._open():
            return None
        sound = self._sound(name)
        channel = pygame.mixer.find_channel(True)
        if sound is None or channel is None:
            return None
        channel.set_volume(volume)  # before it plays: not one buffer at full volume
        channel.play(sound)
        self._quiet_from = max(self._quiet_from,
                               self.ticks() + round(sound.get_length() * 1000))
        return channel, sound

    def fade(self, handles: Sequence[Any], ms: int) -> None:
        if not pygame.mixer.get_init():
            return
        for channel, sound in handles:
            if channel.get_sound() is sound:  # not a later sound that took the channel over
                channel.fadeout(ms)

    def ringing(self, handle: Any) -> bool:
        channel, sound = handle
        return bool(pygame.mixer.get_init()) and channel.get_sound() is sound

    def rest_due(self) -> int | None:
        """When the device may close (``REST_MS`` after the last sound ends); None: closed."""
        return self._quiet_from + REST_MS if pygame.mixer.get_init() else None

    def close(self) -> None:
        self._sounds.clear()
        if pygame.mixer.get_init():
            pygame.mixer.quit()

    def _open(self) -> bool:
        if pygame.mixer.get_init():
            return True
        if self.failed is not None:
            return False
        try:
            with _quiet_stderr():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=BUFFER)
            pygame.mixer.set_num_channels(VOICES)
        except (pygame.error, OSError) as err:
            self.failed = str(err) or type(err).__name__
            print("dungeon-table: no audio device here, playing without sound", file=sys.stderr)
            return False
        return True

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(sound_path(name)))
            except (pygame.error, FileNotFoundError):
                return None  # the table's check names every file: only a damaged install
        return self._sounds[name]


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's stderr (file descriptor 2) pointed at the null device for a moment: SDL's
    ALSA back end prints a dozen "ALSA lib ..." lines there when no card answers."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


# --- the app's sounds ------------------------------------------------------------------------------
class SoundPlayer:
    """The app's sounds: what the settings allow, the privacy screen, and what is ringing."""

    def __init__(self, settings: Callable[[], Any], ticks: Callable[[], int],
                 wake: Callable[[int], None], device: Mixer | Recorder | None = None) -> None:
        self._settings = settings
        self.ticks = ticks
        self._wake = wake  # a timer: the loop comes back to close a rested device
        self.device = device if device is not None else Mixer(ticks)
        self.covered = False  # the privacy screen is up
        self._ringing: list[Any] = []  # the event sounds, which a skip fades
        self._rest_check: int | None = None

    @property
    def enabled(self) -> bool:
        settings = self._settings()
        return bool(settings.sound) and settings.volume > 0 and self.device.failed is None

    def play(self, name: str, gain: float = 1.0, event: bool = True) -> None:
        """Play ``name`` at ``gain`` times the effects volume (refused while covered)."""
        if self.covered or not self.enabled:
            return
        self._play(name, gain, event)

    def _play(self, name: str, gain: float, event: bool) -> None:
        handle = self.device.play(name, min(1.0, gain * self._settings().volume / 100))
        if handle is None:
            return
        if event:
            self._ringing = [h for h in self._ringing if self.device.ringing(h)] + [handle]
        if self._rest_check is None:
            self._rest_check = self.ticks() + REST_MS
            self._wake(REST_MS)

    def click(self) -> None:
        """The soft UI click of a button."""
        self.play(UI_SOUND, event=False)

    def stop_events(self) -> None:
        """Fade out every event sound still ringing (an animation skipped)."""
        if self._ringing:
            self.device.fade(self._ringing, FADE_MS)
            self._ringing = []

    def cover(self, cue: bool = True) -> None:
        """The privacy screen came up: the table's sounds stop, its own soft cue plays."""
        self.stop_events()
        self.covered = True
        if cue and self.enabled:
            self._play(PRIVACY_SOUND, 1.0, event=False)

    def uncover(self) -> None:
        self.covered = False

    def settings_changed(self) -> None:
        if not self._settings().sound:
            self.stop_events()

    def update(self, now: int) -> None:
        """Close the device once it has rested (the app's loop calls this every step)."""
        if self._rest_check is None or now < self._rest_check:
            return
        due = self.device.rest_due()
        if due is None or now >= due:
            self.device.close()
            self._rest_check = None
        else:  # it sounded since: look again when it will have rested
            self._rest_check = due
            self._wake(due - now)

    def close(self) -> None:
        self._ringing = []
        self.device.close()


_current: SoundPlayer | None = None


def install(player: SoundPlayer) -> None:
    """The player the widgets' clicks go to (the app's; the mixer is one per process anyway)."""
    global _current
    _current = player


def click() -> None:
    """A button was pressed: the soft click, if an app is playing sounds."""
    if _current is not None:
        _current.click()
