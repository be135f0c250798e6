"""Records: the save format, read and written as YAML.

A save holds what is needed to rebuild a game exactly, and nothing derived::

    format: 1
    game: lastdungeon
    seed: 7
    seats: [human]
    options: {difficulty: 0}
    stack: {}
    actions:
    - {seat: 0, type: play, card: d_goblin, space: 2}

Loading replays the actions (``core.session``); this module checks the file: read with the limits
of ``core.bounded_yaml`` and validated against the schema of ``Record`` (every field's type and
range, names as setup takes them, no unknown keys). A file that fails is a ``DamagedSave``.
Writes are atomic (temp file in the same folder, then ``os.replace``), so a crash or a kill leaves
either the old save or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path
from typing import Annotated, Any

import msgspec
import yaml

from dungeon_table.core.bounded_yaml import Limits, load_yaml, read_text
from dungeon_table.core.errors import DamagedSave, FileRefused, SaveError
from dungeon_table.core.protocol import Action, to_dict

FORMAT = 1
# A 3,000-action Dungeon! game with eight heroes saves in about 150 KB; a 12 MB file held the menu
# 24 s while it was read. Saves nest four deep (actions, an action, its path).
SAVE_LIMITS = Limits("a save", max_bytes=1 << 20, max_depth=16)
NAME_CHARS = 16  # the setup's name field
MAX_SEATS = 8  # the most any game seats (Dungeon!)
MAX_ACTIONS = 50_000  # an eight-hero Dungeon! game runs to its round limit in about 3,000

Name = Annotated[str, msgspec.Meta(max_length=NAME_CHARS)]
GameId = Annotated[str, msgspec.Meta(pattern="^[a-z][a-z0-9_]{0,31}$")]
SeatKind = Annotated[str, msgspec.Meta(max_length=40)]
# ``human``, or ``bot:<level>`` (a bare ``bot`` is the strongest); the game checks the level.
_SEAT_KIND = re.compile("human|bot(:[a-z][a-z0-9_]*)?")
Seed = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
Key = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
# Seconds on a game clock: finite (the reader refuses .nan and .inf), at most about 115 days.
Clock = Annotated[float, msgspec.Meta(ge=0, le=10_000_000)]


class Record(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One game as its setup plus the actions taken, each ``{"seat": n, "type": ..., ...}``."""

    format: int = FORMAT
    game: GameId
    seed: Seed
    seats: Annotated[list[SeatKind], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]
    # display names chosen at setup (empty: "Player 1", "Bot 2"...)
    names: Annotated[list[Name], msgspec.Meta(max_length=MAX_SEATS)] = []
    options: dict[Key, Any] = {}
    stack: dict[Key, list[Any]] = {}
    # Seconds of play on a game clock (Dungeon!'s time attack): counted only while the table is on
    # screen and not paused, and kept here so the clock survives save and load.
    clock: Clock = 0.0
    actions: Annotated[list[dict[Key, Any]], msgspec.Meta(max_length=MAX_ACTIONS)] = []

    def append(self, seat: int, action: Action) -> None:
        self.actions.append(entry(seat, action))

    def entries(self) -> list[tuple[int, dict[str, Any]]]:
        """``(seat, action notation)`` for every action, in order."""
        return [split(item) for item in self.actions]

    def truncated(self, count: int) -> Record:
        """A copy holding only the first ``count`` actions."""
        return msgspec.structs.replace(self, actions=[dict(a) for a in self.actions[:count]])

    def to_yaml(self) -> str:
        return dump_yaml(self)


def entry(seat: int, action: Action) -> dict[str, Any]:
    """The notation of one recorded action: the seat first, then the action's own fields."""
    return {"seat": seat, **to_dict(action)}


def split(item: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """A recorded action back into ``(seat, action notation)``."""
    rest = dict(item)
    return rest.pop("seat"), rest


def dump_yaml(record: Record) -> str:
    """The save text: one key a line, each action on a line of its own (diffable, readable)."""
    data = msgspec.to_builtins(record)
    actions = data.pop("actions")
    if not data["clock"]:  # most games have no clock: keep their saves as they were
        del data["clock"]
    head = _dump(data, flow=None)
    if not actions:
        return head + "actions: []\n"
    lines = ["- " + (_plain_flow(a) or _dump(a, flow=True).strip()) for a in actions]
    return head + "actions:\n" + "\n".join(lines) + "\n"


# A word YAML reads back as the same string: not a bool or null of YAML 1.1, not a number.
_PLAIN_WORD = re.compile(r"[a-z][a-z0-9_]*")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null"}


def _plain_flow(action: dict[str, Any]) -> str | None:
    """The flow line ``{seat: 0, type: price, slot: 1, price: 7}`` written directly, as PyYAML
    writes it, when every value is a whole number, a bool or a plain word; else None (PyYAML then
    writes it). The autosave rewrites every action after each move, and PyYAML's writer made that
    cost grow with the square of a long game (a 600-action market game: 25 s of saving)."""
    parts = []
    for key, value in action.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int):
            text = str(value)
        elif isinstance(value, str) and _PLAIN_WORD.fullmatch(value) and value not in _YAML_WORDS:
            text = value
        else:
            return None
        if not _PLAIN_WORD.fullmatch(key) or key in _YAML_WORDS:
            return None
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


# PyYAML writes these line breaks raw inside quotes and reads them back folded: escape them.
_RAW_BREAKS = ("\x85", "\u2028", "\u2029")


def _dump(data: Any, flow: bool | None) -> str:
    """YAML with Japanese and other text as is, unless that would not read back the same."""
    style = {"sort_keys": False, "default_flow_style": flow, "width": 10_000}
    text = yaml.safe_dump(data, allow_unicode=True, **style)
    if any(c in text for c in _RAW_BREAKS):
        text = yaml.safe_dump(data, allow_unicode=False, **style)
    return text


def parse_yaml(text: str, source: str = "<save>") -> Record:
    """A save's text into a ``Record``; ``DamagedSave`` (or ``SaveError`` for a save of a newer
    version) naming ``source`` and the problem."""
    return from_data(_load(text, source), source)


def _load(text: str, source: str) -> Any:
    try:
        return load_yaml(text, source, SAVE_LIMITS)
    except FileRefused as err:
        raise damaged(source, f"{err.where()}{err.reason}") from None


def damaged(source: str, reason: str) -> DamagedSave:
    """The refusal of a damaged save: ``<file>: damaged save, <reason>``, the reason cut short
    (a file may put a megabyte where a name belongs, and the message is shown in a list)."""
    return DamagedSave(f"{source}: damaged save, {shorten(reason)}")


def shorten(text: str, limit: int = 160) -> str:
    """``text`` of at most ``limit`` characters, on one line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def from_data(data: Any, source: str = "<save>") -> Record:
    """Plain data (as loaded from YAML) into a ``Record``, checking format and schema."""
    if not isinstance(data, dict):
        raise damaged(source, "not a save: expected a mapping with game, seed, seats, actions")
    version = data.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        raise SaveError(
            f"{source}: save format {version} comes from a newer dungeon_table; "
            f"this version reads format {FORMAT}"
        )
    if "format" not in data:
        raise damaged(source, "not a save: no `format` field")
    try:
        record = msgspec.convert(data, Record)
    except msgspec.ValidationError as err:
        raise damaged(source, f"wrong shape: {err}") from None
    if record.format != FORMAT:
        raise damaged(source, f"unknown save format {record.format} (expected {FORMAT})")
    if len(record.names) > len(record.seats):
        raise damaged(source, f"{len(record.names)} names for {len(record.seats)} seats")
    for i, kind in enumerate(record.seats):
        if not _SEAT_KIND.fullmatch(kind):
            raise damaged(source, f"seats[{i}] {kind!r} is neither human nor bot:<level>")
    for i, name in enumerate(record.names):
        problem = name_problem(name)
        if problem:
            raise damaged(source, f"names[{i}] {problem}")
    for i, item in enumerate(record.actions):
        seat = item.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(record.seats):
            raise damaged(source, f"action {i} has no valid `seat`: {item}")
        if not isinstance(item.get("type"), str):
            raise damaged(source, f"action {i} has no `type`: {item}")
    return record


# Characters a name may not hold: controls (a NUL crashed text rendering), line and paragraph
# separators, lone surrogates. Setup's name field drops them as they are typed.
_NOT_IN_NAMES = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def name_problem(name: str) -> str | None:
    """Why setup's name field would not take ``name``, or None: at most 16 characters, none of
    them a control character or a line break."""
    if len(name) > NAME_CHARS:
        return f"is longer than {NAME_CHARS} characters"
    if _NOT_IN_NAMES.search(name):
        return "holds a control character or a line break"
    return None


def load_record(path: Path | str) -> Record:
    """Read a save file; ``SaveError`` if it cannot be read, ``DamagedSave`` if it is damaged."""
    path = Path(path)
    try:
        text = read_text(path, SAVE_LIMITS)
    except FileRefused as err:
        raise damaged(str(path), err.reason) from None
    except OSError as err:
        raise SaveError(f"{path}: cannot read: {err.strerror or err}") from None
    return parse_yaml(text, str(path))


def save_record(record: Record, path: Path | str) -> None:
    """Write a save atomically (the old file stays whole if anything fails)."""
    write_atomic(Path(path), record.to_yaml())


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a temp file beside ``path``, flush it to disk, then rename it over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
