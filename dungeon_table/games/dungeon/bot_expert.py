"""Which decisions Dungeon!'s expert searches: the game's ``candidates`` hook, as market's.

    root_candidates(view, legal, prior, rng)   # [prior] in the move phase: the racer's walk

A move is the racer's own (the delver's walk, the rogue in a race: ``bot_play.RacerBot``): random
playouts 24 actions deep, scored by the gold share, prefer the gold a few actions away (a room
of level 1 next door over the racer's walk to a richer level), and their overrules of its moves
cost the expert ten races in a hundred (seeds 3000-3199 against three delvers: the racer alone
won 78, the expert searching every decision 59; ``docs/performance.md``). The doorway, the fight,
the pit's chamber, the wish list and the class are searched: what they decide plays out within
the playout's reach.
"""

from __future__ import annotations

import random
from typing import Any

from dungeon_table.core.protocol import Action

GUIDED_PHASES = ("move",)  # phases whose decisions are the guide's, never searched


def root_candidates(view: Any, legal: list[Action], prior: Action,
                    rng: random.Random) -> list[Action] | None:
    """The guide's move alone in a guided phase (not searched), else the search's own sample."""
    return [prior] if view.phase in GUIDED_PHASES else None
