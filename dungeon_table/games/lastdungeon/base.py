"""What every phase of Last Dungeon Pocket reads: the card data, the options, and the queries on the
board that more than one phase asks (a space's damage, a card's cost there, the crystals...).

The phases' rules (``flow_*.py``, ``steps.py``) are functions over a ``LastDungeonBase``; ``rules.py``
makes the concrete game from it and them. Nothing here changes the state.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.phased import PhasedGame
from dungeon_table.core.reasons import refuse
from dungeon_table.core.rng import Rng
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import LastDungeonCards, RoomEffect, cost_on_room, load
from dungeon_table.games.lastdungeon.state import LastDungeonState

STACK_DECKS = ("hand_deck", "events", "level1", "level2", "level3")
NO_EFFECT = RoomEffect()  # the entrance and the treasure change nothing


class LastDungeonBase(PhasedGame[LastDungeonState]):
    """Card data (``cards``), the ``difficulty`` and ``levels`` options, the random source and
    ``state``."""

    game_id = "lastdungeon"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = STACK_DECKS
    state_type = LastDungeonState

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards: LastDungeonCards = load()
        self.index = self.cards.lookups()
        self.difficulty = int(self.options.get("difficulty", 0))
        self.levels = int(self.options.get("levels", 3))  # adventurer levels dealt before the hero
        self.rng = Rng(seed)
        self.state = LastDungeonState()

    # --- the board --------------------------------------------------------------------------
    @property
    def treasure(self) -> int:
        return len(self.state.rooms) - 1

    @property
    def distance(self) -> int:
        """Spaces between the adventurer and the treasure (the game-over chart)."""
        return self.treasure - self.state.position

    def room_effect(self, space: int) -> RoomEffect:
        """What the room on ``space`` does to a card played there (nothing: the entrance, the
        treasure)."""
        room_id = self.state.rooms[space]
        return self.index.rooms[room_id] if room_id else NO_EFFECT

    def room(self, space: int) -> m.Space:
        kind = "entrance" if space == 0 else "treasure" if space == self.treasure else "room"
        effect = self.room_effect(space)
        return m.Space(
            kind=kind, room=self.state.rooms[space], card=self.state.played.get(space),
            damage=self.damage_at(space), cost_delta=effect.cost_delta,
            damage_bonus=effect.damage_bonus, draw_on_play=effect.draw_on_play,
        )

    def damage_at(self, space: int) -> int:
        """The damage of the card played on ``space``, the room's bonus included (0: none)."""
        card = self.state.played.get(space)
        if card is None:
            return 0
        return self.index.playable[card][1] + self.room_effect(space).damage_bonus

    def cost_at(self, card: str, space: int) -> int:
        """The cost of ``card`` on ``space`` after the room's effect (never below 0)."""
        return cost_on_room(self.index.playable[card][0], self.room_effect(space).cost_delta)

    def free_spaces(self) -> list[int]:
        """Empty spaces right of the adventurer, the treasure space included."""
        state = self.state
        return [s for s in range(state.position + 1, self.treasure + 1) if s not in state.played]

    # --- the adventurer -----------------------------------------------------------------------
    def power_of(self, card: str, side: str) -> int:
        hero = self.cards.hero
        if card == hero.id:
            base = hero.front.power if side == "front" else hero.back.power
        else:
            base = self.cards.adventurer(card).power
        return max(1, base + self.difficulty)

    def total_damage(self) -> int:
        walker = self.state.adventurer
        stacked = walker.stacked_damage if walker else 0
        return sum(self.damage_at(s) for s in self.state.played) + stacked

    def shortfall(self) -> int:
        """Damage still missing for ``fight`` to repel (B: repelled when the sum reaches power)."""
        walker = self.state.adventurer
        return max(0, walker.power - self.total_damage()) if walker else 0

    # --- crystals -----------------------------------------------------------------------------
    @property
    def crystal_total(self) -> int:
        return sum(value for _, value in self.state.crystals)

    def paid(self) -> int:
        """The value of the crystals picked so far for the pending expansion, retreat or scout
        (``pending.paid`` in the view: the table's prompt and the bots read it from there)."""
        pending = self.state.pending
        if pending is None:
            return 0
        return sum(value for crystal, value in self.state.crystals if crystal in pending.chosen)

    def lacking_crystals(self, what: str, need: int) -> str | None:
        """The refusal of an expansion, retreat or scout the crystals do not cover, else None."""
        have = self.crystal_total
        if have < need:
            return refuse("ld.refuse.needs_crystals_have",
                          "{what} needs {need} crystals, you have {have}",
                          what=what, need=need, have=have)
        return None
