"""The sounds of a table's events, started with the tweens that show them.

``EventSounds`` (one per table or replay): the sound table (``core/sound_table.py``) says which
cues an event plays; each cue is bound to the tween that shows its event, found by asking the
renderer for the tweens of ever longer prefixes of the events (how many tweens event *i* added),
so the renderers need to know nothing of sound. The ``AnimQueue`` reports when a tween starts
(its cues play, each at the tween's own stagger: the third card dealt with the third card, at the
animation's speed) and when tweens are skipped (their cues are dropped and what rings fades out).
Cues that start at one moment are one chord: each sound once, at ``CHORD_GAIN``. With animations
off a batch's sounds come ``OFF_STAGGER_MS`` apart, as a chord.

Only the events the table animates reach ``EventSounds.cue``: the list already filtered to what
the viewing seat may see, so no sound tells a seat about an event hidden from it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dungeon_table.core.errors import CardFileError
from dungeon_table.core.protocol import Event, Result
from dungeon_table.core.sound_table import OUTCOME, Cue, SoundTable, shipped_table
from dungeon_table.ui.anim import AnimQueue, Tween
from dungeon_table.ui.sound import SoundPlayer

CHORD_GAIN = 0.7
CHORD_MAX = 3  # distinct sounds in one chord at most
OFF_STAGGER_MS = 45
EACH_MS = 70  # between the repeats of an ``each`` cue the tween does not stagger itself
EACH_MAX = 6


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
