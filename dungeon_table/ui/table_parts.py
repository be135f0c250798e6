"""Pieces of the generic table kept out of ``ui/table.py``: its button bar, its scale and right-hand
column (shared with the replay viewer), and the banners over the board (whose decision it is, what
went wrong).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.widgets import Button

if TYPE_CHECKING:
    from dungeon_table.ui.table import TableScene

TABLE_MAX_UI_SCALE = 1.1


class TableBar:
    """The table's own buttons above the log: Undo (only when allowed), Hint, Menu."""

    def __init__(self, scene: TableScene) -> None:
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
        return [b for b in (self.undo, self.hint, self.menu) if b is not self.undo or b.enabled]

    def refresh(self) -> None:
        scene = self.scene
        seat = scene.viewer
        self.undo.enabled = seat is not None and scene.session.can_undo(seat)
        self.hint.enabled = bool(scene.ui.legal)

    def handle(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.visible() if b.enabled)

    def hit(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in self.visible())

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.visible():
            button.draw(surface, self.theme)


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


def draw_banner(
    surface: pygame.Surface, th: theme.Theme, centre_x: int, top: int, text: tuple[str, str],
    colour: tuple[int, int, int], tint: float, wrap: bool = False, centred: bool = False,
) -> pygame.Rect:
    """A panel over the board: a headline (``wrap``: body lines, a message) and a dim detail
    line under it, its top at ``top`` (``centred``: its middle there); returns where it lies."""
    headline, detail = text
    if wrap:
        images = [fonts.text(s, "body", theme.TEXT, th.scale)
                  for s in fonts.wrap(headline, "body", th.px(70), th.scale)]
    else:
        images = [fonts.text(fonts.fit(headline, "heading", th.px(80), th.scale), "heading",
                             theme.TEXT, th.scale, bold=True)]
    if detail:
        images.append(fonts.text(fonts.fit(detail, "body", th.px(80), th.scale), "body",
                                 theme.TEXT_DIM, th.scale))
    pad = th.px(2 if wrap else 4)
    rect = pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * pad,
                       sum(i.get_height() for i in images) + th.px(3))
    if centred:
        rect.center = (centre_x, top)
    else:
        rect.midtop = (centre_x, top)
    theme.draw_panel(surface, rect, th, theme.mix(theme.PANEL, colour, tint), edge=colour)
    y = rect.y + th.px(1.5)
    for image in images:
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += image.get_height()
    return rect
