"""The replay viewer: a saved or finished game stepped forward and back through the table renderer.

Forward applies the next recorded action and plays its animations; back rebuilds the game from the
record without the last action (no animation, like undo). The log on the right keeps pace. A scrub
bar jumps anywhere (click or drag), a speed control paces Play, and a choice of view says whose
eyes the table is seen through: the table's public view, a lone human's own seat while the game is
unfinished (its other seats' hands stay hidden: the game may still be played on), and once the
game is over each seat's view or everything, all hidden information shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from dungeon_table.core.errors import IllegalAction, SaveError
from dungeon_table.core.session import start
from dungeon_table.ui import fonts, screens, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.event_sounds import EventSounds
from dungeon_table.ui.i18n import t
from dungeon_table.ui.log_panel import LogPanel
from dungeon_table.ui.names import game_name, seat_names
from dungeon_table.ui.renderer import UiState, make_renderer
from dungeon_table.ui.scene import App, Scene
from dungeon_table.ui.table_parts import board_area, side_column, table_theme
from dungeon_table.ui.widgets import Button, Choice, FocusRing, Widget, dispatch

PLAY_GAP_MS = 700  # pause between actions while playing, at animation speed 1
SPEEDS = (0.5, 1.0, 2.0, 4.0)  # Play's pace, times the settings' animation speed
EVERYTHING = "all"  # the view choice that shows all hidden information (a finished game only)


class ScrubBar(Widget):
    """The replay's position as a bar: a click or a drag along it jumps to that action."""

    def __init__(self, rect: pygame.Rect, total: int, at: Callable[[], int],
                 seek: Callable[[int], None]) -> None:
        super().__init__(rect, enabled=total > 0)
        self.total, self.at, self.seek = total, at, seek

    def count_at(self, x: int) -> int:
        share = (x - self.rect.x) / max(1, self.rect.w)
        return round(max(0.0, min(1.0, share)) * self.total)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.rect.inflate(0, self.rect.h).collidepoint(event.pos):
            self.pressed = True
            self.seek(self.count_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.pressed:
            self.seek(self.count_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.pressed:
            self.pressed = False
            return True
        return False

    def draw(self, surface: pygame.Surface, th: theme.Theme) -> None:
        track = self.rect.inflate(0, -self.rect.h // 2)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.5), track,
                         border_radius=track.h // 2)
        done = track.copy()
        done.w = round(track.w * self.at() / max(1, self.total))
        if done.w:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=track.h // 2)
        x = track.x + done.w
        pygame.draw.circle(surface, theme.TEXT, (x, track.centery), self.rect.h // 2)


class ReplayScene(Scene):
    def __init__(self, app: App, record: Any) -> None:
        super().__init__(app)
        self.record = record
        self.game_id: str = record.game
        self.entries = record.entries()
        self.total = len(self.entries)
        humans = [i for i, kind in enumerate(record.seats) if not kind.startswith("bot")]
        self.viewer: int | None = humans[0] if len(humans) == 1 else (0 if len(record.seats) == 1
                                                                      else None)
        self.everything = False  # all hidden information shown (``EVERYTHING``)
        self.speed = 1.0
        self.finished = _finished(record)
        self.anim = AnimQueue(app.settings.anim_speed)
        self.log = LogPanel()
        self.step_logs: list[tuple[str | None, list[str]]] = []
        self.count = 0
        self.playing = False
        self.due: int | None = None
        self.error: str | None = None
        self.buttons: list[Button] = []
        self.ring = FocusRing()
        self.renderer: Any = None
        self.ui: Any = None
        try:
            self.renderer = make_renderer(app, self.game_id)
            self.ui = UiState(seat=self.viewer, watching=True,
                              names=seat_names(list(record.seats), list(record.names)))
        except (ImportError, AttributeError, ValueError) as err:
            self.error = f"{t('replay.no_renderer')} ({err})"
        self.sounds = EventSounds(app.sound, self.renderer, self.anim, self.game_id)
        self.game: Any = start(record, f"<replay {self.game_id}>")
        self.view = self.game.view(self.viewer)
        self.log.add([], heading=self._heading(None, self.view))

    # --- stepping --------------------------------------------------------------------------------
    def _heading(self, before: Any, after: Any) -> str | None:
        return self.renderer.log_heading(before, after) if self.renderer else None

    def forward(self, animate: bool = True) -> None:
        if self.count >= self.total or self.error:
            return
        self.anim.skip_all()
        seat, notation = self.entries[self.count]
        before = self.view
        try:
            events = self.game.apply(seat, type(self.game).decode_action(notation))
        except IllegalAction as err:
            self.error = str(SaveError(f"action {self.count}: {err}"))
            self.playing = False
            return
        self.count += 1
        self.view = self.game.view(self.viewer)
        seen = [e for e in events if self.everything or e.visible_to(self.viewer)]
        if self.renderer is not None:
            lines = self.renderer.log_lines(seen, before, self.view)
            heading = self.renderer.log_heading(before, self.view)
            self.step_logs.append((heading, lines))
            self.log.add(lines, heading=heading)
            if animate:
                self.anim.speed = self.app.settings.anim_speed * self.speed
                tweens = self.renderer.animations(seen, before, self.view)
                self.anim.extend(tweens)
                self.sounds.cue(seen, tweens, before, self.view, self.game.result(),
                                [] if self.viewer is None else [self.viewer])
        self.app.request_redraw()

    def back(self) -> None:
        if self.count == 0:
            return
        self.goto(self.count - 1)

    def goto(self, count: int, again: bool = False) -> None:
        """Jump to the state after ``count`` actions, without animations (``again``: from the
        start even going forward: another view's log differs from the first action)."""
        count = max(0, min(self.total, count))
        self.anim.skip_all()
        if count < self.count or again:
            self.game = start(self.record, f"<replay {self.game_id}>")
            self.count = 0
            self.view = self.game.view(self.viewer)
            self.step_logs = []
            self.log.clear()
            self.log.add([], heading=self._heading(None, self.view))
        while self.count < count and not self.error:
            self.forward(animate=False)
        self.app.request_redraw()

    # --- speed and view --------------------------------------------------------------------------
    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.due = None  # the next step comes at the new pace

    def views(self) -> list[int | str | None]:
        """The views offered: the table's public one, a lone human's own while the game is
        unfinished, and once it is over every seat's and everything."""
        seats = len(self.record.seats)
        if self.finished:
            return [*range(seats), None, EVERYTHING] if seats > 1 else [0, EVERYTHING]
        humans = [i for i, kind in enumerate(self.record.seats) if not kind.startswith("bot")]
        own = humans if len(humans) == 1 else ([0] if seats == 1 else [])
        return [*own, None]

    def watching(self) -> int | str | None:
        return EVERYTHING if self.everything else self.viewer

    def set_view(self, choice: int | str | None) -> None:
        """Watch through another seat's eyes (or the table's, or all of it) from the same
        action: the game and its log are built again for that view."""
        if choice not in self.views():
            return
        self.everything = choice == EVERYTHING
        self.viewer = None if self.everything or choice is None else int(choice)
        if self.ui is not None:
            self.ui.seat = self.viewer
        self.goto(self.count, again=True)
        self.on_resize(self.app.size)  # the choice shows it, whoever made it

    def view_text(self, choice: int | str | None) -> str:
        if choice == EVERYTHING:
            return t("replay.view_all")
        if choice is None:
            return t("replay.view_table")
        names = self.ui.names if self.ui is not None else seat_names(
            list(self.record.seats), list(self.record.names))
        return t("replay.view_seat", name=names[int(choice)])

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.count < self.total
        self.due = None
        self.on_resize(self.app.size)  # the Play/Pause label

    # --- loop --------------------------------------------------------------------------------------
    def update(self, now_ms: int) -> bool:
        busy = self.anim.update(now_ms)
        self.sounds.update(now_ms)
        if self.ui is not None:
            self.ui.animating = busy
            self.ui.hidden = self.anim.hidden()
        if self.playing and not busy:
            if self.count >= self.total:
                self.toggle_play()
            elif self.due is None:
                pace = max(0.5, self.app.settings.anim_speed or 3.0) * self.speed
                gap = round(PLAY_GAP_MS / pace)
                self.due = now_ms + gap
                self.app.set_timer(gap)
            elif now_ms >= self.due:
                self.due = None
                self.forward()
        return busy or self.anim.busy or self.sounds.busy

    # --- layout ----------------------------------------------------------------------------------
    @property
    def th(self) -> theme.Theme:
        """The table's theme: at UI scale 150 % the full scale cut off the prompt, the deck's
        title and the replay's own caption at 1280×720."""
        return table_theme(self.app)

    def on_resize(self, size: tuple[int, int]) -> None:
        th = self.th
        margin = th.px(2)
        side = side_column(size, th)
        bh, gap = th.px(6), th.px(1)
        small = (side.w - 4 * gap) // 6
        wide = side.w - 4 * gap - 4 * small
        x = side.x
        specs = [
            ("«", lambda: self.goto(0), small, pygame.K_HOME),
            ("‹", self.back, small, pygame.K_LEFT),
            (lambda: t("replay.pause" if self.playing else "replay.play"), self.toggle_play, wide,
             pygame.K_SPACE),
            ("›", self.forward, small, pygame.K_RIGHT),
            ("»", lambda: self.goto(self.total), small, pygame.K_END),
        ]
        self.buttons = []
        for label, fn, bw, key in specs:
            self.buttons.append(Button(pygame.Rect(x, side.y, bw, bh), label, fn, hotkey=key,
                                       primary=fn == self.toggle_play))
            x += bw + gap
        self.buttons.append(Button(pygame.Rect(side.x, side.bottom - bh, side.w, bh),
                                   lambda: t("replay.menu"), self.close, hotkey=pygame.K_ESCAPE))
        y = side.y + bh + th.px(1.5)
        self.scrub = ScrubBar(pygame.Rect(side.x + th.px(1), y, side.w - th.px(2), th.px(2)),
                              self.total, lambda: self.count, self.goto)
        self.counter_y = self.scrub.rect.bottom + th.px(1)
        y = self.counter_y + fonts.line_height("body", th.scale) + th.px(0.5)
        self.speed_choice = Choice(pygame.Rect(side.x, y, side.w, bh), lambda: t("replay.speed"),
                                   list(SPEEDS), self.speed, self.set_speed,
                                   fmt=lambda s: t("replay.speed_times", n=f"{s:g}"),
                                   label_width=0.4)
        y += bh + gap
        self.view_choice = Choice(pygame.Rect(side.x, y, side.w, bh), lambda: t("replay.view"),
                                  self.views(), self.watching(), self.set_view,
                                  fmt=self.view_text, label_width=0.3,
                                  enabled=len(self.views()) > 1)
        self.controls: list[Widget] = [self.scrub, self.speed_choice, self.view_choice]
        self.title_y = y + bh + th.px(1)
        log_top = self.title_y + fonts.line_height("small", th.scale) + th.px(1)
        self.log.layout(pygame.Rect(side.x, log_top, side.w, side.bottom - bh - margin - log_top),
                        th)
        if self.renderer is not None:
            self.renderer.layout(board_area(size, th), th)
        self.side = side
        self.ring.set([*self.buttons, self.speed_choice, self.view_choice])

    def close(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.log.handle(event)
            return
        widgets = [*self.controls, *self.buttons]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.anim.busy and not \
                any(w.rect.collidepoint(event.pos) for w in widgets):
            self.anim.finish_current()  # a click on the table finishes the current animation
            return
        dispatch(widgets, None, event)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        th = self.th
        surface.blit(theme.felt_background(surface.get_size()), (0, 0))
        if self.renderer is not None and self.ui is not None:
            self.renderer.draw(surface, self.view, self.ui)
            self.anim.draw(surface)
        self.log.draw(surface)
        for widget in [*self.buttons, *self.controls]:
            widget.draw(surface, th)
        counter = t("replay.step", n=self.count, total=self.total)
        img = fonts.text(counter, "body", theme.TEXT, th.scale)
        surface.blit(img, img.get_rect(midtop=(self.side.centerx, self.counter_y)))
        title = fonts.fit(t("replay.title", game=game_name(self.game_id)), "small",
                          self.side.w, th.scale)
        timg = fonts.text(title, "small", theme.TEXT_DIM, th.scale)
        surface.blit(timg, timg.get_rect(midtop=(self.side.centerx, self.title_y)))
        if self.error:
            self._draw_error(surface, th)

    def _draw_error(self, surface: pygame.Surface, th: theme.Theme) -> None:
        width = self.side.x - th.px(8)
        lines = fonts.wrap(self.error or "", "body", width - th.px(4), th.scale)[:4]
        step = fonts.line_height("body", th.scale)
        box = pygame.Rect(th.px(4), th.px(4), width, th.px(2) + step * len(lines))
        theme.draw_panel(surface, box, th, theme.mix(theme.PANEL, theme.DANGER, 0.35),
                         edge=theme.DANGER)
        for i, line in enumerate(lines):
            img = fonts.text(line, "body", theme.TEXT, th.scale)
            surface.blit(img, (box.x + th.px(2), box.y + th.px(1) + i * step))


def _finished(record: Any) -> bool:
    """The recorded game is over (its every seat's hidden information may then be shown)."""
    try:
        game = start(record, "<replay>")
        for seat, notation in record.entries():
            game.apply(seat, type(game).decode_action(notation))
        return game.result() is not None
    except (IllegalAction, SaveError, ValueError):
        return False


screens.register("replay", ReplayScene)
