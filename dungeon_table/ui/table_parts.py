"""Pieces of the generic table kept out of ``ui/table.py``: its button bar, its scale and right-hand
column (shared with the replay viewer), the banners over the board (whose decision it is, what
went wrong) and the large card previewed once the pointer or the keyboard focus rests on one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.card_faces import blit_card
from dungeon_table.ui.i18n import t
from dungeon_table.ui.log_panel import LogPanel
from dungeon_table.ui.renderer import TableRenderer, Target, UiState
from dungeon_table.ui.scene import App
from dungeon_table.ui.widgets import Button


class Table(Protocol):
    """What these parts read and call on the table they belong to (``ui/table.py``'s
    ``TableScene``): a protocol, so this module need not import the one that imports it."""

    app: App
    session: Any
    renderer: TableRenderer
    ui: UiState
    view: Any
    viewer: int | None
    log: LogPanel
    held: tuple[int | None, str] | None

    @property
    def game(self) -> Any: ...
    @property
    def th(self) -> theme.Theme: ...
    def act(self, seat: int, action: Action) -> bool: ...
    def undo(self) -> None: ...
    def hint(self) -> None: ...
    def open_menu(self) -> None: ...
    def ack_handoff(self) -> None: ...
    def seat_name(self, seat: int) -> str: ...


TABLE_MAX_UI_SCALE = 1.1
HOVER_PREVIEW_MS = 250  # how long the pointer rests on a card before it is shown large


class TableBar:
    """The table's own buttons above the log: Undo, Hint, Menu. Undo is there whenever a player
    looks at the table, shown disabled when it cannot be used (its reason on hover and click:
    ``Session.why_no_undo``), so a player never wonders where it went."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.theme = theme.Theme()
        self.undo = Button(self.rect, lambda: t("table.undo"), scene.undo)
        self.hint = Button(self.rect, lambda: t("table.hint"), scene.hint)
        self.menu = Button(self.rect, lambda: t("table.menu"), scene.open_menu)

    def layout(self, side: pygame.Rect, th: theme.Theme) -> int:
        """Lay the buttons across the top of ``side``; returns the height used."""
        self.theme = th
        h = th.px(6)
        gap = th.px(1)
        w = (side.w - 2 * gap) // 3
        for i, button in enumerate((self.undo, self.hint, self.menu)):
            button.rect = pygame.Rect(side.x + i * (w + gap), side.y, w, h)
        return h

    def visible(self) -> list[Button]:
        watching = self.scene.viewer is None
        return [b for b in (self.undo, self.hint, self.menu)
                if b is not self.undo or b.enabled or not watching]

    def refresh(self) -> None:
        scene = self.scene
        seat = scene.viewer
        self.undo.enabled = seat is not None and scene.session.can_undo(seat)
        self.hint.enabled = bool(scene.ui.legal)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and not self.undo.enabled and self.undo in self.visible() \
                and self.undo.rect.collidepoint(event.pos):
            self.scene.undo()  # says why it cannot
            return True
        return any(b.handle(event) for b in self.visible() if b.enabled)

    def undo_hovered(self, pos: tuple[int, int]) -> bool:
        """The pointer rests on Undo while it cannot be used: the table says why."""
        return not self.undo.enabled and self.undo in self.visible() \
            and self.undo.rect.collidepoint(pos)

    def hit(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in self.visible())

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.visible():
            button.draw(surface, self.theme)


ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class HoldPrompt:
    """Shown once the animations of a move that passed the turn to another human have played,
    when that move revealed something (a search's treasure, a die): the player reads the table,
    then says so with the button or a fresh Enter (one held on from the move itself repeats and
    does not count), and the privacy screen covers. It lies over the top of the log, so nothing
    on the board is hidden while the player reads it."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.button = Button(pygame.Rect(0, 0, 0, 0), self._caption, scene.ack_handoff,
                             primary=True)
        self.button.focused = True  # Enter presses it: the ring says so
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _name(self) -> str:
        held = self.scene.held
        return self.scene.seat_name(held[0]) if held is not None and held[0] is not None else ""

    def _key(self, part: str) -> str:
        """The prompt's words: passing to a player, or hiding the hand while bots play."""
        held = self.scene.held
        bots = held is not None and held[0] is None
        return f"table.hold.{part}_bots" if bots else f"table.hold.{part}"

    def _caption(self) -> str:
        return t(self._key("button"), name=self._name())

    def ready(self) -> None:
        self.scene.app.request_redraw()

    def place(self, th: theme.Theme) -> list[str]:
        """Lay the panel over the top of the log; returns the body's lines."""
        log = self.scene.log.rect
        pad = th.px(2)
        body = fonts.wrap(t(self._key("body"), name=self._name()), "body", log.w - 2 * pad,
                          th.scale)
        line_h = fonts.line_height("body", th.scale)
        head_h = fonts.line_height("heading", th.scale)
        button_h = th.px(7)
        hint_h = fonts.line_height("small", th.scale)
        h = pad + head_h + len(body) * line_h + th.px(2) + button_h + hint_h + pad
        self.rect = pygame.Rect(log.x, log.y, log.w, h)
        self.button.rect = pygame.Rect(log.x + pad, self.rect.bottom - pad - hint_h - button_h,
                                       log.w - 2 * pad, button_h)
        return body

    def draw(self, surface: pygame.Surface, th: theme.Theme) -> None:
        body = self.place(th)
        theme.draw_panel(surface, self.rect, th, theme.mix(theme.PANEL, theme.ACCENT, 0.18),
                         edge=theme.ACCENT)
        pad = th.px(2)
        title = fonts.text(fonts.fit(t("table.hold.title"), "heading", self.rect.w - 2 * pad,
                                     th.scale), "heading", theme.TEXT, th.scale, bold=True)
        y = self.rect.y + pad
        surface.blit(title, (self.rect.x + pad, y))
        y += fonts.line_height("heading", th.scale)
        for line in body:
            image = fonts.text(line, "body", theme.TEXT, th.scale)
            surface.blit(image, (self.rect.x + pad, y))
            y += fonts.line_height("body", th.scale)
        self.button.draw(surface, th)
        hint = fonts.text(fonts.fit(t("table.hold.keys"), "small", self.rect.w - 2 * pad,
                                    th.scale), "small", theme.TEXT_DIM, th.scale)
        surface.blit(hint, hint.get_rect(midtop=(self.rect.centerx, self.button.rect.bottom)))

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the prompt's. While the move still plays, Enter is swallowed
        (it would say "seen" before anything was); Space and Esc stay the table's."""
        scene = self.scene
        if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS:
            if not scene.ui.animating and not scene.app.key_repeat:
                scene.ack_handoff()
            return True
        if scene.ui.animating or event.type not in (
                pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        self.place(scene.th)
        return self.button.handle(event) and event.type != pygame.MOUSEMOTION


def table_theme(app: App) -> theme.Theme:
    """The app's theme, its UI scale held to what the table's fixed boxes can take (at 150 %
    the labels would outgrow the card-sized spaces they name); menus keep the full scale.
    The replay viewer draws the same table, so it uses this too."""
    fit = theme.Theme.for_window(app.size).scale
    return theme.Theme(scale=min(app.theme.scale, fit * TABLE_MAX_UI_SCALE))


def side_column(size: tuple[int, int], th: theme.Theme) -> pygame.Rect:
    """The right-hand column (buttons and log) of a table; the replay viewer shares it."""
    w, h = size
    margin = th.px(2)
    side_w = max(th.px(36), round(w * 0.2))
    return pygame.Rect(w - side_w - margin, margin, side_w, h - 2 * margin)


def board_area(size: tuple[int, int], th: theme.Theme) -> pygame.Rect:
    """The renderer's part of a table's window: everything left of the side column."""
    return pygame.Rect(0, 0, side_column(size, th).x - th.px(2) // 2, size[1])


def draw_banner(
    surface: pygame.Surface, th: theme.Theme, centre_x: int, top: int, text: tuple[str, str],
    colour: tuple[int, int, int], tint: float, wrap: bool | None = False, centred: bool = False,
    width: int | None = None, rising: bool = False,
) -> pygame.Rect:
    """A panel over the board: a headline (``wrap``: body lines, a message; ``None``: one line
    if it fits whole, else body lines) and a dim detail line under it, its top at ``top``
    (``centred``: its middle there; ``rising``: its bottom), its lines fitted to ``width``
    (default: 70 units wrapped, 80 on one line); returns where it lies."""
    headline, detail = text
    if wrap is None:
        room = width - 2 * th.px(4) if width is not None else th.px(80)
        wrap = fonts.shrink_to_fit(headline, "heading", room, th.scale, bold=True)[0] != headline
    pad = th.px(2 if wrap else 4)
    room = width - 2 * pad if width is not None else th.px(70 if wrap else 80)
    if wrap:
        images = [fonts.text(s, "body", theme.TEXT, th.scale)
                  for s in fonts.wrap(headline, "body", room, th.scale)]
    else:
        line, role, scale = fonts.shrink_to_fit(headline, "heading", room, th.scale, bold=True)
        images = [fonts.text(line, role, theme.TEXT, scale, bold=True)]
    if detail:
        images.append(fonts.text(fonts.fit(detail, "body", room, th.scale), "body",
                                 theme.TEXT_DIM, th.scale))
    rect = pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * pad,
                       sum(i.get_height() for i in images) + th.px(3))
    if centred:
        rect.center = (centre_x, top)
    elif rising:
        rect.midbottom = (centre_x, top)
    else:
        rect.midtop = (centre_x, top)
    theme.draw_panel(surface, rect, th, theme.mix(theme.PANEL, colour, tint), edge=colour)
    y = rect.y + th.px(1.5)
    for image in images:
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += image.get_height()
    return rect


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour,
         th: theme.Theme) -> None:
    """The keyboard focus or the hint around a target: a dark gap, then a ring of ``colour``,
    so it shows on an accent (orange) button as well as on felt or a card."""
    gap = max(2, th.px(0.5))
    theme.outline(surface, pygame.Rect(rect), theme.FELT_DARK, th, 0.5)
    theme.outline(surface, pygame.Rect(rect).inflate(2 * gap, 2 * gap), colour, th, 0.45)


def key_tag(surface: pygame.Surface, rect: pygame.Rect, th: theme.Theme,
            avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """"Enter" in a small key cap beside the focused target, clear of what the target shows:
    what the key will do. Above it where that covers none of ``avoid`` (the other targets: their
    labels and numbers), else below, left or right of it, else where it covers least."""
    image = fonts.text(t("table.key_enter"), "small", theme.FELT_DARK, th.scale, True)
    tag = key_tag_spot(surface.get_rect(), rect, th, avoid)
    pygame.draw.rect(surface, theme.TEXT, tag, border_radius=th.px(0.8))
    surface.blit(image, image.get_rect(center=tag.center))
    return tag


def key_tag_spot(window: pygame.Rect, rect: pygame.Rect, th: theme.Theme,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where ``key_tag`` puts the key cap beside ``rect`` (a tutorial's arrow stands beyond
    it, on the same side)."""
    image = fonts.text(t("table.key_enter"), "small", theme.FELT_DARK, th.scale, True)
    tag = image.get_rect().inflate(th.px(1.5), th.px(0.2))
    gap = th.px(1.5)
    spots = []
    for anchor, at in (("midbottom", (rect.centerx, rect.y - gap)),
                       ("midtop", (rect.centerx, rect.bottom + gap)),
                       ("midright", (rect.x - gap, rect.centery)),
                       ("midleft", (rect.right + gap, rect.centery))):
        spot = tag.copy()
        setattr(spot, anchor, at)
        if window.contains(spot):
            spots.append(spot)
    return least_covering(spots or [tag.clamp(window)], [a for a in avoid if a != rect])


def notice_area(renderer: TableRenderer, view: object, board: pygame.Rect) -> pygame.Rect:
    """Where the whose-turn banner is centred: the renderer's ``banner_area(view)`` (the market:
    the new viewer's own name line, which the banner repeats), else the board."""
    area = renderer.banner_area(view) if view is not None else None
    return pygame.Rect(area) if area is not None else board.copy()


class HoverPreview:
    """The card under the pointer shown large beside it once the pointer has rested there
    ``HOVER_PREVIEW_MS`` (a pointer on its way across the cards to a price's − / + shows
    nothing over them), or beside the keyboard focus once that rests on a card. One one-shot
    app timer at a time wakes the loop when the wait is over: an idle table draws nothing."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.moved_at = -HOVER_PREVIEW_MS
        self.by_keyboard = False
        self.timer_at: int | None = None
        self.shown: pygame.Surface | None = None  # the image drawn last, while it stays up

    def moved(self, by_keyboard: bool = False) -> None:
        """The pointer moved, or the keyboard moved the focus: the preview waits for it to rest.
        A pointer moving within the card already shown keeps it up (no flicker)."""
        scene = self.scene
        if not by_keyboard and not self.by_keyboard and self.shown is not None:
            if scene.renderer.preview(scene.view, scene.ui.mouse) is self.shown:
                return
        self.shown = None
        self.by_keyboard = by_keyboard
        self.moved_at = scene.app.now()
        if self.timer_at is None:
            self.timer_at = self.moved_at + HOVER_PREVIEW_MS
            scene.app.set_timer(HOVER_PREVIEW_MS)

    def update(self, now: int) -> None:
        """When the timer is due: if the pointer moved on since it was set, wait out the rest."""
        if self.timer_at is None or now < self.timer_at:
            return
        due = self.moved_at + HOVER_PREVIEW_MS
        self.timer_at = due if now < due else None
        if self.timer_at is not None:
            self.scene.app.set_timer(due - now)

    def _spot(self) -> tuple[tuple[int, int], pygame.Rect] | None:
        """The point whose card is shown and the rect it is shown beside, once rested."""
        scene, ui = self.scene, self.scene.ui
        if scene.app.now() - self.moved_at < HOVER_PREVIEW_MS:
            return None
        if self.by_keyboard:
            if ui.focus is None or ui.focus >= len(ui.targets):
                return None
            return uncovered_point(ui.targets, ui.focus), ui.targets[ui.focus].rect
        if ui.mouse[0] < 0:
            return None
        return ui.mouse, pygame.Rect(ui.mouse, (0, 0))

    def draw(self, surface: pygame.Surface, th: theme.Theme) -> None:
        spot = self._spot()
        image = self.scene.renderer.preview(self.scene.view, spot[0]) if spot else None
        self.shown = image
        if image is None or spot is None:
            return
        ui = self.scene.ui
        avoid = [tg.rect for tg in ui.targets]  # what the player is about to click
        rect = preview_rect(image.get_size(), spot[1], surface.get_size(), th, avoid)
        if rect.size != image.get_size():  # larger than the window: shown as large as it fits
            image = pygame.transform.smoothscale(image, rect.size)
        blit_card(surface, image, rect, lifted=True)


def preview_rect(size: tuple[int, int], beside: pygame.Rect, window: tuple[int, int],
                 th: theme.Theme, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a previewed card of ``size`` goes: beside ``beside`` (the pointer, the focused
    target), to its right, left, above or below, wherever it covers least of ``avoid`` (the
    targets the player is about to click: the picked card's legal spaces, the buttons), in that
    order of preference; always wholly inside the window, shrunk (keeping its shape) if the
    window is too small for it."""
    margin, gap = th.px(1), th.px(3)
    room_w, room_h = window[0] - 2 * margin, window[1] - 2 * margin
    room = pygame.Rect(margin, margin, room_w, room_h)
    k = min(1.0, room_w / max(1, size[0]), room_h / max(1, size[1]))
    w, h = max(1, int(size[0] * k)), max(1, int(size[1] * k))
    rect = pygame.Rect(0, 0, w, h)
    fits = []  # the sides with room, in order of preference
    if beside.right + gap + w <= window[0] - margin:
        fits.append(rect.move(beside.right + gap, beside.centery - h // 2))
    if beside.x - gap - w >= margin:
        fits.append(rect.move(beside.x - gap - w, beside.centery - h // 2))
    if beside.y - gap - h >= margin:  # a wide target (a whole row): above it, else below
        fits.append(rect.move(beside.centerx - w // 2, beside.y - gap - h))
    if beside.bottom + gap + h <= window[1] - margin or not fits:
        fits.append(rect.move(beside.centerx - w // 2, beside.bottom + gap))
    # farther off, where every side near it would hide a target: the window's edges, level with
    # the pointer, then its corners (the log's column, the felt's margins)
    for x in (room.right - w, room.x):
        fits += [rect.move(x, beside.centery - h // 2), rect.move(x, room.y),
                 rect.move(x, room.bottom - h)]
    spots = [spot.clamp(room) for spot in fits]
    return least_covering(spots, [a for a in avoid if not a.colliderect(beside)])


def least_covering(spots: list[pygame.Rect], avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """The first of ``spots`` that covers the least of ``avoid`` (the area it hides)."""
    def hidden(spot: pygame.Rect) -> int:
        return sum(spot.clip(a).w * spot.clip(a).h for a in avoid)

    return min(spots, key=hidden)


def uncovered_point(targets: list[Target], index: int) -> tuple[int, int]:
    """A point of target ``index`` that no target drawn over it covers (a card in a fan shows
    only its left strip), along its middle; its centre if none is."""
    rect, rank = targets[index].rect, (targets[index].z, index)
    over = [tg.rect for k, tg in enumerate(targets) if k != index and (tg.z, k) > rank]
    for x in range(rect.x + 2, rect.right - 1, max(2, rect.w // 16)):
        if not any(r.collidepoint(x, rect.centery) for r in over):
            return (x, rect.centery)
    return rect.center


CLOCK_TICK_MS = 1000
CLOCK_SAVE_S = 10.0  # the autosave follows the clock this often, so closing the app loses little
CLOCK_MAX_STEP_S = 2.0  # a longer gap between frames (the machine slept) counts as this


class PlayClock:
    """A game's clock (Dungeon!'s time attack: the view's ``time_limit`` in seconds).

    It counts only while the table is the top scene: the pause menu, the privacy screen or a
    closed app stop it. The seconds live in the session's record, so they survive save and load.
    When they reach the limit, the table sends the game's ``time_up`` action for the seat to act.
    """

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.last_ms: int | None = None
        self.unsaved = 0.0

    def limit(self) -> int:
        return int(getattr(self.scene.view, "time_limit", 0) or 0)

    def running(self) -> bool:
        """A limit, the game not over, and the game's view not holding the clock (a view's
        ``clock_running`` False: Dungeon!'s setup, before the first turn, is not timed)."""
        if self.limit() <= 0 or self.scene.game.result() is not None:
            return False
        return bool(getattr(self.scene.view, "clock_running", True))

    def stop(self) -> None:
        """Paused (another scene on top): the time until the next start does not count."""
        self.last_ms = None
        if self.unsaved:
            self.scene.session.add_play_time(0.0, save=True)
            self.unsaved = 0.0

    def update(self, now_ms: int) -> None:
        scene = self.scene
        if not self.running():
            self.last_ms = None
            return
        if self.last_ms is not None:
            step = min((now_ms - self.last_ms) / 1000, CLOCK_MAX_STEP_S)
            self.unsaved += step
            save = self.unsaved >= CLOCK_SAVE_S
            if save:
                self.unsaved = 0.0
            shown = int(scene.session.clock)
            scene.session.add_play_time(step, save=save)
            if int(scene.session.clock) != shown:
                scene.app.request_redraw()
        else:
            scene.app.request_redraw()
        self.last_ms = now_ms
        scene.ui.clock_seconds = scene.session.clock
        if scene.session.clock >= self.limit():
            self._time_up()
        else:
            scene.app.set_timer(CLOCK_TICK_MS - int(scene.session.clock * 1000) % CLOCK_TICK_MS)

    def _time_up(self) -> None:
        scene = self.scene
        action = scene.game.decode_action({"type": "time_up"})
        for seat in scene.game.to_act():
            if scene.act(seat, action):
                return


# --- notes beside what they are about: a refusal, the hint's reason, a confirm step ----------
NOTE_MS = 2000  # a refusal stays this long by the click, fading over its last NOTE_FADE_MS
NOTE_FADE_MS = 600


class Note:
    """A short text that belongs next to something on the table (``anchor``): why a click was
    refused, until ``until`` (None: while its cause lasts, as the hint's reason and a confirm
    step do)."""

    def __init__(self, headline: str, detail: str, anchor: pygame.Rect, colour: theme.Colour,
                 until: int | None = None) -> None:
        self.lines = (headline, detail)
        self.anchor = pygame.Rect(anchor)
        self.colour = colour
        self.until = until

    def alpha(self, now: int) -> int:
        if self.until is None:
            return 255
        return max(0, min(255, round(255 * (self.until - now) / NOTE_FADE_MS)))


def note_spot(size: tuple[int, int], anchor: pygame.Rect, avoid: list[pygame.Rect],
              bounds: pygame.Rect, gap: int) -> tuple[float, pygame.Rect]:
    """Where a note of ``size`` lies by ``anchor``, inside ``bounds``, and how bad that is: the
    nearest place below, above, right or left of it (centred or flush with an edge, then a step
    further out at a time) that covers neither the anchor nor any of ``avoid`` (the table's
    targets, so the player can still click what they were about to); else the one covering the
    least. The score is the area covered (times 1000) plus the distance."""
    w, h = size
    best: tuple[float, pygame.Rect] | None = None
    for step in range(6):
        out = gap + step * (min(w, h) // 2 + gap)
        for spot in _spots_around(anchor, w, h, out):
            spot.clamp_ip(bounds)
            covered = sum(_overlap(spot, r) for r in avoid) + 4 * _overlap(spot, anchor)
            far = abs(spot.centerx - anchor.centerx) + abs(spot.centery - anchor.centery)
            score = covered * 1000 + far
            if best is None or score < best[0]:
                best = (score, spot)
        if best is not None and best[0] < 1000:
            return best  # the nearest spot that covers nothing, this far out
    assert best is not None
    return best


def _spots_around(anchor: pygame.Rect, w: int, h: int, out: int) -> list[pygame.Rect]:
    """Rects of ``w`` x ``h`` ``out`` px from ``anchor``'s sides, centred or flush."""
    spots = []
    for x in (anchor.centerx - w // 2, anchor.left, anchor.right - w):
        spots.append(pygame.Rect(x, anchor.bottom + out, w, h))
        spots.append(pygame.Rect(x, anchor.top - out - h, w, h))
    for y in (anchor.centery - h // 2, anchor.top, anchor.bottom - h):
        spots.append(pygame.Rect(anchor.right + out, y, w, h))
        spots.append(pygame.Rect(anchor.left - out - w, y, w, h))
    return spots


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


def draw_note(surface: pygame.Surface, th: theme.Theme, note: Note, avoid: list[pygame.Rect],
              bounds: pygame.Rect, now: int) -> pygame.Rect:
    """``note`` in a small panel by its anchor, faded as its time runs out: wrapped to the
    width (of a few) whose place (``note_spot``) covers nothing nearest to the anchor, a line
    more counting as a step further."""
    pad = th.px(1.5)
    best: tuple[float, pygame.Rect, list[pygame.Surface]] | None = None
    for width in (th.px(88), th.px(62), th.px(44)):
        images = _note_lines(th, note, min(width, max(th.px(20), bounds.w - th.px(4))))
        size = (max(i.get_width() for i in images) + 2 * pad,
                sum(i.get_height() for i in images) + 2 * pad)
        score, spot = note_spot(size, note.anchor, avoid, bounds, th.px(1.5))
        score += th.px(12) * (len(images) - 1)  # a line more reads worse than a step further
        if best is None or score < best[0]:
            best = (score, spot, images)
    assert best is not None
    _score, spot, images = best
    panel = pygame.Surface(spot.size, pygame.SRCALPHA)
    theme.draw_panel(panel, panel.get_rect(), th, theme.mix(theme.PANEL, note.colour, 0.3),
                     edge=note.colour, shadow=False)
    y = pad
    for image in images:
        panel.blit(image, (pad, y))
        y += image.get_height()
    panel.set_alpha(note.alpha(now))
    surface.blit(panel, spot)
    return spot


def _note_lines(th: theme.Theme, note: Note, width: int) -> list[pygame.Surface]:
    headline, detail = note.lines
    images = [fonts.text(line, "body", theme.TEXT, th.scale)
              for line in fonts.wrap(headline, "body", width, th.scale)]
    if detail:
        images += [fonts.text(line, "small", theme.TEXT_DIM, th.scale)
                   for line in fonts.wrap(detail, "small", width, th.scale)]
    return images
