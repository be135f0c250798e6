"""The menu's remote tables, headless: "Host a table" serves a table from the app (a thread of
its own) and shows its invite and seats, a player joining from elsewhere appears there, the host
hands a seat to a bot and back, sits down at its own seat and comes back with F2; "Join a table"
takes an address and a code to the table, and says why when it cannot."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from dungeon_table.net.client import join_table
from dungeon_table.net.hosting import HostThread
from tests.ui_events import key

SIZE = (1280, 720)
SECONDS = 60


@pytest.fixture(autouse=True)
def _ui(ui_display: None, english_afterwards: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A display, English afterwards, and the app's host on loopback, any free port."""
    from dungeon_table.ui.scenes.host_join import HostScene

    monkeypatch.setattr(HostScene, "BIND", "127.0.0.1")
    monkeypatch.setattr(HostScene, "PORT", 0)


@pytest.fixture
def app() -> Iterator[Any]:
    from dungeon_table.ui import screens
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings

    app = App(surface=pygame.Surface(SIZE), settings=Settings(lang="en", anim_speed=0))
    screens.push(app, "menu")
    app.step([])
    yield app
    app.quit()


def step_until(app: Any, done: Any) -> None:
    deadline = time.monotonic() + SECONDS
    while not done():
        assert time.monotonic() < deadline, "it never came"
        app.step([])
        time.sleep(0.005)


def press(app: Any, label: str) -> None:
    """Click the button of the top screen that reads ``label``."""
    from tests.ui_events import click_at

    button = next(w for w in app.top.widgets if getattr(w, "label", None)
                  and callable(w.label) and w.label() == label)
    app.step(click_at(button.rect.center))


def test_the_menu_hosts_a_table_and_the_host_sits_down_at_it(app: Any) -> None:
    from dungeon_table.ui.remote_table import RemoteTableScene
    from dungeon_table.ui.scenes.host_join import HostScene, HostWaitScene

    press(app, "Host a table")
    host = app.top
    assert isinstance(host, HostScene)
    host.set_game("market")
    host.set_count(3)
    host.set_kind(2, "bot")
    assert host.seats() == ["human", "human", "bot:best"] and host.kinds[0] == "here"
    press(app, "Open the table")
    wait = app.top
    assert isinstance(wait, HostWaitScene)
    hosting: HostThread = wait.hosting
    assert [s.kind for s in wait.seats] == ["player", "open", "bot"], "seat 1 is the host's"

    bob = join_table(f"127.0.0.1:{hosting.host.port}", wait.code, name="Bob")
    try:
        assert bob.welcome is not None and bob.welcome.seat == 1, "the first free seat"
        step_until(app, lambda: wait.seats[1].connected)
        assert "Bob, playing" in wait.seat_text(wait.seats[1])
        press(app, "Bot plays")
        assert wait.seats[1].bot == "best" and "a bot plays for Bob" in wait.seat_text(wait.seats[1])
        press(app, "Hand back")
        assert wait.seats[1].bot == ""

        press(app, "Sit down at the table")
        table = app.top
        assert isinstance(table, RemoteTableScene) and table.viewer == 0
        step_until(app, lambda: bool(table.ui.legal))
        app.step([key(pygame.K_RETURN)])  # the focus on the primary: Explore
        app.step([key(pygame.K_RETURN)])
        step_until(app, lambda: bool(table.view.discovery))
        app.step([key(pygame.K_F2)])
        assert app.top is wait, "F2: the invite and seats again"
        press(app, "Back to the table")
        assert app.top is table and table.source.client.ended is None, "the seat was kept"
        press_close = wait  # back to the waiting screen to close the table
        app.step([key(pygame.K_F2)])
        assert app.top is press_close
        press(app, "Close the table")
        assert hosting.stopped
        step_until(app, lambda: bob.ended is not None)
    finally:
        bob.close()


def test_a_hosted_bot_seat_offers_every_level_and_its_expert_thinks_for_the_settings_time(
        app: Any) -> None:
    from dungeon_table.ai.search_bot import SearchBot
    from dungeon_table.core import registry
    from dungeon_table.ui.scenes.host_join import HostScene, HostWaitScene
    from dungeon_table.ui.scenes.setup import bot_levels
    from tests.ui_events import click_at

    app.settings.thinking = "fast"
    press(app, "Host a table")
    host = app.top
    assert isinstance(host, HostScene)
    host.set_game("relic")
    ladder = bot_levels(registry.get("relic"))
    assert not [w for w in host.widgets if getattr(w, "values", None) == ladder], "no bot yet"
    host.set_kind(1, "bot")
    (level,) = [w for w in host.widgets if getattr(w, "values", None) == ladder]
    assert level.value == "best" and host.seats() == ["human", "bot:best"]
    app.step(click_at(level._parts()[2].center))  # its right arrow: one step up the ladder
    assert host.seats() == ["human", "bot:expert"]
    press(app, "Open the table")
    wait = app.top
    assert isinstance(wait, HostWaitScene)
    assert wait.hosting.host.thinking == "fast"
    assert isinstance(wait.hosting.host.table(wait.code).bots[1], SearchBot)
    assert wait.seat_text(wait.seats[1]) == "Seat 2: a bot (Expert)"
    press(app, "Close the table")
    assert wait.hosting.stopped


def test_join_a_table_takes_an_address_and_a_code(app: Any) -> None:
    from dungeon_table.ui.remote_table import RemoteTableScene
    from dungeon_table.ui.scenes.host_join import JoinScene

    hosting = HostThread(bot_delay=0)
    try:
        table = hosting.new_table("relic", ["human", "bot:random"], seed=3, keep=False)
        port = hosting.start(port=0)
        press(app, "Join a table")
        scene = app.top
        assert isinstance(scene, JoinScene)
        scene.address, scene.code = f"127.0.0.1:{port}", "QQQQQQ"
        press(app, "Join")
        step_until(app, lambda: scene.pending is None)
        assert scene.error is not None and "no table QQQQQQ" in scene.error
        fields = scene.widgets[:3]
        for field, text in zip(fields, [None, table.code.lower(), "Cy"], strict=True):
            if text is not None:
                field.text = ""
                app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=field.rect.center,
                                             button=1),
                          pygame.event.Event(pygame.TEXTINPUT, text=text)])
        assert scene.code == table.code.lower() and scene.name == "Cy"
        press(app, "Join")
        step_until(app, lambda: isinstance(app.top, RemoteTableScene))
        seated = app.top
        assert seated.viewer == 0 and seated.seat_names()[0] == "Cy"
        assert hosting.call(lambda: table.presence()[0].name) == "Cy"
    finally:
        hosting.stop()
