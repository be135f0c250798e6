"""The hero's turn before a fight: moving (secret doors found on the way), the ESP medallion and
the wizard's spells at a doorway, the crystal ball, teleport and the spellbook's refill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.state import Encounter, Slot

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


class HeroContext:
    """What the movement rules ask about the board for the hero of ``seat``."""

    def __init__(self, game: Dungeon, seat: int) -> None:
        self.game = game
        self.seat = seat
        hero = game.heroes[seat]
        self.others = {h.space for h in game.heroes if h.seat != seat and h.space}
        self.open_doors = set(hero.found_doors)
        self.all_doors = game.t.holds_secret_door_card(hero.treasures)
        # Asked hundreds of times a move: the waiting monsters and hunters looked up once.
        self.waiting = {s.space for s in game.slots.values()} | {h.space for h in game.hunters}

    def blocks(self, space: str) -> bool:
        return space in self.waiting or not self.game.cleared(space)

    def may_stand(self, space: str) -> bool:
        kind = self.game.board.spaces[space].kind
        return kind in ("chamber", "hall") or space not in self.others

    def door_open(self, door: str) -> bool:
        return self.all_doors or door in self.open_doors


class TurnRules:
    """Mixed into ``Dungeon``: the move phase and the doorway."""

    # --- moving ---------------------------------------------------------------------------------
    def context(self: Dungeon, seat: int) -> HeroContext:
        """The movement context of ``seat``'s hero; between actions the same one serves every
        question (the legal actions, the view), while an action runs it is built afresh."""
        if self.applying:
            return HeroContext(self, seat)
        if self._context is None or self._context[:2] != (self.version, seat):
            self._context = (self.version, seat, HeroContext(self, seat))
        return self._context[2]

    def routes(self: Dungeon, seat: int) -> dict[str, movement.Route]:
        """Every destination of a move now, with its offered path (kept until the next action:
        the legal actions and the view both ask)."""
        if self._routes is not None and self._routes[:2] == (self.version, seat):
            return self._routes[2]
        found = self._find_routes(seat)
        self._routes = (self.version, seat, found)
        return found

    def _find_routes(self: Dungeon, seat: int) -> dict[str, movement.Route]:
        hero = self.heroes[seat]
        if not self.turn.moves_left:
            return {}
        ctx = self.context(seat)
        found = movement.routes(self.board, ctx, hero.space, self.turn.moves_left)
        # A room with a waiting monster and another hero in it is no place to stop either.
        return {dest: r for dest, r in found.items() if dest != hero.space and ctx.may_stand(dest)}

    def move_problem(self: Dungeon, seat: int, action: m.Move) -> str:
        """Why a move is refused: the path's own fault, else the way the move is offered (one
        path per destination, the one the table draws)."""
        if not action.path:
            return "a move needs at least one space"
        ctx = self.context(seat)
        problem = movement.check_path(self.board, ctx, self.heroes[seat].space,
                                      list(action.path), self.turn.moves_left)
        if problem is None and not ctx.may_stand(action.path[-1]):
            problem = f"another hero stands in {movement.label(self.board, action.path[-1])}"
        if problem is not None:
            return problem
        offered = self.routes(seat).get(action.path[-1])
        if offered is None:
            return f"{action.path[-1]} cannot be reached this turn"
        return f"a move to {action.path[-1]} goes the offered way: {', '.join(offered.path)}"

    def _do_Move(self: Dungeon, seat: int, action: m.Move) -> list[Event]:  # noqa: N802
        hero = self.heroes[seat]
        ctx = self.context(seat)
        events: list[Event] = []
        walked: list[str] = []
        for space in action.path:
            door = self.secret_door_between(hero.space, space)
            # With the secret door card no roll is needed, but the door still counts as found:
            # it stays open to this hero if the card is dropped later.
            if door and door not in hero.found_doors:
                events += self._moved(seat, walked)
                walked = []
                found, roll = self.find_door(seat, door)
                events.append(roll)
                if not found:  # stopped before the door: the turn is over
                    return events + self.settle(seat) + self.end_turn()
            self.place(seat, space)
            walked.append(space)
            self.turn.path.append(space)
            self.turn.moves_left -= 1
            self.turn.moved = True
            if ctx.blocks(space):
                break
        return events + self._moved(seat, walked) + self.after_step(seat)

    def settle(self: Dungeon, seat: int) -> list[Event]:
        """Stopped by a missed door on a square another hero holds: back along the walk to the
        last space this hero may stand on."""
        hero = self.heroes[seat]
        ctx = self.context(seat)
        if ctx.may_stand(hero.space):
            return []
        for space in reversed(self.turn.path[:-1]):
            if ctx.may_stand(space):
                self.place(seat, space)
                return [m.PushedBack(seat=seat, space=space)]
        return []

    def _moved(self: Dungeon, seat: int, walked: list[str]) -> list[Event]:
        if not walked:
            return []
        return [m.Moved(seat=seat, path=list(walked), moves_left=self.turn.moves_left)]

    def secret_door_between(self: Dungeon, a: str, b: str) -> str:
        for other, passage in self.board.neighbours(a):
            if other == b and passage.kind == "secret":
                return passage.door
        return ""

    def find_door(self: Dungeon, seat: int, door: str) -> tuple[bool, Event]:
        """The find roll at an unfound secret door (none with the secret door card)."""
        hero = self.heroes[seat]
        need = self.t.find_need(hero.hero)
        if self.t.holds_secret_door_card(hero.treasures):
            hero.found_doors.append(door)
            return True, m.SecretDoorRolled(seat=seat, door=door, die=0, need=need, found=True)
        die = self.roll(1)[0]
        found = die >= need
        if found:
            hero.found_doors.append(door)
        return found, m.SecretDoorRolled(seat=seat, door=door, die=die, need=need, found=found)

    def after_step(self: Dungeon, seat: int) -> list[Event]:
        """Standing on a blocking space starts its encounter; out of moves, the turn ends."""
        space = self.heroes[seat].space
        if self.context(seat).blocks(space):
            return self.meet(seat, space)
        if not self.turn.moves_left:
            return self.end_turn()
        return []

    def _do_EndTurn(self: Dungeon, seat: int, action: m.EndTurn) -> list[Event]:  # noqa: N802
        return self.end_turn()

    def can_end_turn(self: Dungeon, seat: int) -> bool:
        space = self.heroes[seat].space
        return self.phase == "move" and self.context(seat).may_stand(space)

    # --- a waiting monster at the turn's start --------------------------------------------------
    def waiting_here(self: Dungeon, seat: int) -> bool:
        """The hero starts its turn where a monster (or a hunter) waits: it may attack it."""
        space = self.heroes[seat].space
        return (self.phase == "move" and not self.turn.moved and bool(space)
                and (self.slot_at(space) is not None or self.hunter_at(space) is not None))

    # --- peeking from a doorway -----------------------------------------------------------------
    def peek_targets(self: Dungeon, seat: int, using: str) -> list[str]:
        """Adjacent uncleared rooms and chambers (one move left, an open way in) to look into."""
        hero = self.heroes[seat]
        if self.phase != "move" or self.turn.moves_left < 1 or not hero.space:
            return []
        if using == "esp":
            if self.turn.esp_used or not self.t.holds(hero.treasures, "esp"):
                return []
        elif self.turn.spell_cast or not any(s in m.ATTACK_SPELLS for s in hero.spells):
            return []
        ctx = self.context(seat)
        out = []
        for space, passage in self.board.neighbours(hero.space):
            kind = self.board.spaces[space].kind
            if kind not in ("room", "chamber") or self.cleared(space) or space in out:
                continue
            if passage.kind == "secret" and not ctx.door_open(passage.door):
                continue
            if self.hunter_at(space) or not ctx.may_stand(space):
                continue
            if using == "esp" and self.slot_at(space) is not None:
                continue
            out.append(space)
        return sorted(out)

    def _do_Peek(self: Dungeon, seat: int, action: m.Peek) -> list[Event]:  # noqa: N802
        events: list[Event] = []
        slot = self.slot_at(action.space)
        if action.using == "esp":
            self.turn.esp_used = True
        if slot is not None:
            slot.face_down = False
            self.encounter = Encounter(space=action.space, card=slot.monster, source="slot",
                                       slot=slot.slot, treasure=slot.treasure, using=action.using)
        else:
            level = self.board.spaces[action.space].level
            card = self.draw_monster(level, events)
            if not card:
                return events + [m.MonsterDiscarded(space=action.space, card="")] + self.end_turn()
            self.encounter = Encounter(space=action.space, card=card, source=action.using,
                                       using=action.using)
        enc = self.encounter
        events.append(m.MonsterRevealed(seat=seat, space=action.space, card=enc.card,
                                        source=enc.source, slot=enc.slot))
        self.phase = "doorway"
        return events

    def spell_needs(self: Dungeon, seat: int) -> dict[str, int]:
        """Fireball / lightning held -> the 2d6 they need against the seen monster (0: cannot)."""
        enc = self.encounter
        if enc is None:
            return {}
        out = {}
        for spell in m.ATTACK_SPELLS:
            if spell in self.heroes[seat].spells:
                need = None if self.t.trap(enc.card) else self.t.spell_need(enc.card, spell)
                out[spell] = need or 0
        return out

    def _do_CastSpell(self: Dungeon, seat: int, action: m.CastSpell) -> list[Event]:  # noqa: N802
        enc = self.encounter
        assert enc is not None
        hero = self.heroes[seat]
        hero.spells.remove(action.spell)
        self.spell_supply[action.spell] += 1
        self.turn.spell_cast = True
        need = self.t.spell_need(enc.card, action.spell) or 13
        dice = self.roll(2)
        hit = sum(dice) >= need
        events: list[Event] = [m.SpellCast(seat=seat, spell=action.spell, space=enc.space,
                                           target=enc.card, dice=dice, need=need, hit=hit)]
        if not hit:  # from the doorway the monster cannot strike back; it waits there
            return events + self.leave_waiting(enc) + self.end_turn()
        events += self.step_in(seat, enc.space)
        return events + self.defeat(seat) + self.end_turn()

    def step_in(self: Dungeon, seat: int, space: str) -> list[Event]:
        """From the doorway into the space peeked at (one move). A secret door on the way is
        open only by the secret door card here (a peek needs an open way): passed, it counts as
        found, as on a move."""
        hero = self.heroes[seat]
        events: list[Event] = []
        door = self.secret_door_between(hero.space, space)
        if door and door not in hero.found_doors:
            events.append(self.find_door(seat, door)[1])
        self.place(seat, space)
        self.turn.path.append(space)
        self.turn.moves_left = max(0, self.turn.moves_left - 1)
        self.turn.moved = True
        return events + self._moved(seat, [space])

    def _do_Enter(self: Dungeon, seat: int, action: m.Enter) -> list[Event]:  # noqa: N802
        enc = self.encounter
        assert enc is not None
        events = self.step_in(seat, enc.space)
        return events + self.face(seat)

    def _do_Hold(self: Dungeon, seat: int, action: m.Hold) -> list[Event]:  # noqa: N802
        enc = self.encounter
        assert enc is not None
        if enc.using == "esp":  # what the medallion showed goes back to the discard
            self.discard_monster(enc.card)
            events: list[Event] = [m.MonsterDiscarded(space=enc.space, card=enc.card)]
        else:
            events = self.leave_waiting(enc)
        return events + self.end_turn()

    # --- the crystal ball -----------------------------------------------------------------------
    def scry_targets(self: Dungeon, seat: int) -> list[str]:
        hero = self.heroes[seat]
        if (self.phase != "move" or self.turn.moved or self.turn.crystal_ball_used
                or not self.t.holds(hero.treasures, "crystal_ball") or not self.free_slot()):
            return []
        return [s for s in self.board.rooms() + self.board.chambers()
                if not self.cleared(s) and self.slot_at(s) is None and self.hunter_at(s) is None
                and s != hero.space and self.has_monsters(self.board.spaces[s].level)]

    def has_monsters(self: Dungeon, level: int) -> bool:
        return bool(self.monsters[level]) or bool(self.monster_discards[level])

    def _do_Scry(self: Dungeon, seat: int, action: m.Scry) -> list[Event]:  # noqa: N802
        self.turn.crystal_ball_used = True
        space = self.board.spaces[action.space]
        events: list[Event] = []
        monster = self.draw_monster(space.level, events)
        treasure = self.draw_treasure(space.level) if space.kind == "room" else ""
        number = self.free_slot()
        self.slots[number] = Slot(slot=number, space=action.space, monster=monster,
                                  face_down=True, scrier=seat, treasure=treasure)
        others = tuple(s for s in range(self.n) if s != seat)
        events += [m.Scried(seat=seat, space=action.space, monster=monster, treasure=treasure,
                            slot=number, to=(seat,)),
                   m.MonsterSlotted(space=action.space, card=monster, slot=number,
                                    face_down=True, to=(seat,))]
        if others:
            events += [m.ScriedHidden(seat=seat, space=action.space, slot=number, to=others),
                       m.MonsterSlotted(space=action.space, card="", slot=number,
                                        face_down=True, to=others)]
        return events + self.end_turn()

    # --- teleport and refill --------------------------------------------------------------------
    def teleport_targets(self: Dungeon, seat: int) -> list[str]:
        """A wizard in a chamber, before combat: chambers one level up, the same or one down."""
        hero = self.heroes[seat]
        enc = self.encounter
        if "teleport" not in hero.spells or self.turn.spell_cast or not hero.space:
            return []
        if self.phase == "combat":
            if enc is None or enc.hunter or self.board.spaces[enc.space].kind != "chamber":
                return []
        elif self.phase != "move":
            return []
        here = self.board.spaces[hero.space]
        if here.kind != "chamber":
            return []
        return [c for c in self.board.chambers()
                if c != hero.space and abs(self.board.spaces[c].level - here.level) <= 1]

    def _do_Teleport(self: Dungeon, seat: int, action: m.Teleport) -> list[Event]:  # noqa: N802
        hero = self.heroes[seat]
        hero.spells.remove("teleport")
        self.spell_supply["teleport"] += 1
        self.turn.spell_cast = True
        events: list[Event] = [m.SpellCast(seat=seat, spell="teleport", space=hero.space,
                                           target=action.to, hit=True)]
        if self.encounter is not None:  # the monster left behind waits in a slot
            events += self.leave_waiting(self.encounter)
            self.encounter = None
        self.place(seat, action.to)
        self.turn.path.append(action.to)
        self.turn.moved = True
        events.append(m.Teleported(seat=seat, space=action.to))
        if self.context(seat).blocks(action.to):
            return events + self.meet(seat, action.to)
        return events + self.end_turn()

    def can_refill(self: Dungeon, seat: int) -> bool:
        hero = self.heroes[seat]
        return (self.phase == "move" and not self.turn.moved and hero.hero == "wizard"
                and hero.ended_in_hall and hero.space == self.board.hall
                and len(hero.spells) < hero.spellbook_size)

    def _do_Refill(self: Dungeon, seat: int, action: m.Refill) -> list[Event]:  # noqa: N802
        hero = self.heroes[seat]
        die = self.roll(1)[0]
        count = min(die, hero.spellbook_size - len(hero.spells), sum(self.spell_supply.values()))
        events: list[Event] = [m.RefillRolled(seat=seat, die=die, count=count)]
        return events + self.open_draft({seat: count}, "refill")
