"""The card file of Relic expedition (``cards/relic.yaml``): schema, cross-checks, loading.

    cards = load()
    cards.card("char_scout_1").bp          # 2
    cards.card("char_scout_1-b").bp        # the second set's copy: same data
    cards.treasure(depth=3, face=6)        # (15, "mysterious_girl")
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from dungeon_table.core.cards import CARDS_DIR, Text, load_cards
from dungeon_table.core.icon_names import Icon

CARD_FILE = CARDS_DIR / "relic.yaml"

Kind = Literal["dungeon", "character", "enemy", "injury"]
Ts = Literal["rock", "paper", "scissors"]
SKILLS = ("mend", "banish", "delve", "advance", "shield", "feint", "pierce", "wild")
BATTLE_SKILLS = ("banish", "feint", "pierce")
DISCARD_SKILLS = ("delve", "advance", "mend")
SECOND_SET = "-b"  # the suffix of the second set's ids (3-4 players)
FAIL_FACE = 0  # the X face: a failed search

# The ranges a number may take (msgspec refuses anything else at load, naming file, line and
# field). A hand is bounded so four players' hands fit in the two sets' deck.
HandSize = Annotated[int, Meta(ge=1, le=12)]


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card. ``face`` is 1-6 or "X"; ``ts``/``bp``/``level`` only for characters and enemies."""

    id: str
    kind: Kind
    face: int | Literal["X"]
    name: Text
    text: Text
    ts: Ts | None = None
    bp: Annotated[int, Meta(ge=0, le=20)] = 0    # battle points
    level: int = 0
    skill: str = ""
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)

    @property
    def dice(self) -> int:
        """The dice face as a number: 0 for X."""
        return FAIL_FACE if self.face == "X" else int(self.face)


class Depth(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    depth: int
    points: list[Annotated[int, Meta(ge=0, le=99)]]
    treasures: list[str]


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Text
    text: Text


class Treasure(Text, frozen=True, forbid_unknown_fields=True):
    """A treasure's name (in both languages, as any ``Text``) and its picture."""

    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class RelicCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand_size: HandSize
    hand_limit: HandSize
    treasure_table: list[Depth]
    treasures: dict[str, Treasure]
    skills: dict[str, Skill]
    cards: list[Card]

    def card(self, card_id: str) -> Card:
        """A card by id; the second set's ``-b`` copies share their original's data."""
        if _LAST[0] is self:  # the one card file in play: a playout asks thousands of times
            return _LAST[1][card_id]
        return _index(self)[card_id]

    def treasure(self, depth: int, face: int) -> tuple[int, str]:
        """``(points, treasure id)`` of a search at ``depth`` showing ``face`` (0: the fail)."""
        if face == FAIL_FACE:
            return 0, ""
        row = self.treasure_table[depth - 1]
        return row.points[face - 1], row.treasures[face - 1]

    def deck(self, sets: int) -> list[str]:
        """Every card id of ``sets`` sets (the second set's ids end in ``-b``)."""
        ids = [c.id for c in self.cards]
        return ids + [i + SECOND_SET for i in ids] if sets == 2 else ids


def base_id(card_id: str) -> str:
    return card_id.removesuffix(SECOND_SET)


_INDEXES: dict[int, tuple[RelicCards, dict[str, Card]]] = {}
_LAST: list[Any] = [None, {}]  # the card file last indexed, and its index


def _index(cards: RelicCards) -> dict[str, Card]:
    known = _INDEXES.get(id(cards))
    if known is not None and known[0] is cards:
        _LAST[:] = known
        return known[1]
    # Both sets' ids, so a look-up (the bots' playouts make hundreds a game) is one dict read.
    index = {c.id: c for c in cards.cards} | {c.id + SECOND_SET: c for c in cards.cards}
    _INDEXES[id(cards)] = (cards, index)
    _LAST[:] = [cards, index]
    return index


def _check_card(i: int, card: Card, skills: dict[str, Skill]) -> list[tuple[str, str]]:
    where = f"$.cards[{i}]"
    problems: list[tuple[str, str]] = []
    if card.face != "X" and not 1 <= card.face <= 6:
        problems.append((f"{where}.face", f"dice face {card.face} is not 1-6 or X"))
    if card.skill and card.skill not in skills:
        problems.append((f"{where}.skill", f"unknown skill {card.skill!r}"))
    fights = card.kind in ("character", "enemy")
    if fights and card.ts is None:
        problems.append((f"{where}.ts", f"a {card.kind} needs a TS"))
    if fights and not 1 <= card.level <= 3:
        problems.append((f"{where}.level", f"level {card.level} is not 1-3"))
    if not fights and (card.ts is not None or card.bp or card.level):
        problems.append((where, f"a {card.kind} card has no TS, BP or level"))
    if card.skill == "shield" and card.kind != "enemy":
        problems.append((f"{where}.skill", "shield is an enemy's skill only"))
    if card.kind == "enemy" and card.skill not in ("", "shield"):
        problems.append((f"{where}.skill", "an enemy has no skill but shield"))
    if card.skill == "wild" and card.kind != "character":
        problems.append((f"{where}.skill", "wild is a character's skill here"))
    if card.kind == "injury" and card.skill:
        problems.append((f"{where}.skill", "an injury has no skill"))
    if card.id.endswith(SECOND_SET):
        problems.append((f"{where}.id", f"ids may not end in {SECOND_SET!r} (the second set's)"))
    return problems


def check(cards: RelicCards) -> list[tuple[str, str]]:
    """Cross-checks the schema cannot express: unique ids, the table's shape, sane card data."""
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for i, card in enumerate(cards.cards):
        if card.id in seen:
            problems.append((f"$.cards[{i}].id", f"duplicate card id {card.id!r}"))
        seen.add(card.id)
        problems += _check_card(i, card, cards.skills)
    for name in SKILLS:
        if name not in cards.skills:
            problems.append(("$.skills", f"skill {name!r} is missing"))
    if [row.depth for row in cards.treasure_table] != [1, 2, 3]:
        problems.append(("$.treasure_table", "expected depths 1, 2, 3 in order"))
    for i, row in enumerate(cards.treasure_table):
        if len(row.points) != 6 or len(row.treasures) != 6:
            problems.append((f"$.treasure_table[{i}]", "expected 6 points and 6 treasures"))
        for j, treasure in enumerate(row.treasures):
            if treasure not in cards.treasures:
                problems.append((f"$.treasure_table[{i}].treasures[{j}]",
                                 f"unknown treasure {treasure!r}"))
    if cards.hand_size > cards.hand_limit:
        problems.append(("$.hand_size", "the dealt hand must fit the hand limit"))
    return problems


@lru_cache(maxsize=1)
def load(path: Path = CARD_FILE) -> RelicCards:
    """The card file, loaded and checked once (``CardFileError`` naming file, line and field)."""
    return load_cards(path, RelicCards, check)
