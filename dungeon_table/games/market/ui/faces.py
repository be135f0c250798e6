"""How Dungeon Market's cards look: faces from the card file, small equipment tokens, loot icons,
job tiles and coins, every image rendered once per size and language and kept.

A monster's face carries its colour twice (band colour and glyph: flame, drop, star, leaf, moon),
its attack top left, its loot's defence bottom right and the loot's icon bottom left, so a card is
never told by colour alone. Equipment in front of a player is drawn as a token: the colour with
its glyph, the loot icon and the defence, small enough for a column of them per colour.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from dungeon_table.games.market.ui.emblems import JOB_INK, gem_stone
from dungeon_table.games.market.ui.job_faces import JOB_BAND, JobText, render_job_face
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, i18n, icons, tabletop, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import in_language

GEM_BAND = (70, 168, 190)
CHEST_BAND = (142, 98, 54)
DECK_BACK = (92, 56, 44)
COIN = (232, 190, 76)
COIN_EDGE = (150, 110, 30)
USED_DIM = 150  # alpha of the shade laid over a used (sideways) token


@lru_cache(maxsize=4096)
def _fitted(s: str, role: str, width: int, scale: float, bold: bool) -> tuple[str, str, float]:
    return fonts.shrink_to_fit(s, role, width, scale, bold)


def label(surface: pygame.Surface, s: str, role: str, colour: Any, scale: float,
          bold: bool = False, width: int | None = None, **where: Any) -> pygame.Rect:
    """``tabletop.label`` with the fitting to ``width`` remembered: the same labels are fitted
    every frame, and measuring them was a good part of a frame's cost."""
    if width is not None:
        s, role, scale = _fitted(s, role, max(1, width), scale, bold)
    return tabletop.label(surface, s, role, colour, scale, bold, **where)


class MarketLooks:
    """Names, faces, tokens and tiles of every card and job, translated, from the card file."""

    def __init__(self, cards: Any) -> None:
        self.cards = cards
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._mode: tuple[str, bool, bool] = ("", False, True)
        self.gems_defend = True  # the house rule: off, a gem only scores (its face says so)

    def sync(self, gems_defend: bool | None = None) -> None:
        """Forget every image when the language, the colour-blind mode or the house rule a
        gem's text tells (``gems_defend``, from the view) has changed: the renderer calls this
        once a frame; images are keyed without them."""
        if gems_defend is not None:
            self.gems_defend = gems_defend
        mode = (i18n.language(), cf.glyph_mode(), self.gems_defend)
        if mode != self._mode:
            self._mode = mode
            self._cache.clear()

    def _cached(self, key: tuple[Any, ...], make: Any) -> pygame.Surface:
        image = self._cache.get(key)
        if image is None:
            self.sync()
            image = self._cache[key] = make()
        return image

    # --- names -----------------------------------------------------------------------------
    def name(self, card: str) -> str:
        if not card or card == "?":
            return t("market.card.hidden")
        try:
            return in_language(self.cards.card(card).name)
        except KeyError:
            return card

    def job_name(self, job: str) -> str:
        try:
            return in_language(self.cards.job(job).name)
        except KeyError:
            return job

    def kind(self, card: str) -> str:
        try:
            return self.cards.card(card).kind
        except KeyError:
            return ""

    def colour_of(self, card: str) -> str:
        try:
            return self.cards.card(card).colour
        except KeyError:
            return ""

    # --- texts -------------------------------------------------------------------------------
    def effect_text(self, effect: Any) -> str:
        colour = t(f"market.colour.{effect.colour}") if effect.colour else ""
        return t(f"market.effect.{effect.kind}", amount=effect.amount, colour=colour)

    def level_text(self, job: str, level: int) -> str:
        """What ``job`` does at ``level`` (1-4), its victory points included."""
        spec = self.cards.job(job).levels[level - 1]
        parts = [self.effect_text(e) for e in spec.effects]
        if spec.vp:
            parts.append(t("market.effect.vp", amount=spec.vp))
        return t("market.job.level_line", n=level, text=t("list.sep").join(parts))

    # --- pictures --------------------------------------------------------------------------------
    def picture(self, card: str) -> str | None:
        """A card's picture: its own, else its kind's default."""
        c = self.cards.card(card)
        return icons.picture("market", c.kind, c.icon)

    def loot_picture(self, loot: str) -> str | None:
        """A loot's picture (gauntlet, shield, ...): the monster's corner, the equipment token."""
        own = next((kind.icon for kind in self.cards.loot_kinds if kind.id == loot), None)
        return icons.picture("market", "loot", own)

    def job_picture(self, job: str) -> str | None:
        return icons.picture("market", "job", self.cards.job(job).icon)

    # --- faces ---------------------------------------------------------------------------------
    def spec(self, card: str) -> cf.FaceSpec:
        """The face around the card's picture (``FaceSpec.icon``)."""
        c = self.cards.card(card)
        return dataclasses.replace(self._numbers(card, c), icon=self.picture(card))

    def _numbers(self, card: str, c: Any) -> cf.FaceSpec:
        if c.kind == "monster":
            corners: tuple[cf.Corner, ...] = (
                cf.Corner("tl", str(c.attack), "damage", t("market.card.attack")),)
            if c.loot != "sword":
                corners += (cf.Corner("br", str(c.defence), "cost", t("market.card.defence")),)
            body = t("market.card.sword_body") if c.loot == "sword" else t(
                "market.card.loot_body", defence=c.defence)
            return cf.FaceSpec(self.name(card), theme.CARD_COLOURS[c.colour], c.colour,
                               t(f"market.loot.{c.loot}"), corners, body,
                               keep_clear=("bl",))  # the loot's picture (``_render_face``)
        if c.kind == "ghost":
            return cf.FaceSpec(self.name(card), theme.CARD_COLOURS[c.colour], c.colour,
                               t("market.card.ghost"),
                               (cf.Corner("tl", str(c.attack), "damage",
                                          t("market.card.attack")),),
                               t("market.card.ghost_body"))
        if c.kind == "gem":
            return cf.FaceSpec(self.name(card), GEM_BAND, None, t("market.card.gem"),
                               (cf.Corner("tl", str(c.value), "crystal",
                                          t("market.card.points")),),
                               t("market.card.gem_body" if self.gems_defend else
                                 "market.card.gem_body_score", n=c.value))
        return cf.FaceSpec(self.name(card), CHEST_BAND, None, t("market.card.chest"))

    def face(self, card: str, width: int) -> pygame.Surface:
        """A card's face at ``width``; a monster's also shows its loot's icon bottom left."""
        return self._cached(("face", card, width), lambda: self._render_face(card, width))

    def _render_face(self, card: str, width: int) -> pygame.Surface:
        """The face around its picture; a monster's also shows its loot's picture bottom left
        (its colour's ring round it), kept clear of the text (``keep_clear``)."""
        image = cf.face(self.spec(card), width)
        c = self.cards.card(card)
        if c.kind != "monster":
            return image
        image = image.copy()
        w, h = image.get_size()
        r = max(6, round(w * 0.13))
        m = round(w * 0.04) + r
        pygame.draw.circle(image, cf.PAPER_DARK, (m, h - m), r)
        pygame.draw.circle(image, theme.CARD_COLOURS[c.colour], (m, h - m), r, max(1, r // 6))
        self.draw_loot(image, c.loot, (m, h - m), r * 0.72, cf.INK)
        return image

    def draw_loot(self, surf: pygame.Surface, loot: str, center: tuple[float, float], r: float,
                  colour: tuple[int, int, int]) -> None:
        """A loot's picture in a circle of radius ``r`` (the drawn shape where it has none)."""
        name = self.loot_picture(loot)
        if name is None:
            draw_loot(surf, loot, center, r, colour)
            return
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(center[0]), round(center[1]))
        icons.blit_icon(surf, name, box, colour)

    def back(self, width: int) -> pygame.Surface:
        return cf.back(cf.BackSpec(DECK_BACK, "", t("market.card.dungeon"), glyph="star"), width)

    def killed(self, width: int) -> pygame.Surface:
        """A monster a sword cut down: face down where it fell (it still counts for EXP)."""
        return cf.back(cf.BackSpec(DECK_BACK, "", t("market.card.killed"), glyph="red"), width)

    def job_face(self, job: str, width: int, level: int | None = None) -> pygame.Surface:
        """A job with every level's effect (``level``: the one held, marked)."""
        return self._cached(("job_face", job, width, level),
                            lambda: self._render_job_face(job, width, level))

    def _render_job_face(self, job: str, width: int, level: int | None) -> pygame.Surface:
        text = JobText(self.job_name(job), t("market.card.job"),
                       tuple(self.level_text(job, n) for n in range(1, 5)))
        effects = self.cards.job(job).levels[0].effects
        first = effects[0] if effects else None
        picture = self.job_picture(job)

        def sign(image: pygame.Surface, center: tuple[int, int], r: float) -> None:
            """The job's picture; a warden's in its colour."""
            warden = first is not None and first.kind == "guard" and first.colour
            ink = theme.CARD_COLOURS[first.colour] if warden else theme.mix(JOB_INK, cf.PAPER, 0.1)
            box = pygame.Rect(0, 0, round(2.2 * r), round(2.2 * r))
            box.center = center
            icons.blit_icon(image, picture, box, ink)

        return render_job_face(text, width, level, sign)

    # --- tokens ----------------------------------------------------------------------------------
    def token(self, card: str, width: int, used: bool = False) -> pygame.Surface:
        """Equipment or a gem in front of a player: upright, or sideways (turned 90°) when used."""
        return self._cached(("token", card, width, used),
                            lambda: self._render_token(card, width, used))

    def _render_token(self, card: str, width: int, used: bool) -> pygame.Surface:
        """A used token lies sideways as the card would, but its marks stay upright and in a
        row (glyph, icon, number): turned with the card, a "2" read as "N" and a flame as "▶"."""
        c = self.cards.card(card)
        w, h = width, round(width * cf.RATIO)
        if used:
            w, h = h, w
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, min(w, h) // 8)
        rect = surf.get_rect()
        if c.kind == "gem":
            (_gem_token_sideways if used else _gem_token)(surf, c.value, radius)
        else:
            (_loot_token_sideways if used else _loot_token)(surf, c.colour, c.loot, c.defence,
                                                           radius, self.draw_loot)
        pygame.draw.rect(surf, cf.EDGE, rect, 1, border_radius=radius)
        if used:
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, USED_DIM), rect, border_radius=radius)
            surf.blit(shade, (0, 0))
        return surf.convert_alpha()

    def job_tile(self, job: str, size: tuple[int, int], level: int | None, cost: int = 0,
                 scale: float = 1.0) -> pygame.Surface:
        """A job as a tile: its name, then its level big and the EXP the next one costs (held)
        or what it does at LV1 (offered)."""
        return self._cached(("job", job, size, level, cost, round(scale, 3)),
                            lambda: self._render_job_tile(job, size, level, cost, scale))

    def _render_job_tile(self, job: str, size: tuple[int, int], level: int | None, cost: int,
                         scale: float) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, min(w, h) // 8)
        pygame.draw.rect(surf, JOB_BAND, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, theme.mix(JOB_BAND, (255, 255, 255), 0.35), surf.get_rect(),
                         max(1, w // 80), border_radius=radius)
        pad = max(2, round(8 * scale * 0.75))
        roomy = h >= fonts.line_height("body", scale) * 2.2
        role = "body" if roomy else "small"
        name, role, fit = fonts.shrink_to_fit(self.job_name(job), role, w - 2 * pad, scale, True)
        title = fonts.font(role, fit, True).render(name, True, theme.TEXT)
        y = pad if roomy else max(0, (h // 2 - title.get_height()) // 2 + 1)
        surf.blit(title, title.get_rect(midtop=(w // 2, y)))
        y += title.get_height()
        if level is not None:
            self._job_level(surf, (y, h - pad), level, cost, scale, roomy)
            return surf.convert_alpha()
        small = fonts.font("small", scale)
        step = round(small.get_linesize() * 0.92)
        lines = fonts.wrap_lines(self.level_text(job, 1), small, w - 2 * pad)
        room = max(1, min(2, (h - y - small.get_height()) // max(1, step) + 1))
        shown = lines[:room]
        if len(lines) > room:  # cut short: say so (the preview and the auction card show all)
            shown[-1] = _ellipsized(shown[-1], small, w - 2 * pad)
        for line in shown:
            img = small.render(line, True, theme.TEXT)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += step
        return surf.convert_alpha()

    def _job_level(self, surf: pygame.Surface, span: tuple[int, int], level: int, cost: int,
                   scale: float, roomy: bool) -> None:
        """The level big, and beside it the EXP the next level costs (or the LV4 mark)."""
        w = surf.get_width()
        top, bottom = span
        big = fonts.font("heading" if roomy else "small", scale * (0.8 if roomy else 1.0), True)
        lv = big.render(t("market.job.lv_n", n=level), True, theme.GOLD)
        note = t("market.job.next", n=cost) if cost else ""
        if not note:
            surf.blit(lv, lv.get_rect(center=(w // 2, (top + bottom) // 2)))
            return
        small = fonts.font("small", scale)
        img = small.render(note, True, theme.TEXT_DIM)
        total = lv.get_width() + img.get_width() + 8
        x = max(2, (w - total) // 2)
        cy = (top + bottom) // 2
        surf.blit(lv, lv.get_rect(midleft=(x, cy)))
        if total <= w:
            surf.blit(img, img.get_rect(midleft=(x + lv.get_width() + 8, cy)))

    def coin(self, size: int) -> pygame.Surface:
        """The coins mark (two coins, in gold), where a purse, a price or the deposit shows."""
        return icons.icon(icons.mark("coins"), size, COIN)


# --- drawn pieces --------------------------------------------------------------------------------
LootDrawer = Callable[[pygame.Surface, str, tuple[float, float], float, tuple[int, int, int]], None]


def _loot_token(surf: pygame.Surface, colour: str, loot: str, defence: int, radius: int,
                drawer: LootDrawer) -> None:
    """Glyph and defence along the top, the loot's icon in the middle: in a column of tokens
    each shows its top part, and those still say what it is."""
    w, h = surf.get_size()
    band = theme.CARD_COLOURS[colour]
    pygame.draw.rect(surf, band, surf.get_rect(), border_radius=radius)
    ink = (250, 246, 236) if sum(band) < 420 else cf.INK
    theme.draw_glyph(surf, colour, (w * 0.24, h * 0.15), max(3, w * 0.15), ink)
    drawer(surf, loot, (w * 0.5, h * 0.5), w * 0.3, ink)
    if loot != "sword":
        f = fonts.font_px(max(8, round(w * 0.36)), bold=True)
        num = f.render(str(defence), True, ink)
        surf.blit(num, num.get_rect(center=(w * 0.74, h * 0.15)))


def _loot_token_sideways(surf: pygame.Surface, colour: str, loot: str, defence: int,
                         radius: int, drawer: LootDrawer) -> None:
    """A used loot token: the card lies sideways; its glyph and defence still run along the
    top (what a column of tokens leaves in view), the icon below them."""
    w, h = surf.get_size()
    band = theme.CARD_COLOURS[colour]
    pygame.draw.rect(surf, band, surf.get_rect(), border_radius=radius)
    ink = (250, 246, 236) if sum(band) < 420 else cf.INK
    theme.draw_glyph(surf, colour, (w * 0.17, h * 0.24), max(3, h * 0.15), ink)
    drawer(surf, loot, (w * 0.5, h * 0.56), h * 0.3, ink)
    if loot != "sword":
        f = fonts.font_px(max(8, round(h * 0.36)), bold=True)
        num = f.render(str(defence), True, ink)
        surf.blit(num, num.get_rect(center=(w * 0.83, h * 0.24)))


def _gem_token_sideways(surf: pygame.Surface, value: int, radius: int) -> None:
    """A used gem lies sideways: a small stone and its points along the top, the stone below."""
    w, h = surf.get_size()
    pygame.draw.rect(surf, GEM_BAND, surf.get_rect(), border_radius=radius)
    gem_stone(surf, (w * 0.17, h * 0.24), max(3, h * 0.15), 0)
    num = fonts.font_px(max(8, round(h * 0.36)), bold=True).render(str(value), True,
                                                                   (250, 246, 236))
    surf.blit(num, num.get_rect(center=(w * 0.83, h * 0.24)))
    gem_stone(surf, (w * 0.5, h * 0.58), h * 0.3, 0)


def _gem_token(surf: pygame.Surface, value: int, radius: int) -> None:
    """A small stone and the points along the top (what a column of tokens leaves in view),
    the stone large below."""
    w, h = surf.get_size()
    pygame.draw.rect(surf, GEM_BAND, surf.get_rect(), border_radius=radius)
    gem_stone(surf, (w * 0.26, h * 0.15), max(3, w * 0.15), 0)
    num = fonts.font_px(max(8, round(w * 0.36)), bold=True).render(str(value), True,
                                                                   (250, 246, 236))
    surf.blit(num, num.get_rect(center=(w * 0.72, h * 0.15)))
    gem_stone(surf, (w / 2, h * 0.58), w * 0.34, value)


def _ellipsized(line: str, f: pygame.font.Font, width: int) -> str:
    while line and f.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def draw_loot(surf: pygame.Surface, loot: str, center: tuple[float, float], r: float,
              colour: tuple[int, int, int]) -> None:
    """A small drawn icon of a loot: gauntlet, shield, helm, armour or sword."""
    cx, cy = center

    def pts(*xy: tuple[float, float]) -> list[tuple[int, int]]:
        return [(round(cx + x * r), round(cy + y * r)) for x, y in xy]

    if loot == "shield":
        outline = pts((-0.8, -0.85), (0.8, -0.85), (0.8, 0.0), (0.0, 0.95), (-0.8, 0.0))
        pygame.draw.polygon(surf, colour, outline)
    elif loot == "helm":
        box = pygame.Rect(round(cx - 0.8 * r), round(cy - 0.85 * r), round(1.6 * r),
                          round(1.6 * r))
        pygame.draw.ellipse(surf, colour, box)
        pygame.draw.rect(surf, colour, (box.x, box.centery, box.w, round(0.75 * r)))
        slit = pygame.Rect(round(cx - 0.55 * r), round(cy - 0.05 * r), round(1.1 * r),
                           max(1, round(0.22 * r)))
        pygame.draw.rect(surf, _contrast(colour), slit)
    elif loot == "armour":
        body = pts((-0.85, -0.7), (-0.3, -0.85), (0.0, -0.55), (0.3, -0.85), (0.85, -0.7),
                   (0.6, -0.1), (0.55, 0.9), (-0.55, 0.9), (-0.6, -0.1))
        pygame.draw.polygon(surf, colour, body)
    elif loot == "sword":
        blade = pts((-0.12, 0.35), (-0.12, -0.75), (0.0, -0.98), (0.12, -0.75), (0.12, 0.35))
        pygame.draw.polygon(surf, colour, blade)
        pygame.draw.polygon(surf, colour, pts((-0.5, 0.35), (0.5, 0.35), (0.5, 0.5), (-0.5, 0.5)))
        pygame.draw.polygon(surf, colour, pts((-0.08, 0.5), (0.08, 0.5), (0.08, 0.82),
                                              (-0.08, 0.82)))
        pygame.draw.circle(surf, colour, (round(cx), round(cy + 0.9 * r)), max(1, round(0.13 * r)))
    else:  # gauntlet: a fist with its thumb, on a cuff
        palm = pygame.Rect(round(cx - 0.55 * r), round(cy - 0.8 * r), round(1.1 * r),
                           round(1.05 * r))
        pygame.draw.rect(surf, colour, palm, border_radius=max(1, round(0.35 * r)))
        thumb = pts((-0.55, -0.15), (-0.9, -0.45), (-0.75, -0.7), (-0.4, -0.45))
        pygame.draw.polygon(surf, colour, thumb)
        cuff = pygame.Rect(round(cx - 0.5 * r), round(cy + 0.35 * r), round(1.0 * r),
                           round(0.55 * r))
        pygame.draw.rect(surf, colour, cuff, border_radius=max(1, round(0.1 * r)))
        for k in (-0.2, 0.15):
            y = round(cy + k * r - 0.3 * r)
            pygame.draw.line(surf, _contrast(colour), (round(cx - 0.35 * r), y),
                             (round(cx + 0.45 * r), y), max(1, round(r * 0.08)))


def _contrast(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return (40, 34, 30) if sum(colour) > 400 else (238, 230, 212)

