"""The rules of Dungeon Market that depend on the cards alone: which two face-up cards burst
together, and what a player's equipment scores.

Pure functions over the card file's data, so the rules, the view and the bots read the same ones
(a bot works from its view and the card file, never from the game's state)::

    bursts_with(cards.card("red_shield_1"), cards.card("red_ghost"))     # True: one colour
    burst_test(face_up)(cards.card("gem_1a"))                             # False: a gem
    equipment_lines(cards, ["red_gauntlet_1", "red_shield_1"])            # sets, kinds, swords
    equipment_points(cards, ["red_gauntlet_1", "red_shield_1"])           # their sum
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from dungeon_table.core.protocol import ScoreLine
from dungeon_table.games.market.cards import COLOURS, Card, MarketCards

ATTACKERS = ("monster", "ghost")


def burst_test(face_up: Iterable[Card]) -> Callable[[Card], bool]:
    """Whether a card turned up now bursts with one of the ``face_up`` cards: monsters of one
    colour burst (a ghost is a monster of its colour), and so do two ghosts; gems and chests
    never do. Made once for an area, asked of many cards (the burst odds ask every unseen one)."""
    attackers = [card for card in face_up if card.kind in ATTACKERS]  # read once: any iterable
    colours = {card.colour for card in attackers}
    ghost_up = any(card.kind == "ghost" for card in attackers)

    def bursts(card: Card) -> bool:
        return card.kind in ATTACKERS and (card.colour in colours
                                           or (ghost_up and card.kind == "ghost"))
    return bursts


def bursts_with(card: Card, other: Card) -> bool:
    """Whether two face-up cards burst together (``burst_test`` of one)."""
    return burst_test([other])(card)


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


MEMO_LIMIT = 1 << 16  # equipment sets remembered per card file before the memo starts afresh


def equipment_points(cards: MarketCards, equipment: Iterable[str]) -> int:
    """The points of ``equipment_lines``, remembered per card file by the set held (the order
    does not count): the view's live points and the bots' worth of every card for every seat
    ask it at every step, and the sets held change far less often."""
    key = ("equipment_points", *sorted(equipment))
    memo = cards.memo()
    points = memo.get(key)
    if points is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        points = memo[key] = sum(line.value for line in equipment_lines(cards, key[1:]))
    return points
