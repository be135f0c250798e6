"""The exploration phase (探索フェイズ): the active player turns up dungeon cards one at a time
until it stops, a burst comes, the deck runs out or (Professional) its reveal limit is reached.

A chest takes the next card under it, seen by the active player alone (a ghost under a chest is
revealed at once and the chest leaves the game). A ghost that does not burst forces another
reveal. With 3-4 players an empty deck is refilled from the discard pile, the first time with the
ghosts. Then the burst (``flow_burst.py``) or the market (``flow_market.py``).
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.core.zones import Deck
from dungeon_table.games.market import flow_burst as burst
from dungeon_table.games.market import flow_jobs as jobs
from dungeon_table.games.market import flow_market as market
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.card_rules import bursts_with
from dungeon_table.games.market.state import Slot


def legal(game: MarketBase, seat: int) -> list[Action]:
    legal: list[Action] = [m.Explore()]
    if game.slots() and not game.state.must_explore:
        legal.append(m.Stop())
    return legal


def explore(game: MarketBase, seat: int, action: m.Explore) -> list[Event]:
    events: list[Event] = []
    state = game.state
    if not state.deck and not refill(game, events):
        end_exploration(game, "deck_empty", events)
        return events
    card = draw(game)
    if game.kind(card) == "chest":
        open_chest(game, card, events)
    else:
        state.area.append(Slot(card))
        events.append(m.Revealed(card=card, slot=len(state.area) - 1))
        after_reveal(game, len(state.area) - 1, events)
    return events


def stop(game: MarketBase, seat: int, action: m.Stop) -> list[Event]:
    events: list[Event] = []
    end_exploration(game, "stopped", events)
    return events


def why_not_stop(game: MarketBase, seat: int, action: m.Stop) -> str | None:
    if game.state.must_explore:
        return refuse("market.refuse.must_explore_again_ghost",
                      "you must explore again: a ghost was revealed")
    if not game.slots():
        return refuse("market.refuse.reveal_least_one_card",
                      "reveal at least one card before you stop")
    return None


def refill(game: MarketBase, events: list[Event]) -> bool:
    """Deck empty before a reveal (3-4 players): the discard pile, shuffled, is the new deck;
    the first time the five ghosts join it (house rule ``sword_bought``: they do not)."""
    if not game.can_refill():
        return False
    state = game.state
    ghosts = game.ghosts_join()
    state.ghosts_aside = [g for g in state.ghosts_aside if g not in ghosts]
    state.deck = Deck(state.discard + ghosts)
    state.discard, state.top_seen_by = [], None
    state.deck.shuffle(game.rng)
    if state.reshuffles == 0:
        # The script's order for this deck; a card it names that is not here is skipped (a
        # script cannot know where every card will be by then).
        state.deck.stack_top([c for c in game.stack.get("reshuffle", []) if c in state.deck])
    state.reshuffles += 1
    events.append(m.Reshuffled(count=len(state.deck), ghosts_added=bool(ghosts)))
    return True


def draw(game: MarketBase) -> str:
    """The deck's top card; whoever a job showed it to now knows the next one no more."""
    game.state.top_seen_by = None
    return game.state.deck.draw()


def open_chest(game: MarketBase, chest: str, events: list[Event]) -> None:
    """A chest: the active player alone looks at the next card. A ghost is revealed at once
    and the chest leaves the game; anything else lies hidden under the chest."""
    state = game.state
    slot = len(state.area)
    under = ""
    if state.deck or refill(game, events):
        under = draw(game)
    events.append(m.ChestFound(card=chest, slot=slot, empty=not under))
    if under and game.kind(under) == "ghost":
        state.removed.append(chest)
        state.area.append(Slot(under))
        events.append(m.ChestRemoved(card=chest))
        events.append(m.Revealed(card=under, slot=slot, via_chest=True))
        after_reveal(game, slot, events)
        return
    state.area.append(Slot(chest, chest=True, hidden=under))
    if under:
        events.append(m.ChestPeeked(slot=slot, card=under, to=(state.active,)))
    after_reveal(game, slot, events, face_up=False)


def after_reveal(game: MarketBase, slot: int, events: list[Event], face_up: bool = True) -> None:
    """Burst check, the ghost's forced re-explore, the Professional reveal limit."""
    state = game.state
    # Any reveal answers a ghost's forced re-explore; a new ghost forces another.
    state.must_explore = False
    if face_up:
        attackers = burst_slots(game, slot)
        if attackers:
            burst.start_burst(game, attackers, events)
            return
        state.must_explore = game.kind(state.area[slot].card) == "ghost"  # type: ignore[union-attr]
    if game.professional and len(state.area) >= game.reveal_limit(state.active):
        end_exploration(game, "limit", events)
        return
    jobs.offer_peek(game, events)


def burst_slots(game: MarketBase, slot: int) -> list[int]:
    """The attackers if the card just revealed bursts: it and every face-up card it pairs with
    (same colour; a ghost also pairs with another ghost), so up to three."""
    new = game.card_of[game.state.area[slot].card]  # type: ignore[union-attr]
    pairs = [index for index, card in game.face_up() if index != slot and bursts_with(new, card)]
    return sorted([slot, *pairs]) if pairs else []


def end_exploration(game: MarketBase, reason: str, events: list[Event]) -> None:
    game.state.must_explore = False
    events.append(m.ExplorationEnded(reason=reason))
    if game.professional:
        jobs.gain_exp(game, len(game.state.area), events)
    market.start_market(game, events)
