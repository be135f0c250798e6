"""Dungeon!'s expert: the search bot (``ai/search_bot.py``) over the racer's choices, searching
every decision but the moves.

    bot = DungeonExpert(seed)          # registry.get("dungeon").make_bot("expert", seed)
    bot.decide(game, seat)

A move is the racer's own (the delver's walk, the rogue in a race: ``bot_play.RacerBot``): random
playouts 24 actions deep, scored by the gold share, prefer the gold a few actions away (a room
of level 1 next door over the racer's walk to a richer level), and their overrules of its moves
cost the expert ten races in a hundred (seeds 3000-3199 against three delvers: the racer alone
won 78, the expert searching every decision 59; ``docs/performance.md``). The doorway, the fight,
the pit's chamber, the wish list and the class are searched: what they decide plays out within
the playout's reach.
"""

from __future__ import annotations

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.ai.search_bot import SearchBot, SeatKnowledge
from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon.bot_play import RacerBot

DEPTH = 24  # actions a playout runs before its gold share is read
GUIDED_PHASES = ("move",)  # phases whose decisions are the guide's, never searched


class DungeonExpert(SearchBot):
    """The ``expert`` level: see the module docstring."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, RandomBot, DEPTH, guide=RacerBot)

    def search(self, knows: SeatKnowledge) -> Action:
        view = knows.view()
        if view.phase not in GUIDED_PHASES:
            return super().search(knows)
        self.last_iterations, self.last_totals, self.last_overruled = 0, [], False
        action: Action = self.fallback.choose(view, knows.legal())
        return action
