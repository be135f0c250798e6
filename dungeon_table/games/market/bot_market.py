"""The market as a bot foresees it: who would buy what at which prices, and the prices to set.

A market round is played out on paper: each buyer in turn takes the item that leaves it the most
(its worth to that buyer less the price, in points), if any is worth its price; the seller then
buys every priced item left (its coins go to the deposit) and the unpriced ones are discarded.
What the seller makes of a round is every seat's gain in points, weighed: its own fully, each
opponent's against it (``weights``). Coins paid to the deposit come back to every seat at the next
burst, a share each.

The best prices are found by trying every price on one item at a time, the others held, until no
single change helps (a few passes; a handful of items and buyers keeps it to a few milliseconds).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Item:
    """One discovery slot for sale: ``gains[seat]`` what owning it is worth to each seat."""

    slot: int
    gains: tuple[float, ...]


@dataclass
class Round:
    """A market round from one seat's eyes. ``order``: the buys to come, by seat (2 players: the
    opponent, the seller, the opponent). ``coins``: every purse as it stands before pricing (the
    seller's with the coins already on its cards). ``unpriced``: what an unpriced item costs each
    seat. ``weights``: how each seat's gain counts for whoever judges (1 for itself)."""

    seller: int
    order: list[int]
    coins: list[int]
    unpriced: list[int]
    coin_vp: float
    weights: list[float]
    commission: int = 0
    deposit: int = 0
    margin: float = 0.05
    buyers_model: dict[int, float] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.coins)


def _cost(round_: Round, buyer: int, price: int) -> int:
    return price if price > 0 else round_.unpriced[buyer]


def pick(round_: Round, items: list[Item], prices: dict[int, int], buyer: int,
         taken: set[int], purse: int) -> Item | None:
    """What ``buyer`` takes (the item worth most over its price), or None to pass."""
    best, best_surplus = None, round_.margin
    for item in items:
        if item.slot in taken:
            continue
        price = prices.get(item.slot, 0)
        if buyer == round_.seller:
            cost = price if price > 0 else round_.unpriced[buyer]
            # The seller's own priced item comes to it anyway at the end; buying it only keeps it
            # from the last buyer, so only unpriced items are worth the buy here.
            if price > 0:
                continue
        else:
            cost = _cost(round_, buyer, price)
        if cost > purse:
            continue
        surplus = item.gains[buyer] - round_.coin_vp * cost
        if surplus > best_surplus:
            best, best_surplus = item, surplus
    return best


def play_out(round_: Round, items: list[Item], prices: dict[int, int],
             order: list[int] | None = None, taken: set[int] | None = None,
             first: tuple[int, Item | None] | None = None) -> list[float]:
    """Every seat's gain in points from the rest of the round. ``first``: a buy already decided
    (the seat and its item, or None for a pass) before the ``order`` still to come."""
    n = round_.players
    gain = [0.0] * n
    coins = [0] * n
    purse = list(round_.coins)
    to_deposit = 0
    taken = set(taken or ())
    seller = round_.seller

    def buy(buyer: int, item: Item) -> None:
        nonlocal to_deposit
        price = prices.get(item.slot, 0)
        taken.add(item.slot)
        gain[buyer] += item.gains[buyer]
        if buyer == seller:
            paid = price if price > 0 else round_.unpriced[buyer]
            coins[buyer] -= paid
            to_deposit += paid
        elif price > 0:
            coins[buyer] -= price
            purse[buyer] -= price
            coins[seller] += price + min(round_.commission, round_.deposit + to_deposit)
            to_deposit -= min(round_.commission, round_.deposit + to_deposit)
        else:
            cost = round_.unpriced[buyer]
            coins[buyer] -= cost
            purse[buyer] -= cost
            to_deposit += cost

    if first is not None and first[1] is not None:
        buy(first[0], first[1])
    for buyer in round_.order if order is None else order:
        choice = pick(round_, items, prices, buyer, taken, purse[buyer])
        if choice is not None:
            buy(buyer, choice)
    for item in items:  # the seller buys what is still priced
        price = prices.get(item.slot, 0)
        if item.slot not in taken and price > 0:
            gain[seller] += item.gains[seller]
            coins[seller] -= price
            to_deposit += price
    share = to_deposit / n
    return [gain[s] + round_.coin_vp * (coins[s] + share) for s in range(n)]


def judge(round_: Round, outcome: list[float]) -> float:
    return sum(w * g for w, g in zip(round_.weights, outcome, strict=True))


def best_prices(round_: Round, items: list[Item], cap: int = 15, passes: int = 3,
                start: dict[int, int] | None = None) -> tuple[dict[int, int], float]:
    """The prices (slot -> coins, 0 = unpriced) the seller does best with, and that worth.
    ``start``: prices to begin from (an item left out starts unpriced)."""
    budget = round_.coins[round_.seller]
    prices = {item.slot: (start or {}).get(item.slot, 0) for item in items}
    best = judge(round_, play_out(round_, items, prices))
    for _ in range(passes):
        changed = False
        for item in items:
            spare = budget - sum(p for s, p in prices.items() if s != item.slot)
            for price in range(0, min(cap, spare) + 1):
                if price == prices[item.slot]:
                    continue
                trial = {**prices, item.slot: price}
                worth = judge(round_, play_out(round_, items, trial))
                if worth > best + 1e-9:
                    best, prices, changed = worth, trial, True
        if not changed:
            break
    return prices, best
