"""Meeting a monster and fighting it: the encounter, the attack, the counter-attack on the defeat
table, traps, and the treasure a win gains (magic swords rolled as they come). The phases that
lead here (a move, the doorway, a teleport, a pit's fall) and the combat phase itself call
these; they end the turn through ``cycle``."""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import cycle, hunters, modes, movement
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase
from dungeon_table.games.dungeon.state import Encounter, Slot

# How many treasures each counter-attack result drops (-1: half, rounded down; -2: all).
DROPS = {"miss": 0, "stunned": 1, "wounded": 1, "badly_wounded": -1, "killed": -2}


# --- the encounter ------------------------------------------------------------------------------
def meet(game: DungeonBase, seat: int, space: str) -> list[Event]:
    """The hero stands in ``space``: a hunter there, the monster waiting under a number
    token (a crystal ball's card turns up), or a new card from the level's deck."""
    events: list[Event] = []
    hunter = game.hunter_at(space)
    if hunter is not None:
        return hunters.hunter_fight(game, seat, hunter, ambush=False)
    enc = encounter_from_slot(game, space)
    if enc is None:
        card = game.draw_monster(game.board.spaces[space].level, events)
        if not card:  # every card of the level is out on the board: nothing comes out
            return events + cycle.end_turn(game)
        enc = Encounter(space=space, card=card, source="draw")
    game.state.encounter = enc
    events.append(m.MonsterRevealed(seat=seat, space=space, card=enc.card,
                                    source=enc.source, slot=enc.slot))
    return events + face(game, seat)


def encounter_from_slot(game: DungeonBase, space: str) -> Encounter | None:
    slot = game.slot_at(space)
    if slot is None:
        return None
    source = "scried" if slot.face_down else "slot"
    slot.face_down = False
    return Encounter(space=space, card=slot.monster, source=source, slot=slot.slot,
                     treasure=slot.treasure)


def face(game: DungeonBase, seat: int) -> list[Event]:
    """The card is up: a trap springs at once, a monster must be fought."""
    state = game.state
    assert state.encounter is not None
    if game.t.trap(state.encounter.card):
        return spring_trap(game, seat)
    state.phase = "combat"
    return []


def reveal_here(game: DungeonBase, seat: int) -> list[Event]:
    """At the turn's start, the monster or hunter waiting in the hero's own space turns up."""
    state = game.state
    space = state.heroes[seat].space
    hunter = game.hunter_at(space)
    if hunter is not None:
        state.encounter = Encounter(space=space, card=hunter.card, source="hunter",
                                    hunter=hunter.hunter)
        state.phase = "combat"
        return hunters.reveal_hunter(hunter)
    enc = encounter_from_slot(game, space)
    assert enc is not None
    state.encounter = enc
    state.phase = "combat"
    return [m.MonsterRevealed(seat=seat, space=space, card=enc.card, source=enc.source,
                              slot=enc.slot)]


def fight(game: DungeonBase, seat: int) -> list[Event]:
    """The attack: 2d6 + the sword's bonus against the monster's number for this hero."""
    enc = game.state.encounter
    assert enc is not None
    need, bonus = game.attack_need(seat, enc.card)
    dice = game.roll(2)
    hit = need > 0 and sum(dice) + bonus >= need
    events: list[Event] = [m.AttackRolled(seat=seat, card=enc.card, dice=dice, bonus=bonus,
                                          need=need, hit=hit)]
    if not hit:
        return events + counter_attack(game, seat)
    if enc.hunter:
        return events + slay_hunter(game, seat)
    return events + defeat(game, seat) + after_fight(game)


def after_fight(game: DungeonBase) -> list[Event]:
    """A fight always ends the turn; a hunter's ambush between turns lets the rest move."""
    state = game.state
    if state.phase == "over":
        return []
    enc = state.encounter
    state.encounter = None
    if enc is not None and enc.ambush:
        return cycle.move_hunters(game)
    return cycle.end_turn(game)


# --- a win ----------------------------------------------------------------------------------
def defeat(game: DungeonBase, seat: int) -> list[Event]:
    """A defeat token on the space, the card discarded; a room gives one treasure of its level
    (a crystal ball's, if one was drawn for it) and everything lying there."""
    state = game.state
    enc = state.encounter
    assert enc is not None
    space = game.board.spaces[enc.space]
    state.tokens[enc.space] = state.tokens.get(enc.space, 0) + 1
    game.discard_monster(enc.card)
    dropped = state.slots.pop(enc.slot).dropped if enc.slot else []
    game.blockers_changed()
    events: list[Event] = [m.MonsterDefeated(seat=seat, space=enc.space, card=enc.card,
                                             tokens=state.tokens[enc.space])]
    if space.kind == "room":
        found = enc.treasure or game.draw_treasure(space.level)
        if found:
            events += gain(game, seat, found, "scried" if enc.treasure else "draw")
    for card in dropped:
        if state.phase == "over":  # the hunted treasure was found: nothing more happens
            game.bury_treasure(card)
            continue
        events += gain(game, seat, card, "dropped")
    return events


def gain(game: DungeonBase, seat: int, card: str, source: str) -> list[Event]:
    """A treasure into the hero's hands; a magic sword with none active is rolled for."""
    hero = game.state.heroes[seat]
    hero.treasures.append(card)
    events: list[Event] = [m.TreasureGained(seat=seat, card=card, source=source)]
    if game.t.special(card) == "sword" and not hero.sword and hero.hero != "wizard":
        dice = game.roll(2)
        hero.sword = card
        hero.sword_bonus = game.t.sword_bonus(card, sum(dice))
        events.append(m.SwordRolled(seat=seat, card=card, dice=dice, bonus=hero.sword_bonus))
    return events + modes.check_found(game, seat, card)


def slay_hunter(game: DungeonBase, seat: int) -> list[Event]:
    """No treasure of its own, but what the hero dropped to it lies under its card and is
    won back; its card is discarded and a new hunter appears."""
    state = game.state
    enc = state.encounter
    assert enc is not None
    hunter = game.hunter_by_number(enc.hunter)
    assert hunter is not None
    state.hunters.remove(hunter)
    game.blockers_changed()
    game.discard_monster(hunter.card)
    events: list[Event] = [m.HunterSlain(seat=seat, hunter=hunter.hunter, card=hunter.card)]
    for card in hunter.dropped:
        events += gain(game, seat, card, "dropped")
    return events + hunters.new_hunter(game, hunter.hunter) + after_fight(game)


# --- a miss ---------------------------------------------------------------------------------
def counter_attack(game: DungeonBase, seat: int) -> list[Event]:
    state = game.state
    enc = state.encounter
    assert enc is not None
    hero = state.heroes[seat]
    dice = game.roll(2)
    result = game.t.defeat_result(sum(dice))
    events: list[Event] = [m.CounterAttack(seat=seat, card=enc.card, dice=dice, result=result)]
    events += leave_waiting(game, enc)
    events += drop(game, seat, DROPS[result])
    if result == "wounded":
        # A hunter's ambush between turns: the hunter came to the hero, who stays.
        events += [] if enc.ambush else push_back(game, seat)
        hero.lose_turns += 1
        events.append(m.LoseTurnTokens(seat=seat, added=1, total=hero.lose_turns))
    elif result == "badly_wounded":
        game.place(seat, game.board.hall)
        events.append(m.PushedBack(seat=seat, space=hero.space))
    elif result == "killed":
        events += kill(game, seat)
    return events + after_fight(game)


def leave_waiting(game: DungeonBase, enc: Encounter) -> list[Event]:
    """The monster stays: into the lowest free slot, its token on the space (none free: the
    card is discarded). A hunter needs no slot: it stands on the board."""
    if enc.hunter or enc.slot:
        return []
    number = game.free_slot()
    if not number:
        game.discard_monster(enc.card)
        return [m.MonsterDiscarded(space=enc.space, card=enc.card)]
    game.state.slots[number] = Slot(slot=number, space=enc.space, monster=enc.card,
                                    treasure=enc.treasure)
    game.blockers_changed()
    enc.slot = number
    return [m.MonsterSlotted(space=enc.space, card=enc.card, slot=number)]


def drop(game: DungeonBase, seat: int, count: int) -> list[Event]:
    """Drop ``count`` random treasures (-1 half, -2 all) face up under the monster."""
    state = game.state
    hero = state.heroes[seat]
    enc = state.encounter
    assert enc is not None
    held = list(hero.treasures)
    count = len(held) if count == -2 else len(held) // 2 if count == -1 else min(count,
                                                                                 len(held))
    if not count:
        return []
    game.rng.shuffle(held)
    dropped = sorted(held[:count], key=hero.treasures.index)
    for card in dropped:
        hero.treasures.remove(card)
    rearm_sword(game, seat)
    # Face up under the monster that struck: its slot, or the hunter's card.
    under = game.hunter_by_number(enc.hunter) if enc.hunter else state.slots.get(enc.slot)
    if under is not None:
        under.dropped += dropped
    else:  # every slot was taken, so the monster is gone: back under their decks
        for card in dropped:
            game.bury_treasure(card)
    slot = under.slot if isinstance(under, Slot) else 0
    return [m.TreasureDropped(seat=seat, cards=dropped, space=enc.space, slot=slot,
                              hunter=enc.hunter if under is not None else 0)]


def rearm_sword(game: DungeonBase, seat: int) -> None:
    """The active sword dropped: another held sword takes over with the same bonus."""
    hero = game.state.heroes[seat]
    if not hero.sword or hero.sword in hero.treasures:
        return
    other = next((c for c in hero.treasures if game.t.special(c) == "sword"), "")
    hero.sword = other
    hero.sword_bonus = hero.sword_bonus if other else 0


def push_back(game: DungeonBase, seat: int) -> list[Event]:
    """Wounded: one space toward where the hero came from (やって来た方向に１マス), the space
    it entered this one from, whether this turn or before it; after a teleport or a fall,
    out of the chamber by the way nearest where it came from. On another hero's square it
    goes on back along this turn's walk to a space it may stand on; none: it stays."""
    state = game.state
    hero = state.heroes[seat]
    ctx = game.context(seat)
    back = movement.toward(game.board, ctx, hero.space, hero.came_from or game.board.hall)
    if back is None:
        return []
    path = state.turn.path
    walked = path[:-1] if path[-1:] == [hero.space] else path
    beyond = list(reversed(walked)) if walked[-1:] == [back] else [back]
    space = next((s for s in beyond if s != hero.space and ctx.may_stand(s)), None)
    if space is None:
        return []
    game.place(seat, space)
    return [m.PushedBack(seat=seat, space=space)]


def kill(game: DungeonBase, seat: int) -> list[Event]:
    """The pawn leaves the board; found doors, tokens and spells go with it."""
    state = game.state
    hero = state.heroes[seat]
    pawn = hero.pawn
    for spell in hero.spells:
        state.spell_supply[spell] += 1
    hero.space = hero.came_from = ""
    hero.deaths += 1
    hero.spells, hero.spellbook_size, hero.found_doors = [], 0, []
    hero.lose_turns, hero.sword, hero.sword_bonus = 0, "", 0
    hero.ended_in_hall = False
    events: list[Event] = [m.HeroKilled(seat=seat, pawn=pawn, deaths=hero.deaths)]
    return events + modes.check_killed(game, seat)


# --- traps ----------------------------------------------------------------------------------
def spring_trap(game: DungeonBase, seat: int) -> list[Event]:
    state = game.state
    enc = state.encounter
    assert enc is not None
    trap = game.t.trap(enc.card)
    space = game.board.spaces[enc.space]
    chambers = pit_chambers(game, enc.card, enc.space) if trap == "pit" else []
    if trap == "pit" and not chambers:
        return pit_redraw(game, seat)
    clear_slot(game, enc)
    state.tokens[enc.space] = state.tokens.get(enc.space, 0) + 1
    game.blockers_changed()
    game.discard_monster(enc.card)
    state.encounter = None  # the trap card is in the discard now
    events: list[Event] = [m.TrapSprung(seat=seat, space=enc.space, card=enc.card, trap=trap)]
    if space.kind == "room":  # a trap in a room is found like a treasure
        found = enc.treasure or game.draw_treasure(space.level)
        if found:
            events += gain(game, seat, found, "scried" if enc.treasure else "draw")
        if state.phase == "over":
            return events
    if trap == "cage":
        return events + cage(game, seat, enc.card)
    if len(chambers) == 1:
        return events + fall(game, seat, chambers[0])
    state.pit_choices = chambers
    state.phase = "pit"
    return events


def clear_slot(game: DungeonBase, enc: Encounter) -> None:
    """A trap leaves its slot; anything lying there goes back under its deck."""
    if enc.slot:
        for card in game.state.slots.pop(enc.slot).dropped:
            game.bury_treasure(card)
        game.blockers_changed()


def cage(game: DungeonBase, seat: int, card: str) -> list[Event]:
    state = game.state
    hero = state.heroes[seat]
    die = game.roll(1)[0]
    added = game.t.cage_tokens(card, die)
    hero.lose_turns += added
    events: list[Event] = [m.CageRolled(seat=seat, die=die, tokens=added)]
    if added:
        events.append(m.LoseTurnTokens(seat=seat, added=added, total=hero.lose_turns))
    state.encounter = None
    return events + cycle.end_turn(game)


def pit_chambers(game: DungeonBase, card: str, here: str) -> list[str]:
    """Uncleared chambers of the pit's level (not the one the hero is in)."""
    level = game.t.pit_level(card)
    return [c for c in game.board.chambers(level) if not game.cleared(c) and c != here]


def pit_redraw(game: DungeonBase, seat: int) -> list[Event]:
    """No chamber to fall into: the pit is discarded and a new card drawn for the space (a
    scried treasure goes back under its deck)."""
    state = game.state
    enc = state.encounter
    assert enc is not None
    clear_slot(game, enc)
    if enc.treasure:
        game.bury_treasure(enc.treasure)
    game.discard_monster(enc.card)
    events: list[Event] = [m.MonsterDiscarded(space=enc.space, card=enc.card),
                           m.FellIntoPit(seat=seat, space=enc.space, redrawn=True)]
    card = game.draw_monster(game.board.spaces[enc.space].level, events)
    if not card:
        state.encounter = None
        return events + cycle.end_turn(game)
    state.encounter = Encounter(space=enc.space, card=card, source="draw")
    events.append(m.MonsterRevealed(seat=seat, space=enc.space, card=card, source="draw"))
    return events + face(game, seat)


def fall(game: DungeonBase, seat: int, chamber: str) -> list[Event]:
    state = game.state
    game.place(seat, chamber)
    state.turn.path.append(chamber)
    state.pit_choices = []
    state.encounter = None
    return [m.FellIntoPit(seat=seat, space=chamber), *meet(game, seat, chamber)]
