"""The phase ``move``: the active hero walks (secret doors found on the way), or chooses what to
do instead: attack the monster waiting in its space at the turn's start, look through a doorway
(the ESP medallion, a wizard's spell: the phase ``doorway`` follows), the crystal ball, teleport
(``flow_combat``), a refill of the spellbook in the Great Hall; or ends the turn.

A move is listed once per destination (the route trying the fewest unfound secret doors, then
the shortest); ``apply`` also takes any other legal path (``movement.check_path``).
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import Ids, refuse
from dungeon_table.games.dungeon import cycle, encounter, flow_combat, flow_spells, movement
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase
from dungeon_table.games.dungeon.state import Encounter, Slot


def legal(game: DungeonBase, seat: int) -> list[Action]:
    # Asked at every step of a moving hero: each kind is looked for only when the least it
    # needs is there (its own test says the rest), most steps being a walk and its end. Plain
    # loops over the targets, which are mostly none: a comprehension would cost a frame.
    state = game.state
    hero = state.heroes[seat]
    turn = state.turn
    out: list[Action] = []
    if not turn.moved:  # what only a turn's start offers
        if hero.hero == "wizard" and hero.ended_in_hall and can_refill(game, seat):
            out.append(m.Refill())
        if (state.slots or state.hunters) and \
                hero.space in (game.kept_blockers or game.blockers())[0]:
            out.append(m.Attack())  # ``waiting_here``
        if hero.treasures and not turn.crystal_ball_used \
                and game.t.holds(hero.treasures, "crystal_ball"):
            for space in scry_targets(game, seat):
                out.append(m.Scry(space=space))
    spells = hero.spells
    # (teleport from a chamber only: ``shared`` holds the chambers and the hall)
    if spells and "teleport" in spells and not turn.spell_cast \
            and hero.space in game.board.shared:
        for chamber in flow_combat.teleport_targets(game, seat):
            out.append(m.Teleport(to=chamber))
    if turn.moves_left:
        # a peek looks into a blocking room or chamber next door: asked only when one is
        # (on most steps none is, so neither the medallion nor the spells are looked at)
        if (hero.treasures or spells) and hero.space and not (
                game.kept_blockers or game.blockers())[1].isdisjoint(game.board.next_to[hero.space]):
            if hero.treasures and not turn.esp_used and game.t.holds(hero.treasures, "esp"):
                for space in peek_targets(game, seat, "esp"):
                    out.append(m.Peek(space=space, using="esp"))
            if spells and not turn.spell_cast:
                for space in peek_targets(game, seat, "spell"):
                    out.append(m.Peek(space=space, using="spell"))
        out += game.walk(seat).moves
    if game.may_stay(seat):  # ``can_end_turn``
        out.append(END_TURN)
    return out


# Made once: most lists end with it (actions are immutable, so one object serves them all).
END_TURN = m.EndTurn()


def offers(game: DungeonBase, seat: int) -> list[Action]:
    """The move's buttons whether they may be used now or not: End turn (not where another
    hero stands), and a wizard's refill while it stands in the Great Hall before moving."""
    hero = game.state.heroes[seat]
    in_hall = hero.hero == "wizard" and hero.space == game.board.hall \
        and not game.state.turn.moved
    return [*([m.Refill()] if in_hall else []), m.EndTurn()]


def quick_move(game: DungeonBase, seat: int, action: m.Move) -> bool | None:
    """Whether ``action`` is the offered move to its destination, by a search only as long as
    its path when that path tries no unfound secret door (no longer route can then be offered
    instead: it would try no fewer doors and be longer); None (list them all) otherwise."""
    path = action.path
    moves = game.state.turn.moves_left
    if not path or len(path) > moves:
        return False
    start = game.state.heroes[seat].space
    if path[-1] == start or not game.context(seat).may_stand(path[-1]):
        return False
    offer = next((o for o in game.offers(seat, len(path)) if o[0] == path[-1]), None)
    if offer is None or offer[2]:
        return None
    return offer[1].path == path


QUICK = {
    m.Move: quick_move,
    m.EndTurn: lambda game, seat, action: can_end_turn(game, seat),
    m.Attack: lambda game, seat, action: waiting_here(game, seat),
    m.Refill: lambda game, seat, action: can_refill(game, seat),
    m.Scry: lambda game, seat, action: action.space in scry_targets(game, seat),
    m.Peek: lambda game, seat, action: (action.using in ("esp", "spell") and
                                        action.space in peek_targets(game, seat, action.using)),
    m.Teleport: lambda game, seat, action: action.to in flow_combat.teleport_targets(game, seat),
}


# --- moving ---------------------------------------------------------------------------------
def move(game: DungeonBase, seat: int, action: m.Move) -> list[Event]:
    state = game.state
    hero = state.heroes[seat]
    # ``HeroContext.blocks``: nothing met on the way changes it
    blocking = (game.kept_blockers or game.blockers())[1]
    path = action.path
    here = hero.space
    by_doors = game.board.by_secret_doors
    if here not in by_doors and by_doors.isdisjoint(path):
        # no secret door on the way (most moves): one run, and only its last space may block,
        # as a legal path passes no blocker (``movement.check_path``)
        return _walk_on(game, seat, path, len(path)) + after_step(game, seat,
                                                                  path[-1] in blocking)
    # ``Board.secret_door_between`` without its call, asked at every space entered
    between = game.board.secret_door_on.get
    events: list[Event] = []
    walked = 0  # the spaces of ``path`` entered since the last door tried
    ended = False  # the space the hero stands on blocks: its encounter starts
    for space in path:
        door = between((here, space))
        # With the secret door card no roll is needed, but the door still counts as found:
        # it stays open to this hero if the card is dropped later.
        if door and door not in hero.found_doors:
            events += _walk_on(game, seat, path, walked)
            path = path[walked:]
            walked = 0
            found, roll = game.find_door(seat, door)
            events.append(roll)
            if not found:  # stopped before the door: the turn is over
                return events + settle(game, seat) + cycle.end_turn(game)
        here = space
        walked += 1
        if space in blocking:
            ended = True
            break
    events += _walk_on(game, seat, path, walked)
    return events + after_step(game, seat, ended)


def _walk_on(game: DungeonBase, seat: int, path: list[str], count: int) -> list[Event]:
    """The hero enters the first ``count`` spaces of ``path`` (each a move), one ``moved``."""
    if not count:
        return []
    walked = list(path[:count])
    hero = game.state.heroes[seat]
    turn = game.state.turn
    if count > 1:  # passed through: only the last step's ``place`` shows (where it came from)
        hero.space = walked[-2]
    game.place(seat, walked[-1])
    # a state Struct's store is not specialised (~200 instructions): none that stores what is
    # there already, and the path extended in place
    turn.path.extend(walked)
    turn.moves_left -= count
    if not turn.moved:
        turn.moved = True
    return [m.Moved(seat=seat, path=walked, moves_left=turn.moves_left)]


def settle(game: DungeonBase, seat: int) -> list[Event]:
    """Stopped by a missed door on a square another hero holds: back along the walk to the
    last space this hero may stand on."""
    ctx = game.context(seat)
    if ctx.may_stand(game.state.heroes[seat].space):
        return []
    for space in reversed(game.state.turn.path[:-1]):
        if ctx.may_stand(space):
            game.place(seat, space)
            return [m.PushedBack(seat=seat, space=space)]
    return []


def after_step(game: DungeonBase, seat: int, blocked: bool | None = None) -> list[Event]:
    """Standing on a blocking space starts its encounter (``blocked``: whether it does, when
    the caller knows); out of moves, the turn ends."""
    space = game.state.heroes[seat].space
    if blocked if blocked is not None else game.context(seat).blocks(space):
        return encounter.meet(game, seat, space)
    if not game.state.turn.moves_left:
        return cycle.end_turn(game)
    return []


def end_turn(game: DungeonBase, seat: int, action: m.EndTurn) -> list[Event]:
    return cycle.end_turn(game)


def can_end_turn(game: DungeonBase, seat: int) -> bool:
    return game.state.phase == "move" and game.may_stay(seat)


# --- a waiting monster at the turn's start --------------------------------------------------
def waiting_here(game: DungeonBase, seat: int) -> bool:
    """The hero starts its turn where a monster (or a hunter) waits: it may attack it."""
    state = game.state
    space = state.heroes[seat].space
    return (state.phase == "move" and not state.turn.moved and bool(space)
            and space in game.blockers()[0])


def attack_waiting(game: DungeonBase, seat: int, action: m.Attack) -> list[Event]:
    return encounter.reveal_here(game, seat) + encounter.fight(game, seat)


# --- peeking from a doorway -----------------------------------------------------------------
def peek_targets(game: DungeonBase, seat: int, using: str) -> list[str]:
    """Adjacent uncleared rooms and chambers (one move left, an open way in) to look into."""
    state = game.state
    hero = state.heroes[seat]
    if state.phase != "move" or state.turn.moves_left < 1 or not hero.space:
        return []
    if using == "esp":
        if state.turn.esp_used or not game.t.holds(hero.treasures, "esp"):
            return []
    elif state.turn.spell_cast or m.ATTACK_SPELL_SET.isdisjoint(hero.spells):
        return []
    # Every uncleared room and chamber blocks a move: the others need no more looking at (a
    # set lookup; most steps of a wizard or an ESP holder ask, next to cleared rooms or none).
    blocking = (game.kept_blockers or game.blockers())[1]
    if blocking.isdisjoint(game.board.next_to[hero.space]):
        return []
    near = [(space, passage) for space, passage in game.board.neighbours(hero.space)
            if space in blocking]
    ctx = game.context(seat)
    out = []
    for space, passage in near:
        kind = game.board.spaces[space].kind
        if kind not in ("room", "chamber") or game.cleared(space) or space in out:
            continue
        if passage.kind == "secret" and not ctx.door_open(passage.door):
            continue
        if game.hunter_at(space) or not ctx.may_stand(space):
            continue
        if using == "esp" and game.slot_at(space) is not None:
            continue
        out.append(space)
    return sorted(out)


def peek(game: DungeonBase, seat: int, action: m.Peek) -> list[Event]:
    state = game.state
    events: list[Event] = []
    slot = game.slot_at(action.space)
    if action.using == "esp":
        state.turn.esp_used = True
    if slot is not None:
        slot.face_down = False
        enc = Encounter(space=action.space, card=slot.monster, source="slot", slot=slot.slot,
                        treasure=slot.treasure, using=action.using)
    else:
        level = game.board.spaces[action.space].level
        card = game.draw_monster(level, events)
        if not card:
            return events + [m.MonsterDiscarded(space=action.space, card="")] + \
                cycle.end_turn(game)
        enc = Encounter(space=action.space, card=card, source=action.using, using=action.using)
    state.encounter = enc
    events.append(m.MonsterRevealed(seat=seat, space=action.space, card=enc.card,
                                    source=enc.source, slot=enc.slot))
    state.phase = "doorway"
    return events


# --- the crystal ball -----------------------------------------------------------------------
def scry_targets(game: DungeonBase, seat: int) -> list[str]:
    state = game.state
    hero = state.heroes[seat]
    if (state.phase != "move" or state.turn.moved or state.turn.crystal_ball_used
            or not game.t.holds(hero.treasures, "crystal_ball") or not game.free_slot()):
        return []
    board = game.board
    return [s for s in board.rooms() + board.chambers()
            if not game.cleared(s) and game.slot_at(s) is None and game.hunter_at(s) is None
            and s != hero.space and has_monsters(game, board.spaces[s].level)]


def has_monsters(game: DungeonBase, level: int) -> bool:
    return bool(game.state.monsters[level]) or bool(game.state.monster_discards[level])


def scry(game: DungeonBase, seat: int, action: m.Scry) -> list[Event]:
    state = game.state
    state.turn.crystal_ball_used = True
    space = game.board.spaces[action.space]
    events: list[Event] = []
    monster = game.draw_monster(space.level, events)
    treasure = game.draw_treasure(space.level) if space.kind == "room" else ""
    number = game.free_slot()
    state.slots[number] = Slot(slot=number, space=action.space, monster=monster,
                               face_down=True, scrier=seat, treasure=treasure)
    game.blockers_changed()
    others = tuple(s for s in range(game.n) if s != seat)
    events += [m.Scried(seat=seat, space=action.space, monster=monster, treasure=treasure,
                        slot=number, to=(seat,)),
               m.MonsterSlotted(space=action.space, card=monster, slot=number,
                                face_down=True, to=(seat,))]
    if others:
        events += [m.ScriedHidden(seat=seat, space=action.space, slot=number, to=others),
                   m.MonsterSlotted(space=action.space, card="", slot=number,
                                    face_down=True, to=others)]
    return events + cycle.end_turn(game)


# --- the spellbook's refill -----------------------------------------------------------------
def can_refill(game: DungeonBase, seat: int) -> bool:
    state = game.state
    hero = state.heroes[seat]
    return (state.phase == "move" and not state.turn.moved and hero.hero == "wizard"
            and hero.ended_in_hall and hero.space == game.board.hall
            and len(hero.spells) < hero.spellbook_size)


def refill(game: DungeonBase, seat: int, action: m.Refill) -> list[Event]:
    state = game.state
    hero = state.heroes[seat]
    die = game.roll(1)[0]
    count = min(die, hero.spellbook_size - len(hero.spells), sum(state.spell_supply.values()))
    events: list[Event] = [m.RefillRolled(seat=seat, die=die, count=count)]
    return events + flow_spells.open_draft(game, {seat: count}, "refill")


# --- refusals --------------------------------------------------------------------------------
def why_not_move(game: DungeonBase, seat: int, action: m.Move) -> str | None:
    """Why a move is refused: the path's own fault, else the way the move is offered (one
    path per destination, the one the table draws)."""
    if not action.path:
        return refuse("dungeon.refuse.move_needs_least_one", "a move needs at least one space")
    ctx = game.context(seat)
    problem = movement.check_path(game.board, ctx, game.state.heroes[seat].space,
                                  list(action.path), game.state.turn.moves_left)
    if problem is None and not ctx.may_stand(action.path[-1]):
        problem = f"another hero stands in {movement.label(game.board, action.path[-1])}"
    if problem is not None:
        return problem
    offered = game.routes(seat).get(action.path[-1])
    if offered is None:
        return refuse("dungeon.refuse.cannot_reached_turn", "{path} cannot be reached this turn",
                      path=action.path[-1])
    return refuse("dungeon.refuse.move_goes_offered_way",
                  "a move to {path} goes the offered way: {path2}",
                  path=action.path[-1], path2=Ids(offered.path))


def why_not_end_turn(game: DungeonBase, seat: int, action: m.EndTurn) -> str | None:
    return refuse("dungeon.refuse.another_hero_stands_here",
                  "another hero stands here: only a chamber or the Great Hall holds several")


def why_not_attack(game: DungeonBase, seat: int, action: m.Attack) -> str | None:
    if game.state.turn.moved:
        return refuse("dungeon.refuse.attack_waiting_monster_only",
                      "you attack a waiting monster only at the start of your turn, before moving")
    return refuse("dungeon.refuse.no_monster_waits_space", "no monster waits in your space")


def why_not_peek(game: DungeonBase, seat: int, action: m.Peek) -> str | None:
    turn = game.state.turn
    hero = game.state.heroes[seat]
    if action.using == "esp":
        if not game.t.holds(hero.treasures, "esp"):
            return refuse("dungeon.refuse.peek_esp_needs_esp",
                          "a peek with esp needs the ESP medallion")
        if turn.esp_used:
            return refuse("dungeon.refuse.esp_medallion_works_once",
                          "the ESP medallion works once a turn")
    elif action.using == "spell":
        if m.ATTACK_SPELL_SET.isdisjoint(hero.spells):
            return refuse("dungeon.refuse.spell_peek_needs_fireball",
                          "a spell peek needs a fireball or lightning bolt in your spellbook")
        if turn.spell_cast:
            return refuse("dungeon.refuse.wizard_casts_one_spell",
                          "a wizard casts one spell a turn")
    else:
        return refuse("dungeon.refuse.peek_uses_esp_spell", "a peek uses esp or spell")
    if turn.moves_left < 1:
        return refuse("dungeon.refuse.peek_needs_one_move", "a peek needs one move left")
    return refuse("dungeon.refuse.not_uncleared_room_chamber",
                  "{space} is not an uncleared room or chamber next to you with an open way in",
                  space=action.space)


def why_not_scry(game: DungeonBase, seat: int, action: m.Scry) -> str | None:
    turn = game.state.turn
    if not game.t.holds(game.state.heroes[seat].treasures, "crystal_ball"):
        return refuse("dungeon.refuse.scrying_needs_crystal_ball",
                      "scrying needs the crystal ball")
    if turn.crystal_ball_used or turn.moved:
        return refuse("dungeon.refuse.crystal_ball_used_instead",
                      "the crystal ball is used instead of moving, once a turn")
    if not game.free_slot():
        return refuse("dungeon.refuse.every_numbered_slot_taken", "every numbered slot is taken")
    return refuse("dungeon.refuse.not_uncleared_room_chamber_2",
                  "{space} is not an uncleared room or chamber without a number token",
                  space=action.space)


def why_not_refill(game: DungeonBase, seat: int, action: m.Refill) -> str | None:
    hero = game.state.heroes[seat]
    if hero.hero != "wizard":
        return refuse("dungeon.refuse.only_wizard_refills_spellbook",
                      "only a wizard refills a spellbook")
    if hero.space != game.board.hall or not hero.ended_in_hall:
        return refuse("dungeon.refuse.refill_needs_last_turn",
                      "a refill needs the last turn ended in the Great Hall")
    if game.state.turn.moved:
        return refuse("dungeon.refuse.refill_taken_start_turn",
                      "a refill is taken at the start of the turn")
    return refuse("dungeon.refuse.spellbook_full", "your spellbook is full")
