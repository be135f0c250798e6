"""Which moves Dungeon Market's expert compares with the trader's: the game's ``candidates`` hook.

The search (``ai/search_bot.py``) plays each candidate out on the same luck and leaves the guide's
(the trader's) choice only when another clearly beats it. Which candidates are worth the playouts
is the game's to say::

    root_candidates(view, legal, prior, rng)   # [Bid(3), Bid(0), Bid(2), Bid(4), Bid(5)]

- Exploring on or stopping, buying, picking a job, levelling: every legal action (a handful), or a
  sample beside the guide's choice when there are more than the search compares.
- Prices and defences: the guide's choice alone, not searched. The greedy bots that play a playout
  on set every price back to their own and confirm the suggested defence, so every SetPrice or
  Guard candidate played out as the guide's own move: a third of the expert's playouts went to
  decisions no candidate ever won (``docs/performance.md``).
- Bids: the trader's amount, nothing, and the amounts either side of it (the ~20 legal bids are
  mostly far from anything worth paying; a random sample of them taught nothing).
"""

from __future__ import annotations

import random
from typing import Any

from dungeon_table.ai.search_bot import MAX_ARMS
from dungeon_table.core.protocol import Action
from dungeon_table.games.market import model as m

UNSEARCHED = ("price", "defend")  # phases where the guide's choice stands without playouts
BID_STEPS = (-1, 1, 2, -2, 3)  # the amounts tried beside the guide's, after nothing at all


def root_candidates(view: m.MarketView, legal: list[Action], prior: Action,
                    rng: random.Random) -> list[Action] | None:
    """The actions the expert plays out, the guide's choice first (see the module docstring)."""
    if view.phase in UNSEARCHED:
        return [prior]
    if isinstance(prior, m.Bid):
        return _bids(prior.amount, legal)
    return None  # the search's own: every legal action, or a sample beside the guide's


def _bids(amount: int, legal: list[Action]) -> list[Action]:
    """The guide's bid, no bid, then the amounts nearest it, as far as they are legal."""
    allowed: set[Any] = set(legal)
    out: list[Action] = [m.Bid(amount=amount)]
    for bid in (m.Bid(amount=0), *(m.Bid(amount=amount + step) for step in BID_STEPS)):
        if bid in allowed and bid not in out:
            out.append(bid)
        if len(out) == MAX_ARMS:
            break
    return out
