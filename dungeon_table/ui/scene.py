"""Scenes on a stack and the event-driven app loop that runs them.

The loop sleeps while nothing moves (``App.wait``), so an idle table costs next to no CPU. It
draws a frame only when input arrived, a timer fired, a scene asked (``request_redraw``) or the top
scene's ``update`` says it is animating; then it runs at up to 60 frames a second, one
``display.flip()`` a frame.

Tests build the app on a plain surface and drive it by feeding events::

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings())
    app.push(MainMenuScene(app))
    app.step([click_event])          # handle, update, draw once
    assert not app.needs_frames      # idle: the real loop would block
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

import pygame

from dungeon_table.ui import card_faces, i18n, sound
from dungeon_table.ui import settings as settings_io
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.theme import Theme

MIN_SIZE = (1280, 720)
FPS_CAP = 60
NAP_ACTIVE_MS = 4  # poll interval while the player is active (within ACTIVE_WINDOW_MS of input)
NAP_IDLE_MS = 15  # poll interval once the table has been quiet: under one 60 Hz frame of latency
ACTIVE_WINDOW_MS = 1500


class Scene:
    """One screen. ``opaque = False`` draws the scene below first (the pause menu over a table)."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (pygame's ``KEYDOWN``, ``MOUSEBUTTONDOWN``...)."""

    def update(self, now_ms: int) -> bool:
        """Advance animations to ``now_ms``; True while more frames are needed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (full redraws are affordable; cache what does not change)."""

    def on_enter(self) -> None:
        """Became the top scene (pushed, or the scene above was popped)."""

    def on_exit(self) -> None:
        """Stopped being the top scene (popped, replaced, or covered by a push)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window size, UI scale or language changed: lay out again."""


class App:
    """The scene stack, the settings, the theme and the loop.

    Built on a given ``surface`` it is headless (tests, screenshots); ``window=True`` means the
    surface is the display and the app follows its resizes and flips it. ``ticks`` is the clock
    in milliseconds every scene reads through ``now()`` (pygame's by default): a test passes its
    own, so "0.1 s later" is exact and no assertion waits on the machine.
    """

    def __init__(
        self,
        surface: pygame.Surface | None = None,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        window: bool = False,
        ticks: Callable[[], int] | None = None,
    ) -> None:
        # display and fonts only: the mixer would wake the sound card (slow, noisy) for nothing
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.window = window
        self._ticks = ticks if ticks is not None else pygame.time.get_ticks
        self.surface = surface if surface is not None else pygame.Surface(MIN_SIZE)
        self.settings = settings if settings is not None else Settings()
        self.settings_path = settings_path  # None: settings live in memory only (tests)
        self.scenes: list[Scene] = []
        self.theme = Theme.for_window(self.size, self.settings.ui_scale)
        self.running = False
        self.needs_frames = False
        self.frames_drawn = 0
        self._dirty = True
        self._timers: list[int] = []
        self._clock = pygame.time.Clock()
        self._last_input = 0
        # Keys held down now, and whether the KEYDOWN being handled is a key repeating (or one
        # held since before: Enter kept down after the move that ended a turn): a screen that
        # must not be passed by accident (the privacy screen, game over) ignores those.
        self.keys_down: set[int] = set()
        self.key_repeat = False
        self.wait_mode = "nap"  # or "sdl": block in pygame.event.wait() (see ``wait``)
        # The mixer opens at the first sound, not here (ui/sound.py)
        self.sound = sound.SoundPlayer(lambda: self.settings, self.now, self.set_timer)
        sound.install(self.sound)
        i18n.set_language(self.settings.lang)
        i18n.on_change(self._language_changed)
        card_faces.set_glyph_mode(self.settings.glyphs)

    # --- stack ---------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.on_exit()
        self.scenes.append(scene)
        scene.on_resize(self.size)
        scene.on_enter()
        self.request_redraw()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.top is not None:
            self.top.on_resize(self.size)  # the window may have changed while it was covered
            self.top.on_enter()
        else:
            self.running = False
        self.request_redraw()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        scene.on_resize(self.size)
        scene.on_enter()
        self.request_redraw()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show ``scene`` (back to the main menu)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def find(self, kind: type) -> Any:
        """The topmost scene of a class, or None (the pause menu finds the table below it)."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # --- redraw and timers ------------------------------------------------------------------------
    def request_redraw(self) -> None:
        self._dirty = True

    def set_timer(self, ms: int) -> None:
        """Wake the loop (and redraw) after ``ms`` milliseconds, e.g. a bot's thinking pause."""
        self._timers.append(self.now() + max(0, int(ms)))

    def now(self) -> int:
        return self._ticks()

    def _fire_timers(self, now: int) -> bool:
        due = [t for t in self._timers if t <= now]
        if due:
            self._timers = [t for t in self._timers if t > now]
        return bool(due)

    def _wait_timeout(self) -> int:
        """Milliseconds until the next timer; 0 means wait for input forever."""
        if not self._timers:
            return 0
        return max(1, min(self._timers) - self.now())

    # --- settings ------------------------------------------------------------------------------
    def apply_settings(self, save: bool = True) -> None:
        """Take a changed ``settings`` into effect now: language, scale, fullscreen; then persist."""
        self.settings.clean()
        if self.window and self.settings.fullscreen != bool(
            pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        ):
            self._set_display_mode()
        if i18n.language() != self.settings.lang:
            i18n.set_language(self.settings.lang)  # relayouts through _language_changed
        self._relayout()
        self.sound.settings_changed()
        if save and self.settings_path is not None:
            try:
                settings_io.save(self.settings, self.settings_path)
            except OSError:
                pass  # a read-only home must not stop play; the settings still apply now

    def _set_display_mode(self) -> None:
        if self.settings.fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(window_size(), pygame.RESIZABLE)

    def _language_changed(self, _lang: str) -> None:
        self._relayout()

    def _relayout(self) -> None:
        self.theme = Theme.for_window(self.size, self.settings.ui_scale)
        card_faces.set_glyph_mode(self.settings.glyphs)
        for scene in self.scenes:
            scene.on_resize(self.size)
        self.request_redraw()

    def resize(self, surface: pygame.Surface) -> None:
        """Use a new target surface (window resized, or a test drawing at another size)."""
        self.surface = surface
        self._relayout()

    # --- the loop ------------------------------------------------------------------------------
    def _track_keys(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key_repeat = event.key in self.keys_down
            self.keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_down.clear()  # its key-ups go to another window

    def _dispatch(self, event: pygame.event.Event) -> None:
        self._track_keys(event)
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if self.window and pygame.display.get_surface() is not None:
                self.resize(pygame.display.get_surface())
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.request_redraw()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and self.window:
            self.settings.fullscreen = not self.settings.fullscreen
            self.apply_settings()
            return
        if self.top is not None:
            self.top.handle(event)
            self.request_redraw()

    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle ``events``, update the top scene, draw if anything changed; True if animating."""
        for event in events or ():
            if event.type != pygame.NOEVENT:
                self._dispatch(event)
            if not self.scenes:
                return False
        now = self.now()
        fired = self._fire_timers(now)
        self.sound.update(now)
        top = self.top
        was_animating = self.needs_frames
        self.needs_frames = bool(top.update(now)) if top is not None else False
        # The frame after the last animated one must be drawn too: otherwise the picture freezes
        # on the last tween frame (a half-faded banner) until the next input.
        if self._dirty or fired or self.needs_frames or was_animating:
            self.draw()
        return self.needs_frames

    def draw(self) -> None:
        """Draw the stack from its topmost opaque scene upward; flip once when windowed."""
        self._dirty = False
        if not self.scenes:
            return
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.surface)
        self.frames_drawn += 1
        if self.window:
            pygame.display.flip()

    def run(self) -> None:
        """Run until the last scene is popped or the window is closed."""
        self.running = True
        self.request_redraw()  # the first frame, whatever was drawn before
        self.step([])
        while self.running and self.scenes:
            events = pygame.event.get() if self.needs_frames else self.wait()
            self.step(events)
            if self.needs_frames:
                self._clock.tick(FPS_CAP)
        i18n.remove_listener(self._language_changed)

    def wait(self) -> list[pygame.event.Event]:
        """Sleep until input arrives or a timer is due; no frames are drawn meanwhile.

        ``pygame.event.wait()`` in pygame-ce polls SDL every millisecond (about 1.5 % of a core
        measured here with bench/idle_cpu.py). Napping a few milliseconds between polls costs a
        tenth of that and adds at most one nap of latency: short right after input (hover
        and typing stay smooth), longer once the table has been quiet for a while.
        """
        if self.wait_mode == "sdl":
            first = pygame.event.wait(self._wait_timeout())
            return [first, *pygame.event.get()]
        while True:
            events = pygame.event.get()
            now = self.now()
            if events:
                self._last_input = now
                return events
            if self._timers and min(self._timers) <= now:
                return []
            nap = NAP_ACTIVE_MS if now - self._last_input < ACTIVE_WINDOW_MS else NAP_IDLE_MS
            if self._timers:
                nap = max(1, min(nap, min(self._timers) - now))
            time.sleep(nap / 1000)

    def quit(self) -> None:
        self.running = False
        while self.scenes:
            self.scenes.pop().on_exit()
        self.sound.close()


def window_size() -> tuple[int, int]:
    """1600×900, or the desktop if it is smaller (never below the 1280×720 minimum)."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    if desktops:
        dw, dh = desktops[0]
        w, h = min(1600, dw), min(900, dh)
    else:
        w, h = 1600, 900
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
