"""What a Dungeon Market position is worth to a player: the expert's judgement of a playout cut short.

The search (``ai/search_bot.py``) plays some actions on and asks ``leaf_value(world, seat)``. The
points each player would score were the game to end now (``Market.standing``: life rank,
equipment, gems, coins, jobs) are compared with the best of the other players': the lead in
points, squashed into (0, 1). Unlike the standing share (1, 1/2 or 0 by rank against each other
player), a point more or less always counts, so two moves that leave the same ranks are still told
apart, and a playout's luck moves the value less.

    leaf_value(world, seat)      # 0.6: two points ahead of the best rival
"""

from __future__ import annotations

import math
from typing import Any

LEAD_POINTS = 5.0  # a lead of this many points is worth 0.73 (the logistic's scale)


def leaf_value(world: Any, seat: int) -> float:
    """The position's worth to ``seat`` in [0, 1]: its lead over the best other player."""
    points = world.standing()
    rival = max(p for i, p in enumerate(points) if i != seat)
    return 1.0 / (1.0 + math.exp(-(points[seat] - rival) / LEAD_POINTS))
