"""Dungeon Market's notation: actions, events and the view (the contract with view.py and bot.py).

Kept apart from ``rules.py`` so the rules read like the rulebook and the UI and the bots can import
these types without the engine. Names and fields are fixed by ``docs/rules/market.md``; fields may
be added (with defaults), none renamed.

Card ids (``cards/market.yaml``): ``red_gauntlet_1`` .. ``purple_sword_1`` (colour, loot, copy),
``red_ghost`` .. ``purple_ghost``, ``gem_1a`` .. ``gem_3c``, ``chest_1`` .. ``chest_3``. Colours:
``red blue yellow green purple``; seats 0-3 play red, blue, yellow, green. Job ids: the YAML's.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from dungeon_table.core.protocol import Action, Event

# --- actions --------------------------------------------------------------------------------


class Explore(Action, frozen=True, tag="explore"):
    """The active player reveals the top card of the dungeon deck."""


class Stop(Action, frozen=True, tag="stop"):
    """End exploration without a burst and go to the market (not while a ghost forces a reveal)."""


class SetPrice(Action, frozen=True, tag="price"):
    """The active player sets the coins on one discovery slot (absolute; 0 = unpriced)."""

    slot: int
    price: int


class OpenMarket(Action, frozen=True, tag="open_market"):
    """Pricing is done: the buy round begins."""


class Buy(Action, frozen=True, tag="buy"):
    """The seat to buy takes the item in ``slot`` (a priced card at its price, else 5G)."""

    slot: int


class Pass(Action, frozen=True, tag="pass"):
    """The seat to buy buys nothing this time."""


class Guard(Action, frozen=True, tag="guard"):
    """Add one unused item (an equipment card or a gem) to this seat's pending defence against the
    attack of colour ``attack``. Pending choices stay hidden from other seats until all are in."""

    item: str
    attack: str


class Unguard(Action, frozen=True, tag="unguard"):
    """Take an item back out of this seat's pending defence."""

    item: str


class Defend(Action, frozen=True, tag="defend"):
    """Confirm this seat's pending defence (the suggested set is preselected)."""


class AuctionJob(Action, frozen=True, tag="auction"):
    """Professional: the player who caused the burst picks the face-up job to auction."""

    job: str


class Bid(Action, frozen=True, tag="bid"):
    """A sealed bid for the job on auction, 0 up to the seat's coins."""

    amount: int


class LevelUp(Action, frozen=True, tag="level_up"):
    """Spend EXP to raise one held job a level."""

    job: str


class Done(Action, frozen=True, tag="done"):
    """Finish levelling up."""


ACTIONS: tuple[type[Action], ...] = (
    Explore, Stop, SetPrice, OpenMarket, Buy, Pass, Guard, Unguard, Defend, AuctionJob, Bid,
    LevelUp, Done,
)

# --- events ---------------------------------------------------------------------------------


class TurnStarted(Event, frozen=True, tag="turn_started"):
    """Undo never crosses the start of a turn (the turn has passed, as a handoff would mark)."""

    seat: int
    turn: int
    REVEALS: ClassVar[bool] = True


class Revealed(Event, frozen=True, tag="revealed"):
    """A card turned face up into the discovery area (``via_chest``: a ghost found under a chest)."""

    card: str
    slot: int
    via_chest: bool = False
    REVEALS: ClassVar[bool] = True


class ChestFound(Event, frozen=True, tag="chest_found"):
    """A chest revealed; the next card went under it face down (``empty``: the deck had none)."""

    card: str
    slot: int
    empty: bool = False
    REVEALS: ClassVar[bool] = True


class ChestPeeked(Event, frozen=True, tag="chest_peeked"):
    """What lies under a chest: sent only to the active player (``to``)."""

    slot: int
    card: str
    REVEALS: ClassVar[bool] = True


class ChestRemoved(Event, frozen=True, tag="chest_removed"):
    """A ghost lay under the chest: the chest leaves the game (the ghost comes as ``Revealed``)."""

    card: str


class TopPeeked(Event, frozen=True, tag="top_peeked"):
    """A job let the active player see the deck's top card (sent only to them)."""

    card: str
    REVEALS: ClassVar[bool] = True


class Reshuffled(Event, frozen=True, tag="reshuffled"):
    """The discard pile became the deck (``ghosts_added``: the five ghosts joined it)."""

    count: int
    ghosts_added: bool
    REVEALS: ClassVar[bool] = True


class GhostToDiscard(Event, frozen=True, tag="ghost_to_discard"):
    """House rule ``ghosts_enter: sword_bought``: a sword was bought, its ghost joins the discard."""

    card: str


class ExplorationEnded(Event, frozen=True, tag="exploration_ended"):
    """``reason``: stopped, limit, deck_empty (no card to reveal), burst."""

    reason: str


class Attack(msgspec.Struct, frozen=True):
    """One attack of a burst: all attackers of one colour; ``value`` their summed attack."""

    colour: str
    value: int
    slots: list[int]


class BurstStarted(Event, frozen=True, tag="burst"):
    attacks: list[Attack]


class DefenceChosen(Event, frozen=True, tag="defence_chosen"):
    """A seat confirmed its defence (what it chose shows in ``Defended`` once all are in)."""

    seat: int


class Use(msgspec.Struct, frozen=True):
    """One item used against one attack: ``reduced`` how much it took off, ``used`` whether it
    turned sideways (a gauntlet pair stays unused), ``killed`` the slot a sword cut down, or -1."""

    item: str
    attack: str
    reduced: int
    used: bool
    killed: int = -1


class Defended(Event, frozen=True, tag="defended"):
    """One seat's defence and damage, public once every seat has chosen."""

    seat: int
    uses: list[Use]
    damage: int
    life: int
    job_guard: int = 0  # reduction from job effects
    REVEALS: ClassVar[bool] = True  # the sealed choices come to light: no choosing again


class GameEnded(Event, frozen=True, tag="game_ended"):
    """``reason``: knocked_out (a life at 0 or less after a burst), deck_out (2 players)."""

    reason: str
    seats: list[int] = []  # the seats knocked out
    discarded: list[str] = []  # the gems the knocked-out seats discard (they score none)


class DepositShared(Event, frozen=True, tag="deposit_shared"):
    """``shares[i]`` coins went to seat i (the remainder included); ``job_bonus`` taken first."""

    shares: list[int]
    remainder_to: int
    remainder: int
    job_bonus: list[int] = []


class AreaDiscarded(Event, frozen=True, tag="area_discarded"):
    """Cards leaving the discovery area for the discard pile (chest cards come to light here)."""

    cards: list[str]
    reason: str  # burst, ghosts, unsold

    @property
    def REVEALS(self) -> bool:  # type: ignore[override]  # noqa: N802 - the protocol's name
        """A chest's card comes to light as it leaves (burst, unsold); ghosts were face up."""
        return self.reason != "ghosts"


class ExpGained(Event, frozen=True, tag="exp_gained"):
    seat: int
    exp: int
    total: int


class JobOffered(Event, frozen=True, tag="job_offered"):
    """The job on auction; ``returned`` went under the job deck, ``refill`` came face up."""

    job: str
    returned: list[str]
    refill: list[str]
    REVEALS: ClassVar[bool] = True  # the refill turns up jobs from the shuffled job deck


class BidPlaced(Event, frozen=True, tag="bid_placed"):
    """A seat's bid is in; its amount stays hidden until ``BidsRevealed``."""

    seat: int


class BidsRevealed(Event, frozen=True, tag="bids_revealed"):
    bids: list[int]
    winner: int
    job: str
    REVEALS: ClassVar[bool] = True


class LevelledUp(Event, frozen=True, tag="levelled_up"):
    seat: int
    job: str
    level: int
    exp_spent: int


class Priced(Event, frozen=True, tag="priced"):
    slot: int
    price: int


class MarketOpened(Event, frozen=True, tag="market_opened"):
    buyers: list[int]


class Bought(Event, frozen=True, tag="bought"):
    """``paid_to``: "seller" (the active player, who also takes back the coins on the card) or
    "deposit"; ``forced``: a priced leftover the active player had to buy; ``card`` what the buyer
    received ("" for a chest without its card); ``hidden``: the chest's card, now shown to all."""

    seat: int
    slot: int
    item: str
    card: str
    price: int
    paid_to: str
    forced: bool = False
    hidden: str = ""
    commission: int = 0  # job bonus the seller took from the deposit

    @property
    def REVEALS(self) -> bool:  # type: ignore[override]  # noqa: N802 - the protocol's name
        """Buying a chest shows its card to everyone: no undoing the buy to keep the coins."""
        return bool(self.hidden)


class Passed(Event, frozen=True, tag="passed"):
    seat: int


class HealedByJob(Event, frozen=True, tag="healed"):
    seat: int
    job: str
    amount: int
    life: int


EVENTS: tuple[type[Event], ...] = (
    TurnStarted, Revealed, ChestFound, ChestPeeked, ChestRemoved, TopPeeked, Reshuffled,
    GhostToDiscard, ExplorationEnded, BurstStarted, DefenceChosen, Defended, GameEnded,
    DepositShared, AreaDiscarded, ExpGained, JobOffered, BidPlaced, BidsRevealed, LevelledUp,
    Priced, MarketOpened, Bought, Passed, HealedByJob,
)

# --- the view -------------------------------------------------------------------------------

Phase = Literal["explore", "defend", "auction", "bid", "level", "price", "buy", "over"]


class Held(msgspec.Struct, frozen=True):
    """An equipment card or a gem in front of a player; ``used``: turned sideways."""

    card: str
    used: bool


class JobHeld(msgspec.Struct, frozen=True):
    job: str
    level: int
    next_cost: int  # EXP for the next level; 0 at LV4


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    colour: str
    life: int
    max_life: int
    coins: int
    equipment: list[Held]   # grouped by colour, then loot, then id
    gems: list[Held]
    jobs: list[JobHeld]
    exp: int
    points: int             # what the player would score if the game ended now (rules' scoring)
    reveal_limit: int       # Professional: this player's limit on its own turn; 0 without it
    unpriced_cost: int = 0  # what an unpriced card costs this player: 5G less a Haggler's discount


class Slot(msgspec.Struct, frozen=True):
    """A place in the discovery area. ``card``: the face-up card (a chest's id for a chest).
    ``hidden``: for a chest, its card if this seat may know it, "?" if not, "" if empty.
    ``killed``: turned face down by a sword (Professional). ``attacking``: in the burst."""

    index: int
    card: str
    price: int = 0
    chest: bool = False
    hidden: str = ""
    killed: bool = False
    attacking: bool = False


class DefenceView(msgspec.Struct, frozen=True):
    """This seat's own pending defence: ``uses`` as they stand, ``damage`` it would take with them
    (rules' arithmetic, the active player's extra 1 included), ``suggested`` the preselected best
    set. Which items may guard which attack: the ``Guard`` actions in the legal list."""

    uses: list[Use]
    damage: int
    prevented: int
    suggested: list[Use]
    confirmed: bool
    attack_damage: list[int] = []  # per attack (``attacks`` order): left after the uses and jobs
    job_guard: int = 0             # what this seat's job effects take off in all
    extra: int = 0                 # the active player's unreducible 1 (0 for the others)


class MarketView(msgspec.Struct, frozen=True):
    seat: int | None
    n_players: int
    phase: Phase
    active: int
    turn: int                      # counts every player's turn from 1
    to_act: list[int]
    players: list[PlayerView]
    deposit: int
    deck_count: int
    discard_count: int
    discard_top: str               # "" when empty
    ghosts_in: bool                # the ghosts are in the deck/discard cycle
    discovery: list[Slot]
    must_explore: bool             # a ghost was revealed without a burst
    revealed: int                  # cards revealed this turn towards the reveal limit
    burst_odds: float              # chance the next reveal bursts, from what this seat knows
    attacks: list[Attack]          # during "defend": the burst's attacks
    defence: DefenceView | None    # this seat's own pending defence during "defend"
    defended: list[bool]           # per seat: confirmed this burst
    buyer: int | None              # the seat to buy now
    buyers_left: list[int]         # the buy order still to come after ``buyer``
    jobs_up: list[str]             # face-up job items (Professional)
    job_deck_count: int
    auction_job: str               # the job on auction ("" if none)
    bids_in: list[bool]
    my_bid: int | None             # this seat's sealed bid once placed
    last_bids: list[int]           # the bids of the last auction, once revealed
    level_jobs: list[str]          # during "level": the jobs that may be raised now
    peek: str                      # the deck's top card if a job lets this seat see it now
    chests: bool
    professional: bool
    end_reason: str = ""
    gems_defend: bool = True       # house rule: a gem may guard (off: gems only score)
    chest_buyer_gets_card: bool = False  # house rule: a chest's buyer takes its card
    buy_order: list[int] = []      # this turn's whole buy order, one buy a step (2 players: the
    #                                opponent, the active player, the opponent)
    tie_order: list[int] = []      # who wins a tie (the bids, the deposit's remainder): the
    #                                active player, then clockwise
