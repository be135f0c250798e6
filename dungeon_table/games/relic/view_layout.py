"""Where the relic table's parts lie for a board rect and a number of players.

The opponents' areas share the top band (one to three side by side, smaller as they multiply),
the centre band holds the deck, the discard and the battle or the treasure table, the viewer's
area lies above the hand, which is fanned along the bottom edge; the right column holds the turn
and the phase buttons. Each seat's area: a header line, its score pile at the left, its dungeon
in three depth groups of three overlapping cards, its enemies at the right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, theme

DEPTHS = 3
PER_DEPTH = 3
OVERLAP = 0.55  # how much of a dungeon card the next one in its depth leaves visible
ROW_STEP = 0.42  # stacked depths: how much of a row the next depth's row leaves visible


@dataclass
class SeatGeo:
    """One seat's area."""

    area: pygame.Rect
    header: pygame.Rect
    score: pygame.Rect
    depths: list[pygame.Rect]   # one group per depth, its label line included
    enemies: pygame.Rect
    cw: int
    # narrow areas (3-4 players) stack the depths as three overlapping rows, their marks in a
    # label column at the left, instead of three groups side by side
    stacked: bool = False
    label_w: int = 0

    @property
    def ch(self) -> int:
        return round(self.cw * cf.RATIO)

    def dungeon_rect(self, index: int) -> pygame.Rect:
        """The rect of the ``index``-th dungeon card (0-8)."""
        group = self.depths[min(index // PER_DEPTH, DEPTHS - 1)]
        k = index % PER_DEPTH
        if self.stacked:
            step = (group.w - self.cw) // (PER_DEPTH - 1)
            return pygame.Rect(group.x + k * step, group.y, self.cw, self.ch)
        step = round(self.cw * OVERLAP)
        x = group.centerx - (self.cw + step * (PER_DEPTH - 1)) // 2 + k * step
        return pygame.Rect(x, group.bottom - self.ch, self.cw, self.ch)

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


def seat_geo(area: pygame.Rect, th: theme.Theme) -> SeatGeo:
    head_h = fonts.line_height("body", th.scale) + th.px(0.5)
    label_h = fonts.line_height("small", th.scale) + th.px(0.5)
    header = pygame.Rect(area.x, area.y, area.w, head_h)
    body = pygame.Rect(area.x, header.bottom, area.w, area.bottom - header.bottom)
    score_w = max(th.px(11), round(area.w * 0.16))
    gap = th.px(1)
    rest = body.w - score_w - gap
    # three depth groups and an enemy column of about one card and a half
    group_k = 1 + OVERLAP * (PER_DEPTH - 1)
    cw_w = (rest - 4 * gap) / (DEPTHS * group_k + 1.6)
    cw_h = (body.h - label_h - th.px(0.5)) / cf.RATIO
    cw = max(8, int(min(cw_w, cw_h)))
    # the same area with the depths stacked: rows of three, each showing its top strip, and
    # the enemies above the score pile in one column at the right
    label_w = fonts.font("small", th.scale, True).size("D3 ✓")[0] + th.px(1)
    cw_rows = (body.w - label_w - 4 * gap) / (PER_DEPTH + 1.7)
    cw_tall = (body.h - th.px(0.5)) / (1 + ROW_STEP * (DEPTHS - 1)) / cf.RATIO
    score = pygame.Rect(body.x, body.y, score_w, body.h)
    if min(cw_rows, cw_tall) > cw * 1.1:
        cw = max(8, int(min(cw_rows, cw_tall)))
        ch = round(cw * cf.RATIO)
        step = round(ch * ROW_STEP)
        x = body.x + label_w
        row_w = cw * PER_DEPTH + gap * (PER_DEPTH - 1)
        depths = [pygame.Rect(x, body.y + th.px(0.25) + d * step, row_w, ch)
                  for d in range(DEPTHS)]
        right = pygame.Rect(x + row_w + 2 * gap, body.y, body.right - x - row_w - 2 * gap,
                            body.h)
        enemies = pygame.Rect(right.x, right.y + label_h, right.w, ch)
        score = pygame.Rect(right.x, enemies.bottom + gap, right.w, right.bottom - enemies.bottom
                            - gap)
        return SeatGeo(area, header, score, depths, enemies, cw, True, label_w)
    group_w = round(cw * group_k) + gap
    x = score.right + gap
    depths = []
    for _ in range(DEPTHS):
        depths.append(pygame.Rect(x, body.y, group_w, body.h))
        x += group_w + gap
    enemies = pygame.Rect(x + gap, body.y + label_h, body.right - x - gap, body.h - label_h)
    return SeatGeo(area, header, score, depths, enemies, cw)


def table_geo(board: pygame.Rect, th: theme.Theme, n_players: int, bottom: int) -> TableGeo:
    mg = th.px(1.5)
    side_w = max(th.px(26), round(board.w * 0.17))
    side = pygame.Rect(board.right - side_w - mg, board.y + mg, side_w, board.h - 2 * mg)
    left = pygame.Rect(board.x + mg, board.y + mg, side.x - board.x - 2 * mg, board.h - 2 * mg)
    top_h = round(left.h * (0.27 if n_players == 2 else 0.31))
    mine_h = round(left.h * (0.27 if n_players == 2 else 0.25))
    hand_h = round(left.h * 0.22)
    centre_h = left.h - top_h - mine_h - hand_h - 3 * mg
    others = [(bottom + k) % n_players for k in range(1, n_players)]
    seats: dict[int, SeatGeo] = {}
    width = (left.w - mg * (len(others) - 1)) // max(1, len(others))
    for k, seat in enumerate(others):
        area = pygame.Rect(left.x + k * (width + mg), left.y, width, top_h)
        seats[seat] = seat_geo(area, th)
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
    status = pygame.Rect(side.x, side.y, side.w, round(side.h * 0.3))
    buttons = pygame.Rect(side.x, status.bottom + mg, side.w, side.bottom - status.bottom - mg)
    return TableGeo(board, seats, centre, deck, discard, panel, hand, hand_cw, side, status,
                    buttons)
