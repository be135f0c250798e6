"""The replay viewer's play-test additions: a scrub bar, a speed control, and a choice of whose
view to watch (each seat's, or everything, only once the game is over)."""

from __future__ import annotations

import pygame
from shell_helpers import click_at, finished_market, menu_app

from dungeon_table.core import registry
from dungeon_table.core.session import Session
from dungeon_table.ui.scenes.replay import EVERYTHING, ReplayScene


def finished_dungeon(seed: int = 5) -> Session:
    session = Session.new("dungeon", ["human", "human"], seed)
    bots = [registry.get("dungeon").make_bot("best", seed + s) for s in range(2)]
    while session.game.result() is None:
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.view(seat),
                                              session.game.legal_actions(seat)))
    return session


def opened(record: object) -> tuple[object, ReplayScene]:
    app = menu_app()
    replay = ReplayScene(app, record)
    app.push(replay)
    app.step([])
    return app, replay


def test_a_click_along_the_scrub_bar_jumps_there_and_a_drag_follows() -> None:
    app, replay = opened(finished_dungeon().record)
    bar = replay.scrub.rect
    app.step(click_at((bar.x + bar.w * 3 // 4, bar.centery)))
    assert replay.count == round(replay.total * 0.75)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.x + bar.w // 2, bar.centery),
                                 button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.x + bar.w // 4, bar.centery),
                                 rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.x + bar.w // 4, bar.centery),
                                 button=1)])
    assert replay.count == round(replay.total * 0.25)
    assert replay.game.state_dict() == Session(replay.record).game_at(replay.count).state_dict()


def test_the_speed_control_paces_play() -> None:
    app, replay = opened(finished_dungeon().record)
    choice = replay.speed_choice
    app.step(click_at((choice.rect.right - 4, choice.rect.centery)))  # 1x -> 2x
    assert replay.speed == 2.0
    replay.toggle_play()
    app.step([])
    now = app.now()  # type: ignore[attr-defined]
    fast = replay.due - now  # type: ignore[operator]
    replay.set_speed(0.5)
    replay.due = None
    app.step([])
    slow = replay.due - app.now()  # type: ignore[attr-defined,operator]
    assert slow >= 3 * fast > 0


def test_a_finished_game_may_be_watched_through_each_seat_or_everything() -> None:
    session = finished_dungeon()
    app, replay = opened(session.record)
    assert replay.views() == [0, 1, None, EVERYTHING]
    replay.goto(replay.total // 2)
    at = replay.count
    replay.set_view(1)
    assert replay.count == at and replay.view.seat == 1 and replay.ui.seat == 1
    assert replay.view_choice.value == 1, "the choice shows the view taken"
    seats_own = len(replay.log.entries)
    replay.set_view(EVERYTHING)
    assert replay.count == at and replay.everything
    assert len(replay.log.entries) >= seats_own, "everything shows every seat's lines"


def test_an_unfinished_game_of_several_humans_shows_only_the_public_view() -> None:
    session = finished_dungeon()
    record = session.record
    unfinished = Session(record).game_at(len(record.actions) // 2)
    assert unfinished.result() is None
    short = type(record)(game=record.game, seed=record.seed, seats=record.seats,
                         options=record.options, actions=record.actions[: len(record.actions) // 2])
    _app, replay = opened(short)
    assert replay.views() == [None]
    replay.set_view(0)
    assert replay.viewer is None, "no seat's hidden information while it may be played on"


def test_a_market_replay_offers_every_seat_once_over() -> None:
    _app, replay = opened(finished_market().record)
    assert replay.views() == [0, 1, 2, 3, None, EVERYTHING]
