"""Bots for Dungeon Market. They see only their seat's view and the legal actions (and the card file).

``greedy`` judges each decision by itself: it explores while the burst odds are low, prices what
its opponents want at what it is worth to them, buys what is worth more than its price, bids a share
of a job's worth and levels whenever it can. ``trader`` (the best) plays the market out on paper
(``bot_market``): it sets the prices that make it the most against its opponents' likely buys, buys
with an eye on what the next buyers and the seller would do, weighs exploring on against stopping by
what the area would sell for, what the next card may add and what a burst would cost every player
(and whether it ends the game with the trader ahead), and bids what a job is worth to it against the
chance of winning. ``dealer`` plays the expert's playouts on (it is not a level a seat is offered): the
trader's prices, worked out once a turn, and its buys, bids, job picks and levels, on greedy's exploring,
which is where nine tenths of the trader's cost would be; so the search's opponents trade as the table's do.

All three use no chance (the seed is taken as every bot's is) and decide from the view alone (greedy and
dealer keep a turn's target prices, keyed by what they are worked out from), so the Hint button can ask at
any moment. Worths are in victory points
(``bot_value``); an opponent's gain counts against the bot's own. Each decides phase by phase
(``PhaseBot``: its ``choosers`` are checked against ``Market.phases`` when the class is made); of
the engine they import only that class, for the check, and read nothing but the view.
"""

from __future__ import annotations

import math

from dungeon_table.ai.explain import Explains, percent
from dungeon_table.ai.phase_bot import PhaseBot
from dungeon_table.core.cards import Text
from dungeon_table.core.protocol import Action
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.games.market import model as m
from dungeon_table.games.market.bot_explore import attacks_if, explore_worths, unseen
from dungeon_table.games.market.bot_market import Item, Round, best_prices, judge, play_out
from dungeon_table.games.market.bot_value import Tuning, Valuer
from dungeon_table.games.market.cards import load
from dungeon_table.games.market.rules import Market

# What to fall back on when a phase has no judgement: the action that ends the step.
_ENDINGS: tuple[Action, ...] = (m.Defend(), m.Done(), m.OpenMarket(), m.Pass(), m.Stop())


class GreedyBot(PhaseBot):
    """One-step judgement per decision: see the module docstring."""

    name = "greedy"
    game = Market
    # With one legal action it plays that, reading nothing and drawing nothing: the loops that
    # feed bots play such a move without building a view (``search_bot.only_move``).
    plays_forced = True

    def __init__(self, seed: int, tuning: Tuning | None = None) -> None:
        self.seed = seed
        self.tuning = tuning or Tuning()
        self._prices: tuple[tuple[object, ...], dict[int, int]] | None = None

    def choose(self, view: m.MarketView, legal: list[Action]) -> Action:
        """The phase's chooser, when there is a choice; an answer it gives that is not legal
        falls back on the action that ends the step."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        action = super().choose(view, legal)
        for listed in legal:  # the listed object itself: the rules apply it with no check
            if listed == action:
                return listed
        return next((a for a in _ENDINGS if a in legal), legal[0])

    def valuer(self, view: m.MarketView) -> Valuer:
        """This decision's worths (built once per decision, from the view alone)."""
        return Valuer(view, self.tuning)

    # --- exploring --------------------------------------------------------------------------
    def _explore(self, view: m.MarketView, legal: list[Action]) -> Action:
        if m.Stop() not in legal:
            return m.Explore()
        area = sum(1 for s in view.discovery if not s.killed)
        return m.Explore() if view.burst_odds < 0.34 - 0.04 * area else m.Stop()

    # --- defence ----------------------------------------------------------------------------
    def _defend(self, view: m.MarketView, legal: list[Action]) -> Action:
        return m.Defend()  # the suggested set is preselected: the most prevented for the least used

    # --- the market -------------------------------------------------------------------------
    def items(self, view: m.MarketView, val: Valuer) -> list[Item]:
        """The discovery slots for sale, with what each is worth to every seat."""
        seats = range(view.n_players)
        return [Item(s.index, tuple(val.slot_gain(seat, s) for seat in seats))
                for s in view.discovery if self._for_sale(s)]

    @staticmethod
    def _for_sale(slot: m.Slot) -> bool:
        return bool(slot.card) and not slot.killed and not slot.card.endswith("_ghost")

    def target_prices(self, view: m.MarketView, val: Valuer) -> dict[int, int]:
        """Each opponent pays about what a card is worth to it; a card the bot wants more than any
        opponent does is priced just above their worth, so it stays here, unless that costs more
        than it is worth to the bot: then it is sold at their worth."""
        me = view.active
        budget = view.players[me].coins + sum(s.price for s in view.discovery)
        prices: dict[int, int] = {}
        for item in self.items(view, val):
            mine = item.gains[me]
            theirs = max(g for seat, g in enumerate(item.gains) if seat != me)
            sell = max(1, round(theirs / val.coin_vp))
            if mine > theirs and mine > 0.4:
                keep = max(1, math.ceil(theirs / val.coin_vp) + 1)
                price = keep if keep * val.coin_vp < mine else sell
            elif theirs > 0.2:
                price = sell
            else:
                price = 0
            price = min(price, budget)
            budget -= price
            prices[item.slot] = price
        return prices

    def _price(self, view: m.MarketView, legal: list[Action]) -> Action:
        return self.next_price(view, legal, self.turn_prices(view))

    def turn_prices(self, view: m.MarketView) -> dict[int, int]:
        """The target prices, worked out at the turn's first price decision and kept for the
        rest of it: one price is set a decision, and nothing they are worked out from changes
        in between (a sixth of a greedy playout's time went to working them out again)."""
        key = (view.turn, view.active, tuple((s.index, s.card, s.hidden) for s in view.discovery))
        if self._prices is None or self._prices[0] != key:
            self._prices = key, self.target_prices(view, self.valuer(view))
        return self._prices[1]

    def next_price(self, view: m.MarketView, legal: list[Action],
                   targets: dict[int, int]) -> Action:
        """The first slot not yet at its target price, priced; all at theirs: open the market."""
        for slot in view.discovery:
            want = targets.get(slot.index, 0)
            action = m.SetPrice(slot=slot.index, price=want)
            if slot.price != want and action in legal:
                return action
        return m.OpenMarket()

    def _buy(self, view: m.MarketView, legal: list[Action]) -> Action:
        me, val = self._me(view), self.valuer(view)
        best: Action = m.Pass()
        best_surplus = 0.1
        for slot in view.discovery:
            action = m.Buy(slot=slot.index)
            if action not in legal:
                continue
            cost = slot.price if slot.price > 0 else view.players[me].unpriced_cost
            surplus = val.slot_gain(me, slot) - val.coin_vp * cost
            if surplus > best_surplus:
                best, best_surplus = action, surplus
        return best

    # --- jobs -------------------------------------------------------------------------------
    def _auction(self, view: m.MarketView, legal: list[Action]) -> Action:
        me, val = self._me(view), self.valuer(view)
        options = [a for a in legal if isinstance(a, m.AuctionJob)]
        return max(options, key=lambda a: self._pick_worth(val, me, a.job))

    def _pick_worth(self, val: Valuer, me: int, job: str) -> float:
        return val.job_worth(me, job)

    def _bid(self, view: m.MarketView, legal: list[Action]) -> Action:
        me, val = self._me(view), self.valuer(view)
        worth = val.job_worth(me, view.auction_job)
        amount = min(view.players[me].coins, int(0.5 * worth / val.coin_vp))
        return m.Bid(amount=max(0, amount))

    def _level(self, view: m.MarketView, legal: list[Action]) -> Action:
        return self.cheapest_level(view, legal)

    def cheapest_level(self, view: m.MarketView, legal: list[Action]) -> Action:
        me = self._me(view)
        options = [a for a in legal if isinstance(a, m.LevelUp)]
        if not options:
            return m.Done()
        held = {j.job: j for j in view.players[me].jobs}
        top = len(load().level_costs)
        # The fourth level (its points) first when it is affordable, then the cheapest.
        return min(options, key=lambda a: (held[a.job].level + 1 != top, held[a.job].next_cost,
                                           -held[a.job].level, a.job))

    @staticmethod
    def _me(view: m.MarketView) -> int:
        return view.seat if view.seat is not None else view.to_act[0]

    choosers = {"explore": _explore, "defend": _defend, "price": _price, "buy": _buy,
                "auction": _auction, "bid": _bid, "level": _level}


class DealerBot(GreedyBot):
    """The trader's market on greedy's exploring: it prices as the trader does, worked out once
    a turn, and buys, bids, picks jobs and levels as the trader does; it explores by greedy's
    threshold. The market expert's playouts are played on by it (``__init__``): one dealer
    among three traders wins 19 % of games where greedy wins 0.2 %, so a playout plays on as the
    table really would, at 1.4× greedy's cost, not the trader's 7× (its exploring is nine
    tenths of that; ``docs/performance.md``). Not a level of its own."""

    name = "dealer"

    # --- the market -------------------------------------------------------------------------
    def round(self, view: m.MarketView, val: Valuer) -> Round:
        """The market round to come (or under way) as the bot sees it."""
        me = self._me(view)
        seller = view.active
        coins = [p.coins for p in view.players]
        coins[seller] += sum(s.price for s in view.discovery)
        return Round(
            seller=seller, order=list(view.buy_order), coins=coins,
            unpriced=[p.unpriced_cost for p in view.players], coin_vp=val.coin_vp,
            weights=val.weights(me), commission=val.job_amount(seller, "commission"),
            deposit=view.deposit,
        )

    def target_prices(self, view: m.MarketView, val: Valuer) -> dict[int, int]:
        prices, _ = best_prices(self.round(view, val), self.items(view, val))
        return prices

    def _buy(self, view: m.MarketView, legal: list[Action]) -> Action:
        me, val = self._me(view), self.valuer(view)
        round_ = self.round(view, val)
        round_.coins = [p.coins for p in view.players]
        items = self.items(view, val)
        prices = {s.index: s.price for s in view.discovery}
        later = list(view.buyers_left)
        best: Action = m.Pass()
        best_worth = judge(round_, play_out(round_, items, prices, later, first=(me, None)))
        for item in items:
            action = m.Buy(slot=item.slot)
            if action not in legal:
                continue
            worth = judge(round_, play_out(round_, items, prices, later, first=(me, item)))
            if worth > best_worth + 0.05:
                best, best_worth = action, worth
        return best

    # --- jobs -------------------------------------------------------------------------------
    def _pick_worth(self, val: Valuer, me: int, job: str) -> float:
        others = [val.job_worth(p.seat, job) for p in val.view.players if p.seat != me]
        return val.job_worth(me, job) - 0.5 * max(others, default=0.0)

    def _bid(self, view: m.MarketView, legal: list[Action]) -> Action:
        """The bid with the best chance of winning times what winning is worth, each opponent
        taken to bid evenly up to what the job is worth to it (or its purse)."""
        me, val = self._me(view), self.valuer(view)
        job = view.auction_job
        worth = val.job_worth(me, job)
        weights = val.weights(me)
        denied = val.tuning.deny * max((-weights[p.seat] * val.job_worth(p.seat, job)
                      for p in view.players if p.seat != me), default=0.0)
        ceilings = {p.seat: min(p.coins, int(val.job_worth(p.seat, job) / val.coin_vp))
                    for p in view.players if p.seat != me}
        order = view.tie_order
        ahead = set(order[:order.index(me)])  # they win a tie against the bot
        top = min(view.players[me].coins, int((worth + denied) / val.coin_vp))
        best_amount, best_worth = 0, -math.inf
        for amount in range(0, max(0, top) + 1):
            chance = 1.0
            for seat, ceiling in ceilings.items():
                below = amount if seat in ahead else amount + 1
                chance *= min(1.0, below / (ceiling + 1))
            value = chance * (worth + denied - val.coin_vp * amount)
            if value > best_worth:
                best_amount, best_worth = amount, value
        return m.Bid(amount=best_amount)

    def _level(self, view: m.MarketView, legal: list[Action]) -> Action:
        """Raise one job towards its fourth level (and its points) first; the others only with
        EXP that still leaves the fourth level within reach before the game ends."""
        me, val = self._me(view), self.valuer(view)
        player = view.players[me]
        options = {a.job: a for a in legal if isinstance(a, m.LevelUp)}
        rising = [j for j in player.jobs if j.next_cost > 0]
        if not options or not rising:
            return m.Done()
        costs = val.cards.level_costs
        main = max(rising, key=lambda j: (j.level, val.cards.job(j.job).levels[-1].vp, j.job))
        if main.job in options:
            return options[main.job]
        still = sum(costs[main.level:])
        coming = val.exp_per_turn(me) * val.own_turns_left
        if player.exp + coming < still:  # the fourth level is out of reach: take effects now
            return self.cheapest_level(view, legal)
        held = {j.job: j for j in player.jobs}
        for job, action in sorted(options.items(), key=lambda o: held[o[0]].next_cost):
            if player.exp - held[job].next_cost + coming >= still + 2:
                return action
        return m.Done()

    choosers = {**GreedyBot.choosers, "buy": _buy, "bid": _bid, "level": _level}


class TraderBot(Explains, DealerBot):
    """Plays the market out on paper before each market decision: see the module docstring.
    Its hint says why (``explain``)."""

    name = "trader"

    # --- exploring --------------------------------------------------------------------------
    def _explore(self, view: m.MarketView, legal: list[Action]) -> Action:
        if m.Stop() not in legal or view.burst_odds <= 0.0:
            return m.Explore()  # a ghost forces it, or the next card is safe (a job's peek)
        val = self.valuer(view)
        stop, go = explore_worths(view, val, self.items(view, val), self.round(view, val))
        return m.Explore() if go > stop else m.Stop()

    # --- the market -------------------------------------------------------------------------
    def _price(self, view: m.MarketView, legal: list[Action]) -> Action:
        # Worked out anew each decision: the round it plays out counts the prices already set.
        return self.next_price(view, legal, self.target_prices(view, self.valuer(view)))

    choosers = {**DealerBot.choosers, "explore": _explore, "price": _price}

    # --- the hint's words (docs/rules/market.md, "What the hint says") ------------------------
    def explain(self, view: m.MarketView, legal: list[Action], action: Action) -> Reason | None:
        """Why, from the same odds and worths the choosers judged by."""
        if isinstance(action, (m.Explore, m.Stop)):
            return self.explain_explore(view, legal, action)
        me, val = self._me(view), self.valuer(view)
        slots = {s.index: s for s in view.discovery}
        if isinstance(action, m.Buy) and action.slot in slots:
            slot = slots[action.slot]
            cost = slot.price if slot.price > 0 else view.players[me].unpriced_cost
            return reason("market.why.buy", "buy {card}: worth about {points} points to you, "
                          "for {cost}G", card=self.card_name(slot.card),
                          points=round(val.slot_gain(me, slot), 1), cost=cost)
        if isinstance(action, m.Pass):
            return reason("market.why.pass", "pass: nothing left is worth its price to you")
        if isinstance(action, m.SetPrice) and action.slot in slots:
            return reason("market.why.price", "price {card} at {price}G: what the buyers after "
                          "you would pay, or keeps it for you", price=action.price,
                          card=self.card_name(slots[action.slot].card))
        if isinstance(action, m.OpenMarket):
            return reason("market.why.open", "go on to the buy round: every price is set")
        if isinstance(action, m.Bid):
            return reason("market.why.bid", "bid {amount}G: the best chance of winning against "
                          "what the job item is worth to you", amount=action.amount)
        if isinstance(action, m.AuctionJob):
            return reason("market.why.auction", "auction {job}: worth the most to you against "
                          "the others", job=self.job_name(action.job))
        if isinstance(action, m.LevelUp):
            return reason("market.why.level", "level up {job}: towards its fourth level and its "
                          "points", job=self.job_name(action.job))
        if isinstance(action, m.Done):
            return reason("market.why.done", "done: the EXP is kept for a higher level")
        if isinstance(action, m.Defend):
            return reason("market.why.defend", "defend: the set chosen guards the most for the "
                          "least equipment used")
        return None

    def explain_explore(self, view: m.MarketView, legal: list[Action],
                        action: Action) -> Reason:
        if m.Stop() not in legal:
            return reason("market.why.explore_must", "explore: you must reveal a card now")
        if view.burst_odds <= 0.0:
            return reason("market.why.explore_safe", "explore: the next card cannot burst you")
        val = self.valuer(view)
        pool = unseen(view, val)
        bursting = sum(1 for card in pool if attacks_if(view, val, card))
        values = {"bursting": bursting, "unseen": len(pool), "pct": percent(view.burst_odds)}
        if isinstance(action, m.Stop):
            return reason("market.why.stop", "stop: {bursting} of the {unseen} unseen cards "
                          "would burst you ({pct} %)", **values)
        return reason("market.why.explore", "explore: only {bursting} of the {unseen} unseen "
                      "cards would burst you ({pct} %), and the next card is worth the risk",
                      **values)

    @staticmethod
    def card_name(card: str) -> Text | str:
        try:
            return load().card(card).name
        except KeyError:
            return card

    @staticmethod
    def job_name(job: str) -> Text | str:
        try:
            return load().job(job).name
        except KeyError:
            return job


BOTS = {"greedy": GreedyBot, "trader": TraderBot}
BEST = "trader"
