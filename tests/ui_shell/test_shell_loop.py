"""The real loop: it draws once, then sleeps until input; the window entry point runs and exits."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pygame
from shell_helpers import menu_app

from dungeon_table.core.records import load_record
from dungeon_table.ui.scene import App, Scene


def test_run_draws_once_then_sleeps_until_quit() -> None:
    app = menu_app()
    pygame.event.clear()
    drawn = app.frames_drawn
    timer = threading.Timer(0.4, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    timer.start()
    app.run()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    assert app.top is None and not app.running
    assert app.frames_drawn - drawn == 1, "one frame on start, none while idle"
    assert wall >= 0.35
    assert cpu < 0.5 * wall, "the idle loop sleeps (a busy loop would use the whole wall time)"


def test_run_app_opens_plays_and_exits_cleanly(tmp_path: Path) -> None:
    child = textwrap.dedent(
        """
        import threading, pygame
        from dungeon_table.ui import entry
        quit = lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))
        threading.Timer(0.5, quit).start()
        play = {"game": "lastdungeon", "seats": ["human"], "seed": 3, "options": {}}
        raise SystemExit(entry.run_app(play=play, lang="ja"))
        """
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DUNGEON_TABLE_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    record = load_record(tmp_path / "saves" / "autosave-lastdungeon.yaml")
    assert (record.game, record.seed, record.seats) == ("lastdungeon", 3, ["human"])


def test_a_damaged_replay_file_opens_the_menu_with_its_error(tmp_path: Path) -> None:
    from dungeon_table.ui import entry
    from dungeon_table.ui.scenes.menu import MainMenuScene

    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\ngame: lastdungeon\nseed: [\n", encoding="utf-8")
    app = menu_app()
    app.scenes.clear()
    entry.first_scene(app, None, str(bad))
    app.step([])
    assert isinstance(app.top, MainMenuScene) and len(app.scenes) == 1
    assert "bad.yaml" in (app.top.error or "")


class _Fading(Scene):
    """Animates for ``frames`` updates, recording what each drawn frame showed."""

    def __init__(self, app: App, frames: int) -> None:
        super().__init__(app)
        self.left = frames
        self.drawn: list[int] = []

    def update(self, now_ms: int) -> bool:
        self.left = max(0, self.left - 1)
        return self.left > 0

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn.append(self.left)


def test_the_frame_after_an_animation_ends_is_drawn() -> None:
    """A banner fading out must not freeze half-faded: the first still frame is drawn too."""
    app = App(surface=pygame.Surface((1280, 720)))
    scene = _Fading(app, frames=3)
    app.push(scene)
    while app.step([]):
        pass
    assert scene.drawn[-1] == 0, "the last frame drawn is the settled one"
    drawn = len(scene.drawn)
    app.step([])
    assert len(scene.drawn) == drawn, "then idle: no more frames"
