"""Last Dungeon's card faces and backs, drawn from the card file in the current language."""

from __future__ import annotations

import re

import pygame

from dungeon_table.games.lastdungeon.cards import LastDungeonCards
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import i18n, icons, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import in_language

LEVEL_COLOUR = {1: "green", 2: "blue", 3: "purple", 4: "yellow"}
STONE = (118, 104, 90)
EVENT_BAND = (176, 128, 64)
DUNGEON_BACK = (104, 44, 40)
ADVENTURER_BACK = (44, 70, 112)


class CardLooks:
    """Every card's face and back, translated, from the card file."""

    def __init__(self, cards: LastDungeonCards) -> None:
        self.cards = cards
        self._ghosts: dict[tuple[str, int, str, bool], pygame.Surface] = {}

    # --- card specs -------------------------------------------------------------------------
    def name(self, card: str) -> str:
        c = self.cards
        if card == c.hero.id:
            return in_language(c.hero.front.name)
        for plain in (c.entrance, c.treasure):
            if card == plain.id:
                return in_language(plain.name)
        found = next((d for d in c.dungeon if d.id == card), None)
        if found is not None:
            return in_language(found.name)
        if c.level(card):
            return in_language(c.adventurer(card).name)
        try:
            return in_language(c.event(card).name)
        except KeyError:
            pass
        start = re.fullmatch(r"crystal_l(\d)(?:_\d+)?", card)  # a face-down starting crystal
        return t("ld.card.start_crystal", level=start.group(1)) if start else card

    def spec(self, card: str, role: str, side: str = "front") -> cf.FaceSpec:
        """The face of ``card`` as ``role``: "hand", "adventurer", "room", "event", "plain"."""
        c = self.cards
        if card == c.hero.id:
            hs = c.hero.front if side == "front" else c.hero.back
            return cf.FaceSpec(in_language(hs.name), theme.CARD_COLOURS["yellow"], "yellow",
                               t("ld.card.level", n=4), (cf.Corner("tl", str(hs.power), "power",
                                                                   t("ld.card.power")),),
                               in_language(hs.text), icon=_picture("hero", hs.icon))
        if role in ("room", "event"):
            ev = c.event(card)
            if role == "room":
                return cf.FaceSpec(in_language(ev.room_name), STONE, None, t("ld.card.room"),
                                   body=in_language(ev.room_text), icon=_picture("event", ev.icon))
            return cf.FaceSpec(in_language(ev.name), EVENT_BAND, "star", t("ld.card.event"),
                               body=in_language(ev.text), icon=_picture("event", ev.icon))
        for plain, band in ((c.entrance, STONE), (c.treasure, theme.GOLD)):
            if card == plain.id:
                return cf.FaceSpec(in_language(plain.name), band, None, body=in_language(plain.text),
                                   icon=_picture("marker", plain.icon))
        dungeon = next((d for d in c.dungeon if d.id == card), None)
        if dungeon is not None:
            return cf.FaceSpec(in_language(dungeon.name), theme.CARD_COLOURS["red"], "red",
                               t("ld.card.dungeon"), self._play_corners(dungeon.cost,
                                                                         dungeon.damage),
                               in_language(dungeon.text), icon=_picture("dungeon", dungeon.icon))
        a = c.adventurer(card)
        colour = LEVEL_COLOUR[a.level]
        label = t("ld.card.level", n=a.level)
        if role == "hand":
            return cf.FaceSpec(in_language(a.name), theme.CARD_COLOURS[colour], colour, label,
                               self._play_corners(a.cost, a.damage), in_language(a.text),
                               footer=t("ld.card.scouted"), icon=_picture("adventurer", a.icon))
        return cf.FaceSpec(in_language(a.name), theme.CARD_COLOURS[colour], colour, label,
                           (cf.Corner("tl", str(a.power), "power", t("ld.card.power")),
                            cf.Corner("tr", str(a.scout_cost), "scout", t("ld.card.scout")),
                            *self._play_corners(a.cost, a.damage, "b")), in_language(a.text),
                           icon=_picture("adventurer", a.icon))

    def _play_corners(self, cost: int, damage: int, row: str = "t") -> tuple[cf.Corner, ...]:
        """Cost and damage. On a playable card both sit down the left edge: in a crowded fan only
        that strip of each card shows, and both numbers must stay readable there."""
        cost_at, damage_at = ("tl", "bl") if row == "t" else ("bl", "br")
        return (cf.Corner(cost_at, str(cost), "cost", t("ld.card.cost")),
                cf.Corner(damage_at, str(damage), "damage", t("ld.card.damage")))

    def face(self, card: str, role: str, width: int, side: str = "front") -> pygame.Surface:
        return cf.face(self.spec(card, role, side), width)

    def ghost(self, card: str, width: int) -> pygame.Surface:
        """A faded face: where a card being paid for will go."""
        key = (card, width, i18n.language(), cf.glyph_mode())
        if key not in self._ghosts:
            image = self.face(card, "hand", width).copy()
            image.set_alpha(110)
            self._ghosts[key] = image
        return self._ghosts[key]

    def crystal_back(self, value: int, width: int) -> pygame.Surface:
        return cf.back(cf.BackSpec(ADVENTURER_BACK, str(value), t("ld.card.crystal"), gem=True),
                       width)

    def deck_back(self, top: str, width: int) -> pygame.Surface:
        if top == "event":
            return cf.back(cf.BackSpec(STONE, "", t("ld.card.event"), glyph="star"), width)
        level = top.removeprefix("level")
        return cf.back(cf.BackSpec(ADVENTURER_BACK, level, t("ld.card.level", n=level), gem=True),
                       width)

    def dungeon_back(self, width: int) -> pygame.Surface:
        return cf.back(cf.BackSpec(DUNGEON_BACK, "", "", glyph="red"), width)


def _picture(kind: str, own: str | None) -> str | None:
    """A card's picture: its own, else its kind's (``assets/icons/cards.yaml``)."""
    return icons.picture("lastdungeon", kind, own)
