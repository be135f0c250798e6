"""Scoring (the source's 得点計算フェイズ): life rank, equipment, gems, coins, jobs.

The same code gives the live ``points`` of the view and the final ``Result.breakdown``::

    lines = score_lines(cards, player, life_rank_points(lives, cards.score.rank_points)[seat])
    points = live_points(cards, players)     # each total alone, as the view shows them
"""

from __future__ import annotations

from functools import lru_cache

from dungeon_table.core.protocol import ScoreLine
from dungeon_table.games.market.card_rules import equipment_lines, equipment_points
from dungeon_table.games.market.cards import MarketCards
from dungeon_table.games.market.state import Player


def life_rank_points(lives: list[int], points: list[int]) -> list[int]:
    """Points per seat by life, highest first. Two tied take the average of their rank's points
    and the next one's; three tied all take the next rank's; four tied all take 0."""
    return list(_life_rank_points(tuple(lives), tuple(points)))


@lru_cache(maxsize=1 << 12)
def _life_rank_points(lives: tuple[int, ...], points: tuple[int, ...]) -> tuple[int, ...]:
    """Remembered: the live points ask at every step, and the lives change far less often."""
    order = sorted(set(lives), reverse=True)
    out = [0] * len(lives)
    rank = 0
    for life in order:
        tied = [s for s, v in enumerate(lives) if v == life]
        value = _tied_points(points, rank, len(tied))
        for seat in tied:
            out[seat] = value
        rank += len(tied)
    return tuple(out)


def _tied_points(points: tuple[int, ...], rank: int, tied: int) -> int:
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


def totals(cards: MarketCards, players: list[Player]) -> list[list[ScoreLine]]:
    """Every player's breakdown, scored as if the game ended now."""
    ranks = life_rank_points([p.life for p in players], cards.score.rank_points)
    return [score_lines(cards, p, ranks[p.seat]) for p in players]


def live_points(cards: MarketCards, players: list[Player],
                cache: dict[int, tuple[tuple, int]] | None = None) -> list[int]:
    """Every player's ``score.total`` were the game to end now, without the lines: the view
    and the search's standing ask it at every step (``score_total``). ``cache`` (per seat, the
    last total and what it was worked out from) spares the work when nothing that scores
    changed; equipment and gems only ever grow, so their counts say whether they changed."""
    ranks = life_rank_points([p.life for p in players], cards.score.rank_points)
    out = []
    for p in players:
        key = (len(p.equipment), len(p.gems), p.coins, p.life >= 1, tuple(p.jobs.items()),
               ranks[p.seat])
        known = cache.get(p.seat) if cache is not None else None
        if known is not None and known[0] == key:
            out.append(known[1])
            continue
        total = score_total(cards, p, ranks[p.seat])
        if cache is not None:
            cache[p.seat] = (key, total)
        out.append(total)
    return out


def score_total(cards: MarketCards, player: Player, rank_points: int) -> int:
    """The last line of ``score_lines``, summed as it sums them, the equipment's points
    remembered (``card_rules.equipment_points``). ``tests/market/test_properties.py`` holds the
    two together."""
    by_id = cards.by_id()
    gems = sum(by_id[g].value for g in player.gems) if gems_count(player) else 0
    return (rank_points + equipment_points(cards, player.equipment) + gems
            + player.coins // cards.score.coin_divisor + job_points(cards, player)[0])
