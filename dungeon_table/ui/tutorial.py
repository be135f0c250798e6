"""The table's side of Learn to play: which clicks a tutorial accepts, and the overlay it draws.

The steps and where the game stands are the engine's (``core/tutorial.py``: ``Guide``); this
module only turns them into what the player sees and may do. The table asks three things of it
(``ui/table.py``, a few lines): ``accepts(target)`` before a click or Enter is applied (a click on
anything else says "Follow the step: …" and changes nothing), ``accepts_action`` for a typed
action, and ``draw`` after its targets. While a step waits for the player, the board is dimmed
but for the target to use, outlined with an arrow, and its caption lies next to it with the
"why" of the step just done; once the last step is done, one line says how the game ends and
the player plays on freely. A tutorial whose last step ends the game (``ends`` in its file) says
its closing line on the results screen instead (``draw_closing``, called by ``game_over``): what
happened and how a real game ends, above the results.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.core.tutorial import Guide, Tutorial, tutorial_for
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import Target
from dungeon_table.ui.table_parts import ring

DIM_ALPHA = 165  # how dark the rest of the table goes while a step waits
CAPTION_WIDTH = 62  # grid units: a caption's lines wrap at this width


class TutorialOverlay:
    """A tutorial running at ``table`` (a ``TableScene``): its filter and its drawing."""

    def __init__(self, table: Any, tutorial: Tutorial) -> None:
        self.table = table
        self.tutorial = tutorial
        self.guide = Guide(tutorial, type(table.game))
        self.caption_box: pygame.Rect | None = None  # where the caption went last frame

    # --- the step ------------------------------------------------------------------------------
    @property
    def movers(self) -> list[int]:
        return [step.seat for step in self.table.session.steps]

    def waiting(self) -> bool:
        """A step is taught now and it is the player's to take."""
        ui = self.table.ui
        return (self.guide.taught(self.movers) is not None and bool(ui.legal)
                and self.table.viewer == self.guide.human)

    def accepts(self, target: Target) -> bool:
        """A target the player may use now: the one sending the taught action, or a local step
        (a card picked first) that leads to it; anything once the steps are done."""
        taught = self.guide.taught(self.movers)
        if taught is None:
            return True
        return target.leads_to(taught) or (target.pick is None and target.action == taught)

    def accepts_action(self, seat: int, action: Action) -> bool:
        return self.guide.allows(self.movers, seat, action)

    def refuse(self) -> None:
        """Say what the step asks; nothing else happens."""
        step = self.guide.step(self.movers)
        if step is not None:
            self.table.show_toast(t("tutorial.follow", step=t(step.caption)))

    def taught(self) -> Action | None:
        """The step's action while it waits for the player (the Hint shows it), else None."""
        return self.guide.taught(self.movers) if self.waiting() else None

    def focus_indices(self) -> list[int]:
        """Where the keyboard focus starts during a step: the first target pointed at."""
        pointed = self.pointed()
        return [i for i, tg in enumerate(self.table.ui.targets)
                if any(tg is p for p in pointed)][:1]

    def pointed(self) -> list[Target]:
        """The targets to outline: those sending the step's pointed action, else the local
        steps leading to it (the card to pick before its space)."""
        action = self.guide.pointed(self.movers)
        targets = self.table.ui.targets
        direct = [tg for tg in targets if tg.pick is None and tg.action == action]
        return direct or [tg for tg in targets if tg.leads_to(action)]

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, th: theme.Theme) -> None:
        self.caption_box = None
        if self.table.ui.animating or self.table.game.result() is not None:
            return  # over: the results screen says what happened (``draw_closing``)
        movers = self.movers
        why = self.guide.last_why(movers)
        if self.waiting():
            step = self.guide.step(movers)
            assert step is not None
            targets = self.pointed()
            self._dim(surface, [tg.rect for tg in targets])
            for target in targets:
                ring(surface, target.rect, theme.GOLD, th)
            spot = targets[0].rect if targets else self.table.board
            self._arrow(surface, spot, th)
            self._caption(surface, th, spot, t(step.caption), t(why) if why else "",
                          self._progress(movers))
        elif self.guide.finished(movers) and self.guide.index(movers) == len(self.guide.actions):
            # the last step is done: how the game ends, and that the rest is the player's
            text = (t(why) + "  " if why else "") + t(self.tutorial.done)
            self._caption(surface, th, None, text, "", t("tutorial.free"))
        elif why:
            self._caption(surface, th, None, t(why), "", self._progress(movers))

    def _progress(self, movers: list[int]) -> str:
        return t("tutorial.progress", step=min(self.guide.index(movers) + 1,
                                                 len(self.guide.actions)),
                 steps=len(self.guide.actions), title=t(self.tutorial.title))

    def _dim(self, surface: pygame.Surface, holes: list[pygame.Rect]) -> None:
        """Darken the board but for ``holes`` (the targets of the step)."""
        board = self.table.board
        shade = pygame.Surface(board.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, DIM_ALPHA))
        for rect in holes:
            shade.fill((0, 0, 0, 0), rect.move(-board.x, -board.y).inflate(8, 8))
        surface.blit(shade, board.topleft)

    def _arrow(self, surface: pygame.Surface, rect: pygame.Rect, th: theme.Theme) -> None:
        """A gold arrow pointing at the target: down at it, up at it when it lies near the top,
        from the side where the space above or below holds another target (a button stacked
        over the taught one: an arrow there seemed to point at that one)."""
        points = self.arrow_points(rect, th)
        pygame.draw.polygon(surface, theme.GOLD, points)
        pygame.draw.polygon(surface, theme.FELT_DARK, points, max(1, th.px(0.25)))

    def arrow_points(self, rect: pygame.Rect, th: theme.Theme) -> list[tuple[int, int]]:
        """The arrow's outline: its tip clear of the target's Enter key cap, its shaft away."""
        size = th.px(3)
        clear = th.px(5)  # beyond the "Enter" key cap the focus puts over the target
        board = self.table.board
        others = [tg.rect for tg in self.table.ui.targets if tg.rect != rect]
        below = rect.top < size * 2 + clear * 2
        upright = (arrow(rect.centerx, rect.bottom + clear, 1, size, vertical=True) if below
                   else arrow(rect.centerx, rect.top - clear, -1, size, vertical=True))
        # then the other way up, then beside the target, where the key cap is wider than it is
        # high: the tip stands beyond it
        cap = fonts.text(t("table.key_enter"), "small", theme.FELT_DARK, th.scale, True)
        side = cap.get_width() + th.px(4)
        cy = rect.centery
        ways = [upright,
                (arrow(rect.centerx, rect.top - clear, -1, size, vertical=True) if below
                 else arrow(rect.centerx, rect.bottom + clear, 1, size, vertical=True)),
                arrow(rect.left - side, cy, -1, size, vertical=False),
                arrow(rect.right + side, cy, 1, size, vertical=False)]
        free = [way for way in ways if _bounds(way).collidelist(others) < 0
                and board.contains(_bounds(way))]
        return free[0] if free else upright

    def _caption(self, surface: pygame.Surface, th: theme.Theme, near: pygame.Rect | None,
                 text: str, why: str, small: str) -> pygame.Rect:
        """The caption panel: the "why" of the last step (dim), the step's text, and a small
        line (which step of how many). Beside ``near`` where there is room, clear of it; else
        at the top of the board."""
        width = min(th.px(CAPTION_WIDTH), self.table.board.w - th.px(4))
        images = [fonts.text(line, "small", theme.GOLD, th.scale)
                  for line in fonts.wrap(why, "small", width, th.scale)] if why else []
        images += [fonts.text(line, "body", theme.TEXT, th.scale)
                   for line in fonts.wrap(text, "body", width, th.scale)]
        images += [fonts.text(line, "small", theme.TEXT_DIM, th.scale)
                   for line in fonts.wrap(small, "small", width, th.scale)]
        box = panel_box(images, th)
        box.topleft = self._place(box.size, near, th)
        draw_caption_panel(surface, box, images, th)
        self.caption_box = box
        return box

    def _place(self, size: tuple[int, int], near: pygame.Rect | None,
               th: theme.Theme) -> tuple[int, int]:
        """Where the caption goes: the free spot nearest the target (its arrow kept clear),
        covering none of the table's targets nor the figures the player reads (the burst odds a
        step talks about: ``renderer.figures``) and, where the table leaves room, none of the
        cards it has drawn; the top of the board when there is no target to be near."""
        board = self.table.board
        w, h = size
        if near is None:
            return board.centerx - w // 2, board.y + th.px(2)
        # the target, its arrow above or below it, and its key cap on any side
        reach = near.inflate(th.px(24), th.px(24))
        pointer = _bounds(self.arrow_points(near, th))  # beside the target, past the reach
        targets = ([tg.rect for tg in self.table.ui.targets] + [reach, pointer]
                   + list(self.table.renderer.figures))
        drawn = [rect for rect, _what in self.table.renderer.shown]
        step = th.px(4)
        spots = [pygame.Rect(x, y, w, h)
                 for x in range(board.x + th.px(1), board.right - w, step)
                 for y in range(board.y + th.px(1), board.bottom - h, step)]

        def distance(box: pygame.Rect) -> int:
            return abs(box.centerx - near.centerx) + abs(box.centery - near.centery)

        for avoid in (targets + drawn, targets):
            free = [box for box in spots if box.collidelist(avoid) < 0]
            if free:
                return min(free, key=distance).topleft
        x = min(max(board.x, near.centerx - w // 2), board.right - w)
        return x, board.y + th.px(1) if near.centery > board.centery else board.bottom - h


def arrow(x: int, y: int, sign: int, size: int, vertical: bool) -> list[tuple[int, int]]:
    """An arrow with its tip at (x, y), its shaft running away from it by ``sign`` (down or
    right for 1) along y when ``vertical``, else along x."""
    outline = [(0, 0), (-size, size), (-size // 3, size), (-size // 3, 2 * size),
               (size // 3, 2 * size), (size // 3, size), (size, size)]
    if vertical:
        return [(x + a, y + sign * b) for a, b in outline]
    return [(x + sign * b, y + a) for a, b in outline]


def _bounds(points: list[tuple[int, int]]) -> pygame.Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def panel_box(images: list[pygame.Surface], th: theme.Theme) -> pygame.Rect:
    """The size of a caption panel holding ``images`` (lines), at the origin."""
    pad = th.px(2)
    return pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * pad,
                       sum(i.get_height() for i in images) + 2 * pad)


def draw_caption_panel(surface: pygame.Surface, box: pygame.Rect,
                       images: list[pygame.Surface], th: theme.Theme) -> None:
    """The tutorial's gold-edged panel with its lines, one under another."""
    pad = th.px(2)
    theme.draw_panel(surface, box, th, theme.mix(theme.PANEL, theme.GOLD, 0.12),
                     edge=theme.GOLD)
    y = box.y + pad
    for image in images:
        surface.blit(image, (box.x + pad, y))
        y += image.get_height()


def draw_closing(surface: pygame.Surface, th: theme.Theme, session: Any,
                 results: pygame.Rect) -> None:
    """On the results of a tutorial's finished game: its closing caption (what happened, how a
    real game ends), above the results panel where the window leaves room, else below it; in
    the small type, and without its last line, where the body type would not fit there."""
    tutorial = tutorial_for(session)
    if tutorial is None:
        return
    gap = th.px(1)
    room = max(results.top, surface.get_height() - results.bottom) - 2 * gap
    width = results.w - th.px(4)
    text, last = t(tutorial.done), t("tutorial.closing", title=t(tutorial.title))
    for style, with_last in (("body", True), ("small", True), ("small", False)):
        images = [fonts.text(line, style, theme.TEXT, th.scale)
                  for line in fonts.wrap(text, style, width, th.scale)]
        if with_last:
            images.append(fonts.text(last, "small", theme.TEXT_DIM, th.scale))
        box = panel_box(images, th)
        if box.h <= room:
            break
    box.midbottom = (results.centerx, results.top - gap)
    if box.top < gap:
        box.midtop = (results.centerx, results.bottom + gap)
    draw_caption_panel(surface, box, images, th)


def overlay_for(table: Any) -> TutorialOverlay | None:
    """The overlay of the tutorial the table's session plays, or None for an ordinary game."""
    tutorial = tutorial_for(table.session)
    return TutorialOverlay(table, tutorial) if tutorial is not None else None
