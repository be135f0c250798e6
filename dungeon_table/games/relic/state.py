"""Everything that changes in a game of Relic expedition, as one value (``Relic.state``).

A small tree of msgspec Structs: the players (hand, dungeon, field, score pile), the deck and
the discard pile, the turn's flags, the battle being assembled and the skill prompts waiting.
``state_dict``, ``clone`` and the determinism checks read it whole (``core/phased.py``); what a
seat may see of it is ``views.py``'s.
"""

from __future__ import annotations

import msgspec

from dungeon_table.core.zones import Deck
from dungeon_table.games.relic import field


class Treasure(msgspec.Struct):
    """A search's result: the deck card turned for it and what its dice face scored."""

    depth: int
    card: str
    face: int
    points: int
    treasure: str


class Player(msgspec.Struct):
    seat: int
    hand: list[str] = []
    dungeon: list[str] = []
    searched: list[int] = []
    forfeited: list[int] = []
    enemies: list[tuple[str, int]] = []  # (card, the seat that set it)
    treasures: list[Treasure] = []
    defeated: list[str] = []

    @property
    def depth(self) -> int:
        """0 with no dungeon card; 1-3 cards: 1, 4-6: 2, 7-9: 3."""
        return field.depth(len(self.dungeon))


class Battle(msgspec.Struct):
    """The fight being assembled: ``wild`` maps a committed wild card to its chosen skill."""

    enemy: str
    owner: int
    committed: list[str] = []
    ts: str = ""
    wild: dict[str, str] = {}


class Prompt(msgspec.Struct):
    """A skill that may fire, waiting for its owner. ``kind``: use, mend, advance, wild, banish."""

    card: str
    skill: str
    kind: str
    used: bool = False


class LastSearch(msgspec.Struct):
    """The latest search of the game and whose it was (the table shows it)."""

    seat: int
    found: Treasure


class RelicState(msgspec.Struct):
    players: list[Player]
    deck: Deck
    phase: str = "play"
    turn: int = 0                 # counts every player's turn from 1
    active: int = 0
    first: int = 0                # the first player
    discard: list[str] = []
    dungeon_set_done: bool = False
    enemy_set_done: bool = False
    double_drawn: bool = False    # a double draw this turn: no card goes onto the field
    battle: Battle | None = None
    prompts: list[Prompt] = []
    resume: str = "end"           # the phase the turn goes back to once the prompts are done
    depth3_searched: bool = False  # the game ends at the end of this turn
    end_reason: str = ""
    last_search: LastSearch | None = None
    first_draw: list[list[str]] = []  # setup's first-player draw, round by round
    # each seat's points at the end of every round (the game-over chart; the final points close
    # it in ``result``)
    history: list[list[int]] = []
