"""Turn after turn: a turn's start (rounds counted, a lose-turn token spent), its end (a return
with the class's gold wins; the hunters walk), and the next seat, or a new hero after a death."""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import hunters, modes
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase
from dungeon_table.games.dungeon.state import Turn


def start_turn(game: DungeonBase, seat: int, first: bool = False) -> list[Event]:
    state = game.state
    if seat == 0 or first:
        state.round += 1
        total_gp = game.t.total_gp  # ``game.gp`` of every seat, in seat order
        for hero, series in zip(state.heroes, state.history, strict=True):
            series.append(total_gp(hero.treasures))
        if state.round > game.t.round_limit:
            return game.end_game("round_limit", leaders(game))
    state.turn_no += 1
    state.active = seat
    hero = state.heroes[seat]
    state.turn = Turn(moves_left=game.t.moves, path=[hero.space])
    if state.encounter is not None:  # (a state Struct's store costs ~10 times a test)
        state.encounter = None
    events: list[Event] = [m.TurnStarted(seat=seat, turn=state.turn_no)]
    if hero.lose_turns:
        hero.lose_turns -= 1
        events.append(m.TurnLost(seat=seat, left=hero.lose_turns))
        return events + end_turn(game)
    if state.phase != "move":
        state.phase = "move"
    return events


def end_turn(game: DungeonBase) -> list[Event]:
    """The active hero's turn is over: a return with the target wins; then the hunters move
    and the next seat plays."""
    state = game.state
    seat = state.active
    hero = state.heroes[seat]
    # a state Struct's store is not specialised (~10 times a test): none that stores what
    # is there already
    if state.encounter is not None:
        state.encounter = None
    if state.pit_choices:
        state.pit_choices = []
    events: list[Event] = [m.TurnEnded(seat=seat, space=hero.space)]
    in_hall = hero.space == game.board.hall
    if hero.ended_in_hall != in_hall:
        hero.ended_in_hall = in_hall
    if in_hall and hero.hero and game.gp(seat) >= game.target(seat) \
            and game.mode != "treasure_hunt":
        return events + game.end_game("returned", [seat])
    if game.mode == "treasure_hunt":  # the only mode whose hunt may be lost at a turn's end
        lost = modes.check_hunt_in_reach(game)
        if lost:
            return events + lost
    if state.hunters and hero.space:
        state.hunters_to_move = [h.hunter for h in state.hunters]
        return events + move_hunters(game)
    return events + next_turn(game)


def next_turn(game: DungeonBase) -> list[Event]:
    state = game.state
    if state.phase == "over":
        return []
    for hero in state.heroes:
        if not hero.space:  # a hero died: its seat chooses another first
            state.phase = "choose_hero"
            state.active = hero.seat
            return []
    return start_turn(game, (state.active + 1) % game.n)


def move_hunters(game: DungeonBase) -> list[Event]:
    """Each hunter still to move walks; one reaching the hero attacks (the rest wait for the
    fight's end); then the next turn."""
    state = game.state
    events: list[Event] = []
    while state.hunters_to_move and state.phase != "over":
        number = state.hunters_to_move.pop(0)
        hunter = game.hunter_by_number(number)
        if hunter is None:
            continue
        path = hunters.hunter_route(game, hunter)
        if path:
            hunter.space = path[-1]
            game.blockers_changed()
            events.append(m.HunterMoved(hunter=number, path=path))
        if hunter.space == state.heroes[0].space:
            state.turn = Turn(path=[hunter.space])
            return events + hunters.hunter_fight(game, 0, hunter, ambush=True)
    return events + next_turn(game)


def leaders(game: DungeonBase) -> list[int]:
    """The round limit's winners: the most gp; alone in the dungeon nobody wins by it."""
    if game.n == 1:
        return []
    best = max(game.gp(s) for s in range(game.n))
    return [s for s in range(game.n) if game.gp(s) == best]
