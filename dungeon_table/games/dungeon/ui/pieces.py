"""What stands on the Dungeon! board and changes: heroes, tokens, hunters, highlights, paths.

Heroes are standees in their class colour with the class's picture (rogue a hood, cleric a holy
symbol, fighter a swordsman, wizard a wizard's face; ``rules.yaml``'s icons) and their seat number,
spread out when several share a chamber or the Great Hall. Defeat tokens sit in a space's corner
(a room's one, a chamber's up to three); a numbered slot token marks where a monster waits, and
once the monster there is known, its picture sits at the space's left. Hunters are black
standees with a red hunting horn and ring (no hero's picture) and their number, their next move a
dotted trail. For the hero to move: the spaces a click walks to are lit, the hovered one's path drawn
with the secret doors it would try.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import faces
from dungeon_table.games.dungeon.ui.board_art import door_bar
from dungeon_table.games.dungeon.ui.layout import DungeonTable
from dungeon_table.ui import fonts, icons, theme
from dungeon_table.ui.i18n import t

HERO_COLOURS: dict[str, str] = {"rogue": "green", "cleric": "blue", "fighter": "red",
                                "wizard": "purple"}
TOKEN = (120, 28, 24)
SLOT_TOKEN = theme.GOLD
REACH = (118, 226, 206)
PATH = (250, 236, 180)
HUNTER_BODY = (16, 14, 14)
HUNTER_STAR = (255, 96, 72)


def hero_colour(hero: str) -> theme.Colour:
    return theme.CARD_COLOURS.get(HERO_COLOURS.get(hero, ""), theme.TEXT_DIM)


def space_point(r: DungeonTable, space: str) -> tuple[int, int] | None:
    found = r.board.spaces.get(space) if r.board is not None else None
    if found is None:
        return None
    return r.camera.to_screen(*found.centre)


def hero_spots(r: DungeonTable, view: m.DungeonView) -> dict[int, tuple[int, int]]:
    """Each hero's standee centre: alone at its space's centre, several spread round it."""
    by_space: dict[str, list[int]] = {}
    for hero in view.heroes:
        if hero.space:
            by_space.setdefault(hero.space, []).append(hero.seat)
    out: dict[int, tuple[int, int]] = {}
    c = r.camera.cell
    for space, seats in by_space.items():
        centre = space_point(r, space)
        if centre is None:
            continue
        n = len(seats)
        box = r.space_screen(space)
        roomy = min(box.w, box.h) * 0.3 if box is not None else 0.0  # the hall, a chamber
        radius = 0.0 if n == 1 else max(c * (0.55 if n <= 4 else 0.8), roomy)
        # two side by side in a wide space (not one of them on the name low in the room)
        first = math.pi if n == 2 and box is not None and box.w >= box.h else -math.pi / 2
        for k, seat in enumerate(seats):
            angle = first + 2 * math.pi * k / n
            out[seat] = (round(centre[0] + radius * math.cos(angle)),
                         round(centre[1] + radius * math.sin(angle)))
    return out


def standee_radius(r: DungeonTable) -> int:
    """A standee stands out from its square even at "fit" on a small window."""
    return max(r.th.px(1.4), round(r.camera.cell * 0.45))


def draw_standee(surface: pygame.Surface, centre: tuple[float, float], radius: int,
                 colour: theme.Colour, glyph: str, label: str, ring: theme.Colour | None,
                 fill: theme.Colour | None = None, tag_left: bool = False,
                 picture: str | None = None) -> None:
    """A round standee: its ``picture`` (else ``glyph``) in ``colour`` on a darker ``fill``, a
    ring, and ``label`` on a tag at its lower right (lower left with ``tag_left``, to stay off a
    neighbour on the right)."""
    x, y = round(centre[0]), round(centre[1])
    pygame.draw.circle(surface, theme.SHADOW, (x + 2, y + 3), radius)
    pygame.draw.circle(surface, fill or theme.mix(colour, (0, 0, 0), 0.35), (x, y), radius)
    pygame.draw.circle(surface, ring or theme.TEXT, (x, y), radius, max(2, radius // 5))
    if picture:
        box = pygame.Rect(0, 0, round(radius * 1.5), round(radius * 1.5))
        box.center = (x, y)
        icons.blit_icon(surface, picture, box, colour)
    else:
        theme.draw_glyph(surface, glyph, (x, y - radius * 0.1), radius * 0.62, colour)
    if label:
        size = max(7, round(radius * 0.8))
        image = fonts.font_px(size, True).render(label, True, theme.TEXT)
        side = -1 if tag_left else 1
        tag = image.get_rect(center=(x + side * radius * 0.75, y + radius * 0.7))
        pygame.draw.circle(surface, theme.FELT_DARK, tag.center, max(tag.w, tag.h) // 2 + 1)
        surface.blit(image, tag)


def draw_hero_standee(surface: pygame.Surface, centre: tuple[float, float], radius: int,
                      hero: str, label: str, ring: theme.Colour | None) -> None:
    """A hero's standee, on the board, its panel or the choice of class: the class's picture
    in its colour (a seat with no class yet: a plain circle)."""
    draw_standee(surface, centre, radius, hero_colour(hero), HERO_COLOURS.get(hero, "circle"),
                 label, ring, picture=faces.hero_picture(hero) if hero else None)


def draw_heroes(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
                hidden: frozenset[str]) -> None:
    radius = standee_radius(r)
    for seat, spot in hero_spots(r, view).items():
        if f"hero:{seat}" in hidden:
            continue
        hero = view.heroes[seat]
        ring = theme.ACCENT if seat == view.active and view.phase != "over" else None
        draw_hero_standee(surface, spot, radius, hero.hero, str(seat + 1), ring)


def draw_tokens(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView) -> None:
    """Defeat tokens in each space's top-right corner; slot tokens at its bottom-right."""
    if r.board is None:
        return
    c = r.camera.cell
    size = max(3, round(c * 0.2))
    for space, count in view.defeat_tokens.items():
        box = r.space_screen(space)
        if box is None or count <= 0:
            continue
        for k in range(min(count, 3)):
            centre = (box.right - size * (2 + 2.4 * k), box.y + size * 2)
            pygame.draw.circle(surface, TOKEN, centre, size)
            pygame.draw.circle(surface, theme.TEXT, centre, size, 1)
        reach = max(size * 2, 6)  # a token is small at "fit": its tip answers a little round it
        spot = pygame.Rect(0, 0, 0, 0)
        spot.topright = (box.right, box.y)
        spot.size = (round(size * (2 + 2.4 * min(count, 3))), size * 2 + reach)
        r.shown.tips.append((spot, t("dungeon.tip.defeat", n=count)))
    standing = {hero.space for hero in view.heroes if hero.space}
    for slot in view.slots:
        box = r.space_screen(slot.space)
        if box is None:
            continue
        centre = (box.right - size * 2.4, box.bottom - size * 2.4)
        radius = max(5, round(c * 0.3))
        if slot.space not in standing:  # a hero there: the encounter shows it, large, instead
            known_picture(surface, box, slot.monster or slot.treasure, radius)
        number_token(surface, str(slot.slot), centre, radius, slot.face_down)
        if slot.monster:  # hovering the token shows the monster waiting there
            r.shown.items.append((pygame.Rect(round(centre[0]) - radius, round(centre[1]) - radius,
                                              2 * radius, 2 * radius), slot.monster))


def known_picture(surface: pygame.Surface, box: pygame.Rect, card: str, radius: int) -> None:
    """What the viewer knows is in a space (the monster waiting, a scried treasure): its
    picture at the space's left, on a dark disc that reads on any floor."""
    if not card:
        return
    radius = max(radius, round(min(box.w, box.h) * 0.2))  # large, clear of number and name
    centre = (box.x + radius * 1.2, box.centery)  # clear of its number, name and tokens
    pygame.draw.circle(surface, theme.FELT_DARK, centre, radius)
    spot = pygame.Rect(0, 0, round(radius * 1.7), round(radius * 1.7))
    spot.center = (round(centre[0]), round(centre[1]))
    icons.blit_icon(surface, faces.picture(card), spot, theme.TEXT)


def number_token(surface: pygame.Surface, text: str, centre: tuple[float, float], radius: int,
                 face_down: bool = False) -> None:
    x, y = round(centre[0]), round(centre[1])
    fill = theme.mix(SLOT_TOKEN, theme.FELT_DARK, 0.45) if face_down else SLOT_TOKEN
    pygame.draw.circle(surface, theme.SHADOW, (x + 1, y + 2), radius)
    pygame.draw.circle(surface, fill, (x, y), radius)
    pygame.draw.circle(surface, theme.FELT_DARK, (x, y), radius, max(1, radius // 6))
    image = fonts.font_px(max(7, round(radius * 1.2)), True).render(text, True, theme.FELT_DARK)
    surface.blit(image, image.get_rect(center=(x, y)))


def draw_hunters(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
                 hidden: frozenset[str]) -> None:
    radius = standee_radius(r)
    heroes_at = {h.space for h in view.heroes if h.space}
    together: dict[str, list[int]] = {}
    for hunter in view.hunters:
        together.setdefault(hunter.space, []).append(hunter.hunter)
    for hunter in view.hunters:
        start = space_point(r, hunter.space)
        if start is None or f"hunter:{hunter.hunter}" in hidden:
            continue
        points = [start] + [p for p in (space_point(r, s) for s in hunter.path) if p]
        dotted(surface, points, theme.DANGER, max(2, radius // 4), radius)
        if len(points) > 1:  # where it will stand after the hero's next turn
            pygame.draw.circle(surface, theme.DANGER, points[-1], max(3, radius // 2), 2)
        # several at one space stand side by side; at the hero's, to its left, not under it
        mates = together[hunter.space]
        k, n = mates.index(hunter.hunter), len(mates)
        step = round(radius * 2.3)
        shift = -step * (k + 1) if hunter.space in heroes_at else round(step * (k - (n - 1) / 2))
        draw_hunter(surface, (start[0] + shift, start[1]), radius, hunter.hunter)


def draw_hunter(surface: pygame.Surface, centre: tuple[float, float], radius: int, n: int) -> None:
    """A hunter's standee: a black body, unlike any hero's (the fighter is red too), its tag
    on the left, away from the hero it stands beside."""
    draw_standee(surface, centre, radius, HUNTER_STAR, "star", f"H{n}", theme.DANGER,
                 fill=HUNTER_BODY, tag_left=True, picture=icons.mark("hunter"))


def dotted(surface: pygame.Surface, points: list[tuple[int, int]], colour: theme.Colour,
           dot: int, step: int) -> None:
    for a, b in zip(points, points[1:], strict=False):
        length = math.dist(a, b)
        n = max(1, int(length // max(4, step * 0.6)))
        for k in range(1, n + 1):
            t = k / n
            pygame.draw.circle(surface, colour, (round(a[0] + (b[0] - a[0]) * t),
                                                 round(a[1] + (b[1] - a[1]) * t)), dot)


def fill_space(r: DungeonTable, surface: pygame.Surface, space: str,
               colour: tuple[int, int, int, int]) -> None:
    """A translucent wash over a space's cells (reachable, a choice): one blit for a space that
    fills its box (a room, a square), else one a cell."""
    found = r.board.spaces.get(space) if r.board is not None else None
    box = r.space_box(space)
    if found is None or box is None:
        return
    if len(found.cells) == (box[2] - box[0]) * (box[3] - box[1]):
        rect = r.camera.box_rect(box)
        surface.blit(r.wash(colour, rect.size), rect)
        return
    wash = r.wash(colour)
    for x, y in found.cells:
        surface.blit(wash, r.camera.to_screen(x, y))


def draw_reach(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
               spaces: list[str]) -> None:
    """The spaces a click reaches: washed and ringed in the legal colour."""
    width = max(1, r.camera.cell // 10)
    for space in spaces:
        fill_space(r, surface, space, (*REACH, 96))
        rect = r.space_screen(space)
        if rect is not None:
            pygame.draw.rect(surface, REACH, rect.inflate(-1, -1), width)


def draw_ring(r: DungeonTable, surface: pygame.Surface, space: str) -> None:
    """The space a hovered button leads to (a teleport, a pit's chamber), ringed in the accent."""
    rect = r.space_screen(space)
    if rect is not None:
        width = max(2, r.camera.cell // 5)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(width * 2, width * 2), width,
                         border_radius=width)


def draw_path(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
              path: list[str], doors: list[str]) -> None:
    """The hovered destination's path from the hero, and the secret doors it would try (each
    with the find odds when the view says what a find needs)."""
    me = view.heroes[view.active] if 0 <= view.active < len(view.heroes) else None
    if me is None or r.board is None:
        return
    points = [p for p in (space_point(r, s) for s in [me.space, *path]) if p]
    width = max(2, r.camera.cell // 6)
    if len(points) > 1:
        pygame.draw.lines(surface, PATH, False, points, width)
    for p in points[1:]:
        pygame.draw.circle(surface, PATH, p, width + 1)
    need = view.secret_door_need
    for door in doors:
        passage = r.board.secret_doors.get(door)
        if passage is None or passage.cell is None:
            continue
        rect = r.camera.cell_rect(*passage.cell)
        odds = t("dungeon.path.find", need=need) if need else t("dungeon.path.find_unknown")
        chip = fonts.font_px(max(9, round(r.camera.cell * 0.45)), True).render(
            odds, True, theme.FELT_DARK)
        box = chip.get_rect(midbottom=(rect.centerx, rect.y - 2)).inflate(6, 2)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.h // 2)
        surface.blit(chip, chip.get_rect(center=box.center))


def draw_found_doors(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView) -> None:
    """The secret doors the hero to move (or the viewer's own hero) has found: drawn open."""
    if r.board is None:
        return
    seat = view.active if view.seat is None or view.seat == view.active else view.seat
    if not 0 <= seat < len(view.heroes):
        return
    for door in view.heroes[seat].found_doors:
        passage = r.board.secret_doors.get(door)
        if passage is None or passage.cell is None:
            continue
        rect = r.camera.cell_rect(*passage.cell)
        bar = door_bar(r.board, *passage.cell, rect)
        surface.fill(theme.ACCENT, bar)
        pygame.draw.rect(surface, theme.FELT_DARK, bar, 1)


def draw_marks(r: DungeonTable, surface: pygame.Surface, spaces: list[str], glyph: str,
               colour: theme.Colour) -> None:
    """A small glyph over each space a choice may name (pit, teleport, scry)."""
    radius = max(5, round(r.camera.cell * 0.3))
    for space in spaces:
        point = space_point(r, space)
        if point is not None:
            theme.draw_glyph(surface, glyph, (point[0], point[1] - r.camera.cell * 0.6), radius,
                             colour)


def viewport_clip(surface: pygame.Surface, rect: pygame.Rect) -> Any:
    """Set the clip to the board's window; returns the old clip to restore."""
    old = surface.get_clip()
    surface.set_clip(rect)
    return old
