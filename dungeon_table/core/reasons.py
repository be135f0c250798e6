"""Reasons the engine gives in words a table can translate: why an action is refused, why a bot
(the Hint) chooses what it does.

A ``Reason`` is the English sentence itself (a ``str``: the command line, scripts, logs and tests
read it as they always did) carrying the i18n key and the values a table fills that key's line
with, in the language of the moment::

    reason("market.refuse.too_poor", "that costs {cost}G and you have {coins}G", cost=5, coins=3)
    # "that costs 5G and you have 3G"; .key "market.refuse.too_poor"; .values {cost: 5, coins: 3}

The English template stays where the rule is (the engine reads no catalogue); the catalogues
hold the same key in every language, ``en`` word for word the template (a test holds them to it).
A value may itself be a ``Reason`` (a phase's hint inside "not possible now: ..."): it is
translated first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Reason(str):
    """An English sentence with the i18n key and values it was made from."""

    key: str
    values: Mapping[str, Any]

    def __new__(cls, key: str, text: str, values: Mapping[str, Any] | None = None) -> Reason:
        made = super().__new__(cls, text)
        made.key = key
        made.values = dict(values or {})
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the key
        return (Reason, (self.key, str(self), dict(self.values)))


def reason(key: str, template: str, **values: Any) -> Reason:
    """``template`` filled with ``values`` (``str.format``), remembered with ``key``. A value may
    be a card file's text in both languages (``core.cards.Text``: ``en`` and ``ja``): the English
    sentence takes its ``en``, a table its language's."""
    return Reason(key, template.format(**{k: english(v) for k, v in values.items()}), values)


def english(value: Any) -> Any:
    """A card file's two-language text as its English; anything else as it is."""
    return getattr(value, "en", value) if hasattr(value, "ja") else value


class Ids(tuple[str, ...]):
    """Ids a reason lists ("heroes: rogue, cleric"): the English sentence joins them with ", ",
    a table names each in its language (a joined string would reach Japanese as English)."""

    def __str__(self) -> str:
        return ", ".join(self)


def key_of(text: str) -> str | None:
    """The i18n key of a reason; None for a plain string (a reason nobody gave a key)."""
    return text.key if isinstance(text, Reason) else None


# The same maker under the name a rule's refusal reads best with: ``return refuse(...)``.
refuse = reason
