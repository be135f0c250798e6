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

Loading replays the actions (``core.session``); this module only checks the file's shape.
Writes are atomic (temp file in the same folder, then ``os.replace``), so a crash or a kill leaves
either the old save or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import msgspec
import yaml

from dungeon_table.core.errors import SaveError
from dungeon_table.core.protocol import Action, to_dict

FORMAT = 1


class Record(msgspec.Struct, kw_only=True):
    """One game as its setup plus the actions taken, each ``{"seat": n, "type": ..., ...}``."""

    format: int = FORMAT
    game: str
    seed: int
    seats: list[str]
    names: list[str] = []  # display names chosen at setup (empty: "Player 1", "Bot 2"...)
    options: dict[str, Any] = {}
    stack: dict[str, list[Any]] = {}
    # Seconds of play on a game clock (Dungeon!'s time attack): counted only while the table is on
    # screen and not paused, and kept here so the clock survives save and load.
    clock: float = 0.0
    actions: list[dict[str, Any]] = []

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
# libyaml's loader (shipped in PyYAML's wheels) reads a long save ~10x faster than the pure-Python
# one; Load replays every listed save, so it is what keeps that screen quick.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_yaml(text: str) -> Any:
    """Fast libyaml parse; on an error, the pure-Python parser's message, whose line is exact
    (libyaml names the line after a file cut short)."""
    try:
        return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError:
        return yaml.safe_load(text)


def _dump(data: Any, flow: bool | None) -> str:
    """YAML with Japanese and other text as is, unless that would not read back the same."""
    style = {"sort_keys": False, "default_flow_style": flow, "width": 10_000}
    text = yaml.safe_dump(data, allow_unicode=True, **style)
    if any(c in text for c in _RAW_BREAKS):
        text = yaml.safe_dump(data, allow_unicode=False, **style)
    return text


def parse_yaml(text: str, source: str = "<save>") -> Record:
    """A save's text into a ``Record``; ``SaveError`` naming ``source`` and the problem."""
    try:
        data = _load_yaml(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        reason = getattr(err, "problem", None) or "unreadable"
        raise SaveError(f"{source}: damaged save, bad YAML{where}: {reason}") from None
    return from_data(data, source)


def from_data(data: Any, source: str = "<save>") -> Record:
    """Plain data (as loaded from YAML) into a ``Record``, checking format and shape."""
    if not isinstance(data, dict):
        raise SaveError(f"{source}: not a save: expected a mapping with game, seed, seats, actions")
    version = data.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        raise SaveError(
            f"{source}: save format {version} comes from a newer dungeon_table; "
            f"this version reads format {FORMAT}"
        )
    if "format" not in data:
        raise SaveError(f"{source}: not a save: no `format` field")
    try:
        record = msgspec.convert(data, Record)
    except msgspec.ValidationError as err:
        raise SaveError(f"{source}: wrong shape: {err}") from None
    if record.format != FORMAT:
        raise SaveError(f"{source}: unknown save format {record.format} (expected {FORMAT})")
    for i, item in enumerate(record.actions):
        seat = item.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(record.seats):
            raise SaveError(f"{source}: action {i} has no valid `seat`: {item}")
        if not isinstance(item.get("type"), str):
            raise SaveError(f"{source}: action {i} has no `type`: {item}")
    return record


def load_record(path: Path | str) -> Record:
    """Read a save file; ``SaveError`` if it cannot be read or is not a valid save."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{path}: cannot read: {err}") from None
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
