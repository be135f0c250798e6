"""Dungeon!: heroes delve a six-level dungeon for treasure and race back to the Great Hall."""

from __future__ import annotations

import importlib.util
from typing import Any

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.registry import GameSpec, LazyOptions, register
from dungeon_table.games.dungeon import cards
from dungeon_table.games.dungeon.model import MODES
from dungeon_table.games.dungeon.rules import Dungeon

# The bots' module joins when it is written; once there, an error in it must show, not hide.
if importlib.util.find_spec("dungeon_table.games.dungeon.bot") is not None:
    from dungeon_table.games.dungeon.bot import BEST, BOTS
else:
    BEST, BOTS = "random", {}


def option_values() -> dict[str, list[Any]]:
    """The choices setup offers, from cards/dungeon/rules.yaml (read on first use, so a broken
    card file is reported where the game is set up, not when the app starts)."""
    modes = cards.load().rules.modes
    return {"mode": list(MODES), "hunters": list(modes.hunter.hunters),
            "hunt_level": list(modes.treasure_hunt.levels),
            "minutes": list(modes.time_attack.minutes)}


def default_options() -> dict[str, Any]:
    """``heroes``: classes per seat, comma-separated ("fighter,wizard"); "" chooses at the table."""
    modes = cards.load().rules.modes
    return {"mode": "race", "hunters": modes.hunter.default_hunters,
            "hunt_level": modes.treasure_hunt.levels[0],
            "minutes": modes.time_attack.minutes[0], "heroes": ""}


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
        options=LazyOptions(default_options),
        option_values=LazyOptions(option_values),
        # The board is a card file too: cards.load hands board.yaml to the board's parser.
        card_files=("dungeon/*.yaml",),
        card_loader=cards.load,
    )
)
