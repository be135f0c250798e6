"""The phases that pick one thing at a time into ``pending.chosen`` until its ``need`` is met:

- ``pay_cost``: hand cards, other than the one played, to pay a play's cost; then it is placed;
- ``pay_crystals``: crystals for an expansion, a retreat or a scout; then it happens;
- ``event_discard``: hand cards a discard event takes; then the next adventurer is revealed.

Nothing moves before the need is met, so ``cancel`` (in the two payments) loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.lastdungeon import flow_actions, flow_repelled, steps
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.base import LastDungeonBase
from dungeon_table.games.lastdungeon.state import Choice

# What a crystal payment buys, by ``pending.kind``, once it is met.
WHEN_PAID: dict[str, Callable[[LastDungeonBase, list[Event]], None]] = {
    "expand": flow_actions.lay_expansion,
    "retreat": flow_actions.push_back,
    "scout": flow_repelled.take_scouted,
}


def _pending(game: LastDungeonBase) -> Choice:
    pending = game.state.pending
    assert pending is not None
    return pending


# --- pay_cost ---------------------------------------------------------------------------------
def legal_cost(game: LastDungeonBase, seat: int) -> list[Action]:
    pending = _pending(game)
    skip = {pending.card, *pending.chosen}
    return [*(m.Discard(card=c) for c in game.state.hand if c not in skip), m.Cancel()]


def discard_for_cost(game: LastDungeonBase, seat: int, action: m.Discard) -> list[Event]:
    events: list[Event] = []
    paid = _discard_when_met(game, action.card, "cost", events)
    if paid is not None:
        assert paid.card is not None and paid.space is not None
        game.state.phase = "actions"
        flow_actions.place(game, paid.card, paid.space, paid.need, events)
    return events


def discard_refused(game: LastDungeonBase, seat: int, action: m.Discard) -> str | None:
    pending = game.state.pending
    if action.card not in game.state.hand:
        return refuse("ld.refuse.not_hand", "{card} is not in your hand", card=action.card)
    if pending and action.card == pending.card and pending.kind == "play":
        return refuse("ld.refuse.card_being_played", "{card} is the card being played",
                      card=action.card)
    if pending and action.card in pending.chosen:
        return refuse("ld.refuse.already_chosen", "{card} is already chosen", card=action.card)
    return None


def _discard_when_met(game: LastDungeonBase, card: str, reason: str,
                      events: list[Event]) -> Choice | None:
    """Pick ``card``; once enough are picked they all go to the discard pile, in the order picked,
    and the choice is done (returned)."""
    state, pending = game.state, _pending(game)
    pending.chosen.append(card)
    if len(pending.chosen) < pending.need:
        return None
    for chosen in pending.chosen:
        state.hand.remove(chosen)
    state.discard += pending.chosen
    events.append(m.CardsDiscarded(cards=list(pending.chosen), reason=reason))
    state.pending = None
    return pending


# --- pay_crystals -----------------------------------------------------------------------------
def legal_crystals(game: LastDungeonBase, seat: int) -> list[Action]:
    chosen = set(_pending(game).chosen)
    return [*(m.Pay(crystal=c) for c, _ in game.state.crystals if c not in chosen), m.Cancel()]


def pay(game: LastDungeonBase, seat: int, action: m.Pay) -> list[Event]:
    state, pending = game.state, _pending(game)
    pending.chosen.append(action.crystal)
    paid = game.paid()
    if paid < pending.need:
        return []
    # Spent crystals leave the game; whatever was paid above the need is lost too.
    state.crystals = [(c, v) for c, v in state.crystals if c not in pending.chosen]
    state.removed += pending.chosen
    events: list[Event] = [m.CrystalsSpent(crystals=list(pending.chosen), value=paid,
                                           need=pending.need, lost=paid - pending.need,
                                           purpose=pending.kind)]
    state.pending = None
    state.phase = "actions"
    WHEN_PAID[pending.kind](game, events)
    return events


def pay_refused(game: LastDungeonBase, seat: int, action: m.Pay) -> str | None:
    pending = game.state.pending
    if action.crystal not in dict(game.state.crystals):
        return refuse("ld.refuse.not_one_crystals", "{crystal} is not one of your crystals",
                      crystal=action.crystal)
    if pending and action.crystal in pending.chosen:
        return refuse("ld.refuse.already_chosen_2", "{crystal} is already chosen",
                      crystal=action.crystal)
    return None


def cancel(game: LastDungeonBase, seat: int, action: m.Cancel) -> list[Event]:
    """Back to where the choice began (a scout to ``repelled``), nothing picked is lost."""
    game.state.phase = "repelled" if _pending(game).kind == "scout" else "actions"
    game.state.pending = None
    return []


# --- event_discard ------------------------------------------------------------------------------
def legal_event(game: LastDungeonBase, seat: int) -> list[Action]:
    chosen = _pending(game).chosen
    return [m.Discard(card=c) for c in game.state.hand if c not in chosen]


def discard_for_event(game: LastDungeonBase, seat: int, action: m.Discard) -> list[Event]:
    events: list[Event] = []
    done = _discard_when_met(game, action.card, "event", events)
    if done is not None:
        game.state.removed.append(done.card or "")   # the event card leaves the game
        steps.enter_next(game, events)
    return events
