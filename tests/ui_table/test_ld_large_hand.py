"""A large Last Dungeon hand lies in two rows of smaller cards in the free table above it rather
than overlapping until a card shows a sliver ("Sli", "Gol" at the play-test); the upper row
covers no space a card is played on, and no card covers another."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import make_table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_large_hand_shows_half_of_every_card_or_more(size: tuple[int, int]) -> None:
    _app, scene = make_table(seed=3, size=size)
    r = scene.renderer
    g = r.geo
    for n in range(1, 15):
        rects = r.hand_rects(n)
        assert len(rects) == n
        rows: dict[int, list[pygame.Rect]] = {}
        for rect in rects:
            rows.setdefault(rect.y < g.hand.y - g.hand.h // 5, []).append(rect)  # raised?
        for row in rows.values():
            steps = [b.x - a.x for a, b in zip(row, row[1:], strict=False)]
            assert all(step >= g.hand_cw // 2 for step in steps), (n, steps)
        if len(rows) == 2:  # two rows: every card whole
            assert not any(a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1:])
        assert all(g.board.contains(rect) for rect in rects)
        spaces = [r.space_rect(i) for i in range(6)]
        assert not any(rect.colliderect(space) for rect in rects for space in spaces), n


def test_a_small_hand_stays_one_fan() -> None:
    _app, scene = make_table(seed=3)
    r = scene.renderer
    rects = r.hand_rects(5)
    assert len({rect.y for rect in rects}) >= 1
    assert all(abs(rect.bottom - rects[0].bottom) <= r.geo.th.px(3) for rect in rects)
