"""(1) The search check at the turn's start: the dungeon at 3, 6 or 9 cards, that depth neither
searched nor forfeited, no opponent's enemy on the field. The player searches (the turn then ends
at once: no draw, no end phase) or declines and draws."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic import turn
from dungeon_table.games.relic.base import RelicBase


def legal(game: RelicBase, seat: int) -> list[Action]:
    return [m.Search(), m.DeclineSearch()]


def search(game: RelicBase, seat: int, action: m.Search) -> list[Event]:
    events = turn.search(game, seat, "turn")
    return events if game.state.phase == "over" else events + turn.finish_turn(game)


def decline(game: RelicBase, seat: int, action: m.DeclineSearch) -> list[Event]:
    events: list[Event] = [m.SearchDeclined(seat=seat, depth=game.search_depth(seat))]
    return events + turn.draw_step(game, seat)
