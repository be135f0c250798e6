"""Last Dungeon's game log: each event as a line in English or Japanese, card ids as their names
and spaces as the rooms they show (``ld.log.<event type>``, or a variant ``_<reason>``)."""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.ui.faces import CardLooks
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import event_fields, in_language, log_key


def space_name(looks: CardLooks, view: m.LastDungeonView | None, i: int) -> str:
    """A space as the table names it (its room, the Entrance, the Treasure): the spaces carry
    no numbers on screen, so "placed on space 3" left the player counting columns."""
    if view is None or not 0 <= i < len(view.spaces):
        return t("ld.space", n=i)
    space = view.spaces[i]
    if space.kind == "room" and space.room:
        return in_language(looks.cards.event(space.room).room_name)
    return t(f"ld.space.{space.kind}")


def card_name(looks: CardLooks, card: str, event: Event, view: m.LastDungeonView | None) -> str:
    """The event's card by name; the hero by the side it fights on: turned over, it is the
    Awakened Hero (its rules' and its card's name), no longer the Legendary Hero."""
    hero = looks.cards.hero
    if card != hero.id or isinstance(event, m.HeroFlipped):  # the flip: the front turns over
        return looks.name(card)
    walker = view.adventurer if view is not None else None
    side = getattr(event, "side", None) or (walker.side if walker and walker.card == card else "")
    return in_language(hero.back.name) if side == "back" else looks.name(card)


def log_line(looks: CardLooks, event: Event,
             view: m.LastDungeonView | None = None) -> str | None:
    """``ld.log.<type>`` filled with the event's fields, card ids turned into names and space
    numbers into the names of those spaces in ``view`` (the table after the events)."""
    data = event_fields(event)
    for key in ("space", "to_space", "from_space"):
        if isinstance(data.get(key), int):
            data[key] = space_name(looks, view, data[key])
    if isinstance(data.get("card"), str) and data["card"]:
        data["card"] = card_name(looks, data["card"], event, view)
    if isinstance(data.get("room"), str) and data["room"]:
        # a room by the name its space shows ("Tavern Cellar"), not its event side's
        data["room"] = in_language(looks.cards.event(data["room"]).room_name)
    if "cards" in data:
        data["n"] = len(data["cards"])
        data["cards"] = t("list.sep").join(looks.name(c) for c in data["cards"])
    if "crystals" in data:
        data["n"] = len(data["crystals"])
    key = log_key("ld", event, (data.get("reason"), data.get("source"), data.get("effect"),
                                "forced" if data.get("forced") else None,
                                "exact" if data.get("lost") == 0 else None))
    if key is None:
        return None
    if "purpose" in data:
        data["purpose"] = t(f"ld.purpose.{data['purpose']}")
    return t(key, **data)
