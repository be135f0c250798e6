"""The main menu: the games on the left, each with its picture; Continue / Load / Rules / Settings /
Credits / Quit on the right."""

from __future__ import annotations

import os
from typing import Any

import pygame

from dungeon_table.core import damaged, registry
from dungeon_table.ui import fonts, icons, screens, theme
from dungeon_table.ui.i18n import has, t
from dungeon_table.ui.names import game_name
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.base import MenuBase, column
from dungeon_table.ui.widgets import Button, Widget


class GameTile(Button):
    """A game in the list: its picture on the left, its name large, the player count and a
    one-line blurb below."""

    def __init__(self, rect: pygame.Rect, game_id: str, on_click: Any) -> None:
        super().__init__(rect, lambda: game_name(game_id), on_click, role="heading")
        self.game_id = game_id

    def detail(self) -> str:
        spec = registry.get(self.game_id)
        if spec.max_players == 1:
            return t("menu.players_solo")
        return t("menu.players", min=spec.min_players, max=spec.max_players)

    def line(self) -> str:
        """The small line under the name: players, then the blurb."""
        blurb = f"game.{self.game_id}.blurb"
        return self.detail() + (f"  ·  {t(blurb)}" if has(blurb, "en") else "")

    def draw(self, surface: pygame.Surface, th: theme.Theme) -> None:
        ink = self.draw_tile(surface, th)
        pad = th.px(2.5)
        x = self.rect.x + pad + self._draw_picture(surface, th)
        inner = self.rect.right - pad - x
        name = fonts.fit(fonts.wrap(self.label(), "heading", 10**6)[0], "heading", inner, th.scale)
        img = fonts.text(name, "heading", ink, th.scale)
        surface.blit(img, (x, self.rect.y + th.px(1.5)))
        detail = fonts.fit(self.line(), "small", inner, th.scale)
        small = fonts.text(detail, "small", theme.TEXT_DIM, th.scale)
        surface.blit(small, (x, self.rect.bottom - th.px(1.5) - small.get_height()))

    def _draw_picture(self, surface: pygame.Surface, th: theme.Theme) -> int:
        """The game's picture in a square at the tile's left; how far it pushes the text in."""
        return self.draw_tile_picture(surface, th, icons.menu_picture(self.game_id))


class MainMenuScene(MenuBase):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.continues: list[tuple[str, Any]] = []
        self.error: str | None = None
        self.games: list[str] = registry.game_ids()

    def on_enter(self) -> None:
        # Look for unfinished autosaves each time the menu shows (a game may have just ended).
        self.continues = []
        for game_id in self.games:
            session = nav.continuable(game_id)
            if session is not None:
                self.continues.append((game_id, session))
        self.on_resize(self.app.size)

    def back(self) -> None:
        """Esc on the main menu does nothing: quitting is a deliberate button."""

    # --- layout ----------------------------------------------------------------------------------
    TILE_H, TILE_GAP, BUTTON_H, BUTTON_GAP = 14, 2, 7, 1.5  # grid units

    def _action_count(self) -> int:
        return len(self.continues) + 9  # the buttons under the game tiles (build)

    def panel_rect(self) -> pygame.Rect:
        """Sized to its content and centred a little above the middle, under the title."""
        w, h = self.app.size
        th = self.th
        tiles = len(self.games) * (self.TILE_H + self.TILE_GAP) - self.TILE_GAP
        buttons = self._action_count() * (self.BUTTON_H + self.BUTTON_GAP) - self.BUTTON_GAP
        rect = pygame.Rect(0, 0, min(w - th.px(8), max(th.px(124), self._width_for_tiles())),
                           th.px(4 + 5 + max(tiles, buttons) + 4))
        title_h = th.px(16)
        top = (h - rect.h - title_h) * 2 // 5 + title_h
        rect.midtop = (w // 2, max(title_h + th.px(2), top))
        return rect

    def _width_for_tiles(self) -> int:
        """A panel wide enough for each tile's line: small type stops shrinking at its legible
        minimum, so at UI scale 75 % the blurb outgrew the shrunken tile and was cut off."""
        th = self.th
        widest = max((fonts.font("small", th.scale).size(GameTile(pygame.Rect(0, 0, 0, 0), g,
                                                                   None).line())[0]
                      for g in self.games), default=0)
        picture = th.px(self.TILE_H - 3 + 1)  # the game's picture, left of the text
        tile = widest + 2 * th.px(2.5) + th.px(1) + picture
        return round(tile / 0.56) + 3 * th.px(4)

    def build(self) -> list[Widget]:
        th = self.th
        panel = self.panel_rect()
        pad = th.px(4)
        left_w = round((panel.w - 3 * pad) * 0.56)
        right_w = panel.w - 3 * pad - left_w
        top = panel.y + pad + th.px(5)
        widgets: list[Widget] = []
        tiles = column(panel.x + pad, top, left_w, th.px(self.TILE_H), th.px(self.TILE_GAP),
                       len(self.games))
        for game_id, rect in zip(self.games, tiles, strict=True):
            widgets.append(GameTile(rect, game_id, lambda g=game_id: self.new_game(g)))
        actions: list[tuple[Any, Any, bool]] = [
            (lambda g=g, s=s: self.cont(g, s), self._continue_label(g, s), True)
            for g, s in self.continues
        ]
        actions += [
            (lambda: screens.push(self.app, "host"), lambda: t("menu.host"), False),  # remote
            (lambda: screens.push(self.app, "join"), lambda: t("menu.join"), False),  # tables
            (self.load, lambda: t("menu.load"), False),
            (self.learn, lambda: t("menu.learn"), False),
            (self.stats, lambda: t("menu.stats"), False),
            (self.rules, lambda: t("menu.rules"), False),
            (self.settings, lambda: t("menu.settings"), False),
            (self.credits, lambda: t("menu.credits"), False),
            (self.quit, lambda: t("menu.quit"), False),
        ]
        x = panel.x + 2 * pad + left_w
        rects = column(x, top, right_w, th.px(self.BUTTON_H), th.px(self.BUTTON_GAP), len(actions))
        for (on_click, label, primary), rect in zip(actions, rects, strict=True):
            widgets.append(Button(rect, label, on_click, primary=primary))
        return widgets

    def _continue_label(self, game_id: str, session: Any) -> Any:
        if len(self.continues) == 1:
            return lambda: t("menu.continue")
        return lambda: f"{t('menu.continue')}: {game_name(game_id)}"

    # --- actions ---------------------------------------------------------------------------------
    def new_game(self, game_id: str) -> None:
        try:
            scene = screens.make("setup", self.app, game_id)
        except Exception as err:  # noqa: BLE001 - e.g. options from a broken card file
            self.error = t("error.setup", game=game_name(game_id), reason=err)
            self.app.request_redraw()
            return
        self.app.push(scene)

    def cont(self, game_id: str, session: Any) -> None:
        try:
            nav.open_table(self.app, session, getattr(session, "names", None), replace=False)
        except Exception as err:  # noqa: BLE001 - a broken table must not take the menu down
            self.error = t("error.table", reason=err)
            self.app.reset(self)

    def load(self) -> None:
        screens.push(self.app, "load")

    def rules(self) -> None:
        screens.push(self.app, "rules")

    def learn(self) -> None:
        screens.push(self.app, "learn")

    def stats(self) -> None:
        screens.push(self.app, "stats")

    def settings(self) -> None:
        screens.push(self.app, "settings")

    def credits(self) -> None:
        screens.push(self.app, "credits")

    def quit(self) -> None:
        self.app.quit()

    # --- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.th
        w = surface.get_width()
        panel = self.panel_rect()
        tagline = self.blit_text(surface, t("app.tagline"), "body", theme.TEXT_DIM,
                                 midbottom=(w // 2, panel.y - th.px(3)))
        self.blit_text(surface, t("app.title"), "title", midbottom=(w // 2, tagline.top))
        theme.draw_panel(surface, panel, th)
        pad = th.px(4)
        left_w = round((panel.w - 3 * pad) * 0.56)
        self.blit_text(surface, t("menu.new"), "small", theme.TEXT_DIM,
                       topleft=(panel.x + pad, panel.y + pad))
        if self.continues:
            self._draw_continue_detail(surface, panel.x + 2 * pad + left_w, panel.y + pad)
        hint = self.blit_text(surface, t("menu.hint"), "small", theme.TEXT_DIM,
                              midtop=(w // 2, panel.bottom + th.px(2)))
        box_top = hint.bottom + th.px(1)
        if self.error:
            box_top = self._draw_box(surface, panel, box_top, self._error_lines(), theme.DANGER)
        if damaged.this_run():
            room = surface.get_height() - box_top - th.px(3)
            shown = max(2, room // fonts.line_height("small", th.scale) - 1)
            self._draw_box(surface, panel, box_top + th.px(1), self.set_aside_lines(shown),
                           theme.GOLD)

    def _draw_continue_detail(self, surface: pygame.Surface, x: int, y: int) -> None:
        width = self.panel_rect().right - x - self.th.px(4)
        detail = self.continue_detail()
        if fonts.font("small", self.th.scale).size(detail)[0] > width:
            detail = self.continue_detail(named=False)  # the round matters more than the name
        self.blit_text(surface, fonts.fit(detail, "small", width, self.th.scale), "small",
                       theme.TEXT_DIM, topleft=(x, y))

    def continue_detail(self, named: bool = True) -> str:
        """"Last Dungeon Pocket · Round 7 · repelled 5": where the game stands as its player
        counts it (the game's ``summary``), else the number of actions."""
        game_id, session = self.continues[0]
        line = nav.summary(game_id, session)
        if line:
            return (t("menu.continue_summary", game=game_name(game_id), summary=line)
                    if named else line)
        return t("menu.continue_detail", game=game_name(game_id),
                 actions=len(session.record.actions))

    def _error_lines(self) -> list[str]:
        th = self.th
        return fonts.wrap(self.error or "", "small", self.panel_rect().w - th.px(4), th.scale)[:3]

    def set_aside_lines(self, room: int = 4) -> list[str]:
        """The files set aside as damaged since the app started, and why, in at most ``room``
        lines: "Damaged files set aside (kept in …/saves/damaged):", then "autosave-market.yaml:
        line 3: nested deeper than 16 levels", one a line, and "… and 2 more: see Load"."""
        items = damaged.this_run()
        if not items:
            return []
        folder = os.path.commonpath([str(item.path.parent) for item in items])
        named = items if len(items) < room else items[: room - 2]
        lines = [t("menu.set_aside", folder=folder)]
        lines += [f"{item.name}: {item.reason}" for item in named]
        if len(named) < len(items):
            lines.append(t("menu.set_aside_more", count=len(items) - len(named)))
        return lines

    def _draw_box(self, surface: pygame.Surface, panel: pygame.Rect, top: int, lines: list[str],
                  edge: tuple[int, int, int]) -> int:
        """A box of ``lines`` (each cut to the width) under the panel; where it ends."""
        th = self.th
        width = panel.w - th.px(4)
        h = th.px(2) + len(lines) * fonts.line_height("small", th.scale)
        box = pygame.Rect(panel.x, top, panel.w, h)
        theme.draw_panel(surface, box, th, theme.mix(theme.PANEL, edge, 0.3), edge=edge)
        y = box.y + th.px(1)
        for line in lines:
            self.blit_text(surface, fonts.fit(line, "small", width, th.scale), "small",
                           topleft=(box.x + th.px(2), y))
            y += fonts.line_height("small", th.scale)
        return box.bottom


screens.register("menu", MainMenuScene)
