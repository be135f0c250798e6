"""Where saves and settings live.

``$DUNGEON_TABLE_HOME`` if set, else ``$XDG_DATA_HOME/dungeon_table``, else
``~/.local/share/dungeon_table``. Nothing is created until it is written to; callers that write
use ``saves_dir()`` (which makes the folder) or make the parent themselves.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def data_home() -> Path:
    """The folder that holds everything the app keeps between runs."""
    home = os.environ.get("DUNGEON_TABLE_HOME")
    if home:
        return Path(home).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "dungeon_table"
    return Path.home() / ".local" / "share" / "dungeon_table"


def saves_dir() -> Path:
    """``<data home>/saves``, created on first use."""
    path = data_home() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path(game_id: str) -> Path:
    """The running game of ``game_id``: what Continue on the main menu opens."""
    return saves_dir() / f"autosave-{game_id}.yaml"


def save_path(game_id: str, when: float | None = None) -> Path:
    """A fresh name for a finished or explicitly saved game: ``<game>-<UTC timestamp>.yaml``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if when is None else when))
    path = saves_dir() / f"{game_id}-{stamp}.yaml"
    n = 2
    while path.exists():  # two saves in the same second keep both
        path = saves_dir() / f"{game_id}-{stamp}-{n}.yaml"
        n += 1
    return path


def settings_path() -> Path:
    """``<data home>/settings.yaml`` (the folder is not created here)."""
    return data_home() / "settings.yaml"
