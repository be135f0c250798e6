"""Dungeon!'s card faces and names, drawn from ``cards/dungeon/monsters.yaml`` and ``treasures.yaml``.

A monster's face: its level's band (the level colour and number), the name, the number each class
needs (the viewing hero's column marked), fireball and lightning; a trap says what it does. A
treasure's face: the gp value big, the name, what a special one does. The view reads the card
files through the rules' own loader (validated once, ``cards.load()``), as plain mappings of
names and numbers. A copy of a card (``sack_of_gold~3``) looks like its original.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import msgspec
import pygame

from dungeon_table.games.dungeon import cards as dungeon_cards
from dungeon_table.games.dungeon import model as m
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import i18n, icons
from dungeon_table.ui.i18n import t

LEVEL_COLOURS: dict[int, tuple[int, int, int]] = {
    0: (150, 140, 120), 1: (214, 178, 72), 2: (74, 150, 84), 3: (214, 124, 52),
    4: (128, 86, 170), 5: (190, 64, 56), 6: (58, 108, 190),
}
MONSTER_BACK = (96, 40, 36)
TREASURE_BACK = (150, 118, 40)
CANNOT = "-"
KIND_GLYPHS = {"monster": "triangle", "trap": "diamond", "treasure": "star"}  # the art emblem


@dataclass(frozen=True)
class CardInfo:
    id: str
    kind: str                       # monster, trap, treasure
    name: dict[str, str]
    level: int
    needs: dict[str, str]           # class, fireball, lightning -> "7" or "-"
    gp: int = 0
    trap: str = ""
    special: str = ""
    text: dict[str, str] | None = None
    table: tuple[int, ...] = ()     # a cage's lose-turn tokens by die face
    number: int = 0                 # a pit's chamber level; a sword's 2d6 for +2
    icon: str | None = None         # its own picture (else its kind's: ``picture``)


def base_id(card: str) -> str:
    return card.split("~", 1)[0]


def _number(value: Any) -> str:
    if value in (None, "", "-", 0):
        return CANNOT
    return str(value)


def _entries(data: Any, key: str) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        data = data.get(key, data.get("cards", []))
    return [raw for raw in data or [] if isinstance(raw, dict) and "id" in raw]


def _names(raw: dict[str, Any]) -> dict[str, str]:
    name = raw.get("name", {})
    return name if isinstance(name, dict) else {"en": str(name)}


def _monster(raw: dict[str, Any]) -> CardInfo:
    targets = raw.get("need") or raw  # a trap has no needs
    needs = {hero: _number(targets.get(hero)) for hero in m.HEROES}
    for spell in m.ATTACK_SPELLS:
        needs[spell] = _number(raw.get(spell, targets.get(spell)))
    trap = raw.get("trap") or ""
    return CardInfo(id=raw["id"], kind="trap" if trap else "monster", name=_names(raw),
                    level=int(raw.get("level", 0) or 0), needs=needs,
                    trap=str(trap if isinstance(trap, str) else trap.get("kind", "")),
                    text=raw.get("text") if isinstance(raw.get("text"), dict) else None,
                    table=tuple(int(n) for n in raw.get("lose_turns") or ()),
                    number=int(raw.get("pit_level") or 0), icon=raw.get("icon"))


def _treasure(raw: dict[str, Any]) -> CardInfo:
    gp = raw.get("gp", raw.get("value", 0)) or 0
    special = raw.get("special") or raw.get("kind") or ""
    return CardInfo(id=raw["id"], kind="treasure", name=_names(raw),
                    level=int(raw.get("level", 0) or 0), needs={}, gp=int(gp),
                    special=str(special) if isinstance(special, str) else "",
                    text=raw.get("text") if isinstance(raw.get("text"), dict) else None,
                    number=int(raw.get("sword_plus_two") or 0), icon=raw.get("icon"))


@lru_cache(maxsize=1)
def _validated() -> dict[str, Any]:
    """The three card files as the rules load and check them (``cards.load()``), as plain data."""
    data = msgspec.to_builtins(dungeon_cards.load())
    return {"monsters.yaml": {"monsters": data["monsters"]},
            "treasures.yaml": {"treasures": data["treasures"]}, "rules.yaml": data["rules"]}


def _read(name: str) -> Any:
    return _validated()[name]


@lru_cache(maxsize=1)
def catalogue() -> dict[str, CardInfo]:
    """Every monster and treasure by id, read once."""
    cards: dict[str, CardInfo] = {}
    for raw in _entries(_read("monsters.yaml"), "monsters"):
        cards[raw["id"]] = _monster(raw)
    for raw in _entries(_read("treasures.yaml"), "treasures"):
        cards[raw["id"]] = _treasure(raw)
    return cards


@lru_cache(maxsize=1)
def specials() -> dict[str, dict[str, str]]:
    """What each special treasure does, by language (``rules.yaml``'s specials)."""
    data = _read("rules.yaml")
    raw = data.get("specials", {}) if isinstance(data, dict) else {}
    return {key: value.get("text", {}) for key, value in raw.items() if isinstance(value, dict)}


@lru_cache(maxsize=1)
def hero_targets() -> dict[str, int]:
    """Each class's gp target as printed on its hero card (``rules.yaml``), for the choice."""
    data = _read("rules.yaml")
    heroes = data.get("heroes", []) if isinstance(data, dict) else []
    return {h["id"]: int(h.get("target", 0)) for h in heroes if isinstance(h, dict) and "id" in h}


def info(card: str) -> CardInfo | None:
    return catalogue().get(base_id(card))


def picture(card: str) -> str | None:
    """A monster's, trap's or treasure's picture (a copy shows its card's): its own, else its
    kind's default, the monsters' for a card the files do not know."""
    found = info(card)
    return icons.picture("dungeon", found.kind if found else "monster", found.icon if found else None)


@lru_cache(maxsize=1)
def hero_pictures() -> dict[str, str]:
    """Each hero class's picture (``rules.yaml``): its standee and its hero card."""
    data = _read("rules.yaml")
    heroes = data.get("heroes", []) if isinstance(data, dict) else []
    return {h["id"]: icons.picture("dungeon", "hero", h.get("icon")) or ""
            for h in heroes if isinstance(h, dict) and "id" in h}


def hero_picture(hero: str) -> str | None:
    return hero_pictures().get(hero) or icons.picture("dungeon", "hero")


@lru_cache(maxsize=8)
def spell_picture(spell: str) -> str | None:
    """A spell's picture (``rules.yaml``'s spells)."""
    data = _read("rules.yaml")
    spells = data.get("spells", []) if isinstance(data, dict) else []
    own = next((s.get("icon") for s in spells if isinstance(s, dict) and s.get("id") == spell), None)
    return icons.picture("dungeon", "spell", own)


def name(card: str) -> str:
    """The card's name in the current language (its id, tidied, if the file lacks it)."""
    if not card:
        return t("dungeon.card.face_down")
    found = info(card)
    if found is not None:
        lang = i18n.language()
        text = found.name.get(lang) or found.name.get("en")
        if text:
            return text
    return base_id(card).replace("_", " ").title()


def gp(card: str) -> int:
    found = info(card)
    return found.gp if found is not None else 0


def level(card: str) -> int:
    found = info(card)
    return found.level if found is not None else 0


def spell_name(spell: str) -> str:
    return t(f"dungeon.spell.{spell}")


def spell_counts(spells: list[str], sep: str = " ") -> str:
    """"Fireball ×5 Lightning ×2": how many of each kind, in the spells' order."""
    return sep.join(t(f"dungeon.spell_short.{s}", n=spells.count(s))
                    for s in m.SPELLS if s in spells)


def hero_name(hero: str) -> str:
    return t(f"dungeon.hero.{hero}") if hero else t("dungeon.hero.none")


def _monster_body(card: CardInfo, hero: str) -> str:
    if card.kind == "trap":
        text = t(f"dungeon.trap.{card.trap}") if card.trap else ""
        if card.table:
            faces = " ".join(f"{face}:{n}" for face, n in enumerate(card.table, start=1))
            text += "\n" + t("dungeon.trap.cage_table", faces=faces)
        if card.number:
            text += "\n" + t("dungeon.trap.pit_level", n=card.number)
        return text
    rows = []
    for cls in m.HEROES:
        mark = "▶ " if cls == hero else ""
        rows.append(f"{mark}{hero_name(cls)} {card.needs.get(cls, CANNOT)}")
    # one line in English ("fireball 8 · lightning 9"); a line each for the long Japanese names
    spells = t("dungeon.spell_abbr.sep").join(
        t(f"dungeon.spell_abbr.{s}", n=card.needs.get(s, CANNOT)) for s in m.ATTACK_SPELLS)
    return "\n".join(rows) + "\n" + spells


def face(card: str, width: int, hero: str = "") -> pygame.Surface:
    """The card's face at ``width`` (the hero's column marked on a monster)."""
    found = info(card)
    lang = i18n.language()
    lvl = found.level if found is not None else 0
    band = LEVEL_COLOURS.get(lvl, LEVEL_COLOURS[0])
    label = t("dungeon.card.level", n=lvl) if lvl else ""
    if found is None or found.kind in ("monster", "trap"):
        body = _monster_body(found, hero) if found is not None else ""
        glyph = KIND_GLYPHS["trap" if found is not None and found.kind == "trap" else "monster"]
        spec = cf.FaceSpec(title=name(card), band=band, band_label=label, body=body, glyph=glyph,
                           footer=t("dungeon.card.trap") if found and found.kind == "trap" else "",
                           corners=(cf.Corner("tr", str(lvl or "?"), "level"),),
                           icon=picture(card))
        return cf.face(spec, width)
    text = (found.text or {}).get(lang) or (found.text or {}).get("en") or ""
    if not text and found.special:
        said = specials().get(found.special, {})
        text = said.get(lang) or said.get("en") or ""
    if found.special == "sword" and found.number:
        text = t("dungeon.sword_plus_two", n=found.number) + "\n" + text
    spec = cf.FaceSpec(title=name(card), band=band, band_label=label, body=text,
                       glyph=KIND_GLYPHS["treasure"], footer=t("dungeon.gp", n=f"{found.gp:,}"),
                       corners=(cf.Corner("tr", str(lvl), "level"),), icon=picture(card))
    return cf.face(spec, width)


def back(kind: str, width: int, level_: int = 0) -> pygame.Surface:
    colour = MONSTER_BACK if kind == "monster" else TREASURE_BACK
    value = str(level_) if level_ else ""
    return cf.back(cf.BackSpec(colour=colour, value=value,
                               label=t(f"dungeon.deck.{kind}")), width)
