"""Dungeon Market (ダンジョンマーケット), 2-4 players: the rules, phase by phase.

A turn: (Professional: heal, level up) explore - reveal cards until you stop or they burst - then
either the burst (every player defends, damage, the deposit is shared, Professional: a job auction)
or the market (price your finds, the others buy, you take what is still priced); (Professional:
level up) and the next player clockwise. The game ends when a burst leaves a player at 0 life or
less, or when no card is left to reveal.

    game = Market(["human", "human", "human"], seed=7)
    game.apply(0, Explore())
    game.apply(0, Stop())

The burst and the auction are in ``burst.py``, the market in ``market_phase.py``, job items and
EXP in ``professional.py``, the defence arithmetic in ``defence.py``, scoring in ``scoring.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from dungeon_table.core.protocol import Action, Event, Game, Result
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from dungeon_table.games.market import model as m
from dungeon_table.games.market.burst import BurstRules
from dungeon_table.games.market.cards import COLOURS, LOOTS, MarketCards, default_options, load
from dungeon_table.games.market.market_phase import MarketRules
from dungeon_table.games.market.professional import JobRules
from dungeon_table.games.market.scoring import totals
from dungeon_table.games.market.state import MarketState, Player, Slot

STACK_DECKS = ("deck", "jobs", "reshuffle")
_STACK_HINTS = {
    "deck": " (the starting gauntlets never are; with 3-4 players the ghosts join only at the first"
            " reshuffle; chests only with the chests or professional option)",
    "jobs": " (the job deck holds the 12 job ids of cards/market.yaml)",
}


class Market(BurstRules, MarketRules, JobRules, Game):
    game_id: ClassVar[str] = "market"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = STACK_DECKS

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards: MarketCards = load()
        self.card_of = self.cards.by_id()
        # Equipment is shown grouped by colour, then loot, then id.
        self.equipment_order = {c.id: (COLOURS.index(c.colour), LOOTS.index(c.loot), c.id)
                                for c in self.cards.cards if c.kind == "monster"}
        self.n = len(seats)
        if not 2 <= self.n <= 4:
            raise ValueError(f"market takes 2-4 seats, got {self.n}")
        opts = {**default_options(), **self.options}
        self.professional = bool(opts.get("professional", False))
        self.chests = bool(opts.get("chests", False)) or self.professional  # Professional has them
        self.gems_defend = bool(opts.get("gems_defend", True))
        self.chest_buyer_gets_card = bool(opts.get("chest_buyer_gets_card", False))
        # Professional always adds the ghosts at the first reshuffle (its own rule change).
        self.ghosts_enter = "first_reshuffle" if self.professional else str(
            opts.get("ghosts_enter", "first_reshuffle"))
        self.rng = Rng(seed)
        self.score_cache: dict[int, Any] = {}  # scoring.totals' per-seat memo
        self.state = self._setup()
        self._start_turn(0, [])

    @property
    def phase(self) -> str:
        return self.state.phase

    def state_dict(self) -> dict[str, Any]:
        """The state value as plain data (until the game moves onto the kit)."""
        out: dict[str, Any] = msgspec.to_builtins(self.state)
        return out

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
        """A shuffled deck with the script's ``stack`` for it on top (first listed drawn first)."""
        deck = Deck(list(ids))
        deck.shuffle(self.rng)
        try:
            deck.stack_top(self.stack.get(name, []))
        except ValueError as err:
            hint = _STACK_HINTS.get(name, "")
            raise ValueError(f"stack {name}: {err}{hint}") from None
        return deck

    # --- derived --------------------------------------------------------------------------------
    def kind(self, card_id: str) -> str:
        return self.card_of[card_id].kind

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.n

    def clockwise_from(self, seat: int) -> list[int]:
        """Every seat, starting with ``seat`` and going clockwise (the source's tie order)."""
        return [self.next_seat(seat, k) for k in range(self.n)]

    def slots(self) -> list[tuple[int, Slot]]:
        """The discovery area's occupied places with their indices."""
        return [(i, s) for i, s in enumerate(self.state.area) if s is not None]

    def can_refill(self) -> bool:
        """3-4 players turn the discard pile (and, the first time, the ghosts) into a new deck."""
        return self.n > 2 and bool(self.state.discard or self._ghosts_join())

    def _ghosts_join(self) -> list[str]:
        first = self.state.reshuffles == 0 and self.ghosts_enter == "first_reshuffle"
        return list(self.state.ghosts_aside) if first else []

    def can_reveal(self) -> bool:
        return bool(self.state.deck) or self.can_refill()

    # --- protocol -------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.state.phase == "over":
            return []
        if self.state.phase == "defend" and self.state.burst:
            return [s for s in range(self.n) if not self.state.burst.confirmed[s]]
        if self.state.phase == "bid" and self.state.auction:
            return [s for s in range(self.n) if self.state.auction.bids[s] is None]
        if self.state.phase == "level" and self.state.levelling:
            return [self.state.levelling.seat]
        if self.state.phase == "buy":
            return [] if self.state.buyer is None else [self.state.buyer]
        return [self.state.active]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return getattr(self, f"_legal_{self.state.phase}")(seat)

    def _legal_explore(self, seat: int) -> list[Action]:
        legal: list[Action] = [m.Explore()]
        if self.slots() and not self.state.must_explore:
            legal.append(m.Stop())
        return legal

    def why_illegal(self, seat: int, action: Action) -> str:
        from dungeon_table.games.market.reasons import why_illegal

        return why_illegal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        getattr(self, f"_do_{type(action).__name__.lower()}")(seat, action, events)
        return events

    # --- the turn -------------------------------------------------------------------------------
    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.state.active, self.state.turn = seat, self.state.turn + 1
        self.state.area, self.state.must_explore, self.state.burst = [], False, None
        events.append(m.TurnStarted(seat=seat, turn=self.state.turn))
        if self.professional:
            self._heal(seat, events)
            if self._open_levelling(seat, None, "explore", events):
                return
        self._begin_exploring(events)

    def _begin_exploring(self, events: list[Event]) -> None:
        self.state.phase = "explore"
        self._offer_peek(events)

    def _finish_turn(self, events: list[Event]) -> None:
        """The end of the active player's turn: (Professional) level up, then the next player."""
        self.state.area, self.state.burst, self.state.buyer, self.state.buyers = [], None, None, []
        if self.professional and self._open_levelling(self.state.active, None, "next_turn", events):
            return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        for player in self.state.players:
            self.state.history[player.seat].append(player.life)
        seat = self.next_seat(self.state.active)
        if not self.can_reveal():
            # No card left to reveal and none in the area (2 players: the source's end; 3-4
            # players: every card is owned).
            self._end_game("deck_out", [], events)
            return
        self._start_turn(seat, events)

    # --- exploration ----------------------------------------------------------------------------
    def _do_explore(self, seat: int, action: m.Explore, events: list[Event]) -> None:
        if not self.state.deck and not self._refill(events):
            self._end_exploration("deck_empty", events)
            return
        card = self.state.deck.draw()
        if self.kind(card) == "chest":
            self._open_chest(card, events)
        else:
            self.state.area.append(Slot(card))
            events.append(m.Revealed(card=card, slot=len(self.state.area) - 1))
            self._after_reveal(len(self.state.area) - 1, events)

    def _do_stop(self, seat: int, action: m.Stop, events: list[Event]) -> None:
        self._end_exploration("stopped", events)

    def _refill(self, events: list[Event]) -> bool:
        """Deck empty before a reveal (3-4 players): the discard pile, shuffled, is the new deck;
        the first time the five ghosts join it (house rule ``sword_bought``: they do not)."""
        if not self.can_refill():
            return False
        ghosts = self._ghosts_join()
        self.state.ghosts_aside = [g for g in self.state.ghosts_aside if g not in ghosts]
        self.state.deck = Deck(self.state.discard + ghosts)
        self.state.discard = []
        self.state.deck.shuffle(self.rng)
        if self.state.reshuffles == 0:
            self.state.deck.stack_top([c for c in self.stack.get("reshuffle", []) if c in self.state.deck])
        self.state.reshuffles += 1
        events.append(m.Reshuffled(count=len(self.state.deck), ghosts_added=bool(ghosts)))
        return True

    def _open_chest(self, chest: str, events: list[Event]) -> None:
        """A chest: the active player alone looks at the next card. A ghost is revealed at once
        and the chest leaves the game; anything else lies hidden under the chest."""
        slot = len(self.state.area)
        under = ""
        if self.state.deck or self._refill(events):
            under = self.state.deck.draw()
        events.append(m.ChestFound(card=chest, slot=slot, empty=not under))
        if under and self.kind(under) == "ghost":
            self.state.removed.append(chest)
            self.state.area.append(Slot(under))
            events.append(m.ChestRemoved(card=chest))
            events.append(m.Revealed(card=under, slot=slot, via_chest=True))
            self._after_reveal(slot, events)
            return
        self.state.area.append(Slot(chest, chest=True, hidden=under))
        if under:
            events.append(m.ChestPeeked(slot=slot, card=under, to=(self.state.active,)))
        self._after_reveal(slot, events, face_up=False)

    def _after_reveal(self, slot: int, events: list[Event], face_up: bool = True) -> None:
        """Burst check, the ghost's forced re-explore, the Professional reveal limit."""
        # Any reveal answers a ghost's forced re-explore; a new ghost forces another.
        self.state.must_explore = False
        if face_up:
            attackers = self._burst_slots(slot)
            if attackers:
                self._start_burst(attackers, events)
                return
            self.state.must_explore = self.kind(self.state.area[slot].card) == "ghost"  # type: ignore[union-attr]
        if self.professional and len(self.state.area) >= self.reveal_limit(self.state.active):
            self._end_exploration("limit", events)
            return
        self._offer_peek(events)

    def _burst_slots(self, slot: int) -> list[int]:
        """The attackers if the card just revealed bursts: it and every face-up card it pairs with
        (same colour; a ghost also pairs with another ghost), so up to three."""
        new = self.card_of[self.state.area[slot].card]  # type: ignore[union-attr]
        if new.kind not in ("monster", "ghost"):
            return []
        pairs = []
        for index, other in self.slots():
            if index == slot or other.chest:
                continue
            card = self.card_of[other.card]
            if card.kind not in ("monster", "ghost"):
                continue
            if card.colour == new.colour or (new.kind == card.kind == "ghost"):
                pairs.append(index)
        return sorted([slot, *pairs]) if pairs else []

    def _end_exploration(self, reason: str, events: list[Event]) -> None:
        self.state.must_explore = False
        events.append(m.ExplorationEnded(reason=reason))
        if self.professional:
            self._gain_exp(len(self.state.area), events)
        self._open_market(events)

    # --- the end --------------------------------------------------------------------------------
    def _end_game(self, reason: str, knocked: list[int], events: list[Event]) -> None:
        self.state.phase, self.state.end_reason = "over", reason
        self.state.buyer, self.state.levelling = None, None
        # 得点計算 1: every player at 0 life or less discards all their gems first.
        lost: list[str] = []
        for player in self.state.players:
            if player.life <= 0:
                lost += player.gems
                player.used = [c for c in player.used if c not in player.gems]
                player.gems = []
        self.state.discard.extend(lost)
        events.append(m.GameEnded(reason=reason, seats=knocked, discarded=lost))

    def result(self) -> Result | None:
        if self.state.phase != "over":
            return None
        breakdown = totals(self.cards, self.state.players)
        final = [lines[-1].value for lines in breakdown]
        ranking = sorted(range(self.n), key=lambda s: (-final[s], s))
        winners = [s for s in ranking if final[s] == final[ranking[0]]]
        history = [list(h) for h in self.state.history]
        if self.state.end_reason == "knocked_out":   # the burst ended the turn: its lives close the chart
            for player in self.state.players:
                history[player.seat].append(player.life)
        outcome = "market.result.win" if len(winners) == 1 else "market.result.tie"
        return Result(ranking=ranking, winners=winners, outcome=outcome, breakdown=breakdown,
                      history=history, history_key="chart.life")

    # --- views ----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> m.MarketView:
        from dungeon_table.games.market.views import build_view

        return build_view(self, seat)

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        from dungeon_table.games.market.views import handoff_reason

        return handoff_reason(self, seat, viewer)
