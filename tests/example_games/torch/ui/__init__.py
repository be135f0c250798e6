"""Torch's table: the only part of the game that imports pygame."""
