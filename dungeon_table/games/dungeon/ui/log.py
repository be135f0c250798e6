"""Dungeon!'s game log: every event as a line in English or Japanese, heroes named by class and
seat ("Fighter (P2) attacks the Troll: 5 + 4 + 1 = 10 against 8: hit!"), a heading for each turn,
the mode's line over the board, and the one line Continue and Load show.

``dungeon.log.<event type>`` is filled with the event's fields, ids turned into names; a variant
``dungeon.log.<type>_<variant>`` is used when it exists (hit or miss, a source, a reason).
"""

from __future__ import annotations

from typing import Any

import msgspec

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import faces as vc
from dungeon_table.games.dungeon.ui.layout import board_or_none
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import LogHeading, in_language, log_key

CARD_FIELDS = ("card", "monster", "treasure")


def who(view: m.DungeonView | None, seat: int) -> str:
    hero = view.heroes[seat].hero if view is not None and 0 <= seat < len(view.heroes) else ""
    return t("dungeon.who", hero=vc.hero_name(hero), n=seat + 1)


def space_name(space: str) -> str:
    """"the Great Hall", a chamber's name, "room 3c", "a corridor": how a player says it."""
    if not space:
        return ""
    board = board_or_none()
    found = board.spaces.get(space) if board is not None else None
    if found is not None and found.name is not None:
        text = in_language(found.name)
        if text:
            return t("dungeon.space.named", name=text, id=space) if found.kind == "chamber" \
                else text
    kind = found.kind if found is not None else ("corridor" if space.startswith("c") else "room")
    level = found.level if found is not None else 0
    if kind == "corridor" and not level:
        kind = "corridor_plain"
    return t(f"dungeon.space.{kind}", id=space, level=level)


def dice_text(dice: list[int]) -> str:
    return " + ".join(str(d) for d in dice)


def heading(before: m.DungeonView | None, after: m.DungeonView) -> str | None:
    """The game's first heading; later turns start with their ``TurnStarted`` event."""
    if before is None:
        return t("dungeon.log.heading_setup")
    return None


def decision_key(view: m.DungeonView) -> str | None:
    return {"choose_hero": "dungeon.reason.choose_hero", "spells": "dungeon.reason.wishes",
            "move": "dungeon.reason.move", "doorway": "dungeon.reason.doorway",
            "combat": "dungeon.reason.combat", "pit": "dungeon.reason.pit"}.get(
        view.phase, "handoff.reason.turn")


def mode_line(view: m.DungeonView) -> str:
    """What the solo mode asks, over the board."""
    if view.mode == "treasure_hunt" and view.hunt_treasure:
        return t("dungeon.mode.treasure_hunt", name=vc.name(view.hunt_treasure),
                 level=vc.level(view.hunt_treasure))
    if view.mode == "hunter":
        return t("dungeon.mode.hunter", n=len(view.hunters))
    if view.mode == "time_attack":
        return t("dungeon.mode.time_attack")
    return t("dungeon.mode.race_round", n=view.turn)  # the number the log's headings count


def summary(view: m.DungeonView, result: Any = None) -> str:
    """The turn (as the log counts it) and the richest hero while it runs; who won once over."""
    if result is None:
        best = max(view.heroes, key=lambda h: h.gp, default=None)
        if best is None:
            return t("dungeon.summary.round", n=view.turn)
        return t("dungeon.summary.running", n=view.turn, who=who(view, best.seat),
                 gp=f"{best.gp:,}")
    if not result.winners:
        return t("dungeon.summary.lost")
    names = t("dungeon.and").join(who(view, s) for s in result.winners)
    return t("dungeon.summary.won", names=names)


def lines(events: list[Event], before: m.DungeonView | None, after: m.DungeonView) -> list[str]:
    out: list[str] = []
    for event in events:
        if isinstance(event, m.TurnStarted):
            out.append(LogHeading(t("dungeon.log.heading", n=event.turn,
                                    who=who(after, event.seat))))
            continue
        line = line_for(event, after)
        if line:
            out.append(line)
    return out


def _variant(event: Event) -> str:
    if isinstance(event, (m.AttackRolled, m.SecretDoorRolled)):
        if isinstance(event, m.SecretDoorRolled) and event.found and not event.die:
            return "card"
        return "hit" if getattr(event, "hit", False) or getattr(event, "found", False) else "miss"
    if isinstance(event, m.SpellCast):
        return "teleport" if event.spell == "teleport" else ("hit" if event.hit else "miss")
    if isinstance(event, (m.MonsterRevealed, m.TreasureGained)):
        return event.source
    if isinstance(event, m.SpellbookFilled):
        return "replaced" if event.replaced else ""
    if isinstance(event, m.TreasureDropped):
        return "hunter" if event.hunter else "slot" if event.slot else "space"
    if isinstance(event, m.MonsterSlotted):
        return "face_down" if event.face_down or not event.card else ""
    if isinstance(event, m.Scried):
        return "room" if event.treasure else "chamber"
    if isinstance(event, m.FellIntoPit):
        return "redrawn" if event.redrawn else ""
    if isinstance(event, m.GameEnded):
        return event.reason
    if isinstance(event, m.MonsterDefeated):  # a chamber has no treasure to draw: say so
        board = board_or_none()
        found = board.spaces.get(event.space) if board is not None else None
        return "chamber" if found is not None and found.kind == "chamber" else ""
    if isinstance(event, m.TurnEnded) and not event.space:
        return "off"  # killed this turn: off the board
    return ""


def fields(event: Event, view: m.DungeonView | None) -> dict[str, Any]:
    """The event's fields as the catalogue's placeholders: names for seats, cards, spaces."""
    raw = msgspec.structs.asdict(event)
    out: dict[str, Any] = dict(raw)
    if "seat" in raw:
        out["who"] = who(view, raw["seat"])
    for key in CARD_FIELDS:
        if isinstance(raw.get(key), str):
            out[f"{key}_name"] = vc.name(raw[key])
    if isinstance(raw.get("card"), str):
        out["gp"] = f"{vc.gp(raw['card']):,}"
    for key in ("space", "to"):
        if isinstance(raw.get(key), str):
            out[f"{key}_name"] = space_name(raw[key])
    if isinstance(raw.get("path"), list) and raw["path"]:
        out["to_name"] = space_name(raw["path"][-1])
        out["steps"] = len(raw["path"])
    if isinstance(raw.get("dice"), list):
        out["dice_text"] = dice_text(raw["dice"])
        out["total"] = sum(raw["dice"]) + raw.get("bonus", 0)
    if isinstance(raw.get("spells"), list):
        out["spells_text"] = vc.spell_counts(raw["spells"], " · ")
    if "spell" in raw:
        out["spell_name"] = vc.spell_name(raw["spell"])
        if raw.get("target"):  # a monster card, or the chamber a teleport aims at
            out["target_name"] = space_name(raw["target"]) if raw["spell"] == "teleport" \
                else vc.name(raw["target"])
    if "hero" in raw:
        out["hero_name"] = vc.hero_name(raw["hero"])
    if isinstance(raw.get("pawn"), str):  # "fighter-2" is the engine's id; players say "#2"
        out["pawn"] = t("dungeon.pawn", n=raw["pawn"].rsplit("-", 1)[-1])
    if "result" in raw:
        out["result_name"] = t(f"dungeon.defeat.{raw['result']}")
    if "trap" in raw:
        out["trap_name"] = t(f"dungeon.trap_name.{raw['trap']}")
    if isinstance(raw.get("cards"), list):
        out["cards_names"] = t("list.sep").join(vc.name(c) for c in raw["cards"])
    if isinstance(raw.get("winners"), list):
        out["winners_names"] = t("dungeon.and").join(who(view, s) for s in raw["winners"]) \
            or t("dungeon.nobody")
    return out


def line_for(event: Event, view: m.DungeonView | None) -> str:
    key = log_key("dungeon", event, [_variant(event)])
    if key is None:
        return ""
    return t(key, **fields(event, view))
