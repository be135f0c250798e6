"""Shared test set-up: no display, and saves/settings in a temp folder, never the real home."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test writes saves and settings under its own temp folder."""
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture
def toy() -> Iterator[str]:
    """The two-seat "high card" game of tests/core/toy.py, registered as ``toy`` for one test."""
    from core import toy as toy_module

    toy_module.register()
    yield "toy"
    toy_module.unregister()
