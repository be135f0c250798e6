"""Last Dungeon's events as tweens over the table.

The renderer in ``table.py`` asks for these after every action; positions come from its layout and
from the views before and after the events. No rule here: only what the cards say and what the
events say happened.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core.protocol import Event
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.ui.layout import LastDungeonTable
from dungeon_table.ui import anim, fonts, tabletop, theme
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui.anim import Arc, Banner, FlipCard, FloatText, MoveCard, Together, Tween, Walk
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import in_language

SLOTS = 6  # the dungeon row's columns, as laid out by the renderer


# --- animations ------------------------------------------------------------------------------------
def tweens_for(r: LastDungeonTable, events: list[Event], before: m.LastDungeonView,
               after: m.LastDungeonView) -> list[Tween]:
    """Each event as a tween over the table after the events (positions from both views)."""
    g = r.geo
    assert g is not None
    out: list[Tween] = []
    floats: list[FloatText] = []
    for e in events:
        if isinstance(e, m.DamageDealt):
            floats.append(_damage_float(r, e, before, len(floats)))
            continue
        if floats:
            out.append(_fight(r, floats, before, after))
            floats = []
        out.extend(_tween(r, e, before, after))
    if floats:
        out.append(_fight(r, floats, before, after))
    return out


def _fight(r: LastDungeonTable, floats: list[FloatText], before: m.LastDungeonView,
           after: m.LastDungeonView) -> Tween:
    """The damage numbers rising over the cards that deal them: cards that leave the spaces in
    this fight (onto the adventurer's stack) stay in view until the last number has risen."""
    g = r.geo
    assert g is not None
    length = max(f.duration for f in floats)
    holds = tuple(
        MoveCard(image=r.looks.face(space.card, "hand", g.cw), start=r.space_rect(i).center,
                 end=r.space_rect(i).center, duration=length)
        for i, space in enumerate(before.spaces)
        if space.card and (i >= len(after.spaces) or after.spaces[i].card != space.card))
    a, b = before.adventurer, after.adventurer
    if a is not None and (b is None or (a.card, a.side, a.position) != (b.card, b.side,
                                                                        b.position)):
        # it walks, turns or leaves next, and is hidden till then: it stands here meanwhile,
        # with the damage stacked on it
        holds += (_standing(r, a, length),)
    return Together(parts=(*holds, *floats))


def stack_layout(r: LastDungeonTable,
                 a: m.Adventurer) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The damage stacked on ``a``: each card sideways and where it lies, hung down the column
    to its left (further left at the far end of the row, where its badges take that side)."""
    g = r.geo
    assert g is not None
    rect = r.adventurer_rect(a.position)
    room_right = rect.right + g.th.px(10) <= g.top.right
    left = g.col_x(a.position - 1) - (0 if room_right else g.th.px(6))
    left = max(left, g.board.x + round(g.cw * cf.RATIO * 0.62) // 2)
    images = [cf.sideways(r.looks.face(card, "hand", round(g.cw * 0.62))) for card in a.stack]
    return list(zip(images, tabletop.cascade_rects(images, left, rect.y, g.ch), strict=True))


def _carried(r: LastDungeonTable, a: m.Adventurer) -> tuple[tuple[pygame.Surface,
                                                                    tuple[float, float]], ...]:
    """``a``'s stack as riders of a tween centred on the adventurer: offsets from its centre."""
    cx, cy = r.adventurer_rect(a.position).center
    return tuple((image, (spot.centerx - cx, spot.centery - cy))
                 for image, spot in stack_layout(r, a))


def _standing(r: LastDungeonTable, a: m.Adventurer, length: float) -> Tween:
    """The adventurer and its stack held still for ``length`` ms while something else moves:
    a later walk, turn or exit hides them, and they must not vanish meanwhile."""
    g = r.geo
    assert g is not None
    spot = r.adventurer_rect(a.position).center
    still = Walk(image=r.looks.face(a.card, "adventurer", g.cw, a.side), path=(spot,),
                 riders=_carried(r, a))
    still.duration = length  # a walk of one spot: it times itself by its path otherwise
    return still


def _stack_spot(r: LastDungeonTable, position: int) -> tuple[int, int]:
    """Where stacked damage lies: beside the adventurer, in the column to its left."""
    g = r.geo
    assert g is not None
    return g.col_x(position - 1), r.adventurer_rect(position).centery


def _leave_spaces(r: LastDungeonTable, before: m.LastDungeonView, cards: list[str],
                  end: tuple[int, int]) -> list[Tween]:
    """The played cards sliding off their spaces (to the discard, or onto the stack)."""
    g = r.geo
    assert g is not None
    starts = {space.card: r.space_rect(i).center for i, space in enumerate(before.spaces)
              if space.card}
    if before.adventurer is not None:
        for card in before.adventurer.stack:
            starts.setdefault(card, _stack_spot(r, before.adventurer.position))
    moves = tuple(MoveCard(image=r.looks.face(c, "hand", g.discard.w if end == g.discard.center
                                        else g.cw), start=starts[c], end=end,
                           delay=k * 50.0, duration=260 + k * 50.0)
                  for k, c in enumerate(cards) if c in starts)
    return [Together(parts=moves)] if moves else []


def _damage_float(r: LastDungeonTable, e: m.DamageDealt, before: m.LastDungeonView,
                  k: int) -> FloatText:
    g = r.geo
    assert g is not None
    if e.source == "stack" and before.adventurer is not None:
        spot = r.adventurer_rect(before.adventurer.position).center
    else:
        spot = r.space_rect(e.space).center
    image = anim.outlined(f"-{e.damage}", g.th.scale * 1.5, theme.TEXT, (120, 20, 16))
    return FloatText(image=image, start=spot, rise=g.th.px(8), delay=k * 160.0,
                     duration=600 + k * 160.0)


def _banner(r: LastDungeonTable, text: str, colour: Any, sub: str = "") -> Tween:
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


def _hand_spot(r: LastDungeonTable, view: m.LastDungeonView, card: str) -> tuple[int, int]:
    g = r.geo
    assert g is not None
    hand = view.hand or []
    if card in hand:
        return r.hand_rects(len(hand))[hand.index(card)].center
    return g.hand.center


def _tween(r: LastDungeonTable, e: Event, before: m.LastDungeonView,
           after: m.LastDungeonView) -> list[Tween]:
    g = r.geo
    assert g is not None
    if isinstance(e, m.CardPlayed):
        image = r.looks.face(e.card, "hand", g.cw)
        return [MoveCard(image=image, start=_hand_spot(r, before, e.card),
                         end=r.space_rect(e.space).center, hides=frozenset({f"space:{e.space}"}))]
    if isinstance(e, m.CardsDiscarded) and e.reason == "cleared":
        return _leave_spaces(r, before, e.cards, g.discard.center)
    if isinstance(e, m.CardsDiscarded):
        small = g.discard.w
        return [Together(parts=tuple(
            MoveCard(image=r.looks.face(c, "hand", small), start=_hand_spot(r, before, c),
                     end=g.discard.center, delay=k * 60.0, duration=250 + k * 60.0)
            for k, c in enumerate(e.cards)))]
    if isinstance(e, m.Advanced) and before.adventurer is not None:
        played = [sp.card for sp in before.spaces if sp.card]  # now stacked on the adventurer
        leave = _leave_spaces(r, before, played, _stack_spot(r, e.from_space))
        if leave:  # the cards slide onto a stack that is there to receive them
            leave = [Together(parts=(_standing(r, before.adventurer, leave[0].duration),
                                     *leave))]
        return [*leave, *_walk(r, e, after)]
    if isinstance(e, m.Retreated):
        return _walk(r, e, after)
    return _tween_more(r, e, before, after)


def _walk(r: LastDungeonTable, e: m.Advanced | m.Retreated,
          after: m.LastDungeonView) -> list[Tween]:
    g = r.geo
    assert g is not None
    if after.adventurer is None:
        return []
    step = 1 if e.to_space >= e.from_space else -1
    path = tuple(r.adventurer_rect(p).center for p in range(e.from_space, e.to_space + step, step))
    image = r.looks.face(e.card, "adventurer", g.cw, after.adventurer.side)
    return [Walk(image=image, path=path, riders=_carried(r, after.adventurer),
                 hides=frozenset({"adventurer"}))]


def _tween_more(r: LastDungeonTable, e: Event, before: m.LastDungeonView,
                after: m.LastDungeonView) -> list[Tween]:
    g = r.geo
    assert g is not None
    if isinstance(e, m.Repelled):
        return [_banner(r, t("ld.banner.repelled", card=r.looks.name(e.card)), theme.GOOD)]
    if isinstance(e, m.AdventurerEntered):
        back = r.looks.deck_back(f"level{e.level}", g.cw)
        front = r.looks.face(e.card, "adventurer", g.cw, e.side)
        return [FlipCard(front=back, back=front, center=r.adventurer_rect(e.space).center,
                         hides=frozenset({"adventurer"}))]
    if isinstance(e, m.HeroFlipped) and before.adventurer is not None:
        spot = r.adventurer_rect(before.adventurer.position).center
        return [FlipCard(front=r.looks.face(e.card, "adventurer", g.cw, "front"),
                         back=r.looks.face(e.card, "adventurer", g.cw, "back"), center=spot,
                         hides=frozenset({"adventurer"})),
                _banner(r, t("ld.banner.hero"), theme.DANGER)]
    if isinstance(e, m.EventResolved):
        text = in_language(r.cards.event(e.card).text)
        return [_banner(r, t("ld.banner.event", card=r.looks.name(e.card)), theme.GOLD, text)]
    if isinstance(e, m.Crystallised) and before.adventurer is not None:
        start = r.adventurer_rect(before.adventurer.position).center
        rects = r.crystal_rects(max(1, len(after.crystals)))
        return [Arc(image=r.looks.crystal_back(e.value, rects[-1].w), start=start, end=rects[-1].center,
                    height=g.th.px(10))]
    if isinstance(e, m.CrystalsSpent):
        rects = r.crystal_rects(len(before.crystals))
        spots = {c.card: rect.center for c, rect in zip(before.crystals, rects, strict=True)}
        return [Together(parts=tuple(
            Arc(image=r.looks.crystal_back(c.value, rects[0].w), start=spots[c.card],
                end=(spots[c.card][0], g.board.y - g.ch), height=g.th.px(4))
            for c in before.crystals if c.card in e.crystals))]
    if isinstance(e, m.CardsDrawn) and after.hand is not None:
        n = len(after.hand)
        rects = r.hand_rects(n)
        first = n - len(e.cards)
        back = r.looks.dungeon_back(g.cw)
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
