"""The mutable state of a Dungeon! game: heroes, the numbered slots, the encounter under way,
the hunters of the solo mode and what the active hero has done this turn."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Hero:
    """One seat's hero. ``space`` is "" while the seat has no pawn on the board."""

    seat: int
    hero: str = ""                       # class; "" until chosen
    pawn: str = ""
    space: str = ""
    came_from: str = ""                  # the space it was in before this one (a push-back's
                                         # direction); "" when it was set down (a new hero)
    treasures: list[str] = field(default_factory=list)
    sword: str = ""                      # the active magic sword (never a wizard's)
    sword_bonus: int = 0
    lose_turns: int = 0
    spells: list[str] = field(default_factory=list)
    spellbook_size: int = 0              # the starting count; 0 for anyone but a wizard
    found_doors: list[str] = field(default_factory=list)
    deaths: int = 0
    ended_in_hall: bool = False          # the last turn ended in the Great Hall (a refill may follow)


@dataclass
class Slot:
    """A numbered slot beside the board: the monster waiting in ``space`` and what lies under it.

    ``scrier`` >= 0: a crystal ball's face-down card (with ``treasure`` for a room), seen only by
    that seat until a hero enters the space."""

    slot: int
    space: str
    monster: str
    dropped: list[str] = field(default_factory=list)
    face_down: bool = False
    scrier: int = -1
    treasure: str = ""


@dataclass
class Encounter:
    """The monster facing the hero (``phase`` combat) or seen from a doorway (``phase`` doorway).

    ``slot`` 0: newly drawn, not yet in a slot. ``treasure``: a scried room's treasure, the one a
    win there gains. ``hunter``: 1-3 when a hunter attacks."""

    space: str
    card: str
    source: str
    slot: int = 0
    treasure: str = ""
    hunter: int = 0
    using: str = ""                      # doorway: esp or spell
    ambush: bool = False                 # a hunter attacking between the hero's turns


@dataclass
class Hunter:
    """A hunter on the board; ``dropped``: the treasures it made the hero drop, lying face up
    under its card until it is slain."""

    hunter: int
    space: str
    card: str
    revealed: bool = False
    dropped: list[str] = field(default_factory=list)


@dataclass
class Turn:
    """What the active hero has done this turn. ``path``: the turn's start, then every space
    entered (the way back past another hero's square)."""

    moves_left: int = 0
    path: list[str] = field(default_factory=list)
    moved: bool = False
    crystal_ball_used: bool = False
    esp_used: bool = False
    spell_cast: bool = False


@dataclass
class Draft:
    """Spellbooks being filled by the sealed draft: each wizard in ``order`` writes a private
    wish list of ``size`` spells and seals it; when all are sealed the lists are resolved, a
    spell at a time in ``order``, round and round. ``then``: what follows (setup, death or
    refill)."""

    order: list[int] = field(default_factory=list)
    size: dict[int, int] = field(default_factory=dict)
    wishes: dict[int, list[str]] = field(default_factory=dict)
    sealed: list[int] = field(default_factory=list)
    then: str = "setup"

    def writing(self) -> list[int]:
        """The wizards still writing their lists, in ``order``."""
        return [seat for seat in self.order if seat not in self.sealed]
