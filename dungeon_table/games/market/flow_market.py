"""The market phase (マーケットフェイズ): ghosts out, pricing (``price`` phase), the buy round
(``buy`` phase), then the forced buys.

Coins put on a card leave the active player's purse at once, so players + deposit + coins lying
on priced cards is always the same total.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.market import flow_turn as turn
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.state import Slot


def start_market(game: MarketBase, events: list[Event]) -> None:
    """Ghosts in the area are discarded first; with nothing left the turn ends."""
    state = game.state
    ghosts = [(i, s.card) for i, s in game.slots() if game.kind(s.card) == "ghost"]
    for index, _ in ghosts:
        state.area[index] = None
    if ghosts:
        state.discard += [card for _, card in ghosts]
        events.append(m.AreaDiscarded(cards=[card for _, card in ghosts], reason="ghosts"))
    if not game.slots():
        turn.finish_turn(game, events)
        return
    state.phase = "price"


# --- pricing -------------------------------------------------------------------------------------
def legal_price(game: MarketBase, seat: int) -> list[Action]:
    coins = game.state.players[seat].coins
    legal: list[Action] = []
    for i, s in game.slots():
        prices = _prices(i, coins + s.price + 1)
        legal += prices[:s.price]
        legal += prices[s.price + 1:coins + s.price + 1]
    return [*legal, m.OpenMarket()]


# Each slot's SetPrice actions for the prices 0, 1, 2...: a random game lists ~100 of them for
# each of its ~400 prices, and a slice of these (frozen, shared) costs far less than making them.
_PRICES: dict[int, tuple[m.SetPrice, ...]] = {}


def _prices(slot: int, count: int) -> tuple[m.SetPrice, ...]:
    """At least ``count`` of slot ``slot``'s SetPrice actions, price 0 first."""
    known = _PRICES.get(slot, ())
    if len(known) < count:
        known = tuple(m.SetPrice(slot=slot, price=p) for p in range(max(count, 2 * len(known))))
        if count <= 256:  # a purse past any real game's is listed but not kept
            _PRICES[slot] = known
    return known


def set_price(game: MarketBase, seat: int, action: m.SetPrice) -> list[Event]:
    slot = game.state.area[action.slot]
    assert slot is not None
    game.state.players[seat].coins -= action.price - slot.price
    slot.price = action.price
    return [m.Priced(slot=action.slot, price=action.price)]


def why_not_price(game: MarketBase, seat: int, action: m.SetPrice) -> str | None:
    missing = _no_card_in(game, action.slot)
    if missing:
        return missing
    slot = game.state.area[action.slot]
    assert slot is not None
    coins = game.state.players[seat].coins
    if action.price < 0:
        return refuse("market.refuse.price_unpriced_more_coins",
                      "a price is 0 (unpriced) or more coins")
    if action.price == slot.price:
        return refuse("market.refuse.slot_already_priced",
                      "slot {slot} is already priced {price}G",
                      slot=action.slot, price=slot.price)
    more = action.price - slot.price
    return refuse("market.refuse.pricing_puts_more_card",
                  "pricing at {price}G puts {more}G more on the card and you have {coins}G",
                  price=action.price, more=more, coins=coins)


def open_market(game: MarketBase, seat: int, action: m.OpenMarket) -> list[Event]:
    state = game.state
    state.buyers = game.buy_order()
    events: list[Event] = [m.MarketOpened(buyers=list(state.buyers))]
    next_buyer(game, events)
    return events


# --- the buy round -------------------------------------------------------------------------------
def cost_for(game: MarketBase, seat: int, slot: Slot) -> int:
    """What ``seat`` pays for ``slot``: its price, or the unpriced price (5G, less a Haggler's
    discount); the active player's own priced card costs nothing more (its coins are on it)."""
    if slot.price:
        return 0 if seat == game.state.active else slot.price
    return game.unpriced_cost(seat)


def legal_buy(game: MarketBase, seat: int) -> list[Action]:
    coins = game.state.players[seat].coins
    buys: list[Action] = [m.Buy(slot=i) for i, s in game.slots()
                          if cost_for(game, seat, s) <= coins]
    return [*buys, m.Pass()]


def next_buyer(game: MarketBase, events: list[Event]) -> None:
    """The next buyer who can buy something; one who cannot afford anything passes at once."""
    state = game.state
    while state.buyers and game.slots():
        seat = state.buyers.pop(0)
        if len(legal_buy(game, seat)) > 1:
            state.buyer, state.phase = seat, "buy"
            return
        events.append(m.Passed(seat=seat))
    state.buyer, state.buyers = None, []
    close_market(game, events)


def pass_(game: MarketBase, seat: int, action: m.Pass) -> list[Event]:
    events: list[Event] = [m.Passed(seat=seat)]
    next_buyer(game, events)
    return events


def buy(game: MarketBase, seat: int, action: m.Buy) -> list[Event]:
    state = game.state
    slot = state.area[action.slot]
    assert slot is not None
    buyer, seller = state.players[seat], state.players[state.active]
    price, commission = cost_for(game, seat, slot), 0
    events: list[Event] = []
    if slot.price and seat != state.active:
        # Paid to the active player, who also takes back the coins on the card.
        buyer.coins -= price
        seller.coins += price + slot.price
        commission = _commission(game)
        paid_to = "seller"
    else:
        # The active player's own priced card: its coins go to the deposit; unpriced: 5G.
        buyer.coins -= price
        state.deposit += price + slot.price
        price, paid_to = price + slot.price, "deposit"
    state.area[action.slot] = None
    after: list[Event] = []  # a sword's ghost joining the discard comes after the purchase
    card, hidden = _take(game, seat, slot, after)
    events.append(m.Bought(seat=seat, slot=action.slot, item=slot.card, card=card, price=price,
                           paid_to=paid_to, hidden=hidden, commission=commission))
    events += after
    next_buyer(game, events)
    return events


def why_not_buy(game: MarketBase, seat: int, action: m.Buy) -> str | None:
    missing = _no_card_in(game, action.slot)
    if missing:
        return missing
    slot = game.state.area[action.slot]
    assert slot is not None
    cost, coins = cost_for(game, seat, slot), game.state.players[seat].coins
    return refuse("market.refuse.too_poor", "that costs {cost}G and you have {coins}G",
                  cost=cost, coins=coins)


def _no_card_in(game: MarketBase, index: int) -> str | None:
    area = game.state.area
    if not 0 <= index < len(area) or area[index] is None:
        return refuse("market.refuse.there_no_card_slot", "there is no card in slot {index}",
                      index=index)
    return None


def _commission(game: MarketBase) -> int:
    """A Merchant's commission: the seller takes its amount more from the deposit."""
    state = game.state
    take = min(state.deposit, game.amount(state.active, "commission"))
    state.deposit -= take
    state.players[state.active].coins += take
    return take


def _take(game: MarketBase, seat: int, slot: Slot, events: list[Event]) -> tuple[str, str]:
    """The bought item goes to the buyer: ``(card received, chest's hidden card)``. A chest
    and its card are discarded unless ``chest_buyer_gets_card`` gives the card."""
    if not slot.chest:
        _receive(game, seat, slot.card, events)
        return slot.card, ""
    discard = game.state.discard
    discard.append(slot.card)
    if slot.hidden and game.chest_buyer_gets_card and game.kind(slot.hidden) != "chest":
        _receive(game, seat, slot.hidden, events)
        return slot.hidden, slot.hidden
    if slot.hidden:
        discard.append(slot.hidden)
    return "", slot.hidden


def _receive(game: MarketBase, seat: int, card_id: str, events: list[Event]) -> None:
    card = game.card_of[card_id]
    player = game.state.players[seat]
    if card.kind == "gem":
        player.gems.append(card_id)
        return
    player.equipment.append(card_id)
    if card.loot == "sword" and game.ghosts_enter == "sword_bought":
        # House rule (the older base rule): the sword's ghost joins the discard pile.
        ghost = f"{card.colour}_ghost"
        aside = game.state.ghosts_aside
        if ghost in aside:
            aside.remove(ghost)
            game.state.discard.append(ghost)
            events.append(m.GhostToDiscard(card=ghost))


def close_market(game: MarketBase, events: list[Event]) -> None:
    """Every card still priced is bought by the active player (its coins to the deposit);
    unpriced ones are discarded."""
    state = game.state
    unsold: list[str] = []
    for index, slot in game.slots():
        state.area[index] = None
        if slot.price:
            state.deposit += slot.price
            after: list[Event] = []
            card, hidden = _take(game, state.active, slot, after)
            events.append(m.Bought(seat=state.active, slot=index, item=slot.card, card=card,
                                   price=slot.price, paid_to="deposit", forced=True,
                                   hidden=hidden))
            events += after
        else:
            unsold += [slot.card, slot.hidden] if slot.hidden else [slot.card]
    if unsold:
        state.discard += unsold
        events.append(m.AreaDiscarded(cards=unsold, reason="unsold"))
    turn.finish_turn(game, events)
