"""Torch's table, a renderer on the kit's base (``dungeon_table.ui.renderer.TableRenderer``).

The other player's seat along the top, the viewer's along the bottom (a spectator sits at seat
0's); across the middle the deck and this turn's rooms face up; at the right the torch, the gold
carried and the two buttons. Everything comes from ``TorchView`` and the legal actions. The base
gives the rest: the hooks' defaults, the log lines from ``torch.log.<event>``, the cache of
the layout, the seats around the table, what was drawn where for the hover preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from dungeon_table.core.protocol import Action, Event
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.anim import FlipCard, MoveCard, Tween
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import LogHeading, TableRenderer, Target, UiState, in_language
from example_games.torch.cards import Room, default
from example_games.torch.rules import (
    Bank,
    Fight,
    Flee,
    GameEnded,
    RoomRevealed,
    TorchView,
    TurnStarted,
    Venture,
)

BANDS = {"treasure": theme.GOLD, "monster": theme.DANGER}
GLYPHS = {"treasure": "star", "monster": "red"}
BACK = (70, 52, 40)
# the side column's buttons, top to bottom: (action, caption key, the accent one)
BUTTONS = ((Venture(), "venture", True), (Bank(), "bank", False), (Fight(), "fight", True),
           (Flee(), "flee", False))


@dataclass
class Geo:
    """Where the parts lie: seat panels, the deck, the rooms row, the side column."""

    top: pygame.Rect
    bottom: pygame.Rect
    deck: pygame.Rect
    row: pygame.Rect
    side: pygame.Rect
    cw: int


class TorchRenderer(TableRenderer):
    prefix = "torch"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.cards = default()

    # --- layout ------------------------------------------------------------------------------
    def geo(self) -> Geo:
        area = self.area
        assert area is not None
        return self.cached_geo("table", lambda: self._layout(area))

    def _layout(self, b: pygame.Rect) -> Geo:
        th, mg = self.th, self.th.px(2)
        side_w = max(th.px(30), round(b.w * 0.24))
        side = pygame.Rect(b.right - side_w - mg, b.y + mg, side_w, b.h - 2 * mg)
        left = pygame.Rect(b.x + mg, b.y + mg, side.x - b.x - 2 * mg, b.h - 2 * mg)
        seat_h = round(left.h * 0.2)
        top = pygame.Rect(left.x, left.y, left.w, seat_h)
        bottom = pygame.Rect(left.x, left.bottom - seat_h, left.w, seat_h)
        middle = pygame.Rect(left.x, top.bottom + mg, left.w, bottom.y - top.bottom - 2 * mg)
        cw = min(round(middle.h * 0.8 / cf.RATIO), round(middle.w / 7))
        deck = pygame.Rect(middle.x + mg, 0, cw, round(cw * cf.RATIO))
        deck.centery = middle.centery
        row = pygame.Rect(deck.right + 2 * mg, deck.y, middle.right - deck.right - 3 * mg, deck.h)
        return Geo(top, bottom, deck, row, side, cw)

    def room_rects(self, n: int) -> list[pygame.Rect]:
        g = self.geo()
        return tabletop.row_rects(g.row, n, g.cw, self.th)

    def button_rects(self, n: int) -> list[pygame.Rect]:
        g = self.geo()
        return tabletop.button_rects(g.side, n, self.th)

    def thinking_area(self, view: TorchView) -> pygame.Rect | None:
        return self.geo().side  # the buttons' column: empty while the other seat's bot moves

    # --- targets -----------------------------------------------------------------------------
    @staticmethod
    def buttons(legal: list[Action]) -> list[tuple[Action, str, bool]]:
        return [(action, t(f"torch.button.{key}"), primary)
                for action, key, primary in BUTTONS if action in legal]

    def table_targets(self, view: TorchView, legal: list[Action]) -> list[Target]:
        out = []
        if Venture() in legal:  # a click on the deck ventures too
            out.append(Target(self.geo().deck, Venture(), t("torch.deck", n=view.deck_count)))
        buttons = self.buttons(legal)
        out += [Target(rect, action, caption, primary=primary) for rect, (action, caption, primary)
                in zip(self.button_rects(len(buttons)), buttons, strict=True)]
        return out

    # --- drawing -----------------------------------------------------------------------------
    def face(self, card: str, width: int) -> pygame.Surface:
        room = self.cards.room(card)
        return cf.face(cf.FaceSpec(in_language(room.name), BANDS[room.kind], GLYPHS[room.kind],
                                   t(f"torch.kind.{room.kind}"),
                                   (cf.Corner("tl", str(room.value), _corner(room)),)), width)

    def back(self, width: int) -> pygame.Surface:
        return cf.back(cf.BackSpec(BACK, label=t("torch.deck_label"), glyph="diamond"), width)

    def draw_table(self, surface: pygame.Surface, view: TorchView, ui: UiState) -> None:
        g, th = self.geo(), self.th
        me = self.bottom(view)
        for seat, rect in ((1 - me, g.top), (me, g.bottom)):
            self._seat(surface, view, ui, seat, rect)
        tabletop.labelled_pile(surface, g.deck, self.back(g.cw), view.deck_count,
                               t("torch.deck", n=view.deck_count), th)
        rects = self.room_rects(len(view.revealed))
        for k, (rect, card) in enumerate(zip(rects, view.revealed, strict=True)):
            if f"room:{k}" not in ui.hidden:
                cf.blit_card(surface, self.face(card, g.cw), rect, lifted=card == view.monster)
                self.shown.add(rect, card)
        self._side(surface, view, ui)

    def _seat(self, surface: pygame.Surface, view: TorchView, ui: UiState, seat: int,
              rect: pygame.Rect) -> None:
        th = self.th
        active = seat == view.active and view.phase != "over"
        theme.draw_panel(surface, rect, th,
                         theme.mix(theme.PANEL, theme.ACCENT, 0.2) if active else theme.PANEL)
        name = ui.names[seat] if seat < len(ui.names) else t("torch.seat", n=seat + 1)
        inner = rect.inflate(-th.px(4), -th.px(2))
        tabletop.label(surface, name, "heading", theme.TEXT, th.scale, True, width=inner.w // 2,
                       midleft=(inner.x, inner.centery))
        tabletop.label(surface, t("torch.banked", n=view.banked[seat], goal=view.goal), "number",
                       theme.GOLD, th.scale, midright=(inner.right, inner.centery))

    def _side(self, surface: pygame.Surface, view: TorchView, ui: UiState) -> None:
        g, th = self.geo(), self.th
        if view.phase == "over":
            return
        tall = sum(fonts.line_height(role, th.scale) for role in ("body", "number", "body"))
        panel = pygame.Rect(g.side.x, g.side.y, g.side.w, tall + th.px(7))
        inner = tabletop.titled_panel(surface, panel, t("torch.torch"), th)
        low = view.torch <= 1
        tabletop.label(surface, t("torch.torch_left", n=view.torch), "number",
                       theme.DANGER if low else theme.GOLD, th.scale, width=inner.w,
                       midtop=(inner.centerx, inner.y + th.px(1)))
        tabletop.label(surface, t("torch.haul", n=view.haul), "body", theme.TEXT, th.scale, True,
                       width=inner.w, midbottom=(inner.centerx, inner.bottom))
        buttons = self.buttons(ui.legal)
        hovered = ui.targets[ui.hover].action if ui.hover is not None and ui.hover < len(
            ui.targets) else None
        tabletop.draw_buttons(surface, self.button_rects(len(buttons)), buttons, hovered, th)

    def preview(self, view: TorchView, pos: tuple[int, int]) -> pygame.Surface | None:
        card = self.shown.at(pos)
        if self.area is None or card is None:
            return None
        return self.face(card, min(round(self.geo().cw * 2.5), round(self.area.h * 0.6 / cf.RATIO)))

    # --- events --------------------------------------------------------------------------------
    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        """A room turned over flies from the deck to its place in the row."""
        if self.area is None or before is None:
            return []
        g = self.geo()
        shown = list(before.revealed)
        out: list[Tween] = []
        for event in events:
            if not isinstance(event, RoomRevealed):
                continue
            place = len(shown)
            shown.append(event.card)
            end = self.room_rects(len(shown))[place].center if place < len(after.revealed) \
                else g.row.center
            hides = frozenset({f"room:{place}"})
            back, face = self.back(g.cw), self.face(event.card, g.cw)
            out += [MoveCard(image=back, start=g.deck.center, end=end, duration=260, hides=hides),
                    FlipCard(front=back, back=face, center=end, hides=hides)]
        return out

    def log_variants(self, event: Event) -> list[str]:
        if isinstance(event, RoomRevealed):
            return [event.kind]
        return [event.reason] if isinstance(event, GameEnded) else []

    def log_fields(self, event: Event, before: Any, after: Any) -> dict[str, Any]:
        fields = super().log_fields(event, before, after)
        if "seat" in fields:
            fields["name"] = t("torch.seat", n=fields["seat"] + 1)
        if "card" in fields:
            fields["card"] = in_language(self.cards.room(fields["card"]).name)
        if "winners" in fields:
            fields["names"] = t("torch.and").join(t("torch.seat", n=s + 1) for s in fields["winners"])
        return fields

    def log_heading(self, before: Any, after: TorchView) -> str | None:
        return t("torch.log.heading", n=after.turn, name=t("torch.seat", n=after.active + 1)) \
            if before is None else None

    def log_line(self, event: Event, before: Any, after: Any) -> str | None:
        if isinstance(event, TurnStarted):  # a turn's start: its heading, where it stands
            return LogHeading(t("torch.log.heading", n=event.turn,
                                name=t("torch.seat", n=event.seat + 1)))
        return super().log_line(event, before, after)


def _corner(room: Room) -> str:
    return "power" if room.kind == "treasure" else "damage"


Renderer = TorchRenderer
