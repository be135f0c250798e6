"""A searching bot decides off the UI thread (``ui/bot_runner.py``): the table keeps taking input
and drawing, says the bot is thinking, and plays its move when the search ends.

Played on the core tests' two-seat toy game with a stub renderer and a fake slow bot that blocks
until the test lets it answer: a table that asked it on the UI thread would hang inside
``app.step`` (until the bot's own timeout) and have moved by the time the step returned.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from stub_renderer import StubRenderer, stub_table
from table_helpers import step_until
from ui_events import click_at, key

from dungeon_table.ai.search_bot import THINKING_SECONDS, SearchBot
from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Game, to_dict


class SlowBot:
    """Searches until ``release`` is set (at most ``limit`` seconds), then plays its first legal
    action; records which thread it ran on."""

    def __init__(self, limit: float = 10.0) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.limit = limit
        self.thread: threading.Thread | None = None

    def decide(self, game: Game, seat: int) -> Action:
        self.thread = threading.current_thread()
        self.started.set()
        self.release.wait(self.limit)
        return game.legal_actions(seat)[0]

    def choose(self, view: Any, legal: list[Action]) -> Action:
        return legal[0]


@pytest.fixture
def toy_table() -> Iterator[str]:
    from core import toy  # tests/ is on sys.path (its conftest.py is the rootdir's)

    with stub_table(toy.SPEC, StubRenderer):
        yield "toy"


def _table(thinking: str = "normal") -> tuple[Any, Any, SlowBot]:
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    seats = ["human", "bot:random"]
    app = App(surface=pygame.Surface((1280, 720)),
              settings=Settings(anim_speed=0, thinking=thinking))
    scene = TableScene(app, Session.new("toy", seats, seed=3), seats, bot_delay_ms=0)
    bot = SlowBot()
    scene.bots[1] = bot
    app.push(scene)
    app.step([])
    return app, scene, bot


def _hand_over(app: Any, scene: Any) -> None:
    index = next(i for i, tg in enumerate(scene.ui.targets) if to_dict(tg.action)["type"] == "play")
    app.step(click_at(scene.ui.targets[index].rect.center))


def test_the_table_takes_input_while_a_bot_thinks_and_plays_its_move_after(
        toy_table: str) -> None:
    app, scene, bot = _table()
    _hand_over(app, scene)
    step_until(app, lambda: scene.runner.thinking == 1)
    assert bot.started.wait(5)
    moves = len(scene.session.steps)
    app.step([key(pygame.K_ESCAPE)])  # input is handled at once: the pause menu opens
    assert type(app.top).__name__ != "TableScene"
    app.pop()
    app.step([])
    assert scene.runner.thinking == 1 and len(scene.session.steps) == moves
    assert bot.thread is not threading.current_thread()
    bot.release.set()
    step_until(app, lambda: len(scene.session.steps) > moves)
    assert scene.session.steps[moves].seat == 1
    assert scene.runner.thinking is None or len(scene.session.steps) > moves + 1


def test_the_thinking_tag_is_drawn_while_the_bot_searches(toy_table: str) -> None:
    app, scene, bot = _table()
    _hand_over(app, scene)
    step_until(app, lambda: scene.runner.thinking == 1)
    drawn: list[str] = []
    from dungeon_table.ui import bot_runner

    real = bot_runner.draw_banner
    bot_runner.draw_banner = lambda *a, **k: drawn.append(a[4][0]) or real(*a, **k)
    try:
        app.request_redraw()
        app.step([])
    finally:
        bot_runner.draw_banner = real
        bot.release.set()
    assert any("thinking" in text for text in drawn), drawn


def test_an_answer_for_a_step_the_game_has_left_is_dropped() -> None:
    from dungeon_table.ui.bot_runner import BotRunner

    runner = BotRunner()
    bot = SlowBot()
    game = registry.get("relic").new_game(["human", "human"], 4)
    runner.start(bot, game, game.to_act()[0], steps=7)
    bot.release.set()
    assert runner.wait(5)
    assert runner.poll(steps=8) is None
    assert runner.thinking is None


def test_the_runner_gives_the_expert_the_thinking_time_of_the_settings() -> None:
    from dungeon_table.ui.bot_runner import BotRunner

    spec = registry.get("relic")
    game = spec.new_game(["human", "human"], 4)
    rnd = random.Random(2)
    while len(game.legal_actions(game.to_act()[0])) < 2:
        seat = game.to_act()[0]
        game.apply(seat, rnd.choice(game.legal_actions(seat)))
    bot = spec.make_bot("expert", 1)
    assert isinstance(bot, SearchBot)
    runner = BotRunner()
    seat = game.to_act()[0]
    runner.start(bot, game, seat, steps=0, thinking="fast")
    assert bot.budget.seconds == THINKING_SECONDS["fast"]
    assert runner.wait(30)
    done = runner.poll(steps=0)
    assert done is not None and done[0] == seat and done[1] in game.legal_actions(seat)
