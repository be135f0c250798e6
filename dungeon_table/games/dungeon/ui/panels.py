"""The Dungeon! table's side: a panel per hero, the numbered slots rail, the decision panel.

A hero's panel: the standee, seat and name, class; gp against the class's target as a bar;
the sword's bonus, lose-turn tokens, spells (the viewer's own by kind, anyone else's as a count),
deaths; the treasures held with their gp. The rail under the board: each slot in use, its number
token, its monster (face up, or a back: a crystal ball's card the viewer did not scry), the
treasures dropped under it. The decision panel (what the hero to move decides) is drawn in
``decide.py``.
"""

from __future__ import annotations

import msgspec
import pygame

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import faces as vc
from dungeon_table.games.dungeon.ui.layout import DungeonTable
from dungeon_table.games.dungeon.ui.pieces import (
    draw_hero_standee,
    draw_hunter,
    hero_colour,
    number_token,
)
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, i18n, tabletop, theme
from dungeon_table.ui.i18n import t

PANEL_LINES = 8  # a hero's panel at most: title, bar, status and five lines of treasures
MIN_SLOT_CARD = 7  # grid units: the narrowest slot card whose name still reads whole


def heroes_area(side: pygame.Rect, n: int, th: theme.Theme) -> pygame.Rect:
    """The top of the side column (the decision panel has the rest): no taller than the panels
    need, and a little more of it for many heroes, so that each keeps its status line."""
    share = 0.6 if n <= 4 else 0.64
    most = n * (panel_most(th) + th.px(0.75))
    return pygame.Rect(side.x, side.y, side.w, min(round(side.h * share), most))


def panel_most(th: theme.Theme) -> int:
    return fonts.line_height("small", th.scale) * PANEL_LINES + th.px(2)


def hero_rects(side: pygame.Rect, n: int, th: theme.Theme) -> list[pygame.Rect]:
    """The heroes' panels down the top of the side column (``heroes_area``), each at most
    ``PANEL_LINES`` lines tall."""
    if n == 0:
        return []
    side = heroes_area(side, n, th)
    gap = th.px(0.75)
    h = min(panel_most(th), (side.h - gap * (n - 1)) // n)
    return [pygame.Rect(side.x, side.y + k * (h + gap), side.w, h) for k in range(n)]


def heroes_height(side: pygame.Rect, n: int, th: theme.Theme) -> int:
    rects = hero_rects(side, n, th)
    return rects[-1].bottom - side.y if rects else 0


def spells_text(hero: m.HeroView) -> str:
    if hero.spells:
        return vc.spell_counts(hero.spells)
    return t("dungeon.panel.spells", n=hero.spell_count, size=hero.spellbook_size)


def status_bits(hero: m.HeroView, over: bool = False) -> list[tuple[str, theme.Colour]]:
    bits: list[tuple[str, theme.Colour]] = []
    if hero.sword:
        bits.append((t("dungeon.panel.sword", n=hero.sword_bonus), theme.GOLD))
    if hero.spellbook_size:
        bits.append((spells_text(hero), theme.CARD_COLOURS["purple"]))
    if hero.lose_turns:
        bits.append((t("dungeon.panel.lose_turns", n=hero.lose_turns), theme.DANGER))
    if hero.deaths:
        bits.append((t("dungeon.panel.deaths", n=hero.deaths), theme.TEXT_DIM))
    if hero.secret_door_card:
        bits.append((t("dungeon.panel.secret_door_card"), theme.LEGAL))
    if hero.hero and hero.target and hero.gp >= hero.target and not over:  # now the way home
        bits.insert(0, (t("dungeon.panel.go_home"), theme.GOOD))
    return bits


def draw_hero_panel(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect,
                    view: m.DungeonView, hero: m.HeroView, names: list[str]) -> None:
    old_clip = surface.get_clip()
    surface.set_clip(rect.clip(old_clip) if old_clip else rect)
    _draw_hero_panel(r, surface, rect, view, hero, names)
    surface.set_clip(old_clip)


def _draw_hero_panel(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect,
                     view: m.DungeonView, hero: m.HeroView, names: list[str]) -> None:
    th = r.th
    active = hero.seat == view.active and view.phase != "over"
    theme.draw_panel(surface, rect, th, edge=theme.ACCENT if active else theme.PANEL_EDGE,
                     shadow=False)
    inner = rect.inflate(-th.px(2), -th.px(1))
    line = fonts.line_height("small", th.scale)
    radius = max(6, line // 2 + 2)
    draw_hero_standee(surface, (inner.x + radius, inner.y + radius + 1), radius, hero.hero,
                      str(hero.seat + 1), theme.ACCENT if active else None)
    name = names[hero.seat] if hero.seat < len(names) else str(hero.seat + 1)
    money = t("dungeon.panel.gp", gp=f"{hero.gp:,}", target=f"{hero.target:,}") if hero.hero \
        else ""
    right = tabletop.label(surface, money, "small", theme.GOLD, th.scale, True,
                           topright=(inner.right, inner.y))
    if hero.hero:
        r.shown.tips.append((right.inflate(th.px(1), th.px(1)), t(
            "dungeon.tip.gp", target=f"{hero.target:,}", hero=vc.hero_name(hero.hero))))
    room = right.x - inner.x - 2 * radius - th.px(2)
    title, class_line = panel_title(name, hero, room, th.scale)
    tabletop.label(surface, title, "small", theme.TEXT, th.scale, True, width=room,
                   topleft=(inner.x + 2 * radius + th.px(1), inner.y))
    y = inner.y + max(line, 2 * radius) + th.px(0.25)
    bar = pygame.Rect(inner.x, y, inner.w, max(3, th.px(0.6)))
    gp_bar(surface, bar, hero.gp, hero.target)
    y = bar.bottom + th.px(0.4)
    x = inner.x
    bits = status_bits(hero, over=view.phase == "over")
    if class_line:
        bits.insert(0, (class_line, theme.mix(hero_colour(hero.hero), theme.TEXT, 0.35)))
    for text, colour in bits:  # wrapped, so a long spell list does not run off the panel
        if x > inner.x and x + fonts.font("small", th.scale, True).size(text)[0] > inner.right:
            x, y = inner.x, y + line
        spot = tabletop.label(surface, text, "small", colour, th.scale, True,
                              width=inner.right - x, topleft=(x, y))
        x = spot.right + th.px(1.5)
    if bits:
        y += line
    draw_treasures(r, surface, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), hero)


def panel_title(name: str, hero: m.HeroView, width: int, scale: float) -> tuple[str, str]:
    """The panel's title, and the class's own line when the title cannot hold it (a long name,
    Japanese at 1280x720): the player's name stays whole on the title, the class (whose standee
    and colour are beside it) moves to the status line rather than being cut to "Fi…"."""
    pawn = hero.pawn.rsplit("-", 1)[-1] if hero.pawn else ""
    hero_name = vc.hero_name(hero.hero)
    tries = [("dungeon.panel.title_pawn", pawn)] if pawn else []
    tries.append(("dungeon.panel.title", pawn))
    for key, value in tries:
        title = t(key, name=name, hero=hero_name, pawn=value)
        if fonts.font("small", scale, True).size(title)[0] <= width:
            return title, ""
    if not hero.hero:
        return title, ""
    return name, t("dungeon.panel.class_pawn" if pawn else "dungeon.panel.class", hero=hero_name,
                   pawn=pawn)


def gp_bar(surface: pygame.Surface, bar: pygame.Rect, value: int, target: int) -> None:
    pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.h // 2)
    fill = bar.copy()
    fill.w = round(bar.w * min(1.0, value / max(1, target)))
    if fill.w:
        colour = theme.GOOD if value >= target else theme.GOLD
        pygame.draw.rect(surface, colour, fill, border_radius=bar.h // 2)


def draw_treasures(r: DungeonTable, surface: pygame.Surface, area: pygame.Rect,
                   hero: m.HeroView) -> None:
    """The treasures as small chips (name and gp) flowing in lines; "+n" for what does not
    fit. Each chip previews its card."""
    th = r.th
    line = fonts.line_height("small", th.scale)
    x, y = area.x, area.y
    richest = sorted(hero.treasures, key=lambda c: -vc.gp(c))  # "+n more" hides the least
    for k, card in enumerate(richest):
        text = t("dungeon.chip", name=vc.name(card), gp=f"{vc.gp(card):,}")
        image = fonts.text(text, "small", theme.TEXT, th.scale * 0.9)
        w = image.get_width() + th.px(1)
        if x + w > area.right and x > area.x:
            x, y = area.x, y + line
        if y + line > area.bottom + 2:
            more = fonts.text(t("dungeon.more", n=len(hero.treasures) - k), "small",
                              theme.TEXT_DIM, th.scale * 0.9)
            surface.blit(more, more.get_rect(bottomright=area.bottomright))
            return
        chip = pygame.Rect(x, y, min(w, area.w), line - 1)
        band = vc.LEVEL_COLOURS.get(vc.level(card), theme.PANEL_EDGE)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, band, 0.35), chip,
                         border_radius=th.px(0.5))
        surface.blit(image, image.get_rect(midleft=(chip.x + th.px(0.5), chip.centery)),
                     area=pygame.Rect(0, 0, chip.w - th.px(1), chip.h))
        r.shown.add(chip, card)
        x = chip.right + th.px(0.5)


class HeroColumn:
    """The heroes' panels drawn once into a surface and kept until a hero, the turn, the names,
    the language or the window change: they are most of the side's drawing, and change only
    when an action is applied."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._image: pygame.Surface | None = None
        self._chips: list[tuple[pygame.Rect, str]] = []
        self._tips: list[tuple[pygame.Rect, str]] = []

    def draw(self, r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
             names: list[str]) -> None:
        area = heroes_area(r.geo.side, len(view.heroes), r.th)
        key = (msgspec.json.encode(view.heroes), view.active, view.phase == "over",
               tuple(names), i18n.language(), tuple(area), r.th.scale)
        if key != self._key or self._image is None:
            self._key = key
            self._image, self._chips, self._tips = self._render(r, view, names, area)
        surface.blit(self._image, area)
        r.shown.items.extend(self._chips)
        r.shown.tips.extend(self._tips)

    @staticmethod
    def _render(r: DungeonTable, view: m.DungeonView, names: list[str],
                area: pygame.Rect) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]],
                                            list[tuple[pygame.Rect, str]]]:
        image = pygame.Surface(area.size, pygame.SRCALPHA)
        before, tips_before = len(r.shown.items), len(r.shown.tips)
        for rect, hero in zip(hero_rects(r.geo.side, len(view.heroes), r.th), view.heroes,
                              strict=True):
            draw_hero_panel(r, image, rect.move(-area.x, -area.y), view, hero, names)
        chips = [(rect.move(area.x, area.y), card) for rect, card in r.shown.items[before:]]
        tips = [(rect.move(area.x, area.y), text) for rect, text in r.shown.tips[tips_before:]]
        del r.shown.items[before:]
        del r.shown.tips[tips_before:]
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        return image, chips, tips


def hunt_rect(r: DungeonTable, view: m.DungeonView) -> pygame.Rect | None:
    """Treasure hunt: the hunted treasure's card at the rail's right end."""
    if view.mode != "treasure_hunt" or not view.hunt_treasure:
        return None
    return end_rects(r, 1)[0]


def hunter_rects(r: DungeonTable, view: m.DungeonView) -> list[pygame.Rect]:
    """Hunter mode: a card per hunter at the rail's right end, the first leftmost; once one
    holds dropped treasure, each has room at its right for the cards fanned out under it."""
    fans = any(h.dropped for h in view.hunters)
    return end_rects(r, len(view.hunters), r.geo.card_w // 2 + r.th.px(4) if fans else 0)


def end_rects(r: DungeonTable, n: int, gap: int = 0) -> list[pygame.Rect]:
    rail = r.geo.rail
    label = fonts.line_height("small", r.th.scale)
    w, gap = r.geo.card_w, gap or r.th.px(2)
    first = rail.right - n * (w + gap)
    return [pygame.Rect(first + k * (w + gap), rail.y + label, w, r.geo.card_h) for k in range(n)]


def slot_rects(r: DungeonTable, view: m.DungeonView) -> list[pygame.Rect]:
    """The slots' cards side by side along the rail, smaller as they multiply rather than
    overlapping: a card covering the next one's right edge cut its name ("Red Dragor"). Only
    below the smallest legible card do they overlap."""
    rail = r.geo.rail
    th = r.th
    n = len(view.slots)
    ends = [rect for rect in (hunt_rect(r, view), *hunter_rects(r, view)) if rect is not None]
    right = min(rect.x for rect in ends) - th.px(3) if ends else rail.right
    label = fonts.line_height("small", th.scale)
    title = fonts.text(t("dungeon.slots"), "small", theme.TEXT_DIM, th.scale, True)
    left = rail.x + max(th.px(12), th.px(1) + title.get_width() + slot_token_radius(th) + th.px(1))
    gap = th.px(2)
    # the last slot's fan of treasures keeps to the rail (at its widest: the card at full size)
    right -= fan_reach(view.slots[-1], r.geo.card_w, th) if n else 0
    side_by_side = (right - left - th.px(2) - gap * (n - 1)) // max(1, n)
    w = max(min(r.geo.card_w, side_by_side), min(r.geo.card_w, th.px(MIN_SLOT_CARD)))
    h = round(w * cf.RATIO)
    room = right - left - th.px(2) - w
    step = min(w + th.px(5), room // max(1, n - 1)) if n > 1 else 0
    top = rail.y + label + (r.geo.card_h - h) // 2  # smaller cards keep to the rail's middle
    return [pygame.Rect(left + k * step, top, w, h) for k in range(n)]


def fan_reach(slot: m.SlotView, w: int, th: theme.Theme) -> int:
    """How far the treasures under a slot's card (``w`` wide) reach past its right edge: the
    last slot keeps that room, or its fan ran off the rail over the side column."""
    fan = under_rects(pygame.Rect(0, 0, w, round(w * cf.RATIO)), len(slot_under(slot)), th)
    return max((spot.right - w for spot in fan), default=0)


def slot_under(slot: m.SlotView) -> list[str]:
    """The cards under a slot's monster: those dropped there, and a scried room's treasure."""
    return [*slot.dropped, *([slot.treasure] if slot.treasure else [])]


def slot_token_radius(th: theme.Theme) -> int:
    return max(6, th.px(1.4))


def draw_rail(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
              hidden: frozenset[str] = frozenset()) -> None:
    """The slots in use; one an animation is bringing in (``slot:<n>`` hidden) is left out."""
    th = r.th
    rail = r.geo.rail
    theme.draw_panel(surface, rail, th, shadow=False)
    heading = tabletop.label(surface, t("dungeon.slots"), "small", theme.TEXT_DIM, th.scale,
                             True, topleft=(rail.x + th.px(1), rail.y + th.px(0.5)))
    r.shown.tips.append((heading.inflate(th.px(1), th.px(1)), t("dungeon.tip.slots")))
    hunt = hunt_rect(r, view)
    if hunt is not None:
        cf.blit_card(surface, vc.face(view.hunt_treasure, hunt.w), hunt)
        r.shown.add(hunt, view.hunt_treasure)
        tabletop.label(surface, t("dungeon.hunt.find"), "small", theme.GOLD, th.scale, True,
                       midtop=(hunt.centerx, hunt.bottom))
    for rect, hunter in zip(hunter_rects(r, view), view.hunters, strict=True):
        draw_hunter_card(r, surface, rect, hunter, f"hunter_card:{hunter.hunter}" in hidden)
    if not view.slots:
        ends = [rect.x for rect in (hunt, *hunter_rects(r, view)) if rect is not None]
        left = rail.x + th.px(12)
        width = max(th.px(4), min([rail.right, *ends]) - left - th.px(2))
        lines = fonts.wrap(t("dungeon.slots.none"), "small", width, th.scale)
        step = fonts.line_height("small", th.scale)
        top = rail.centery - step * len(lines) // 2
        for k, line in enumerate(lines):  # beside the hunters' cards it may need two lines
            tabletop.label(surface, line, "small", theme.TEXT_DIM, th.scale, width=width,
                           topleft=(left, top + k * step))
        return
    for rect, slot in zip(slot_rects(r, view), view.slots, strict=True):
        if f"slot:{slot.slot}" not in hidden:
            draw_slot(r, surface, rect, slot)


def draw_hunter_card(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect,
                     hunter: m.HunterView, face_down: bool = False) -> None:
    """A hunter's card: face down until it first attacks (and until the animation of that
    attack has come to it), then its monster; its standee on the corner and its number under
    it, as on the board."""
    th = r.th
    if hunter.card and not face_down:
        cf.blit_card(surface, vc.face(hunter.card, rect.w), rect)
        r.shown.add(rect, hunter.card)
    else:
        cf.blit_card(surface, vc.back("monster", rect.w), rect)
    draw_hunter(surface, rect.topleft, slot_token_radius(th) + th.px(0.3), hunter.hunter)
    tabletop.label(surface, t("dungeon.hunter.card", n=hunter.hunter), "small", theme.DANGER,
                   th.scale, True, width=rect.w + th.px(2), midtop=(rect.centerx, rect.bottom))
    draw_under(r, surface, rect, hunter.dropped)


def draw_slot(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect,
              slot: m.SlotView) -> None:
    th = r.th
    if slot.monster:
        image = vc.face(slot.monster, rect.w)
        r.shown.add(rect, slot.monster)
    else:
        level = r.space_level(slot.space)
        image = vc.back("monster", rect.w, level)
    cf.blit_card(surface, image, rect)
    number_token(surface, str(slot.slot), (rect.x, rect.y), slot_token_radius(th), slot.face_down)
    tabletop.label(surface, slot.space, "small", theme.TEXT_DIM, th.scale,
                   midtop=(rect.centerx, rect.bottom))
    draw_under(r, surface, rect, slot_under(slot))


def draw_under(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect,
               under: list[str]) -> None:
    """The treasures lying under a monster's (or a hunter's) card, fanned out from its side."""
    for card, spot in zip(under, under_rects(rect, len(under), r.th), strict=True):
        cf.blit_card(surface, vc.face(card, spot.w), spot)
        r.shown.add(spot, card)


def under_rects(rect: pygame.Rect, n: int, th: theme.Theme) -> list[pygame.Rect]:
    """Where ``n`` cards under the card at ``rect`` lie: half its width, fanned from its right
    edge down and to the right."""
    w = max(8, rect.w // 2)
    return [pygame.Rect(rect.right - w // 2 + k * th.px(1), rect.y + rect.h // 3 + k * th.px(1.5),
                        w, round(w * cf.RATIO)) for k in range(n)]


def info_lines(r: DungeonTable, surface: pygame.Surface, area: pygame.Rect,
               rows: list[tuple[str, theme.Colour, str]]) -> None:
    """Lines of text down ``area``, each wrapped to its width (Japanese runs long); the last
    line that fits ends in "…" when more was left to say."""
    scale = r.th.scale
    lines: list[tuple[str, theme.Colour, str, bool]] = []  # text, colour, role, ends a row
    for text, colour, role in rows:
        parts = fonts.wrap(text, role, area.w, scale, role != "small")
        lines += [(part, colour, role, k == len(parts) - 1) for k, part in enumerate(parts)]
    y = area.y
    for k, (part, colour, role, last) in enumerate(lines):
        bold = role != "small"
        if y + fonts.line_height(role, scale) > area.bottom:
            break
        height = max(fonts.line_height(role, scale), fonts.font(role, scale, bold).get_height())
        after = y + height + (r.th.px(0.25) if last else 0)
        more = lines[k + 1:]
        if more and after + fonts.line_height(more[0][2], scale) > area.bottom:
            part = fonts.fit(part + "…", role, area.w, scale, bold)  # nothing more fits
            if not part.endswith("…"):
                part += "…"
        tabletop.label(surface, part, role, colour, scale, bold, width=area.w,
                       topleft=(area.x, y))
        y = after
    # read to decide (a fight's odds, the moves left): no key cap or tutorial caption covers them
    r.figures.append(pygame.Rect(area.x, area.y, area.w, y - area.y))
