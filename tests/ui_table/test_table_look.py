"""How the table looks: what must be visible and readable, checked on what was drawn."""

from __future__ import annotations

import pygame
import pytest

from dungeon_table.ui import i18n
from dungeon_table.ui.log_panel import LogPanel
from dungeon_table.ui.theme import Theme


class SpySurface(pygame.Surface):
    """A surface that remembers where every image was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        rect = super().blit(source, dest, *args, **kwargs)
        self.drawn.append(rect)
        return rect


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_log_lines_scroll_below_the_title_never_under_it(lang: str) -> None:
    i18n.set_language(lang)
    try:
        log = LogPanel()
        log.add([f"line {k} " * 6 for k in range(80)], heading="Round 1")
        log.layout(pygame.Rect(1000, 60, 260, 640), Theme.for_window((1280, 720), 1.0))
        surface = SpySurface((1280, 720))
        log.draw(surface)
        drawn = surface.drawn
        title = log._title()[1]
        lines = [r for r in drawn[2:] if r.h and r.x == log._body().x]
        assert lines, "the log draws its lines"
        assert min(r.top for r in lines) >= title.bottom, "no line overlaps the title"
        assert max(r.bottom for r in lines) <= log.rect.bottom
    finally:
        i18n.set_language("en")
