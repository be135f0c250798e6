"""Everything that changes in a game of Last Dungeon Pocket: one value, ``LastDungeon.state``.

Card data, options and the random source stay on the rules object; what is here is all a save
replays into, all ``state_dict`` shows and all ``clone`` copies. Decks list their top card last.
"""

from __future__ import annotations

import msgspec

from dungeon_table.core.zones import Deck


class Walker(msgspec.Struct):
    """The adventurer on the board: its card, side, power and the damage stacked on it."""

    card: str
    side: str
    power: int
    stack: list[str] = []
    stacked_damage: int = 0


class Choice(msgspec.Struct):
    """A pending play, expansion, retreat, scout or event discard (``pending`` in the view)."""

    kind: str
    card: str | None = None
    space: int | None = None
    need: int = 0
    chosen: list[str] = []


class LastDungeonState(msgspec.Struct):
    phase: str = "actions"
    round: int = 1
    rooms: list[str | None] = []     # by space index; None: entrance and treasure
    played: dict[int, str] = {}      # space index -> card played there this round
    expansion_rooms: list[str] = []  # set aside on the treasure, the next one first
    adventurer_deck: Deck = msgspec.field(default_factory=Deck)
    adventurer: Walker | None = None  # on the board; None between a repel and the next entry
    position: int = 0                # space of the adventurer and its deck
    hand: list[str] = []
    draw_pile: Deck = msgspec.field(default_factory=Deck)
    discard: list[str] = []          # last = top
    crystals: list[tuple[str, int]] = []  # (handle, value): a card id, or see face_down
    # A starting crystal lies face down (01.6): its handle ("crystal_l1") names the level, not the
    # adventurer under it, so neither the view nor the notation tells which one is missing.
    face_down: dict[str, str] = {}
    removed: list[str] = []          # out of the game: spent crystals, resolved events
    expansions_used: int = 0
    expanded_this_round: bool = False
    retreated_this_round: bool = False
    pending: Choice | None = None
    repelled: int = 0
    empower_next: int = 0
    outcome: str | None = None       # "won" or "lost" once over
    history: list[int] = []          # spaces to the treasure at each round's start (the chart)
