"""The market phase (マーケットフェイズ): ghosts out, pricing, the buy round, the forced buys.
A mixin of ``Market``; the state lives there.

Coins put on a card leave the active player's purse at once, so players + deposit + coins lying
on priced cards is always the same total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.state import Slot

if TYPE_CHECKING:
    from dungeon_table.games.market.rules import Market

    _Base = Market
else:
    _Base = object


class MarketRules(_Base):
    def _open_market(self, events: list[Event]) -> None:
        """Ghosts in the area are discarded first; with nothing left the turn ends."""
        ghosts = [(i, s.card) for i, s in self.slots() if self.kind(s.card) == "ghost"]
        for index, _ in ghosts:
            self.state.area[index] = None
        if ghosts:
            self.state.discard += [card for _, card in ghosts]
            events.append(m.AreaDiscarded(cards=[card for _, card in ghosts], reason="ghosts"))
        if not self.slots():
            self._finish_turn(events)
            return
        self.state.phase = "price"

    # --- pricing --------------------------------------------------------------------------------
    def _legal_price(self, seat: int) -> list[Action]:
        coins = self.state.players[seat].coins
        legal: list[Action] = [
            m.SetPrice(slot=i, price=p)
            for i, s in self.slots() for p in range(coins + s.price + 1) if p != s.price
        ]
        return [*legal, m.OpenMarket()]

    def _do_setprice(self, seat: int, action: m.SetPrice, events: list[Event]) -> None:
        slot = self.state.area[action.slot]
        assert slot is not None
        self.state.players[seat].coins -= action.price - slot.price
        slot.price = action.price
        events.append(m.Priced(slot=action.slot, price=action.price))

    def buy_order(self) -> list[int]:
        """3-4 players: every other player once, clockwise from the left. 2 players: the
        opponent, the active player (one card), the opponent again."""
        if self.n == 2:
            other = self.next_seat(self.state.active)
            return [other, self.state.active, other]
        return [self.next_seat(self.state.active, k) for k in range(1, self.n)]

    def _do_openmarket(self, seat: int, action: m.OpenMarket, events: list[Event]) -> None:
        self.state.buyers = self.buy_order()
        events.append(m.MarketOpened(buyers=list(self.state.buyers)))
        self._next_buyer(events)

    # --- the buy round --------------------------------------------------------------------------
    def cost_for(self, seat: int, slot: Slot) -> int:
        """What ``seat`` pays for ``slot``: its price, or the unpriced price (5G, less a Haggler's
        discount); the active player's own priced card costs nothing more (its coins are on it)."""
        if slot.price:
            return 0 if seat == self.state.active else slot.price
        discount = self.amount(seat, "discount")
        return max(0, self.cards.setup.unpriced_price - discount)

    def _legal_buy(self, seat: int) -> list[Action]:
        coins = self.state.players[seat].coins
        buys: list[Action] = [m.Buy(slot=i) for i, s in self.slots() if self.cost_for(seat, s) <= coins]
        return [*buys, m.Pass()]

    def _next_buyer(self, events: list[Event]) -> None:
        """The next buyer who can buy something; one who cannot afford anything passes at once."""
        while self.state.buyers and self.slots():
            seat = self.state.buyers.pop(0)
            if len(self._legal_buy(seat)) > 1:
                self.state.buyer, self.state.phase = seat, "buy"
                return
            events.append(m.Passed(seat=seat))
        self.state.buyer, self.state.buyers = None, []
        self._close_market(events)

    def _do_pass(self, seat: int, action: m.Pass, events: list[Event]) -> None:
        events.append(m.Passed(seat=seat))
        self._next_buyer(events)

    def _do_buy(self, seat: int, action: m.Buy, events: list[Event]) -> None:
        slot = self.state.area[action.slot]
        assert slot is not None
        buyer, seller = self.state.players[seat], self.state.players[self.state.active]
        price, commission = self.cost_for(seat, slot), 0
        if slot.price and seat != self.state.active:
            # Paid to the active player, who also takes back the coins on the card.
            buyer.coins -= price
            seller.coins += price + slot.price
            commission = self._commission(events)
            paid_to = "seller"
        else:
            # The active player's own priced card: its coins go to the deposit; unpriced: 5G.
            buyer.coins -= price
            self.state.deposit += price + slot.price
            price, paid_to = price + slot.price, "deposit"
        self.state.area[action.slot] = None
        after: list[Event] = []  # a sword's ghost joining the discard comes after the purchase
        card, hidden = self._take(seat, slot, after)
        events.append(m.Bought(seat=seat, slot=action.slot, item=slot.card, card=card, price=price,
                               paid_to=paid_to, hidden=hidden, commission=commission))
        events += after
        self._next_buyer(events)

    def _commission(self, events: list[Event]) -> int:
        """A Merchant's commission: the seller takes its amount more from the deposit."""
        take = min(self.state.deposit, self.amount(self.state.active, "commission"))
        self.state.deposit -= take
        self.state.players[self.state.active].coins += take
        return take

    def _take(self, seat: int, slot: Slot, events: list[Event]) -> tuple[str, str]:
        """The bought item goes to the buyer: ``(card received, chest's hidden card)``. A chest
        and its card are discarded unless ``chest_buyer_gets_card`` gives the card."""
        if not slot.chest:
            self._receive(seat, slot.card, events)
            return slot.card, ""
        self.state.discard.append(slot.card)
        if slot.hidden and self.chest_buyer_gets_card and self.kind(slot.hidden) != "chest":
            self._receive(seat, slot.hidden, events)
            return slot.hidden, slot.hidden
        if slot.hidden:
            self.state.discard.append(slot.hidden)
        return "", slot.hidden

    def _receive(self, seat: int, card_id: str, events: list[Event]) -> None:
        card = self.card_of[card_id]
        player = self.state.players[seat]
        if card.kind == "gem":
            player.gems.append(card_id)
            return
        player.equipment.append(card_id)
        if card.loot == "sword" and self.ghosts_enter == "sword_bought":
            # House rule (the older base rule): the sword's ghost joins the discard pile.
            ghost = f"{card.colour}_ghost"
            if ghost in self.state.ghosts_aside:
                self.state.ghosts_aside.remove(ghost)
                self.state.discard.append(ghost)
                events.append(m.GhostToDiscard(card=ghost))

    def _close_market(self, events: list[Event]) -> None:
        """Every card still priced is bought by the active player (its coins to the deposit);
        unpriced ones are discarded."""
        unsold: list[str] = []
        for index, slot in self.slots():
            self.state.area[index] = None
            if slot.price:
                self.state.deposit += slot.price
                after: list[Event] = []
                card, hidden = self._take(self.state.active, slot, after)
                events.append(m.Bought(seat=self.state.active, slot=index, item=slot.card, card=card,
                                       price=slot.price, paid_to="deposit", forced=True,
                                       hidden=hidden))
                events += after
            else:
                unsold += [slot.card, slot.hidden] if slot.hidden else [slot.card]
        if unsold:
            self.state.discard += unsold
            events.append(m.AreaDiscarded(cards=unsold, reason="unsold"))
        self._finish_turn(events)
