"""The market table: its renderer and everything it draws (the one part of the game that imports pygame)."""
