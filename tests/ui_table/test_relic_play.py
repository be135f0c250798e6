"""The relic table on real games: in random games of 2-4 players nothing is drawn that the seat's
own view does not hold, and the events of whole games animate and log. (Every legal action's
target, every phase drawn in both languages and sizes: ``test_renderer_all_games.py``.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.session import Session
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.table import RelicRenderer
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.renderer import UiState

SIZES = [(1280, 720), (1920, 1080)]


def game_steps(players: int, seed: int, limit: int = 600,
               ) -> Iterator[tuple[Session, int, list[Any], m.RelicView | None]]:
    """(session, seat, events of the last step, the seat's view before it) at every decision."""
    session = Session.new("relic", ["human"] * players, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    events: list[Any] = []
    before: m.RelicView | None = None
    for _ in range(limit):
        to_act = session.game.to_act()
        if not to_act:
            return
        seat = to_act[0]
        yield session, seat, events, before
        before = session.game.view(seat)
        events = session.apply(seat, bots[seat].choose(before, session.game.legal_actions(seat)))


def renderer(size: tuple[int, int] = (1280, 720)) -> RelicRenderer:
    r = RelicRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_draw_nothing_a_seat_may_not_see(players: int) -> None:
    """Every card drawn is public or the viewer's own. (Every legal action's target:
    ``test_renderer_all_games.py``.)"""
    r = renderer()
    phases: set[str] = set()
    seeds = range(8) if players == 2 else range(2)
    steps = (step for seed in seeds for step in game_steps(players, seed=seed))
    for session, seat, _events, _before in steps:
        view = session.game.view(seat)
        legal = session.game.legal_actions(seat)
        phases.add("prompt" if view.prompt else view.phase)
        surface = pygame.Surface((1280, 720))
        r.draw(surface, view, UiState(seat=seat, legal=legal, targets=r.targets(view, legal)))
        public = {d.card for p in view.players for d in p.dungeon if not d.face_down}
        public |= {e.card for p in view.players for e in p.enemies} | set(view.discard)
        public |= set(view.hand)
        if view.battle is not None:
            public |= {view.battle.enemy, *view.battle.committed}
        drawn = {card for _rect, card in r.shown}
        assert drawn <= public, drawn - public
    assert {"play", "dungeon", "end"} <= phases, phases
    if players == 2:
        assert {"search", "battle", "prompt"} <= phases, phases


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_whole_games_draw_animate_and_log(lang: str, size: tuple[int, int]) -> None:
    i18n.set_language(lang)
    r = renderer(size)
    surface = pygame.Surface(size)
    seen: set[str] = set()
    for k, (session, seat, events, before) in enumerate(game_steps(2, seed=5)):
        view = session.game.view(seat)
        if k % 4 == 0:
            legal = session.game.legal_actions(seat)
            r.draw(surface, view, UiState(seat=seat, legal=legal, targets=r.targets(view, legal)))
        if before is None or not events:
            continue
        mine = list(events)
        lines = r.log_lines(mine, before, view)
        assert all(line and "{" not in line for line in lines), lines
        queue = AnimQueue()
        queue.extend(r.animations(mine, before, view))
        for now in range(0, 20000, 250):
            queue.update(now)
            queue.draw(surface)
        seen |= {type(e).__name__ for e in mine}
    assert {"Drew", "DungeonSet", "TurnStarted"} <= seen, seen


def _relic_table(seats: list[str], seed: int, anim_speed: float = 0,
                 size: tuple[int, int] = (1280, 720)) -> tuple[Any, Any]:
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface(size), settings=Settings(lang="en", anim_speed=anim_speed))
    session = Session.new("relic", seats, seed)
    scene = TableScene(app, session, seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def test_a_game_with_a_bot_is_played_to_its_end_by_hint_click_and_enter() -> None:
    from table_helpers import visible_point
    from ui_events import click_at, key

    from dungeon_table.ui.scenes.gameover import GameOverScene

    app, scene = _relic_table(["human", "bot:random"], seed=3)
    moves = 0
    while not isinstance(app.top, GameOverScene):
        assert moves < 3000, "the game should end"
        if not scene.ui.legal or scene.bot_due is not None:
            app.step([])
            continue
        assert scene.view == scene.game.view(scene.viewer), "the table draws the engine's view"
        app.step([key(pygame.K_h)])
        index = scene.ui.focus
        assert index is not None, "the hint highlights a target"
        if scene.ui.targets[index].pick is not None:  # an enemy picked: then its field
            app.step([key(pygame.K_RETURN)])
            hint = scene.ui.hint
            index = next(i for i, tg in enumerate(scene.ui.targets)
                         if tg.pick is None and tg.action == hint)
            scene.ui.focus = index
        if moves % 2:
            app.step([key(pygame.K_RETURN)])
        else:
            app.step(click_at(visible_point(scene, index)))
        moves += 1
    assert scene.game.result() is not None


def test_four_players_play_with_animations_on() -> None:
    """A four-player game at the table with animations running (a fake clock moving 200 ms a
    frame): every event's tweens draw over the table until the game is over."""
    from dungeon_table.ui.scenes.gameover import GameOverScene

    app, scene = _relic_table(["human", "bot:random", "bot:random", "bot:random"], seed=2,
                              anim_speed=3)
    clock = [0]
    app.now = lambda: clock[0]
    bot = RandomBot(9)
    for _ in range(20000):
        if isinstance(app.top, GameOverScene):
            break
        clock[0] += 200
        if scene.ui.legal and scene.bot_due is None and not scene.anim.busy:
            scene.act(0, bot.choose(scene.view, scene.ui.legal))
        app.step([])
    assert isinstance(app.top, GameOverScene)


def test_the_game_over_words_are_in_both_catalogues() -> None:
    """The outcome and every score line of a finished game are named in both languages."""
    session = list(game_steps(2, seed=1))[0][0]  # one session, played to its end
    result = session.game.result()
    assert result is not None
    keys = {result.outcome} | {line.key for lines in result.breakdown for line in lines}
    for lang in ("en", "ja"):
        assert all(i18n.has(key, lang) for key in keys), (lang, keys)
