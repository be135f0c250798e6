"""What every phase of Dungeon Market reads: the card data, the options, and the queries over the
state that more than one phase (or the view) asks.

``MarketBase`` is the rules object without its flow: ``rules.Market`` adds the setup and the
phases table, and the phases' own modules (``flow_*.py``) are plain functions typed against this
class, so none of them imports the class that imports them::

    game.slots()                 # the discovery area's occupied places
    game.effects(seat, "guard")  # the job effects a seat has now (Professional)
    game.outcome(seat, chosen)   # what a defence would prevent against the burst now
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.phased import PhasedGame
from dungeon_table.core.rng import Rng
from dungeon_table.games.market.cards import (
    COLOURS,
    LOOTS,
    Card,
    Effect,
    MarketCards,
    default_options,
)
from dungeon_table.games.market.cards import load as load_cards
from dungeon_table.games.market.defence import Item, Kit, Outcome, resolve
from dungeon_table.games.market.state import MarketState, Slot


class MarketBase(PhasedGame[MarketState]):
    state_type = MarketState
    caches = ("points_cache", "player_views", "odds_memo", "_items")

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards: MarketCards = load_cards()
        self.card_of = self.cards.by_id()
        self._items: dict[str, Item] = {}  # ``kit``'s items by card, made when first asked
        # Equipment is shown grouped by colour, then loot, then id.
        self.equipment_order = {c.id: (COLOURS.index(c.colour), LOOTS.index(c.loot), c.id)
                                for c in self.cards.cards if c.kind == "monster"}
        self.n = len(seats)
        opts = {**default_options(), **self.options}
        self.professional = bool(opts.get("professional", False))
        self.chests = bool(opts.get("chests", False)) or self.professional  # Professional has them
        self.gems_defend = bool(opts.get("gems_defend", True))
        self.chest_buyer_gets_card = bool(opts.get("chest_buyer_gets_card", False))
        # Professional always adds the ghosts at the first reshuffle (its own rule change).
        self.ghosts_enter = "first_reshuffle" if self.professional else str(
            opts.get("ghosts_enter", "first_reshuffle"))
        # Each job's effects by level and kind (none at LV0): every view asks them of every seat.
        self.job_effects: dict[tuple[str, int, str], list[Effect]] = {}
        for job in self.cards.jobs:
            for level in range(1, len(job.levels) + 1):
                at = self.cards.job_at(job.id, level)
                for effect in at.effects if at else []:
                    self.job_effects.setdefault((job.id, level, effect.kind), []).append(effect)
        self.rng = Rng(seed)
        self.points_cache: dict[int, Any] = {}  # scoring.live_points' per-seat memo
        self.player_views: dict[int, Any] = {}  # views._player's per-seat memo
        self.odds_memo: dict[tuple[Any, ...], float] = {}  # views.burst_odds' memo

    def reset_caches(self) -> None:
        super().reset_caches()
        self.points_cache = {}
        self.player_views = {}
        self.odds_memo = {}
        self._items = {}

    # --- seats and cards ------------------------------------------------------------------------
    def kind(self, card_id: str) -> str:
        return self.card_of[card_id].kind

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.n

    def clockwise_from(self, seat: int) -> list[int]:
        """Every seat, starting with ``seat`` and going clockwise (the source's tie order)."""
        n = self.n
        return [(seat + k) % n for k in range(n)]

    def slots(self) -> list[tuple[int, Slot]]:
        """The discovery area's occupied places with their indices."""
        return [(i, s) for i, s in enumerate(self.state.area) if s is not None]

    def face_up(self) -> list[tuple[int, Card]]:
        """The discovery area's face-up cards with their slots: what a card turned up now may
        burst with (``card_rules.bursts_with``); not a chest, not a sword's kill."""
        return [(i, self.card_of[s.card]) for i, s in self.slots() if not s.chest and not s.killed]

    # --- the deck -------------------------------------------------------------------------------
    def can_refill(self) -> bool:
        """3-4 players turn the discard pile (and, the first time, the ghosts) into a new deck."""
        return self.n > 2 and bool(self.state.discard or self.ghosts_join())

    def ghosts_join(self) -> list[str]:
        """The ghosts that join the next reshuffle (the first one, unless ``sword_bought``)."""
        first = self.state.reshuffles == 0 and self.ghosts_enter == "first_reshuffle"
        return list(self.state.ghosts_aside) if first else []

    def can_reveal(self) -> bool:
        return bool(self.state.deck) or self.can_refill()

    # --- the market -----------------------------------------------------------------------------
    def unpriced_cost(self, seat: int) -> int:
        """What an unpriced card costs ``seat``: 5G (the card file's), less a Haggler's
        discount, never below 0."""
        return max(0, self.cards.setup.unpriced_price - self.amount(seat, "discount"))

    def buy_order(self) -> list[int]:
        """3-4 players: every other player once, clockwise from the left. 2 players: the
        opponent, the active player (one card), the opponent again."""
        active, n = self.state.active, self.n
        if n == 2:
            other = 1 - active
            return [other, active, other]
        return [(active + k) % n for k in range(1, n)]

    # --- the burst ------------------------------------------------------------------------------
    def kit(self, seat: int) -> Kit:
        """What ``seat`` defends with: unused equipment and gems, gauntlets, job guards."""
        player = self.state.players[seat]
        used = player.used
        item_of = self._items
        items = []
        gauntlets: dict[str, int] = {}
        for card_id in [*player.equipment, *player.gems]:
            if card_id in used:
                continue
            item = item_of.get(card_id) or self._item(card_id)
            items.append(item)
            if item.kind == "gauntlet":
                gauntlets[item.colour] = gauntlets.get(item.colour, 0) + 1
        if not self.professional:  # no jobs, so no job guards (every list of a defence asks)
            return Kit(items, gauntlets)
        guard: dict[str, int] = {}
        for effect in self.effects(seat, "guard"):
            guard[effect.colour] = guard.get(effect.colour, 0) + effect.amount
        guard_any = sum(e.amount for e in self.effects(seat, "guard_any"))
        return Kit(items, gauntlets, guard, guard_any)

    def _item(self, card_id: str) -> Item:
        """The ``Item`` a card is in a kit (a gem guards by its value), made once a card: the
        card data never changes and an ``Item`` is frozen, so every kit shares it."""
        card = self.card_of[card_id]
        gem = card.kind == "gem"
        item = self._items[card_id] = Item(card_id, "gem" if gem else card.loot, card.colour,
                                           card.value if gem else card.defence)
        return item

    def outcome(self, seat: int, chosen: list[tuple[str, str]]) -> Outcome:
        """What ``seat`` would take with ``chosen`` against the burst now."""
        burst = self.state.burst
        assert burst is not None
        return resolve(chosen, self.kit(seat), burst.attacks, burst.attackers,
                       active=seat == self.state.active)

    # --- jobs (Professional) --------------------------------------------------------------------
    def effects(self, seat: int, kind: str) -> list[Effect]:
        """The effects of ``kind`` that ``seat``'s jobs give at their present levels."""
        if not self.professional:
            return []
        found: list[Effect] = []
        table = self.job_effects
        for job_id, level in self.state.players[seat].jobs.items():
            found += table.get((job_id, level, kind), ())
        return found

    def amount(self, seat: int, kind: str) -> int:
        if not self.professional:  # no jobs: asked of every seat in every view
            return 0
        return sum(e.amount for e in self.effects(seat, kind))

    def reveal_limit(self, seat: int) -> int:
        """Distinct colours among the equipment, +1 with any gem, +1; capped; job bonuses after
        the cap. 0 without the Professional expansion."""
        if not self.professional:
            return 0
        player = self.state.players[seat]
        colours = {self.card_of[c].colour for c in player.equipment}
        base = len(colours) + (1 if player.gems else 0) + 1
        return min(base, self.cards.setup.reveal_limit_cap) + self.amount(seat, "extra_reveal")

    def next_cost(self, level: int) -> int:
        """EXP for the next level; 0 at the top."""
        costs = self.cards.level_costs
        return costs[level] if level < len(costs) else 0

    def levellable(self, seat: int, only: str | None = None) -> list[str]:
        """The jobs ``seat`` could raise a level now (``only``: that job alone)."""
        player = self.state.players[seat]
        return [job for job, level in player.jobs.items()
                if (only is None or job == only) and level < len(self.cards.level_costs)
                and player.exp >= self.next_cost(level)]

    def peek_card(self, seat: int | None) -> str:
        """The deck's top card if ``seat``'s job lets it look now (its own exploration)."""
        state = self.state
        if (seat != state.active or state.phase != "explore" or not state.deck
                or not self.effects(seat, "peek")):
            return ""
        return state.deck.top or ""
