"""What Last Dungeon events look like: each event as tweens over the table, and as log lines.

The renderer in ``view.py`` asks for these after every action; positions come from its layout and
from the views before and after the events. No rule here: only what the events say happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from dungeon_table.core.protocol import Event
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.ui import anim, fonts, i18n, theme
from dungeon_table.ui.anim import Arc, Banner, FlipCard, FloatText, MoveCard, Together, Tween, Walk
from dungeon_table.ui.i18n import t

if TYPE_CHECKING:
    from dungeon_table.games.lastdungeon.view import LastDungeonRenderer

SLOTS = 6  # the dungeon row's columns, as laid out by the renderer


# --- the log -----------------------------------------------------------------------------------
def log_line(r: LastDungeonRenderer, event: Event) -> str | None:
    """``ld.log.<type>`` filled with the event's fields, card ids turned into names."""
    data = {k: getattr(event, k) for k in event.__struct_fields__ if k != "to"}
    for key in ("card", "room"):
        if isinstance(data.get(key), str) and data[key]:
            data[key] = r.name(data[key])
    if "cards" in data:
        data["n"] = len(data["cards"])
        data["cards"] = ", ".join(r.name(c) for c in data["cards"])
    if "crystals" in data:
        data["n"] = len(data["crystals"])
    kind = event.__struct_config__.tag
    key = f"ld.log.{kind}"
    for variant in (data.get("reason"), data.get("source"), data.get("effect"),
                    "forced" if data.get("forced") else None,
                    "exact" if data.get("lost") == 0 else None):
        if variant and (i18n.has(f"{key}_{variant}") or i18n.has(f"{key}_{variant}", "en")):
            key = f"{key}_{variant}"
            break
    if "purpose" in data:
        data["purpose"] = t(f"ld.purpose.{data['purpose']}")
    return t(key, **data)


# --- animations ------------------------------------------------------------------------------------
def tweens_for(r: LastDungeonRenderer, events: list[Event], before: m.LastDungeonView,
               after: m.LastDungeonView) -> list[Tween]:
    """Each event as a tween over the table after the events (positions from both views)."""
    g = r.geo
    assert g is not None
    out: list[Tween] = []
    floats: list[Tween] = []
    for e in events:
        if isinstance(e, m.DamageDealt):
            floats.append(_damage_float(r, e, before, len(floats)))
            continue
        if floats:
            out.append(Together(parts=tuple(floats)))
            floats = []
        out.extend(_tween(r, e, before, after))
    if floats:
        out.append(Together(parts=tuple(floats)))
    return out


def _damage_float(r: LastDungeonRenderer, e: m.DamageDealt, before: m.LastDungeonView,
                  k: int) -> Tween:
    g = r.geo
    assert g is not None
    if e.source == "stack" and before.adventurer is not None:
        spot = r.adventurer_rect(before.adventurer.position).center
    else:
        spot = r.space_rect(e.space).center
    image = anim.outlined(f"-{e.damage}", g.th.scale * 1.5, theme.TEXT, (120, 20, 16))
    return FloatText(image=image, start=spot, rise=g.th.px(8), delay=k * 160.0,
                     duration=600 + k * 160.0)


def _banner(r: LastDungeonRenderer, text: str, colour: Any, sub: str = "") -> Tween:
    """A ribbon across the dungeon row, never wider than it: the headline shrinks to fit and the
    optional second text (an event's effect) wraps under it."""
    g = r.geo
    assert g is not None
    room = g.colw * SLOTS - 2 * g.th.px(6)
    text, role, scale = fonts.shrink_to_fit(text, "title", room, g.th.scale * 0.8, True, 0.6)
    images = [fonts.text(text, role, theme.TEXT, scale, True)]
    images += [fonts.text(line, "heading", theme.TEXT, g.th.scale * 0.8)
               for line in (fonts.wrap(sub, "heading", room, g.th.scale * 0.8) if sub else [])]
    block = pygame.Surface((max(i.get_width() for i in images),
                            sum(i.get_height() for i in images)), pygame.SRCALPHA)
    y = 0
    for image in images:
        block.blit(image, image.get_rect(midtop=(block.get_width() // 2, y)))
        y += image.get_height()
    centre = (g.x0 + g.colw * SLOTS // 2, g.mat_y + g.th.px(2) + block.get_height() // 2)
    return Banner(image=anim.ribbon(block, colour, g.th.px(6), g.th.px(1.5)), center=centre)


def _hand_spot(r: LastDungeonRenderer, view: m.LastDungeonView, card: str) -> tuple[int, int]:
    g = r.geo
    assert g is not None
    hand = view.hand or []
    if card in hand:
        return r.hand_rects(len(hand))[hand.index(card)].center
    return g.hand.center


def _tween(r: LastDungeonRenderer, e: Event, before: m.LastDungeonView,
           after: m.LastDungeonView) -> list[Tween]:
    g = r.geo
    assert g is not None
    if isinstance(e, m.CardPlayed):
        image = r.face(e.card, "hand", g.cw)
        return [MoveCard(image=image, start=_hand_spot(r, before, e.card),
                         end=r.space_rect(e.space).center, hides=frozenset({f"space:{e.space}"}))]
    if isinstance(e, m.CardsDiscarded) and e.reason != "cleared":
        small = g.discard.w
        return [Together(parts=tuple(
            MoveCard(image=r.face(c, "hand", small), start=_hand_spot(r, before, c),
                     end=g.discard.center, delay=k * 60.0, duration=250 + k * 60.0)
            for k, c in enumerate(e.cards)))]
    if isinstance(e, (m.Advanced, m.Retreated)) and after.adventurer is not None:
        step = 1 if e.to_space >= e.from_space else -1
        path = tuple(r.adventurer_rect(p).center
                     for p in range(e.from_space, e.to_space + step, step))
        image = r.face(e.card, "adventurer", g.cw, after.adventurer.side)
        return [Walk(image=image, path=path, hides=frozenset({"adventurer"}))]
    if isinstance(e, m.Repelled):
        return [_banner(r, t("ld.banner.repelled", card=r.name(e.card)), theme.GOOD)]
    if isinstance(e, m.AdventurerEntered):
        back = r.deck_back(f"level{e.level}", g.cw)
        front = r.face(e.card, "adventurer", g.cw, e.side)
        return [FlipCard(front=back, back=front, center=r.adventurer_rect(e.space).center,
                         hides=frozenset({"adventurer"}))]
    if isinstance(e, m.HeroFlipped) and before.adventurer is not None:
        spot = r.adventurer_rect(before.adventurer.position).center
        return [FlipCard(front=r.face(e.card, "adventurer", g.cw, "front"),
                         back=r.face(e.card, "adventurer", g.cw, "back"), center=spot,
                         hides=frozenset({"adventurer"})),
                _banner(r, t("ld.banner.hero"), theme.DANGER)]
    if isinstance(e, m.EventResolved):
        text = r.lang_text(r.cards.event(e.card).text)
        return [_banner(r, t("ld.banner.event", card=r.name(e.card)), theme.GOLD, text)]
    if isinstance(e, m.Crystallised) and before.adventurer is not None:
        start = r.adventurer_rect(before.adventurer.position).center
        rects = r.crystal_rects(max(1, len(after.crystals)))
        return [Arc(image=r.crystal_back(e.value, rects[-1].w), start=start, end=rects[-1].center,
                    height=g.th.px(10))]
    if isinstance(e, m.CrystalsSpent):
        rects = r.crystal_rects(len(before.crystals))
        spots = {c.card: rect.center for c, rect in zip(before.crystals, rects, strict=True)}
        return [Together(parts=tuple(
            Arc(image=r.crystal_back(c.value, rects[0].w), start=spots[c.card],
                end=(spots[c.card][0], g.board.y - g.ch), height=g.th.px(4))
            for c in before.crystals if c.card in e.crystals))]
    if isinstance(e, m.CardsDrawn) and after.hand is not None:
        n = len(after.hand)
        rects = r.hand_rects(n)
        first = n - len(e.cards)
        back = r.dungeon_back(g.cw)
        return [Together(parts=tuple(
            MoveCard(image=back, start=g.draw.center, end=rects[first + k].center,
                     delay=k * 90.0, duration=260 + k * 90.0,
                     hides=frozenset({f"hand:{first + k}"}))
            for k in range(len(e.cards)) if first + k < n))]
    if isinstance(e, m.Expanded):
        return [_banner(r, t("ld.banner.expanded"), theme.GOLD)]
    if isinstance(e, m.GameWon):
        return [_banner(r, t("ld.banner.won"), theme.GOOD)]
    if isinstance(e, m.GameLost):
        return [_banner(r, t("ld.banner.lost"), theme.DANGER)]
    return []
