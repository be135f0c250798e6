"""A reason the engine gave (``core.reasons.Reason``: a refusal, a hint's why) in the player's
language: its key's catalogue line filled with its values, a value that is itself a reason
translated first, a card file's two-language text in the language of the moment, and a card id
(a value named ``card``, ``item``, ``enemy``...) by the card's name when the table says how to
name one (``name``: the renderer's ``looks.name``), and any other id among the values (a hero
class, a spell, a colour, a space) by the game's names catalogue (``values``: the renderer's
``name_value``). A plain string (a reason without a key) is shown as it is, in English."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dungeon_table.core.reasons import Reason
from dungeon_table.ui import i18n

# The values of the engine's reasons that are card ids (the rest are numbers and words).
CARD_VALUES = frozenset({"card", "item", "enemy", "job", "crystal", "hero"})

Namer = Callable[[str], str]
# (the value's placeholder, the id or a list of ids) -> its name in the language of the
# moment, None: not a name (a list is then named item by item)
ValueNamer = Callable[[str, Any], "str | None"]


def say(text: str, name: Namer | None = None, capital: bool = True,
        values: ValueNamer | None = None) -> str:
    """``text`` as a sentence for the screen: translated, its first letter a capital (not
    inside another sentence: "Cannot undo: another player ...")."""
    words = _translated(text, name, values)
    return words[:1].upper() + words[1:] if capital else words


def _translated(text: Any, name: Namer | None, names: ValueNamer | None) -> str:
    if not isinstance(text, Reason) or not text.key or not i18n.has(text.key, i18n.FALLBACK):
        return str(text)
    values = {key: _value(key, value, name, names) for key, value in text.values.items()}
    return i18n.t(text.key, **values)


def _value(key: str, value: Any, name: Namer | None, names: ValueNamer | None) -> Any:
    if isinstance(value, Reason):
        return _translated(value, name, names)
    if hasattr(value, "en") and hasattr(value, "ja"):  # a card file's text (core.cards.Text)
        return getattr(value, i18n.language(), value.en)
    named = names(key, value) if names is not None else None
    if named is not None:
        return named
    if isinstance(value, (list, tuple)):
        return i18n.t("list.sep").join(str(_value(key, v, name, names)) for v in value)
    if name is not None and key in CARD_VALUES and isinstance(value, str):
        try:
            return name(value)
        except Exception:  # noqa: BLE001 - an id the renderer cannot name is shown as it is
            return value
    return value
