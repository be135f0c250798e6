"""``render_shot`` writes a PNG of the table at the asked size, in both languages."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from dungeon_table.ui.shot import render_shot


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_shot_writes_a_png_of_the_right_size(tmp_path: Path, lang: str) -> None:
    out = tmp_path / f"ld-{lang}.png"
    render_shot("lastdungeon", seed=7, steps=12, size=(1280, 720), lang=lang, out=out)
    assert out.stat().st_size > 10_000
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
