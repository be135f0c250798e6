"""Playing a tutorial at the table as a player would: the clicks the tests and
``tools/tutorial_shots.py`` share (not in ``conftest.py``: see ``table_helpers.py``)."""

from __future__ import annotations

from typing import Any

import pygame
from ui_events import click_at

from dungeon_table.ui import i18n, screens
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table_parts import uncovered_point

SIZE = (1280, 720)
MAX_FRAMES = 4000


def open_tutorial(game_id: str, lang: str, size: tuple[int, int] = SIZE) -> tuple[App, Any]:
    i18n.set_language(lang)
    app = App(surface=pygame.Surface(size), settings=Settings(lang=lang, anim_speed=0))
    screens.reset(app, "menu")
    table = screens.push(app, "tutorial", game_id)
    table.bot_delay_ms = 0
    app.step([])
    return app, table


def settle(app: App, table: Any) -> None:
    """Frames until the bots have played and the table waits for the player (or is over)."""
    for _ in range(MAX_FRAMES):
        app.step([])
        if app.top is not table or table.ui.legal or table.game.result():
            return
        if table.bot_due is not None:
            table.bot_due = 0
    raise AssertionError("the table never came back to the player")


def click_step(app: App, table: Any) -> None:
    """Click what the overlay points at (a card to pick first, then its space)."""
    for _ in range(4):
        before = len(table.session.steps)
        targets = table.ui.targets
        pointed = table.tutorial.pointed()
        assert pointed, f"step {table.tutorial.guide.index(table.tutorial.movers)}: no target"
        index = targets.index(pointed[0])
        app.step(click_at(uncovered_point(targets, index)))
        if len(table.session.steps) > before:
            return
    raise AssertionError("the pointed target never sent the step's action")
