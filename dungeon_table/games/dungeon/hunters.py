"""The hunter mode's hunters: level-6 monsters drawn face down, each starting in a random level-6
room; after every turn of the hero each walks 5 spaces along a shortest way to it (every secret
door open, never stopping for rooms, never fighting other monsters) and attacks on reaching it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.state import Encounter, Hunter, Turn

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


class HunterRules:
    """Mixed into ``Dungeon``."""

    def new_hunter(self: Dungeon, number: int) -> list[Event]:
        """Hunter ``number`` drawn (the ``hunters`` stack first) into a random level-6 room."""
        level = self.t.modes.hunter.level
        events: list[Event] = []
        stacked = self.stack.get("hunters", [])
        if stacked:
            card = str(stacked.pop(0))
            try:
                self.monsters[level].remove(card)
            except ValueError:
                raise ValueError(f"stack hunters: {card!r} is not in the level-6 deck") from None
        else:
            card = self.draw_monster(level, events)
        if not card:  # every level-6 card is out: no hunter until one comes back
            return events
        # Not on another hunter, nor on the hero: a hunter slain in the hero's room must not
        # spring up there again and attack at once (the source only says "a level-6 room").
        taken = {h.space for h in self.hunters} | {h.space for h in self.heroes}
        rooms = [r for r in self.board.rooms(level) if r not in taken] or self.board.rooms(level)
        space = self.rng.choice(rooms)
        self.hunters.append(Hunter(hunter=number, space=space, card=card))
        self.hunters.sort(key=lambda h: h.hunter)
        return [*events, m.HunterAppeared(hunter=number, space=space)]

    def hunter_route(self: Dungeon, hunter: Hunter) -> list[str]:
        """The hunter's next move toward the hero (shown on the board before it walks)."""
        target = self.heroes[0].space
        if not target or hunter.space == target:
            return []
        steps = self.t.modes.hunter.steps
        return movement.hunter_path(self.board, hunter.space, target, steps)

    def move_hunters(self: Dungeon) -> list[Event]:
        """Each hunter still to move walks; one reaching the hero attacks (the rest wait for the
        fight's end); then the next turn."""
        events: list[Event] = []
        while self.hunters_to_move and self.phase != "over":
            number = self.hunters_to_move.pop(0)
            hunter = self.hunter_by_number(number)
            if hunter is None:
                continue
            path = self.hunter_route(hunter)
            if path:
                hunter.space = path[-1]
                events.append(m.HunterMoved(hunter=number, path=path))
            if hunter.space == self.heroes[0].space:
                self.turn = Turn(path=[hunter.space])
                return events + self.hunter_fight(0, hunter, ambush=True)
        return events + self.next_turn()

    def reveal_hunter(self: Dungeon, hunter: Hunter) -> list[Event]:
        if hunter.revealed:
            return []
        hunter.revealed = True
        return [m.HunterRevealed(hunter=hunter.hunter, card=hunter.card, space=hunter.space)]

    def hunter_fight(self: Dungeon, seat: int, hunter: Hunter, ambush: bool) -> list[Event]:
        """The hero and a hunter in one space: it turns up, and the hero fights it."""
        self.active = seat
        self.encounter = Encounter(space=hunter.space, card=hunter.card, source="hunter",
                                   hunter=hunter.hunter, ambush=ambush)
        self.phase = "combat"
        return self.reveal_hunter(hunter)

    def hunter_by_number(self: Dungeon, number: int) -> Hunter | None:
        return next((h for h in self.hunters if h.hunter == number), None)

    def slay_hunter(self: Dungeon, seat: int) -> list[Event]:
        """No treasure of its own, but what the hero dropped to it lies under its card and is
        won back; its card is discarded and a new hunter appears."""
        enc = self.encounter
        assert enc is not None
        hunter = self.hunter_by_number(enc.hunter)
        assert hunter is not None
        self.hunters.remove(hunter)
        self.discard_monster(hunter.card)
        events: list[Event] = [m.HunterSlain(seat=seat, hunter=hunter.hunter, card=hunter.card)]
        for card in hunter.dropped:
            events += self.gain(seat, card, "dropped")
        return events + self.new_hunter(hunter.hunter) + self.after_fight()
