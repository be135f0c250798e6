"""What the relic bots know of the cards and of a fight, from the card file alone.

The bots read the public card file (``cards/relic.yaml``) the way a player reads the card faces,
and fight by the rules' own arithmetic (``battle.py``); they never touch the engine's state.
``plan_battle`` finds the cheapest set of characters that beats an enemy.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from dungeon_table.games.relic.battle import fight_result
from dungeon_table.games.relic.cards import BATTLE_SKILLS, Card, load

HAND_LIMIT = load().hand_limit


def facts(card: str) -> Card:
    """A card's printed facts; a second set's id (``-b``) reads as the first set's."""
    return _FACTS.get(card) or _FACTS.setdefault(card, load().card(card))


_FACTS: dict[str, Card] = {}  # the card file's facts by id: the bots ask thousands a playout


def outcome(enemy: str, cards: tuple[str, ...], ts: str, skills: frozenset[str],
            wild_banish: bool = False) -> str:
    """won, lost or banished: the fight of ``cards`` with ``ts`` and the battle ``skills``. A
    card's own banish may be declined, so a fight that wins anyway is won (the enemy scores);
    a wild card set to banish (``wild_banish``) always banishes."""
    fight = fight_result(facts(enemy), sum(facts(c).bp for c in cards), ts, skills)
    if "banish" in skills and (wild_banish or fight == "lost"):
        return "banished"
    return fight


@dataclass(frozen=True)
class Plan:
    """A fight to make: the characters, their TS, what each wild plays as, and its outcome."""

    cards: tuple[str, ...]
    ts: str
    wild: tuple[tuple[str, str], ...]   # (card, skill) for each committed wild card
    outcome: str
    cost: float


def _choices(cards: tuple[str, ...]) -> list[tuple[frozenset[str], tuple[tuple[str, str], ...]]]:
    """The battle skills a set of characters can bring: their own, plus each wild's pick."""
    own = frozenset(facts(c).skill for c in cards if facts(c).skill in BATTLE_SKILLS)
    wilds = [c for c in cards if facts(c).skill == "wild"]
    options = [(own, tuple((w, "") for w in wilds))]
    if wilds:  # one wild's pick is all a fight needs; the others stay unset
        for skill in BATTLE_SKILLS:
            picks = ((wilds[0], skill),) + tuple((w, "") for w in wilds[1:])
            options.append((own | {skill}, picks))
    return options


def plan_battle(enemy: str, characters: list[str], card_cost: dict[str, float],
                max_cards: int = 4) -> Plan | None:
    """The cheapest winning (or banishing) fight with at most ``max_cards`` of ``characters``;
    None when none wins. A defeat scores the enemy's level, so a banish costs that too."""
    best: Plan | None = None
    gain = facts(enemy).level
    for size in range(1, min(max_cards, len(characters)) + 1):
        for cards in combinations(sorted(characters), size):
            cost = sum(card_cost[c] for c in cards)
            if best is not None and cost >= best.cost:
                continue
            for skills, wild in _choices(cards):
                for ts in sorted({facts(c).ts for c in cards}):
                    wild_banish = any(skill == "banish" for _, skill in wild)
                    result = outcome(enemy, cards, ts, skills, wild_banish)
                    total = cost + (gain if result == "banished" else 0.0)
                    if result != "lost" and (best is None or total < best.cost):
                        best = Plan(cards, ts, wild, result, total)
    return best
