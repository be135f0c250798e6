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
either the old save or the new one, never half of one. The autosave appends each action's line
instead (``append_action``): a kill then cuts at most that line short, and the loader drops a last
line cut short.
"""

from __future__ import annotations

import contextlib
import functools
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
    return head + "actions:\n" + "".join(action_line(a) for a in actions)


def action_line(action: dict[str, Any]) -> str:
    """One recorded action as its line of the save, ``- {seat: 0, type: play, card: 4}\n``: the
    same line whether the whole save is written or the autosave appends it."""
    return "- " + (_plain_flow(action) or _dump(action, flow=True).strip()) + "\n"


# Words PyYAML writes unquoted in a flow line: letters, digits, _ and -, nothing a flow collection
# treats specially. ``_plain_word`` also asks YAML's resolver, which makes 12, 1_0, yes, null and
# 2024-1-1 something other than a string.
_WORD_CHARS = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_PLAIN_KEY = re.compile(r"[a-z][a-z0-9_]*")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null"}
_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"


def _plain_flow(action: dict[str, Any]) -> str | None:
    """The flow line ``{seat: 0, type: move, path: [c1-2, c1-3]}`` written directly, as PyYAML
    writes it, when every value is a whole number, a bool, a plain word or a list of those; else
    None (PyYAML then writes it). PyYAML's writer made the autosave cost grow with the square of a
    long game (a 600-action market game: 25 s of saving; Dungeon!'s moves, which carry a path,
    211 ms an action at 1,000 actions)."""
    parts = []
    for key, value in action.items():
        if not isinstance(key, str) or not _PLAIN_KEY.fullmatch(key) or key in _YAML_WORDS:
            return None
        if isinstance(value, list):
            items = [_plain_scalar(item) for item in value]
            if None in items:
                return None
            text: str | None = "[" + ", ".join(items) + "]"  # type: ignore[arg-type]
        else:
            text = _plain_scalar(value)
        if text is None:
            return None
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def _plain_scalar(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and _plain_word(value):
        return value
    return None


@functools.lru_cache(maxsize=4096)
def _plain_word(value: str) -> bool:
    """``value`` reads back from a plain flow scalar as this very string (room ids ``1e`` and
    ``c25-20``, card ids, hero names); the same words come back in every action."""
    if not _WORD_CHARS.fullmatch(value):
        return False
    return bool(_RESOLVER.resolve(yaml.ScalarNode, value, (True, False)) == _STR_TAG)


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
    version) naming ``source`` and the problem.

    A last line without its line break is an append the autosave did not finish (the app was
    killed): when the save is refused with it and whole without it, it is dropped, so the kill
    loses that one action and nothing else."""
    try:
        return from_data(_load(text, source), source)
    except DamagedSave:
        cut = text.rfind("\n") + 1
        # Only an action's line is ever appended ("- {seat: 0, ...}"): any other last line cut
        # short is damage, and dropping it could turn a broken file into an empty game.
        if not text or text.endswith("\n") or cut == 0 or not text[cut:].startswith("-"):
            raise
        try:
            return from_data(_load(text[:cut], source), source)
        except SaveError:
            pass
        raise


def _load(text: str, source: str) -> Any:
    try:
        return _load_fast(text, source) or load_yaml(text, source, SAVE_LIMITS)
    except FileRefused as err:
        raise damaged(source, f"{err.where()}{err.reason}") from None


# The action lines ``action_line`` writes directly, read back directly: a long game's save is
# thousands of them, and the YAML parser took most of a load (3,000 Dungeon! actions: ~80 ms).
_ACTIONS_KEY = "\nactions:\n"
_ITEM = r"([a-z][a-z0-9_]*): (\[[A-Za-z0-9_, -]*\]|[A-Za-z0-9_-]+)"
_FLOW_LINE = re.compile(r"- \{" + _ITEM + "(?:, " + _ITEM + r")*\}")
_FLOW_ITEM = re.compile(_ITEM)
_WHOLE_NUMBER = re.compile(r"0|-?[1-9][0-9]{0,18}")  # as load_yaml reads it, in its size limit
_NOT_READ = object()


def _load_fast(text: str, source: str) -> dict[str, Any] | None:
    """The save's data when its actions are all lines as ``action_line`` writes them directly,
    read the way ``load_yaml`` would read them (the head by ``load_yaml`` itself); None when any
    line is not quite that (the whole text is then read by ``load_yaml``)."""
    cut = text.find(_ACTIONS_KEY)
    if cut < 0 or not text.endswith("\n"):
        return None
    actions = []
    for line in text[cut + len(_ACTIONS_KEY):-1].split("\n"):
        action = _flow_line(line)
        if action is None:
            return None
        actions.append(action)
    try:
        head = load_yaml(text[:cut + 1], source, SAVE_LIMITS)
    except FileRefused:
        return None  # the whole text's own refusal, then
    if not isinstance(head, dict) or "actions" in head:
        return None
    head["actions"] = actions
    return head


def _flow_line(line: str) -> dict[str, Any] | None:
    if not _FLOW_LINE.fullmatch(line):
        return None
    action: dict[str, Any] = {}
    for key, text in _FLOW_ITEM.findall(line[3:-1]):
        if key in action or not _plain_word(key):
            return None
        if text.startswith("["):
            words = text[1:-1].split(", ") if text != "[]" else []
            value: Any = [_flow_scalar(word) for word in words]
            if _NOT_READ in value:
                return None
        else:
            value = _flow_scalar(text)
            if value is _NOT_READ:
                return None
        action[key] = value
    return action


def _flow_scalar(word: str) -> Any:
    """A plain word back as ``load_yaml`` reads it (a string, a whole number, a bool), or
    ``_NOT_READ`` for anything else."""
    if _plain_word(word):
        return word
    if _WHOLE_NUMBER.fullmatch(word):
        return int(word)
    if word in ("true", "false"):
        return word == "true"
    return _NOT_READ


def damaged(source: str, reason: str) -> DamagedSave:
    """The refusal of a damaged save: ``<file>: damaged save, <reason>``, the reason cut short
    (a file may put a megabyte where a name belongs, and the message is shown in a list)."""
    return DamagedSave(source, shorten(reason))


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
    _check_fields(record, source)
    return record


def _check_fields(record: Record, source: str) -> None:
    """What the schema's types do not say: seat kinds, names as setup takes them, each action's
    seat and type."""
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


# Characters a name may not hold: controls (a NUL crashed text rendering), line and paragraph
# separators, lone surrogates. Setup's name field drops them as they are typed.
NOT_IN_NAMES = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def name_problem(name: str) -> str | None:
    """Why setup's name field would not take ``name``, or None: at most 16 characters, none of
    them a control character or a line break."""
    if len(name) > NAME_CHARS:
        return f"is longer than {NAME_CHARS} characters"
    if NOT_IN_NAMES.search(name):
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


def save_record(record: Record, path: Path | str) -> int:
    """Write a save atomically (the old file stays whole if anything fails); its size in bytes."""
    return write_atomic(Path(path), record.to_yaml())


def append_action(path: Path, action: dict[str, Any], size: int) -> int:
    """Add one action's line to the end of a save ``save_record`` (or this) wrote ``size`` bytes
    of, flushed to disk: the autosave's cost no longer grows with the game. ``OSError`` when the
    file is not as it was left (gone, another size): the caller then writes it whole."""
    data = action_line(action).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        if os.fstat(fd).st_size != size:
            raise OSError(f"{path} changed since it was written")
        written = os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    if written != len(data):
        raise OSError(f"{path}: only {written} of {len(data)} bytes appended")
    return size + written


def remove_leftover_temp_files(folder: Path) -> list[Path]:
    """Delete the temp files ``write_atomic`` leaves when the app is killed mid-write
    (``.autosave-market.yaml.k3j2x9.tmp``); the file itself is whole, old or new. Only safe while
    no other copy of the app writes here (``core.instance``). The files removed."""
    removed = []
    for path in folder.glob(".*.yaml.*.tmp"):
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def write_atomic(path: Path, text: str) -> int:
    """Write ``text`` to a temp file beside ``path``, flush it to disk, then rename it over; the
    size written in bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return len(data)
