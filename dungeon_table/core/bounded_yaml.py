"""The one YAML reader for files a user can touch: saves, settings, scripts and card files.

Safe YAML with limits, so a hostile or damaged file is refused at once with its file, line and
reason instead of stopping the app (a stack overflow, ``MemoryError``, a long freeze)::

    data = read_yaml(path, SAVE_LIMITS)          # FileRefused(file, reason, line)

The limits: the file's size; how deep mappings and lists nest; no aliases (``*name``: the
"billion laughs" expands a few KB into gigabytes); numbers of at most ``number_chars`` characters
(a 5,000-digit integer takes Python's int parser past its own limit) and finite (no ``.nan``,
``.inf``); no tags beyond YAML's plain scalars; a key at most once in a mapping.

The data is built from the parser's event stream, not from its node tree: the parser is a state
machine, so nothing here recurses however deep a file nests, and a limit stops the read at the
event that breaks it. Plain scalars resolve exactly as PyYAML's ``safe_load`` resolves them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml import events as ev

from dungeon_table.core.errors import FileRefused

# libyaml's parser (in PyYAML's wheels) reads a long save about 5x faster than the pure-Python one.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Past this size a file with a YAML error is not parsed again by the pure-Python parser for its
# exact line (libyaml names the line after a file cut short): that second parse is slow.
_EXACT_LINE_BYTES = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """What one kind of file may hold. ``what`` names the kind in messages ("a save")."""

    what: str
    max_bytes: int
    max_depth: int
    number_chars: int = 20  # a 64-bit integer and its sign

    def size_text(self) -> str:
        """``16 KB``, ``1 MB``: the size limit as a message says it."""
        if self.max_bytes < 1 << 20:
            return f"{self.max_bytes // 1024} KB"
        return f"{self.max_bytes >> 20} MB"


Lines = dict[tuple[str | int, ...], int]  # field path -> 1-based line (card files' messages)

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT = _TAG + "str", _TAG + "int", _TAG + "float"
# The scalar tags ``safe_load`` constructs; others (merge keys, ``=``, application tags) are refused.
_SCALAR_TAGS = {_TAG + name for name in ("null", "bool", "int", "float", "binary", "timestamp")}
_COLLECTION_TAGS = {ev.MappingStartEvent: _TAG + "map", ev.SequenceStartEvent: _TAG + "seq"}
# Characters a double-quoted scalar can carry only as escapes ("\\0"), which nothing here writes
# and which text rendering refuses (a NUL in a name crashed the table).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_RESOLVER = yaml.resolver.Resolver()


def read_yaml(path: Path | str, limits: Limits, lines: Lines | None = None) -> Any:
    """The data of a YAML file; ``FileRefused`` naming it when it breaks ``limits`` or is not
    UTF-8 YAML. ``OSError`` (no such file, no permission) passes through: the file is not damaged.
    ``lines``, if given, is filled with the line of every key and list item."""
    return load_yaml(read_text(path, limits), str(path), limits, lines)


def read_text(path: Path | str, limits: Limits) -> str:
    """The file as text, refused unread past ``limits.max_bytes`` (a 12 MB file must not freeze
    the menu while it is read and parsed)."""
    with open(path, "rb") as handle:
        data = handle.read(limits.max_bytes + 1)
    if len(data) > limits.max_bytes:
        size = Path(path).stat().st_size
        raise FileRefused(str(path), f"{size:,} bytes, more than the {limits.size_text()} "
                                     f"{limits.what} may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileRefused(str(path), f"not UTF-8 text (byte {err.start})") from None


def load_yaml(text: str, source: str, limits: Limits, lines: Lines | None = None) -> Any:
    """``read_yaml`` for text in hand (``source`` names it in messages)."""
    if len(text) > limits.max_bytes:
        raise FileRefused(source, f"more than the {limits.size_text()} {limits.what} may have")
    try:
        return _Builder(source, limits, lines).build(yaml.parse(text, Loader=_FAST_LOADER))
    except yaml.MarkedYAMLError as err:
        raise _syntax_error(text, source, limits, err) from None
    except yaml.reader.ReaderError as err:  # a character YAML does not allow (NUL, ...)
        line = text.count("\n", 0, err.position) + 1
        raise FileRefused(source, f"bad YAML: the character #x{err.character:04x} is not "
                                  "allowed", line) from None


def _syntax_error(text: str, source: str, limits: Limits, err: yaml.MarkedYAMLError) -> FileRefused:
    """The refusal of a file libyaml could not parse, at the pure-Python parser's exact line when
    the file is small enough to parse twice quickly."""
    mark = err.problem_mark
    line = mark.line + 1 if mark else None
    reason = err.problem or err.context or "unreadable"
    if "nesting depth" in reason:  # libyaml's own limit (1000), far past ours
        return FileRefused(source, f"nested deeper than {limits.max_depth} levels", line)
    if len(text) <= _EXACT_LINE_BYTES and _FAST_LOADER is not yaml.SafeLoader:
        try:
            _Builder(source, limits, None).build(yaml.parse(text, Loader=yaml.SafeLoader))
        except yaml.MarkedYAMLError as exact:
            line = exact.problem_mark.line + 1 if exact.problem_mark else line
            reason = exact.problem or exact.context or reason
        except FileRefused as refused:  # a limit the pure-Python parser reached first
            return refused
    return FileRefused(source, f"bad YAML: {reason}", line)


class _Frame:
    """A mapping or a list being built, and for a mapping the key waiting for its value."""

    __slots__ = ("items", "key", "key_text", "path")
    NO_KEY = object()

    def __init__(self, items: dict[Any, Any] | list[Any], path: tuple[str | int, ...]) -> None:
        self.items = items
        self.key: Any = self.NO_KEY
        self.key_text = ""
        self.path = path


class _Builder:
    """Plain data from the parser's events, checking every limit as it goes."""

    def __init__(self, source: str, limits: Limits, lines: Lines | None) -> None:
        self.source = source
        self.limits = limits
        self.lines = lines
        self.stack: list[_Frame] = []
        self.root: Any = None
        self.documents = 0
        self.plain: dict[str, Any] = {}  # plain scalars seen, resolved once ("seat", "0", "move")

    def refuse(self, reason: str, event: Any) -> FileRefused:
        mark = getattr(event, "start_mark", None)
        return FileRefused(self.source, reason, mark.line + 1 if mark is not None else None)

    def build(self, stream: Any) -> Any:
        for event in stream:
            kind = type(event)
            if kind is ev.ScalarEvent:
                self.add(self.scalar(event), event, event.value)
            elif kind is ev.MappingStartEvent or kind is ev.SequenceStartEvent:
                self.open(event, {} if kind is ev.MappingStartEvent else [])
            elif kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
                frame = self.stack.pop()
                self.add(frame.items, event, "")
            elif kind is ev.AliasEvent:
                raise self.refuse(f"an alias (*{event.anchor}): aliases are not allowed in "
                                  f"{self.limits.what}", event)
            elif kind is ev.DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    raise self.refuse("more than one YAML document", event)
        return self.root

    # --- values ----------------------------------------------------------------------------
    def open(self, event: Any, items: dict[Any, Any] | list[Any]) -> None:
        if not event.implicit and event.tag not in (None, "!", _COLLECTION_TAGS[type(event)]):
            raise self.refuse(f"the tag {event.tag.replace(_TAG, '!!')} is not allowed", event)
        if self.stack and self.stack[-1].key is _Frame.NO_KEY and \
                isinstance(self.stack[-1].items, dict):
            raise self.refuse("a mapping key must be a plain value, not a list or mapping", event)
        if len(self.stack) >= self.limits.max_depth:
            raise self.refuse(f"nested deeper than {self.limits.max_depth} levels", event)
        path = self.child_path(event)
        self.stack.append(_Frame(items, path))

    def child_path(self, event: Any) -> tuple[str | int, ...]:
        """Where the value starting at ``event`` goes, noted with its line for ``lines``."""
        if self.lines is None:
            return ()
        if not self.stack:
            path: tuple[str | int, ...] = ()
        else:
            top = self.stack[-1]
            if isinstance(top.items, list):
                path = (*top.path, len(top.items))
            else:
                path = (*top.path, top.key_text)
        self.lines.setdefault(path, event.start_mark.line + 1)
        return path

    def add(self, value: Any, event: Any, text: str) -> None:
        """Put a finished value where it belongs: the root, a list, a mapping's key or value."""
        if not self.stack:
            self.root = value
            return
        top = self.stack[-1]
        if isinstance(top.items, list):
            if self.lines is not None and not isinstance(value, dict | list):
                self.child_path(event)
            top.items.append(value)
        elif top.key is _Frame.NO_KEY:
            self.add_key(top, value, event, text)
        else:
            top.items[top.key] = value
            top.key = _Frame.NO_KEY

    def add_key(self, top: _Frame, key: Any, event: Any, text: str) -> None:
        try:
            seen = key in top.items
        except TypeError:  # a set or a date-time with a bad zone: not a key
            raise self.refuse(f"the key {text!r} is not a plain value", event) from None
        if seen:
            raise self.refuse(f"the key {text!r} is given twice", event)
        top.key, top.key_text = key, text
        if self.lines is not None:
            self.lines[(*top.path, text)] = event.start_mark.line + 1

    def scalar(self, event: Any) -> Any:
        plain = event.implicit[0] and event.tag is None
        if plain and event.value in self.plain:
            return self.plain[event.value]
        tag = event.tag
        if tag is None or tag == "!":
            tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
        value = event.value if tag == _STR else self.construct(tag, event)
        if event.style == '"' and _CONTROL.search(event.value):  # only escapes make these
            raise self.refuse("a control character (such as NUL) in a text", event)
        if plain:
            self.plain[event.value] = value
        return value

    def construct(self, tag: str, event: Any) -> Any:
        if tag not in _SCALAR_TAGS:
            shown = tag.replace(_TAG, "!!")
            raise self.refuse(f"the value {event.value[:20]!r} ({shown}) is not allowed", event)
        if tag in (_INT, _FLOAT) and len(event.value) > self.limits.number_chars:
            raise self.refuse(f"a number of {len(event.value):,} characters (at most "
                              f"{self.limits.number_chars})", event)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)
        except (yaml.YAMLError, ValueError, TypeError) as err:
            raise self.refuse(f"the value {event.value[:20]!r} cannot be read: {err}",
                              event) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self.refuse(f"{event.value[:20]} is not a finite number", event)
        return value
