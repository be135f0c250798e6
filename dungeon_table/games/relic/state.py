"""The mutable state of a Relic expedition game: players, the battle under way, skill prompts."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Treasure:
    """A search's result: the deck card turned for it and what its dice face scored."""

    depth: int
    card: str
    face: int
    points: int
    treasure: str


@dataclass
class Player:
    seat: int
    hand: list[str] = field(default_factory=list)
    dungeon: list[str] = field(default_factory=list)
    searched: list[int] = field(default_factory=list)
    forfeited: list[int] = field(default_factory=list)
    enemies: list[tuple[str, int]] = field(default_factory=list)  # (card, the seat that set it)
    treasures: list[Treasure] = field(default_factory=list)
    defeated: list[str] = field(default_factory=list)

    @property
    def depth(self) -> int:
        """0 with no dungeon card; 1-3 cards: 1, 4-6: 2, 7-9: 3."""
        return (len(self.dungeon) + 2) // 3


@dataclass
class Battle:
    """The fight being assembled: ``wild`` maps a committed wild card to its chosen skill."""

    enemy: str
    owner: int
    committed: list[str] = field(default_factory=list)
    ts: str = ""
    wild: dict[str, str] = field(default_factory=dict)


@dataclass
class Prompt:
    """A skill that may fire, waiting for its owner. ``kind``: use, mend, advance, wild."""

    card: str
    skill: str
    kind: str
    used: bool = False
