"""The Learn to play list shows each game's picture, as the main menu's game tiles do (one
drawing of a tile's picture: ``Button.draw_tile_picture``)."""

from __future__ import annotations

from typing import Any

import pytest
from shell_helpers import click, menu_app

from dungeon_table.core import tutorial as lessons
from dungeon_table.ui import icons
from dungeon_table.ui.scenes.learn import LearnScene, LessonButton


def test_each_tutorial_tile_shows_its_game_s_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    app = menu_app()
    click(app, "menu.learn")
    assert isinstance(app.top, LearnScene)
    drawn: list[tuple[str | None, Any]] = []
    real = icons.blit_icon

    def spy(surface: Any, name: str | None, rect: Any, *args: Any, **kw: Any) -> Any:
        drawn.append((name, rect.copy()))
        return real(surface, name, rect, *args, **kw)

    monkeypatch.setattr(icons, "blit_icon", spy)
    app.top.draw(app.surface)
    tiles = [w for w in app.top.widgets if isinstance(w, LessonButton)]
    assert tiles
    for tile in tiles:
        picture = icons.menu_picture(lessons.game_of(tile.lesson))
        assert picture is not None
        boxes = [rect for name, rect in drawn if name == picture and tile.rect.contains(rect)]
        assert boxes, f"{tile.lesson}: no picture in its tile"
        assert boxes[0].centerx < tile.rect.x + tile.rect.w // 4, "at the tile's left"
