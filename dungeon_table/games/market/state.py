"""Everything that changes in a game of Dungeon Market, as one value (``Market.state``).

A small tree of msgspec Structs: the players, the decks, the discovery area, a burst waiting for
its defences, an auction waiting for its bids, a level phase. The rules change it in place;
``views.py`` turns it into what a seat may see. Nothing else on the rules object changes during
play (the random source and the declared caches aside), so ``state_dict`` and ``clone`` come from
the kit (``core/phased.py``).
"""

from __future__ import annotations

import msgspec

from dungeon_table.core.zones import Deck
from dungeon_table.games.market.model import Attack

Attackers = dict[str, list[tuple[int, int]]]  # colour -> [(slot, attack value)]
Choice = list[tuple[str, str]]                 # a seat's defence: [(item, attack colour)]


class Player(msgspec.Struct):
    seat: int
    colour: str
    life: int
    max_life: int
    coins: int
    equipment: list[str] = []   # in the order taken
    gems: list[str] = []
    used: list[str] = []        # equipment and gems turned sideways, in the order they were
    jobs: dict[str, int] = {}   # job -> level, in the order won
    exp: int = 0


class Slot(msgspec.Struct):
    """A place in the discovery area: a face-up card, or a chest with ``hidden`` under it ("" for
    an empty chest). ``killed``: turned face down by a sword (Professional)."""

    card: str
    chest: bool = False
    hidden: str = ""
    price: int = 0
    killed: bool = False


class Burst(msgspec.Struct):
    """A burst waiting for every seat's defence; ``pending[seat]``, ``suggested[seat]``."""

    attacks: list[Attack]
    attackers: Attackers
    slots: list[int]
    suggested: list[Choice]
    pending: list[Choice]
    confirmed: list[bool]


class Auction(msgspec.Struct):
    """The job on auction and each seat's sealed bid (``None`` until it bids)."""

    job: str
    bids: list[int | None]


class Levelling(msgspec.Struct):
    """A ``level`` phase: who, which job only (after winning one) or any, and what comes next."""

    seat: int
    only: str | None
    then: str  # "explore" (start of turn) or "end_turn" / "next_turn"


class MarketState(msgspec.Struct):
    players: list[Player]
    deposit: int
    deck: Deck
    phase: str = "explore"
    turn: int = 0
    active: int = 0
    discard: list[str] = []          # last = top
    ghosts_aside: list[str] = []     # 3-4 players: not yet in the deck/discard cycle
    reshuffles: int = 0
    removed: list[str] = []          # out of the game (a chest that hid a ghost)
    area: list[Slot | None] = []     # the discovery area; None where a card left it
    must_explore: bool = False
    burst: Burst | None = None
    buyers: list[int] = []           # the buy order still to come
    buyer: int | None = None
    job_deck: Deck = msgspec.field(default_factory=Deck)
    jobs_up: list[str] = []
    auction: Auction | None = None
    last_bids: list[int] = []
    levelling: Levelling | None = None
    end_reason: str = ""
    history: list[list[int]] = []    # every seat's life at the end of every turn
    # The seat a job showed the deck's top card to, until that card is drawn or the deck is
    # reshuffled: it knows the card even once its view no longer shows it (``Market.redeal``).
    top_seen_by: int | None = None
