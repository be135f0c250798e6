"""The burst phase (バーストフェイズ): attacks, every seat's defence, damage, the deposit share and
(Professional) the job auction. A mixin of ``Market``; the state lives there.

Defence is simultaneous and sealed: each seat's pending choice starts as the suggested set and is
changed item by item (``guard``/``unguard``) until the seat confirms (``defend``); the ``defended``
events of all seats come out together once every seat is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.defence import Item, Kit, Outcome, resolve, suggest
from dungeon_table.games.market.state import Attackers, Auction, Burst

if TYPE_CHECKING:
    from dungeon_table.games.market.rules import Market

    _Base = Market
else:
    _Base = object


class BurstRules(_Base):
    # --- the attacks ----------------------------------------------------------------------------
    def _start_burst(self, slots: list[int], events: list[Event]) -> None:
        attackers: Attackers = {}
        for slot in slots:
            card = self.card_of[self.state.area[slot].card]  # type: ignore[union-attr]
            attackers.setdefault(card.colour, []).append((slot, card.attack))
        # One attack per colour, in the colours' order; its value the sum of its attackers.
        attacks = [m.Attack(colour=c, value=sum(a for _, a in attackers[c]),
                            slots=[s for s, _ in attackers[c]])
                   for c in self.cards.colours if c in attackers]
        events.append(m.ExplorationEnded(reason="burst"))
        events.append(m.BurstStarted(attacks=attacks))
        suggested = [suggest(self.kit(s), attacks, attackers, self.gems_defend)
                     for s in range(self.n)]
        self.state.burst = Burst(attacks, attackers, slots, suggested,
                                 [list(v) for v in suggested], [False] * self.n)
        self.state.phase = "defend"
        for seat in range(self.n):
            # Nothing that could guard: there is no choice to make, the seat is in at once.
            if not self._can_guard(seat):
                self.state.burst.confirmed[seat] = True
                events.append(m.DefenceChosen(seat=seat))
        if all(self.state.burst.confirmed):
            self._resolve_burst(events)

    def kit(self, seat: int) -> Kit:
        """What ``seat`` defends with: unused equipment and gems, gauntlets, job guards."""
        player = self.state.players[seat]
        items = []
        gauntlets: dict[str, int] = {}
        for card_id in [*player.equipment, *player.gems]:
            if card_id in player.used:
                continue
            card = self.card_of[card_id]
            kind = "gem" if card.kind == "gem" else card.loot
            defence = card.value if card.kind == "gem" else card.defence
            items.append(Item(card_id, kind, card.colour, defence))
            if kind == "gauntlet":
                gauntlets[card.colour] = gauntlets.get(card.colour, 0) + 1
        guard: dict[str, int] = {}
        for effect in self.effects(seat, "guard"):
            guard[effect.colour] = guard.get(effect.colour, 0) + effect.amount
        guard_any = sum(e.amount for e in self.effects(seat, "guard_any"))
        return Kit(items, gauntlets, guard, guard_any)

    def outcome(self, seat: int, chosen: list[tuple[str, str]]) -> Outcome:
        """What ``seat`` would take with ``chosen`` against the burst now."""
        assert self.state.burst is not None
        return resolve(chosen, self.kit(seat), self.state.burst.attacks, self.state.burst.attackers,
                       active=seat == self.state.active)

    # --- choosing the defence -------------------------------------------------------------------
    def _can_guard(self, seat: int) -> bool:
        assert self.state.burst is not None
        kit = self.kit(seat)
        return any(kit.can_guard(item, attack.colour, self.gems_defend)
                   for item in kit.items for attack in self.state.burst.attacks)

    def _guard_actions(self, seat: int) -> list[Action]:
        assert self.state.burst is not None
        kit = self.kit(seat)
        pending = {item for item, _ in self.state.burst.pending[seat]}
        return [m.Guard(item=item.id, attack=attack.colour)
                for item in kit.items if item.id not in pending
                for attack in self.state.burst.attacks
                if kit.can_guard(item, attack.colour, self.gems_defend)]

    def _legal_defend(self, seat: int) -> list[Action]:
        assert self.state.burst is not None
        unguard = [m.Unguard(item=item) for item, _ in self.state.burst.pending[seat]]
        return [*self._guard_actions(seat), *unguard, m.Defend()]

    def _do_guard(self, seat: int, action: m.Guard, events: list[Event]) -> None:
        assert self.state.burst is not None
        self.state.burst.pending[seat].append((action.item, action.attack))

    def _do_unguard(self, seat: int, action: m.Unguard, events: list[Event]) -> None:
        assert self.state.burst is not None
        self.state.burst.pending[seat] = [(i, a) for i, a in self.state.burst.pending[seat] if i != action.item]

    def _do_defend(self, seat: int, action: m.Defend, events: list[Event]) -> None:
        assert self.state.burst is not None
        self.state.burst.confirmed[seat] = True
        events.append(m.DefenceChosen(seat=seat))
        if all(self.state.burst.confirmed):
            self._resolve_burst(events)

    # --- damage and what follows ----------------------------------------------------------------
    def _resolve_burst(self, events: list[Event]) -> None:
        burst = self.state.burst
        assert burst is not None
        killed: set[int] = set()
        for player in self.state.players:
            result = self.outcome(player.seat, burst.pending[player.seat])
            for use in result.uses:
                if use.used:
                    player.used.append(use.item)
                if use.killed >= 0:
                    killed.add(use.killed)
            player.life -= result.damage
            events.append(m.Defended(seat=player.seat, uses=result.uses, damage=result.damage,
                                     life=player.life, job_guard=result.job_guard))
        if self.professional:
            # A sword's kill lies face down in the area and counts for the active player's EXP.
            for slot in killed:
                self.state.area[slot].killed = True  # type: ignore[union-attr]
            self._gain_exp(len(self.state.area) - len(burst.slots) + len(killed), events)
        knocked = [p.seat for p in self.state.players if p.life <= 0]
        if knocked:  # the game ends now: no deposit share, no auction
            self._end_game("knocked_out", knocked, events)
            return
        self._share_deposit(events)
        self._discard_area("burst", events)
        if self.professional and self.state.jobs_up:
            self.state.phase = "auction"
            return
        self._finish_turn(events)

    def _share_deposit(self, events: list[Event]) -> None:
        """Banker jobs take their part first (active player, then clockwise); the rest is split
        equally; the remainder goes to the lowest life (ties: the active player, then clockwise)."""
        bonus = [0] * self.n
        for seat in self.clockwise_from(self.state.active):
            take = min(self.state.deposit, self.amount(seat, "burst_share"))
            bonus[seat] = take
            self.state.deposit -= take
            self.state.players[seat].coins += take
        each, remainder = divmod(self.state.deposit, self.n)
        lowest = min(p.life for p in self.state.players)
        to = next(s for s in self.clockwise_from(self.state.active) if self.state.players[s].life == lowest)
        shares = [each + (remainder if s == to else 0) for s in range(self.n)]
        for seat, share in enumerate(shares):
            self.state.players[seat].coins += share
        self.state.deposit = 0
        events.append(m.DepositShared(shares=shares, remainder_to=to, remainder=remainder,
                                      job_bonus=bonus if any(bonus) else []))

    def _discard_area(self, reason: str, events: list[Event]) -> None:
        """Every card left in the area to the discard pile; chest cards come to light."""
        cards = [c for _, s in self.slots() for c in ([s.card, s.hidden] if s.hidden else [s.card])]
        self.state.area = [None] * len(self.state.area)
        if cards:
            self.state.discard += cards
            events.append(m.AreaDiscarded(cards=cards, reason=reason))

    # --- the job auction (Professional) ---------------------------------------------------------
    def _legal_auction(self, seat: int) -> list[Action]:
        return [m.AuctionJob(job=job) for job in self.state.jobs_up]

    def _do_auctionjob(self, seat: int, action: m.AuctionJob, events: list[Event]) -> None:
        """The others go under the job deck; the row refills from the top."""
        returned = [j for j in self.state.jobs_up if j != action.job]
        for job in returned:
            self.state.job_deck.put_bottom(job)
        refill = self.state.job_deck.draw_many(self.cards.setup.job_row)
        self.state.jobs_up = refill
        self.state.auction = Auction(action.job, [None] * self.n)
        self.state.phase = "bid"
        events.append(m.JobOffered(job=action.job, returned=returned, refill=list(refill)))

    def _legal_bid(self, seat: int) -> list[Action]:
        return [m.Bid(amount=a) for a in range(self.state.players[seat].coins + 1)]

    def _do_bid(self, seat: int, action: m.Bid, events: list[Event]) -> None:
        auction = self.state.auction
        assert auction is not None
        auction.bids[seat] = action.amount
        events.append(m.BidPlaced(seat=seat))
        if None in auction.bids:
            return
        bids = [bid or 0 for bid in auction.bids]
        top = max(bids)
        # Ties: the active player, then the nearest clockwise (all 0: the active player).
        winner = next(s for s in self.clockwise_from(self.state.active) if bids[s] == top)
        self.state.players[winner].coins -= top
        self.state.deposit += top
        self.state.players[winner].jobs[auction.job] = 0
        self.state.last_bids, self.state.auction = bids, None
        events.append(m.BidsRevealed(bids=bids, winner=winner, job=auction.job))
        then = "end_turn"
        if winner != self.state.active and self._open_levelling(winner, auction.job, then, events):
            return
        self._finish_turn(events)
