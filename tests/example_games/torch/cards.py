"""Torch's card file: its schema, read through the kit's validating loader."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from dungeon_table.core.cards import load_cards

CARD_FILE = Path(__file__).with_name("cards.yaml")


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    en: str
    ja: str


class Room(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    kind: Literal["treasure", "monster"]
    value: Annotated[int, msgspec.Meta(ge=1, le=9)]
    name: Text


class TorchCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    goal: Annotated[int, msgspec.Meta(ge=1)]
    torch: Annotated[int, msgspec.Meta(ge=1)]
    rooms: list[Room]

    def room(self, card: str) -> Room:
        return next(r for r in self.rooms if r.id == card)


def ids_are_unique(cards: TorchCards) -> list[tuple[str, str]]:
    ids = [r.id for r in cards.rooms]
    return [(f"$.rooms[{k}].id", f"card id {i!r} twice") for k, i in enumerate(ids)
            if ids.index(i) != k]


def load(path: Path = CARD_FILE) -> TorchCards:
    return load_cards(path, TorchCards, ids_are_unique)


@cache
def default() -> TorchCards:
    return load()
