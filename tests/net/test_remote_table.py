"""The table window at a remote seat: the same table as local play, fed by a host on loopback in a
thread. A game is played to its end through the table (hint, click and Enter) with a bot on the
other seat, a refusal says why and changes nothing, and a dropped client comes back with its token
to the view it had."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from dungeon_table.net.client import SyncClient, join_table
from dungeon_table.net.hosting import HostThread
from dungeon_table.net.table import Table
from tests.ui_events import click_at, key

SIZE = (1280, 720)
SECONDS = 60  # a hang fails the test instead of blocking the suite


@pytest.fixture(autouse=True)
def _ui(ui_display: None, english_afterwards: None) -> None:
    """A display for the table, English afterwards."""


@pytest.fixture
def hosting() -> Iterator[HostThread]:
    host = HostThread(bot_delay=0)
    try:
        yield host
    finally:
        host.stop()


def remote_table(hosting: HostThread, table: Table, **join: Any) -> tuple[Any, Any, SyncClient]:
    """An ``App`` on a plain surface with a remote table joined to ``table`` (animations off)."""
    from dungeon_table.ui.remote_table import RemoteTableScene
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings

    client = join_table(f"127.0.0.1:{hosting.host.port}", table.code, **join)
    app = App(surface=pygame.Surface(SIZE), settings=Settings(lang="en", anim_speed=0))
    scene = RemoteTableScene(app, client)
    app.push(scene)
    app.step([])
    return app, scene, client


def step_until(app: Any, done: Any) -> None:
    """Step the app (taking what the host sent) until ``done()``."""
    deadline = time.monotonic() + SECONDS
    while not done():
        assert time.monotonic() < deadline, "the host's answer never came"
        app.step([])
        time.sleep(0.002)


def on_host(hosting: HostThread, table: Table, seat: int) -> Any:
    """What the host's game shows ``seat`` now."""
    return hosting.call(lambda: table.game.view(seat))


def play_a_move(app: Any, scene: Any, moves: int) -> None:
    """The hint's choice, by a click on its target or by Enter, as a player would."""
    from tests.ui_table.table_helpers import visible_point

    app.step([key(pygame.K_h)])
    index = scene.ui.focus
    assert index is not None, "the hint highlights a target"
    if scene.ui.targets[index].pick is not None:  # a card to price: picked, then its price
        app.step([key(pygame.K_RETURN)])
        hint, targets = scene.ui.hint, scene.ui.targets
        exact = [i for i, tg in enumerate(targets) if tg.pick is None and tg.action == hint]
        toward = [i for i, tg in enumerate(targets) if tg.pick is None and hint in tg.covers]
        index = (exact or toward or [scene.ui.focus])[0]
        scene.ui.focus = index
    if moves % 2:
        app.step([key(pygame.K_RETURN)])
    else:
        app.step(click_at(visible_point(scene, index)))


def test_a_remote_seat_plays_a_whole_game_through_the_table(hosting: HostThread) -> None:
    from dungeon_table.ui.scenes.host_join import RemoteGameOverScene

    table = hosting.new_table("market", ["human", "bot:random"], seed=4, keep=False)
    hosting.start(port=0)
    app, scene, client = remote_table(hosting, table, name="Ann")
    try:
        assert scene.viewer == 0 and scene.view == on_host(hosting, table, 0)
        moves, deadline = 0, time.monotonic() + 4 * SECONDS
        while not isinstance(app.top, RemoteGameOverScene):
            assert time.monotonic() < deadline and moves < 3000, "the game should end"
            if not scene.ui.legal:  # the bot's move, or ours on its way: the host answers
                app.step([])
                time.sleep(0.001)
                continue
            assert scene.view == on_host(hosting, table, 0), "the table draws the host's view"
            play_a_move(app, scene, moves)
            moves += 1
        assert scene.game.result() == hosting.call(table.game.result)
        assert len(app.top.ring.widgets) == 1, "back to the menu: the host keeps the game"
        assert len(scene.log.entries) > 10, "the log told the game"
    finally:
        client.close()


def test_a_refused_action_shows_why_and_changes_nothing(hosting: HostThread) -> None:
    from dungeon_table.games.market import model as m

    table = hosting.new_table("market", ["human", "bot:random"], seed=2, keep=False)
    hosting.start(port=0)
    app, scene, client = remote_table(hosting, table)
    try:
        step_until(app, lambda: bool(scene.ui.legal))
        before = scene.view
        scene.act(0, m.Buy(slot=7))  # not offered: the host says why
        step_until(app, lambda: scene.toast is not None)
        assert "Buy" in scene.toast[0] or "buy" in scene.toast[0]
        assert scene.view == before and scene.ui.legal, "nothing changed; choose again"
        assert hosting.call(lambda: len(table.session.record.actions)) == 0
    finally:
        client.close()


def test_a_dropped_client_comes_back_to_its_current_view(hosting: HostThread) -> None:
    table = hosting.new_table("market", ["human", "bot:random"], seed=5, keep=False)
    hosting.start(port=0)
    app, scene, client = remote_table(hosting, table, name="Ann")
    try:
        for moves in range(6):  # a few moves in
            step_until(app, lambda: bool(scene.ui.legal))
            play_a_move(app, scene, moves)
        step_until(app, lambda: bool(scene.ui.legal))
        token = client.client.token
        client._loop.call_soon_threadsafe(client.client.kill)  # the cable pulled
        step_until(app, lambda: client.client.rejoins == 1 and scene.toast is not None
                   and "back" in scene.toast[0])
        step_until(app, lambda: bool(scene.ui.legal))
        assert client.client.token == token, "the same seat, by its token"
        assert scene.view == on_host(hosting, table, 0), "its current view, nothing lost"
        assert hosting.call(lambda: table.presence()[0].connected)
        play_a_move(app, scene, 0)  # and it plays on
    finally:
        client.close()
