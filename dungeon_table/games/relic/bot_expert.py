"""What the relic expert's search is told: what a finished playout is worth to a player (its
``final`` judgement), and which actions are the same move (its ``alike`` key).

The search (``ai/search_bot.py``) plays each candidate to the end of the game on the same luck and
compares the values in pairs. Scored as a win or a loss alone, two candidates end alike in most
rounds (the same winner), and a paired difference says something only where the winner flips: an
edge of a few points needs some eighty rounds to show. Counting the points margin over the best
other player too (squashed into (0, 1)) makes most paired differences say something, while a win
still outweighs any margin::

    final_value(world, seat)   # won by 4 points: 0.6 + 0.4 * 0.69 = 0.88

Two cards whose kind, TS, BP, level and skill agree play alike wherever a hand holds them (a card's
dice face counts only when the deck turns it for a search, and a card in hand never goes back):
setting, committing or discarding either is the same move, so the search compares one of them::

    same_move(Discard(card="dungeon_hall_3")) == same_move(Discard(card="dungeon_well_2"))
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from dungeon_table.core.protocol import Action
from dungeon_table.games.relic.cards import load

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


def same_move(action: Action) -> Hashable:
    """The action's kind and its fields, each card id replaced by what the card does."""
    fields = getattr(action, "__struct_fields__", ())
    return (type(action), *(_what_it_does(getattr(action, name)) for name in fields))


def _what_it_does(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        card = load().card(value)
    except KeyError:  # a TS or a skill's name, not a card
        return value
    return (card.kind, card.ts, card.bp, card.level, card.skill)
