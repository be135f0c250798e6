"""The Dungeon! table's spell wish list (phase ``spells``, the sealed draft of ``draft.py``).

The wizard writing sees its list as a row of numbered places, as long as its book: each wish in
its spell's colour and glyph (fireball a red flame, lightning a yellow star, teleport a purple
moon), the next place to fill outlined in the accent colour; under it each glyph with its spell's
name and count (the key to the places: no abbreviation stands in for the rulebook's names), how
the lists are resolved, and the keys. Its buttons add a spell (keys 1, 2, 3), take the last
wish off (Backspace) and seal the list once it is full (Enter). A wizard who has sealed sees its
list while it waits; everyone else only who is still writing. Nothing here is a rule: the
places, the counts and the buttons come from the view and the legal actions.
"""

from __future__ import annotations

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui.layout import DungeonTable
from dungeon_table.games.dungeon.ui.panels import info_lines
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import t

# Each spell's colour, and so its glyph (``theme.GLYPHS``): nothing told by colour alone.
SPELL_COLOURS = {"fireball": "red", "lightning": "yellow", "teleport": "purple"}
# The keys that add a wish, in the buttons' order.
WISH_KEYS = {"1": "fireball", "2": "lightning", "3": "teleport"}
PLACES_A_ROW = 6
# What a newcomer choosing a spellbook needs to know: what each spell does, and the limits.
SPELL_NOTES = ("attack", "teleport", "limits")


def writing(view: m.DungeonView) -> bool:
    """The viewer writes its wish list now."""
    return view.phase == "spells" and view.seat is not None and view.seat in view.to_act


def prompt(view: m.DungeonView, names: list[str]) -> str:
    """The panel's heading in the draft: the viewer's list, its sealed list, or who writes."""
    if writing(view):
        return t("dungeon.prompt.wishes", k=len(view.spell_wishes), n=view.spells_to_take)
    if view.seat in view.draft_order:
        return t("dungeon.prompt.wishes_sealed")
    return t("dungeon.prompt.wishes_waiting")


def key_action(keycode: int, text: str) -> Action | None:
    """1, 2, 3: wish for fireball, lightning, teleport; Backspace: take the last wish off (the
    table applies these only when they are legal)."""
    if text in WISH_KEYS:
        return m.WishSpell(spell=WISH_KEYS[text])
    if keycode == pygame.K_BACKSPACE:
        return m.UnwishSpell()
    return None


def focus_first(view: m.DungeonView, legal: list[Action]) -> Action | None:
    """Where the keyboard focus starts: the seal once the list is full, else the spell wished
    last (so Enter adds another), else the first spell."""
    if m.SealWishes() in legal:
        return m.SealWishes()
    last = m.WishSpell(spell=view.spell_wishes[-1]) if view.spell_wishes else None
    if last in legal:
        return last
    return next((a for a in legal if isinstance(a, m.WishSpell)), None)


def names_of(names: list[str], seats: list[int]) -> str:
    """The seats' names, as a list in the language of the moment."""
    return t("dungeon.list_sep").join(names[s] if s < len(names) else str(s + 1) for s in seats)


def draw_draft(r: DungeonTable, surface: pygame.Surface, body: pygame.Rect,
               view: m.DungeonView, names: list[str]) -> None:
    """The panel's content: the viewer's list and notes, or who is still writing."""
    if view.seat not in view.draft_order:
        info_lines(r, surface, body, [(t("dungeon.wish.waiting",
                                         names=names_of(names, view.to_act)),
                                       theme.TEXT, "body")])
        return
    size = view.spells_to_take if writing(view) else len(view.spell_wishes)
    bottom = draw_places(r, surface, body, view.spell_wishes, size, writing(view))
    bottom = draw_counts(r, surface, body, bottom + r.th.px(1), view.spell_wishes)
    rest = pygame.Rect(body.x, bottom + r.th.px(0.5), body.w, max(0, body.bottom - bottom))
    info_lines(r, surface, rest, notes(view, names))


def notes(view: m.DungeonView, names: list[str]) -> list[tuple[str, theme.Colour, str]]:
    rows: list[tuple[str, theme.Colour, str]] = []
    if not writing(view):
        waiting = names_of(names, view.to_act)
        return [*rows, (t("dungeon.wish.sealed", names=waiting), theme.TEXT_DIM, "small")]
    others = [s for s in view.draft_order if s != view.seat]
    if others:
        rows.append((t("dungeon.wish.against", others=names_of(names, others),
                       first=names_of(names, view.draft_order[:1])), theme.TEXT, "small"))
    else:
        rows.append((t("dungeon.wish.alone"), theme.TEXT, "small"))
    rows.append((t("dungeon.wish.keys"), theme.TEXT_DIM, "small"))
    return rows + [(t(f"dungeon.spell_note.{key}"), theme.TEXT_DIM, "small")
                   for key in SPELL_NOTES]


def draw_places(r: DungeonTable, surface: pygame.Surface, body: pygame.Rect,
                wishes: list[str], size: int, open_place: bool) -> int:
    """The list's numbered places, a row of up to six at a time; returns their bottom."""
    th = r.th
    gap = th.px(0.6)
    cols = max(1, min(size, PLACES_A_ROW))
    w = (body.w - gap * (cols - 1)) // cols
    h = min(th.px(6), round(w * 0.95))
    rows = (size + cols - 1) // cols
    for k in range(size):
        rect = pygame.Rect(body.x + (k % cols) * (w + gap), body.y + (k // cols) * (h + gap),
                           w, h)
        spell = wishes[k] if k < len(wishes) else ""
        draw_place(r, surface, rect, k + 1, spell, open_place and k == len(wishes))
    return body.y + rows * (h + gap) - gap


def draw_counts(r: DungeonTable, surface: pygame.Surface, body: pygame.Rect, top: int,
                wishes: list[str]) -> int:
    """Each spell wished, its glyph then "Fireball ×4", side by side while they fit; returns
    the bottom."""
    th = r.th
    line = fonts.line_height("small", th.scale)
    glyph = max(3, line // 3)
    x, y = body.x, top
    for spell in m.SPELLS:
        if spell not in wishes:
            continue
        image = fonts.text(t(f"dungeon.spell_short.{spell}", n=wishes.count(spell)), "small",
                           theme.TEXT, th.scale, True)
        width = 2 * glyph + th.px(0.5) + image.get_width()
        if x > body.x and x + width > body.right:
            x, y = body.x, y + line
        colour = theme.CARD_COLOURS[SPELL_COLOURS[spell]]
        theme.draw_glyph(surface, SPELL_COLOURS[spell], (x + glyph, y + line / 2), glyph, colour)
        surface.blit(image, (x + 2 * glyph + th.px(0.5), y + (line - image.get_height()) // 2))
        x += width + th.px(1.5)
    return y + line if wishes else top


def draw_place(r: DungeonTable, surface: pygame.Surface, rect: pygame.Rect, number: int,
               spell: str, next_open: bool) -> None:
    """One place of the list: its wish in the spell's colour and glyph, or empty."""
    th = r.th
    radius = th.px(0.6)
    if spell:
        colour = theme.CARD_COLOURS[SPELL_COLOURS[spell]]
        pygame.draw.rect(surface, theme.mix(theme.PANEL, colour, 0.35), rect, border_radius=radius)
        pygame.draw.rect(surface, colour, rect, max(1, th.px(0.2)), border_radius=radius)
        theme.draw_glyph(surface, SPELL_COLOURS[spell], rect.center,
                         max(4, min(rect.w, rect.h) * 0.3), colour)
    else:
        edge = theme.ACCENT if next_open else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, max(1, th.px(0.25 if next_open else 0.15)),
                         border_radius=radius)
    image = fonts.text(str(number), "small", theme.TEXT_DIM if not spell else theme.TEXT,
                       th.scale * 0.8)
    surface.blit(image, (rect.x + th.px(0.3), rect.y + th.px(0.1)))
