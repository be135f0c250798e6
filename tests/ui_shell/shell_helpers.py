"""Helpers for the shell tests: build the app at the main menu, find widgets by their text, click."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pygame
from ui_events import click_at, key, key_up

from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.widgets import Widget, label_text

__all__ = ["click", "click_at", "clocked_menu_app", "finished_market", "key", "key_up", "labels",
           "menu_app", "widget"]

SIZE = (1280, 720)


def menu_app(tmp_path: Path | None = None, size: tuple[int, int] = SIZE,
             ticks: Callable[[], int] | None = None) -> App:
    """The app at the main menu, animations off, settings saved under ``tmp_path`` if given;
    ``ticks`` is its clock (a test's own, moved by hand), pygame's if not given."""
    from dungeon_table.ui.scenes.menu import MainMenuScene

    path = tmp_path / "settings.yaml" if tmp_path is not None else None
    app = App(surface=pygame.Surface(size), settings=Settings(anim_speed=0), settings_path=path,
              ticks=ticks)
    app.push(MainMenuScene(app))
    app.step([])
    return app


def clocked_menu_app() -> tuple[App, list[int]]:
    """The app at the main menu on a clock the test moves by hand (``clock[0] += 100``)."""
    clock = [1000]
    return menu_app(ticks=lambda: clock[0]), clock


def labels(app: App) -> list[str]:
    return [label_text(w.label) for w in getattr(app.top, "widgets", []) if hasattr(w, "label")]


def widget(app: App, text: str) -> Widget:
    """The top scene's widget whose label reads ``text`` (translate first: ``t("menu.load")``)."""
    for w in getattr(app.top, "widgets", []):
        if hasattr(w, "label") and label_text(w.label) == text:
            return w
    raise AssertionError(f"no widget {text!r} on {type(app.top).__name__}: {labels(app)}")


def click(app: App, text_key: str, **fmt: object) -> None:
    """Click the widget labelled ``t(text_key)`` in the middle and let the app draw a frame."""
    app.step(click_at(widget(app, t(text_key, **fmt)).rect.center))


def finished_market(seed: int = 6) -> Any:
    """A whole four-player Professional game of Dungeon Market played by random bots."""
    from dungeon_table.core import registry
    from dungeon_table.core.script import seat_bots
    from dungeon_table.core.session import Session

    seats = ["human", "bot:random", "human", "bot:random"]
    session = Session.new("market", seats, seed, {"professional": True})
    bots = seat_bots(registry.get("market"), ["bot:random"] * 4, seed)
    while session.game.result() is None:
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.view(seat),
                                              session.game.legal_actions(seat)))
    return session
