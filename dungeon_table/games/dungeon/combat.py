"""Meeting a monster and fighting it: the encounter, the attack, the counter-attack on the defeat
table, traps, and the treasure a win gains (magic swords rolled as they come)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.state import Encounter, Slot

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon

# How many treasures each counter-attack result drops (-1: half, rounded down; -2: all).
DROPS = {"miss": 0, "stunned": 1, "wounded": 1, "badly_wounded": -1, "killed": -2}


class CombatRules:
    """Mixed into ``Dungeon``: encounters, combat, traps and treasure."""

    # --- the encounter --------------------------------------------------------------------------
    def meet(self: Dungeon, seat: int, space: str) -> list[Event]:
        """The hero stands in ``space``: a hunter there, the monster waiting under a number
        token (a crystal ball's card turns up), or a new card from the level's deck."""
        events: list[Event] = []
        hunter = self.hunter_at(space)
        if hunter is not None:
            return self.hunter_fight(seat, hunter, ambush=False)
        enc = self.encounter_from_slot(space)
        if enc is None:
            card = self.draw_monster(self.board.spaces[space].level, events)
            if not card:  # every card of the level is out on the board: nothing comes out
                return events + self.end_turn()
            enc = Encounter(space=space, card=card, source="draw")
        self.encounter = enc
        events.append(m.MonsterRevealed(seat=seat, space=space, card=enc.card,
                                        source=enc.source, slot=enc.slot))
        return events + self.face(seat)

    def encounter_from_slot(self: Dungeon, space: str) -> Encounter | None:
        slot = self.slot_at(space)
        if slot is None:
            return None
        source = "scried" if slot.face_down else "slot"
        slot.face_down = False
        return Encounter(space=space, card=slot.monster, source=source, slot=slot.slot,
                         treasure=slot.treasure)

    def face(self: Dungeon, seat: int) -> list[Event]:
        """The card is up: a trap springs at once, a monster must be fought."""
        enc = self.encounter
        assert enc is not None
        if self.t.trap(enc.card):
            return self.spring_trap(seat)
        self.phase = "combat"
        return []

    def attack_need(self: Dungeon, seat: int, card: str) -> tuple[int, int]:
        """(2d6 + bonus must reach this, the sword's bonus); need 0: cannot be hit."""
        hero = self.heroes[seat]
        bonus = hero.sword_bonus if hero.sword and hero.hero != "wizard" else 0
        need = self.t.need(card, hero.hero)
        if need is None:  # "-": only a magic sword reaches it, and then 13
            return (13, bonus) if bonus else (0, 0)
        return need, bonus

    def _do_Attack(self: Dungeon, seat: int, action: m.Attack) -> list[Event]:  # noqa: N802
        events: list[Event] = []
        if self.phase == "move":  # at the turn's start, the monster waiting here
            events = self.reveal_here(seat)
        enc = self.encounter
        assert enc is not None
        need, bonus = self.attack_need(seat, enc.card)
        dice = self.roll(2)
        hit = need > 0 and sum(dice) + bonus >= need
        events.append(m.AttackRolled(seat=seat, card=enc.card, dice=dice, bonus=bonus, need=need,
                                     hit=hit))
        if not hit:
            return events + self.counter_attack(seat)
        if enc.hunter:
            return events + self.slay_hunter(seat)
        return events + self.defeat(seat) + self.after_fight()

    def reveal_here(self: Dungeon, seat: int) -> list[Event]:
        space = self.heroes[seat].space
        hunter = self.hunter_at(space)
        if hunter is not None:
            self.encounter = Encounter(space=space, card=hunter.card, source="hunter",
                                       hunter=hunter.hunter)
            self.phase = "combat"
            return self.reveal_hunter(hunter)
        enc = self.encounter_from_slot(space)
        assert enc is not None
        self.encounter = enc
        self.phase = "combat"
        return [m.MonsterRevealed(seat=seat, space=space, card=enc.card, source=enc.source,
                                  slot=enc.slot)]

    def after_fight(self: Dungeon) -> list[Event]:
        """A fight always ends the turn; a hunter's ambush between turns lets the rest move."""
        if self.phase == "over":
            return []
        enc = self.encounter
        self.encounter = None
        if enc is not None and enc.ambush:
            return self.move_hunters()
        return self.end_turn()

    # --- a win ----------------------------------------------------------------------------------
    def defeat(self: Dungeon, seat: int) -> list[Event]:
        """A defeat token on the space, the card discarded; a room gives one treasure of its level
        (a crystal ball's, if one was drawn for it) and everything lying there."""
        enc = self.encounter
        assert enc is not None
        space = self.board.spaces[enc.space]
        self.tokens[enc.space] = self.tokens.get(enc.space, 0) + 1
        self.discard_monster(enc.card)
        dropped = self.slots.pop(enc.slot).dropped if enc.slot else []
        events: list[Event] = [m.MonsterDefeated(seat=seat, space=enc.space, card=enc.card,
                                                 tokens=self.tokens[enc.space])]
        if space.kind == "room":
            found = enc.treasure or self.draw_treasure(space.level)
            if found:
                events += self.gain(seat, found, "scried" if enc.treasure else "draw")
        for card in dropped:
            if self.phase == "over":  # the hunted treasure was found: nothing more happens
                self.bury_treasure(card)
                continue
            events += self.gain(seat, card, "dropped")
        return events

    def gain(self: Dungeon, seat: int, card: str, source: str) -> list[Event]:
        """A treasure into the hero's hands; a magic sword with none active is rolled for."""
        hero = self.heroes[seat]
        hero.treasures.append(card)
        events: list[Event] = [m.TreasureGained(seat=seat, card=card, source=source)]
        if self.t.special(card) == "sword" and not hero.sword and hero.hero != "wizard":
            dice = self.roll(2)
            hero.sword = card
            hero.sword_bonus = 2 if sum(dice) >= self.t.sword_plus2(card) else 1
            events.append(m.SwordRolled(seat=seat, card=card, dice=dice, bonus=hero.sword_bonus))
        return events + self.check_found(seat, card)

    # --- a miss ---------------------------------------------------------------------------------
    def counter_attack(self: Dungeon, seat: int) -> list[Event]:
        enc = self.encounter
        assert enc is not None
        hero = self.heroes[seat]
        dice = self.roll(2)
        result = self.t.defeat_result(sum(dice))
        events: list[Event] = [m.CounterAttack(seat=seat, card=enc.card, dice=dice,
                                               result=result)]
        events += self.leave_waiting(enc)
        events += self.drop(seat, DROPS[result])
        if result == "wounded":
            # A hunter's ambush between turns: the hunter came to the hero, who stays.
            events += [] if enc.ambush else self.push_back(seat)
            hero.lose_turns += 1
            events.append(m.LoseTurnTokens(seat=seat, added=1, total=hero.lose_turns))
        elif result == "badly_wounded":
            self.place(seat, self.board.hall)
            events.append(m.PushedBack(seat=seat, space=hero.space))
        elif result == "killed":
            events += self.kill(seat)
        return events + self.after_fight()

    def leave_waiting(self: Dungeon, enc: Encounter) -> list[Event]:
        """The monster stays: into the lowest free slot, its token on the space (none free: the
        card is discarded). A hunter needs no slot: it stands on the board."""
        if enc.hunter or enc.slot:
            return []
        number = self.free_slot()
        if not number:
            self.discard_monster(enc.card)
            return [m.MonsterDiscarded(space=enc.space, card=enc.card)]
        self.slots[number] = Slot(slot=number, space=enc.space, monster=enc.card,
                                  treasure=enc.treasure)
        enc.slot = number
        return [m.MonsterSlotted(space=enc.space, card=enc.card, slot=number)]

    def drop(self: Dungeon, seat: int, count: int) -> list[Event]:
        """Drop ``count`` random treasures (-1 half, -2 all) face up under the monster."""
        hero = self.heroes[seat]
        enc = self.encounter
        assert enc is not None
        held = list(hero.treasures)
        count = len(held) if count == -2 else len(held) // 2 if count == -1 else min(count,
                                                                                     len(held))
        if not count:
            return []
        self.rng.shuffle(held)
        dropped = sorted(held[:count], key=hero.treasures.index)
        for card in dropped:
            hero.treasures.remove(card)
        self.rearm_sword(seat)
        # Face up under the monster that struck: its slot, or the hunter's card.
        under = self.hunter_by_number(enc.hunter) if enc.hunter else self.slots.get(enc.slot)
        if under is not None:
            under.dropped += dropped
        else:  # every slot was taken, so the monster is gone: back under their decks
            for card in dropped:
                self.bury_treasure(card)
        slot = under.slot if isinstance(under, Slot) else 0
        return [m.TreasureDropped(seat=seat, cards=dropped, space=enc.space, slot=slot,
                                  hunter=enc.hunter if under is not None else 0)]

    def rearm_sword(self: Dungeon, seat: int) -> None:
        """The active sword dropped: another held sword takes over with the same bonus."""
        hero = self.heroes[seat]
        if not hero.sword or hero.sword in hero.treasures:
            return
        other = next((c for c in hero.treasures if self.t.special(c) == "sword"), "")
        hero.sword = other
        hero.sword_bonus = hero.sword_bonus if other else 0

    def push_back(self: Dungeon, seat: int) -> list[Event]:
        """Wounded: one space toward where the hero came from (やって来た方向に１マス), the space
        it entered this one from, whether this turn or before it; after a teleport or a fall,
        out of the chamber by the way nearest where it came from. On another hero's square it
        goes on back along this turn's walk to a space it may stand on; none: it stays."""
        hero = self.heroes[seat]
        ctx = self.context(seat)
        back = movement.toward(self.board, ctx, hero.space, hero.came_from or self.board.hall)
        if back is None:
            return []
        walked = self.turn.path[:-1] if self.turn.path[-1:] == [hero.space] else self.turn.path
        beyond = list(reversed(walked)) if walked[-1:] == [back] else [back]
        space = next((s for s in beyond if s != hero.space and ctx.may_stand(s)), None)
        if space is None:
            return []
        self.place(seat, space)
        return [m.PushedBack(seat=seat, space=space)]

    def kill(self: Dungeon, seat: int) -> list[Event]:
        """The pawn leaves the board; found doors, tokens and spells go with it."""
        hero = self.heroes[seat]
        pawn = hero.pawn
        for spell in hero.spells:
            self.spell_supply[spell] += 1
        hero.space = hero.came_from = ""
        hero.deaths += 1
        hero.spells, hero.spellbook_size, hero.found_doors = [], 0, []
        hero.lose_turns, hero.sword, hero.sword_bonus = 0, "", 0
        hero.ended_in_hall = False
        events: list[Event] = [m.HeroKilled(seat=seat, pawn=pawn, deaths=hero.deaths)]
        return events + self.check_killed(seat)

    # --- traps ----------------------------------------------------------------------------------
    def spring_trap(self: Dungeon, seat: int) -> list[Event]:
        enc = self.encounter
        assert enc is not None
        trap = self.t.trap(enc.card)
        space = self.board.spaces[enc.space]
        chambers = self.pit_chambers(enc.card, enc.space) if trap == "pit" else []
        if trap == "pit" and not chambers:
            return self.pit_redraw(seat)
        self.clear_slot(enc)
        self.tokens[enc.space] = self.tokens.get(enc.space, 0) + 1
        self.discard_monster(enc.card)
        self.encounter = None  # the trap card is in the discard now
        events: list[Event] = [m.TrapSprung(seat=seat, space=enc.space, card=enc.card,
                                            trap=trap)]
        if space.kind == "room":  # a trap in a room is found like a treasure
            found = enc.treasure or self.draw_treasure(space.level)
            if found:
                events += self.gain(seat, found, "scried" if enc.treasure else "draw")
            if self.phase == "over":
                return events
        if trap == "cage":
            return events + self.cage(seat, enc.card)
        if len(chambers) == 1:
            return events + self.fall(seat, chambers[0])
        self.pit_choices = chambers
        self.phase = "pit"
        return events

    def clear_slot(self: Dungeon, enc: Encounter) -> None:
        """A trap leaves its slot; anything lying there goes back under its deck."""
        if enc.slot:
            for card in self.slots.pop(enc.slot).dropped:
                self.bury_treasure(card)

    def cage(self: Dungeon, seat: int, card: str) -> list[Event]:
        hero = self.heroes[seat]
        die = self.roll(1)[0]
        added = self.t.cage_tokens(card, die)
        hero.lose_turns += added
        events: list[Event] = [m.CageRolled(seat=seat, die=die, tokens=added)]
        if added:
            events.append(m.LoseTurnTokens(seat=seat, added=added, total=hero.lose_turns))
        self.encounter = None
        return events + self.end_turn()

    def pit_chambers(self: Dungeon, card: str, here: str) -> list[str]:
        """Uncleared chambers of the pit's level (not the one the hero is in)."""
        level = self.t.pit_level(card)
        return [c for c in self.board.chambers(level) if not self.cleared(c) and c != here]

    def pit_redraw(self: Dungeon, seat: int) -> list[Event]:
        """No chamber to fall into: the pit is discarded and a new card drawn for the space (a
        scried treasure goes back under its deck)."""
        enc = self.encounter
        assert enc is not None
        self.clear_slot(enc)
        if enc.treasure:
            self.bury_treasure(enc.treasure)
        self.discard_monster(enc.card)
        events: list[Event] = [m.MonsterDiscarded(space=enc.space, card=enc.card),
                               m.FellIntoPit(seat=seat, space=enc.space, redrawn=True)]
        card = self.draw_monster(self.board.spaces[enc.space].level, events)
        if not card:
            self.encounter = None
            return events + self.end_turn()
        self.encounter = Encounter(space=enc.space, card=card, source="draw")
        events.append(m.MonsterRevealed(seat=seat, space=enc.space, card=card, source="draw"))
        return events + self.face(seat)

    def fall(self: Dungeon, seat: int, chamber: str) -> list[Event]:
        self.place(seat, chamber)
        self.turn.path.append(chamber)
        self.pit_choices = []
        self.encounter = None
        return [m.FellIntoPit(seat=seat, space=chamber), *self.meet(seat, chamber)]

    def _do_ChooseChamber(self: Dungeon, seat: int,  # noqa: N802
                          action: m.ChooseChamber) -> list[Event]:
        return self.fall(seat, action.space)
