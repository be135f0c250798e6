"""Loading card files: bounded safe YAML (``core.bounded_yaml``), validated against a game's
msgspec schema, errors with lines.

Every problem names the file, the line and the field path (``$.adventurers[3].power``), so a card
author can go straight to it::

    content = load_cards(Path("cards/lastdungeon.yaml"), LastDungeonCards, check=cross_check)

``check`` is the game's own pass over the decoded content (unknown card ids, counts that must
match); it returns ``(path, message)`` pairs, which are given lines the same way. Every card's
``icon`` field (``core.icon_names.Icon``) is checked here for every game: an icon with no SVG in
``assets/icons/`` is a problem at its line. A number's range
belongs in the schema (``Annotated[int, msgspec.Meta(ge=0, le=50)]``): msgspec refuses it at
decode, worded here as "must be at least 0 (got -15)".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from dungeon_table.core.bounded_yaml import Limits, Lines, load_yaml, read_text
from dungeon_table.core.errors import CardFileError, FileRefused, Problem
from dungeon_table.core.icon_names import icon_problems

T = TypeVar("T")
Check = Callable[[Any], list[tuple[str, str]]]


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player-facing text of a card file, in both languages (every game's schema uses it)."""

    en: str
    ja: str


def _cards_dir() -> Path:
    """``cards/`` of the source tree (also an editable install), else the copy that an installed
    package carries as ``dungeon_table/_cards`` (mapped in pyproject.toml)."""
    installed = Path(__file__).resolve().parents[1] / "_cards"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "cards"


CARDS_DIR = _cards_dir()
# The largest card file (market.yaml) is 16 KB and nests six deep.
CARD_LIMITS = Limits("a card file", max_bytes=1 << 20, max_depth=32)

_PATH_TOKEN = re.compile(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]")
_UNKNOWN_FIELD = re.compile(r"^Object contains unknown field `([^`]+)`$")
_MSGSPEC_AT = re.compile(r"^(?P<msg>.*?)(?: - at `(?P<path>\$[^`]*)`)?$", re.S)
_BOUND = re.compile(r"^Expected `(?:int|float)` (?P<op>>=|<=) (?P<limit>-?[\d.]+)$")


def parse_path(path: str) -> list[str | int]:
    """``$.adventurers[3].power`` -> ``["adventurers", 3, "power"]``."""
    return [key if key else int(index) for key, index in _PATH_TOKEN.findall(path)]


def line_index(text: str) -> Lines:
    """Every mapping key and sequence item in a YAML text, by path, to its 1-based line
    (``FileRefused`` if the text breaks the card files' limits)."""
    lines: Lines = {}
    load_yaml(text, "<text>", CARD_LIMITS, lines)
    return lines


def line_of(lines: Lines, path: str) -> int | None:
    """The line of the deepest part of ``path`` that exists in the file."""
    parts = tuple(parse_path(path))
    while parts:
        if parts in lines:
            return lines[parts]
        parts = parts[:-1]
    return lines.get(())


def bound_words(message: str, data: Any, where: str) -> str:
    """msgspec's "Expected `int` >= 0" for a range in a schema (``Meta(ge=..., le=...)``), as a
    card author reads it: "must be at least 0 (got -15)"."""
    bound = _BOUND.match(message)
    if bound is None:
        return message
    value: Any = data
    for part in parse_path(where):
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return message
    side = "at least" if bound.group("op") == ">=" else "at most"
    return f"must be {side} {bound.group('limit')} (got {value!r})"


def load_cards(path: Path, schema: type[T], check: Check | None = None) -> T:
    """Load and validate one card file; raise ``CardFileError`` naming file, line and field."""
    name = str(path)
    try:
        text = read_text(path, CARD_LIMITS)
    except FileRefused as err:
        raise CardFileError([Problem(name, err.line, "", err.reason)]) from None
    except OSError as err:
        raise CardFileError([Problem(name, None, "", f"cannot read: {err.strerror}")]) from None
    return decode_cards(text, name, schema, check)


def decode_cards(text: str, name: str, schema: type[T], check: Check | None = None) -> T:
    """``load_cards`` for text already in hand (tests build broken files this way)."""
    lines: Lines = {}
    try:
        data = load_yaml(text, name, CARD_LIMITS, lines)
    except FileRefused as err:
        raise CardFileError([Problem(name, err.line, "", err.reason)]) from None
    try:
        content = msgspec.convert(data, schema)
    except msgspec.ValidationError as err:
        match = _MSGSPEC_AT.match(str(err))
        assert match is not None
        where = match.group("path") or "$"
        unknown = _UNKNOWN_FIELD.match(match.group("msg"))
        if unknown:  # point at the stray key itself, not at the card that holds it
            where = f"{where}.{unknown.group(1)}"
        message = bound_words(match.group("msg"), data, where)
        raise CardFileError([Problem(name, line_of(lines, where), where, message)]) from None
    found = icon_problems(content) + (check(content) if check is not None else [])
    problems = [Problem(name, line_of(lines, where), where, message) for where, message in found]
    if problems:
        raise CardFileError(problems)
    return content
