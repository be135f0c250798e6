"""The Last Dungeon Pocket table: the renderer the generic ``TableScene`` drives.

Across the middle the dungeon row (entrance, rooms with their effects, treasure); above it the
adventurer on its space with its power and stacked damage; the hand fanned at the bottom between the
draw pile and the discard; on the right the adventurer deck, the crystals, the damage meter and the
phase buttons. Everything shown comes from ``LastDungeonView`` and the legal actions: no rule here.

Playing a card takes two clicks: the card (a local pick, ``Target.pick``), then a space.

Here: the layout, the targets and previews; the drawing is ``draw.py``, card faces ``faces.py``,
event tweens ``anim.py`` and log lines ``log.py``.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import load
from dungeon_table.games.lastdungeon.ui import anim, log
from dungeon_table.games.lastdungeon.ui.anim import SLOTS
from dungeon_table.games.lastdungeon.ui.draw import draw_table as paint_table
from dungeon_table.games.lastdungeon.ui.faces import CardLooks
from dungeon_table.games.lastdungeon.ui.layout import Geo
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop
from dungeon_table.ui.anim import Tween
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import Shown, TableRenderer, Target, UiState


class LastDungeonRenderer(TableRenderer):
    """``picked`` is the hand card picked, waiting for a space; ``shown`` holds each card drawn
    with the role it was drawn as (its face differs: "hand", "adventurer", "room"...)."""

    prefix = "ld"
    value_names = {"what": "ld.what.{id}"}

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.cards = load()
        self.looks = CardLooks(self.cards)
        self.geo: Geo | None = None
        self.shown: Shown[tuple[str, str]] = Shown()

    @classmethod
    def summary(cls, view: m.LastDungeonView, result: Any = None) -> str:
        """The menu's and Load's line: the round and how many were repelled while it runs; won,
        or the round it was lost in, and the points once it is over."""
        if result is None:
            return t("ld.summary", round=view.round, repelled=view.repelled)
        total = next((line.value for line in result.breakdown[0] if line.key == "score.total"), 0)
        if result.winners:
            return t("ld.summary.won", points=total)
        return t("ld.summary.lost", round=view.round, points=total)

    # --- layout -------------------------------------------------------------------------------
    def arrange(self) -> None:
        assert self.area is not None
        b, th = pygame.Rect(self.area), self.th
        mg = th.px(2)
        side_w = round(b.w * 0.2)
        cols_w = b.w - side_w - 3 * mg
        colw = cols_w // SLOTS
        top_h = round(b.h * 0.06)
        cw = min(round(b.h * 0.225 / cf.RATIO), round(colw * 0.9))
        ch = round(cw * cf.RATIO)
        header = (fonts.line_height("body", th.scale) + fonts.line_height("small", th.scale)
                  + th.px(2.5))
        mat_h = header + ch + th.px(6)
        hand_cw = min(round(cw * 1.1), round(b.h * 0.24 / cf.RATIO))
        hand_ch = round(hand_cw * cf.RATIO)
        lift = round(hand_ch * 0.16)
        spare = b.h - (2 * mg + top_h + ch + mat_h + hand_ch + lift)
        gap = max(mg, spare // 3)
        top = pygame.Rect(b.x + mg, b.y + mg, cols_w, top_h)
        row_a = top.bottom + gap
        mat_y = row_a + ch + gap
        hand_y = b.bottom - mg - hand_ch
        x0 = b.x + 2 * mg
        small = round(cw * 0.62)
        small_h = round(small * cf.RATIO)
        draw = pygame.Rect(x0, b.bottom - mg - small_h, small, small_h)
        discard = pygame.Rect(x0 + cols_w - small - mg, draw.y, small, small_h)
        hand = pygame.Rect(draw.right + mg * 2, hand_y, discard.x - draw.right - 4 * mg, hand_ch)
        side = pygame.Rect(b.right - side_w - mg, b.y + mg, side_w, b.h - 2 * mg)
        deck = pygame.Rect(side.x, row_a, side.w, ch)
        crystals = pygame.Rect(side.x, mat_y, side.w, round(mat_h * 0.5))
        meter = pygame.Rect(side.x, crystals.bottom + mg, side.w, mat_h - crystals.h - mg)
        buttons = pygame.Rect(side.x, meter.bottom + mg, side.w, b.bottom - mg - meter.bottom - mg)
        self.geo = Geo(b, th, cw, ch, colw, x0, top, row_a, mat_y, mat_h,
                       mat_y + header, hand, draw, discard, side, deck, crystals, meter, buttons,
                       hand_cw)

    def space_rect(self, i: int) -> pygame.Rect:
        g = self.geo
        assert g is not None
        return pygame.Rect(g.col_x(i) - g.cw // 2, g.card_y, g.cw, g.ch)

    def mat_rect(self, i: int) -> pygame.Rect:
        g = self.geo
        assert g is not None
        gap = g.th.px(0.75)
        return pygame.Rect(g.col_x(i) - g.colw // 2 + gap, g.mat_y, g.colw - 2 * gap, g.mat_h)

    def adventurer_rect(self, position: int) -> pygame.Rect:
        g = self.geo
        assert g is not None
        return pygame.Rect(g.col_x(position) - g.cw // 2, g.row_a, g.cw, g.ch)

    def hand_rects(self, n: int, lifted: set[int] | None = None) -> list[pygame.Rect]:
        g = self.geo
        assert g is not None
        return tabletop.hand_rects(g.hand, n, g.hand_cw, g.th, lifted,
                                   ceiling=g.card_y + g.ch + g.th.px(0.5))

    def crystal_rects(self, n: int) -> list[pygame.Rect]:
        g = self.geo
        assert g is not None
        return tabletop.row_rects(g.crystals, n, round(g.cw * 0.46), g.th)

    def thinking_area(self, view: m.LastDungeonView) -> pygame.Rect | None:
        return self.geo.buttons if self.geo is not None else None

    def button_rects(self, n: int) -> list[pygame.Rect]:
        g = self.geo
        assert g is not None
        return tabletop.button_rects(g.buttons, n, g.th)

    # --- targets --------------------------------------------------------------------------------
    def table_targets(self, view: m.LastDungeonView, legal: list[Action]) -> list[Target]:
        if view.hand is None:
            return []
        plays = [a for a in legal if isinstance(a, m.Play)]
        if self.picked is not None and not any(p.card == self.picked for p in plays):
            self.picked = None
        out: list[Target] = []
        lifted = self.lifted(view)
        rects = self.hand_rects(len(view.hand), lifted)
        for i, card in enumerate(view.hand):
            mine = [p for p in plays if p.card == card]
            z = int(i in lifted)  # draw_fan puts lifted cards over the fan
            if mine and view.phase == "actions":
                out.append(Target(rects[i], mine[0], self.looks.name(card), pick=self.picker(card),
                                  covers=list(mine), quiet=True, z=z))
            discard = m.Discard(card=card)
            if discard in legal:
                out.append(Target(rects[i], discard, self.looks.name(card), quiet=True, z=z))
        for p in plays:
            if p.card == self.picked:
                out.append(Target(self.space_rect(p.space), p, t("ld.space", n=p.space)))
        crystal_rects = self.crystal_rects(len(view.crystals))
        crowded = tabletop.overlapping(crystal_rects)  # then marked along their visible strips
        for rect, crystal in zip(crystal_rects, view.crystals, strict=True):
            pay = m.Pay(crystal=crystal.card)
            if pay in legal:
                out.append(Target(rect, pay, t("ld.crystal", n=crystal.value), quiet=crowded))
        # The keyboard starts on the primary button only when nothing else is to be chosen: with
        # cards to play, Enter must not fight before the player has looked at the hand.
        only_buttons = not out
        buttons = [(action, label, primary and only_buttons)
                   for action, label, primary in self.buttons(legal)]
        return out + self.button_targets(self.button_rects(len(buttons)), buttons, legal)

    def buttons(self, legal: list[Action]) -> list[tuple[Action, str, bool]]:
        order = ((m.Fight, "fight", True), (m.Scout, "scout", True),
                 (m.Crystallise, "crystallise", False), (m.Expand, "expand", False),
                 (m.Retreat, "retreat", False), (m.Cancel, "cancel", False))
        need = {"expand": self.cards.rules.expand_crystals,
                "retreat": self.cards.rules.retreat_crystals}
        return [(kind(), t(f"ld.button.{key}", n=need.get(key, 0)), primary)
                for kind, key, primary in order if self.shows(kind(), legal)]

    def lifted(self, view: m.LastDungeonView) -> set[int]:
        hand = view.hand or []
        marked = set(view.pending.chosen) if view.pending else set()
        if self.picked:
            marked.add(self.picked)
        if view.pending and view.pending.kind == "play" and view.pending.card:
            marked.add(view.pending.card)
        return {i for i, c in enumerate(hand) if c in marked}

    # --- drawing ----------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: m.LastDungeonView, ui: UiState) -> None:
        paint_table(self, surface, view, ui)

    def preview(self, view: m.LastDungeonView, pos: tuple[int, int]) -> pygame.Surface | None:
        g, shown = self.geo, self.shown.at(pos)
        if g is None or shown is None:
            return None
        card, role = shown
        width = min(round(g.cw * 2.5), round(g.board.h * 0.62 / cf.RATIO))
        side = view.adventurer.side if view.adventurer and role == "adventurer" else "front"
        return self.looks.face(card, role, width, side)

    # --- log and animations -------------------------------------------------------------------------
    def log_heading(self, before: m.LastDungeonView | None, after: m.LastDungeonView) -> str | None:
        if before is None or before.round != after.round:
            return t("ld.log.round", n=after.round)
        return None

    def log_line(self, event: Event, before: Any, after: Any) -> str | None:
        return log.log_line(self.looks, event, after)

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        if self.geo is None or before is None:
            return []
        return anim.tweens_for(self, events, before, after)


Renderer = LastDungeonRenderer
