"""The solo modes: how the treasure hunt, the time attack and the hunters change the game's end.

- treasure hunt: a treasure of the hunt level is drawn at setup and shuffled back; gaining it
  wins, the hero's second death loses, and so does a turn ending with it out of every hero's
  reach (every room of its level cleared while it is still in the deck).
- time attack: the race against the table's clock; the table sends ``time_up`` (never a legal
  action a bot could pick) and the game is lost.
- hunter: level-6 monsters hunt the hero (``hunters.py``); a hunter's kill loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


class ModeRules:
    """Mixed into ``Dungeon``."""

    def setup_mode(self: Dungeon) -> list[Event]:
        if self.mode == "treasure_hunt":
            level = int(self.options.get("hunt_level", 1))
            if level not in self.t.modes.treasure_hunt.levels:
                raise ValueError(f"hunt_level {level} is not a level 1-6")
            deck = self.treasures[level]
            self.hunt_treasure = deck.draw()  # seen, then shuffled back
            deck.put_top(self.hunt_treasure)
            deck.shuffle(self.rng)
            return []
        if self.mode == "hunter":
            count = int(self.options.get("hunters", self.t.modes.hunter.default_hunters))
            if count not in self.t.modes.hunter.hunters:
                raise ValueError(f"hunters {count} is not one of {self.t.modes.hunter.hunters}")
            events: list[Event] = []
            for number in range(1, count + 1):
                events += self.new_hunter(number)
            return events
        return []

    def time_limit(self: Dungeon) -> int:
        """Time attack: the clock's seconds (0 in any other mode)."""
        if self.mode != "time_attack":
            return 0
        return int(self.options.get("minutes", self.t.modes.time_attack.minutes[0])) * 60

    def check_found(self: Dungeon, seat: int, card: str) -> list[Event]:
        if self.mode == "treasure_hunt" and card == self.hunt_treasure and self.phase != "over":
            return self.end_game("found", [seat])
        return []

    def check_hunt_in_reach(self: Dungeon) -> list[Event]:
        """Treasure hunt, at a turn's end: lost once the hunted treasure can no longer be won.
        Only a room's win draws from the level's deck; a dropped or scried copy lies in a slot,
        to be won there. Rooms are never restocked, so with all of them cleared the hunt would
        otherwise run on to the round limit with nothing left to do."""
        if self.mode != "treasure_hunt" or self.phase == "over":
            return []
        card = self.hunt_treasure
        level = int(self.options.get("hunt_level", 1))
        in_slot = any(card in slot.dropped or card == slot.treasure for slot in self.slots.values())
        in_deck = card in self.treasures[level]
        room_left = any(not self.cleared(room) for room in self.board.rooms(level))
        if in_slot or (in_deck and room_left):
            return []
        return self.end_game("out_of_reach", [])

    def check_killed(self: Dungeon, seat: int) -> list[Event]:
        hero = self.heroes[seat]
        if self.mode == "treasure_hunt" and hero.deaths > self.t.modes.treasure_hunt.deaths_allowed:
            return self.end_game("killed_twice", [])
        if self.mode == "hunter" and self.encounter is not None and self.encounter.hunter:
            return self.end_game("hunted", [])
        return []

    def time_up_problem(self: Dungeon) -> str | None:
        if self.mode != "time_attack":
            return "time_up comes from the time attack's clock only"
        return None

    def _do_TimeUp(self: Dungeon, seat: int, action: m.TimeUp) -> list[Event]:  # noqa: N802
        return self.end_game("time_up", [])
