"""The frame of a Dungeon Market turn: its start (Professional: a Cleric's heal, then a level
phase), exploring, its end (Professional: a level phase), the next player clockwise, and the end
of the game when no card is left to reveal or a burst knocks a player out.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.market import flow_jobs as jobs
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase


def start_turn(game: MarketBase, seat: int, events: list[Event]) -> None:
    state = game.state
    state.active, state.turn = seat, state.turn + 1
    state.area, state.must_explore, state.burst = [], False, None
    events.append(m.TurnStarted(seat=seat, turn=state.turn))
    if game.professional:
        jobs.heal(game, seat, events)
        if jobs.open_levelling(game, seat, None, "explore"):
            return
    begin_exploring(game, events)


def begin_exploring(game: MarketBase, events: list[Event]) -> None:
    game.state.phase = "explore"
    jobs.offer_peek(game, events)


def finish_turn(game: MarketBase, events: list[Event]) -> None:
    """The end of the active player's turn: (Professional) level up, then the next player."""
    state = game.state
    state.area, state.burst, state.buyer, state.buyers = [], None, None, []
    if game.professional and jobs.open_levelling(game, state.active, None, "next_turn"):
        return
    next_turn(game, events)


def next_turn(game: MarketBase, events: list[Event]) -> None:
    state = game.state
    for player in state.players:
        state.history[player.seat].append(player.life)
    seat = game.next_seat(state.active)
    if not game.can_reveal():
        # No card left to reveal and none in the area (2 players: the source's end; 3-4
        # players: every card is owned).
        end_game(game, "deck_out", [], events)
        return
    start_turn(game, seat, events)


def end_game(game: MarketBase, reason: str, knocked: list[int], events: list[Event]) -> None:
    state = game.state
    state.phase, state.end_reason = "over", reason
    state.buyer, state.levelling = None, None
    # 得点計算 1: every player at 0 life or less discards all their gems first.
    lost: list[str] = []
    for player in state.players:
        if player.life <= 0:
            lost += player.gems
            player.used = [c for c in player.used if c not in player.gems]
            player.gems = []
    state.discard.extend(lost)
    events.append(m.GameEnded(reason=reason, seats=knocked, discarded=lost))
