"""The Hint's second look (``ui/deeper_hint.py``): the best bot's move is outlined at once, the
expert searches the same decision off the UI thread, and its verdict joins the hint's note: it
agrees, or the hint moves to its move. An answer for a decision the player has left is dropped;
a tutorial's step and a seat holding only a view get the quick answer alone."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest
from table_helpers import SIZE, step_until
from ui_events import key

from dungeon_table.ai.search_bot import SearchBot
from dungeon_table.core.protocol import Action, Game
from dungeon_table.core.session import Session
from dungeon_table.ui import i18n
from dungeon_table.ui.deeper_hint import DeeperHint
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table import TableScene


@pytest.fixture(autouse=True)
def _second_look(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DeeperHint, "enabled", True)


class FakeExpert:
    """Answers with ``pick(legal, quick)`` once the test lets it, as after ``playouts``."""

    def __init__(self, pick: Any, playouts: int = 37) -> None:
        self.pick = pick
        self.playouts = playouts
        self.release = threading.Event()
        self.last_iterations = 0

    def decide(self, game: Game, seat: int) -> Action:
        self.release.wait(10)
        self.last_iterations = self.playouts
        return self.pick(game.legal_actions(seat))


def table(game_id: str = "relic", lang: str = "en", thinking: str = "fast") -> tuple[App, Any]:
    i18n.set_language(lang)
    app = App(surface=pygame.Surface(SIZE),
              settings=Settings(lang=lang, anim_speed=0, thinking=thinking))
    seats = ["human"] * 2
    scene = TableScene(app, Session.new(game_id, seats, 4), seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def note_lines(scene: Any) -> tuple[str, str]:
    assert scene.hint_reason is not None and scene.hint_reason[0] == scene.ui.hint
    return scene.hint_reason[1], scene.hint_detail


def hinted(expert: FakeExpert, lang: str = "en") -> tuple[App, Any, Action]:
    app, scene = table(lang=lang)
    scene.deeper.make = lambda seed: expert
    app.step([key(pygame.K_h)])
    quick = scene.ui.hint
    assert quick is not None and quick in scene.ui.legal, "the quick hint is there at once"
    return app, scene, quick


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_quick_hint_shows_at_once_and_says_the_expert_is_looking(lang: str) -> None:
    expert = FakeExpert(lambda legal: legal[0])
    app, scene, quick = hinted(expert, lang)
    app.step([])
    assert scene.deeper.looking and scene.ui.hint == quick
    assert note_lines(scene)[1] == i18n.t("hint.deeper.looking")
    scene.draw(app.surface)
    assert scene.notes_drawn, "the note with its second line is drawn"
    expert.release.set()


def test_an_expert_that_agrees_says_so_under_the_reason() -> None:
    expert = FakeExpert(lambda legal: None, playouts=37)
    app, scene, quick = hinted(expert)
    reason = note_lines(scene)[0]
    expert.pick = lambda legal: quick
    expert.release.set()
    step_until(app, lambda: not scene.deeper.looking)
    app.step([])
    assert scene.ui.hint == quick
    assert note_lines(scene) == (reason, i18n.t("hint.deeper.agrees", n=37))


def test_an_expert_that_prefers_another_move_moves_the_hint_there() -> None:
    expert = FakeExpert(lambda legal: None, playouts=52)
    app, scene, quick = hinted(expert)
    other = next(a for a in scene.ui.legal if a != quick)
    expert.pick = lambda legal: other
    expert.release.set()
    step_until(app, lambda: scene.ui.hint == other)
    assert note_lines(scene) == (i18n.t("hint.deeper.prefers", n=52),
                                 i18n.t("hint.deeper.better"))
    focused = scene.ui.targets[scene.ui.focus]
    assert focused.leads_to(other), "Enter follows the expert's move"


def test_a_verdict_for_a_decision_already_made_is_dropped() -> None:
    expert = FakeExpert(lambda legal: legal[-1])
    app, scene, quick = hinted(expert)
    steps = len(scene.session.steps)
    app.step([key(pygame.K_RETURN)])  # the player takes the quick hint before the expert ends
    assert len(scene.session.steps) > steps
    expert.release.set()
    step_until(app, lambda: not scene.deeper.looking)
    app.step([])
    assert scene.hint_detail == "" and scene.ui.hint is None, "nothing landed on the next decision"


def test_an_expert_that_did_not_search_adds_nothing() -> None:
    """A decision the expert leaves to its guide (the market's prices) has no verdict to tell:
    "agrees, after 0 playouts" said nothing true."""
    expert = FakeExpert(lambda legal: None, playouts=0)
    app, scene, quick = hinted(expert)
    expert.pick = lambda legal: quick
    expert.release.set()
    step_until(app, lambda: not scene.deeper.looking)
    app.step([])
    assert scene.ui.hint == quick and scene.hint_detail == ""


def test_a_forced_move_is_not_looked_at_again() -> None:
    app, scene = table(game_id="market")
    scene.deeper.make = lambda seed: FakeExpert(lambda legal: legal[0])
    assert len(scene.ui.legal) == 1, "the first explore is forced"
    app.step([key(pygame.K_h)])
    assert scene.ui.hint is not None and not scene.deeper.looking and scene.hint_detail == ""


def test_a_game_without_a_searching_expert_gets_the_quick_hint_alone() -> None:
    app, scene = table()
    scene.deeper.make = lambda seed: object()  # decides from the view: nothing to search
    app.step([key(pygame.K_h)])
    assert scene.ui.hint is not None and not scene.deeper.looking and scene.hint_detail == ""


def test_the_games_own_expert_looks_within_the_fast_thinking_time() -> None:
    """The real thing: relic's expert, 0.3 s, answers with a legal move and its playouts."""
    app, scene = table(thinking="fast")
    app.step([key(pygame.K_h)])
    assert isinstance(scene.deeper.bot, SearchBot) and scene.deeper.looking
    step_until(app, lambda: not scene.deeper.looking, steps=600)
    app.step([])
    assert scene.ui.hint in scene.ui.legal
    detail = scene.hint_detail
    assert detail != i18n.t("hint.deeper.looking"), "the verdict came"
    assert str(scene.deeper.bot.last_iterations) in detail or \
        note_lines(scene)[0] == i18n.t("hint.deeper.prefers", n=scene.deeper.bot.last_iterations)
