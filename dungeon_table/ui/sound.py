"""The sound layer, beside the animation layer: each event's sound starts with the tween showing it.

Three parts:

- ``SoundPlayer`` (one per ``App``, ``app.sound``): the settings (sound on/off, effects volume),
  the privacy screen (while it is up nothing plays but its own cue), what is ringing, and the
  device behind it: ``Mixer`` (pygame's mixer) or ``Recorder`` (plays nothing and writes down
  what would have been heard: the tests, and ``tools/listen.py``'s WAV of a whole game).
- ``Mixer``: opened at the first sound, never at start-up (opening a device takes 7 ms with the
  dummy driver and 100 ms and more to fail where there is no device), and closed again after
  ``REST_MS`` without a sound, since an open device costs CPU while the table sits idle. Where
  it cannot open (no device, no driver, a failing ``pygame.mixer.init``) the app plays on in
  silence, with one quiet line on the console; the ALSA library's own complaints, which it
  writes straight to the process's stderr, are kept off the console while the device opens.
  Each sound is loaded once and kept until the device closes.
- ``EventSounds`` (one per table or replay): the sound table (``core/sound_table.py``) says
  which cues an event plays; each cue is bound to the tween that shows its event, found by
  asking the renderer for the tweens of ever longer prefixes of the events (how many tweens
  event *i* added), so the renderers need to know nothing of sound. The ``AnimQueue`` reports
  when a tween starts (its cues play, each at the tween's own stagger: the third card dealt
  with the third card, at the animation's speed) and when tweens are skipped (their cues are
  dropped and what rings fades out). Cues that start at one moment are one chord: each sound
  once, at ``CHORD_GAIN``. With animations off a batch's sounds come ``OFF_STAGGER_MS`` apart,
  as a chord.

Only the events the table animates reach ``EventSounds.cue``: the list already filtered to what
the viewing seat may see, so no sound tells a seat about an event hidden from it.
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
from dungeon_table.core.errors import CardFileError
from dungeon_table.core.protocol import Event, Result
from dungeon_table.core.sound_table import OUTCOME, Cue, SoundTable, shipped_table
from dungeon_table.ui.anim import AnimQueue, Tween

RATE = 22050  # the rate tools/make_sounds.py writes at: nothing is resampled
BUFFER = 512  # samples: 23 ms of latency
VOICES = 16
REST_MS = 20_000
FADE_MS = 60  # a skipped sound fades out this fast (a hard stop clicks)
CHORD_GAIN = 0.7
CHORD_MAX = 3  # distinct sounds in one chord at most
OFF_STAGGER_MS = 45
EACH_MS = 70  # between the repeats of an ``each`` cue the tween does not stagger itself
EACH_MAX = 6
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


def outcome_sound(result: Result | None, listeners: Sequence[int]) -> str:
    """``win`` when a seat at the screen is among the winners (or only bots play), else ``lose``."""
    if result is None or not listeners:
        return "win"
    return "win" if any(seat in result.winners for seat in listeners) else "lose"


# --- one table's event sounds ----------------------------------------------------------------------
@dataclass
class _Bound:
    tween: Tween
    cues: list[tuple[float, str, float]]  # (ms into the tween at speed 1, sound, gain)


class EventSounds:
    """The sounds of one table's events, started with the tweens that show them."""

    def __init__(self, player: SoundPlayer, renderer: Any, anim: AnimQueue, game_id: str,
                 table: SoundTable | None = None) -> None:
        self.player = player
        self.renderer = renderer
        self.anim = anim
        self.game_id = game_id
        self._table = table
        self._bound: dict[int, _Bound] = {}  # id(tween): its cues; the tween is kept alive
        self._due: list[tuple[int, str, float]] = []  # (ms, sound, gain), soonest first
        anim.on_start = self._started
        anim.on_drop = self._dropped

    @property
    def busy(self) -> bool:
        """Sounds still to start (the loop keeps stepping for them)."""
        return bool(self._due)

    def cue(self, events: list[Event], tweens: list[Tween], before: Any, after: Any,
            result: Result | None = None, listeners: Sequence[int] = ()) -> None:
        """Bind the sounds of ``events`` (what the viewer may see, as animated) to ``tweens``,
        the renderer's animations of them, just queued."""
        table = self._sound_table() if self.player.enabled else None
        if table is None:
            return
        outcome = outcome_sound(result, listeners)
        wanted = [(i, cue) for i, e in enumerate(events) for cue in table.cues(self.game_id, e)]
        if not wanted:
            return
        playing = [k for k, tween in enumerate(tweens) if tween.duration > 0]
        if self.anim.speed <= 0 or not playing:
            self._chord([(cue.sound, cue.gain) for _, cue in wanted], outcome)
            return
        shown = self._shown_by(events, tweens, before, after, {i for i, _ in wanted})
        for i, cue in wanted:
            first, count = shown[i]
            k = _playing_at(playing, first + min(cue.at, count - 1))
            self._bind(tweens[k], cue, events[i], outcome)

    def update(self, now: int) -> None:
        """Start the sounds that are due: those due together as one chord."""
        if not self._due or self._due[0][0] > now:
            return
        chord = [(name, gain) for at, name, gain in self._due if at <= now]
        self._due = [item for item in self._due if item[0] > now]
        for name, gain in _chord(chord):
            self.player.play(name, gain)

    # --- binding -----------------------------------------------------------------------------------
    def _sound_table(self) -> SoundTable | None:
        if self._table is None:
            self._table = _shipped()
        return self._table

    def _shown_by(self, events: list[Event], tweens: list[Tween], before: Any, after: Any,
                  wanted: set[int]) -> dict[int, tuple[int, int]]:
        """Event index -> (its first tween, how many): the tweens event *i* adds to those of
        the events before it. An event that adds none was drawn into an earlier one's tweens
        (the damage numbers of one fight), or has no tween: then it sounds with the next."""
        counts = [0]
        for i in range(1, max(wanted) + 2):
            counts.append(len(tweens) if i == len(events) else
                          len(self.renderer.animations(events[:i], before, after)))
        shown: dict[int, tuple[int, int]] = {}
        group = (0, 1)
        for i in range(max(wanted) + 1):
            added = counts[i + 1] - counts[i]
            if added > 0:
                group = (counts[i], added)
                shown[i] = group
            elif i in wanted:
                alone = len(self.renderer.animations([events[i]], before, after))
                shown[i] = group if alone else (min(counts[i], len(tweens) - 1), 1)
        return shown

    def _bind(self, tween: Tween, cue: Cue, event: Event, outcome: str) -> None:
        sound = outcome if cue.sound == OUTCOME else cue.sound
        starts = _part_starts(tween)
        times = [starts[k] if k < len(starts) else starts[-1] + (k - len(starts) + 1) * EACH_MS
                 for k in range(min(cue.count(event), EACH_MAX))]
        bound = self._bound.setdefault(id(tween), _Bound(tween, []))
        bound.cues += [(ms, sound, cue.gain) for ms in times]

    def _chord(self, sounds: list[tuple[str, float]], outcome: str) -> None:
        """Animations off: the batch's sounds as one chord, a little spread out."""
        named = [(outcome if name == OUTCOME else name, gain) for name, gain in sounds]
        now = self.player.ticks()  # played from the next frame: a skip in this one drops them
        for k, (name, gain) in enumerate(_chord(named)):
            self._due.append((now + k * OFF_STAGGER_MS, name, gain))

    # --- the animation queue's hooks ---------------------------------------------------------------
    def _started(self, tween: Tween, now: float) -> None:
        bound = self._bound.pop(id(tween), None)
        if bound is None or bound.tween is not tween:
            return
        speed = max(self.anim.speed, 0.01)
        self._due += [(round(now + ms / speed), name, gain) for ms, name, gain in bound.cues]
        self._due.sort(key=lambda item: item[0])
        self.update(round(now))

    def _dropped(self, tweens: list[Tween]) -> None:
        """Tweens skipped (a click, Space, input that acts now): their sounds go too."""
        for tween in tweens:
            self._bound.pop(id(tween), None)
        self._due = []
        self.player.stop_events()


def _chord(sounds: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Sounds starting at one moment: each once, at its loudest; several at ``CHORD_GAIN``."""
    loudest: dict[str, float] = {}
    for name, gain in sounds:
        loudest[name] = max(gain, loudest.get(name, 0.0))
    scale = CHORD_GAIN if len(sounds) > 1 else 1.0
    return [(name, gain * scale) for name, gain in list(loudest.items())[:CHORD_MAX]]


def _part_starts(tween: Tween) -> list[float]:
    """When the parts of a tween set off, in ms at speed 1: the cards of one deal one after
    another (their ``delay``), or just its start."""
    parts = getattr(tween, "parts", None) or (tween,)
    return sorted({float(getattr(part, "delay", 0.0)) for part in parts})


def _playing_at(playing: list[int], k: int) -> int:
    """The first tween from ``k`` on that the queue plays (one of no length never starts),
    else the last that it plays."""
    return next((j for j in playing if j >= k), playing[-1])


_table_failed = False


def _shipped() -> SoundTable | None:
    """The shipped sound table; a broken one silences the events (said once) and stops nothing."""
    global _table_failed
    if _table_failed:
        return None
    try:
        return shipped_table()
    except CardFileError as err:
        _table_failed = True
        print(f"dungeon-table: no event sounds: {err}", file=sys.stderr)
        return None
