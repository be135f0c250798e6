"""The solo modes: how the treasure hunt, the time attack and the hunters change the game's end.

- treasure hunt: a treasure of the hunt level is drawn at setup and shuffled back; gaining it
  wins, the hero's second death loses, and so does a turn ending with it out of every hero's
  reach (every room of its level cleared while it is still in the deck).
- time attack: the race against the table's clock; the table sends ``time_up`` (never a legal
  action a bot could pick: the kit's ``unlisted`` move) and the game is lost.
- hunter: level-6 monsters hunt the hero (``hunters.py``); a hunter's kill loses.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.dungeon import hunters
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase


def setup_mode(game: DungeonBase) -> list[Event]:
    """The mode's part of setup: the hunted treasure seen and shuffled back, the hunters out."""
    state = game.state
    if game.mode == "treasure_hunt":
        level = int(game.options.get("hunt_level", 1))
        if level not in game.t.modes.treasure_hunt.levels:
            raise ValueError(f"hunt_level {level} is not a level 1-6")
        deck = state.treasures[level]
        state.hunt_treasure = deck.draw()  # seen, then shuffled back
        deck.put_top(state.hunt_treasure)
        deck.shuffle(game.rng)
        return []
    if game.mode == "hunter":
        count = int(game.options.get("hunters", game.t.modes.hunter.default_hunters))
        if count not in game.t.modes.hunter.hunters:
            raise ValueError(f"hunters {count} is not one of {game.t.modes.hunter.hunters}")
        events: list[Event] = []
        for number in range(1, count + 1):
            events += hunters.new_hunter(game, number)
        return events
    return []


def time_limit(game: DungeonBase) -> int:
    """Time attack: the clock's seconds (0 in any other mode)."""
    if game.mode != "time_attack":
        return 0
    return int(game.options.get("minutes", game.t.modes.time_attack.minutes[0])) * 60


def check_found(game: DungeonBase, seat: int, card: str) -> list[Event]:
    state = game.state
    if game.mode == "treasure_hunt" and card == state.hunt_treasure and state.phase != "over":
        return game.end_game("found", [seat])
    return []


def check_hunt_in_reach(game: DungeonBase) -> list[Event]:
    """Treasure hunt, at a turn's end: lost once the hunted treasure can no longer be won.
    Only a room's win draws from the level's deck; a dropped or scried copy lies in a slot,
    to be won there. Rooms are never restocked, so with all of them cleared the hunt would
    otherwise run on to the round limit with nothing left to do."""
    state = game.state
    if game.mode != "treasure_hunt" or state.phase == "over":
        return []
    card = state.hunt_treasure
    level = int(game.options.get("hunt_level", 1))
    in_slot = any(card in slot.dropped or card == slot.treasure for slot in state.slots.values())
    in_deck = card in state.treasures[level]
    room_left = any(not game.cleared(room) for room in game.board.rooms(level))
    if in_slot or (in_deck and room_left):
        return []
    return game.end_game("out_of_reach", [])


def check_killed(game: DungeonBase, seat: int) -> list[Event]:
    state = game.state
    hero = state.heroes[seat]
    if game.mode == "treasure_hunt" and hero.deaths > game.t.modes.treasure_hunt.deaths_allowed:
        return game.end_game("killed_twice", [])
    if game.mode == "hunter" and state.encounter is not None and state.encounter.hunter:
        return game.end_game("hunted", [])
    return []


# --- the clock's move ------------------------------------------------------------------------
def why_not_time_up(game: DungeonBase, seat: int, action: m.TimeUp) -> str | None:
    if game.mode != "time_attack":
        return refuse("dungeon.refuse.time_up_comes_from",
                      "time_up comes from the time attack's clock only")
    return None


def time_up(game: DungeonBase, seat: int, action: m.TimeUp) -> list[Event]:
    return game.end_game("time_up", [])
