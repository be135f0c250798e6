"""Dungeon Market (ダンジョンマーケット), 2-4 players: the game, its setup and its phases.

A turn: (Professional: heal, level up) explore - reveal cards until you stop or they burst - then
either the burst (every player defends, damage, the deposit is shared, Professional: a job auction)
or the market (price your finds, the others buy, you take what is still priced); (Professional:
level up) and the next player clockwise. The game ends when a burst leaves a player at 0 life or
less, or when no card is left to reveal.

    game = Market(["human", "human", "human"], seed=7)
    game.apply(0, Explore())
    game.apply(0, Stop())

The flow is the ``phases`` table below: each phase's rules are plain functions over the game in
a module of their own (``flow_explore``, ``flow_burst``, ``flow_auction``, ``flow_level``,
``flow_market``), the frame of a turn is ``flow_turn`` (its start, its end, the end of the game)
and the Professional's steps outside its own phases ``flow_jobs`` (a heal, EXP, a peek, a level
phase opened). They are typed against ``base.MarketBase`` (the card data and the queries every
phase shares) and each imports only the steps that come after it in a turn, never this module,
so there is no import circle. The defence arithmetic is ``defence.py``, scoring ``scoring.py``,
what a seat sees ``views.py``; the state is one value (``state.py``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from dungeon_table.core.phased import OVER, Phase, offer
from dungeon_table.core.protocol import Action, Result
from dungeon_table.core.reasons import Reason, refuse
from dungeon_table.core.zones import Deck
from dungeon_table.games.market import flow_auction as auction
from dungeon_table.games.market import flow_burst as burst
from dungeon_table.games.market import flow_explore as explore
from dungeon_table.games.market import flow_level as level
from dungeon_table.games.market import flow_market as market
from dungeon_table.games.market import flow_turn as turn
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.scoring import live_points, totals
from dungeon_table.games.market.state import MarketState, Player
from dungeon_table.games.market.views import build_view

_STACK_HINTS = {
    "deck": " (the starting gauntlets never are; with 3-4 players the ghosts join only at the first"
            " reshuffle; chests only with the chests or professional option)",
    "jobs": " (the job deck holds the 12 job ids of cards/market.yaml)",
}


class Market(MarketBase):
    game_id: ClassVar[str] = "market"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = ("deck", "jobs", "reshuffle")
    phases = {
        "explore": Phase(explore.legal, {m.Explore: explore.explore, m.Stop: explore.stop},
                         hint=refuse("market.wants.explore",
                                     "explore, or stop and go to the market"),
                         checks={m.Stop: explore.why_not_stop},
                         offers=offer(m.Stop())),
        "defend": Phase(burst.legal, {m.Guard: burst.guard, m.Unguard: burst.unguard,
                                      m.Defend: burst.defend},
                        hint=refuse("market.wants.defend",
                                    "choose your defence (guard, unguard) and confirm it (defend)"),
                        checks={m.Guard: burst.why_not_guard, m.Unguard: burst.why_not_unguard}),
        "auction": Phase(auction.legal_pick, {m.AuctionJob: auction.pick},
                         hint=refuse("market.wants.auction",
                                     "the player who caused the burst picks a face-up job to "
                                     "auction"),
                         checks={m.AuctionJob: auction.why_not_pick}),
        "bid": Phase(auction.legal_bid, {m.Bid: auction.bid},
                     hint=refuse("market.wants.bid", "place a sealed bid"),
                     checks={m.Bid: auction.why_not_bid}),
        "level": Phase(level.legal, {m.LevelUp: level.level_up, m.Done: level.done},
                       hint=refuse("market.wants.level", "level up a job, or done"),
                       checks={m.LevelUp: level.why_not_level_up},
                       offers=level.offers),
        "price": Phase(market.legal_price, {m.SetPrice: market.set_price,
                                            m.OpenMarket: market.open_market},
                       hint=refuse("market.wants.price", "price your finds, then open the market"),
                       checks={m.SetPrice: market.why_not_price}),
        "buy": Phase(market.legal_buy, {m.Buy: market.buy, m.Pass: market.pass_},
                     hint=refuse("market.wants.buy", "buy a card or pass"),
                     checks={m.Buy: market.why_not_buy}),
        "over": OVER,
    }

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.state = self._setup()
        turn.start_turn(self, 0, [])

    # --- setup ----------------------------------------------------------------------------------
    def _setup(self) -> MarketState:
        """The source's ゲームの準備: a colour, its gauntlet and 15G each; the deck without the
        starting gauntlets (and, for 3-4 players, without the ghosts); 5G in the deposit."""
        cards, setup = self.cards, self.cards.setup
        life = setup.life_two_players if self.n == 2 else setup.life
        players = []
        for seat in range(self.n):
            colour = cards.colours[seat]
            gauntlet = cards.starting_gauntlet(colour)
            players.append(Player(seat, colour, life, life, setup.coins, [gauntlet]))
        starting = {p.equipment[0] for p in players}
        ghosts = cards.ids_of("ghost")
        deck = [c for c in cards.ids_of("monster") if c not in starting] + cards.ids_of("gem")
        if self.chests:
            deck += cards.ids_of("chest")
        aside = []
        if self.n == 2:
            deck += ghosts                    # 2 players: the ghosts are in from the start
        else:
            aside = ghosts
        state = MarketState(players=players, deposit=setup.deposit,
                            deck=self._shuffled("deck", deck), ghosts_aside=aside)
        if self.professional:
            state.job_deck = self._shuffled("jobs", [j.id for j in cards.jobs])
            state.jobs_up = state.job_deck.draw_many(setup.job_row)
        for card in self.stack.get("reshuffle", []):
            if card not in cards.all_ids():
                raise ValueError(f"stack reshuffle: unknown card {card!r}")
        state.history = [[p.life] for p in players]
        return state

    def _shuffled(self, name: str, ids: list[str]) -> Deck:
        """A shuffled deck with the script's ``stack`` for it on top (first listed drawn first);
        a card that cannot be stacked is named with what the deck holds."""
        deck = Deck(list(ids))
        deck.shuffle(self.rng)
        try:
            return self.stack_onto(deck, name)
        except ValueError as err:
            raise ValueError(f"{err}{_STACK_HINTS.get(name, '')}") from None

    # --- the protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        state = self.state
        if state.phase == "over":
            return []
        if state.phase == "defend" and state.burst:
            return [s for s in range(self.n) if not state.burst.confirmed[s]]
        if state.phase == "bid" and state.auction:
            return [s for s in range(self.n) if state.auction.bids[s] is None]
        if state.phase == "level" and state.levelling:
            return [state.levelling.seat]
        if state.phase == "buy":
            return [] if state.buyer is None else [state.buyer]
        return [state.active]

    def view(self, seat: int | None) -> m.MarketView:
        return build_view(self, seat)

    def result(self) -> Result | None:
        state = self.state
        if state.phase != "over":
            return None
        breakdown = totals(self.cards, state.players)
        final = [lines[-1].value for lines in breakdown]
        ranking = sorted(range(self.n), key=lambda s: (-final[s], s))
        winners = [s for s in ranking if final[s] == final[ranking[0]]]
        history = [list(h) for h in state.history]
        if state.end_reason == "knocked_out":   # the burst ended the turn: its lives close the chart
            for player in state.players:
                history[player.seat].append(player.life)
        outcome = "market.result.win" if len(winners) == 1 else "market.result.tie"
        return Result(ranking=ranking, winners=winners, outcome=outcome, breakdown=breakdown,
                      history=history, history_key="chart.life")

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        """The i18n key of why the screen is covered before ``seat`` decides after ``viewer``
        looked, or None when both see the same things (docs/rules/market.md, Handoff)."""
        if seat == viewer:
            return None
        if self.state.phase == "defend":
            return "handoff.reason.defend"
        if self.state.phase == "bid":
            return "handoff.reason.bid"
        chest = any(s.chest and s.hidden for _, s in self.slots())
        if chest and self.state.active in (seat, viewer):
            return "handoff.reason.chest"
        if self.peek_card(seat) or self.peek_card(viewer):
            return "handoff.reason.turn"
        return None

    # --- the kit's hooks: what play keeps, what a seat cannot see ---------------------------------
    def tempting(self, seat: int) -> list[Action]:
        """The phase's buttons refused now (the kit's: stop, a job's level up), and in the buy
        round the cards this buyer cannot afford (a click says what they cost)."""
        offered = super().tempting(seat)
        if self.state.phase != "buy" or seat not in self.to_act():
            return offered
        legal = self.legal_actions(seat)
        return [*offered, *(buy for i, _ in self.slots() if (buy := m.Buy(slot=i)) not in legal)]

    def costly(self, seat: int, action: Action) -> Reason | None:
        """A purchase: its coins are gone once the next buyer acts (docs/rules/market.md)."""
        slot = self.state.area[action.slot] if isinstance(action, m.Buy) and \
            0 <= action.slot < len(self.state.area) else None
        if slot is None:
            return None
        card = self.card_of.get(slot.card)
        return refuse("market.costly.buy", "buy {card} for {cost}G",
                      card=card.name if card is not None else slot.card,
                      cost=market.cost_for(self, seat, slot))

    def conserved(self) -> Counter[str]:
        """Every card wherever it lies (a chest's card, the ghosts aside and a chest out of the
        game included), and the coins: purses, the deposit and the coins on priced cards."""
        state = self.state
        cards = Counter(state.deck.cards)
        cards.update(state.discard)
        cards.update(state.ghosts_aside)
        cards.update(state.removed)
        for _, slot in self.slots():
            cards.update([slot.card, slot.hidden] if slot.hidden else [slot.card])
        for player in state.players:
            cards.update(player.equipment)
            cards.update(player.gems)
        on_cards = sum(slot.price for _, slot in self.slots())
        cards["coins"] = sum(p.coins for p in state.players) + state.deposit + on_cards
        return cards

    def standing(self) -> list[float]:
        """Each seat's points were the game to end now."""
        points = live_points(self.cards, self.state.players, self.points_cache)
        return [float(p) for p in points]

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """Deal anew what ``seat`` cannot see: the deck's order (but a top card a job showed it),
        with the chests' cards among it unless ``seat`` is the active player (a chest never
        hides a ghost: it would have been revealed), the job deck's cards never face up, and the
        other seats' sealed defences and bids."""
        self._redeal_cards(seat, rng)
        self._redeal_jobs(rng)
        self._redeal_sealed(seat, rng)

    def _redeal_cards(self, seat: int | None, rng: random.Random) -> None:
        state = self.state
        deck = state.deck.cards
        known_top = deck[-1:] if seat is not None and state.top_seen_by == seat else []
        chests = [] if seat is not None and seat == state.active else [
            slot for _, slot in self.slots() if slot.chest and slot.hidden]
        # Sorted first: the deal depends on which cards are hidden, not on where they lay, so
        # two games the seat cannot tell apart deal the same from the same random source.
        pool = sorted(deck[:len(deck) - len(known_top)] + [slot.hidden for slot in chests])
        under = rng.sample([c for c in pool if self.kind(c) != "ghost"], len(chests))
        for slot, card in zip(chests, under, strict=True):
            slot.hidden = card
            pool.remove(card)
        rng.shuffle(pool)
        state.deck.cards = pool + known_top

    def _redeal_jobs(self, rng: random.Random) -> None:
        """The job deck's top cards that were never face up: each pick turned up a row of them,
        and the jobs put back went under the deck in public."""
        state = self.state
        picks = sum(len(p.jobs) for p in state.players) + (state.auction is not None)
        row = self.cards.setup.job_row
        unseen = min(len(state.job_deck), max(0, len(self.cards.jobs) - row * (1 + picks)))
        if unseen:
            top = sorted(state.job_deck.cards[-unseen:])
            rng.shuffle(top)
            state.job_deck.cards[-unseen:] = top

    def _redeal_sealed(self, seat: int | None, rng: random.Random) -> None:
        """Every other seat's pending defence (each item guarding one attack it could, or
        none) and its bid (0 to its purse), if it has placed one."""
        state = self.state
        others = [s for s in range(self.n) if s != seat]
        if state.phase == "defend" and state.burst is not None:
            attacks = state.burst.attacks
            for other in others:
                kit = self.kit(other)
                choice = []
                for item in kit.items:
                    can = [a.colour for a in attacks
                           if kit.can_guard(item, a.colour, self.gems_defend)]
                    pick = rng.randrange(len(can) + 1)
                    if pick < len(can):
                        choice.append((item.id, can[pick]))
                state.burst.pending[other] = choice
        if state.phase == "bid" and state.auction is not None:
            bids = state.auction.bids
            for other in others:
                if bids[other] is not None:
                    bids[other] = rng.randint(0, state.players[other].coins)
