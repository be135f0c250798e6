"""Relic expedition (チーム桜刻館): delve into the ruins, search for treasure, fight the traps."""

from __future__ import annotations

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.ai.search_bot import expert
from dungeon_table.core.registry import GameSpec, register
from dungeon_table.games.relic.bot import BEST, BOTS
from dungeon_table.games.relic.bot_expert import final_value, same_move
from dungeon_table.games.relic.rules import Relic

SPEC = register(
    GameSpec(
        game_id="relic",
        name_key="game.relic",
        min_players=2,
        max_players=4,
        game_class=Relic,
        # The expert searches with the hand-written best bot as its rollout policy;
        # a whole relic game is ~110 actions: playouts go to the end, scored by the win and
        # the points margin (a win or a loss alone rarely tells two moves apart); two copies
        # of a card are one candidate.
        bots={"random": RandomBot, **BOTS,
              "expert": expert(BOTS[BEST], depth=None, final=final_value, alike=same_move)},
        best=BEST,
        view_module="dungeon_table.games.relic.ui.table",
        player_variants={3: "setup.variant.two_decks", 4: "setup.variant.two_decks"},
    )
)
