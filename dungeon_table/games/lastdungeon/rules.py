"""Last Dungeon Pocket (ラストダンジョン ポケット), solo: the rules, phase by phase.

You are the dungeon master. Adventurers walk from the entrance towards the treasure; each round you
play cards onto the spaces ahead of the current one (A), they deal damage (B), a repelled adventurer
is scouted or crystallised (C), the next one enters (D) and you draw 3 (E). Reaching the treasure
loses; repelling the last adventurer (the hero's second side) wins.

    game = LastDungeon(["human"], seed=7)
    game.apply(0, Play(card="d_goblin", space=1))
    game.apply(0, Fight())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from dungeon_table.core.protocol import Action, Event, Game, Result, ScoreLine
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import LastDungeonCards, cost_on_room, load
from dungeon_table.games.lastdungeon.reasons import why_illegal

STACK_DECKS = ("hand_deck", "events", "level1", "level2", "level3")


@dataclass
class Walker:
    """The adventurer on the board: its card, side, power and the damage stacked on it."""

    card: str
    side: str
    power: int
    stack: list[str] = field(default_factory=list)
    stacked_damage: int = 0


@dataclass
class Choice:
    """A pending play, expansion, retreat, scout or event discard (``pending`` in the view)."""

    kind: str
    card: str | None = None
    space: int | None = None
    need: int = 0
    chosen: list[str] = field(default_factory=list)


class LastDungeon(Game):
    game_id: ClassVar[str] = "lastdungeon"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = STACK_DECKS

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards: LastDungeonCards = load()
        self.difficulty = int(self.options.get("difficulty", 0))
        self.rng = Rng(seed)
        self.phase = "actions"
        self.round = 1
        self.rooms: list[str | None] = []      # by space index; None: entrance and treasure
        self.played: dict[int, str] = {}       # space index -> card played there this round
        self.expansion_rooms: list[str] = []
        self.adventurers = Deck()
        self.walker: Walker | None = None      # None between a repel and the next entry
        self.position = 0                      # space of the adventurer and its deck
        self.hand: list[str] = []
        self.draw_pile = Deck()
        self.discard: list[str] = []           # last = top
        self.crystals: list[tuple[str, int]] = []   # (handle, value): a card id, or see face_down
        # A starting crystal lies face down (01.6): its handle ("crystal_l1") names the level, not
        # the adventurer under it, so neither the view nor the notation tells which one is missing.
        self.face_down: dict[str, str] = {}
        self.removed: list[str] = []
        self.expansions_used = 0
        self.expanded_this_round = False
        self.retreated_this_round = False
        self.pending: Choice | None = None
        self.repelled = 0
        self.empower_next = 0
        self.outcome: str | None = None
        self.history: list[int] = []
        self._setup()

    # --- setup (source 01.1-10) ---------------------------------------------------------------
    def _deck(self, name: str, ids: list[str]) -> Deck:
        """A shuffled deck with the script's ``stack`` for it on top."""
        deck = Deck(list(ids))
        deck.shuffle(self.rng)
        try:
            deck.stack_top(self.stack.get(name, []))
        except ValueError as err:
            raise ValueError(f"stack {name}: {err}") from None
        return deck

    def _setup(self) -> None:
        cards, setup = self.cards, self.cards.setup
        self.draw_pile = self._deck("hand_deck", [d.id for d in cards.dungeon])
        events = self._deck("events", [e.id for e in cards.events])
        rooms = events.draw_many(setup.rooms)
        self.expansion_rooms = events.draw_many(setup.expansion_rooms)
        deck_events = events.draw_many(setup.deck_events)
        self.rooms = [None, *rooms, None]
        order: list[str] = []                  # the adventurer deck from the top
        for level in (1, 2, 3):
            deck = self._deck(f"level{level}", cards.level_ids(level))
            # 01.6: the first card of each level deck becomes a face-down starting crystal.
            for i, card in enumerate(deck.draw_many(setup.starting_crystals_per_level)):
                handle = f"crystal_l{level}" + (f"_{i + 1}" if i else "")
                self.face_down[handle] = card
                self.crystals.append((handle, cards.adventurer(card).crystal))
            order += deck.draw_many(len(deck))
            order += deck_events[level - 1:level]
        order.append(cards.hero.id)            # 01.7: the hero, legendary side up, at the bottom
        self.adventurers = Deck(list(reversed(order)))
        self._enter_next([])
        self.hand = self._draw(setup.hand_size, [])
        self.history.append(self.distance)

    # --- derived ------------------------------------------------------------------------------
    @property
    def treasure(self) -> int:
        return len(self.rooms) - 1

    @property
    def distance(self) -> int:
        """Spaces between the adventurer and the treasure (the game-over chart)."""
        return self.treasure - self.position

    @property
    def crystal_total(self) -> int:
        return sum(value for _, value in self.crystals)

    def room(self, space: int) -> m.Space:
        room_id = self.rooms[space]
        kind = "entrance" if space == 0 else "treasure" if space == self.treasure else "room"
        effect = self.cards.event(room_id).room if room_id else None
        card = self.played.get(space)
        bonus = effect.damage_bonus if effect else 0
        return m.Space(
            kind=kind, room=room_id, card=card,
            damage=self.cards.playable(card)[1] + bonus if card else 0,
            cost_delta=effect.cost_delta if effect else 0, damage_bonus=bonus,
            draw_on_play=effect.draw_on_play if effect else 0,
        )

    def cost_at(self, card: str, space: int) -> int:
        """The cost of ``card`` on ``space`` after the room's effect (never below 0)."""
        room_id = self.rooms[space]
        delta = self.cards.event(room_id).room.cost_delta if room_id else 0
        return cost_on_room(self.cards.playable(card)[0], delta)

    def free_spaces(self) -> list[int]:
        """Empty spaces right of the adventurer, the treasure space included."""
        return [s for s in range(self.position + 1, self.treasure + 1) if s not in self.played]

    def power_of(self, card: str, side: str) -> int:
        hero = self.cards.hero
        if card == hero.id:
            base = hero.front.power if side == "front" else hero.back.power
        else:
            base = self.cards.adventurer(card).power
        return max(1, base + self.difficulty)

    def total_damage(self) -> int:
        stacked = self.walker.stacked_damage if self.walker else 0
        return sum(self.room(s).damage for s in self.played) + stacked

    def shortfall(self) -> int:
        """Damage still missing for ``fight`` to repel (B: repelled when the sum reaches power)."""
        return max(0, self.walker.power - self.total_damage()) if self.walker else 0

    # --- protocol -----------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.outcome else [0]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != 0 or self.outcome:
            return []
        return getattr(self, f"_legal_{self.phase}")()

    def _legal_actions(self) -> list[Action]:
        legal: list[Action] = []
        others = len(self.hand) - 1
        for space in self.free_spaces():
            legal += [m.Play(card=c, space=space) for c in self.hand if self.cost_at(c, space) <= others]
        numbers = self.cards.rules
        if (not self.expanded_this_round and self.expansions_used < numbers.max_expansions
                and self.crystal_total >= numbers.expand_crystals):
            legal.append(m.Expand())
        if (not self.retreated_this_round and self.position > 0
                and self.crystal_total >= numbers.retreat_crystals):
            legal.append(m.Retreat())
        legal.append(m.Fight())
        return legal

    def _legal_pay_cost(self) -> list[Action]:
        assert self.pending is not None
        skip = {self.pending.card, *self.pending.chosen}
        return [*(m.Discard(card=c) for c in self.hand if c not in skip), m.Cancel()]

    def _legal_pay_crystals(self) -> list[Action]:
        assert self.pending is not None
        chosen = set(self.pending.chosen)
        return [*(m.Pay(crystal=c) for c, _ in self.crystals if c not in chosen), m.Cancel()]

    def _legal_repelled(self) -> list[Action]:
        return [m.Scout(), m.Crystallise()]

    def _legal_event_discard(self) -> list[Action]:
        assert self.pending is not None
        return [m.Discard(card=c) for c in self.hand if c not in self.pending.chosen]

    def why_illegal(self, seat: int, action: Action) -> str:
        return why_illegal(self, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        getattr(self, f"_do_{type(action).__name__.lower()}")(action, events)
        return events

    # --- A. actions ---------------------------------------------------------------------------
    def _do_play(self, action: m.Play, events: list[Event]) -> None:
        need = self.cost_at(action.card, action.space)
        if need == 0:
            self._place(action.card, action.space, 0, events)
        else:
            self.pending = Choice("play", action.card, action.space, need)
            self.phase = "pay_cost"

    def _place(self, card: str, space: int, cost: int, events: list[Event]) -> None:
        self.hand.remove(card)
        self.played[space] = card
        here = self.room(space)
        events.append(m.CardPlayed(card=card, space=space, cost=cost, damage=here.damage))
        if here.draw_on_play:
            self.hand += self._draw(here.draw_on_play, events)

    def _do_discard(self, action: m.Discard, events: list[Event]) -> None:
        assert self.pending is not None
        self.pending.chosen.append(action.card)
        if len(self.pending.chosen) < self.pending.need:
            return
        chosen, pending = self.pending.chosen, self.pending
        for card in chosen:
            self.hand.remove(card)
        self.discard += chosen
        reason = "event" if pending.kind == "event" else "cost"
        events.append(m.CardsDiscarded(cards=list(chosen), reason=reason))
        self.pending = None
        if pending.kind == "play":
            assert pending.card is not None and pending.space is not None
            self.phase = "actions"
            self._place(pending.card, pending.space, pending.need, events)
        else:
            self.removed.append(pending.card or "")
            self._enter_next(events)

    def _do_cancel(self, action: m.Cancel, events: list[Event]) -> None:
        assert self.pending is not None
        self.phase = "repelled" if self.pending.kind == "scout" else "actions"
        self.pending = None

    def _do_expand(self, action: m.Expand, events: list[Event]) -> None:
        self.pending = Choice("expand", need=self.cards.rules.expand_crystals)
        self.phase = "pay_crystals"

    def _do_retreat(self, action: m.Retreat, events: list[Event]) -> None:
        self.pending = Choice("retreat", need=self.cards.rules.retreat_crystals)
        self.phase = "pay_crystals"

    def _do_pay(self, action: m.Pay, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        pending.chosen.append(action.crystal)
        values = dict(self.crystals)
        paid = sum(values[c] for c in pending.chosen)
        if paid < pending.need:
            return
        # Spent crystals leave the game; whatever was paid above the need is lost too.
        self.crystals = [(c, v) for c, v in self.crystals if c not in pending.chosen]
        self.removed += pending.chosen
        events.append(m.CrystalsSpent(crystals=list(pending.chosen), value=paid, need=pending.need,
                                      lost=paid - pending.need, purpose=pending.kind))
        self.pending = None
        self.phase = "actions"
        getattr(self, f"_paid_{pending.kind}")(events)

    def _paid_expand(self, events: list[Event]) -> None:
        # The treasure moves one space right; the set-aside room fills the space it left.
        room = self.expansion_rooms.pop(0)
        space = self.treasure
        self.rooms.insert(space, room)
        self.expansions_used += 1
        self.expanded_this_round = True
        events.append(m.Expanded(room=room, space=space, treasure=self.treasure))

    def _paid_retreat(self, events: list[Event]) -> None:
        assert self.walker is not None
        self.position -= 1
        self.retreated_this_round = True
        events.append(m.Retreated(card=self.walker.card, from_space=self.position + 1,
                                  to_space=self.position))

    # --- B. damage and repel ------------------------------------------------------------------
    def _do_fight(self, action: m.Fight, events: list[Event]) -> None:
        walker = self.walker
        assert walker is not None
        total = 0
        for space in sorted(self.played):
            here = self.room(space)
            total += here.damage
            events.append(m.DamageDealt(source="space", space=space, card=self.played[space],
                                        damage=here.damage, total=total))
        if walker.stacked_damage:
            total += walker.stacked_damage
            events.append(m.DamageDealt(source="stack", space=self.position, card="",
                                        damage=walker.stacked_damage, total=total))
        if total >= walker.power:
            self._repel(walker, total, events)
        else:
            self._advance(walker, total, events)

    def _repel(self, walker: Walker, total: int, events: list[Event]) -> None:
        events.append(m.Repelled(card=walker.card, side=walker.side, power=walker.power,
                                 total=total))
        self.repelled += 1
        if walker.card == self.cards.hero.id:
            self._clear(events)
            if walker.side == "front":
                # The hero cannot be scouted: beaten once, it turns over and fights on.
                walker.side, walker.power = "back", self.power_of(walker.card, "back")
                events.append(m.HeroFlipped(card=walker.card, power=walker.power))
                self._next_round(events)
            else:
                self._enter_next(events)
            return
        if self.crystal_total >= self.cards.adventurer(walker.card).scout_cost:
            self.phase = "repelled"
        else:
            self._crystallise(forced=True, events=events)

    def _advance(self, walker: Walker, total: int, events: list[Event]) -> None:
        # Not repelled: the cards lie sideways on the adventurer and count again next round.
        for space in sorted(self.played):
            card = self.played[space]
            walker.stack.append(card)
            walker.stacked_damage += self.cards.playable(card)[1]
        self.played = {}
        self.position += 1
        events.append(m.Advanced(card=walker.card, from_space=self.position - 1,
                                 to_space=self.position, power=walker.power, total=total))
        if self.position >= self.treasure:
            self._lose(events)
        else:
            self._next_round(events)

    # --- C. scout or crystallise --------------------------------------------------------------
    def _do_scout(self, action: m.Scout, events: list[Event]) -> None:
        assert self.walker is not None
        self.pending = Choice("scout", self.walker.card,
                              need=self.cards.adventurer(self.walker.card).scout_cost)
        self.phase = "pay_crystals"

    def _paid_scout(self, events: list[Event]) -> None:
        assert self.walker is not None
        card = self.walker.card
        self.draw_pile.put_top(card)
        events.append(m.Scouted(card=card, cost=self.cards.adventurer(card).scout_cost))
        self._clear(events)
        self.walker = None
        self._enter_next(events)

    def _do_crystallise(self, action: m.Crystallise, events: list[Event]) -> None:
        self._crystallise(forced=False, events=events)

    def _crystallise(self, forced: bool, events: list[Event]) -> None:
        assert self.walker is not None
        card = self.walker.card
        value = self.cards.adventurer(card).crystal
        self.crystals.append((card, value))
        events.append(m.Crystallised(card=card, value=value, forced=forced))
        self._clear(events)
        self.walker = None
        self._enter_next(events)

    def _clear(self, events: list[Event]) -> None:
        """The stack on the adventurer, then the spaces left to right, go to the discard pile."""
        cleared = (self.walker.stack if self.walker else []) + [
            self.played[s] for s in sorted(self.played)]
        self.played = {}
        if self.walker:
            self.walker.stack, self.walker.stacked_damage = [], 0
        if cleared:
            self.discard += cleared
            events.append(m.CardsDiscarded(cards=cleared, reason="cleared"))

    # --- D. the next adventurer ---------------------------------------------------------------
    def _enter_next(self, events: list[Event]) -> None:
        self.phase = "actions"
        while self.adventurers.cards:
            card = self.adventurers.draw()
            if self.cards.level(card):            # an adventurer or the hero
                self._enter(card, events)
                if self.position >= self.treasure:
                    self._lose(events)         # an advance event put the deck on the treasure
                elif self.history:             # not during setup
                    self._next_round(events)
                return
            if self._resolve_event(card, events):
                return                         # waiting for the player's discard
        self._win(events)

    def _enter(self, card: str, events: list[Event]) -> None:
        """D: the next adventurer enters where the last one stood (the deck's space)."""
        power = self.power_of(card, "front") + self.empower_next
        self.empower_next = 0
        self.walker = Walker(card, "front", power)
        events.append(m.AdventurerEntered(card=card, side="front", level=self.cards.level(card),
                                          power=power, space=self.position))

    def _resolve_event(self, card: str, events: list[Event]) -> bool:
        """Resolve an event from the adventurer deck; True when the player must discard first."""
        effect = self.cards.event(card).event
        events.append(m.EventResolved(card=card, effect=effect.kind, value=effect.value))
        if effect.kind == "draw":
            self.hand += self._draw(effect.value, events)
        elif effect.kind == "discard" and self.hand:
            self.pending = Choice("event", card, need=min(effect.value, len(self.hand)))
            self.phase = "event_discard"
            return True
        elif effect.kind == "crystal":
            self.crystals.append((card, effect.value))   # the event card itself is the crystal
            return False
        elif effect.kind == "empower":
            self.empower_next += effect.value
        elif effect.kind == "retreat":         # the deck moves back, never past the entrance
            self.position = max(0, self.position - effect.value)
        elif effect.kind == "advance":
            # Only the deck moves now; the adventurer who enters on the treasure loses the game.
            self.position = min(self.treasure, self.position + effect.value)
        self.removed.append(card)
        return False

    # --- E. draw 3 ----------------------------------------------------------------------------
    def _draw(self, count: int, events: list[Event]) -> list[str]:
        """Draw what is there; if short, turn the discard pile over unshuffled and draw the rest."""
        drawn = self.draw_pile.draw_many(count)
        if len(drawn) < count and self.discard:
            # Turned over as it lies: the first card discarded becomes the top.
            self.draw_pile = Deck(list(reversed(self.discard)))
            self.discard = []
            events.append(m.DiscardFlipped(count=len(self.draw_pile)))
            drawn += self.draw_pile.draw_many(count - len(drawn))
        if drawn:
            events.append(m.CardsDrawn(cards=list(drawn), to=(0,)))
        return drawn

    def _next_round(self, events: list[Event]) -> None:
        self.hand += self._draw(self.cards.setup.draw_per_round, events)
        self.round += 1
        self.phase = "actions"
        self.expanded_this_round = self.retreated_this_round = False
        self.history.append(self.distance)

    # --- the end ------------------------------------------------------------------------------
    def _win(self, events: list[Event]) -> None:
        self.outcome, self.phase = "won", "over"
        self.history.append(self.distance)
        events.append(m.GameWon(repelled=self.repelled, rounds=self.round))

    def _lose(self, events: list[Event]) -> None:
        self.outcome, self.phase = "lost", "over"
        self.history.append(0)
        who = self.walker.card if self.walker else ""
        events.append(m.GameLost(card=who, space=self.position, rounds=self.round))

    def score(self) -> list[ScoreLine]:
        weights = self.cards.score
        lines = [
            ScoreLine("score.repelled", self.repelled * weights.repelled, self.repelled),
            ScoreLine("score.crystals", self.crystal_total * weights.crystal, self.crystal_total),
            ScoreLine("score.win_bonus", weights.win_bonus if self.outcome == "won" else 0),
        ]
        return [*lines, ScoreLine("score.total", sum(line.value for line in lines))]

    def result(self) -> Result | None:
        if not self.outcome:
            return None
        won = self.outcome == "won"
        return Result(ranking=[0], winners=[0] if won else [], outcome=f"result.{self.outcome}",
                      breakdown=[self.score()], history=[list(self.history)],
                      history_key="history.distance")

    # --- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> m.LastDungeonView:
        from dungeon_table.games.lastdungeon.views import build_view

        return build_view(self, seat)

    def state_dict(self) -> dict[str, Any]:
        from dungeon_table.games.lastdungeon.views import build_state

        return build_state(self)
