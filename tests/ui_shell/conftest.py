"""The shell's tests: a headless app on a plain surface, driven only by posted pygame events."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """The language is process-wide: every test starts and ends in English."""
    from dungeon_table.ui import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
