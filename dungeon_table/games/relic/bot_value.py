"""What a finished relic playout is worth to a player: the expert's ``final`` judgement.

The search (``ai/search_bot.py``) plays each candidate to the end of the game on the same luck and
compares the values in pairs. Scored as a win or a loss alone, two candidates end alike in most
rounds (the same winner), and a paired difference says something only where the winner flips: an
edge of a few points needs some eighty rounds to show. Counting the points margin over the best
other player too (squashed into (0, 1)) makes most paired differences say something, while a win
still outweighs any margin::

    final_value(world, seat)   # won by 4 points: 0.6 + 0.4 * 0.69 = 0.88
"""

from __future__ import annotations

import math
from typing import Any

WIN_SHARE = 0.6  # of the value a win brings; the rest is the squashed margin
MARGIN_POINTS = 5.0  # a margin of this many points is worth 0.73 of the margin's part


def final_value(world: Any, seat: int) -> float:
    """A finished game's worth to ``seat`` in [0, 1]: a win (shared or not) and the margin over
    the best other player's points."""
    result = world.result()
    won = 1.0 if result is not None and seat in result.winners else 0.0
    points = world.standing()
    rival = max(p for i, p in enumerate(points) if i != seat)
    margin = 1.0 / (1.0 + math.exp(-(points[seat] - rival) / MARGIN_POINTS))
    return WIN_SHARE * won + (1.0 - WIN_SHARE) * margin
