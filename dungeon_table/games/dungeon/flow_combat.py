"""The phase ``combat``: a monster (or a hunter) faces the hero, who attacks it; a wizard in a
chamber may teleport away instead, before the fight (also at its turn's start, in ``move``).
The fight itself is in ``encounter.py``."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.dungeon import cycle, encounter
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase


def legal(game: DungeonBase, seat: int) -> list[Action]:
    return [m.Attack(), *(m.Teleport(to=c) for c in teleport_targets(game, seat))]


def attack(game: DungeonBase, seat: int, action: m.Attack) -> list[Event]:
    return encounter.fight(game, seat)


# --- teleport ------------------------------------------------------------------------------
def teleport_targets(game: DungeonBase, seat: int) -> list[str]:
    """A wizard in a chamber, before combat: chambers one level up, the same or one down."""
    state = game.state
    hero = state.heroes[seat]
    enc = state.encounter
    if "teleport" not in hero.spells or state.turn.spell_cast or not hero.space:
        return []
    if state.phase == "combat":
        if enc is None or enc.hunter or game.board.spaces[enc.space].kind != "chamber":
            return []
    elif state.phase != "move":
        return []
    here = game.board.spaces[hero.space]
    if here.kind != "chamber":
        return []
    return [c for c in game.board.chambers()
            if c != hero.space and abs(game.board.spaces[c].level - here.level) <= 1]


def teleport(game: DungeonBase, seat: int, action: m.Teleport) -> list[Event]:
    state = game.state
    hero = state.heroes[seat]
    hero.spells.remove("teleport")
    state.spell_supply["teleport"] += 1
    state.turn.spell_cast = True
    events: list[Event] = [m.SpellCast(seat=seat, spell="teleport", space=hero.space,
                                       target=action.to, hit=True)]
    if state.encounter is not None:  # the monster left behind waits in a slot
        events += encounter.leave_waiting(game, state.encounter)
        state.encounter = None
    game.place(seat, action.to)
    state.turn.path.append(action.to)
    state.turn.moved = True
    events.append(m.Teleported(seat=seat, space=action.to))
    if game.context(seat).blocks(action.to):
        return events + encounter.meet(game, seat, action.to)
    return events + cycle.end_turn(game)


def why_not_teleport(game: DungeonBase, seat: int, action: m.Teleport) -> str | None:
    state = game.state
    hero = state.heroes[seat]
    if "teleport" not in hero.spells:
        return refuse("dungeon.refuse.no_teleport_left_spellbook",
                      "no teleport is left in your spellbook")
    if state.turn.spell_cast:
        return refuse("dungeon.refuse.wizard_casts_one_spell", "a wizard casts one spell a turn")
    space = game.board.spaces.get(hero.space)
    if space is None or space.kind != "chamber":
        return refuse("dungeon.refuse.teleport_starts_from_chamber",
                      "a teleport starts from a chamber")
    return refuse("dungeon.refuse.not_chamber_one_level",
                  "{to} is not a chamber one level up, the same level or one down",
                  to=action.to)
