"""Last Dungeon Pocket (ラストダンジョン ポケット): solo, stop every adventurer before the treasure."""

from __future__ import annotations

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.ai.search_bot import expert
from dungeon_table.core.registry import GameSpec, Option, register
from dungeon_table.games.lastdungeon.bot import GreedyBot, PlannerBot
from dungeon_table.games.lastdungeon.rules import LastDungeon

SPEC = register(
    GameSpec(
        game_id="lastdungeon",
        name_key="game.lastdungeon",
        min_players=1,
        max_players=1,
        game_class=LastDungeon,
        # The expert searches with the planner as its rollout policy, every playout to the end.
        bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot,
              "expert": expert(PlannerBot)},
        best="planner",
        view_module="dungeon_table.games.lastdungeon.ui.table",
        # Setup offers easier, normal, harder; the range leaves scripts and tests room to make
        # every power 1 (-20) without letting a typo through (docs/rules/lastdungeon.md).
        # ``levels`` (scripts and Learn to play only): the adventurer deck holds the levels up to
        # it, then the hero; the short dungeon a tutorial can clear (docs/rules/lastdungeon.md).
        option_specs={"difficulty": Option(0, low=-20, high=20, offered=(-1, 0, 1)),
                      "levels": Option(3, low=1, high=3, at_setup=False)},
        daily=True,  # setup offers today's run: the same deal for everyone on a UTC date
    )
)
