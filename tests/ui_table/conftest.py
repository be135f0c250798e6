"""A headless app with a table on it: tests drive it only through pygame events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

SIZE = (1280, 720)


@pytest.fixture(scope="session", autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def make_table(seed: int, lang: str = "en", size: tuple[int, int] = SIZE):  # noqa: ANN201
    """An ``App`` on a plain surface showing a fresh Last Dungeon table, animations off."""
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface(size), settings=Settings(lang=lang, anim_speed=0))
    session = Session.new("lastdungeon", ["human"], seed)
    scene = TableScene(app, session, ["human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def visible_point(scene, index: int) -> tuple[int, int]:  # noqa: ANN001
    """A point of target ``index`` no later target covers (hand cards overlap in a fan)."""
    rect = scene.ui.targets[index].rect
    later = [tg.rect for tg in scene.ui.targets[index + 1:]]
    for x in range(rect.x + 3, rect.right - 2, 4):
        for y in (rect.centery, rect.y + 6, rect.bottom - 6):
            if not any(r.collidepoint(x, y) for r in later):
                return (x, y)
    raise AssertionError(f"target {index} is covered everywhere")
