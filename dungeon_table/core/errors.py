"""Errors with messages a player or a card author can act on."""

from __future__ import annotations

from dataclasses import dataclass


class IllegalAction(ValueError):
    """An action the rules refuse now; the message says why and the state is unchanged."""


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


class SaveError(ValueError):
    """A save that cannot be loaded (damaged, from a future version, for an unknown game)."""
