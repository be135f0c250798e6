"""Market's play-test fixes: the ★ figure on each seat says it is points, whole; the whose-turn
banner after a handoff covers no life bar."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from dungeon_table.games.market.ui import draw as market_draw
from dungeon_table.ui import i18n
from dungeon_table.ui.table_parts import draw_banner, notice_area

sys.path.insert(0, str(Path(__file__).parent))
from test_market_view import SIZES, draw, legal_for, make_view, renderer  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("n", [2, 4])
def test_each_seats_star_figure_is_labelled_as_points_and_drawn_whole(
        n: int, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(lang)
    drawn: list[str] = []
    real = market_draw.label

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(market_draw, "label", spy)
    view = make_view("explore", n=n)
    draw(renderer(), view, legal_for(view))
    word = "points" if lang == "en" else "勝利点"
    stars = [text for text in drawn if "★" in text]
    assert len(stars) == n and all(word in text for text in stars), stars


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_whose_turn_banner_covers_no_life_bar(n: int, size: tuple[int, int]) -> None:
    i18n.set_language("en")
    view = make_view("explore", n=n)
    r = renderer(size)
    draw(r, view, legal_for(view), size=size)
    assert r.area is not None
    area = notice_area(r, view, r.area)
    surface = pygame.Surface(size)
    banner = draw_banner(surface, r.th, area.centerx, area.centery,
                         ("Over to Player 2", "to buy"), (200, 160, 60), 0.22, centred=True)
    for seat, sg in r.geo(view).seats.items():
        assert not banner.colliderect(sg.track), f"the banner hides seat {seat}'s life bar"
