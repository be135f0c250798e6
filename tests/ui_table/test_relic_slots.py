"""Relic's play-test fixes: a depth's cards lie inside the outline of its slot (the outline was
one card's place, the next free one, so a depth's first card sat up and left of it), slots side by
side never overlap; the points on a seat's header say what they count."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from dungeon_table.games.relic.ui import draw as relic_draw
from dungeon_table.games.relic.ui.layout import DEPTHS, PER_DEPTH
from dungeon_table.games.relic.ui.table import RelicRenderer
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.renderer import UiState

sys.path.insert(0, str(Path(__file__).parent))
from relic_views import legal_for, make_view  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (1024, 768)]


def renderer(size: tuple[int, int]) -> RelicRenderer:
    r = RelicRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_every_dungeon_card_lies_inside_its_depths_slot(n: int, size: tuple[int, int]) -> None:
    r = renderer(size)
    for seat, sg in r.geo(make_view("dungeon", n=n)).seats.items():
        slots = [sg.depth_slot(d) for d in range(1, DEPTHS + 1)]
        for d, slot in enumerate(slots):
            for k in range(PER_DEPTH):
                assert slot.contains(sg.dungeon_rect(d * PER_DEPTH + k)), (seat, d, k)
        if not sg.stacked:  # side by side: no slot reaches into the next column
            columns = [*slots, sg.enemies]
            assert all(a.right <= b.x for a, b in zip(columns, columns[1:], strict=False))


def test_the_outlines_drawn_are_the_slots_that_hold_the_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    outlines: list[pygame.Rect] = []
    monkeypatch.setattr(relic_draw.tabletop, "empty_place",
                        lambda surface, rect, th: outlines.append(pygame.Rect(rect)))
    view = make_view("dungeon", n=2)
    r = renderer((1280, 720))
    ui = UiState(seat=view.seat, legal=legal_for(view), targets=[])
    r.draw(pygame.Surface((1280, 720)), view, ui)
    for seat, sg in r.geo(view).seats.items():
        for index in range(len(view.players[seat].dungeon)):
            card = sg.dungeon_rect(index)
            assert any(o.contains(card) for o in outlines), (seat, index, card)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_header_points_say_what_they_count(lang: str) -> None:
    i18n.set_language(lang)
    try:
        view = make_view("dungeon", n=2)
        mine, theirs = relic_draw.points_label(view, 0), relic_draw.points_label(view, 1)
        hand, pile = ("hand", "score pile") if lang == "en" else ("手札", "得点札")
        assert mine.startswith(str(view.players[0].points)) and hand in mine and pile in mine
        assert theirs.startswith(str(view.players[1].points)) and pile in theirs
        assert hand not in theirs  # another seat's hand is not counted: it is hidden
    finally:
        i18n.set_language("en")
