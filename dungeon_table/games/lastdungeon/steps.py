"""The rulebook's steps that follow a decision: B (damage and repel), C (crystallise and clear), D
(the next adventurer, events) and E (draw), and the end of the game.

Each phase's handlers (``flow_*.py``) call into these; every step appends what happened to
``events``, in the order it happened.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.core.zones import Deck
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.base import LastDungeonBase
from dungeon_table.games.lastdungeon.state import Choice, Walker


# --- B. damage and repel ----------------------------------------------------------------------
def fight(game: LastDungeonBase, events: list[Event]) -> None:
    """Damage from the spaces left to right, then the stack; repelled at the adventurer's power."""
    state = game.state
    walker = state.adventurer
    assert walker is not None
    total = 0
    for space in sorted(state.played):
        damage = game.damage_at(space)
        total += damage
        events.append(m.DamageDealt(source="space", space=space, card=state.played[space],
                                    damage=damage, total=total))
    if walker.stacked_damage:
        total += walker.stacked_damage
        events.append(m.DamageDealt(source="stack", space=state.position, card="",
                                    damage=walker.stacked_damage, total=total))
    if total >= walker.power:
        repel(game, walker, total, events)
    else:
        advance(game, walker, total, events)


def repel(game: LastDungeonBase, walker: Walker, total: int, events: list[Event]) -> None:
    events.append(m.Repelled(card=walker.card, side=walker.side, power=walker.power, total=total))
    game.state.repelled += 1
    if walker.card == game.cards.hero.id:
        clear(game, events)
        if walker.side == "front":
            # The hero cannot be scouted: beaten once, it turns over and fights on.
            walker.side, walker.power = "back", game.power_of(walker.card, "back")
            events.append(m.HeroFlipped(card=walker.card, power=walker.power))
            next_round(game, events)
        else:
            enter_next(game, events)
        return
    if game.crystal_total >= game.cards.adventurer(walker.card).scout_cost:
        game.state.phase = "repelled"
    else:
        crystallise(game, forced=True, events=events)


def advance(game: LastDungeonBase, walker: Walker, total: int, events: list[Event]) -> None:
    # Not repelled: the cards lie sideways on the adventurer and count again next round.
    state = game.state
    for space in sorted(state.played):
        card = state.played[space]
        walker.stack.append(card)
        walker.stacked_damage += game.cards.playable(card)[1]
    state.played = {}
    state.position += 1
    events.append(m.Advanced(card=walker.card, from_space=state.position - 1,
                             to_space=state.position, power=walker.power, total=total))
    if state.position >= game.treasure:
        lose(game, events)
    else:
        next_round(game, events)


# --- C. crystallise, and the board cleared ------------------------------------------------------
def crystallise(game: LastDungeonBase, forced: bool, events: list[Event]) -> None:
    """The repelled adventurer becomes a crystal (``forced``: too few crystals to scout it)."""
    state = game.state
    assert state.adventurer is not None
    card = state.adventurer.card
    value = game.cards.adventurer(card).crystal
    state.crystals.append((card, value))
    events.append(m.Crystallised(card=card, value=value, forced=forced))
    clear(game, events)
    state.adventurer = None
    enter_next(game, events)


def clear(game: LastDungeonBase, events: list[Event]) -> None:
    """The stack on the adventurer, then the spaces left to right, go to the discard pile."""
    state = game.state
    walker = state.adventurer
    cleared = (walker.stack if walker else []) + [state.played[s] for s in sorted(state.played)]
    state.played = {}
    if walker:
        walker.stack, walker.stacked_damage = [], 0
    if cleared:
        state.discard += cleared
        events.append(m.CardsDiscarded(cards=cleared, reason="cleared"))


# --- D. the next adventurer -------------------------------------------------------------------
def enter_next(game: LastDungeonBase, events: list[Event]) -> None:
    """Reveal the adventurer deck's cards until an adventurer enters, a discard event waits for
    the player, or the deck is empty (won)."""
    state = game.state
    state.phase = "actions"
    while state.adventurer_deck.cards:
        card = state.adventurer_deck.draw()
        if game.cards.level(card):            # an adventurer or the hero
            enter(game, card, events)
            if state.position >= game.treasure:
                lose(game, events)         # an advance event put the deck on the treasure
            elif state.history:            # not during setup
                next_round(game, events)
            return
        if resolve_event(game, card, events):
            return                         # waiting for the player's discard
    win(game, events)


def enter(game: LastDungeonBase, card: str, events: list[Event]) -> None:
    """D: the next adventurer enters where the last one stood (the deck's space)."""
    state = game.state
    power = game.power_of(card, "front") + state.empower_next
    state.empower_next = 0
    state.adventurer = Walker(card, "front", power)
    events.append(m.AdventurerEntered(card=card, side="front", level=game.cards.level(card),
                                      power=power, space=state.position))


def resolve_event(game: LastDungeonBase, card: str, events: list[Event]) -> bool:
    """Resolve an event from the adventurer deck; True when the player must discard first."""
    state = game.state
    effect = game.cards.event(card).event
    events.append(m.EventResolved(card=card, effect=effect.kind, value=effect.value))
    if effect.kind == "draw":
        state.hand += draw(game, effect.value, events)
    elif effect.kind == "discard" and state.hand:
        state.pending = Choice("event", card, need=min(effect.value, len(state.hand)))
        state.phase = "event_discard"
        return True
    elif effect.kind == "crystal":
        state.crystals.append((card, effect.value))   # the event card itself is the crystal
        return False
    elif effect.kind == "empower":
        state.empower_next += effect.value
    elif effect.kind == "retreat":         # the deck moves back, never past the entrance
        state.position = max(0, state.position - effect.value)
    elif effect.kind == "advance":
        # Only the deck moves now; the adventurer who enters on the treasure loses the game.
        state.position = min(game.treasure, state.position + effect.value)
    state.removed.append(card)
    return False


# --- E. draw 3 --------------------------------------------------------------------------------
def draw(game: LastDungeonBase, count: int, events: list[Event]) -> list[str]:
    """Draw what is there; if short, turn the discard pile over unshuffled and draw the rest."""
    state = game.state
    drawn = state.draw_pile.draw_many(count)
    if len(drawn) < count and state.discard:
        # Turned over as it lies: the first card discarded becomes the top.
        state.draw_pile = Deck(list(reversed(state.discard)))
        state.discard = []
        events.append(m.DiscardFlipped(count=len(state.draw_pile)))
        drawn += state.draw_pile.draw_many(count - len(drawn))
    if drawn:
        events.append(m.CardsDrawn(cards=list(drawn), to=(0,)))
    return drawn


def next_round(game: LastDungeonBase, events: list[Event]) -> None:
    state = game.state
    state.hand += draw(game, game.cards.setup.draw_per_round, events)
    state.round += 1
    state.phase = "actions"
    state.expanded_this_round = state.retreated_this_round = False
    state.history.append(game.distance)


# --- the end ----------------------------------------------------------------------------------
def win(game: LastDungeonBase, events: list[Event]) -> None:
    state = game.state
    state.outcome, state.phase = "won", "over"
    state.history.append(game.distance)
    events.append(m.GameWon(repelled=state.repelled, rounds=state.round))


def lose(game: LastDungeonBase, events: list[Event]) -> None:
    state = game.state
    state.outcome, state.phase = "lost", "over"
    state.history.append(0)
    who = state.adventurer.card if state.adventurer else ""
    events.append(m.GameLost(card=who, space=state.position, rounds=state.round))
