"""Scoring (the source's 得点計算フェイズ): life rank, equipment, gems, coins, jobs.

The same code gives the live ``points`` of the view and the final ``Result.breakdown``::

    lines = score_lines(cards, player, life_rank_points(lives, cards.score.rank_points)[seat])
"""

from __future__ import annotations

from dungeon_table.core.protocol import ScoreLine
from dungeon_table.games.market.card_rules import equipment_lines
from dungeon_table.games.market.cards import MarketCards
from dungeon_table.games.market.state import Player


def life_rank_points(lives: list[int], points: list[int]) -> list[int]:
    """Points per seat by life, highest first. Two tied take the average of their rank's points
    and the next one's; three tied all take the next rank's; four tied all take 0."""
    order = sorted(set(lives), reverse=True)
    out = [0] * len(lives)
    rank = 0
    for life in order:
        tied = [s for s, v in enumerate(lives) if v == life]
        value = _tied_points(points, rank, len(tied))
        for seat in tied:
            out[seat] = value
        rank += len(tied)
    return out


def _tied_points(points: list[int], rank: int, tied: int) -> int:
    if tied == 1:
        return points[rank]
    if tied == 2:
        return (points[rank] + points[rank + 1]) // 2
    if tied == 3:
        return points[rank + 1]
    return 0


def gems_count(player: Player) -> bool:
    """Players at 0 life or less lose their gems before scoring."""
    return player.life >= 1


def score_lines(cards: MarketCards, player: Player, rank_points: int) -> list[ScoreLine]:
    """Every line of one player's score, ``score.total`` last (docs/rules/market.md, Score lines)."""
    rules, by_id = cards.score, cards.by_id()
    lines = [ScoreLine("score.life_rank", rank_points), *equipment_lines(cards, player.equipment)]
    gems = player.gems if gems_count(player) else []
    lines.append(ScoreLine("score.gems", sum(by_id[g].value for g in gems), len(gems)))
    lines.append(ScoreLine("score.coins", player.coins // rules.coin_divisor, player.coins))
    lines.append(ScoreLine("score.jobs", *job_points(cards, player)))
    return [*lines, ScoreLine("score.total", sum(line.value for line in lines))]


def job_points(cards: MarketCards, player: Player) -> tuple[int, int]:
    """The jobs' points (their level's ``vp`` and any ``vp`` effect) and how many are at LV4."""
    points = top = 0
    for job_id, level in player.jobs.items():
        at = cards.job_at(job_id, level)
        if at is None:
            continue
        points += at.vp + sum(e.amount for e in at.effects if e.kind == "vp")
        top += level == len(cards.job(job_id).levels)
    return points, top


def totals(cards: MarketCards, players: list[Player],
           cache: dict[int, tuple[tuple, list[ScoreLine]]] | None = None) -> list[list[ScoreLine]]:
    """Every player's breakdown, scored as if the game ended now. ``cache`` (per seat, the last
    breakdown and what it was computed from) spares the work when nothing that scores changed;
    equipment and gems only ever grow, so their counts say whether they changed."""
    ranks = life_rank_points([p.life for p in players], cards.score.rank_points)
    out = []
    for p in players:
        key = (len(p.equipment), len(p.gems), p.coins, p.life >= 1, tuple(p.jobs.items()),
               ranks[p.seat])
        known = cache.get(p.seat) if cache is not None else None
        if known is not None and known[0] == key:
            out.append(known[1])
            continue
        lines = score_lines(cards, p, ranks[p.seat])
        if cache is not None:
            cache[p.seat] = (key, lines)
        out.append(lines)
    return out
