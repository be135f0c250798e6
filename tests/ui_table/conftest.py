"""The table tests share the UI set-up of ``tests/conftest.py``: a display, English afterwards;
and the Hint's quick answer alone, unless a test asks for the expert's second look."""

from __future__ import annotations

import pytest

from dungeon_table.ui.deeper_hint import DeeperHint


@pytest.fixture(autouse=True)
def _ui(ui_display: None, english_afterwards: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table test runs with a display and leaves the language as it found it. The
    expert's second look at a hint is off (``tests/ui_table/test_deeper_hint.py`` turns it on):
    its verdict, landing a second later on another thread, would move the hint a test checks."""
    monkeypatch.setattr(DeeperHint, "enabled", False)
