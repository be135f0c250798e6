"""Screens open each other by name (``ui/screens.py``): every name the code opens is one a scene
registers, and a name none registers says so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dungeon_table.ui import screens

UI = Path(screens.__file__).resolve().parent
# screens.push(app, "name", ...), replace and reset alike; screens.make("name", app, ...)
OPENED = re.compile(r"screens\.(?:(?:push|replace|reset)\(\s*[^,()]+,|make\()\s*\"(\w+)\"")


def test_every_screen_the_code_opens_is_registered() -> None:
    opened = {name for path in UI.rglob("*.py")
              for name in OPENED.findall(path.read_text(encoding="utf-8"))}
    assert {"menu", "setup", "table", "handoff", "pause", "game_over", "replay"} <= opened
    assert opened <= set(screens.known()), sorted(opened - set(screens.known()))


def test_a_screen_nobody_registered_is_refused_by_name() -> None:
    with pytest.raises(LookupError, match="no screen 'attic'.*known: .*menu"):
        screens.make("attic", None)  # type: ignore[arg-type]
