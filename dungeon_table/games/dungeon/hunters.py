"""The hunter mode's hunters: level-6 monsters that walk toward the hero after each of its turns
and attack on reaching it (their walk between turns is in ``cycle.py``, the fight in
``encounter.py``)."""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.base import DungeonBase
from dungeon_table.games.dungeon.state import Encounter, Hunter


def new_hunter(game: DungeonBase, number: int) -> list[Event]:
    """Hunter ``number`` drawn (the ``hunters`` stack first) into a random level-6 room."""
    state = game.state
    level = game.t.modes.hunter.level
    events: list[Event] = []
    if state.hunter_stack:
        card = state.hunter_stack.pop(0)
        try:
            state.monsters[level].remove(card)
        except ValueError:
            raise ValueError(f"stack hunters: {card!r} is not in the level-6 deck") from None
    else:
        card = game.draw_monster(level, events)
    if not card:  # every level-6 card is out: no hunter until one comes back
        return events
    # Not on another hunter, nor on the hero: a hunter slain in the hero's room must not
    # spring up there again and attack at once (the source only says "a level-6 room").
    taken = {h.space for h in state.hunters} | {h.space for h in state.heroes}
    rooms = [r for r in game.board.rooms(level) if r not in taken] or game.board.rooms(level)
    space = game.rng.choice(rooms)
    state.hunters.append(Hunter(hunter=number, space=space, card=card))
    state.hunters.sort(key=lambda h: h.hunter)
    game.blockers_changed()
    return [*events, m.HunterAppeared(hunter=number, space=space)]


def hunter_route(game: DungeonBase, hunter: Hunter) -> list[str]:
    """The hunter's next move toward the hero (shown on the board before it walks)."""
    target = game.state.heroes[0].space
    if not target or hunter.space == target:
        return []
    steps = game.t.modes.hunter.steps
    return movement.hunter_path(game.board, hunter.space, target, steps)


def reveal_hunter(hunter: Hunter) -> list[Event]:
    if hunter.revealed:
        return []
    hunter.revealed = True
    return [m.HunterRevealed(hunter=hunter.hunter, card=hunter.card, space=hunter.space)]


def hunter_fight(game: DungeonBase, seat: int, hunter: Hunter, ambush: bool) -> list[Event]:
    """The hero and a hunter in one space: it turns up, and the hero fights it."""
    state = game.state
    state.active = seat
    state.encounter = Encounter(space=hunter.space, card=hunter.card, source="hunter",
                                hunter=hunter.hunter, ambush=ambush)
    state.phase = "combat"
    return reveal_hunter(hunter)
