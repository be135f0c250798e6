"""Dungeon!: heroes delve a six-level dungeon for treasure and race back to the Great Hall."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.registry import GameSpec, register
from dungeon_table.games.dungeon.rules import Dungeon

try:  # the bots' module joins when it is written
    from dungeon_table.games.dungeon.bot import BEST, BOTS
except ImportError:
    BEST, BOTS = "random", {}


def load_card_file(path: Path) -> Any:
    """One of ``cards/dungeon/*.yaml`` checked alone (the board too), for ``cards check``."""
    from dungeon_table.games.dungeon.cards import load

    return load(path)


SPEC = register(
    GameSpec(
        game_id="dungeon",
        name_key="game.dungeon",
        min_players=1,
        max_players=8,
        game_class=Dungeon,
        bots={"random": RandomBot, **BOTS},
        best=BEST,
        view_module="dungeon_table.games.dungeon.view",
        options={"mode": "race", "hunters": 1, "hunt_level": 1, "minutes": 30, "heroes": ""},
        option_values={"mode": ["race", "treasure_hunt", "time_attack", "hunter"],
                       "hunters": [1, 2, 3], "hunt_level": [1, 2, 3, 4, 5, 6],
                       "minutes": [30, 25, 20, 15]},
        card_files=("dungeon/*.yaml",),
        card_loader=load_card_file,
    )
)
