"""The ``level`` phase (Professional): spend EXP on job levels, at the start and the end of the
own turn and right after winning a job (that job only). It opens only when a level is affordable
(``jobs.open_levelling``) and closes by itself when nothing more is.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.market import flow_turn as turn
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase


def legal(game: MarketBase, seat: int) -> list[Action]:
    levelling = game.state.levelling
    assert levelling is not None
    jobs = game.levellable(seat, levelling.only)
    return [*(m.LevelUp(job=job) for job in jobs), m.Done()]


def offers(game: MarketBase, seat: int) -> list[Action]:
    """Every job ``seat`` holds, raised or not: one it cannot raise now says why when clicked."""
    return [*(m.LevelUp(job=job) for job in game.state.players[seat].jobs), m.Done()]


def level_up(game: MarketBase, seat: int, action: m.LevelUp) -> list[Event]:
    player = game.state.players[seat]
    level = player.jobs[action.job]
    cost = game.next_cost(level)
    player.exp -= cost
    player.jobs[action.job] = level + 1
    events: list[Event] = [m.LevelledUp(seat=seat, job=action.job, level=level + 1,
                                        exp_spent=cost)]
    levelling = game.state.levelling
    assert levelling is not None
    if not game.levellable(seat, levelling.only):
        after_levelling(game, events)  # nothing more to afford: no decision left
    return events


def done(game: MarketBase, seat: int, action: m.Done) -> list[Event]:
    events: list[Event] = []
    after_levelling(game, events)
    return events


def why_not_level_up(game: MarketBase, seat: int, action: m.LevelUp) -> str | None:
    player = game.state.players[seat]
    if action.job not in player.jobs:
        return refuse("market.refuse.hold_no_job", "you hold no job {job}", job=action.job)
    level = player.jobs[action.job]
    if level >= len(game.cards.level_costs):
        return refuse("market.refuse.lv_already_top", "{job} is at LV{level} already, the top",
                      job=action.job, level=level)
    levelling = game.state.levelling
    only = levelling.only if levelling else None
    if only and action.job != only:
        return refuse("market.refuse.only_job_just_won",
                      "only the job just won ({only}) may level up now",
                      only=only)
    cost = game.next_cost(level)
    return refuse("market.refuse.lv_needs_exp_have",
                  "{job} LV{n} needs {cost} EXP and you have {exp}",
                  job=action.job, n=level + 1, cost=cost, exp=player.exp)


def after_levelling(game: MarketBase, events: list[Event]) -> None:
    levelling = game.state.levelling
    assert levelling is not None
    then, game.state.levelling = levelling.then, None
    if then == "explore":
        turn.begin_exploring(game, events)
    elif then == "end_turn":
        turn.finish_turn(game, events)
    else:
        turn.next_turn(game, events)
