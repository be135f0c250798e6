"""Learn to play: the games with a tutorial, and the tutorial's table.

``screens.push(app, "learn")`` lists the tutorials (from the main menu): each game's first one,
then its further parts (``core.tutorial.lessons``); one under way says Resume.
``screens.push(app, "tutorial", lesson)`` (here, or the setup screen's Learn to play with the
game's id, its first tutorial) opens the tutorial's game at the table: resumed from its autosave
(``saves/tutorials/<lesson>.yaml``, apart from Continue and Load) when one fits the tutorial and
is unfinished, else dealt afresh. The session carries the tutorial (``session.tutorial``), which
the table reads to guide it (``ui/tutorial.py``).
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core import tutorial as lessons
from dungeon_table.core.errors import CardFileError, SaveError
from dungeon_table.core.session import Session
from dungeon_table.ui import fonts, icons, screens, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scene import App, Scene
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase, column
from dungeon_table.ui.widgets import Button, Widget


def resumable(tutorial: lessons.Tutorial, lesson: str) -> Any | None:
    """The tutorial's unfinished game from its autosave, or None (none, finished, set up by an
    older tutorial file, or damaged: then set aside)."""
    session = nav.load_autosave(lessons.autosave_path(lesson))
    if session is None:
        return None
    if not lessons.fits(tutorial, session.record) or session.game.result() is not None \
            or not lessons.Guide(tutorial, type(session.game)).followed(session.steps):
        return None
    return session


def under_way(lesson: str) -> bool:
    """A tutorial game begun and not finished is saved (its button says Resume): the save
    replayed, a few milliseconds, without reading the tutorial file."""
    path = lessons.autosave_path(lesson)
    if not path.exists():
        return False
    try:
        session = Session.load(path)
    except (SaveError, OSError, ValueError):
        return False
    return bool(session.steps) and session.game.result() is None


def tutorial_session(lesson: str) -> Any:
    """The tutorial ``lesson`` (a game's id for its first one) as a session to play: resumed,
    else new (``CardFileError`` for a broken tutorial file)."""
    tutorial = lessons.load_tutorial(lesson)
    session = resumable(tutorial, lesson)
    if session is None:
        session = Session.new(tutorial.game, list(tutorial.seats), tutorial.seed,
                              dict(tutorial.options), dict(tutorial.stack),
                              autosave=lessons.autosave_path(lesson))
    session.tutorial = tutorial  # what flags it as a tutorial (the table guides it)
    return session


def tutorial_table(app: App, lesson: str) -> Scene:
    session = tutorial_session(lesson)
    return screens.make("table", app, session, list(session.record.seats))


class LearnScene(MenuBase):
    """One button per tutorial: its name, and what a first game (or the part) is like."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = lessons.lessons()
        self.error: str | None = None

    def on_enter(self) -> None:
        self.on_resize(self.app.size)  # Resume appears once a tutorial is under way

    def panel_rect(self) -> pygame.Rect:
        # wider than a page of text: six rows leave each room for its line on one line only
        # (on two it ran over the button's foot)
        rect = self.page_rect(top=16, bottom=8)
        w = min(self.app.size[0] - self.th.px(8), self.text_px(170))
        return rect.inflate(max(0, w - rect.w), 0)

    ROW, GAP = 15, 2

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        bw, bh = th.px(24), th.px(7)
        # the rows share the panel above Back: as tall as ROW, lower when more tutorials come
        room = panel.h - 3 * pad - bh + th.px(self.GAP)
        row = min(th.px(self.ROW), room // max(1, len(self.games)) - th.px(self.GAP))
        rows = column(panel.x + pad, panel.y + pad, panel.w - 2 * pad, row,
                      th.px(self.GAP), len(self.games))
        widgets: list[Widget] = [
            LessonButton(rect, game_id, lambda g=game_id: self.open(g))
            for game_id, rect in zip(self.games, rows, strict=True)]
        widgets.append(Button(pygame.Rect(panel.x + pad, panel.bottom - pad - bh, bw, bh),
                              lambda: t("common.back"), self.back))
        return widgets

    def open(self, lesson: str) -> None:
        try:
            self.app.push(tutorial_table(self.app, lesson))
        except (CardFileError, ValueError, OSError) as err:
            self.error = t("learn.error", game=lesson_name(lesson), reason=err)
            self.app.request_redraw()

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        panel = self.panel_rect()
        self.blit_text(surface, t("learn.title"), "title",
                       midbottom=(panel.centerx, panel.y - th.px(2)))
        theme.draw_panel(surface, panel, th)
        if self.error:
            lines = fonts.wrap(self.error, "small", panel.w - th.px(8), th.scale)[:3]
            y = panel.bottom - th.px(12) - len(lines) * fonts.line_height("small", th.scale)
            for line in lines:
                self.blit_text(surface, line, "small", theme.DANGER,
                               topleft=(panel.x + th.px(4), y))
                y += fonts.line_height("small", th.scale)


class LessonButton(Button):
    """A tutorial: "Last Dungeon Pocket", Resume if under way, the first-game line (a further
    part's: what it adds)."""

    def __init__(self, rect: pygame.Rect, lesson: str, on_click: Any) -> None:
        super().__init__(rect, lambda: lesson_name(lesson), on_click, role="heading")
        self.lesson = lesson
        self.under_way = under_way(lesson)

    def draw(self, surface: pygame.Surface, th: theme.Theme) -> None:
        ink = self.draw_tile(surface, th)
        pad = th.px(2.5)
        picture = icons.menu_picture(lessons.game_of(self.lesson))  # the menu's, its game's
        x = self.rect.x + pad + self.draw_tile_picture(surface, th, picture)
        inner = self.rect.right - pad - x
        name = fonts.text(fonts.fit(self.label(), "heading", inner, th.scale), "heading", ink,
                          th.scale)
        top = surface.blit(name, (x, self.rect.y + th.px(1.2))).bottom
        if self.under_way:
            tag = fonts.text(t("learn.resume"), "small", theme.ACCENT, th.scale, True)
            surface.blit(tag, tag.get_rect(topright=(self.rect.right - pad,
                                                     self.rect.y + th.px(1.5))))
        line = lesson_line(self.lesson)
        lines = fonts.wrap(line, "small", inner, th.scale)[:2]
        y = max(top, self.rect.bottom - th.px(1.2) - len(lines) * fonts.line_height("small",
                                                                                  th.scale))
        for text in lines:
            surface.blit(fonts.text(text, "small", theme.TEXT_DIM, th.scale), (x, y))
            y += fonts.line_height("small", th.scale)


def lesson_name(lesson: str) -> str:
    """The game's name for its first tutorial; a further part's title ("Dungeon!: spells")."""
    game_id = lessons.game_of(lesson)
    return game_name(game_id) if lesson == game_id else t(f"tutorial.{lesson}.title")


def lesson_line(lesson: str) -> str:
    """What a first game is like; for a further part, what it teaches."""
    game_id = lessons.game_of(lesson)
    return first_game_line(game_id) if lesson == game_id else t(f"tutorial.{lesson}.line")


def first_game_line(game_id: str) -> str:
    """"1 player · about 20 minutes · repel every adventurer before one reaches the treasure":
    the setup screen's line for a first game, and the tutorial list's."""
    return t(f"first_game.{game_id}")


screens.register("learn", LearnScene)
screens.register("tutorial", tutorial_table)
