"""Dungeon Market bots (filled in by the bots' module owner; ``random`` always exists)."""

from __future__ import annotations

BOTS: dict = {}
BEST = "random"
