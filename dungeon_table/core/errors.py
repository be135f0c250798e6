"""Errors with messages a player or a card author can act on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dungeon_table.core.reasons import Reason, reason


class IllegalAction(ValueError):
    """An action the rules refuse now; the message says why and the state is unchanged.

    ``str(err)`` is the English sentence; ``err.reason`` the same as a ``Reason`` (its i18n
    ``key`` and ``values``), which a table shows in the player's language. A plain string
    still makes one (no key: the table shows the English)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.reason: Reason = why if isinstance(why, Reason) else Reason("", why)

    @classmethod
    def of(cls, key: str, template: str, **values: Any) -> IllegalAction:
        """``IllegalAction.of("market.refuse.too_poor", "that costs {cost}G ...", cost=5)``."""
        return cls(reason(key, template, **values))

    @property
    def key(self) -> str:
        return self.reason.key

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.reason.values)


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file: where (file, line, field path) and what."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        field = f" {self.path}:" if self.path else ""
        return f"{where}:{field} {self.message}"


class CardFileError(ValueError):
    """A card file that does not load; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class FileRefused(ValueError):
    """A file that is not read: unreadable YAML, over a limit of the bounded reader (size, nesting,
    aliases, numbers) or outside its schema. ``file``, ``line`` (when known) and ``reason``."""

    def __init__(self, file: str, reason: str, line: int | None = None) -> None:
        self.file = file
        self.reason = reason
        self.line = line
        super().__init__(f"{file}: {self.where()}{reason}")

    def where(self) -> str:
        """``"line 7: "``, or nothing when the line is not known."""
        return f"line {self.line}: " if self.line is not None else ""


class SaveError(ValueError):
    """A save that cannot be loaded (damaged, from a future version, for an unknown game)."""


class DamagedSave(SaveError):
    """A save whose file itself is damaged or hostile: bad YAML, over the reader's limits, or
    outside the save schema (a field's type or range, seats, names, options the game lacks).
    Such a file is set aside, never opened; a save that is whole but cannot be opened by this
    version (a newer format, an unknown game, an action the rules now refuse) stays in place.
    The message is ``<file>: damaged save, <reason>``."""

    def __init__(self, file: str, reason: str) -> None:
        self.file = file
        self.reason = reason
        super().__init__(f"{file}: damaged save, {reason}")
