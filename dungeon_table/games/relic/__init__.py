"""Relic expedition (チーム桜刻館): delve into the ruins, search for treasure, fight the traps."""
