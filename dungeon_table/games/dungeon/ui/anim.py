"""The Dungeon! table's events as tweens.

A hero walks its path space by space (and is carried back when pushed, dropped into a pit,
teleported); a hunter stalks along its trail. Every roll shows its dice tumbling, then their
faces and the sum; an attack or a spell says hit or miss over the space; the counter-attack's
result is a ribbon (Stunned, Wounded...); a treasure found flies to the hero's panel, a dropped
one to its slot; a secret door says found or not over the door. The table under them is always
the view after the events (``Tween.hides`` keeps a walking standee from standing twice).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import faces as vc
from dungeon_table.games.dungeon.ui import pieces
from dungeon_table.games.dungeon.ui.layout import DungeonTable
from dungeon_table.games.dungeon.ui.log import who
from dungeon_table.games.dungeon.ui.panels import hero_rects, hunter_rects, slot_rects
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.anim import (
    Arc,
    Banner,
    FloatText,
    MoveCard,
    Together,
    Tween,
    Walk,
    outlined,
    ribbon,
)
from dungeon_table.ui.i18n import t

Point = tuple[float, float]
DICE_MS = 700  # 400 ms tumbling, then the faces settle and stay a moment
TUMBLE = 0.57
DEFEAT_COLOURS = {"miss": theme.PANEL, "stunned": (150, 120, 40), "wounded": (196, 110, 40),
                  "badly_wounded": theme.DANGER, "killed": (120, 20, 20)}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_face(value: int, size: int) -> pygame.Surface:
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(image, (246, 240, 228), image.get_rect(), border_radius=size // 5)
    pygame.draw.rect(image, (60, 50, 44), image.get_rect(), max(1, size // 16),
                     border_radius=size // 5)
    pip = max(2, size // 10)
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(image, (40, 30, 28), (size // 2 + dx * size * 0.26,
                                                 size // 2 + dy * size * 0.26), pip)
    return image


@dataclass
class Dice(Tween):
    """Dice tumbling (random faces, turning) for most of the time, then settled on ``faces``
    with ``caption`` under them."""

    duration: float = DICE_MS
    faces: tuple[int, ...] = ()
    centre: Point = (0, 0)
    size: int = 40
    caption: pygame.Surface | None = None
    seed: int = 0

    def draw(self, surface: pygame.Surface, t: float) -> None:
        n = len(self.faces)
        gap = self.size // 3
        x0 = self.centre[0] - (n * self.size + (n - 1) * gap) / 2 + self.size / 2
        rolling = t < TUMBLE
        rng = random.Random(self.seed * 1000 + int(t * 20))
        for k, face in enumerate(self.faces):
            value = rng.randint(1, 6) if rolling else face
            image = die_face(value, self.size)
            if rolling:
                image = pygame.transform.rotate(image, (t * 900 + k * 70) % 360)
            bounce = math.sin(t / TUMBLE * math.pi * 3) * self.size * 0.3 * (1 - t / TUMBLE) \
                if rolling else 0
            at = (round(x0 + k * (self.size + gap)), round(self.centre[1] - abs(bounce)))
            surface.blit(image, image.get_rect(center=at))
        if not rolling and self.caption is not None:
            spot = (round(self.centre[0]), round(self.centre[1] + self.size * 0.6))
            surface.blit(self.caption, self.caption.get_rect(midtop=spot))


def tweens_for(r: DungeonTable, events: list[Event], before: m.DungeonView,
               after: m.DungeonView) -> list[Tween]:
    out: list[Tween] = []
    where = {h.seat: h.space for h in before.heroes}  # each hero's space as the events go
    hunters = {h.hunter: h.space for h in before.hunters}
    for k, event in enumerate(events):
        out += tween_for(r, event, after, where, hunters, k)
    return out


ROLLS = (m.AttackRolled, m.SpellCast, m.SecretDoorRolled, m.SwordRolled, m.CageRolled,
         m.CounterAttack)


def action_spaces(events: list[Event], before: m.DungeonView) -> list[str]:
    """The spaces the events play out on, in order: where each walk starts and ends, where a
    hero is moved to, where the hunters walk, where dice are rolled (the roller's space)."""
    where = {h.seat: h.space for h in before.heroes}
    out: list[str] = []
    for e in events:
        seat = getattr(e, "seat", before.active)
        here = where.get(seat, "")
        if isinstance(e, m.Moved) and e.path:
            out += [here, e.path[-1]]
            where[seat] = e.path[-1]
        elif isinstance(e, (m.PushedBack, m.Teleported, m.FellIntoPit)):
            out += [here, e.space]
            where[seat] = e.space
        elif isinstance(e, m.HunterMoved) and e.path:
            out.append(e.path[-1])
        elif isinstance(e, ROLLS):
            out.append(here)
    return [s for s in out if s]


def point(r: DungeonTable, space: str) -> Point:
    """A space's centre on screen, kept inside the board's window (the viewport's centre if the
    space is unknown)."""
    spot = pieces.space_point(r, space)
    vp = r.geo.viewport
    if spot is None:
        return (float(vp.centerx), float(vp.centery))
    return (float(min(max(spot[0], vp.x + 20), vp.right - 20)),
            float(min(max(spot[1], vp.y + 20), vp.bottom - 20)))


def standee(r: DungeonTable, hero: str, label: str, colour: theme.Colour | None = None,
            glyph: str | None = None) -> pygame.Surface:
    radius = pieces.standee_radius(r)
    image = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
    pieces.draw_standee(image, (radius + 3, radius + 3), radius,
                        colour or pieces.hero_colour(hero),
                        glyph or pieces.HERO_COLOURS.get(hero, "circle"), label, None)
    return image


def hunter_standee(r: DungeonTable, n: int) -> pygame.Surface:
    radius = pieces.standee_radius(r)
    image = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
    pieces.draw_hunter(image, (radius + 3, radius + 3), radius, n)
    return image


def walk(r: DungeonTable, view: m.DungeonView, seat: int, spaces: list[str]) -> Walk:
    hero = view.heroes[seat].hero if seat < len(view.heroes) else ""
    return Walk(image=standee(r, hero, str(seat + 1)),
                path=tuple(point(r, s) for s in spaces if s),
                hides=frozenset({f"hero:{seat}"}))


def floating(r: DungeonTable, text: str, at: Point,
             colour: theme.Colour = theme.GOLD) -> FloatText:
    return FloatText(image=outlined(text, r.th.scale * 0.8, colour, theme.FELT_DARK), start=at,
                     rise=r.th.px(5))


def banner(r: DungeonTable, text: str, colour: theme.Colour = theme.PANEL,
           note: str = "") -> Banner:
    """A ribbon across the board's middle; ``note`` a smaller line under the heading (what a
    defeat result does to the hero)."""
    image = fonts.text(text, "heading", theme.TEXT, r.th.scale, True)
    if note:
        small = fonts.text(note, "body", theme.TEXT, r.th.scale)
        both = pygame.Surface((max(image.get_width(), small.get_width()),
                               image.get_height() + small.get_height()), pygame.SRCALPHA)
        both.blit(image, image.get_rect(midtop=(both.get_width() // 2, 0)))
        both.blit(small, small.get_rect(midbottom=(both.get_width() // 2, both.get_height())))
        image = both
    vp = r.geo.viewport
    room = vp.w - r.th.px(10)  # the ribbon's ends stay on the board, in any language
    if image.get_width() > room:
        image = pygame.transform.smoothscale(
            image, (room, max(1, round(image.get_height() * room / image.get_width()))))
    return Banner(image=ribbon(image, colour, r.th.px(3), r.th.px(1.5)),
                  center=(float(vp.centerx), float(vp.centery)))


def dice(r: DungeonTable, faces: list[int], at: Point, text: str, seed: int) -> Dice:
    caption = outlined(text, r.th.scale * 0.6, theme.TEXT, theme.FELT_DARK) if text else None
    return Dice(faces=tuple(faces), centre=at, size=r.th.px(5), caption=caption, seed=seed)


def panel_point(r: DungeonTable, view: m.DungeonView, seat: int) -> Point:
    rects = hero_rects(r.geo.side, len(view.heroes), r.th)
    rect = rects[seat] if 0 <= seat < len(rects) else r.geo.side
    return (float(rect.centerx), float(rect.centery))


def slot_centre(r: DungeonTable, view: m.DungeonView, slot: int) -> Point | None:
    """Where slot ``slot``'s card lies on the rail (after the events), if it is in use."""
    slots = [s.slot for s in view.slots]
    if slot not in slots:
        return None
    rect = slot_rects(r, view)[slots.index(slot)]
    return (float(rect.centerx), float(rect.centery))


def hunter_card_centre(r: DungeonTable, view: m.DungeonView, number: int) -> Point | None:
    """Where hunter ``number``'s card lies on the rail (after the events), if it is still out."""
    numbers = [h.hunter for h in view.hunters]
    if number not in numbers:
        return None
    rect = hunter_rects(r, view)[numbers.index(number)]
    return (float(rect.centerx), float(rect.centery))


def card_flight(r: DungeonTable, card: str, start: Point, end: Point) -> Arc:
    return Arc(image=vc.face(card, r.geo.card_w), start=start, end=end, height=r.th.px(8))


def tween_for(r: DungeonTable, e: Event, view: m.DungeonView, where: dict[int, str],
              hunters: dict[int, str], k: int) -> list[Tween]:
    seat = getattr(e, "seat", view.active)
    here = where.get(seat, "")
    if isinstance(e, m.Moved):
        tween = walk(r, view, seat, [here, *e.path])
        where[seat] = e.path[-1] if e.path else here
        return [tween]
    if isinstance(e, (m.PushedBack, m.Teleported, m.FellIntoPit)):
        where[seat] = e.space
        return [walk(r, view, seat, [here, e.space])]
    if isinstance(e, m.HunterMoved):
        start = hunters.get(e.hunter, "")
        hunters[e.hunter] = e.path[-1] if e.path else start
        image = hunter_standee(r, e.hunter)
        return [Walk(image=image, path=tuple(point(r, s) for s in [start, *e.path] if s),
                     hides=frozenset({f"hunter:{e.hunter}"}))]
    if isinstance(e, m.HeroKilled):  # the standee falls where it stood, then the ribbon
        where[seat] = ""
        hero = view.heroes[seat].hero if seat < len(view.heroes) else ""
        fall = FloatText(image=standee(r, hero, str(seat + 1)), start=point(r, here),
                         rise=-r.th.px(3))
        return [Together(parts=(fall, floating(r, t("dungeon.defeat.killed"), point(r, here),
                                               theme.DANGER))), *_banners(r, e, view)]
    return (_rolls(r, e, view, here, k) or _cards(r, e, view, here) or _marks(r, e, view, here)
            or _banners(r, e, view))


def _rolls(r: DungeonTable, e: Event, view: m.DungeonView, here: str, k: int) -> list[Tween]:
    at = point(r, here)
    if isinstance(e, m.AttackRolled):
        total = sum(e.dice) + e.bonus
        word = t("dungeon.anim.hit") if e.hit else t("dungeon.anim.miss")
        return [dice(r, e.dice, at, t("dungeon.anim.against", got=total, need=e.need), k),
                floating(r, word, at, theme.GOOD if e.hit else theme.DANGER)]
    if isinstance(e, m.SpellCast) and e.dice:
        word = t("dungeon.anim.hit") if e.hit else t("dungeon.anim.miss")
        spot = point(r, e.space)
        return [dice(r, e.dice, spot, t("dungeon.anim.against", got=sum(e.dice), need=e.need),
                     k),
                floating(r, word, spot, theme.GOOD if e.hit else theme.DANGER)]
    if isinstance(e, m.CounterAttack):
        title = t("dungeon.anim.counter", name=vc.name(e.card),
                  result=t(f"dungeon.defeat.{e.result}"))
        return [dice(r, e.dice, at, str(sum(e.dice)), k),
                banner(r, title, DEFEAT_COLOURS.get(e.result, theme.PANEL),
                       t(f"dungeon.defeat_means.{e.result}"))]
    if isinstance(e, m.SecretDoorRolled):
        passage = r.board.secret_doors.get(e.door) if r.board is not None else None
        spot = at
        if passage is not None and passage.cell is not None:
            rect = r.camera.cell_rect(*passage.cell)
            spot = (float(rect.centerx), float(rect.centery))
        word = t("dungeon.anim.found") if e.found else t("dungeon.anim.not_found")
        rolled = [dice(r, [e.die], spot, t("dungeon.anim.against", got=e.die, need=e.need), k)] \
            if e.die else []
        return [*rolled, floating(r, word, spot, theme.GOOD if e.found else theme.DANGER)]
    if isinstance(e, m.SwordRolled):
        return [dice(r, e.dice, at, f"+{e.bonus}", k)]
    if isinstance(e, m.CageRolled):
        return [dice(r, [e.die], at, str(e.tokens), k)]
    if isinstance(e, (m.SpellbookRolled, m.RefillRolled)):
        spot = panel_point(r, view, e.seat)
        n = e.size if isinstance(e, m.SpellbookRolled) else e.count
        return [dice(r, [e.die], spot, str(n), k)]
    return []


def _cards(r: DungeonTable, e: Event, view: m.DungeonView, here: str) -> list[Tween]:
    if isinstance(e, m.TreasureGained):
        return [card_flight(r, e.card, point(r, here), panel_point(r, view, e.seat))]
    if isinstance(e, m.TreasureDropped):
        under = hunter_card_centre(r, view, e.hunter) if e.hunter else slot_centre(r, view, e.slot)
        end = under or point(r, e.space)
        start = panel_point(r, view, e.seat)
        return [Together(parts=tuple(
            MoveCard(image=vc.face(card, r.geo.card_w), start=start, end=end, delay=60.0 * i)
            for i, card in enumerate(e.cards)))]
    if isinstance(e, m.MonsterSlotted):  # the card slides from its space to its slot
        end = slot_centre(r, view, e.slot)
        if end is None:
            return []
        image = vc.face(e.card, r.geo.card_w) if e.card and not e.face_down else \
            vc.back("monster", r.geo.card_w, r.space_level(e.space))
        return [MoveCard(image=image, start=point(r, e.space), end=end,
                         hides=frozenset({f"slot:{e.slot}"}))]
    if isinstance(e, m.MonsterRevealed):
        return [floating(r, vc.name(e.card), point(r, e.space), theme.TEXT)]
    if isinstance(e, m.MonsterDefeated):
        return [floating(r, "✕", point(r, e.space), theme.GOOD)]
    return []


def _marks(r: DungeonTable, e: Event, view: m.DungeonView, here: str) -> list[Tween]:
    """Small words rising where they happen: a lost turn, lose-turn tokens, spells taken."""
    if isinstance(e, m.TurnLost):
        return [floating(r, t("dungeon.anim.turn_lost"), point(r, here), theme.DANGER)]
    if isinstance(e, m.LoseTurnTokens):
        return [floating(r, t("dungeon.anim.lose_turns", n=e.added), point(r, here),
                         theme.DANGER)]
    if isinstance(e, (m.SpellbookFilled, m.SpellbookFilledHidden)):
        count = len(e.spells) if isinstance(e, m.SpellbookFilled) else e.count
        return [floating(r, t("dungeon.anim.spells", n=count), panel_point(r, view, e.seat),
                         theme.CARD_COLOURS["purple"])]
    return []


def _banners(r: DungeonTable, e: Event, view: m.DungeonView) -> list[Tween]:
    if isinstance(e, m.TurnStarted) and len(view.heroes) > 1:
        return [banner(r, t("dungeon.anim.turn", who=who(view, e.seat)))]
    if isinstance(e, m.HeroKilled):
        return [banner(r, t("dungeon.anim.killed", who=who(view, e.seat)),
                       DEFEAT_COLOURS["killed"])]
    if isinstance(e, m.TrapSprung):
        return [banner(r, t("dungeon.anim.trap", name=vc.name(e.card)), theme.DANGER)]
    if isinstance(e, m.HunterRevealed):  # its card in the rail stays face down until now
        shown = banner(r, t("dungeon.anim.hunter", n=e.hunter, name=vc.name(e.card)),
                       theme.DANGER)
        shown.hides = frozenset({f"hunter_card:{e.hunter}"})
        return [shown]
    if isinstance(e, m.MonstersReshuffled):
        return [banner(r, t("dungeon.anim.reshuffled", level=e.level))]
    if isinstance(e, m.GameEnded):
        return [banner(r, t("dungeon.anim.game_over"), theme.ACCENT)]
    return []
