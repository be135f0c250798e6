"""Explore on or stop: what each is worth to the active player, in points against its opponents.

Stopping sells the discovery area at the best prices (``bot_market``). Exploring on is worth, with
the burst odds the view gives, either the area with one more card (averaged over the cards that
would not burst, grouped by what they are worth to each seat) or a burst: the area is lost, every
player takes the attack less its defence (the active player one more), and if a life falls to 0 the
game ends there, which is good only for whoever leads. In the Professional game every card counts
for EXP, the attackers excepted.
"""

from __future__ import annotations

import math
from collections import Counter

from dungeon_table.games.market import model as m
from dungeon_table.games.market.bot_market import Item, Round, best_prices
from dungeon_table.games.market.bot_value import Valuer
from dungeon_table.games.market.card_rules import bursts_with

CANDIDATES = 8  # the most common kinds of next card that are priced out one by one


def _face_up(view: m.MarketView) -> list[m.Slot]:
    return [s for s in view.discovery if s.card and not s.killed and not s.chest]


def unseen(view: m.MarketView, val: Valuer) -> list[str]:
    """The cards this seat cannot see: the next card is one of them (the discard's too, as far as
    the view tells)."""
    seen: set[str] = {view.discard_top}
    for slot in view.discovery:
        seen.update((slot.card, slot.hidden))
    for p in view.players:
        seen.update(h.card for h in p.equipment)
        seen.update(h.card for h in p.gems)
    kinds = {"monster", "gem"} | ({"chest"} if view.chests else set())
    if view.ghosts_in:
        kinds.add("ghost")
    return [c for c in val.cards.all_ids() if c not in seen and val.info[c].kind in kinds]


def attacks_if(view: m.MarketView, val: Valuer, card: str) -> dict[str, int]:
    """The attacks (colour -> value) if ``card`` came next; empty if it would not burst. The
    rules' pairing (``card_rules.bursts_with``), each colour's attackers summed."""
    info = val.info[card]
    pairs = [val.info[s.card] for s in _face_up(view) if bursts_with(info, val.info[s.card])]
    hit: dict[str, int] = {}
    for attacker in [info, *pairs] if pairs else []:
        hit[attacker.colour] = hit.get(attacker.colour, 0) + attacker.attack
    return hit


def burst_worth(view: m.MarketView, val: Valuer, attacks: dict[str, int],
                weights: list[float]) -> float:
    """What a burst with these attacks is worth to the active player, against its opponents."""
    lives, damage = [], []
    for p in view.players:
        taken = sum(a - val.defence_against(p.seat, colour, a) for colour, a in attacks.items())
        taken += p.seat == view.active
        damage.append(taken)
        lives.append(p.life - taken)
    if min(lives) <= 0:
        return game_over_worth(view, val, lives)
    return -sum(w * d * val.life_vp(s) for s, (w, d) in enumerate(zip(weights, damage,
                                                                      strict=True)))


def game_over_worth(view: m.MarketView, val: Valuer, lives: list[int]) -> float:
    """Ending the game with these lives, against playing on: a win is worth ``win_vp``."""
    me = view.active
    now = val.expected_rank_points([p.life for p in view.players])
    then = val.expected_rank_points([float(life) for life in lives])
    final = []
    for p, rank_now, rank_then, life in zip(view.players, now, then, lives, strict=True):
        gems = sum(val.info[h.card].value for h in p.gems) if life <= 0 else 0
        final.append(p.points - rank_now + rank_then - gems)
    margin = final[me] - max(f for s, f in enumerate(final) if s != me)
    won = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    lead = view.players[me].points - max(p.points for p in view.players if p.seat != me)
    playing_on = 1.0 / (1.0 + math.exp(-lead / 4.0))
    return val.tuning.win_vp * (won - playing_on)


def explore_worths(view: m.MarketView, val: Valuer, items: list[Item],
                   round_: Round) -> tuple[float, float]:
    """(worth of stopping, worth of exploring once more) for the active player."""
    now, stop = best_prices(round_, items)
    pool = unseen(view, val)
    bursting = {c: attacks_if(view, val, c) for c in pool}
    safe = [c for c in pool if not bursting[c] and val.info[c].kind != "ghost"]
    odds = view.burst_odds
    seats = range(view.n_players)
    groups: Counter[tuple[float, ...]] = Counter(
        tuple(round(val.card_gain(s, c), 1) for s in seats) for c in safe)
    common = groups.most_common(CANDIDATES)
    if common:
        total = sum(n for _, n in common)
        # From the prices for the area as it is, one pass: the new card changes few of them.
        more = sum(n * best_prices(round_, items + [Item(-1, gains)], passes=1, start=now)[1]
                   for gains, n in common) / total
    else:
        more = stop
    hits = [a for a in bursting.values() if a]
    weights = round_.weights
    burst = (sum(burst_worth(view, val, a, weights) for a in hits) / len(hits)) if hits else 0.0
    if view.professional:
        shown = len(_face_up(view)) + sum(1 for s in view.discovery if s.chest)
        stop += val.tuning.exp_vp * shown
        more += val.tuning.exp_vp * (shown + 1)
        burst += val.tuning.exp_vp * max(0, shown - 1) + val.tuning.auction_vp
    return stop, (1 - odds) * more + odds * burst + val.tuning.explore_bias
