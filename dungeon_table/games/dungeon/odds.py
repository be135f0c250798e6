"""The rules' own arithmetic of a fight, in one place for the engine, the view, the table and the
bots: the chance that 2d6 (and a sword's bonus) reach a number, and what an attack needs.

    chance(7)                        # 21/36: two dice reach 7
    chance(8, bonus=1)               # 21/36 too
    attack_number(None, 2, dash=13)  # 13: a "-" only a magic sword reaches (rules.yaml's number)
    sword_bonus("wizard", "magic_sword_1", 2)   # 0: a wizard's sword is never active
"""

from __future__ import annotations

# Each 2d6 total and its chance.
TWO_D6 = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}
# How many of the 36 throws of two dice reach each total (12 and below).
_REACHING = {need: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)
             for need in range(-12, 14)}


def chance(need: int, bonus: int = 0) -> float:
    """The chance that 2d6 + ``bonus`` reaches ``need`` (0 when ``need`` is 0: cannot be hit)."""
    if need <= 0:
        return 0.0
    return _REACHING[max(-12, min(13, need - bonus))] / 36


def attack_number(printed: int | None, bonus: int, dash: int) -> int:
    """What 2d6 + ``bonus`` must reach against a monster's printed number for the hero: a "-"
    (``None``) only a magic sword reaches, and then ``dash`` (``no_sword_target`` of
    rules.yaml: 13); 0: it cannot be hit."""
    if printed is None:
        return dash if bonus else 0
    return printed


def sword_bonus(hero: str, sword: str, bonus: int) -> int:
    """The active magic sword's bonus to an attack: a wizard's never counts."""
    return bonus if sword and hero != "wizard" else 0
