"""Last Dungeon Pocket's notation: actions, events and the view (the contract with view.py).

Kept apart from ``rules.py`` so the rules read like the rulebook and the UI can import these types
without the engine. Field names are fixed by ``docs/architecture.md``; fields may be added.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from dungeon_table.core.protocol import Action, Event

# --- actions --------------------------------------------------------------------------------


class Play(Action, frozen=True, tag="play"):
    """Play a hand card onto an empty space right of the adventurer."""

    card: str
    space: int


class Discard(Action, frozen=True, tag="discard"):
    """Pick a hand card: to pay a play's cost (``pay_cost``) or for a discard event."""

    card: str


class Cancel(Action, frozen=True, tag="cancel"):
    """Abandon a pending play, expansion, retreat or scout; nothing is lost."""


class Expand(Action, frozen=True, tag="expand"):
    pass


class Retreat(Action, frozen=True, tag="retreat"):
    pass


class Pay(Action, frozen=True, tag="pay"):
    """Pick one crystal towards a pending expansion, retreat or scout."""

    crystal: str


class Fight(Action, frozen=True, tag="fight"):
    """End the action phase: damage, then repel or advance."""


class Scout(Action, frozen=True, tag="scout"):
    pass


class Crystallise(Action, frozen=True, tag="crystallise"):
    pass


ACTIONS: tuple[type[Action], ...] = (
    Play, Discard, Cancel, Expand, Retreat, Pay, Fight, Scout, Crystallise,
)

# --- events ---------------------------------------------------------------------------------


class CardPlayed(Event, frozen=True, tag="card_played"):
    card: str
    space: int
    cost: int
    damage: int


class CardsDiscarded(Event, frozen=True, tag="cards_discarded"):
    """``reason``: "cost" (paid for a play), "event" (a discard event), "cleared" (end of fight)."""

    cards: list[str]
    reason: str


class CrystalsSpent(Event, frozen=True, tag="crystals_spent"):
    """Crystals removed from the game; ``lost`` is the overpaid part."""

    crystals: list[str]
    value: int
    need: int
    lost: int
    purpose: str


class Expanded(Event, frozen=True, tag="expanded"):
    """The set-aside room comes to light (the view hides it until then), so undo stops here."""

    room: str
    space: int
    treasure: int
    REVEALS: ClassVar[bool] = True


class Retreated(Event, frozen=True, tag="retreated"):
    card: str
    from_space: int
    to_space: int


class DamageDealt(Event, frozen=True, tag="damage_dealt"):
    """One per card left to right, then one for the stack (``source`` "stack", ``card`` "")."""

    source: str
    space: int
    card: str
    damage: int
    total: int


class Repelled(Event, frozen=True, tag="repelled"):
    card: str
    side: str
    power: int
    total: int


class Advanced(Event, frozen=True, tag="advanced"):
    card: str
    from_space: int
    to_space: int
    power: int
    total: int


class Scouted(Event, frozen=True, tag="scouted"):
    card: str
    cost: int


class Crystallised(Event, frozen=True, tag="crystallised"):
    card: str
    value: int
    forced: bool


class AdventurerEntered(Event, frozen=True, tag="adventurer_entered"):
    card: str
    side: str
    level: int
    power: int
    space: int
    REVEALS: ClassVar[bool] = True


class EventResolved(Event, frozen=True, tag="event_resolved"):
    """``effect``: draw, discard, advance, retreat, crystal, empower; ``value`` its size."""

    card: str
    effect: str
    value: int
    REVEALS: ClassVar[bool] = True


class HeroFlipped(Event, frozen=True, tag="hero_flipped"):
    card: str
    power: int


class CardsDrawn(Event, frozen=True, tag="cards_drawn"):
    cards: list[str]
    REVEALS: ClassVar[bool] = True


class DiscardFlipped(Event, frozen=True, tag="discard_flipped"):
    """The discard pile turned over, unshuffled, as the new draw pile."""

    count: int


class GameWon(Event, frozen=True, tag="game_won"):
    repelled: int
    rounds: int


class GameLost(Event, frozen=True, tag="game_lost"):
    card: str
    space: int
    rounds: int


EVENTS: tuple[type[Event], ...] = (
    CardPlayed, CardsDiscarded, CrystalsSpent, Expanded, Retreated, DamageDealt, Repelled,
    Advanced, Scouted, Crystallised, AdventurerEntered, EventResolved, HeroFlipped, CardsDrawn,
    DiscardFlipped, GameWon, GameLost,
)

# --- the view -------------------------------------------------------------------------------

Phase = Literal["actions", "pay_cost", "pay_crystals", "repelled", "event_discard", "over"]


class Space(msgspec.Struct, frozen=True):
    kind: Literal["entrance", "room", "treasure"]
    room: str | None
    card: str | None
    damage: int
    cost_delta: int
    damage_bonus: int
    draw_on_play: int = 0


class Adventurer(msgspec.Struct, frozen=True):
    card: str
    side: Literal["front", "back"]
    level: int
    position: int
    power: int
    stack: list[str]
    stacked_damage: int
    scout_cost: int = 0


class Crystal(msgspec.Struct, frozen=True):
    card: str
    value: int


class Pending(msgspec.Struct, frozen=True):
    """A choice under way. ``kind`` "event" is a discard event (``card`` is the event)."""

    kind: Literal["play", "expand", "retreat", "scout", "event"]
    card: str | None
    space: int | None
    need: int
    chosen: list[str]
    paid: int = 0  # the value of the crystals chosen so far (a crystal payment)


class LastDungeonView(msgspec.Struct, frozen=True):
    phase: Phase
    round: int
    spaces: list[Space]
    adventurer: Adventurer | None
    deck_count: int
    deck_top: str
    hand: list[str] | None
    hand_costs: list[int]
    draw_count: int
    discard: list[str]
    crystals: list[Crystal]
    removed: list[str]
    expansions_left: int
    expanded_this_round: bool
    retreated_this_round: bool
    pending: Pending | None
    total_damage: int
    repelled: int
    shortfall: int = 0  # damage still missing for the next fight to repel; 0: it repels
    crystal_total: int = 0
    empower_next: int = 0
    difficulty: int = 0
    position: int = 0            # space of the adventurer deck (also while no adventurer stands)
    free_spaces: list[int] = []  # where a card may be played: empty, right of the adventurer
