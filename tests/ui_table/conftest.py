"""The table tests share the UI set-up of ``tests/conftest.py``: a display, English afterwards."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _ui(ui_display: None, english_afterwards: None) -> None:
    """Every table test runs with a display and leaves the language as it found it."""
