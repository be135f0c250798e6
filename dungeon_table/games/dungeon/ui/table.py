"""The Dungeon! table: the renderer the generic ``TableScene`` drives.

The board fills the left (zoom with the wheel about the pointer, + and -; pan by dragging with the
right or middle button, or W A S D; 0 or the fit button shows it whole), the numbered slots rail
lies under it, the heroes' panels and the decision panel stand at the right. Everything shown comes
from ``DungeonView`` and the legal actions; the board's geometry comes from the board content
(``board.py``): no rule here.

A click on a lit space walks there (its path is drawn on hover, with the secret doors it would
try); encounter, doorway and choice actions are buttons; the crystal ball is a switch that turns
the board's targets into the spaces it may scry.

Here: the renderer, its targets and hooks; layout and camera ``layout.py``, the board
``board_art.py``, what stands on it ``pieces.py``, the side ``panels.py`` and
``decide.py``, card faces ``faces.py``, events ``anim.py`` and ``log.py``.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import anim, board_art, log, pieces, wish_list
from dungeon_table.games.dungeon.ui import faces as vc
from dungeon_table.games.dungeon.ui.board_art import BoardArt
from dungeon_table.games.dungeon.ui.decide import (
    choice_rects,
    choices,
    decide_area,
    draw_decide,
    hero_tiles,
)
from dungeon_table.games.dungeon.ui.layout import (
    ZOOM_STEP,
    Camera,
    DungeonShown,
    TableGeo,
    board_or_none,
    cell_box,
    table_geo,
)
from dungeon_table.games.dungeon.ui.panels import HeroColumn, draw_rail
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.anim import Tween
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import TableRenderer, Target, UiState

PAN_KEYS = {pygame.K_a: (1, 0), pygame.K_d: (-1, 0), pygame.K_w: (0, 1), pygame.K_s: (0, -1)}
CLOCK_WARN = 300  # seconds left when the time-attack clock turns red
BOARD_TARGETS = (m.Move, m.Teleport, m.ChooseChamber, m.Scry)


class DungeonRenderer(TableRenderer):
    """``board`` is the board's content (its spaces and cells), ``area`` the screen's part."""

    prefix = "dungeon"
    value_names = {"hero": "dungeon.hero.{id}", "heroes": "dungeon.hero.{id}",
                   "spell": "dungeon.spell.{id}", "spells": "dungeon.spell.{id}"}
    SPACE_VALUES = frozenset({"here", "there", "path", "path2", "space", "to"})

    def name_value(self, key: str, value: Any) -> str | None:
        """A space among a reason's values by its name ("the Great Hall", "room 3c"; a path's
        run of corridor cells once), the heroes' classes and the spells by the catalogue's."""
        if key in self.SPACE_VALUES and isinstance(value, (list, tuple)):
            names = [log.space_name(str(space)) for space in value]
            runs = [n for i, n in enumerate(names) if n and (i == 0 or n != names[i - 1])]
            return t("list.sep").join(runs)
        if key in self.SPACE_VALUES and isinstance(value, str):
            return log.space_name(value) or None
        return super().name_value(key, value)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.geo = table_geo(pygame.Rect(0, 0, 1280, 720), self.th)
        self.camera = Camera()
        self.board: Any = board_or_none()
        self.art = BoardArt()
        self.shown: DungeonShown = DungeonShown()
        self.heroes_column = HeroColumn()
        self.scrying = False  # the crystal ball switch: board targets are scry targets
        self._followed: tuple[int, str] | None = None  # the hero and space last brought in sight
        self._washes: dict[tuple[tuple[int, int], tuple[int, ...]], pygame.Surface] = {}
        self._boxes: dict[str, tuple[int, int, int, int]] = {}
        self._tips: dict[tuple[str, float], pygame.Surface] = {}

    @classmethod
    def summary(cls, view: m.DungeonView, result: Any = None) -> str:
        return log.summary(view, result)

    @classmethod
    def seat_colours(cls, view: m.DungeonView | None) -> list[str]:
        """Each seat's colour for the game-over chart: its hero's class colour."""
        if view is None:
            return []
        return [pieces.HERO_COLOURS.get(h.hero, "yellow") for h in view.heroes]

    # --- layout ---------------------------------------------------------------------------------
    def arrange(self) -> None:
        assert self.area is not None
        if self.board is None:
            self.board = board_or_none()
        size = (self.board.width, self.board.height) if self.board is not None else (4, 3)
        self.geo: TableGeo = table_geo(self.area, self.th, size)
        self.camera.reset(self.geo.viewport, size)

    def space_level(self, space: str) -> int:
        found = self.board.spaces.get(space) if self.board is not None else None
        return found.level if found is not None else 0

    def space_box(self, space: str) -> tuple[int, int, int, int] | None:
        """A space's box of cells (and, once known, kept: the board does not change)."""
        box = self._boxes.get(space)
        if box is None:
            found = self.board.spaces.get(space) if self.board is not None else None
            if found is None:
                return None
            box = self._boxes[space] = cell_box(found.cells)
        return box

    def space_screen(self, space: str) -> pygame.Rect | None:
        box = self.space_box(space)
        return self.camera.box_rect(box) if box is not None else None

    def space_rect(self, space: str) -> pygame.Rect | None:
        """A space's rect on screen, cut to the board's window; None when out of sight."""
        rect = self.space_screen(space)
        if rect is None:
            return None
        rect = rect.clip(self.geo.viewport)
        for button in self.geo.zoom_buttons:  # a zoom button over the board keeps its clicks
            if rect.colliderect(button):
                if button.y - rect.y > 2:
                    rect.h = button.y - rect.y
                else:
                    rect.w = max(0, button.x - rect.x)
        return rect if rect.w > 2 and rect.h > 2 else None

    def wash(self, colour: tuple[int, int, int, int],
             size: tuple[int, int] | None = None) -> pygame.Surface:
        """A translucent fill of ``size`` (a cell's by default), made once."""
        size = size or (self.camera.cell, self.camera.cell)
        key = (size, colour)
        image = self._washes.get(key)
        if image is None:
            image = pygame.Surface(size, pygame.SRCALPHA)
            image.fill(colour)
            if len(self._washes) > 64:
                self._washes.clear()
            self._washes[key] = image
        return image

    # --- targets --------------------------------------------------------------------------------
    def table_targets(self, view: m.DungeonView, legal: list[Action]) -> list[Target]:
        if not any(isinstance(a, m.Scry) for a in legal):
            self.scrying = False
        self._follow(view)
        out = self._board_targets(view, legal)
        out += [Target(rect, action, vc.hero_name(action.hero))
                for rect, action in hero_tiles(self, view, legal)]
        listed = choices(self, view, legal)
        for rect, choice in zip(choice_rects(self, view, len(listed)), listed, strict=True):
            if choice.action not in legal:
                continue  # refused now: drawn disabled, no focus (the table says why on hover)
            out.append(Target(rect, choice.action, choice.caption, pick=choice.pick,
                              covers=choice.covers, primary=choice.primary or choice.focus_first))
        return out

    def _board_targets(self, view: m.DungeonView, legal: list[Action]) -> list[Target]:
        out: list[Target] = []
        walks = {a.path[-1] for a in legal if isinstance(a, m.Move) and a.path}
        for action in legal:
            if not isinstance(action, BOARD_TARGETS):
                continue
            if isinstance(action, m.Scry) != self.scrying:
                continue  # moves while the crystal ball is off, scries while it is on
            space = self._space_of(action)
            if not isinstance(action, m.Move) and space in walks:
                continue  # a click on a space walks there; a teleport there keeps its button
            rect = self.space_rect(space)
            if rect is not None:
                quiet = isinstance(action, m.Move)
                out.append(Target(rect, action, self._label(action, space), quiet=quiet))
        return out

    def _follow(self, view: m.DungeonView) -> None:
        """On a zoomed board, the hero to decide is brought into sight when it is out of it:
        once each time that hero or its space changes, so a player may still pan away."""
        if self.camera.zoom <= 1.0 or view.seat is None or not 0 <= view.seat < len(view.heroes):
            return
        space = view.heroes[view.seat].space
        if (view.seat, space) == self._followed:
            return
        self._followed = (view.seat, space)
        found = self.board.spaces.get(space) if self.board else None
        if found is None:
            return
        margin = self.camera.cell * 2
        if not self.geo.viewport.inflate(-margin, -margin).collidepoint(
                self.camera.to_screen(*found.centre)):
            self.camera.centre_on(*found.centre)

    @staticmethod
    def _space_of(action: Action) -> str:
        if isinstance(action, m.Move):
            return action.path[-1] if action.path else ""
        if isinstance(action, m.Teleport):
            return action.to
        return getattr(action, "space", "")

    @staticmethod
    def _label(action: Action, space: str) -> str:
        tag = type(action).__struct_config__.tag
        return t(f"dungeon.target.{tag}", space=log.space_name(space))

    def toggle_scry(self) -> None:
        self.scrying = not self.scrying

    def cancel_pick(self) -> bool:
        was, self.scrying = self.scrying, False
        return was

    # --- input ----------------------------------------------------------------------------------
    def mouse(self, event: pygame.event.Event) -> bool:
        """Wheel: zoom about the pointer; right- or middle-drag: pan; the +, -, fit buttons."""
        if self.area is None or self.board is None:
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", self.geo.viewport.center)
            if not self.geo.viewport.collidepoint(pos):
                pos = self.geo.viewport.center
            return self.camera.zoom_at(ZOOM_STEP ** event.y, pos)
        if event.type == pygame.MOUSEMOTION:
            return self.camera.pan(*event.rel)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._zoom_button(event.pos)
        return False

    def _zoom_button(self, pos: tuple[int, int]) -> bool:
        plus, minus, fit = self.geo.zoom_buttons
        centre = self.geo.viewport.center
        if plus.collidepoint(pos):
            return self.camera.zoom_at(ZOOM_STEP, centre)
        if minus.collidepoint(pos):
            return self.camera.zoom_at(1 / ZOOM_STEP, centre)
        if fit.collidepoint(pos):
            self.camera.fit()
            return True
        return False

    def key(self, keycode: int, text: str) -> Action | bool | None:
        wish = wish_list.key_action(keycode, text)  # the wish list's keys (applied when legal)
        if wish is not None:
            return wish
        centre = self.geo.viewport.center
        if text == "+" or keycode in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            return self.camera.zoom_at(ZOOM_STEP, centre) or None
        if text == "-" or keycode in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return self.camera.zoom_at(1 / ZOOM_STEP, centre) or None
        if text == "0" or keycode == pygame.K_f:
            self.camera.fit()
            return True
        if keycode in PAN_KEYS:
            dx, dy = PAN_KEYS[keycode]
            step = self.camera.cell * 3
            return self.camera.pan(dx * step, dy * step) or None
        return None

    # --- drawing --------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        self._draw_board(surface, view, ui)
        self.heroes_column.draw(self, surface, view, ui.names)
        draw_rail(self, surface, view, ui.hidden)
        hovered = ui.targets[ui.hover].action if ui.hover is not None and ui.hover < len(
            ui.targets) else None
        draw_decide(self, surface, view, ui.legal, hovered, ui.names)

    def _draw_board(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        vp = self.geo.viewport
        pygame.draw.rect(surface, theme.FELT_DARK, vp, border_radius=self.th.px(1))
        if self.board is None:
            tabletop.label(surface, t("dungeon.board_missing"), "body", theme.TEXT_DIM,
                           self.th.scale, center=vp.center)
            return
        old = pieces.viewport_clip(surface, vp)
        surface.blit(self.art.surface(self.board, self.camera.cell),
                     self.camera.board_rect().topleft)
        self._draw_choices(surface, view, ui)
        pieces.draw_found_doors(self, surface, view)
        pieces.draw_tokens(self, surface, view)
        pieces.draw_hunters(self, surface, view, ui.hidden)
        pieces.draw_heroes(self, surface, view, ui.hidden)
        self._draw_hover_path(surface, view, ui)
        surface.set_clip(old)
        self._draw_overlays(surface, view, ui)

    def _draw_choices(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        if ui.animating or not ui.legal:
            return
        if self.scrying:
            spaces = [a.space for a in ui.legal if isinstance(a, m.Scry)]
            pieces.draw_reach(self, surface, view, spaces)
            pieces.draw_marks(self, surface, spaces, "circle", theme.CARD_COLOURS["blue"])
            return
        pieces.draw_reach(self, surface, view, [a.path[-1] for a in ui.legal
                                                if isinstance(a, m.Move) and a.path])
        pits = [a.space for a in ui.legal if isinstance(a, m.ChooseChamber)]
        teleports = [a.to for a in ui.legal if isinstance(a, m.Teleport)]
        peeks = [a.space for a in ui.legal if isinstance(a, m.Peek)]
        pieces.draw_marks(self, surface, pits, "triangle", theme.DANGER)
        pieces.draw_marks(self, surface, teleports, "diamond", theme.CARD_COLOURS["purple"])
        pieces.draw_marks(self, surface, peeks, "star", theme.GOLD)

    def _draw_hover_path(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        index = ui.hover if ui.hover is not None else ui.focus
        if ui.animating or index is None or index >= len(ui.targets):
            return
        action = ui.targets[index].action
        if isinstance(action, m.Move) and action.path and ui.targets[index].pick is None:
            doors = view.secret_doors_on.get(action.path[-1], [])
            pieces.draw_path(self, surface, view, action.path, doors)
        elif isinstance(action, (m.Teleport, m.ChooseChamber)):  # its button: where it leads
            pieces.draw_ring(self, surface, self._space_of(action))

    def _draw_overlays(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        """The level key and the mode's line at the board's top, the clock, the zoom buttons."""
        th = self.th
        vp = self.geo.viewport
        key = self._draw_level_key(surface, view)
        line = log.mode_line(view)
        if line:
            hunt = view.mode == "treasure_hunt" and bool(view.hunt_treasure)
            room = max(th.px(10), vp.right - key.right - th.px(12))  # the clock's corner kept
            text, role, scale = fonts.shrink_to_fit(line, "small", room, th.scale, True)
            image = fonts.text(text, role, theme.GOLD if hunt else theme.TEXT, scale, True)
            spot = image.get_rect(midleft=(key.right + th.px(1.5), key.centery))
            pygame.draw.rect(surface, theme.FELT_DARK, spot.inflate(th.px(1.5), th.px(0.5)),
                             border_radius=th.px(0.5))
            surface.blit(image, spot)
            if hunt:  # hovering the line shows the treasure hunted for
                self.shown.add(spot, view.hunt_treasure)
        if view.time_limit:
            self._draw_clock(surface, view, ui)
        for rect, text in zip(self.geo.zoom_buttons, ("+", "−", t("dungeon.zoom.fit")),
                              strict=True):
            theme.draw_panel(surface, rect, th, shadow=False)
            tabletop.label(surface, text, "small" if len(text) > 1 else "body", theme.TEXT,
                           th.scale, True, width=rect.w - 4, center=rect.center)

    def _draw_level_key(self, surface: pygame.Surface, view: m.DungeonView) -> pygame.Rect:
        """The level colours with their numbers along the board's top, each with the monster
        and treasure cards left in its decks; returns the key's rect."""
        th = self.th
        vp = self.geo.viewport
        size = th.px(2.2)
        left = {d.level: t("dungeon.deck.left", monsters=d.monsters, treasures=d.treasures)
                for d in view.decks}
        texts = [fonts.text(left.get(level, ""), "small", theme.TEXT_DIM, th.scale)
                 for level in range(1, 7)]
        width = sum(size + th.px(0.4) + image.get_width() + th.px(1) for image in texts)
        key = pygame.Rect(vp.x + th.px(0.5), vp.y + th.px(0.5), width + th.px(0.6),
                          size + th.px(1))
        pygame.draw.rect(surface, theme.FELT_DARK, key, border_radius=th.px(0.5))
        x = key.x + th.px(0.5)
        for level, image in zip(range(1, 7), texts, strict=True):
            chip = pygame.Rect(x, key.y + th.px(0.5), size, size)
            pygame.draw.rect(surface, vc.LEVEL_COLOURS[level], chip, border_radius=th.px(0.4))
            if cf.glyph_mode():  # the board's level patterns, keyed
                board_art.level_pattern(surface, chip, level, max(3, size // 3),
                                        theme.mix(vc.LEVEL_COLOURS[level], theme.FELT_DARK, 0.5))
            tabletop.label(surface, str(level), "small", theme.FELT_DARK, th.scale, True,
                           center=chip.center)
            surface.blit(image, image.get_rect(midleft=(chip.right + th.px(0.4), chip.centery)))
            x = chip.right + th.px(0.4) + image.get_width() + th.px(1)
            deck = next((d for d in view.decks if d.level == level), None)
            if deck is not None:
                self.shown.tips.append((pygame.Rect(chip.x, key.y, x - chip.x, key.h), t(
                    "dungeon.tip.level", level=level, monsters=deck.monsters,
                    treasures=deck.treasures)))
        return key

    def _draw_clock(self, surface: pygame.Surface, view: m.DungeonView, ui: UiState) -> None:
        left = max(0, int(view.time_limit - ui.clock_seconds))
        colour = theme.DANGER if left < CLOCK_WARN else theme.TEXT
        text = f"{left // 60:d}:{left % 60:02d}"
        image = fonts.text(text, "number", colour, self.th.scale)
        vp = self.geo.viewport
        box = image.get_rect(topright=(vp.right - self.th.px(1), vp.y + self.th.px(1)))
        back = box.inflate(self.th.px(2), self.th.px(0.5))
        theme.draw_panel(surface, back, self.th, shadow=False,
                         edge=theme.DANGER if left < CLOCK_WARN else theme.PANEL_EDGE)
        surface.blit(image, box)

    def preview(self, view: m.DungeonView, pos: tuple[int, int]) -> pygame.Surface | None:
        if self.area is None:
            return None
        width = round(self.geo.card_w * 2.5)
        me = view.heroes[view.seat].hero if view.seat is not None and view.seat < len(
            view.heroes) else ""
        card = self.shown.at(pos)
        if card is not None:
            return vc.face(card, width, me)
        for rect, text in reversed(self.shown.tips):
            if rect.collidepoint(pos):
                return self._tip(text)
        feature = self._feature_at(pos)
        return self._tip(t(f"dungeon.tip.{feature}")) if feature else None

    def _feature_at(self, pos: tuple[int, int]) -> str:
        """The door, stairs or secret door under the pointer (the board's small marks a
        newcomer may not read at once); "" elsewhere."""
        if self.board is None or not self.geo.viewport.collidepoint(pos):
            return ""
        x, y = (math.floor(v) for v in self.camera.to_board(pos))
        if not (0 <= x < self.board.width and 0 <= y < self.board.height):
            return ""
        kind = self.board.cell(x, y)[0]
        return kind if kind in ("door", "stairs", "secret") else ""

    def _tip(self, text: str) -> pygame.Surface:
        """A few lines of explanation on a panel, made once per text and size (the preview
        keeps showing the same image while the pointer stays on it)."""
        key = (text, self.th.scale)
        image = self._tips.get(key)
        if image is None:
            th = self.th
            pad = th.px(1)
            lines = fonts.wrap(text, "small", th.px(28), th.scale)
            line = fonts.line_height("small", th.scale)
            width = max(fonts.font("small", th.scale).size(part)[0] for part in lines)
            image = pygame.Surface((width + 2 * pad, len(lines) * line + 2 * pad),
                                   pygame.SRCALPHA)
            theme.draw_panel(image, image.get_rect(), th, shadow=False)
            for k, part in enumerate(lines):
                image.blit(fonts.text(part, "small", theme.TEXT, th.scale),
                           (pad, pad + k * line))
            if len(self._tips) > 64:
                self._tips.clear()
            self._tips[key] = image
        return image

    def banner_area(self, view: m.DungeonView) -> pygame.Rect | None:
        return self.geo.viewport if self.area is not None else None

    def thinking_area(self, view: m.DungeonView) -> pygame.Rect | None:
        return decide_area(self, view) if self.area is not None else None

    # --- log and animations ---------------------------------------------------------------------
    def decision_key(self, view: m.DungeonView) -> str | None:
        return log.decision_key(view)

    def log_heading(self, before: m.DungeonView | None, after: m.DungeonView) -> str | None:
        return log.heading(before, after)

    def log_lines(self, events: list[Event], before: Any, after: Any) -> list[str]:
        return log.lines(events, before, after)

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        if self.area is None or before is None or self.board is None:
            return []
        # a zoomed board follows the action, a bot's or another player's too, before the
        # tweens take their screen points from it
        spots = [self.board.spaces[s].centre for s in anim.action_spaces(events, before)
                 if s in self.board.spaces]
        self.camera.bring_into_sight(spots, self.camera.cell * 2)
        return anim.tweens_for(self, events, before, after)


Renderer = DungeonRenderer
