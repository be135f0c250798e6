"""``render_shot``: a game played a few actions by the best bot, the table drawn to a PNG.

No window: the dummy video driver and a plain surface. Used by ``dungeon-table shot`` and the tests
to look at the table at any size and language::

    render_shot("lastdungeon", seed=7, steps=12, size=(1920, 1080), lang="ja", out="ld.png")
    render_rules_shots("relic", size=(1280, 720), lang="ja", out="relic-rules.png")  # -1, -2...
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from dungeon_table.core import registry
from dungeon_table.core.session import Session
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.rules_help import RulesHelpScene
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table import TableScene


def play_steps(
    game_id: str, seed: int, steps: int, seats: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """A session after ``steps`` actions of the best bot (fewer if the game ends first)."""
    spec = registry.get(game_id)
    session = Session.new(game_id, seats or ["human"] * spec.min_players, seed, options or {})
    bot = spec.make_bot("best", seed)
    for _ in range(steps):
        to_act = session.game.to_act()
        if not to_act:
            break
        seat = to_act[0]
        session.apply(seat, bot.choose(session.game.view(seat), session.game.legal_actions(seat)))
    return session


def _headless_app(size: tuple[int, int], lang: str) -> App:
    """An app drawing to a plain surface of ``size``, in ``lang``, animations off."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))  # convert() needs a display format, even a dummy one
    return App(surface=pygame.Surface(size), settings=Settings(lang=lang, anim_speed=0))


def render_shot(
    game_id: str, seed: int, steps: int, size: tuple[int, int], lang: str, out: str | Path,
    seats: list[str] | None = None, options: dict[str, Any] | None = None,
) -> None:
    """Draw the table of ``game_id`` after ``steps`` bot actions to the PNG ``out``."""
    app = _headless_app(size, lang)
    session = play_steps(game_id, seed, steps, seats, options)
    scene = TableScene(app, session, session.record.seats)
    scene.game_over_shown = True  # a shot shows the table itself, never the game-over screen
    app.push(scene)
    app.step([])
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(out))


def render_rules_shots(game_id: str, size: tuple[int, int], lang: str,
                       out: str | Path) -> list[Path]:
    """The in-app rules help of ``game_id`` drawn page by page, as a player scrolls it with
    Page Down: ``out`` with ``-1``, ``-2``... before its suffix. Returns the files written."""
    app = _headless_app(size, lang)
    scene = RulesHelpScene(app, game_id)
    app.push(scene)
    app.step([])
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    while True:
        path = out.with_name(f"{out.stem}-{len(written) + 1}{out.suffix}")
        app.request_redraw()
        app.step([])
        pygame.image.save(app.surface, str(path))
        written.append(path)
        before = scene.scroll
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                        unicode=""))
        if scene.scroll == before:
            return written
