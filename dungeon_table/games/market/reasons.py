"""Why an action is refused, in the words of the rules ("that costs 7G and you have 4G").

Called only when ``legal_actions`` does not contain the action, so it can take its time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dungeon_table.core.protocol import Action
from dungeon_table.core.refusals import Refusals
from dungeon_table.games.market import model as m

if TYPE_CHECKING:
    from dungeon_table.games.market.rules import Market

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "explore": (m.Explore, m.Stop),
    "defend": (m.Guard, m.Unguard, m.Defend),
    "auction": (m.AuctionJob,),
    "bid": (m.Bid,),
    "level": (m.LevelUp, m.Done),
    "price": (m.SetPrice, m.OpenMarket),
    "buy": (m.Buy, m.Pass),
}
PHASE_HINT = {
    "explore": "explore, or stop and go to the market",
    "defend": "choose your defence (guard, unguard) and confirm it (defend)",
    "auction": "the player who caused the burst picks a face-up job to auction",
    "bid": "place a sealed bid",
    "level": "level up a job, or done",
    "price": "price your finds, then open the market",
    "buy": "buy a card or pass",
}


def why_illegal(game: Market, seat: int, action: Action) -> str:
    return REFUSALS.explain(game, seat, action)


def _stop(game: Market, seat: int, action: m.Stop) -> str | None:
    if game.state.must_explore:
        return "you must explore again: a ghost was revealed"
    if not game.slots():
        return "reveal at least one card before you stop"
    return None


def _slot(game: Market, index: int) -> str | None:
    if not 0 <= index < len(game.state.area) or game.state.area[index] is None:
        return f"there is no card in slot {index}"
    return None


def _price(game: Market, seat: int, action: m.SetPrice) -> str | None:
    missing = _slot(game, action.slot)
    if missing:
        return missing
    slot = game.state.area[action.slot]
    assert slot is not None
    coins = game.state.players[seat].coins
    if action.price < 0:
        return "a price is 0 (unpriced) or more coins"
    if action.price == slot.price:
        return f"slot {action.slot} is already priced {slot.price}G"
    more = action.price - slot.price
    return f"pricing at {action.price}G puts {more}G more on the card and you have {coins}G"


def _buy(game: Market, seat: int, action: m.Buy) -> str | None:
    missing = _slot(game, action.slot)
    if missing:
        return missing
    slot = game.state.area[action.slot]
    assert slot is not None
    cost, coins = game.cost_for(seat, slot), game.state.players[seat].coins
    return f"that costs {cost}G and you have {coins}G"


def _guard(game: Market, seat: int, action: m.Guard) -> str | None:
    burst = game.state.burst
    assert burst is not None
    player = game.state.players[seat]
    if action.item not in player.equipment and action.item not in player.gems:
        return f"you hold no {action.item}"
    if action.item in player.used:
        return f"{action.item} is already used (turned sideways)"
    chosen = dict(burst.pending[seat])
    if action.item in chosen:
        return f"{action.item} already guards the {chosen[action.item]} attack"
    if action.attack not in [a.colour for a in burst.attacks]:
        return f"there is no {action.attack} attack in this burst"
    card = game.cards.card(action.item)
    if card.kind == "gem":
        return "gems do not defend in this game (house rule gems_defend is off)"
    return f"a {card.colour} {card.loot} guards only against the {card.colour} attack"


def _unguard(game: Market, seat: int, action: m.Unguard) -> str | None:
    return f"{action.item} is not in your defence"


def _auction(game: Market, seat: int, action: m.AuctionJob) -> str | None:
    return f"{action.job} is not a face-up job (face up: {', '.join(game.state.jobs_up)})"


def _bid(game: Market, seat: int, action: m.Bid) -> str | None:
    if action.amount < 0:
        return "a bid is 0 or more coins"
    return f"you bid {action.amount}G and have {game.state.players[seat].coins}G"


def _level_up(game: Market, seat: int, action: m.LevelUp) -> str | None:
    player = game.state.players[seat]
    if action.job not in player.jobs:
        return f"you hold no job {action.job}"
    level = player.jobs[action.job]
    if level >= len(game.cards.level_costs):
        return f"{action.job} is at LV{level} already, the top"
    only = game.state.levelling.only if game.state.levelling else None
    if only and action.job != only:
        return f"only the job just won ({only}) may level up now"
    cost = game.next_cost(level)
    return f"{action.job} LV{level + 1} needs {cost} EXP and you have {player.exp}"


_CHECKS: dict[type[Action], Callable[[Any, int, Any], str | None]] = {
    m.Stop: _stop, m.SetPrice: _price, m.Buy: _buy, m.Guard: _guard, m.Unguard: _unguard,
    m.AuctionJob: _auction, m.Bid: _bid, m.LevelUp: _level_up,
}

REFUSALS = Refusals(PHASE_ACTIONS, PHASE_HINT, _CHECKS)
