"""What the command line calls: open the app window, or draw a table to a PNG without one.

``run_app()`` opens the main menu; ``run_app(play={...})`` sits straight down at a table;
``run_app(replay="save.yaml")`` opens the replay viewer. It returns the process exit code.

The window owns its data home while it runs (``core.instance``): a second copy on the same home
says so on the command line and in its window, and opens no save until the first has closed.
"""

from __future__ import annotations

import math
import os
import sys
import warnings
from pathlib import Path
from typing import Any

import pygame

from dungeon_table.core import instance, paths
from dungeon_table.core.errors import SaveError
from dungeon_table.core.records import load_record, remove_leftover_temp_files
from dungeon_table.ui import i18n, screens, shot
from dungeon_table.ui import scenes as scenes  # registers every screen (``ui/screens.py``)
from dungeon_table.ui import settings as settings_io
from dungeon_table.ui.scene import MIN_SIZE, App, window_size
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.in_use import InUseScene
from dungeon_table.ui.scenes.menu import MainMenuScene
from dungeon_table.ui.scenes.replay import ReplayScene
from dungeon_table.ui.theme import CARD_COLOURS, FELT, FELT_DARK, GOLD, draw_glyph


def make_icon(size: int = 64) -> pygame.Surface:
    """The window icon: a felt tile with the five glyphs around a gold star (drawn, not a file)."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_DARK, icon.get_rect(), border_radius=size // 6)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-size // 10, -size // 10),
                     border_radius=size // 7)
    c = size / 2
    names = ["red", "blue", "green", "purple"]
    for i, name in enumerate(names):
        angle = -math.pi / 4 + i * math.pi / 2
        point = (c + math.cos(angle) * size * 0.33, c + math.sin(angle) * size * 0.33)
        draw_glyph(icon, name, point, size * 0.1, CARD_COLOURS[name])
    draw_glyph(icon, "star", (c, c), size * 0.17, GOLD)
    return icon


def _open_window(settings: settings_io.Settings) -> pygame.Surface:
    pygame.display.init()
    pygame.display.set_caption(i18n.t("app.title"))
    pygame.display.set_icon(make_icon())
    if settings.fullscreen:
        surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        surface = pygame.display.set_mode(window_size(), pygame.RESIZABLE)
    try:
        with warnings.catch_warnings():  # deprecated in 2.5, with no successor for a display
            warnings.simplefilter("ignore", DeprecationWarning)  # module window until 2.6
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):
        pass  # older pygame-ce: the layout still copes with small windows
    return surface


def build_app(lang: str | None = None, owner: bool = True) -> App:
    """The windowed app with the saved settings (``lang`` overrides the language for this run).
    Not the ``owner`` of its data home, it reads the settings but sets none aside."""
    path = settings_io.default_path()
    settings = settings_io.load(path, set_aside=owner)
    if lang:
        settings.lang = lang
    i18n.set_language(settings.lang)
    surface = _open_window(settings)
    pygame.font.init()
    pygame.key.set_repeat(400, 40)
    # Events the app never reads are blocked, so they cannot wake the idle loop.
    pygame.event.set_blocked([pygame.JOYAXISMOTION, pygame.JOYBALLMOTION, pygame.JOYHATMOTION,
                              pygame.FINGERMOTION, pygame.AUDIODEVICEADDED,
                              pygame.AUDIODEVICEREMOVED])
    return App(surface=surface, settings=settings, settings_path=path, window=True)


def first_scene(app: App, play: dict[str, Any] | None, replay: str | None) -> None:
    """Main menu at the bottom of the stack; a table or a replay over it when asked.

    A save that does not load, or a setup the game refuses, leaves the menu showing why.
    """
    menu = MainMenuScene(app)
    app.push(menu)
    try:
        if play:
            seats = list(play.get("seats") or ["human"])
            seed = play.get("seed")
            nav.start_game(app, play["game"], seats,
                           nav.random_seed() if seed is None else int(seed),
                           dict(play.get("options") or {}), replace=False)
        elif replay:
            app.push(ReplayScene(app, load_record(replay)))
    except (SaveError, ValueError, OSError) as err:
        app.reset(menu)
        menu.error = i18n.t("error.load", file=replay, reason=err) if replay else str(err)


def run_app(
    play: dict[str, Any] | None = None, replay: str | None = None, lang: str | None = None
) -> int:
    """Open the window and run until it is closed; 0 on a normal exit, 2 when another copy of
    the app held the data home throughout."""
    lock = instance.HomeLock(paths.data_home())
    refusal = take_home(lock)
    app = build_app(lang, owner=refusal is None)
    try:
        if refusal is None:
            start_up(app, play, replay)
        else:
            print(f"dungeon-table: {refusal}", file=sys.stderr)
            show_in_use(app, refusal, lock,
                        lambda: start_up(app, play, replay, lang, reload_settings=True))
        app.run()
        return 0 if refusal is None or lock.held else 2
    finally:
        pygame.quit()
        lock.release()


def run_remote(client: Any, lang: str | None = None) -> int:
    """The window at a remote table's seat (``client``, a joined ``net.client.SyncClient``):
    the main menu below it when this copy can hold the data home; when another copy holds it
    (the host's own app on this machine) the table alone, writing nothing there, and leaving it
    closes the window."""
    lock = instance.HomeLock(paths.data_home())
    owner = take_home(lock) is None
    app = build_app(lang, owner=owner)
    try:
        if owner:
            start_up(app, None, None)
        screens.push(app, "remote_table", client, leave_quits=not owner)
        app.run()
        return 0
    finally:
        pygame.quit()
        lock.release()
        client.leave_soon()


def take_home(lock: instance.HomeLock) -> instance.HomeInUse | None:
    """Take the data home's lock: None when held now (or when the home cannot even be written:
    the app then plays on, warning that it cannot autosave), else why not."""
    try:
        lock.acquire()
    except instance.HomeInUse as refusal:
        return refusal
    except OSError:
        pass
    return None


def start_up(app: App, play: dict[str, Any] | None, replay: str | None,
             lang: str | None = None, reload_settings: bool = False) -> None:
    """What the owner of the data home does first: clear the temp files a kill left behind, then
    the main menu (and the table or replay asked for). ``reload_settings`` when the app started
    as a second copy: the settings are read again, now setting a damaged file aside."""
    for folder in (paths.data_home(), paths.data_home() / "saves"):
        remove_leftover_temp_files(folder)
    if reload_settings and app.settings_path is not None:
        app.settings = settings_io.load(app.settings_path)
        if lang:
            app.settings.lang = lang
        app.apply_settings(save=False)
    first_scene(app, play, replay)


def show_in_use(app: App, refusal: instance.HomeInUse, lock: instance.HomeLock,
                start: Any) -> None:
    """The second copy's screen: Try again takes the lock if the other copy has closed, then
    starts as usual (``start``)."""
    def retry() -> bool:
        if take_home(lock) is not None:
            return False
        app.scenes.clear()
        start()
        return True

    app.push(InUseScene(app, refusal, retry))


def render_shot(
    game_id: str, seed: int, steps: int, size: tuple[int, int], lang: str, out: str | Path,
    seats: list[str] | None = None, options: dict[str, Any] | None = None,
) -> None:
    """Bots play ``steps`` actions, then the table is drawn to ``out`` (the table's ``ui.shot``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    shot.render_shot(game_id, seed, steps, size, lang, out, seats=seats, options=options)


def render_rules_shots(game_id: str, size: tuple[int, int], lang: str,
                       out: str | Path) -> list[Path]:
    """The game's rules help, page by page, to ``out-1.png``, ``out-2.png``..."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    return shot.render_rules_shots(game_id, size, lang, out)
