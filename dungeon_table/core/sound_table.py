"""Which sound each event plays: ``assets/sounds/events.yaml``, one table for every game.

Each game maps every one of its event types (by tag) to a sound, to ``silent``, or to a list of
cues; a cue may play with a later tween of the event, only when its fields say so, once per item
of a list field, or quieter::

    table = load_sound_table()
    table.cues("dungeon", AttackRolled(..., hit=True))   # [Cue("dice_roll"), Cue("hit", at=1)]

A file, not a Python mapping, for the reasons the icon table is one: the sounds are tuned by ear
by people who need not read the UI code, each problem is reported with its file, line and field
(``core.cards.load_cards``), and the same data is checked by a test against every event type of
every registered game. Pure Python (no pygame): the sound layer (``ui/sound.py``) plays what
this decides, and the tests read it without a mixer.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

import msgspec

from dungeon_table.core import registry
from dungeon_table.core.assets import SOUNDS_DIR, sound_path
from dungeon_table.core.cards import bound_words, load_cards
from dungeon_table.core.protocol import Event

SOUND_TABLE = SOUNDS_DIR / "events.yaml"
SILENT = "silent"  # an event mapped to no sound on purpose
OUTCOME = "outcome"  # win or lose: how the game ended for the players at the screen
MAX_AT = 8


class Cue(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One sound of an event. ``at``: which of the event's tweens it starts with (0 the first; a
    later one than the event has means its last). ``each``: a list field (or a count): the sound
    once per item, with the tween's own stagger (the third card dealt sounds with the third
    card). ``when`` / ``unless``: fields that must (must not) have these values. ``gain``: how
    loud against the others (1: as made)."""

    sound: str
    at: Annotated[int, msgspec.Meta(ge=0, le=MAX_AT)] = 0
    each: str = ""
    when: dict[str, Any] = {}
    unless: dict[str, Any] = {}
    gain: Annotated[float, msgspec.Meta(gt=0.0, le=1.0)] = 1.0

    def applies(self, event: Event) -> bool:
        fields = [(self.when, True), (self.unless, False)]
        return all((getattr(event, name) == value) is wanted
                   for conditions, wanted in fields for name, value in conditions.items())

    def count(self, event: Event) -> int:
        """How many times it sounds for ``event``: once, or once per item of ``each``."""
        if not self.each:
            return 1
        items = getattr(event, self.each)
        return items if isinstance(items, int) else len(items)


Entry = str | Cue | list[str | Cue]


class SoundFile(msgspec.Struct, forbid_unknown_fields=True):
    """The file: ``games.<id>.<event tag>``: a sound name, ``silent``, a cue, or a list of cues.
    Each entry is decoded on its own (``_entry``), so a problem inside one is reported at its
    own line and field (msgspec does not name a mapping's keys in its errors)."""

    games: dict[str, dict[str, Any]]


class SoundTable:
    """The file's cues by game and event tag, ready for the sound layer to look up."""

    def __init__(self, content: SoundFile) -> None:
        self._cues = {(game_id, tag): _as_cues(_entry(entry))
                      for game_id, events in content.games.items()
                      for tag, entry in events.items()}

    def merged(self, other: SoundTable) -> SoundTable:
        """This table and ``other`` (a game's own) together; a game in both is a mistake."""
        both = {game for game, _ in self._cues} & {game for game, _ in other._cues}
        if both:
            raise ValueError(f"sounds of {', '.join(sorted(both))} given twice")
        joined = SoundTable(SoundFile(games={}))
        joined._cues = {**self._cues, **other._cues}
        return joined

    def cues(self, game_id: str, event: Event) -> list[Cue]:
        """The cues ``event`` plays (none for a game or event the table does not name)."""
        tag = type(event).__struct_config__.tag
        return [cue for cue in self._cues.get((game_id, tag), ()) if cue.applies(event)]

    def mapped(self, game_id: str) -> set[str]:
        """The event tags the table names for ``game_id`` (silent ones included)."""
        return {tag for game, tag in self._cues if game == game_id}

    def sounds(self) -> set[str]:
        """Every sound file the table names."""
        return {cue.sound for cues in self._cues.values() for cue in cues} - {OUTCOME}


def _entry(data: Any) -> Entry:
    return msgspec.convert(data, Entry)  # type: ignore[arg-type]


def _as_cues(entry: Entry) -> list[Cue]:
    items = entry if isinstance(entry, list) else [entry]
    cues = [Cue(item) if isinstance(item, str) else item for item in items]
    return [cue for cue in cues if cue.sound != SILENT]


def load_sound_table(path: Path = SOUND_TABLE,
                     event_types: Mapping[str, list[type]] | None = None) -> SoundTable:
    """Load and check the table; ``CardFileError`` names the file, line and field of a sound
    with no WAV file, a game or event the game does not have, an event type the table leaves
    out, or a cue field the event has not. ``event_types``: each game's event classes (default:
    every registered game's)."""
    known = _registered_events() if event_types is None else event_types

    def check(content: SoundFile) -> list[tuple[str, str]]:
        return [problem for game_id, events in content.games.items()
                for problem in _game_problems(game_id, events, known)]

    return SoundTable(load_cards(path, SoundFile, check))


@lru_cache(maxsize=1)
def shipped_table() -> SoundTable:
    """The shipped table and every registered game's own (``<its folder>/ui/sounds.yaml``, the
    same format: a game added beside the app's brings its sounds without touching this file),
    loaded once."""
    table = load_sound_table()
    for path in own_tables():
        table = table.merged(load_sound_table(path))
    return table


def own_tables() -> list[Path]:
    """The sound tables games bring in their own folders."""
    folders = (registry.get(game_id).folder for game_id in registry.game_ids())
    return [path for folder in folders if (path := folder / "ui" / "sounds.yaml").is_file()]


def _registered_events() -> dict[str, list[type]]:
    return {game_id: list(registry.get(game_id).game_class.event_types)
            for game_id in registry.game_ids()}


def _game_problems(game_id: str, events: dict[str, Any],
                   known: Mapping[str, list[type]]) -> list[tuple[str, str]]:
    where = f"$.games.{game_id}"
    if game_id not in known:
        return [(where, f"no game {game_id!r} (games: {', '.join(sorted(known))})")]
    types = {cls.__struct_config__.tag: cls for cls in known[game_id]}
    problems = [(f"{where}.{tag}", f"{game_id} has no event {tag!r}")
                for tag in events if tag not in types]
    problems += [(where, f"the event {tag!r} has no sound: name one, or `{SILENT}`")
                 for tag in types if tag not in events]
    for tag, data in events.items():
        try:
            entry = _entry(data)
        except msgspec.ValidationError as err:
            problems.append(_schema_problem(f"{where}.{tag}", str(err), data))
            continue
        if tag in types:
            problems += _entry_problems(f"{where}.{tag}", entry, types[tag])
    return problems


def _schema_problem(where: str, message: str, data: Any) -> tuple[str, str]:
    """msgspec's "Expected `float` <= 1.0 - at `$.gain`" for the entry at ``where``, as a card
    file's problem is worded ("must be at most 1.0 (got 2)"), at the field itself."""
    text, _, inner = message.partition(" - at `$")
    at = where + inner.rstrip("`")
    return at, bound_words(text, {"entry": data}, "$.entry" + inner.rstrip("`"))


def _entry_problems(where: str, entry: Entry, event_type: type) -> list[tuple[str, str]]:
    problems = []
    items = entry if isinstance(entry, list) else [entry]
    for k, item in enumerate(items):
        at = f"{where}[{k}]" if isinstance(entry, list) else where
        cue = Cue(item) if isinstance(item, str) else item
        if cue.sound == SILENT and len(items) > 1:
            problems.append((at, f"`{SILENT}` stands alone: leave the other cues out"))
        elif cue.sound not in (SILENT, OUTCOME) and not sound_path(cue.sound).is_file():
            problems.append((at, f"no sound {cue.sound!r}: {sound_path(cue.sound)} does not exist"))
        fields = set(event_type.__struct_fields__)
        named = [("each", cue.each)] if cue.each else []
        named += [(part, name) for part in ("when", "unless") for name in getattr(cue, part)]
        problems += [(f"{at}.{part}", f"the event has no field {name!r}")
                     for part, name in named if name not in fields]
    return problems
