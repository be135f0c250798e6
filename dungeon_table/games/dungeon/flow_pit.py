"""The phase ``pit``: a pit trap with several chambers to fall into; the hero chooses one, falls
and meets what is there (``encounter.fall``)."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.dungeon import encounter
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase


def legal(game: DungeonBase, seat: int) -> list[Action]:
    return [m.ChooseChamber(space=c) for c in game.state.pit_choices]


def choose_chamber(game: DungeonBase, seat: int, action: m.ChooseChamber) -> list[Event]:
    return encounter.fall(game, seat, action.space)


def why_not_choose_chamber(game: DungeonBase, seat: int,
                           action: m.ChooseChamber) -> str | None:
    return refuse("dungeon.refuse.not_uncleared_chamber_pit",
                  "{space} is not an uncleared chamber of the pit's level",
                  space=action.space)
