"""The relic table's events as tweens: draws slide from the deck to a hand, plays from a hand to
a dungeon, a field or the battle, discards to the pile; a search turns its depth over and shows
the dice face and the points; a battle ends with its outcome in a ribbon. Every event has at
least a beat, so the log and the table move together."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from dungeon_table.core.protocol import Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.draw import OUTCOME_COLOURS
from dungeon_table.games.relic.ui.faces import face_text
from dungeon_table.games.relic.ui.layout import RelicTable
from dungeon_table.games.relic.ui.log import seat_name
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.anim import (
    Banner,
    FlipCard,
    FloatText,
    MoveCard,
    Pause,
    Together,
    Tween,
    outlined,
    ribbon,
)
from dungeon_table.ui.i18n import t


@dataclass
class Backdrop(Tween):
    """A plain panel over the centre while a finished battle is still shown on it."""

    rect: pygame.Rect = field(default_factory=pygame.Rect)
    th: theme.Theme = field(default_factory=theme.Theme)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        theme.draw_panel(surface, self.rect, self.th)


def centre(rect: pygame.Rect) -> tuple[float, float]:
    return (float(rect.centerx), float(rect.centery))


def banner(r: RelicTable, view: m.RelicView, text: str,
           colour: tuple[int, int, int] = theme.PANEL) -> Banner:
    image = fonts.text(text, "heading", theme.TEXT, r.th.scale, True)
    return Banner(image=ribbon(image, colour, r.th.px(3), r.th.px(1.5)),
                  center=centre(r.geo(view).panel))


def hand_spot(r: RelicTable, view: m.RelicView, seat: int, card: str) -> pygame.Rect:
    """Where ``card`` lies in ``seat``'s hand (the viewer's fan), else that seat's hand mark."""
    hand = r.hand(view)
    if seat == r.bottom(view) and card in hand and view.seat is not None:
        return r.hand_rects(view)[hand.index(card)]
    return r.other_hand_rect(view, seat)


def card_spot(r: RelicTable, view: m.RelicView, card: str) -> pygame.Rect | None:
    """Where ``card`` lies on the table after the events, if it is in sight."""
    g = r.geo(view)
    for seat, player in enumerate(view.players):
        for k, d in enumerate(player.dungeon):
            if d.card == card:
                return g.seats[seat].card_spot(k)
        rects = g.seats[seat].enemy_rects(len(player.enemies))
        for rect, enemy in zip(rects, player.enemies, strict=True):
            if enemy.card == card:
                return rect
    if view.battle is not None and card in view.battle.committed:
        return r.battle_geo(view).committed[view.battle.committed.index(card)]
    return None


def move(r: RelicTable, card: str, start: pygame.Rect, end: pygame.Rect, face_up: bool,
         delay: float = 0.0) -> MoveCard:
    image = r.looks.face(card, end.w) if face_up and card else r.looks.back(end.w)
    return MoveCard(image=image, start=centre(start), end=centre(end), delay=delay,
                    hides=frozenset({f"card:{card}"}) if card else frozenset())


def floating(r: RelicTable, text: str, at: pygame.Rect,
             colour: tuple[int, int, int] = theme.GOLD) -> FloatText:
    return FloatText(image=outlined(text, r.th.scale, colour, theme.FELT_DARK),
                     start=centre(at), rise=r.th.px(6))


def tweens_for(r: RelicTable, events: list[Event], before: m.RelicView,
               after: m.RelicView) -> list[Tween]:
    out: list[Tween] = []
    for event in events:
        out += tween_for(r, event, before, after)
    return out


def tween_for(r: RelicTable, e: Event, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    g = r.geo(after)
    handler = HANDLERS.get(type(e))
    if handler is not None:
        return handler(r, e, before, after)
    if isinstance(e, (m.TurnStarted, m.FirstPlayer)):
        return [banner(r, after, t("relic.anim.turn", name=seat_name(e.seat)))]
    if isinstance(e, m.GameEnded):
        return [banner(r, after, t("relic.anim.game_over"), theme.ACCENT)]
    if isinstance(e, m.SearchForfeited):
        spot = g.seats[e.seat].depths[e.depth - 1]
        return [floating(r, t("relic.anim.forfeited", n=e.depth), spot, theme.DANGER)]
    if isinstance(e, (m.SkillFired, m.WildChosen)):
        spot = card_spot(r, after, e.card) or g.discard
        return [floating(r, r.looks.skill_name(e.skill), spot, theme.LEGAL)]
    if isinstance(e, m.PhaseChosen):
        return [banner(r, after, t(f"relic.phase.{e.phase}"))]
    if isinstance(e, m.TsChosen):
        return [floating(r, t(f"relic.ts.{e.ts}"), g.panel, theme.TEXT)]
    return [Pause()]


def _drew(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    card = getattr(e, "card", "")
    end = hand_spot(r, after, e.seat, card)
    return [move(r, card, r.geo(after).deck, end, bool(card))]


def _first_draw(r: RelicTable, e: Any, before: m.RelicView,
                after: m.RelicView) -> list[Tween]:
    g = r.geo(after)
    parts: list[Tween] = []
    for seat, (card, face) in enumerate(zip(e.cards, e.faces, strict=False)):
        if not card:
            continue
        spot = g.seats[seat].header
        parts.append(floating(r, f"{seat_name(seat)} {face_text(face)}", spot))
    return [Together(parts=tuple(parts))] if parts else [Pause()]


def _dungeon_set(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    end = r.geo(after).seats[e.seat].card_spot(max(0, e.count - 1))
    return [move(r, e.card, hand_spot(r, before, e.seat, e.card), end, True)]


def _enemy_set(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    end = card_spot(r, after, e.card) or r.geo(after).seats[e.target].enemies
    return [move(r, e.card, hand_spot(r, before, e.seat, e.card), end, True)]


def _committed(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    end = card_spot(r, after, e.card) or r.geo(after).panel
    return [move(r, e.card, hand_spot(r, before, e.seat, e.card), end, True)]


def _withdrawn(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    start = card_spot(r, before, e.card) or r.geo(after).panel
    return [move(r, e.card, start, hand_spot(r, after, e.seat, e.card), True)]


def _discarded(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    g = r.geo(after)
    parts: list[Tween] = []
    for k, card in enumerate(e.cards):
        start = card_spot(r, before, card) or hand_spot(r, before, e.seat, card)
        parts.append(move(r, card, start, g.discard, True, delay=k * 60.0))
        parts[-1].duration += k * 60.0
    return [Together(parts=tuple(parts))] if parts else [Pause()]


def _searched(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    """The depth's cards turn over, the deck's top card turns up, the points rise."""
    g = r.geo(after)
    sg = g.seats[e.seat]
    flips: list[Tween] = []
    for k, card in enumerate(after.players[e.seat].dungeon):
        if card.depth == e.depth:
            rect = sg.card_spot(k)
            flips.append(FlipCard(front=r.looks.face(card.card, rect.w),
                                  back=r.looks.back(rect.w), center=centre(rect),
                                  hides=frozenset({f"card:{card.card}"})))
    shown: list[Tween] = [Together(parts=tuple(flips))] if flips else []
    if e.card:
        shown.append(FlipCard(front=r.looks.back(g.deck.w), back=r.looks.face(e.card, g.deck.w),
                              center=centre(g.deck), duration=400.0))
    text = (t("relic.anim.treasure", face=e.face, n=e.points, treasure=r.looks.treasure_name(
        e.treasure)) if e.face else t("relic.anim.fail"))
    shown.append(banner(r, after, text, theme.ACCENT if e.face else theme.PANEL))
    return shown


def _fought(r: RelicTable, e: Any, before: m.RelicView, after: m.RelicView) -> list[Tween]:
    """The battle as it stood stays in the panel under the outcome's ribbon; a defeated enemy
    then goes to the winner's score pile (the characters go with their ``Discarded``)."""
    g = r.geo(after)
    text = t("relic.anim.fought", bp=e.bp, enemy_bp=e.enemy_bp,
             outcome=t(f"relic.outcome.{e.outcome}"))
    colour = theme.mix(OUTCOME_COLOURS.get(e.outcome, theme.PANEL), theme.FELT_DARK, 0.35)
    ribbon_tween = banner(r, after, text, colour)
    held: list[Tween] = []
    if before.battle is not None and after.battle is None:
        bg = r.battle_geo(before)
        cards = [(bg.enemy, e.enemy)] + list(zip(bg.committed, before.battle.committed,
                                                strict=True))
        held = [Backdrop(duration=ribbon_tween.duration, rect=g.panel, th=r.th)]
        held += [MoveCard(duration=ribbon_tween.duration, image=r.looks.face(card, rect.w),
                         start=centre(rect), end=centre(rect), hides=frozenset({f"card:{card}"}))
                for rect, card in cards]
    out: list[Tween] = [Together(parts=(*held, ribbon_tween))]
    if e.outcome == "won":
        start = card_spot(r, before, e.enemy) or g.panel
        sg = g.seats[e.seat]
        end = pygame.Rect(0, 0, sg.cw, sg.ch)
        end.center = sg.score.center
        out.append(move(r, e.enemy, start, end, True))
    return out


HANDLERS = {
    m.Drew: _drew, m.DrewHidden: _drew, m.FirstPlayerDraw: _first_draw,
    m.DungeonSet: _dungeon_set, m.EnemySet: _enemy_set, m.Committed: _committed,
    m.Withdrawn: _withdrawn, m.Discarded: _discarded, m.Searched: _searched, m.Fought: _fought,
}
