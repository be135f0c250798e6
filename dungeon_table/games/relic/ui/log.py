"""The relic expedition's game log: every event as a line, in English or Japanese, seats named
by their colour ("Blue sets Bat Swarm on Red's field."), a heading for each new turn, and the
one line Continue and Load show.

``relic.log.<event type>`` is filled with the event's fields, card ids turned into names; a
variant ``relic.log.<type>_<variant>`` is used when it exists (an outcome, a reason).
"""

from __future__ import annotations

from typing import Any

import msgspec

from dungeon_table.core.protocol import Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.faces import RelicLooks, face_text
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import LogHeading, log_key

SEAT_COLOURS = ("red", "blue", "yellow", "green")
CARD_FIELDS = ("card", "enemy")


def seat_name(seat: int) -> str:
    if 0 <= seat < len(SEAT_COLOURS):
        return t(f"relic.colour.{SEAT_COLOURS[seat]}")
    return str(seat)


def heading(before: m.RelicView | None, after: m.RelicView) -> str | None:
    """The game's first heading; later turns start with their ``TurnStarted`` event."""
    if before is None and after.turn:
        return t("relic.log.heading", n=after.turn, name=seat_name(after.active))
    return None


def decision_key(view: m.RelicView) -> str | None:
    """What the viewing seat decides now, as the handoff banner's phrase after its name."""
    if view.prompt is not None:
        return "relic.reason.prompt"
    return {"search": "relic.reason.search", "play": "relic.reason.play",
            "dungeon": "relic.reason.dungeon", "battle": "relic.reason.battle",
            "end": "relic.reason.end"}.get(view.phase, "handoff.reason.turn")


def summary(view: m.RelicView, result: Any = None) -> str:
    """Turn and points while it runs; who won with how many points once it is over."""
    if result is None:
        points = " · ".join(f"{seat_name(p.seat)} {p.points}" for p in view.players)
        return t("relic.summary", turn=view.turn, points=points)
    winners = [seat_name(s) for s in result.winners]
    total = next((line.value for line in result.breakdown[result.winners[0]]
                  if line.key == "score.total"), 0) if result.winners and result.breakdown else 0
    key = "relic.summary.won" if len(winners) == 1 else "relic.summary.shared"
    return t(key, name=winners[0] if winners else "", names=t("relic.and").join(winners),
             points=total)


def lines(looks: RelicLooks, events: list[Event], before: m.RelicView | None,
          after: m.RelicView) -> list[str]:
    out: list[str] = []
    for event in events:
        if isinstance(event, m.TurnStarted):
            out.append(LogHeading(t("relic.log.heading", n=event.turn,
                                    name=seat_name(event.seat))))
            continue
        line = line_for(looks, event)
        if line and isinstance(event, m.Fought) and before is not None:
            line += wild_note(looks, before)
        if line:
            out.append(line)
    return out


def wild_note(looks: RelicLooks, before: m.RelicView) -> str:
    """What each wild card in the fight played as (the event lists skills, not whose)."""
    battle = before.battle
    if battle is None:
        return ""
    return "".join(t("relic.log.wild_note", card_name=looks.name(card),
                     skill_name=looks.skill_name(skill))
                   for card, skill in zip(battle.wild, battle.wild_as, strict=False) if skill)


def _fields(looks: RelicLooks, event: Event) -> dict[str, Any]:
    """The event's fields as the catalogue's placeholders: names for seats, cards and TS."""
    raw = msgspec.structs.asdict(event)
    out: dict[str, Any] = dict(raw)
    for key in ("seat", "owner", "target"):
        if key in raw:
            out[f"{key}_name"] = seat_name(raw[key])
    for key in CARD_FIELDS:
        if raw.get(key):
            out[f"{key}_name"] = looks.name(raw[key])
    for key in ("ts", "enemy_ts"):
        if raw.get(key):
            out[f"{key}_name"] = t(f"relic.ts.{raw[key]}")
    if "skill" in raw:
        out["skill_name"] = looks.skill_name(raw["skill"])
    if "cards" in raw and isinstance(raw["cards"], list):
        out["cards_names"] = t("list.sep").join(looks.name(c) for c in raw["cards"] if c)
    if "face" in raw and isinstance(raw["face"], int):
        out["face_text"] = face_text(raw["face"])
    if raw.get("treasure"):
        out["treasure_name"] = looks.treasure_name(raw["treasure"])
    if "skills" in raw:
        out["skills_names"] = t("list.sep").join(looks.skill_name(s) for s in raw["skills"])
    if "points" in raw and isinstance(raw["points"], list):
        out["points_list"] = t("list.sep").join(
            f"{seat_name(k)} {p}" for k, p in enumerate(raw["points"]))
    if "phase" in raw:
        out["phase_name"] = t(f"relic.phase.{raw['phase']}")
    return out


def _variant(event: Event) -> str:
    """The event's variant key part: an outcome, a reason or a via."""
    if isinstance(event, m.Fought):
        return event.outcome
    if isinstance(event, m.Searched):
        return "fail" if not event.face else event.via
    if isinstance(event, m.FirstPlayerDraw):
        return "redraw" if event.round > 1 else ""
    if isinstance(event, m.SkillPassed) and event.skill == "wild":
        return f"{event.reason}_wild"  # a wild card that had no skill to be: not "wild" acting
    if isinstance(event, (m.Drew, m.DrewHidden, m.Discarded, m.SkillPassed, m.GameEnded)):
        return event.reason
    if isinstance(event, m.DungeonSet):
        return event.via
    if isinstance(event, m.WildChosen):
        return "" if event.skill else "none"
    return ""


def line_for(looks: RelicLooks, event: Event) -> str:
    key = log_key("relic", event, [_variant(event)])
    if key is None:
        return ""
    fields = _fields(looks, event)
    if isinstance(event, m.FirstPlayerDraw):
        fields["draws"] = t("list.sep").join(
            t("relic.log.draw_face", name=seat_name(k), card=looks.name(c), face=face_text(f))
            for k, (c, f) in enumerate(zip(event.cards, event.faces, strict=False)) if c)
    return t(key, **fields)
