"""The turn's own steps, which several phases take: draw a card, start and finish a turn, search,
go to the end phase, end the game.

A turn (RE regulation 3.1): (1) search if the dungeon is at 3, 6 or 9 cards and nothing blocks
it - then the turn ends; else (2) draw (not the first player's first turn), (3) choose the
dungeon phase, the battle phase or a double draw, (7) the end phase discards down to 6. The
game ends at the end of a turn with a depth-3 search, or at once when the deck runs out.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.base import RelicBase
from dungeon_table.games.relic.state import LastSearch, Treasure


def draw(game: RelicBase, seat: int, reason: str) -> list[Event]:
    """Draw one card into ``seat``'s hand; an emptied deck ends the game at once."""
    state = game.state
    card = state.deck.draw()
    game.player(seat).hand.append(card)
    others = tuple(s for s in range(game.n) if s != seat)
    events: list[Event] = [m.Drew(seat=seat, card=card, reason=reason, to=(seat,)),
                           m.DrewHidden(seat=seat, reason=reason, to=others)]
    if not state.deck and state.phase != "over":
        events += end_game(game, "deck_out")
    return events


def end_game(game: RelicBase, reason: str) -> list[Event]:
    state = game.state
    state.phase = "over"
    state.end_reason = reason
    state.prompts.clear()
    state.battle = None
    return [m.GameEnded(reason=reason, points=game.points())]


def start_turn(game: RelicBase, seat: int) -> list[Event]:
    """(1) The search check: a search possible waits for the player's answer; else the draw."""
    state = game.state
    state.turn += 1
    state.active = seat
    state.dungeon_set_done = state.enemy_set_done = state.double_drawn = False
    state.battle = None
    state.prompts.clear()
    events: list[Event] = [m.TurnStarted(seat=seat, turn=state.turn)]
    if game.search_depth(seat):
        state.phase = "search"
        return events
    return events + draw_step(game, seat)


def draw_step(game: RelicBase, seat: int) -> list[Event]:
    """(2) The draw, which the first player's first turn skips; then (3) the play choice."""
    game.state.phase = "play"
    if game.state.turn == 1:
        return [m.DrawSkipped(seat=seat)]
    return draw(game, seat, "draw")


def end_phase(game: RelicBase, seat: int, action: Action) -> list[Event]:
    """Leave the dungeon phase, or a battle with nothing committed, for (7) the end phase."""
    game.state.phase = "end"
    game.state.battle = None
    return []


def finish_turn(game: RelicBase) -> list[Event]:
    """The turn passes (a depth-3 search this turn ends the game instead); the points of every
    seat are charted at the end of each round."""
    state = game.state
    events: list[Event] = [m.TurnEnded(seat=state.active)]
    if state.depth3_searched:
        return events + end_game(game, "depth3")
    following = (state.active + 1) % game.n
    if following == state.first:  # a round is over
        for seat, points in enumerate(game.points()):
            state.history[seat].append(points)
    return events + start_turn(game, following)


def search(game: RelicBase, seat: int, via: str) -> list[Event]:
    """(8) Turn the depth's cards down, draw the deck's top card, score its dice face."""
    state = game.state
    player = game.player(seat)
    depth = game.search_depth(seat)
    player.searched.append(depth)
    card = state.deck.draw()
    face = game.cards.card(card).dice
    points, treasure = game.cards.treasure(depth, face)
    found = Treasure(depth=depth, card=card, face=face, points=points, treasure=treasure)
    player.treasures.append(found)
    state.last_search = LastSearch(seat, found)
    if depth == 3:
        state.depth3_searched = True
    events: list[Event] = [m.Searched(seat=seat, depth=depth, card=card, face=face,
                                      points=points, treasure=treasure, via=via)]
    if not state.deck:
        events += end_game(game, "deck_out")
    return events
