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
def _ui(ui_display: None, english_afterwards: None) -> Iterator[None]:
    """A display for the table, English afterwards, and no wake-up event left for the tests
    that come after (nothing here runs a window's loop to take it)."""
    from dungeon_table.ui.remote_table import WAKE

    yield
    pygame.event.clear(WAKE)


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
    if index is None or scene.ui.hint is None:  # the host's next state came in that step
        return  # (another seat acted): the caller looks again
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
            # the host's bot may act (a sealed bid) after this frame took its state: the next
            # state is on its way, and the table must come to draw it
            step_until(app, lambda: scene.view == on_host(hosting, table, 0) or not scene.ui.legal)
            if not scene.ui.legal:
                continue
            play_a_move(app, scene, moves)
            moves += 1
        assert scene.game.result() == hosting.call(table.game.result)
        assert len(app.top.ring.widgets) == 1, "back to the menu: the host keeps the game"
        assert app.top.ring.primary() is app.top.ring.widgets[0]
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


def test_two_remote_windows_enter_their_sealed_choices_at_once(hosting: HostThread) -> None:
    """Defences and a sealed auction (Professional: chests and jobs): both windows are offered
    their choices together, neither waits behind a privacy screen or for the other, and each
    draws only its own view."""
    from dungeon_table.ui.scenes.host_join import RemoteGameOverScene

    table = hosting.new_table("market", ["human", "human", "bot:random"], seed=11,
                              options={"professional": True}, keep=False)
    hosting.start(port=0)
    windows = [remote_table(hosting, table, seat=seat) for seat in (0, 1)]
    try:
        together: set[str] = set()
        moves, deadline = 0, time.monotonic() + 4 * SECONDS
        while not all(isinstance(app.top, RemoteGameOverScene) for app, _, _ in windows):
            assert time.monotonic() < deadline and moves < 6000, "the game should end"
            for app, _, _ in windows:
                app.step([])
            scenes = [scene for _, scene, _ in windows]
            if all(s.ui.legal for s in scenes) and scenes[0].view.phase == scenes[1].view.phase:
                together.add(scenes[0].view.phase)
            ready = [(app, scene) for app, scene, _ in windows
                     if scene.ui.legal and not isinstance(app.top, RemoteGameOverScene)]
            if not ready:
                time.sleep(0.001)
                continue
            for app, scene in ready:
                assert scene.view.seat == scene.viewer, "its own view only"
                play_a_move(app, scene, moves)
                moves += 1
        assert {"defend", "bid"} <= together, together
    finally:
        for _, _, client in windows:
            client.close()


def test_join_opens_the_window_at_its_seat_alone_when_another_copy_holds_the_home(
        hosting: HostThread, monkeypatch: pytest.MonkeyPatch) -> None:
    """``dungeon-table join``'s window: over the main menu when it can hold the data home; the
    table alone when the host's own app holds it (nothing written there, and leaving it closes
    the window)."""
    from dungeon_table.core import instance, paths
    from dungeon_table.ui import entry
    from dungeon_table.ui.scene import App

    opened: list[list[str]] = []

    def run(app: App) -> None:  # instead of the window's loop: what it shows, then close
        opened.append([type(scene).__name__ for scene in app.scenes])
        app.quit()

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the tests' display stays
    table = hosting.new_table("relic", ["human", "human"], seed=1, keep=False)
    hosting.start(port=0)
    first = join_table(f"127.0.0.1:{hosting.host.port}", table.code, seat=0)
    assert entry.run_remote(first) == 0
    held = instance.HomeLock(paths.data_home())
    held.acquire()
    try:
        second = join_table(f"127.0.0.1:{hosting.host.port}", table.code, seat=1)
        assert entry.run_remote(second) == 0
    finally:
        held.release()
    assert opened == [["MainMenuScene", "RemoteTableScene"], ["RemoteTableScene"]]
    deadline = time.monotonic() + SECONDS
    while any(s.connected for s in hosting.presence(table.code)):  # each window left its seat
        assert time.monotonic() < deadline, "the windows never left"
        time.sleep(0.01)


def test_a_lost_host_is_said_while_the_client_tries_again(hosting: HostThread) -> None:
    table = hosting.new_table("relic", ["human", "bot:random"], seed=2, keep=False)
    hosting.start(port=0)
    app, scene, client = remote_table(hosting, table)
    try:
        step_until(app, lambda: bool(scene.ui.legal))
        hosting.call(hosting.host.abort)  # the host's machine gone: no goodbye, nowhere to go
        step_until(app, lambda: scene.toast is not None and "joining again" in scene.toast[0])
        assert client.ended is None, "it is still trying"
    finally:
        client.close()


def test_a_remote_window_says_the_hosts_expert_is_thinking_while_it_searches(
        hosting: HostThread) -> None:
    from tests.net.kit import GatedSearch

    table = hosting.new_table("relic", ["bot:expert", "human"], seed=4, keep=False)
    gated = GatedSearch()
    hosting.call(table.bots.__setitem__, 0, gated)  # the expert to act first, held in thought
    hosting.start(port=0)
    app, scene, client = remote_table(hosting, table)
    try:
        assert gated.thinking.wait(SECONDS)
        step_until(app, lambda: bool(scene.source.presence))
        assert scene.game.to_act() == [0] and scene.thinking_seat() == 0
        assert [s.searches for s in scene.source.presence] == [True, False]
        gated.gate.set()
        step_until(app, lambda: scene.game.to_act() != [0])
        assert scene.thinking_seat() is None, "its move made: the tag is gone"
    finally:
        gated.gate.set()
        client.close()
