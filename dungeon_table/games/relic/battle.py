"""The battle arithmetic, pure: what committed characters do against an enemy. The rules, the
views and the bots' plans all fight by it.

    preview(cards, "enemy_golem_1", ["char_lancer_1"], "paper", {})   # -> Preview(outcome=...)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from dungeon_table.games.relic.cards import BATTLE_SKILLS, Card, RelicCards

BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


@dataclass
class Preview:
    bp: int = 0
    feint: bool = False
    pierce: bool = False
    banish: bool = False
    shield: bool = False  # the enemy's shield holds (it has one and it is not pierced)
    outcome: str = ""     # won, lost, banished; "" with nothing committed
    skills: list[str] = field(default_factory=list)
    # With a banish: the fight's own outcome (won, lost) should the banish not be used, and
    # whether its owner may still decline it (a card's own banish may be; a wild card set to
    # banish already is the choice to use it).
    fight: str = ""
    banish_optional: bool = False


def battle_skills(cards: RelicCards, committed: list[str], wild: dict[str, str]) -> list[str]:
    """The battle skills the committed cards bring, a wild card's choice included."""
    skills = []
    for card in committed:
        skill = cards.card(card).skill
        skill = wild.get(card, "") if skill == "wild" else skill
        if skill in BATTLE_SKILLS:
            skills.append(skill)
    return skills


def ts_result(ts: str, enemy_ts: str, feint: bool) -> int:
    """1: the characters' TS wins, 0: a tie (always under a feint), -1: it loses."""
    if feint or ts == enemy_ts:
        return 0
    return 1 if BEATS[ts] == enemy_ts else -1


def shield_holds(foe: Card, skills: Collection[str]) -> bool:
    """The enemy has a shield and no pierce lifts it."""
    return foe.skill == "shield" and "pierce" not in skills


def fight_result(foe: Card, bp: int, ts: str, skills: Collection[str]) -> str:
    """won or lost, the banish aside: the TS wins, or ties with more BP; against a shield the TS
    must win and the BP be more. A feint makes the TS a tie."""
    assert foe.ts is not None
    result = ts_result(ts, foe.ts, "feint" in skills)
    more = bp > foe.bp
    if shield_holds(foe, skills):
        return "won" if result == 1 and more else "lost"
    return "won" if result == 1 or (result == 0 and more) else "lost"


def preview(cards: RelicCards, enemy: str, committed: list[str], ts: str,
            wild: dict[str, str]) -> Preview:
    foe = cards.card(enemy)
    skills = battle_skills(cards, committed, wild)
    out = Preview(
        bp=sum(cards.card(c).bp for c in committed),
        feint="feint" in skills,
        pierce="pierce" in skills,
        banish="banish" in skills,
        skills=skills,
    )
    out.shield = shield_holds(foe, skills)
    if not committed:
        return out
    out.outcome = fight_result(foe, out.bp, ts, skills)
    if out.banish:
        out.fight, out.outcome = out.outcome, "banished"
        out.banish_optional = "banish" not in wild.values()
    return out


def banish_card(cards: RelicCards, committed: list[str]) -> str:
    """The committed card whose own banish skill is on offer ("" if none)."""
    return next((c for c in committed if cards.card(c).skill == "banish"), "")


def best_ts(cards: RelicCards, enemy: str, committed: list[str], wild: dict[str, str],
            current: str) -> str:
    """The TS to preselect: the current one if none does better, else the first that does best.
    A fight won outright (points) beats a banish, which beats a loss."""
    options = ts_options(cards, committed)
    if not options:
        return ""
    def rank(ts: str) -> int:
        out = preview(cards, enemy, committed, ts, wild)
        if out.outcome == "won" or (out.fight == "won" and out.banish_optional):
            return 2
        return 1 if out.outcome == "banished" else 0
    ranks = {t: rank(t) for t in options}
    best = max(ranks.values())
    if current in options and ranks[current] == best:
        return current
    return next(t for t in options if ranks[t] == best)


def ts_options(cards: RelicCards, committed: list[str]) -> list[str]:
    """The TS values among the committed characters, in rock-paper-scissors order."""
    have = {cards.card(c).ts for c in committed}
    return [t for t in ("rock", "paper", "scissors") if t in have]
