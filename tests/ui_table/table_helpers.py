"""A headless app with a Last Dungeon table on it, and frames stepped until a worker thread's
answer; tests drive it only through pygame events.

(Not in ``conftest.py``: a module named ``conftest`` imported by name finds whichever test
folder's conftest came first on ``sys.path``, so ``from conftest import ...`` broke when the shell
and table tests ran in one session in that order.)
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

SIZE = (1280, 720)


def make_table(seed: int, lang: str = "en", size: tuple[int, int] = SIZE) -> tuple[Any, Any]:
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


def visible_point(scene: Any, index: int) -> tuple[int, int]:
    """A point of target ``index`` no later target covers (hand cards overlap in a fan)."""
    rect = scene.ui.targets[index].rect
    later = [tg.rect for tg in scene.ui.targets[index + 1:]]
    for x in range(rect.x + 3, rect.right - 2, 4):
        for y in (rect.centery, rect.y + 6, rect.bottom - 6):
            if not any(r.collidepoint(x, y) for r in later):
                return (x, y)
    raise AssertionError(f"target {index} is covered everywhere")


def step_until(app: Any, done: Any, steps: int = 400) -> None:
    """Frames until ``done()`` holds, 10 ms of real time apart (a worker thread is searching)."""
    for _ in range(steps):
        if done():
            return
        app.step([])
        threading.Event().wait(0.01)
    raise AssertionError("the table never got there")
