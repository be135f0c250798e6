"""The legal actions of the seat to act, phase by phase.

A move is listed once per destination (the route trying the fewest unfound secret doors, then
the shortest); ``apply`` also takes any other legal path (``movement.check_path``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon import model as m

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


def legal_actions(game: Dungeon, seat: int) -> list[Action]:
    return _PHASES[game.phase](game, seat)


def _choose_hero(game: Dungeon, seat: int) -> list[Action]:
    return [m.ChooseHero(hero=h) for h in game.hero_choices(seat)]


def _spells(game: Dungeon, seat: int) -> list[Action]:
    """The wish list: another wish while it is short, the last one off, seal it once full."""
    out: list[Action] = [m.WishSpell(spell=s) for s in game.wish_room(seat)]
    if game.draft.wishes.get(seat):
        out.append(m.UnwishSpell())
    if game.list_full(seat):
        out.append(m.SealWishes())
    return out


def _move(game: Dungeon, seat: int) -> list[Action]:
    out: list[Action] = []
    if game.can_refill(seat):
        out.append(m.Refill())
    if game.waiting_here(seat):
        out.append(m.Attack())
    out += [m.Scry(space=s) for s in game.scry_targets(seat)]
    out += [m.Teleport(to=c) for c in game.teleport_targets(seat)]
    for using in ("esp", "spell"):
        out += [m.Peek(space=s, using=using) for s in game.peek_targets(seat, using)]
    out += [m.Move(path=list(route.path)) for _, route in sorted(game.routes(seat).items())]
    if game.can_end_turn(seat):
        out.append(m.EndTurn())
    return out


def _doorway(game: Dungeon, seat: int) -> list[Action]:
    out: list[Action] = [m.CastSpell(spell=s) for s, need in game.spell_needs(seat).items()
                         if need]
    return [*out, m.Enter(), m.Hold()]


def _combat(game: Dungeon, seat: int) -> list[Action]:
    return [m.Attack(), *(m.Teleport(to=c) for c in game.teleport_targets(seat))]


def _pit(game: Dungeon, seat: int) -> list[Action]:
    return [m.ChooseChamber(space=c) for c in game.pit_choices]


_PHASES = {"choose_hero": _choose_hero, "spells": _spells, "move": _move, "doorway": _doorway,
           "combat": _combat, "pit": _pit, "over": lambda game, seat: []}
