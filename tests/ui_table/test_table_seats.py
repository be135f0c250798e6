"""The generic table with two seats: bots move on their own after a pause, humans get a handoff.

Played on the core tests' two-seat toy game with a stub renderer: one target per legal action.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Iterator

import pygame
import pytest
from ui_events import click_at

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core import registry
from dungeon_table.core.protocol import to_dict


class StubRenderer:
    def layout(self, board: pygame.Rect, th: object) -> None:
        self.board = board

    def draw(self, surface: pygame.Surface, view: object, ui: object) -> None:
        pass

    def targets(self, view: object, legal: list) -> list:
        from dungeon_table.ui.renderer import Target

        return [Target(pygame.Rect(20 + 60 * i, 300, 50, 70), a) for i, a in enumerate(legal)]

    def animations(self, events: list, before: object, after: object) -> list:
        return []

    def preview(self, view: object, pos: tuple[int, int]) -> None:
        return None

    def log_lines(self, events: list, before: object, after: object) -> list[str]:
        return [str(to_dict(e)) for e in events]

    def log_heading(self, before: object, after: object) -> None:
        return None


@pytest.fixture
def toy_table() -> Iterator[str]:
    from core import toy  # tests/ is on sys.path (its conftest.py is the rootdir's)

    stub = types.ModuleType("stub_toy_view")
    stub.make_renderer = lambda app, game_id: StubRenderer()  # type: ignore[attr-defined]
    sys.modules["stub_toy_view"] = stub
    registry.register(dataclasses.replace(toy.SPEC, bots={"random": RandomBot},
                                          view_module="stub_toy_view"))
    yield "toy"
    registry._REGISTRY.pop("toy", None)
    sys.modules.pop("stub_toy_view", None)


def _table(seats: list[str]):  # noqa: ANN202
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    scene = TableScene(app, Session.new("toy", seats, seed=3), seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def _play_first(app, scene) -> None:  # noqa: ANN001
    index = next(i for i, tg in enumerate(scene.ui.targets) if to_dict(tg.action)["type"] == "play")
    app.step(click_at(scene.ui.targets[index].rect.center))


@pytest.mark.parametrize("bot", ["bot:random", "bot"])  # a bare "bot" (scripts) is the best
def test_a_bot_seat_moves_by_itself_after_the_human(toy_table: str, bot: str) -> None:
    app, scene = _table(["human", bot])
    _play_first(app, scene)
    for _ in range(5):
        if scene.game.to_act() == [0]:
            break
        app.step([])  # the bot's timer fires; no input needed
    steps = scene.session.steps
    assert [step.seat for step in steps] == [0] + [1] * (len(steps) - 1) and len(steps) > 1
    assert to_dict(steps[-1].action)["type"] == "play", "the bot plays on to the end of its turn"
    assert scene.game.to_act() == [0] or scene.game.result() is not None


def test_a_bot_waits_for_its_visible_pause(toy_table: str) -> None:
    app, scene = _table(["human", "bot:random"])
    scene.bot_delay_ms = 60_000
    _play_first(app, scene)
    app.step([])
    assert [step.seat for step in scene.session.steps] == [0]
    assert scene.bot_due is not None


def test_two_humans_get_a_handoff_before_the_next_one_sees_the_table(toy_table: str) -> None:
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = _table(["human", "human"])
    _play_first(app, scene)
    app.step([])
    assert isinstance(app.top, HandoffScene)
    assert scene.viewer == 0  # nothing of seat 1 is shown before the reveal
    app.top.on_reveal()  # what the handoff's reveal button does, after popping itself
    assert scene.viewer == 1
    assert scene.ui.targets, "seat 1 now has its legal targets"
