"""Drawing the Last Dungeon table from a ``LastDungeonView``: the top bar, the dungeon row with
its spaces and the adventurer, the deck, crystals, meter, piles, hand and phase buttons.

Positions come from the renderer's layout (``table.py``), card faces from ``CardLooks``
(``anim.py``). Each part also records where its cards went (``r.shown``) for hover previews.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.ui.anim import stack_layout
from dungeon_table.games.lastdungeon.ui.layout import LastDungeonTable
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, icons, tabletop, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import UiState, in_language

# What is picked or paid with (the card on its way, its space, chosen crystals): white, so it is
# never mistaken for the keyboard focus, which the table draws in the accent colour.
CHOSEN = theme.TEXT


# --- drawing the table ------------------------------------------------------------------------
def draw_table(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView,
               ui: UiState) -> None:
    g = r.geo
    assert g is not None
    _draw_top(r, surface, view, ui)
    for i, space in enumerate(view.spaces):
        _draw_space(r, surface, view, i, space, ui)
    if view.adventurer is not None and "adventurer" not in ui.hidden:
        _draw_adventurer(r, surface, view.adventurer)
    _draw_deck(r, surface, view)
    _draw_crystals(r, surface, view, ui)
    _draw_meter(r, surface, view)
    _draw_piles(r, surface, view, ui)
    _draw_hand(r, surface, view, ui)
    _draw_buttons(r, surface, ui)


def _draw_top(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView,
              ui: UiState) -> None:
    g = r.geo
    assert g is not None
    sc = g.th.scale
    theme.draw_panel(surface, g.top, g.th)
    pad = g.th.px(2)
    left = tabletop.label(surface, t("ld.round", n=view.round), "heading", theme.TEXT, sc * 0.8,
                          True, midleft=(g.top.x + pad, g.top.centery))
    rep = tabletop.label(surface, t("ld.repelled", n=view.repelled), "body", theme.GOOD, sc,
                         midleft=(left.right + pad * 2, g.top.centery))
    prompt, colour = _prompt(r, view, ui)
    room = g.top.right - rep.right - pad * 4
    tabletop.label(surface, prompt, "body", colour, sc, True, width=room,
                   midright=(g.top.right - pad, g.top.centery))


def _prompt(r: LastDungeonTable, view: m.LastDungeonView, ui: UiState) -> tuple[str, Any]:
    if view.phase == "over":
        return t("ld.prompt.over"), theme.TEXT
    if not ui.legal and not ui.watching:
        return t("ld.prompt.wait"), theme.TEXT_DIM
    text = _phase_prompt(r, view)
    return text, theme.ACCENT if ui.legal else theme.TEXT_DIM  # a replay: dim, nothing to do


def _phase_prompt(r: LastDungeonTable, view: m.LastDungeonView) -> str:
    p = view.pending
    if view.phase == "actions" and r.picked:
        return t("ld.prompt.select", card=r.looks.name(r.picked))
    if p is not None and view.phase == "pay_cost":
        return t("ld.prompt.pay_cost", n=p.need - len(p.chosen), card=r.looks.name(p.card or ""))
    if p is not None and view.phase == "pay_crystals":
        return t(f"ld.prompt.pay_{p.kind}", have=p.paid, need=p.need)
    if p is not None and view.phase == "event_discard":
        return t("ld.prompt.event_discard", n=p.need - len(p.chosen))
    return t(f"ld.prompt.{view.phase}")


def _draw_space(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView, i: int,
                space: m.Space, ui: UiState) -> None:
    g = r.geo
    assert g is not None
    sc = g.th.scale
    mat = r.mat_rect(i)
    here = view.adventurer is not None and view.adventurer.position == i
    colour = theme.mix(theme.FELT_DARK, theme.PANEL, 0.55 if here else 0.35)
    theme.draw_panel(surface, mat, g.th, colour, shadow=False)
    _draw_space_head(r, surface, mat, space, _title_type(r, view))
    slot = r.space_rect(i)
    ghosting = view.pending and view.pending.kind == "play" and view.pending.space == i
    if space.kind in ("treasure", "entrance"):
        # The treasure stays recognisable under a card played on it: it peeks out up and right.
        plain = r.cards.treasure.id if space.kind == "treasure" else r.cards.entrance.id
        covered = bool(space.card or ghosting)
        under = slot.move(g.th.px(1.5), -g.th.px(0.6)) if covered else slot
        cf.blit_card(surface, r.looks.face(plain, "plain", g.cw), under)
        r.shown.add(under, (plain, "plain"))
    if space.card and f"space:{i}" not in ui.hidden:
        cf.blit_card(surface, r.looks.face(space.card, "hand", g.cw), slot)
        r.shown.add(slot, (space.card, "hand"))
    elif ghosting and view.pending is not None:
        ghost = r.looks.ghost(view.pending.card or "", g.cw)  # the card on its way, paid for now
        if space.kind == "treasure":  # the faded card must not show the treasure's words through
            pygame.draw.rect(surface, colour, slot, border_radius=g.th.px(1.2))
        surface.blit(ghost, slot)
        theme.outline(surface, slot, CHOSEN, g.th, 0.4)
    elif space.kind == "room":
        pygame.draw.rect(surface, theme.mix(colour, theme.TEXT_DIM, 0.3), slot,
                         max(1, g.th.px(0.25)), border_radius=g.th.px(1.2))
        tabletop.label(surface, t("ld.space.empty"), "small", theme.TEXT_DIM, sc,
                       width=slot.w - g.th.px(1), center=slot.center)
    if space.card and space.damage and f"space:{i}" not in ui.hidden:
        # what the card deals here, room bonus included: worded, as it may differ from its corner
        tabletop.pill(surface, t("ld.space_damage", n=space.damage), theme.DANGER, g.th,
                      midtop=(slot.centerx, slot.bottom + g.th.px(1)))


def _space_title(r: LastDungeonTable, space: m.Space) -> tuple[str, Any]:
    if space.kind == "room" and space.room:
        return in_language(r.cards.event(space.room).room_name), theme.TEXT
    return t(f"ld.space.{space.kind}"), theme.TEXT_DIM


def _title_type(r: LastDungeonTable, view: m.LastDungeonView) -> tuple[str, float]:
    """One type size for every space title in the row: the largest at which the longest fits."""
    g = r.geo
    assert g is not None
    width = r.mat_rect(0).w - g.th.px(1.5)
    fits = [fonts.shrink_to_fit(_space_title(r, sp)[0], "body", width, g.th.scale, True)[1:]
            for sp in view.spaces]
    return min(fits, key=lambda rs: fonts.size_for(*rs))


def _draw_space_head(r: LastDungeonTable, surface: pygame.Surface, mat: pygame.Rect,
                     space: m.Space, title_type: tuple[str, float]) -> None:
    """The space's title and, below it, what the room does (or the treasure's name)."""
    g = r.geo
    assert g is not None
    sc = g.th.scale
    width = mat.w - g.th.px(1.5)
    top = (mat.centerx, mat.y + g.th.px(1))
    title, colour = _space_title(r, space)
    role, scale = title_type
    head = tabletop.label(surface, title, role, colour, scale, True, width=width, midtop=top)
    if space.kind == "room" and space.room:
        r.shown.add(head.inflate(g.th.px(2), g.th.px(1)), (space.room, "room"))
        sub = _room_chips(space)
    else:
        # the treasure's own card shows its name, unless a card played on it hides it
        sub = in_language(r.cards.treasure.name) if space.kind == "treasure" and space.card else ""
    if sub:
        tabletop.label(surface, sub, "small", theme.GOLD, sc, True, width=width,
                       midtop=(mat.centerx, head.bottom))


def _room_chips(space: m.Space) -> str:
    parts = []
    if space.damage_bonus:
        parts.append(t("ld.room.damage", n=f"{space.damage_bonus:+d}"))
    if space.cost_delta:
        parts.append(t("ld.room.cost", n=f"{space.cost_delta:+d}"))
    if space.draw_on_play:
        parts.append(t("ld.room.draw", n=space.draw_on_play))
    return " · ".join(parts)


def _draw_adventurer(r: LastDungeonTable, surface: pygame.Surface, a: m.Adventurer) -> None:
    g = r.geo
    assert g is not None
    rect = r.adventurer_rect(a.position)
    # Badges go right of the card; at the far end of the row there is no room: then left of it,
    # with the stacked cards one step further left.
    room_right = rect.right + g.th.px(10) <= g.top.right
    badge_x = rect.right + g.th.px(5) if room_right else rect.x - g.th.px(5)
    stack = stack_layout(r, a)
    for (image, spot), card in zip(stack, a.stack, strict=True):
        cf.blit_card(surface, image, spot)
        r.shown.add(spot, (card, "hand"))
    cf.blit_card(surface, r.looks.face(a.card, "adventurer", g.cw, a.side), rect)
    r.shown.add(rect, (a.card, "adventurer"))
    power = tabletop.badge(surface, str(a.power), (badge_x, rect.y + g.th.px(5)),
                           cf.BADGE["power"], g.th, big=True)
    below = tabletop.label(surface, t("ld.card.power"), "small", theme.TEXT, g.th.scale, True,
                           midtop=(power.centerx, power.bottom))
    if a.stacked_damage:  # words, not a bare "-8": the meter says what it means for the fight
        tabletop.pill(surface, t("ld.stacked", n=a.stacked_damage), theme.DANGER, g.th,
                      midtop=(power.centerx, below.bottom + g.th.px(1)))
    arrow_y = rect.bottom + g.th.px(0.5)
    pygame.draw.polygon(surface, theme.ACCENT, [(rect.centerx - g.th.px(1.5), arrow_y),
                                                 (rect.centerx + g.th.px(1.5), arrow_y),
                                                 (rect.centerx, arrow_y + g.th.px(1.5))])


def _draw_deck(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView) -> None:
    g = r.geo
    assert g is not None
    inner = tabletop.titled_panel(surface, g.deck, t("ld.deck"), g.th)
    sc = g.th.scale
    width = round(g.cw * 0.62)
    spot = pygame.Rect(inner.x, 0, width, round(width * cf.RATIO))
    spot.bottom = inner.bottom
    if view.deck_top:
        image = r.looks.deck_back(view.deck_top, width)
        cf.draw_pile(surface, image, spot, view.deck_count, image)
    else:  # where the deck was: an empty place, not a gap in the panel
        tabletop.empty_place(surface, spot, g.th)
    tabletop.label(surface, str(view.deck_count), "number", theme.TEXT, sc * 1.1,
                   midright=(inner.right, g.deck.centery))
    tabletop.label(surface, t("ld.left"), "small", theme.TEXT_DIM, sc,
                   topright=(inner.right, g.deck.centery + g.th.px(3)))
    if view.empower_next:
        tabletop.label(surface, t("ld.empower", n=view.empower_next), "small", theme.DANGER, sc,
                       True, width=inner.right - spot.right - g.th.px(1),
                       bottomright=inner.bottomright)


CRYSTAL_INK = (150, 226, 240)


def _draw_crystals(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView,
                   ui: UiState) -> None:
    g = r.geo
    assert g is not None
    inner = tabletop.titled_panel(surface, g.crystals, t("ld.crystals"), g.th)
    sc = g.th.scale
    total = tabletop.label(surface, str(view.crystal_total), "number", CRYSTAL_INK, sc,
                           topright=(inner.right, g.crystals.y + g.th.px(1)))
    mark = pygame.Rect(0, 0, total.h * 0.8, total.h * 0.8)
    mark.midright = (total.x - g.th.px(0.5), total.centery)
    icons.blit_icon(surface, icons.mark("crystal"), mark, CRYSTAL_INK)
    chosen = set(view.pending.chosen) if view.pending else set()
    rects = r.crystal_rects(len(view.crystals))
    spots = [rect.move(0, -g.th.px(1.5)) if c.card in chosen else rect
             for rect, c in zip(rects, view.crystals, strict=True)]
    legal = set() if ui.animating else {
        rects.index(tg.rect) for tg in ui.targets if tg.quiet and tg.rect in rects}
    images = [r.looks.crystal_back(c.value, rect.w) for rect, c in zip(rects, view.crystals, strict=True)]
    tabletop.draw_fan(surface, images, spots, g.th, set(), legal)
    crowded = tabletop.overlapping(rects, 0.6)  # the value in the middle is covered
    for i, (spot, crystal) in enumerate(zip(spots, view.crystals, strict=True)):
        if crowded and i + 1 < len(spots):  # its value where the next crystal leaves it visible
            strip = rects[i + 1].x - rects[i].x
            tabletop.label(surface, str(crystal.value), "body", theme.TEXT, sc, True,
                           midtop=(spot.x + max(strip // 2, g.th.px(1)), spot.y + g.th.px(0.5)))
        if crystal.card in chosen:
            theme.outline(surface, spot, CHOSEN, g.th, 0.4)


def _draw_meter(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView) -> None:
    """Will this fight repel? The one place that says so: the damage (placed + stacked) lined up
    against the adventurer's power, and the verdict in words."""
    g = r.geo
    assert g is not None
    a = view.adventurer
    if a is None or view.phase == "over":
        # Over, there is no next fight: "23 short: it will advance" stood beside a won game.
        theme.draw_panel(surface, g.meter, g.th)
        return
    # The verdict is the rules' (view.shortfall), not a comparison made here.
    short = view.shortfall
    verdict = t("ld.meter.repels") if short == 0 else t("ld.meter.short", n=short)
    if view.phase == "repelled" or (view.pending and view.pending.kind == "scout"):
        verdict = t("ld.meter.repelled")  # the fight is over: not "this fight repels it"
    detail = t("ld.meter.parts", placed=view.total_damage - a.stacked_damage,
               stacked=a.stacked_damage) if a.stacked_damage else ""
    tabletop.meter(surface, g.meter, g.th,
                   tabletop.Meter(t("ld.meter"), view.total_damage, a.power, verdict, detail))
    r.figures.append(g.meter)


def _draw_piles(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView,
                ui: UiState) -> None:
    """The draw pile face down and the discard face up, squared, labels clear above them."""
    g = r.geo
    assert g is not None
    back = r.looks.dungeon_back(g.draw.w)
    tabletop.labelled_pile(surface, g.draw, back, view.draw_count,
                           t("ld.draw_pile", n=view.draw_count), g.th, back)
    top = r.looks.face(view.discard[-1], "hand", g.discard.w) if view.discard else None
    tabletop.labelled_pile(surface, g.discard, top, len(view.discard),
                           t("ld.discard", n=len(view.discard)), g.th)
    icons.draw_empty_marks(surface, ((g.draw, view.draw_count, "deck"),
                                     (g.discard, len(view.discard), "discard")))
    if top is not None:
        r.shown.add(g.discard, (view.discard[-1], "hand"))


def _draw_hand(r: LastDungeonTable, surface: pygame.Surface, view: m.LastDungeonView,
               ui: UiState) -> None:
    g = r.geo
    assert g is not None
    hand = view.hand or []
    lifted = r.lifted(view)
    rects = r.hand_rects(len(hand), lifted)
    legal = set() if ui.animating else {
        rects.index(tg.rect) for tg in ui.targets if tg.quiet and tg.rect in rects}
    images = [None if f"hand:{i}" in ui.hidden else r.looks.face(card, "hand", rect.w)
              for i, (card, rect) in enumerate(zip(hand, rects, strict=True))]  # two rows: smaller
    tabletop.draw_fan(surface, images, rects, g.th, lifted, legal)
    chosen = view.pending.chosen if view.pending else []
    playing = view.pending.card if view.pending and view.pending.kind == "play" else None
    for card, rect, image in zip(hand, rects, images, strict=True):
        if image is None:
            continue
        r.shown.add(rect, (card, "hand"))
        if card in chosen:  # paid with (✓) or thrown away to an event (×)
            tabletop.badge(surface, "✓" if view.phase != "event_discard" else "×",
                           (rect.centerx, rect.y + rect.h // 2), theme.ACCENT, g.th)
        elif card in (r.picked, playing):
            theme.outline(surface, rect, CHOSEN, g.th, 0.5)


def _draw_buttons(r: LastDungeonTable, surface: pygame.Surface, ui: UiState) -> None:
    g = r.geo
    assert g is not None
    buttons = r.buttons(ui.legal)
    hovered = ui.targets[ui.hover].action if ui.hover is not None and ui.hover < len(
        ui.targets) else None
    tabletop.draw_buttons(surface, r.button_rects(len(buttons)), buttons, hovered, g.th,
                          r.refused)
