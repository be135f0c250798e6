"""The state of a Dungeon! game as one value (``DungeonState``, the kit's ``PhasedGame.state``):
heroes, decks, the numbered slots, the encounter under way, the hunters of the solo mode, the
sealed spell draft and what the active hero has done this turn. Everything that changes during
play is here and nowhere else, so a copy of it is a copy of the game."""

from __future__ import annotations

import msgspec

from dungeon_table.core.zones import Deck


class Hero(msgspec.Struct):
    """One seat's hero. ``space`` is "" while the seat has no pawn on the board."""

    seat: int
    hero: str = ""                       # class; "" until chosen
    pawn: str = ""
    space: str = ""
    came_from: str = ""                  # the space it was in before this one (a push-back's
                                         # direction); "" when it was set down (a new hero)
    treasures: list[str] = []
    sword: str = ""                      # the active magic sword (never a wizard's)
    sword_bonus: int = 0
    lose_turns: int = 0
    spells: list[str] = []
    spellbook_size: int = 0              # the starting count; 0 for anyone but a wizard
    found_doors: list[str] = []
    deaths: int = 0
    ended_in_hall: bool = False          # the last turn ended in the Great Hall (a refill may follow)


class Slot(msgspec.Struct):
    """A numbered slot beside the board: the monster waiting in ``space`` and what lies under it.

    ``scrier`` >= 0: a crystal ball's face-down card (with ``treasure`` for a room), seen only by
    that seat until a hero enters the space."""

    slot: int
    space: str
    monster: str
    dropped: list[str] = []
    face_down: bool = False
    scrier: int = -1
    treasure: str = ""


class Encounter(msgspec.Struct):
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


class Hunter(msgspec.Struct):
    """A hunter on the board; ``dropped``: the treasures it made the hero drop, lying face up
    under its card until it is slain."""

    hunter: int
    space: str
    card: str
    revealed: bool = False
    dropped: list[str] = []


class Turn(msgspec.Struct):
    """What the active hero has done this turn. ``path``: the turn's start, then every space
    entered (the way back past another hero's square)."""

    moves_left: int = 0
    path: list[str] = []
    moved: bool = False
    crystal_ball_used: bool = False
    esp_used: bool = False
    spell_cast: bool = False


class Draft(msgspec.Struct):
    """Spellbooks being filled by the sealed draft: each wizard in ``order`` writes a private
    wish list of ``size`` spells and seals it; when all are sealed the lists are resolved, a
    spell at a time in ``order``, round and round. ``then``: what follows (setup, death or
    refill)."""

    order: list[int] = []
    size: dict[int, int] = {}
    wishes: dict[int, list[str]] = {}
    sealed: list[int] = []
    then: str = "setup"

    def writing(self) -> list[int]:
        """The wizards still writing their lists, in ``order``."""
        return [seat for seat in self.order if seat not in self.sealed]


class DungeonState(msgspec.Struct):
    """Everything that changes in a game of Dungeon!.

    ``monsters`` and ``treasures``: each level's deck (top = end); ``monster_discards``: each
    level's discard pile, face up (oldest first); ``tokens``: defeat tokens by space; ``slots``:
    the numbered slots in use, by number; ``spell_supply``: the spells in no spellbook.
    ``dice``: the script's stacked dice still to come (then the seeded rng rolls);
    ``hunter_stack``: the script's stacked hunter cards still to come. ``history``: each seat's gp
    at the start of every round (the game-over chart)."""

    heroes: list[Hero]
    monsters: dict[int, Deck]
    monster_discards: dict[int, list[str]]
    treasures: dict[int, Deck]
    spell_supply: dict[str, int]
    history: list[list[int]]
    phase: str = "choose_hero"
    active: int = 0
    turn_no: int = 0
    round: int = 0
    tokens: dict[str, int] = {}
    slots: dict[int, Slot] = {}
    draft: Draft = msgspec.field(default_factory=Draft)
    encounter: Encounter | None = None
    pit_choices: list[str] = []
    hunters: list[Hunter] = []
    hunters_to_move: list[int] = []
    hunt_treasure: str = ""
    turn: Turn = msgspec.field(default_factory=Turn)
    end_reason: str = ""
    winners: list[int] = []
    dice: list[int] = []
    hunter_stack: list[str] = []
