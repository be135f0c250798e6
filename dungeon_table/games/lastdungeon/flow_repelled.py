"""Phase ``repelled`` (C): the repelled adventurer is scouted (pay its cost in crystals, in
``pay_crystals``; it joins the draw pile as a dungeon card) or crystallised.

The phase comes only when the crystals cover the scout; otherwise B crystallises at once
(``steps.repel``).
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon import steps
from dungeon_table.games.lastdungeon.base import LastDungeonBase
from dungeon_table.games.lastdungeon.state import Choice


def legal(game: LastDungeonBase, seat: int) -> list[Action]:
    return [m.Scout(), m.Crystallise()]


def scout(game: LastDungeonBase, seat: int, action: m.Scout) -> list[Event]:
    state = game.state
    assert state.adventurer is not None
    state.pending = Choice("scout", state.adventurer.card,
                           need=game.cards.adventurer(state.adventurer.card).scout_cost)
    state.phase = "pay_crystals"
    return []


def take_scouted(game: LastDungeonBase, events: list[Event]) -> None:
    """Paid: the adventurer goes on top of the draw pile; the board is cleared, the next enters."""
    state = game.state
    assert state.adventurer is not None
    card = state.adventurer.card
    state.draw_pile.put_top(card)
    events.append(m.Scouted(card=card, cost=game.cards.adventurer(card).scout_cost))
    steps.clear(game, events)
    state.adventurer = None
    steps.enter_next(game, events)


def scout_refused(game: LastDungeonBase, seat: int, action: m.Scout) -> str | None:
    walker = game.state.adventurer
    if walker is None or walker.card == game.cards.hero.id:
        return refuse("ld.refuse.hero_cannot_scouted", "the hero cannot be scouted")
    return game.lacking_crystals("scouting", game.cards.adventurer(walker.card).scout_cost)


def crystallise(game: LastDungeonBase, seat: int, action: m.Crystallise) -> list[Event]:
    events: list[Event] = []
    steps.crystallise(game, forced=False, events=events)
    return events
