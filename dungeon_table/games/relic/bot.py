"""Relic expedition's bots (``random`` comes from the GameSpec); their play is in ``bot_play``.

``greedy`` judges each decision by itself; ``delver`` (the best) keeps the dungeon's next search
in view: see ``bot_play``. Both see only their seat's view, the legal actions and the card file.
"""

from __future__ import annotations

from dungeon_table.games.relic.bot_play import DelverBot, GreedyBot

BOTS: dict = {"greedy": GreedyBot, "delver": DelverBot}
BEST = "delver"
