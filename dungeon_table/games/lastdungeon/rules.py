"""Last Dungeon Pocket (ラストダンジョン ポケット), solo: setup, the phases, the view and the result.

You are the dungeon master. Adventurers walk from the entrance towards the treasure; each round you
play cards onto the spaces ahead of the current one (A), they deal damage (B), a repelled adventurer
is scouted or crystallised (C), the next one enters (D) and you draw 3 (E). Reaching the treasure
loses; repelling the last adventurer (the hero's second side) wins.

    game = LastDungeon(["human"], seed=7)
    game.apply(0, Play(card="d_goblin", space=1))
    game.apply(0, Fight())

The phases' rules are in ``flow_actions.py`` (A), ``flow_payment.py`` (the picks that pay for a
choice), ``flow_repelled.py`` (C) and ``steps.py`` (what follows a decision: B to E, the end).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from dungeon_table.core.phased import OVER, Phase, offer
from dungeon_table.core.protocol import Action, Result, ScoreLine
from dungeon_table.core.reasons import Reason, refuse
from dungeon_table.core.zones import Deck
from dungeon_table.games.lastdungeon import flow_actions as actions
from dungeon_table.games.lastdungeon import flow_payment as payment
from dungeon_table.games.lastdungeon import flow_repelled as repelled
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon import steps, views
from dungeon_table.games.lastdungeon.base import LastDungeonBase


class LastDungeon(LastDungeonBase):
    phases = {
        "actions": Phase(actions.legal, {m.Play: actions.play, m.Expand: actions.expand,
                                         m.Retreat: actions.retreat, m.Fight: actions.fight},
                         hint=refuse("ld.wants.actions", "play, expand, retreat or fight"),
                         checks={m.Play: actions.play_refused, m.Expand: actions.expand_refused,
                                 m.Retreat: actions.retreat_refused},
                         offers=offer(m.Expand(), m.Retreat(), m.Fight())),
        "pay_cost": Phase(payment.legal_cost, {m.Discard: payment.discard_for_cost,
                                               m.Cancel: payment.cancel},
                          hint=refuse("ld.wants.pay_cost",
                                      "discard cards to pay the cost, or cancel"),
                          checks={m.Discard: payment.discard_refused}),
        "pay_crystals": Phase(payment.legal_crystals, {m.Pay: payment.pay,
                                                       m.Cancel: payment.cancel},
                              hint=refuse("ld.wants.pay_crystals", "pay crystals, or cancel"),
                              checks={m.Pay: payment.pay_refused}),
        "repelled": Phase(repelled.legal, {m.Scout: repelled.scout,
                                           m.Crystallise: repelled.crystallise},
                          hint=refuse("ld.wants.repelled",
                                      "scout or crystallise the repelled adventurer"),
                          checks={m.Scout: repelled.scout_refused}),
        "event_discard": Phase(payment.legal_event, {m.Discard: payment.discard_for_event},
                               hint=refuse("ld.wants.event_discard",
                                           "discard a card for the event"),
                               checks={m.Discard: payment.discard_refused}),
        "over": OVER,
    }

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self._setup()

    # --- setup (source 01.1-10) ---------------------------------------------------------------
    def _deck(self, name: str, ids: list[str]) -> Deck:
        """A shuffled deck with the script's ``stack`` for it on top."""
        deck = Deck(list(ids))
        deck.shuffle(self.rng)
        return self.stack_onto(deck, name)

    def _setup(self) -> None:
        cards, setup, state = self.cards, self.cards.setup, self.state
        state.draw_pile = self._deck("hand_deck", [d.id for d in cards.dungeon])
        events = self._deck("events", [e.id for e in cards.events])
        rooms = events.draw_many(setup.rooms)
        state.expansion_rooms = events.draw_many(setup.expansion_rooms)
        deck_events = events.draw_many(setup.deck_events)
        state.rooms = [None, *rooms, None]
        order: list[str] = []                  # the adventurer deck from the top
        for level in (1, 2, 3):
            deck = self._deck(f"level{level}", cards.level_ids(level))
            # 01.6: the first card of each level deck becomes a face-down starting crystal.
            for i, card in enumerate(deck.draw_many(setup.starting_crystals_per_level)):
                handle = f"crystal_l{level}" + (f"_{i + 1}" if i else "")
                state.face_down[handle] = card
                state.crystals.append((handle, cards.adventurer(card).crystal))
            if level <= self.levels:  # a shorter dungeon leaves the higher levels out
                order += deck.draw_many(len(deck))
                order += deck_events[level - 1:level]
        order.append(cards.hero.id)            # 01.7: the hero, legendary side up, at the bottom
        state.adventurer_deck = Deck(list(reversed(order)))
        steps.enter_next(self, [])
        state.hand = steps.draw(self, setup.hand_size, [])
        state.history.append(self.distance)

    # --- the protocol -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.state.outcome else [0]

    def view(self, seat: int | None) -> m.LastDungeonView:
        return views.build_view(self, seat)

    def tempting(self, seat: int) -> list[Action]:
        """The phase's buttons refused now (the kit's: expand, retreat), and in the actions
        phase a hand card with no space it can be paid for, on each free space (a click says
        what it costs there)."""
        offered = super().tempting(seat)
        if self.state.phase != "actions" or seat not in self.to_act():
            return offered
        legal = self.legal_actions(seat)
        view = self.view(seat)
        playable = {a.card for a in legal if isinstance(a, m.Play)}
        return [*offered, *(m.Play(card=card, space=space) for card in view.hand or []
                            if card not in playable for space in view.free_spaces)]

    def costly(self, seat: int, action: Action) -> Reason | None:
        """The damage and repel check with cards still playable and the adventurer not yet
        repelled (docs/rules/lastdungeon.md)."""
        if not isinstance(action, m.Fight):
            return None
        view = self.view(seat)
        playable = any(isinstance(a, m.Play) for a in self.legal_actions(seat))
        if not playable or view.shortfall <= 0 or view.adventurer is None:
            return None
        return refuse("ld.costly.check", "go to the damage and repel check with cards still "
                      "playable: {damage} damage against power {power}",
                      damage=view.total_damage, power=view.adventurer.power)

    def score(self) -> list[ScoreLine]:
        weights, state = self.cards.score, self.state
        lines = [
            ScoreLine("score.repelled", state.repelled * weights.repelled, state.repelled),
            ScoreLine("score.crystals", self.crystal_total * weights.crystal, self.crystal_total),
            ScoreLine("score.win_bonus", weights.win_bonus if state.outcome == "won" else 0),
        ]
        return [*lines, ScoreLine("score.total", sum(line.value for line in lines))]

    def result(self) -> Result | None:
        outcome = self.state.outcome
        if not outcome:
            return None
        return Result(ranking=[0], winners=[0] if outcome == "won" else [],
                      outcome=f"result.{outcome}", breakdown=[self.score()],
                      history=[list(self.state.history)], history_key="history.distance")

    # --- the hooks of the generic suites and of search ----------------------------------------
    def conserved(self) -> Counter[str]:
        """Every card, wherever it lies (a face-down crystal as the card under it, a discard
        event waiting for its discard as the pending choice's card)."""
        return Counter(self._every_card())

    def _every_card(self) -> Iterator[str]:
        state = self.state
        yield from state.hand
        yield from state.draw_pile
        yield from state.discard
        yield from state.played.values()
        yield from state.adventurer_deck
        yield from (state.face_down.get(c, c) for c, _ in state.crystals)
        yield from (state.face_down.get(c, c) for c in state.removed)
        yield from (r for r in state.rooms if r)
        yield from state.expansion_rooms
        if state.pending and state.pending.kind == "event" and state.pending.card:
            yield state.pending.card
        if state.adventurer:
            yield state.adventurer.card
            yield from state.adventurer.stack

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """Deal anew what ``seat`` is not shown: the draw pile's order (and, for a spectator, which
        hand cards lie there), the adventurer deck (its top shows only its back), the adventurers
        under the face-down crystals and the set-aside expansion rooms. Only cards that look the
        same trade places: an adventurer with one of its level and crystal value (the deck's
        blocks and the crystals' values are public), an event with an event."""
        self._redeal_pile(seat, rng)
        state = self.state
        deck, handles = state.adventurer_deck.cards, list(state.face_down)
        hidden = [*deck, *(state.face_down[h] for h in handles), *state.expansion_rooms]
        alike: dict[tuple[int, int], list[int]] = {}
        for i, card in enumerate(hidden):
            alike.setdefault(self._looks(card), []).append(i)
        dealt = list(hidden)
        for places in alike.values():
            cards = sorted(hidden[i] for i in places)  # which, not where: see _redeal_pile
            rng.shuffle(cards)
            for i, card in zip(places, cards, strict=True):
                dealt[i] = card
        crystals_end = len(deck) + len(handles)
        state.adventurer_deck.cards = dealt[:len(deck)]
        state.face_down = dict(zip(handles, dealt[len(deck):crystals_end], strict=True))
        state.expansion_rooms = dealt[crystals_end:]

    def _looks(self, card: str) -> tuple[int, int]:
        """What tells a hidden card from another: an adventurer's level (the back) and crystal
        value (a face-down crystal's, shown); events (0, 0); the hero (4, 0)."""
        level = self.cards.level(card)
        if level in (1, 2, 3):
            return level, self.cards.adventurer(card).crystal
        return level, 0

    def _redeal_pile(self, seat: int | None, rng: random.Random) -> None:
        """Shuffle the draw pile; for a spectator, who is not shown the hand, with the hand's cards
        but those the pending choice shows (the card being played, the picks)."""
        state = self.state
        shown = {state.pending.card, *state.pending.chosen} if state.pending else set()
        spots = [] if seat == 0 else [i for i, c in enumerate(state.hand) if c not in shown]
        # Sorted first: the deal depends on which cards are hidden, not on where they lay, so
        # two games the seat cannot tell apart deal the same from the same random source.
        pool = sorted([state.hand[i] for i in spots] + state.draw_pile.cards)
        rng.shuffle(pool)
        for i, card in zip(spots, pool[:len(spots)], strict=True):
            state.hand[i] = card
        state.draw_pile.cards = pool[len(spots):]
