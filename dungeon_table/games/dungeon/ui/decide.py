"""The decision panel of the Dungeon! table: what the hero to move decides, and its buttons.

Its content follows the phase: the encounter (the monster card with this hero's column marked,
the number needed and the chance to hit), the doorway after a peek (what each spell needs), the
moves left, or the classes to choose from as cards (each a target: gp to win, what sets it
apart), or the spell wish list (``wish_list.py``). Its buttons are the other legal actions
that are not spaces on the board (attack, teleport, cast, enter, hold, end turn, refill, each
peek, each spell to wish for, each pit chamber); teleport and pit chambers are also lit on the
board. The crystal ball is a switch: on, the board's targets become the spaces it may scry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import faces as vc
from dungeon_table.games.dungeon.ui import wish_list
from dungeon_table.games.dungeon.ui.layout import DungeonTable
from dungeon_table.games.dungeon.ui.log import space_name, who
from dungeon_table.games.dungeon.ui.panels import heroes_height, info_lines
from dungeon_table.games.dungeon.ui.pieces import draw_hero_standee, hero_colour
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.i18n import t

# Button order: what a player most often wants first.
ORDER = (m.Attack, m.CastSpell, m.Enter, m.Hold, m.Teleport, m.ChooseChamber, m.WishSpell,
         m.UnwishSpell, m.SealWishes, m.Peek, m.Refill, m.EndTurn)
PRIMARY = (m.Attack, m.CastSpell, m.Enter, m.SealWishes, m.ChooseChamber)


@dataclass
class Choice:
    action: Action
    caption: str
    primary: bool = False              # drawn as the accent button; the focus starts there
    pick: Callable[[], None] | None = None
    covers: list[Action] = field(default_factory=list)
    focus_first: bool = False          # the focus starts here, though not drawn as the accent


def caption(view: m.DungeonView, action: Action, short: bool = False) -> str:
    """A button's caption; ``short`` names a chamber by its id alone ("Teleport to 4A"), for a
    button too narrow for its name (the chamber is lit and labelled on the board)."""
    if isinstance(action, m.Teleport):
        return t("dungeon.button.teleport", space=action.to if short else space_name(action.to))
    if isinstance(action, m.ChooseChamber):
        return t("dungeon.button.pit", space=action.space if short else space_name(action.space))
    if isinstance(action, m.WishSpell):
        return t("dungeon.button.wish", spell=vc.spell_name(action.spell))
    if isinstance(action, m.CastSpell):
        return t("dungeon.button.cast", spell=vc.spell_name(action.spell))
    if isinstance(action, m.Peek):
        return t(f"dungeon.button.peek_{action.using}", space=space_name(action.space))
    tag = type(action).__struct_config__.tag
    return t(f"dungeon.button.{tag}")


def choices(r: DungeonTable, view: m.DungeonView, legal: list[Action]) -> list[Choice]:
    """The buttons: every legal action that is neither a space on the board nor a class card,
    and the phase's buttons the rules refuse now (``r.refused``: drawn disabled)."""
    out: list[Choice] = []
    offered = r.with_refused(legal)
    for kind in ORDER:  # (the classes are cards in the panel: ``hero_tiles``)
        out += [Choice(a, caption(view, a), kind in PRIMARY and a in legal)
                for a in offered if type(a) is kind]
    if view.phase == "spells":
        first = wish_list.focus_first(view, legal)
        for choice in out:
            choice.focus_first = choice.action == first
    scries = [a for a in legal if isinstance(a, m.Scry)]
    if scries:
        key = "dungeon.button.scry_cancel" if r.scrying else "dungeon.button.scry"
        out.append(Choice(scries[0], t(key), False, pick=r.toggle_scry, covers=scries))
    rects = choice_rects(r, view, len(out))
    named = [(choice, rect) for choice, rect in zip(out, rects, strict=True)
             if isinstance(choice.action, (m.Teleport, m.ChooseChamber))]
    if any(not _fits(choice.caption, rect.w - r.th.px(2), r.th.scale, choice.primary)
           for choice, rect in named):  # all by id, not some by name and some by id
        for choice, _rect in named:
            choice.caption = caption(view, choice.action, short=True)
    return out


def _fits(text: str, width: int, scale: float, bold: bool) -> bool:
    """Whether a button shows ``text`` whole (perhaps in smaller type), not cut with "…"."""
    return fonts.shrink_to_fit(text, "body", width, scale, bold)[0] == text


def decide_area(r: DungeonTable, view: m.DungeonView) -> pygame.Rect:
    side = r.geo.side
    used = heroes_height(side, len(view.heroes), r.th)
    gap = r.th.px(1)
    return pygame.Rect(side.x, side.y + used + gap, side.w, side.bottom - side.y - used - gap)


def button_rects(area: pygame.Rect, n: int, th: theme.Theme,
                 paired: bool = False) -> list[pygame.Rect]:
    """Buttons standing on the bottom of ``area``: one column (long captions fit), two when
    there are more than four, or when ``paired`` (short captions, and the panel's content needs
    the room: the wish list)."""
    if n == 0:
        return []
    cols = 2 if n > 4 or (paired and n > 1) else 1
    rows = (n + cols - 1) // cols
    gap = th.px(0.75)
    h = min(th.px(5), (area.h // 2 - gap * rows) // rows)
    w = (area.w - gap * (cols - 1)) // cols
    top = area.bottom - rows * (h + gap)
    return [pygame.Rect(area.x + (k % cols) * (w + gap), top + (k // cols) * (h + gap), w, h)
            for k in range(n)]


def panel_inner(r: DungeonTable, view: m.DungeonView) -> pygame.Rect:
    return decide_area(r, view).inflate(-r.th.px(2), -r.th.px(2))


def choice_rects(r: DungeonTable, view: m.DungeonView, n: int) -> list[pygame.Rect]:
    return button_rects(panel_inner(r, view), n, r.th, paired=view.phase == "spells")


def body_rect(r: DungeonTable, view: m.DungeonView, n_buttons: int) -> pygame.Rect:
    """The panel's content under its heading and above its buttons."""
    th = r.th
    inner = panel_inner(r, view)
    rects = choice_rects(r, view, n_buttons)
    bottom = (rects[0].y if rects else inner.bottom) - th.px(1)
    top = inner.y + fonts.line_height("body", th.scale) + th.px(1)
    return pygame.Rect(inner.x, top, inner.w, max(0, bottom - top))


def hero_tiles(r: DungeonTable, view: m.DungeonView,
               legal: list[Action]) -> list[tuple[pygame.Rect, m.ChooseHero]]:
    """The classes to choose from as cards, two a row, filling the panel's content."""
    heroes = [a for a in legal if isinstance(a, m.ChooseHero)]
    if not heroes:
        return []
    body = body_rect(r, view, len(choices(r, view, legal)))
    gap = r.th.px(1)
    cols = 1 if len(heroes) == 1 else 2
    rows = (len(heroes) + cols - 1) // cols
    w = (body.w - gap * (cols - 1)) // cols
    h = min(r.th.px(20), (body.h - gap * (rows - 1)) // rows)
    return [(pygame.Rect(body.x + (k % cols) * (w + gap), body.y + (k // cols) * (h + gap), w, h),
             action) for k, action in enumerate(heroes)]


def draw_hero_tile(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect,
                   action: m.ChooseHero, hovered: bool) -> None:
    th = r.th
    colour = hero_colour(action.hero)
    pygame.draw.rect(surface, theme.mix(theme.PANEL, colour, 0.22), rect,
                     border_radius=th.px(1))
    pygame.draw.rect(surface, theme.ACCENT if hovered else colour, rect, max(2, th.px(0.3)),
                     border_radius=th.px(1))
    inner = rect.inflate(-th.px(1.5), -th.px(1.5))
    radius = max(6, min(th.px(2.2), inner.h // 5))
    draw_hero_standee(surface, (inner.x + radius, inner.y + radius), radius, action.hero, "", None)
    x = inner.x + 2 * radius + th.px(1)
    name = tabletop.label(surface, vc.hero_name(action.hero), "body", theme.TEXT, th.scale, True,
                          width=inner.right - x, topleft=(x, inner.y))
    target = vc.hero_targets().get(action.hero, 0)
    bottom = max(name.bottom, inner.y + 2 * radius)
    if target:  # under the standee and the name, the tile's whole width
        bottom = tabletop.label(
            surface, t("dungeon.tile.target", gp=f"{target:,}"), "small", theme.GOLD, th.scale,
            True, width=inner.w, topleft=(inner.x, bottom)).bottom
    top = bottom + th.px(0.5)
    note = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
    info_lines(r, surface, note, [(t(f"dungeon.class_note.{action.hero}"), theme.TEXT_DIM,
                                   "small")])


def draw_decide(r: DungeonTable, surface: pygame.Surface, view: m.DungeonView,
                legal: list[Action], hovered: Action | None, names: list[str]) -> None:
    th = r.th
    area = decide_area(r, view)
    theme.draw_panel(surface, area, th)
    inner = area.inflate(-th.px(2), -th.px(2))
    listed = choices(r, view, legal)
    rects = choice_rects(r, view, len(listed))
    tabletop.label(surface, prompt(view, names, r.scrying), "body",
                   theme.ACCENT if legal else theme.TEXT, th.scale, True, width=inner.w,
                   topleft=inner.topleft)
    body = body_rect(r, view, len(listed))
    if view.encounter is not None:
        draw_encounter(r, surface, body, view, view.encounter)
    elif view.doorway is not None:
        draw_doorway(r, surface, body, view, view.doorway)
    elif view.phase == "choose_hero" and legal:
        for rect, action in hero_tiles(r, view, legal):
            draw_hero_tile(r, surface, rect, action, action == hovered)
    elif view.phase == "spells":
        wish_list.draw_draft(r, surface, body, view, names)
    elif view.phase == "over" and view.end_reason:
        winners = t("dungeon.and").join(who(view, s) for s in view.winners)
        rows = [(t(f"dungeon.result.{view.end_reason}"), theme.TEXT, "body")]
        if winners:
            rows.append((t("dungeon.over.winners", names=winners), theme.GOLD, "body"))
        info_lines(r, surface, body, rows)
    elif view.phase == "move" and legal and view.waiting is not None:
        draw_encounter(r, surface, body, view, view.waiting, waiting=True)
    elif view.phase == "move" and legal:
        rows = [(t("dungeon.moves_left", n=view.moves_left), theme.TEXT, "number")]
        info_lines(r, surface, body, rows + [(note, theme.TEXT_DIM, "small")
                                             for note in move_notes(legal, r.scrying)])
    buttons = [(c.action, c.caption, c.primary) for c in listed]
    tabletop.draw_buttons(surface, rects, buttons, hovered, th, r.refused)


def move_notes(legal: list[Action], scrying: bool) -> list[str]:
    """What the move's less obvious buttons do, for a player who has not met them yet."""
    if scrying:
        return [t("dungeon.note.scrying")]
    notes = []
    using = {a.using for a in legal if isinstance(a, m.Peek)}
    notes += [t(f"dungeon.note.peek_{how}") for how in sorted(using)]
    if any(isinstance(a, m.Scry) for a in legal):
        notes.append(t("dungeon.note.scry"))
    if any(isinstance(a, m.Refill) for a in legal):
        notes.append(t("dungeon.note.refill"))
    return notes


def prompt(view: m.DungeonView, names: list[str], scrying: bool = False) -> str:
    """The decision panel's heading: the viewer's decision, or whose turn it is."""
    seat = view.active
    who = names[seat] if 0 <= seat < len(names) else str(seat + 1)
    if view.phase == "over":
        return t("dungeon.prompt.over")
    if view.phase == "spells":
        return wish_list.prompt(view, names)
    if view.seat is None or view.seat not in view.to_act:
        return t("dungeon.prompt.waiting", name=who)
    if scrying:
        return t("dungeon.prompt.scry")
    if view.phase == "move" and view.waiting is not None:
        return t("dungeon.prompt.move_waiting")
    return t(f"dungeon.prompt.{view.phase}")


def card_box(r: DungeonTable, body: pygame.Rect) -> pygame.Rect:
    w = max(r.th.px(6), min(round(body.h / cf.RATIO), round(body.w * 0.36)))
    return pygame.Rect(body.x, body.y, w, round(w * cf.RATIO))


def draw_encounter(r: DungeonTable, surface: pygame.Surface, body: pygame.Rect,
                   view: m.DungeonView, enc: m.EncounterView, waiting: bool = False) -> None:
    """The monster (or hunter) faced, with this hero's odds; ``waiting``: one that waits in the
    hero's space at the turn's start, which the hero may attack or walk away from."""
    box = card_box(r, body)
    me = view.heroes[view.active].hero if 0 <= view.active < len(view.heroes) else ""
    cf.blit_card(surface, vc.face(enc.card, box.w, me), box)
    r.shown.add(box, enc.card)
    text = pygame.Rect(box.right + r.th.px(1.5), body.y, body.right - box.right - r.th.px(1.5),
                       body.h)
    # the odds first: in a small panel (8 heroes at 1280x720) what does not fit is the notes
    rows: list[tuple[str, theme.Colour, str]] = []
    if enc.need:
        rows.append((t("dungeon.enc.need", n=enc.need), theme.TEXT, "body"))
        if enc.bonus:
            rows.append((t("dungeon.enc.bonus", n=enc.bonus), theme.GOLD, "small"))
        colour = theme.GOOD if enc.chance >= 0.5 else theme.DANGER
        rows.append((f"{round(enc.chance * 100)}%", colour, "number"))
        rows.append((t("dungeon.enc.chance"), theme.TEXT_DIM, "small"))
    else:
        rows.append((t("dungeon.enc.cannot"), theme.DANGER, "body"))
    if waiting:
        key = "dungeon.enc.waiting_hunter" if enc.hunter else "dungeon.enc.waiting"
        rows.append((t(key, n=enc.hunter), theme.DANGER, "small"))
    elif enc.hunter:
        rows.append((t("dungeon.enc.hunter", n=enc.hunter), theme.DANGER, "small"))
    rows.append((t("dungeon.enc.at", space=space_name(enc.space)), theme.TEXT_DIM, "small"))
    if waiting:
        rows.append((t("dungeon.moves_left", n=view.moves_left), theme.TEXT, "body"))
    info_lines(r, surface, text, rows)


def draw_doorway(r: DungeonTable, surface: pygame.Surface, body: pygame.Rect,
                 view: m.DungeonView, door: m.DoorwayView) -> None:
    box = card_box(r, body)
    me = view.heroes[view.active].hero if 0 <= view.active < len(view.heroes) else ""
    cf.blit_card(surface, vc.face(door.card, box.w, me), box)
    r.shown.add(box, door.card)
    text = pygame.Rect(box.right + r.th.px(1.5), body.y, body.right - box.right - r.th.px(1.5),
                       body.h)
    rows: list[tuple[str, theme.Colour, str]] = [
        (t(f"dungeon.door.using_{door.using}", space=space_name(door.space)), theme.TEXT_DIM,
         "small")]
    if door.trap:
        rows.append((t("dungeon.card.trap"), theme.DANGER, "body"))
    for spell, need in door.spell_need.items():
        line = t("dungeon.door.spell_need", spell=vc.spell_name(spell), n=need,
                 chance=round(door.spell_chance.get(spell, 0.0) * 100)) if need else \
            t("dungeon.door.spell_cannot", spell=vc.spell_name(spell))
        rows.append((line, theme.TEXT if need else theme.DANGER, "body"))
    info_lines(r, surface, text, rows)
