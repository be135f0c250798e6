"""The card file of Last Dungeon Pocket (``cards/lastdungeon.yaml``): schema, cross-checks, loading.

Every number of the game lives in the YAML; the rules read them from here::

    cards = load()
    cards.adventurer("a1_squire").power     # 4
    cards.rules.expand_crystals             # 3
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, NamedTuple

import msgspec
from msgspec import Meta

from dungeon_table.core.cards import CARDS_DIR, Text, load_cards
from dungeon_table.core.icon_names import Icon

CARD_FILE = CARDS_DIR / "lastdungeon.yaml"

EventKind = Literal["draw", "discard", "advance", "retreat", "crystal", "empower"]

# The ranges a number may take (msgspec refuses anything else at load, naming file, line and
# field): what a sane card could print, wide enough to tune the game, narrow enough that no
# value makes a round or a setup absurd.
Power = Annotated[int, Meta(ge=1, le=99)]        # an adventurer's or the hero's power
Damage = Annotated[int, Meta(ge=0, le=99)]       # what a card in the dungeon deals
HandCost = Annotated[int, Meta(ge=0, le=9)]      # other hand cards discarded to play a card
Crystals = Annotated[int, Meta(ge=0, le=99)]     # a crystal's value, a scout's price in crystals
Price = Annotated[int, Meta(ge=1, le=99)]        # crystals an expansion or a retreat takes
Small = Annotated[int, Meta(ge=0, le=20)]        # an event's size, cards drawn, rooms laid
Delta = Annotated[int, Meta(ge=-9, le=9)]        # a room's change to damage or cost
Points = Annotated[int, Meta(ge=0, le=1000)]     # a score weight


class Plain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Entrance, treasure and the discard-pile marker: cards with a name and no numbers."""

    id: str
    name: Text
    text: Text
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class DungeonCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A starting dungeon card (flag mark): discard ``cost`` other cards to play it."""

    id: str
    name: Text
    text: Text
    cost: HandCost
    damage: Damage
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class AdventurerCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Front: the adventurer (power, scout cost; damage and cost once scouted). Back: a crystal."""

    id: str
    level: int
    name: Text
    text: Text
    power: Power
    scout_cost: Crystals
    damage: Damage
    cost: HandCost
    crystal: Crystals
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class HeroSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Text
    text: Text
    power: Power
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class HeroCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The level 4 card: beat the front and it turns over; the back must be beaten too."""

    id: str
    level: int
    front: HeroSide
    back: HeroSide


class RoomEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a room does to the card played on it."""

    damage_bonus: Delta = 0
    cost_delta: Delta = 0
    draw_on_play: Small = 0


def cost_on_room(printed: int, delta: int) -> int:
    """A hand card's cost on a space: its printed cost changed by the room's ``cost_delta``, never
    below 0. The one home of the formula: the rules' legality and refusals, the bots' plans."""
    return max(0, printed + delta)


class EventEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What an event does when it comes up in the adventurer deck; ``value`` is its size."""

    kind: EventKind
    value: Small


class EventCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Room side (a dungeon space) and event side (resolved from the adventurer deck)."""

    id: str
    name: Text
    text: Text
    room_name: Text
    room_text: Text
    room: RoomEffect
    event: EventEffect
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand_size: Annotated[int, Meta(ge=1, le=20)]
    draw_per_round: Small
    rooms: Annotated[int, Meta(ge=1, le=9)]
    expansion_rooms: Annotated[int, Meta(ge=0, le=9)]
    deck_events: Annotated[int, Meta(ge=0, le=3)]   # one below each of the three level blocks
    adventurers_per_level: Annotated[int, Meta(ge=1, le=20)]
    starting_crystals_per_level: Annotated[int, Meta(ge=0, le=19)]


class RuleNumbers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    expand_crystals: Price
    retreat_crystals: Price
    max_expansions: Annotated[int, Meta(ge=0, le=9)]


class ScoreWeights(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    repelled: Points
    crystal: Points
    win_bonus: Points


class LastDungeonCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    setup: Setup
    rules: RuleNumbers
    score: ScoreWeights
    entrance: Plain
    treasure: Plain
    discard_marker: Plain
    dungeon: list[DungeonCard]
    adventurers: list[AdventurerCard]
    hero: HeroCard
    events: list[EventCard]

    def adventurer(self, card_id: str) -> AdventurerCard:
        return _index(self).adventurers[card_id]

    def event(self, card_id: str) -> EventCard:
        return _index(self).events[card_id]

    def level(self, card_id: str) -> int:
        """Level of an adventurer or the hero; 0 for anything else."""
        if card_id == self.hero.id:
            return self.hero.level
        found = _index(self).adventurers.get(card_id)
        return found.level if found else 0

    def playable(self, card_id: str) -> tuple[int, int]:
        """``(cost, damage)`` of a card in hand: a starting dungeon card or a scouted adventurer."""
        return _index(self).playable[card_id]

    def level_ids(self, level: int) -> list[str]:
        return [a.id for a in self.adventurers if a.level == level]

    def lookups(self) -> Lookups:
        """The cards by id, for the rules' hot paths (built once per loaded file)."""
        return _index(self)


class Lookups(NamedTuple):
    playable: dict[str, tuple[int, int]]   # a hand card's (cost, damage)
    adventurers: dict[str, AdventurerCard]
    events: dict[str, EventCard]
    rooms: dict[str, RoomEffect]           # an event card's room side


# Built once per loaded file (the struct holds lists, so it is not hashable).
_INDEXES: dict[int, tuple[LastDungeonCards, Lookups]] = {}


def _index(cards: LastDungeonCards) -> Lookups:
    known = _INDEXES.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    playable = {d.id: (d.cost, d.damage) for d in cards.dungeon}
    playable.update({a.id: (a.cost, a.damage) for a in cards.adventurers})
    index = Lookups(playable, {a.id: a for a in cards.adventurers},
                    {e.id: e for e in cards.events}, {e.id: e.room for e in cards.events})
    _INDEXES[id(cards)] = (cards, index)
    return index


def _ids(cards: LastDungeonCards) -> list[tuple[str, str]]:
    out = [(f"$.{n}.id", getattr(cards, n).id) for n in ("entrance", "treasure", "discard_marker")]
    out += [(f"$.dungeon[{i}].id", c.id) for i, c in enumerate(cards.dungeon)]
    out += [(f"$.adventurers[{i}].id", c.id) for i, c in enumerate(cards.adventurers)]
    out.append(("$.hero.id", cards.hero.id))
    out += [(f"$.events[{i}].id", c.id) for i, c in enumerate(cards.events)]
    return out


def check(cards: LastDungeonCards) -> list[tuple[str, str]]:
    """Cross-checks the schema cannot express: unique ids, counts, levels, sane numbers."""
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for where, card_id in _ids(cards):
        if card_id in seen:
            problems.append((where, f"duplicate card id {card_id!r}"))
        seen.add(card_id)
    setup = cards.setup
    if len(cards.dungeon) != 6:
        found = len(cards.dungeon)
        problems.append(("$.dungeon", f"expected 6 starting dungeon cards, found {found}"))
    events_needed = setup.rooms + setup.expansion_rooms + setup.deck_events
    if len(cards.events) != events_needed:
        found = len(cards.events)
        problems.append(("$.events", f"expected {events_needed} event cards, found {found}"))
    if setup.expansion_rooms != cards.rules.max_expansions:
        problems.append(("$.setup.expansion_rooms", "must equal rules.max_expansions"))
    for i, card in enumerate(cards.adventurers):
        if card.level not in (1, 2, 3):
            problems.append((f"$.adventurers[{i}].level", f"level {card.level} is not 1-3"))
    for level in (1, 2, 3):
        count = len(cards.level_ids(level))
        if count != setup.adventurers_per_level:
            problems.append(
                ("$.adventurers", f"level {level} has {count} cards, expected "
                 f"{setup.adventurers_per_level}")
            )
    if cards.hero.level != 4:
        problems.append(("$.hero.level", "the hero is level 4"))
    for i, card in enumerate(cards.dungeon):
        if not 0 <= card.cost <= 2:
            problems.append((f"$.dungeon[{i}].cost", f"cost {card.cost} is not 0-2"))
    if setup.starting_crystals_per_level >= setup.adventurers_per_level:
        problems.append(("$.setup.starting_crystals_per_level",
                         "fewer than adventurers_per_level: each level keeps adventurers"))
    if setup.hand_size > len(cards.dungeon):
        problems.append(("$.setup.hand_size", f"at most the {len(cards.dungeon)} dungeon cards"))
    return problems


@lru_cache(maxsize=1)
def load(path: Path = CARD_FILE) -> LastDungeonCards:
    """The card file, loaded and checked once (``CardFileError`` naming file, line and field)."""
    return load_cards(path, LastDungeonCards, check)
