"""The relic expedition's card faces and backs, drawn from ``cards/relic.yaml``.

A face shows the kind and the TS in its band (the TS also as a glyph: rock a circle, paper a
square, scissors a triangle, never colour alone), BP top left, level top right, the dice face
bottom left, the skill's name and text in the body. The view reads the card file through the
rules' own loader (validated once, ``cards.load()``), as a plain mapping of names and numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import msgspec
import pygame

from dungeon_table.games.relic import cards as relic_cards
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import i18n, icons
from dungeon_table.ui.i18n import t

TS_GLYPHS = {"rock": "circle", "paper": "square", "scissors": "triangle"}
KIND_BANDS = {
    "dungeon": (150, 118, 72),
    "character": (58, 114, 198),
    "enemy": (176, 58, 50),
    "injury": (112, 96, 120),
}
BACK = (70, 58, 96)
SECOND_SET = "-b"


@dataclass(frozen=True)
class CardInfo:
    """One card's printed data, as the view needs it."""

    id: str
    kind: str
    name: dict[str, str]
    text: dict[str, str]
    face: int          # 1-6, 0 for the fail face X
    ts: str = ""
    bp: int = 0
    level: int = 0
    skill: str = ""
    icon: str | None = None


@lru_cache(maxsize=1)
def catalogue() -> tuple[dict[str, CardInfo], dict[str, Any], dict[str, Any], list[Any]]:
    """Cards by id, skills, treasures and the treasure table, read once."""
    data = msgspec.to_builtins(relic_cards.load())
    cards = {}
    for raw in data["cards"]:
        face = raw.get("face", 0)
        cards[raw["id"]] = CardInfo(
            id=raw["id"], kind=raw["kind"], name=raw.get("name", {}), text=raw.get("text", {}),
            face=0 if face in ("X", "x", None) else int(face), ts=raw.get("ts", "") or "",
            bp=int(raw.get("bp", 0) or 0), level=int(raw.get("level", 0) or 0),
            skill=raw.get("skill", "") or "", icon=raw.get("icon"))
    return cards, data.get("skills", {}), data.get("treasures", {}), data.get("treasure_table", [])


def base_id(card: str) -> str:
    """The card's data id: a second set's copy ends in ``-b``."""
    return card[: -len(SECOND_SET)] if card.endswith(SECOND_SET) else card


def face_text(face: int) -> str:
    return str(face) if face else "X"


class RelicLooks:
    """Names and images of the cards, in the current language."""

    def info(self, card: str) -> CardInfo:
        cards = catalogue()[0]
        found = cards.get(base_id(card))
        if found is None:
            return CardInfo(id=card, kind="dungeon", name={"en": card}, text={}, face=0)
        return found

    @staticmethod
    def _pick(texts: dict[str, str]) -> str:
        return texts.get(i18n.language(), texts.get("en", ""))

    def name(self, card: str) -> str:
        return self._pick(self.info(card).name)

    def skill_name(self, skill: str) -> str:
        found = catalogue()[1].get(skill)
        return self._pick(found["name"]) if found else skill

    def skill_text(self, skill: str) -> str:
        found = catalogue()[1].get(skill)
        return self._pick(found["text"]) if found else ""

    def treasure_name(self, treasure: str) -> str:
        found = catalogue()[2].get(treasure)
        return self._pick(found) if found else treasure

    def treasure_icon(self, treasure: str) -> str | None:
        """A treasure's picture: its own, else the treasures' default."""
        found = catalogue()[2].get(treasure)
        return icons.picture("relic", "treasure", found.get("icon") if found else None)

    def treasure_table(self) -> list[tuple[int, list[int], list[str]]]:
        """(depth, points by face 1-6, treasure ids by face) rows."""
        return [(row["depth"], list(row["points"]), list(row.get("treasures", [])))
                for row in catalogue()[3]]

    def spec(self, card: str) -> cf.FaceSpec:
        """The band says the TS in words (its glyph beside it), the footer the kind and the
        skill; BP and level are the top corners, the dice face the bottom left."""
        c = self.info(card)
        kind = t(f"relic.kind.{c.kind}")
        corners: list[cf.Corner] = []
        if c.kind in ("character", "enemy"):
            corners.append(cf.Corner("tl", str(c.bp), "power", t("relic.card.bp")))
            corners.append(cf.Corner("tr", str(c.level), "level", t("relic.card.level")))
        corners.append(cf.Corner("bl", face_text(c.face), "scout", t("relic.card.face")))
        body = self.skill_text(c.skill) if c.skill else self._pick(c.text)
        footer = f"{kind} · {self.skill_name(c.skill)}" if c.skill else kind
        return cf.FaceSpec(title=self._pick(c.name), band=KIND_BANDS.get(c.kind, BACK),
                           glyph=TS_GLYPHS.get(c.ts),
                           band_label=t(f"relic.ts.{c.ts}") if c.ts else kind,
                           corners=tuple(corners), body=body, footer=footer,
                           icon=icons.picture("relic", c.kind, c.icon))

    def face(self, card: str, width: int) -> pygame.Surface:
        return cf.face(self.spec(card), width)

    def back(self, width: int) -> pygame.Surface:
        return cf.back(cf.BackSpec(BACK, glyph="diamond"), width)
