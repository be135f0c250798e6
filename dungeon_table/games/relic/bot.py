"""Relic expedition's bots (``random`` comes from the GameSpec)."""

from __future__ import annotations

BOTS: dict = {}
BEST = "random"
