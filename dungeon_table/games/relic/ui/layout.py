"""Where the relic table's parts lie for a board rect and a number of players.

The opponents' areas share the top band (one to three side by side, smaller as they multiply),
the centre band holds the deck, the discard and the battle or the treasure table, the viewer's
area lies above the hand, which is fanned along the bottom edge; the right column holds the turn
and the phase buttons. Each seat's area: a header line, its score pile at the left, its dungeon
in three depth groups of three overlapping cards, its enemies at the right. A narrow area (3-4
players) lists each depth in a row of its own instead, each card a one-line chip (its dice face
and its name): a card face the height of such a row is too small to read, and a taller one
covered the next depth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.faces import RelicLooks
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.renderer import Shown

DEPTHS = 3
PER_DEPTH = 3
OVERLAP = 0.55  # how much of a dungeon card the next one in its depth leaves visible
ROW_STEP = 0.42  # deciding the stacked layout: rows of cards, each showing this much of itself


@dataclass
class SeatGeo:
    """One seat's area."""

    area: pygame.Rect
    header: pygame.Rect
    score: pygame.Rect
    depths: list[pygame.Rect]   # one group per depth, its label line included
    enemies: pygame.Rect
    cw: int
    # narrow areas (3-4 players) list the depths in three rows, their marks in a label column at
    # the left, each card a chip a third of its row high, instead of three groups side by side
    stacked: bool = False
    label_w: int = 0
    # each dungeon card's name on a tag across its top, the strip the next card leaves visible:
    # the printed title of a card this small is too fine to read
    tag_h: int = 0
    hand: pygame.Rect | None = None  # another seat's hand, a fan of backs
    flat: bool = False  # side by side, a depth's cards lie in a row without overlapping

    @property
    def ch(self) -> int:
        return round(self.cw * cf.RATIO)

    def dungeon_rect(self, index: int) -> pygame.Rect:
        """The rect of the ``index``-th dungeon card (0-8)."""
        group = self.depths[min(index // PER_DEPTH, DEPTHS - 1)]
        k = index % PER_DEPTH
        if self.stacked:
            step = group.h // PER_DEPTH
            return pygame.Rect(group.x, group.y + k * step, group.w, step)
        if self.flat:
            step = (group.w - self.cw) // (PER_DEPTH - 1)
            return pygame.Rect(group.x + k * step, group.bottom - self.ch, self.cw, self.ch)
        # a cascade: each card lies right of and below the one before, which keeps its name tag
        step = round(self.cw * OVERLAP)
        x = group.centerx - (self.cw + step * (PER_DEPTH - 1)) // 2 + k * step
        y = group.bottom - self.ch - (PER_DEPTH - 1 - k) * self.tag_h
        return pygame.Rect(x, y, self.cw, self.ch)

    def depth_slot(self, depth: int) -> pygame.Rect:
        """The outline a depth's cards lie inside (``depth`` 1-3): all three of its places, so a
        cascade's first card is not drawn up and left of an outline the size of one card."""
        first = (depth - 1) * PER_DEPTH
        places = [self.dungeon_rect(first + k) for k in range(PER_DEPTH)]
        return places[0].unionall(places[1:]).inflate(2, 2)

    def card_spot(self, index: int) -> pygame.Rect:
        """Where a card flies to or turns over for the ``index``-th dungeon place: a card's size
        centred on the place (a chip is no card's shape)."""
        place = self.dungeon_rect(index)
        if not self.stacked:
            return place
        return pygame.Rect(0, 0, self.cw, self.ch).move(place.centerx - self.cw // 2,
                                                       place.centery - self.ch // 2)

    def enemy_rects(self, n: int) -> list[pygame.Rect]:
        if n == 0:
            return []
        step = min(self.cw + 4, (self.enemies.w - self.cw) // max(1, n - 1)) if n > 1 else 0
        return [pygame.Rect(self.enemies.x + k * step, self.enemies.bottom - self.ch,
                            self.cw, self.ch) for k in range(n)]


@dataclass
class TableGeo:
    board: pygame.Rect
    seats: dict[int, SeatGeo]
    centre: pygame.Rect
    deck: pygame.Rect
    discard: pygame.Rect
    panel: pygame.Rect          # the battle, prompt or treasure table
    hand: pygame.Rect
    hand_cw: int
    side: pygame.Rect
    status: pygame.Rect
    buttons: pygame.Rect


def tag_height(th: theme.Theme, lines: int) -> int:
    return lines * fonts.line_height("small", th.scale) + th.px(0.5)


def seat_geo(area: pygame.Rect, th: theme.Theme, other: bool = False) -> SeatGeo:
    """One seat's area; ``other``: not the viewer's, so its hand is a fan of backs in the area."""
    head_h = fonts.line_height("body", th.scale) + th.px(0.5)
    label_h = fonts.line_height("small", th.scale) + th.px(0.5)
    header = pygame.Rect(area.x, area.y, area.w, head_h)
    body = pygame.Rect(area.x, header.bottom, area.w, area.bottom - header.bottom)
    score_w = max(th.px(11), round(area.w * 0.16))
    gap = th.px(1)
    rest = body.w - score_w - gap
    tag_h = tag_height(th, 1)
    # three depth groups and an enemy column of about one card and a half
    group_k = 1 + OVERLAP * (PER_DEPTH - 1)
    cw_w = (rest - 4 * gap) / (DEPTHS * group_k + 1.6)
    cw_h = (body.h - label_h - th.px(0.5) - (PER_DEPTH - 1) * tag_h) / cf.RATIO
    cw = max(8, int(min(cw_w, cw_h)))
    # or a depth's three cards side by side, none covering another, where that costs little
    cw_flat = min((rest - 4 * gap) / (DEPTHS * (PER_DEPTH + 0.1) + 1.6),
                  (body.h - label_h - th.px(0.5)) / cf.RATIO)
    flat = cw_flat >= cw * 0.9
    if flat:
        cw, group_k = max(8, int(cw_flat)), PER_DEPTH + 0.1
    # the same area with the depths stacked: rows of three, each showing its top strip (two
    # lines of name tag at least), the enemies above the score pile in one column at the right
    # and another seat's hand under the rows
    label_w = fonts.font("small", th.scale, True).size("D3 ✓")[0] + th.px(1)
    tall_tag = tag_height(th, 2) + th.px(0.5)
    cw_rows = (body.w - label_w - 4 * gap) / (PER_DEPTH + 1.25)

    def cw_tall(hand_h: int) -> float:
        room = body.h - th.px(0.5) - hand_h
        return min(room / (1 + ROW_STEP * (DEPTHS - 1)), room - 2 * tall_tag) / cf.RATIO

    hand_under = th.px(10) if other else 0  # another seat's hand lies under the rows
    score = pygame.Rect(body.x, body.y, score_w, body.h)
    if min(cw_rows, cw_tall(hand_under)) > cw * 1.1:
        cw = max(8, int(min(cw_rows, cw_tall(hand_under))))  # the enemies' faces
        ch = round(cw * cf.RATIO)
        x = body.x + label_w
        row_w = cw * PER_DEPTH + gap * (PER_DEPTH - 1)
        # three rows that never overlap, over a hand of backs just tall enough to read as cards
        top = body.y + th.px(0.25)
        rows_bottom = body.bottom - (th.px(9) + gap if other else th.px(0.25))
        row_h = (rows_bottom - top - (DEPTHS - 1) * gap) // DEPTHS
        depths = [pygame.Rect(x, top + d * (row_h + gap), row_w, row_h) for d in range(DEPTHS)]
        right = pygame.Rect(x + row_w + 2 * gap, body.y, body.right - x - row_w - 2 * gap,
                            body.h)
        enemies = pygame.Rect(right.x, right.y + label_h, right.w, ch)
        score = pygame.Rect(right.x, enemies.bottom + gap, right.w, right.bottom - enemies.bottom
                            - gap)
        under = depths[-1].bottom + gap
        hand = pygame.Rect(body.x, under, label_w + row_w, body.bottom - under) if other else None
        return SeatGeo(area, header, score, depths, enemies, cw, True, label_w,
                       row_h // PER_DEPTH, hand)
    group_w = round(cw * group_k) + gap
    # width the cards (held back by the height) leave over widens the score pile, keeping room
    # for an enemy and most of a second (more overlap)
    spare = body.w - score_w - DEPTHS * (group_w + gap) - 3 * gap - round(cw * 1.7)
    score_w += max(0, min(spare, round(area.w * 0.26) - score_w))
    score = pygame.Rect(body.x, body.y, score_w, body.h)
    x = score.right + gap
    depths = []
    for _ in range(DEPTHS):
        depths.append(pygame.Rect(x, body.y, group_w, body.h))
        x += group_w + gap
    # the enemies' row starts level with the first card of a depth (a cascade's top card)
    lift = 0 if flat else (PER_DEPTH - 1) * tag_h
    enemies = pygame.Rect(x + gap, body.y + label_h, body.right - x - gap,
                          body.h - label_h - lift)
    hand = None
    if other:  # the score pile above, the hand of backs below
        hand_h = round(body.h * 0.38)
        score = pygame.Rect(body.x, body.y, score_w, body.h - hand_h)
        hand = pygame.Rect(body.x, score.bottom, score_w, hand_h)
    return SeatGeo(area, header, score, depths, enemies, cw, tag_h=tag_h, hand=hand, flat=flat)


def table_geo(board: pygame.Rect, th: theme.Theme, n_players: int, bottom: int) -> TableGeo:
    mg = th.px(1.5)
    side_w = max(th.px(26), round(board.w * 0.17))
    side = pygame.Rect(board.right - side_w - mg, board.y + mg, side_w, board.h - 2 * mg)
    left = pygame.Rect(board.x + mg, board.y + mg, side.x - board.x - 2 * mg, board.h - 2 * mg)
    # with more opponents their narrower areas need the height to keep each card's name legible
    top_h = round(left.h * (0.27 if n_players == 2 else 0.35))
    mine_h = round(left.h * (0.27 if n_players == 2 else 0.24))
    hand_h = round(left.h * (0.22 if n_players == 2 else 0.2))
    centre_h = left.h - top_h - mine_h - hand_h - 3 * mg
    others = tabletop.seats_around(n_players, bottom)
    seats: dict[int, SeatGeo] = {}
    width = (left.w - mg * (len(others) - 1)) // max(1, len(others))
    for k, seat in enumerate(others):
        area = pygame.Rect(left.x + k * (width + mg), left.y, width, top_h)
        seats[seat] = seat_geo(area, th, other=True)
    centre = pygame.Rect(left.x, left.y + top_h + mg, left.w, centre_h)
    mine = pygame.Rect(left.x, centre.bottom + mg, left.w, mine_h)
    seats[bottom] = seat_geo(mine, th)
    pile_w = min(round(centre.h * 0.62 / cf.RATIO), th.px(11))
    pile_h = round(pile_w * cf.RATIO)
    pile_y = centre.bottom - pile_h - th.px(0.5)
    deck = pygame.Rect(centre.x + th.px(1), pile_y, pile_w, pile_h)
    discard = pygame.Rect(deck.right + th.px(2), pile_y, pile_w, pile_h)
    panel = pygame.Rect(discard.right + th.px(3), centre.y, centre.right - discard.right - th.px(3),
                        centre.h)
    hand = pygame.Rect(left.x + th.px(4), left.bottom - hand_h + th.px(2), left.w - th.px(8),
                       hand_h - th.px(2))
    hand_cw = round(hand.h / cf.RATIO)
    # room for the longest prompt (the play phase's, in Japanese: seven lines) and the variant
    status = pygame.Rect(side.x, side.y, side.w, round(side.h * 0.36))
    buttons = pygame.Rect(side.x, status.bottom + mg, side.w, side.bottom - status.bottom - mg)
    return TableGeo(board, seats, centre, deck, discard, panel, hand, hand_cw, side, status,
                    buttons)


@dataclass
class RelicShown(Shown[str]):
    """The cards drawn last (for hover previews), and the skill each wild card plays as."""

    badges: dict[str, str] = field(default_factory=dict)

    def clear(self) -> None:
        super().clear()
        self.badges.clear()


@dataclass
class BattleGeo:
    """The battle panel's parts: the enemy, the committed characters, the TS and wild chips."""

    enemy: pygame.Rect
    committed: list[pygame.Rect]
    ts: list[pygame.Rect]
    wild: list[pygame.Rect]
    sums: pygame.Rect
    wild_rows: list[tuple[pygame.Rect, str]] = field(default_factory=list)  # (label, card)


class RelicTable(Protocol):
    """The renderer as its drawing (``draw.py``) and animations (``anim.py``) read it: a protocol,
    so neither imports ``table.py``, which imports them."""

    th: theme.Theme
    area: pygame.Rect | None
    looks: RelicLooks
    shown: RelicShown
    refused: list[Action]  # the buttons the rules refuse now: drawn disabled
    figures: list[pygame.Rect]

    def geo(self, view: m.RelicView) -> TableGeo: ...
    def bottom(self, view: Any) -> int: ...
    def hand(self, view: m.RelicView) -> list[str]: ...
    def hand_rects(self, view: m.RelicView) -> list[pygame.Rect]: ...
    def lifted(self, view: m.RelicView) -> set[int]: ...
    def other_hand_rect(self, view: m.RelicView, seat: int) -> pygame.Rect: ...
    def battle_geo(self, view: m.RelicView) -> BattleGeo: ...
    def wild_actions(self, view: m.RelicView) -> list[m.WildAs]: ...
    def buttons(self, view: m.RelicView, legal: list[Action]) -> list[tuple[Action, str, bool]]: ...
