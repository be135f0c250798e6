"""Which moves Dungeon Market's expert compares with the trader's: the game's ``candidates`` hook.

The search (``ai/search_bot.py``) plays each candidate out on the same luck and leaves the guide's
(the trader's) choice only when another clearly beats it. Which candidates are worth the playouts
is the game's to say::

    root_candidates(view, legal, prior, rng)   # [Bid(3), Bid(0), Bid(2), Bid(4), Bid(5)]
    root_candidates(view, legal, prior, rng)   # [Plan((SetPrice(0, 4), OpenMarket())), ...]

- Exploring on or stopping, buying, picking a job, levelling: every legal action (a handful), or a
  sample beside the guide's choice when there are more than the search compares.
- Prices: whole price plans (``Plan``: every slot's price, then opening the market), the trader's
  and its neighbours (one slot a coin up or down, all of them up or down), as far as the purse
  pays. One SetPrice alone could not be compared: the greedy bot that plays the playout on for
  the seller set every price back to its own, so every candidate played out as the guide's move.
- Defences: the guide's choice alone, not searched (the greedy bots confirm the suggested
  defence; a third of the expert's playouts once went to decisions no candidate ever won,
  ``docs/performance.md``).
- Bids: the trader's amount, nothing, and the amounts either side of it (the ~20 legal bids are
  mostly far from anything worth paying; a random sample of them taught nothing).
"""

from __future__ import annotations

import random
from typing import Any

from dungeon_table.ai.search_bot import MAX_ARMS, Plan
from dungeon_table.core.protocol import Action
from dungeon_table.games.market import model as m
from dungeon_table.games.market.bot import BEST, BOTS

UNSEARCHED = ("defend",)  # phases where the guide's choice stands without playouts
PRICE_STEPS = (1, -1)  # coins a neighbour plan moves one slot's (or every slot's) price by
_GUIDE = BOTS[BEST](0)  # the trader: stateless, its prices the plan the others are beside
BID_STEPS = (-1, 1, 2, -2, 3)  # the amounts tried beside the guide's, after nothing at all


def root_candidates(view: m.MarketView, legal: list[Action], prior: Action,
                    rng: random.Random) -> list[Action | Plan] | None:
    """The actions the expert plays out, the guide's choice first (see the module docstring)."""
    if view.phase in UNSEARCHED:
        return [prior]
    if isinstance(prior, m.Bid):
        return _bids(prior.amount, legal)
    if view.phase == "price":
        return _price_plans(view, legal, prior, rng)
    return None  # the search's own: every legal action, or a sample beside the guide's


def _price_plans(view: m.MarketView, legal: list[Action], prior: Action,
                 rng: random.Random) -> list[Action | Plan]:
    """The trader's prices as a plan, then plans beside it (a sample when there are more than
    the search compares); the guide's choice alone if its plan does not begin with it."""
    targets = _GUIDE.target_prices(view, _GUIDE.valuer(view))
    allowed: set[Any] = set(legal)
    guide = _plan(view, targets, allowed)
    if guide is None or guide.steps[0] != prior:
        return [prior]
    others: list[Plan] = []
    for prices in _beside(targets):
        plan = _plan(view, prices, allowed)
        if plan is not None and plan != guide and plan not in others and _affords(view, prices):
            others.append(plan)
    if len(others) >= MAX_ARMS:
        others = rng.sample(others, MAX_ARMS - 1)
    return [guide, *others]


def _beside(targets: dict[int, int]) -> list[dict[int, int]]:
    """Price lists one coin from ``targets``: one slot's, then every slot's at once."""
    out = [{**targets, slot: price + step}
           for slot, price in targets.items() for step in PRICE_STEPS if price + step >= 0]
    for step in PRICE_STEPS:
        out.append({slot: max(0, price + step) for slot, price in targets.items()})
    return out


def _plan(view: m.MarketView, prices: dict[int, int], allowed: set[Any]) -> Plan | None:
    """The steps that set ``prices`` (slots in the order the trader sets them), then open the
    market; None if a step is not legal now."""
    steps: list[Action] = []
    for slot in view.discovery:
        want = prices.get(slot.index, 0)
        if slot.price != want:
            step = m.SetPrice(slot=slot.index, price=want)
            if step not in allowed:
                return None
            steps.append(step)
    return Plan((*steps, m.OpenMarket()))


def _affords(view: m.MarketView, prices: dict[int, int]) -> bool:
    """Whether the seller's purse pays for these prices (the coins go on the cards)."""
    now = sum(slot.price for slot in view.discovery)
    wanted = sum(prices.get(slot.index, 0) for slot in view.discovery)
    return wanted - now <= view.players[view.active].coins


def _bids(amount: int, legal: list[Action]) -> list[Action | Plan]:
    """The guide's bid, no bid, then the amounts nearest it, as far as they are legal."""
    allowed: set[Any] = set(legal)
    out: list[Action | Plan] = [m.Bid(amount=amount)]
    for bid in (m.Bid(amount=0), *(m.Bid(amount=amount + step) for step in BID_STEPS)):
        if bid in allowed and bid not in out:
            out.append(bid)
        if len(out) == MAX_ARMS:
            break
    return out
