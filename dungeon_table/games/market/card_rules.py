"""The rules of Dungeon Market that depend on the cards alone: which two face-up cards burst
together, and what a player's equipment scores.

Pure functions over the card file's data, so the rules, the view and the bots read the same ones
(a bot works from its view and the card file, never from the game's state)::

    bursts_with(cards.card("red_shield_1"), cards.card("red_ghost"))     # True: one colour
    equipment_lines(cards, ["red_gauntlet_1", "red_shield_1"])            # sets, kinds, swords
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from dungeon_table.core.protocol import ScoreLine
from dungeon_table.games.market.cards import COLOURS, Card, MarketCards

ATTACKERS = ("monster", "ghost")


def bursts_with(card: Card, other: Card) -> bool:
    """Two face-up cards that burst together: monsters of one colour (a ghost is a monster of
    its colour), or two ghosts. Gems and chests never burst."""
    if card.kind not in ATTACKERS or other.kind not in ATTACKERS:
        return False
    return card.colour == other.colour or card.kind == other.kind == "ghost"


def equipment_lines(cards: MarketCards, equipment: Iterable[str]) -> list[ScoreLine]:
    """The equipment's lines of the score (得点計算): the five-colour set (count: the smallest
    colour's count), the kinds of each colour held (count: kinds), the swords (count)."""
    rules, by_id = cards.score, cards.by_id()
    kinds: dict[str, set[str]] = {}
    per_colour: Counter[str] = Counter()
    swords = 0
    for card_id in equipment:
        card = by_id[card_id]
        kinds.setdefault(card.colour, set()).add(card.loot)
        per_colour[card.colour] += 1
        swords += card.loot == "sword"
    smallest = min(per_colour[c] for c in COLOURS)
    lines = [ScoreLine("score.five_colours", rules.five_colour_multiplier * smallest, smallest)]
    for colour in COLOURS:
        if colour in kinds:
            count = len(kinds[colour])
            lines.append(ScoreLine(f"score.kinds.{colour}", rules.kinds_bonus[count], count))
    lines.append(ScoreLine("score.swords", rules.sword_bonus * swords, swords))
    return lines
