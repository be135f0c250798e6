"""The mutable state of a Dungeon Market game: players, the discovery area, a burst, an auction.

Plain dataclasses; the rules change them, ``views.py`` turns them into what a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dungeon_table.games.market.model import Attack

Attackers = dict[str, list[tuple[int, int]]]  # colour -> [(slot, attack value)]


@dataclass
class Player:
    seat: int
    colour: str
    life: int
    max_life: int
    coins: int
    equipment: list[str] = field(default_factory=list)   # in the order taken
    gems: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)          # equipment and gems turned sideways
    jobs: dict[str, int] = field(default_factory=dict)   # job -> level, in the order won
    exp: int = 0


@dataclass
class Slot:
    """A place in the discovery area: a face-up card, or a chest with ``hidden`` under it ("" for
    an empty chest). ``killed``: turned face down by a sword (Professional)."""

    card: str
    chest: bool = False
    hidden: str = ""
    price: int = 0
    killed: bool = False


@dataclass
class Burst:
    """A burst waiting for every seat's defence. ``pending[seat]`` = [(item, attack colour)]."""

    attacks: list[Attack]
    attackers: Attackers
    slots: list[int]
    suggested: dict[int, list[tuple[str, str]]]
    pending: dict[int, list[tuple[str, str]]]
    confirmed: list[bool]


@dataclass
class Auction:
    job: str
    bids: dict[int, int] = field(default_factory=dict)


@dataclass
class Levelling:
    """A ``level`` phase: who, which job only (after winning one) or any, and what comes next."""

    seat: int
    only: str | None
    then: str  # "explore" (start of turn) or "end_turn" / "next_turn"
