"""Shared test set-up: no display, saves and settings in a temp folder, never the real home; the
example games registered beside the app's."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from dungeon_table.core import registry  # noqa: E402

# Dungeon!'s blockers are kept until the rules say they changed: every test checks each one
# asked against the state, so a change that does not say so fails where it happens.
from dungeon_table.games.dungeon.base import DungeonBase  # noqa: E402

DungeonBase.check_blockers = True

# The kit's example games (tests/example_games/: Torch) join the app's, found by the same
# discovery, so every suite over the registered games plays them too.
registry.discover("example_games")


@pytest.fixture(autouse=True)
def _data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test writes saves and settings under its own temp folder, and starts with no file
    set aside as damaged (the main menu lists those of the run)."""
    from dungeon_table.core import damaged

    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path_factory.mktemp("home")))
    damaged.forget_this_run()


@pytest.fixture
def toy() -> Iterator[str]:
    """The two-seat "high card" game of tests/core/toy.py, registered as ``toy`` for one test."""
    from core import toy as toy_module

    toy_module.register()
    yield "toy"
    toy_module.unregister()


# --- for the UI tests (tests/ui_shell, tests/ui_table request these from their conftest) -------
@pytest.fixture(scope="session")
def ui_display() -> None:
    """A 1x1 dummy display, so surfaces can be ``convert()``ed and fonts opened; and every screen
    registered (``ui/screens.py``), as the app has them, so a table can open its privacy screen."""
    import pygame

    from dungeon_table.ui import scenes  # noqa: F401 - importing it registers the screens

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    """The language is process-wide: a UI test starts and ends in English.

    A headless ``App`` listens for language switches until its ``run()`` ends, which a test's app
    never reaches: its listener is dropped here, or a later test's switch would relayout every
    earlier test's app (slow, and failing once a test's game is no longer registered).
    """
    from dungeon_table.ui import i18n

    i18n.set_language("en")
    listeners = list(i18n._listeners)
    yield
    i18n._listeners[:] = listeners
    i18n.set_language("en")
