"""Dungeon!'s bots (``random`` comes from the GameSpec); their play is in ``bot_play``.

``greedy`` walks to the nearest room it beats half the time and fights what it meets; ``delver``
(the best) weighs every target by its class's odds, the defeat table's risks, the gp still
needed and the walk: see ``bot_play`` and ``bot_judge``. Both see only their seat's view, the
legal actions and the card files.
"""

from __future__ import annotations

from dungeon_table.games.dungeon.bot_play import DelverBot, GreedyBot

BOTS: dict = {"greedy": GreedyBot, "delver": DelverBot}
BEST = "delver"
