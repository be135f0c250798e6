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


def test_the_rules_help_is_drawn_page_by_page_to_its_end(tmp_path: Path) -> None:
    """``shot GAME --rules``: the rules help as a player pages through it, to look at headless."""
    from dungeon_table.ui.shot import render_rules_shots

    pages = render_rules_shots("relic", size=(1280, 720), lang="ja", out=tmp_path / "rules.png")
    assert [p.name for p in pages] == [f"rules-{k}.png" for k in range(1, len(pages) + 1)]
    assert len(pages) >= 3, "the whole page, not its first screen"
    images = [pygame.image.load(str(p)) for p in pages]
    assert all(image.get_size() == (1280, 720) for image in images)
    first, last = (pygame.image.tobytes(image, "RGB") for image in (images[0], images[-1]))
    assert first != last
