"""Dungeon Market (ダンジョンマーケット): 2-4 adventurers explore, burst, and trade their loot."""

from __future__ import annotations

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.ai.search_bot import expert
from dungeon_table.core.registry import GameSpec, LazyOptions, register
from dungeon_table.games.market import cards
from dungeon_table.games.market.bot import BEST, BOTS, DealerBot
from dungeon_table.games.market.bot_expert import root_candidates
from dungeon_table.games.market.bot_leaf import leaf_value
from dungeon_table.games.market.rules import Market

SPEC = register(
    GameSpec(
        game_id="market",
        name_key="game.market",
        min_players=2,
        max_players=4,
        game_class=Market,
        # The expert tries to beat the best bot's choice; its playouts run 40 actions, played
        # on by dealer bots (the trader's prices and deals on greedy's exploring: greedy ones
        # play the market far worse than the trader the table really holds, random ones worse
        # still) and scored by the lead in points (bot_leaf); prices and defences are not
        # searched (bot_expert; docs/bots.md).
        bots={"random": RandomBot, **BOTS,
              "expert": expert(DealerBot, depth=40, guide=BOTS[BEST], leaf=leaf_value,
                               candidates=root_candidates)},
        best=BEST,
        view_module="dungeon_table.games.market.ui.table",
        # Read from cards/market.yaml on first use: a broken card file is reported where the
        # game is set up or played, not when the app starts.
        option_specs=LazyOptions(cards.option_specs),
        # The rulebook's Professional plays with the chests and its ghosts at the first reshuffle.
        implied_options={"professional": {"chests": True, "ghosts_enter": "first_reshuffle"}},
    )
)
