"""Drawing the relic table: the seats' areas, the centre (piles, battle or treasure table), the
hand, the turn and the buttons. Parts named in ``ui.hidden`` are left out while an animation
brings them in (``card:<id>`` wherever that card lies)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.faces import BACK, KIND_BANDS, TS_GLYPHS, face_text
from dungeon_table.games.relic.ui.layout import DEPTHS, PER_DEPTH, RelicTable, SeatGeo
from dungeon_table.games.relic.ui.log import SEAT_COLOURS, seat_name
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, icons, tabletop, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import UiState
from dungeon_table.ui.tabletop import label

OUTCOME_COLOURS = {"won": theme.GOOD, "lost": theme.DANGER, "banished": theme.GOLD}
NOTHING_TO_ACT_ON = ("mend", "advance", "wild")  # prompts whose target would be in the hand
PASSES = (m.Done, m.SkipSkill)


def player_name(view: m.RelicView, ui: UiState, seat: int) -> str:
    return ui.names[seat] if seat < len(ui.names) and ui.names[seat] else seat_name(seat)


def header_name(view: m.RelicView, ui: UiState, seat: int) -> str:
    """The name the handoff calls the seat and its colour, which the log calls it by."""
    if seat < len(ui.names) and ui.names[seat]:
        return t("relic.seat.named", name=ui.names[seat], colour=seat_name(seat))
    return seat_name(seat)


def draw_table(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState) -> None:
    g = r.geo(view)
    board = r.area if r.area is not None else surface.get_rect()
    panels = tuple(tuple(panel_rect(r, sg)) for sg in g.seats.values())
    surface.blit(backdrop(surface.get_size(), tuple(board), panels, r.th), board.topleft)
    for seat, sg in g.seats.items():
        draw_seat(r, surface, view, ui, seat, sg)
    draw_piles(r, surface, view, ui)
    if view.battle is not None:
        draw_battle(r, surface, view, ui)
    else:
        draw_treasure_table(r, surface, view)
    draw_hand(r, surface, view, ui)
    draw_status(r, surface, view, ui)
    buttons = r.buttons(view, ui.legal)
    rects = tabletop.button_rects(g.buttons, len(buttons), r.th)
    hovered = ui.targets[ui.hover].action if ui.hover is not None and ui.hover < len(
        ui.targets) else None
    tabletop.draw_buttons(surface, rects, buttons, hovered, r.th, r.refused)


# --- seats -------------------------------------------------------------------------------------
def panel_rect(r: RelicTable, sg: SeatGeo) -> pygame.Rect:
    return sg.area.inflate(r.th.px(0.5), r.th.px(0.5))


_BACKDROPS: dict[tuple, pygame.Surface] = {}


def backdrop(size: tuple[int, int], board: tuple[int, int, int, int],
             panels: tuple[tuple[int, int, int, int], ...], th: theme.Theme) -> pygame.Surface:
    """The board's felt with the seats' panels and their soft shadows, composed once per
    layout: one opaque blit a frame instead of four large shadow blits (a quarter of a frame)."""
    key = (size, board, panels, th)
    image = _BACKDROPS.get(key)
    if image is None:
        area = pygame.Rect(board)
        image = pygame.Surface(area.size)
        image.blit(theme.felt_background(size), (0, 0), area)
        for rect in panels:
            theme.draw_panel(image, pygame.Rect(rect).move(-area.x, -area.y), th)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            image = image.convert()
        _BACKDROPS.clear()  # one layout at a time
        _BACKDROPS[key] = image
    return image


def points_label(view: m.RelicView, seat: int) -> str:
    """A seat's points and what they count: the seat itself sees its hand's characters counted
    (3 pts before anything is scored, from the hand dealt: the play-test's puzzle), so its wide
    header says so; another seat's are the score pile beside them, in its narrow header."""
    points = view.players[seat].points
    return t("relic.points.with_hand" if seat == view.seat else "relic.points", n=points)


def points_fitting(name: str, points: str, n: int, room: int, th: theme.Theme) -> str:
    """The points with what they count, or just "3 pts" where saying it would cut the seat's
    name (four seats at 1280x720): the name matters more, the rules page says the rest."""
    for text in (points, t("relic.points", n=n)):
        width = fonts.font("body", th.scale, True).size(text)[0]
        free = max(8, room - width - th.px(6.5))
        if fonts.shrink_to_fit(name, "body", free, th.scale, True) == (name, "body", th.scale):
            return text
    return text


def draw_seat(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState,
              seat: int, sg: SeatGeo) -> None:
    th = r.th
    player = view.players[seat]
    active = seat == view.active and view.phase != "over"
    if active:  # the panel itself is in the backdrop; only the accent edge changes
        pygame.draw.rect(surface, theme.ACCENT, panel_rect(r, sg), width=max(1, th.px(0.15)),
                         border_radius=th.px(1.5))
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    head = sg.header.inflate(-th.px(2), 0)
    theme.draw_glyph(surface, colour, (head.x + th.px(1), head.centery), th.px(0.9),
                     theme.CARD_COLOURS[colour])
    name = header_name(view, ui, seat)
    if seat == r.bottom(view) and view.seat is not None:
        name = t("relic.you", name=name)
    points = points_label(view, seat)
    right = pygame.Rect(head.right, head.y, 0, head.h)
    if sg.hand is None:  # the viewer's own hand lies fanned along the bottom: its count here
        right = label(surface, t("relic.hand_count", n=player.hand_count), "small",
                      theme.TEXT_DIM, th.scale, midright=(head.right, head.centery))
    points = points_fitting(name, points, view.players[seat].points, right.x - head.x, th)
    pts = label(surface, points, "body", theme.GOLD, th.scale, True,
                midright=(right.x - th.px(2), head.centery))
    label(surface, name, "body", theme.TEXT, th.scale, True,
          width=max(8, pts.x - head.x - th.px(4)), midleft=(head.x + th.px(2.5), head.centery))
    draw_score(r, surface, view, seat, sg)
    if sg.hand is not None:
        draw_other_hand(r, surface, player.hand_count, sg.hand)
    draw_dungeon(r, surface, view, ui, seat, sg)
    draw_enemies(r, surface, view, ui, seat, sg)


def other_hand_rects(area: pygame.Rect, count: int, th: theme.Theme) -> list[pygame.Rect]:
    """Another seat's hand: backs as tall as the area allows, fanned across it in a gentle arc
    (at most nine drawn: the count says the rest)."""
    shown = min(count, 9)
    if not shown:
        return []
    mid = (shown - 1) / 2
    bend = th.px(0.1)
    arc = min(th.px(1), round(mid ** 2 * bend))
    h = area.h - th.px(0.5) - arc
    w = max(8, round(h / cf.RATIO))
    if w > area.w:
        w = area.w
        h = round(w * cf.RATIO)
    step = min(round(w * 0.45), (area.w - w) // max(1, shown - 1)) if shown > 1 else 0
    x = area.centerx - (w + step * (shown - 1)) // 2
    top = area.bottom - h - arc
    return [pygame.Rect(x + k * step, top + min(arc, round(abs(k - mid) ** 2 * bend)), w, h)
            for k in range(shown)]


def draw_other_hand(r: RelicTable, surface: pygame.Surface, count: int,
                    area: pygame.Rect) -> None:
    """Backs only, never a face; the count on a tag across the fan."""
    th = r.th
    rects = other_hand_rects(area, count, th)
    if not rects:
        label(surface, t("relic.hand_count", n=0), "small", theme.TEXT_DIM, th.scale,
              width=area.w, center=area.center)
        return
    back = r.looks.back(rects[0].w)
    for rect in rects:
        cf.blit_card(surface, back, rect)
    fan = rects[0].unionall(rects)
    tabletop.pill(surface, t("relic.hand_count", n=count), theme.ACCENT, th,
                  midbottom=(fan.centerx, fan.bottom - th.px(0.5)))


def draw_score(r: RelicTable, surface: pygame.Surface, view: m.RelicView, seat: int,
               sg: SeatGeo) -> None:
    """The score pile: each treasure (depth, dice face, points), then the defeated enemies."""
    th = r.th
    player = view.players[seat]
    box = sg.score.inflate(-th.px(1), -th.px(1))
    pygame.draw.rect(surface, theme.FELT_DARK, box, border_radius=th.px(1))
    inner = box.inflate(-th.px(1), -th.px(0.5))
    size = "short" if sg.stacked else "long"
    y = label(surface, t(f"relic.score_pile.{size}"), "small", theme.TEXT_DIM, th.scale, True,
              width=inner.w, topleft=inner.topleft).bottom
    line_h = fonts.line_height("small", th.scale)
    found = [(t(f"relic.treasure_line.{size}", depth=tr.depth, face=face_text(tr.face),
                n=tr.points, treasure=r.looks.treasure_name(tr.treasure) if tr.treasure
                else t("relic.treasure.none")),
              theme.GOLD if tr.points else theme.TEXT_DIM,
              r.looks.treasure_icon(tr.treasure) if tr.treasure else None)
             for tr in player.treasures]
    found += [(t("relic.defeated_line", name=r.looks.name(card), n=r.looks.info(card).level),
               theme.TEXT, None) for card in player.defeated]
    # A treasure's line starts with its picture (a line high); a narrow pile wraps a long enemy
    # name instead of cutting it to a few letters.
    indent = line_h + th.px(0.5)
    rows = [(part, colour, picture if k == 0 else "" if picture else None)
            for text, colour, picture in found
            for k, part in enumerate(fonts.wrap(text, "small", inner.w - indent if picture
                                                else inner.w, th.scale))]
    room = max(0, (inner.bottom - y) // line_h)
    if len(rows) > room and room > 0:
        rows = rows[:room - 1] + [(t("relic.more", n=len(rows) - room + 1), theme.TEXT_DIM, None)]
    for text, colour, picture in rows[:room]:
        x = inner.x
        if picture is not None:  # "": a treasure line's second line, under its first's text
            icons.blit_icon(surface, picture, pygame.Rect(x, y, line_h, line_h), colour, 0.9)
            x += indent
        y = label(surface, text, "small", colour, th.scale, width=inner.right - x,
                  topleft=(x, y)).bottom
    if not rows and room:
        label(surface, "—", "small", theme.TEXT_DIM, th.scale, topleft=(inner.x, y))


def depth_mark(player: m.PlayerView, depth: int, view: m.RelicView, mine: bool,
               short: bool = False) -> tuple[str, tuple[int, int, int]]:
    """A depth's label: searched, its search lost, ready to search, or just its number."""
    size = "short" if short else "long"
    if depth in player.searched:
        return t(f"relic.depth.searched.{size}", n=depth), theme.GOOD
    if depth in player.forfeited:
        return t(f"relic.depth.forfeited.{size}", n=depth), theme.DANGER
    if mine and view.search_depth == depth and view.phase == "search":
        return t(f"relic.depth.ready.{size}", n=depth), theme.ACCENT
    return t(f"relic.depth_label.{size}", n=depth), theme.TEXT_DIM


def draw_dungeon(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState,
                 seat: int, sg: SeatGeo) -> None:
    th = r.th
    player = view.players[seat]
    mine = seat == r.bottom(view)
    for depth in range(1, DEPTHS + 1):
        group = sg.depths[depth - 1]
        text, colour = depth_mark(player, depth, view, mine, sg.stacked)
        if sg.stacked:  # the mark at the left of its row, on two lines where it is wider
            # than the column ("深度3✓")
            room = sg.label_w - th.px(0.5)
            lines = fonts.wrap(text, "small", room, th.scale, True)[:2]
            line_h = fonts.line_height("small", th.scale)
            y = group.centery - line_h * len(lines) // 2
            for line in lines:
                label(surface, line, "small", colour, th.scale, True, width=room,
                      midright=(group.x - th.px(0.5), y + line_h // 2))
                y += line_h
        else:
            label(surface, text, "small", colour, th.scale, True, width=group.w,
                  midtop=(group.centerx, group.y + th.px(0.25)))
        # the depth's slot, its three places in one outline, under every card, so a card over it
        # hides its edge instead of being crossed by it
        tabletop.empty_place(surface, sg.depth_slot(depth), th)
    for depth in range(1, DEPTHS + 1):
        first = (depth - 1) * PER_DEPTH
        for index in range(first, min(first + PER_DEPTH, len(player.dungeon))):
            rect = sg.dungeon_rect(index)
            card = player.dungeon[index]
            if f"card:{card.card}" in ui.hidden:
                continue
            if sg.stacked:
                dungeon_chip(r, surface, rect, card)
                if not card.face_down:
                    r.shown.add(rect, card.card)
                continue
            image = r.looks.back(sg.cw) if card.face_down else r.looks.face(card.card, sg.cw)
            cf.blit_card(surface, image, rect)
            if not card.face_down:
                # a card nothing covers (a flat row's, a cascade's last) may take two lines; one
                # a later card covers has the strip above the later ones, to its depth's edge
                uncovered = sg.flat or index == min(first + PER_DEPTH, len(player.dungeon)) - 1
                name_tag(r, surface, rect, card.card, sg.tag_h, 2 if uncovered else 1,
                         reach=rect.w if uncovered else group_right(sg, depth) - rect.x)
                r.shown.add(rect, card.card)
    setting = any(isinstance(a, m.SetDungeon) for a in ui.legal)
    if mine and view.forfeits and setting and view.forfeits < DEPTHS:
        # over the depth the next card opens: setting it loses the search of the one before
        group = sg.depths[view.forfeits]
        tabletop.pill(surface, t("relic.forfeit_warning", n=view.forfeits), theme.DANGER, th,
                      midtop=(group.centerx, group.y + fonts.line_height("small", th.scale)))


def dungeon_chip(r: RelicTable, surface: pygame.Surface, place: pygame.Rect,
                 card: m.DungeonCardView) -> None:
    """A dungeon card in a narrow seat's row: its dice face in the faces' badge and its name on
    one line, whole (a word is never broken); a face-down card shows only the back's colour."""
    th = r.th
    chip = place.inflate(-2, -2)
    radius = th.px(0.75)
    if card.face_down:
        pygame.draw.rect(surface, BACK, chip, border_radius=radius)
        theme.draw_glyph(surface, "diamond", chip.center, chip.h * 0.3,
                         theme.mix(BACK, theme.TEXT, 0.5))
        return
    band = KIND_BANDS.get(r.looks.info(card.card).kind, theme.FELT_DARK)
    pygame.draw.rect(surface, theme.mix(band, (0, 0, 0), 0.45), chip, border_radius=radius)
    pygame.draw.rect(surface, band, chip, 1, border_radius=radius)
    dot = chip.h // 2 - 1
    centre = (chip.x + th.px(0.25) + dot, chip.centery)
    pygame.draw.circle(surface, cf.BADGE["scout"], centre, dot)
    label(surface, face_text(r.looks.info(card.card).face), "small", theme.TEXT, th.scale * 0.8,
          True, center=centre)
    left = centre[0] + dot + th.px(0.5)
    label(surface, r.looks.name(card.card), "small", theme.TEXT, th.scale, width=chip.right - left
          - th.px(0.25), midleft=(left, chip.centery))


def group_right(sg: SeatGeo, depth: int) -> int:
    """The right edge of a depth's cards (its cascade's last card)."""
    first = (depth - 1) * PER_DEPTH
    return max(sg.dungeon_rect(first + k).right for k in range(PER_DEPTH))


def name_tag(r: RelicTable, surface: pygame.Surface, card: pygame.Rect, card_id: str,
             height: int, lines: int = 1, reach: int | None = None) -> None:
    """The card's name in the table's small type on a band-coloured tag across its top: the
    strip of the card that the next one leaves visible. ``lines``: on a card nothing covers
    (a flat row, a cascade's last card) a name too long for one line takes up to that many,
    split between words. ``reach``: how wide a one-line tag may grow, past the card's right
    edge over the free strip above the cards after it, where the name is wider than the card
    ("Crystal C…" read so, its face under the next card)."""
    if height <= 0:
        return
    th = r.th
    name = r.looks.name(card_id)
    split = name_lines(name, card.w - th.px(0.5), th.scale)
    width = card.w
    if 1 < len(split) <= lines:
        height += (len(split) - 1) * fonts.line_height("small", th.scale)
    elif len(split) > 1 or fonts.font("small", th.scale).size(name)[0] > card.w - th.px(0.5):
        needed = fonts.font("small", th.scale).size(name)[0] + th.px(1)
        width = max(card.w, min(reach or card.w, needed))
    band = KIND_BANDS.get(r.looks.info(card_id).kind, theme.FELT_DARK)
    surface.blit(tag_image(name, width, min(height, card.h), th.scale, band), card.topleft)


def name_lines(name: str, width: int, scale: float) -> list[str]:
    """``name`` wrapped to ``width``, or on one line where wrapping would break a word inside
    ("Pillare / d Hall": a Latin name splits between words only)."""
    lines = fonts.wrap(name, "small", width, scale)
    whole = not name.isascii() or [w for line in lines for w in line.split()] == name.split()
    return lines if whole else [name]


@lru_cache(maxsize=512)
def tag_image(name: str, w: int, h: int, scale: float,
              band: tuple[int, int, int]) -> pygame.Surface:
    """A name tag, drawn once per name, size and scale (the table redraws every frame)."""
    th = theme.Theme(scale=scale)
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(image, theme.mix(band, (0, 0, 0), 0.45), image.get_rect(),
                     border_top_left_radius=th.px(1), border_top_right_radius=th.px(1))
    line_h = fonts.line_height("small", scale)
    lines = name_lines(name, w - th.px(0.5), scale)
    room = max(1, h // line_h)
    if len(lines) > room:  # the rest joins the last line, which shrinks or ends in an ellipsis
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    y = (h - line_h * len(lines)) // 2
    for line in lines:
        y = label(image, line, "small", theme.TEXT, scale, width=w - th.px(0.5),
                  midtop=(w // 2, y)).bottom
    return image


def draw_enemies(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState,
                 seat: int, sg: SeatGeo) -> None:
    th = r.th
    enemies = view.players[seat].enemies
    label(surface, t("relic.enemies"), "small", theme.TEXT_DIM, th.scale, True,
          width=sg.enemies.w, bottomleft=(sg.enemies.x, sg.enemies.y))
    rects = sg.enemy_rects(len(enemies))
    if not enemies:
        tabletop.empty_place(surface, pygame.Rect(sg.enemies.x, sg.enemies.bottom - sg.ch,
                                                  sg.cw, sg.ch), th)
    for rect, enemy in zip(rects, enemies, strict=True):
        if f"card:{enemy.card}" in ui.hidden:
            continue
        in_battle = view.battle is not None and view.battle.enemy == enemy.card
        cf.blit_card(surface, r.looks.face(enemy.card, sg.cw), rect, lifted=in_battle)
        r.shown.add(rect, enemy.card)
        owner = SEAT_COLOURS[enemy.owner % len(SEAT_COLOURS)]
        theme.draw_glyph(surface, owner, (rect.right - th.px(1), rect.bottom - th.px(1)),
                         th.px(0.9), theme.CARD_COLOURS[owner])


# --- centre ------------------------------------------------------------------------------------
def draw_piles(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState) -> None:
    g = r.geo(view)
    th = r.th
    back = r.looks.back(g.deck.w)
    tabletop.labelled_pile(surface, g.deck, back, view.deck_count,
                           t("relic.deck", n=view.deck_count), th, under=back)
    shown = [c for c in view.discard if f"card:{c}" not in ui.hidden]
    top = r.looks.face(shown[-1], g.discard.w) if shown else None
    tabletop.labelled_pile(surface, g.discard, top, len(shown),
                           t("relic.discard", n=len(view.discard)), th)
    icons.draw_empty_marks(surface, ((g.deck, view.deck_count, "deck"),
                                     (g.discard, len(shown), "discard")))
    if shown:
        r.shown.add(g.discard, shown[-1])


def draw_treasure_table(r: RelicTable, surface: pygame.Surface, view: m.RelicView) -> None:
    """The points by depth and dice face; the last search's cell lit, its result under it."""
    g = r.geo(view)
    th = r.th
    inner = tabletop.titled_panel(surface, g.panel, t("relic.treasure_table"), th)
    rows = r.looks.treasure_table()
    head_h = fonts.line_height("body", th.scale)
    grid = pygame.Rect(inner.x, inner.y + head_h + th.px(0.5), inner.w,
                       inner.h - head_h - th.px(0.5) - fonts.line_height("small", th.scale))
    r.figures.append(grid)
    cols = 7
    cw = grid.w // cols
    rh = grid.h // (len(rows) + 1)
    last = view.last_search
    for c in range(1, cols):
        label(surface, str(c), "small", theme.TEXT_DIM, th.scale, True,
              center=(grid.x + c * cw + cw // 2, grid.y + rh // 2))
    for k, (depth, points, _treasures) in enumerate(rows):
        y = grid.y + (k + 1) * rh
        if view.phase == "search" and view.search_depth == depth:  # the row a search scores on
            row = pygame.Rect(grid.x - th.px(0.5), y, grid.w + th.px(0.5), rh)
            pygame.draw.rect(surface, theme.ACCENT, row, max(1, th.px(0.25)),
                             border_radius=th.px(0.5))
        label(surface, t("relic.depth_label.long", n=depth), "small", theme.TEXT_DIM, th.scale,
              True, width=cw, midleft=(grid.x + th.px(0.5), y + rh // 2))
        for c, value in enumerate(points, start=1):
            cell = pygame.Rect(grid.x + c * cw + 1, y + 1, cw - 2, rh - 2)
            hit = last is not None and last.depth == depth and last.face == c
            pygame.draw.rect(surface, theme.ACCENT if hit else theme.FELT_DARK, cell,
                             border_radius=th.px(0.5))
            label(surface, str(value), "body", theme.FELT_DARK if hit else theme.TEXT, th.scale,
                  True, center=cell.center)
    if last is not None:
        who = seat_name(view.last_search_seat) if view.last_search_seat >= 0 else ""
        if last.face:
            text = t("relic.last_search", name=who, depth=last.depth, face=last.face,
                     treasure=r.looks.treasure_name(last.treasure), n=last.points)
        else:
            text = t("relic.last_search_fail", name=who, depth=last.depth)
        label(surface, text, "small", theme.ACCENT, th.scale, True, width=inner.w,
              midbottom=(inner.centerx, inner.bottom + th.px(0.5)))


def ts_chip(surface: pygame.Surface, rect: pygame.Rect, ts: str, chosen: bool,
            th: theme.Theme) -> None:
    pygame.draw.rect(surface, theme.ACCENT if chosen else theme.FELT_DARK, rect,
                     border_radius=rect.h // 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=rect.h // 2)
    ink = theme.FELT_DARK if chosen else theme.TEXT
    theme.draw_glyph(surface, TS_GLYPHS.get(ts, "star"), (rect.x + rect.h * 0.6, rect.centery),
                     rect.h * 0.28, ink)
    label(surface, t(f"relic.ts.{ts}"), "small", ink, th.scale, True,
          width=rect.w - rect.h, midleft=(rect.x + rect.h, rect.centery))


def draw_battle(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState) -> None:
    """The enemy, the committed characters, the TS to fight with, the sums and the outcome."""
    battle = view.battle
    assert battle is not None
    th = r.th
    g = r.geo(view)
    inner = tabletop.titled_panel(surface, g.panel, t("relic.battle"), th)
    bg = r.battle_geo(view)
    cf.blit_card(surface, r.looks.face(battle.enemy, bg.enemy.w), bg.enemy)
    r.shown.add(bg.enemy, battle.enemy)
    # an older view may lack ``wild_as``: zip stops at the shorter list
    chosen = {card: skill for card, skill in zip(battle.wild, battle.wild_as, strict=False)
              if skill}
    for rect, card in zip(bg.committed, battle.committed, strict=True):
        if f"card:{card}" in ui.hidden:
            continue
        cf.blit_card(surface, r.looks.face(card, rect.w), rect)
        r.shown.add(rect, card)
        if card in chosen:
            wild_badge(r, surface, rect, chosen[card])
            r.shown.badges[card] = chosen[card]
    if not battle.committed:
        label(surface, t("relic.battle.commit"), "small", theme.TEXT_DIM, th.scale,
              width=bg.committed[0].w if bg.committed else inner.w // 3,
              midleft=(bg.enemy.right + th.px(3), bg.enemy.centery))
    for rect, ts in zip(bg.ts, battle.ts_options, strict=True):
        ts_chip(surface, rect, ts, ts == battle.ts, th)
    for row, card in bg.wild_rows:  # whose choices the chips under it are
        label(surface, t("relic.wild.label", card=r.looks.name(card)), "small", theme.TEXT_DIM,
              th.scale, width=row.w, topleft=row.topleft)
    for rect, action in zip(bg.wild, r.wild_actions(view), strict=True):
        now = chosen.get(action.card, "") == action.skill
        pygame.draw.rect(surface, theme.ACCENT if now else theme.FELT_DARK, rect,
                         border_radius=rect.h // 2)
        text = r.looks.skill_name(action.skill) if action.skill else t("relic.wild.none")
        label(surface, text, "small", theme.FELT_DARK if now else theme.TEXT, th.scale,
              width=rect.w - 4, center=rect.center)
    draw_sums(r, surface, battle, bg.sums, th)


def wild_badge(r: RelicTable, surface: pygame.Surface, card: pygame.Rect,
               skill: str, th: theme.Theme | None = None) -> pygame.Rect:
    """The skill a wild card was set to, on a tag across its body (where its printed text says
    only "any skill"), so the choice reads without the battle's chips. ``th``: a larger scale
    for a larger card (the hover preview)."""
    text = t("relic.wild.badge", skill=r.looks.skill_name(skill))
    return tabletop.pill(surface, text, theme.GOLD, th or r.th,
                         center=(card.centerx, card.y + round(card.h * 0.62)))


def draw_sums(r: RelicTable, surface: pygame.Surface, battle: m.BattleView,
              box: pygame.Rect, th: theme.Theme) -> None:
    y = box.bottom
    flags = [t(f"relic.flag.{name}") for name in ("feint", "pierce", "banish")
             if getattr(battle, name) and not (name == "banish" and battle.banish_optional)]
    if battle.shield:
        flags.append(t("relic.flag.shield"))
    if flags:
        y = label(surface, " · ".join(flags), "small", theme.GOLD, th.scale, True, width=box.w,
                  midbottom=(box.centerx, y)).y
    if battle.banish_optional and battle.fight_outcome:
        # the banish may be declined: the fight's own outcome, and the banish beside it
        y = label(surface, t("relic.outcome.or_banish"), "small", theme.GOLD, th.scale, True,
                  width=box.w, midbottom=(box.centerx, y)).y
        y = label(surface, t(f"relic.outcome.{battle.fight_outcome}"), "heading",
                  OUTCOME_COLOURS.get(battle.fight_outcome, theme.TEXT), th.scale, True,
                  width=box.w, midbottom=(box.centerx, y)).y
    elif battle.outcome:
        y = label(surface, t(f"relic.outcome.{battle.outcome}"), "heading",
                  OUTCOME_COLOURS.get(battle.outcome, theme.TEXT), th.scale, True, width=box.w,
                  midbottom=(box.centerx, y)).y
    ours = t("relic.bp_ts", bp=battle.bp, ts=t(f"relic.ts.{battle.ts}") if battle.ts else "—")
    theirs = t("relic.bp_ts", bp=battle.enemy_bp, ts=t(f"relic.ts.{battle.enemy_ts}"))
    label(surface, t("relic.versus", ours=ours, theirs=theirs), "body", theme.TEXT, th.scale,
          True, width=box.w, midbottom=(box.centerx, y))


# --- hand and status ---------------------------------------------------------------------------
def draw_hand(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState) -> None:
    if view.seat is None:
        return
    g = r.geo(view)
    hand = r.hand(view)
    rects = r.hand_rects(view)
    images: list[pygame.Surface | None] = [
        None if f"card:{card}" in ui.hidden else r.looks.face(card, g.hand_cw)
        for card in hand]
    legal_cards = {getattr(a, "card", None) for a in ui.legal}
    legal = {i for i, card in enumerate(hand) if card in legal_cards}
    tabletop.draw_fan(surface, images, rects, r.th, r.lifted(view), legal)
    for rect, card in zip(rects, hand, strict=True):
        r.shown.add(rect, card)


def prompt_text(r: RelicTable, view: m.RelicView, ui: UiState) -> str:
    if view.phase == "over":
        return t(f"relic.over.{view.end_reason}") if view.end_reason else t("relic.over")
    acting = view.seat is not None and view.seat in view.to_act and (ui.legal or ui.watching)
    if not acting:
        names = t("list.sep").join(player_name(view, ui, s) for s in view.to_act)
        return t("relic.waiting", names=names)
    if view.prompt is not None:
        p = view.prompt
        battle = view.battle
        # only the pass is legal: the hand holds nothing for the skill (the engine still asks,
        # so the other seats cannot tell)
        nothing = p.kind in NOTHING_TO_ACT_ON and all(isinstance(a, PASSES) for a in ui.legal)
        text = t(f"relic.prompt.{p.kind}{'_none' if nothing else ''}", card=r.looks.name(p.card),
                 skill=r.looks.skill_name(p.skill),
                 enemy=r.looks.name(battle.enemy) if battle else "",
                 outcome=t(f"relic.outcome.{battle.fight_outcome}")
                 if battle and battle.fight_outcome else "")
        return text + (" " + t("relic.prompt.queued", n=p.queued) if p.queued else "")
    if view.phase == "search":
        return t("relic.prompt.search", n=view.search_depth)
    if view.phase == "dungeon":
        done = [t("relic.set.dungeon")] if view.dungeon_set_done else []
        done += [t("relic.set.enemy")] if view.enemy_set_done else []
        text = t("relic.prompt.dungeon")
        # on a line of its own: the prompt has no full stop to end it before "Done: …"
        return text + ("\n" + t("relic.done_list", done=t("list.sep").join(done))
                       if done else "")
    return t(f"relic.prompt.{view.phase}")


def fitted_lines(lines: list[str], room: int) -> list[str]:
    """At most ``room`` lines: the rest joins the last, which ``label`` shrinks or ends in an
    ellipsis."""
    if room <= 0:
        return []
    return lines if len(lines) <= room else lines[:room - 1] + [" ".join(lines[room - 1:])]


def draw_status(r: RelicTable, surface: pygame.Surface, view: m.RelicView, ui: UiState) -> None:
    th = r.th
    g = r.geo(view)
    inner = tabletop.titled_panel(surface, g.status, t("relic.turn", n=view.turn), th)
    y = inner.y + fonts.line_height("body", th.scale) + th.px(0.5)
    whose = (t("relic.over") if view.phase == "over"
             else t("relic.whose_turn", name=player_name(view, ui, view.active)))
    y = label(surface, whose, "body", theme.TEXT, th.scale, True, width=inner.w,
              topleft=(inner.x, y)).bottom + th.px(0.5)
    f = fonts.font("small", th.scale)
    # the variant's line keeps the panel's foot: the prompt and the first draw end above it
    bottom = inner.bottom - (f.get_linesize() if view.variant else 0)
    colour = theme.ACCENT if view.seat in view.to_act else theme.TEXT_DIM
    for line in fitted_lines(fonts.wrap_lines(prompt_text(r, view, ui), f, inner.w),
                             (bottom - y) // f.get_linesize()):
        y = label(surface, line, "small", colour, th.scale, width=inner.w,
                  topleft=(inner.x, y)).bottom
    if view.first_draw and view.turn <= view.n_players:  # who starts, and why
        # every round: a seat missing from a redraw was out-drawn in the round before
        rounds = [t("relic.first_draw" if k == 0 else "relic.first_draw.redraw", draws=t(
            "list.sep").join(
            t("relic.log.draw_face", name=seat_name(seat), card=r.looks.name(card),
              face=face_text(r.looks.info(card).face))
            for seat, card in enumerate(cards) if card))
            for k, cards in enumerate(view.first_draw)]
        lines = fonts.wrap_lines(" ".join(rounds), f, inner.w)
        for line in fitted_lines(lines, (bottom - y) // f.get_linesize()):
            y = label(surface, line, "small", theme.TEXT_DIM, th.scale, width=inner.w,
                      topleft=(inner.x, y)).bottom
    if view.variant:
        label(surface, t("relic.variant"), "small", theme.TEXT_DIM, th.scale, width=inner.w,
              bottomleft=inner.bottomleft)
