"""A reason the engine gave (``core.reasons.Reason``: a refusal, a hint's why) in the player's
language: its key's catalogue line filled with its values, a value that is itself a reason
translated first. A plain string (a reason without a key) is shown as it is, in English."""

from __future__ import annotations

from typing import Any

from dungeon_table.core.reasons import Reason
from dungeon_table.ui import i18n


def say(text: str) -> str:
    """``text`` as a sentence for the screen: translated, its first letter a capital."""
    words = _translated(text)
    return words[:1].upper() + words[1:]


def _translated(text: Any) -> str:
    if not isinstance(text, Reason) or not text.key or not i18n.has(text.key, i18n.FALLBACK):
        return str(text)
    values = {name: _value(value) for name, value in text.values.items()}
    return i18n.t(text.key, **values)


def _value(value: Any) -> Any:
    if isinstance(value, Reason):
        return _translated(value)
    if isinstance(value, (list, tuple)):
        return i18n.t("list.sep").join(str(_value(v)) for v in value)
    return value
