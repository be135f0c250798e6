"""The battle arithmetic, pure: what committed characters do against an enemy.

    preview(cards, "enemy_golem_1", ["char_lancer_1"], "paper", {})   # -> Preview(outcome=...)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dungeon_table.games.relic.cards import BATTLE_SKILLS, RelicCards

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
    out.shield = foe.skill == "shield" and not out.pierce
    if not committed:
        return out
    if out.banish:
        out.outcome = "banished"
        return out
    assert foe.ts is not None
    result = ts_result(ts, foe.ts, out.feint)
    more = out.bp > foe.bp
    won = (result == 1 and more) if out.shield else (result == 1 or (result == 0 and more))
    out.outcome = "won" if won else "lost"
    return out


def best_ts(cards: RelicCards, enemy: str, committed: list[str], wild: dict[str, str],
            current: str) -> str:
    """The TS to preselect: the current one if it still wins or nothing wins, else a winning one."""
    options = ts_options(cards, committed)
    if not options:
        return ""
    def wins(ts: str) -> bool:
        return preview(cards, enemy, committed, ts, wild).outcome in ("won", "banished")
    if current in options and (wins(current) or not any(wins(t) for t in options)):
        return current
    return next((t for t in options if wins(t)), options[0])


def ts_options(cards: RelicCards, committed: list[str]) -> list[str]:
    """The TS values among the committed characters, in rock-paper-scissors order."""
    have = {cards.card(c).ts for c in committed}
    return [t for t in ("rock", "paper", "scissors") if t in have]
