"""The phase ``doorway``: after a peek (the ESP medallion, or a wizard about to cast), the hero
stands at the door of the space looked into: cast fireball or lightning at the monster seen,
enter and meet it, or hold back."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.dungeon import cycle, encounter
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase


def legal(game: DungeonBase, seat: int) -> list[Action]:
    out: list[Action] = [m.CastSpell(spell=s) for s, need in spell_needs(game, seat).items()
                         if need]
    return [*out, m.Enter(), m.Hold()]


def offers(game: DungeonBase, seat: int) -> list[Action]:
    """A fireball or lightning bolt the hero holds is offered at every doorway: one that cannot
    hurt what was seen (a trap, a "-") says why rather than vanishing."""
    held = game.state.heroes[seat].spells
    return [m.CastSpell(spell=s) for s in m.ATTACK_SPELLS if s in held]


def spell_needs(game: DungeonBase, seat: int) -> dict[str, int]:
    """Fireball / lightning held -> the 2d6 they need against the seen monster (0: cannot)."""
    enc = game.state.encounter
    if enc is None:
        return {}
    out = {}
    for spell in m.ATTACK_SPELLS:
        if spell in game.state.heroes[seat].spells:
            need = None if game.t.trap(enc.card) else game.t.spell_need(enc.card, spell)
            out[spell] = need or 0
    return out


def cast_spell(game: DungeonBase, seat: int, action: m.CastSpell) -> list[Event]:
    state = game.state
    enc = state.encounter
    assert enc is not None
    state.heroes[seat].spells.remove(action.spell)
    state.spell_supply[action.spell] += 1
    state.turn.spell_cast = True
    need = game.t.spell_need(enc.card, action.spell) or 13
    dice = game.roll(2)
    hit = sum(dice) >= need
    events: list[Event] = [m.SpellCast(seat=seat, spell=action.spell, space=enc.space,
                                       target=enc.card, dice=dice, need=need, hit=hit)]
    if not hit:  # from the doorway the monster cannot strike back; it waits there
        return events + encounter.leave_waiting(game, enc) + cycle.end_turn(game)
    events += step_in(game, seat, enc.space)
    return events + encounter.defeat(game, seat) + cycle.end_turn(game)


def step_in(game: DungeonBase, seat: int, space: str) -> list[Event]:
    """From the doorway into the space peeked at (one move). A secret door on the way is
    open only by the secret door card here (a peek needs an open way): passed, it counts as
    found, as on a move."""
    state = game.state
    hero = state.heroes[seat]
    events: list[Event] = []
    door = game.secret_door_between(hero.space, space)
    if door and door not in hero.found_doors:
        events.append(game.find_door(seat, door)[1])
    game.place(seat, space)
    state.turn.path.append(space)
    state.turn.moves_left = max(0, state.turn.moves_left - 1)
    state.turn.moved = True
    return events + [m.Moved(seat=seat, path=[space], moves_left=state.turn.moves_left)]


def enter(game: DungeonBase, seat: int, action: m.Enter) -> list[Event]:
    enc = game.state.encounter
    assert enc is not None
    events = step_in(game, seat, enc.space)
    return events + encounter.face(game, seat)


def hold(game: DungeonBase, seat: int, action: m.Hold) -> list[Event]:
    enc = game.state.encounter
    assert enc is not None
    if enc.using == "esp":  # what the medallion showed goes back to the discard
        game.discard_monster(enc.card)
        events: list[Event] = [m.MonsterDiscarded(space=enc.space, card=enc.card)]
    else:
        events = encounter.leave_waiting(game, enc)
    return events + cycle.end_turn(game)


def why_not_cast_spell(game: DungeonBase, seat: int, action: m.CastSpell) -> str | None:
    enc = game.state.encounter
    if action.spell not in m.ATTACK_SPELLS:
        return refuse("dungeon.refuse.from_doorway_only_fireball",
                      "from a doorway only a fireball or a lightning bolt is cast")
    if action.spell not in game.state.heroes[seat].spells:
        return refuse("dungeon.refuse.no_left_spellbook", "no {spell} is left in your spellbook",
                      spell=action.spell)
    if enc is not None and game.t.trap(enc.card):
        return refuse("dungeon.refuse.trap_cannot_spelled_enter",
                      "a trap cannot be spelled: enter or hold back")
    return refuse("dungeon.refuse.cannot_hurt_monster",
                  "a {spell} cannot hurt this monster (\"-\")",
                  spell=action.spell)
