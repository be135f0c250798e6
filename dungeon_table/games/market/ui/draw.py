"""Drawing the Dungeon Market table from a ``MarketView``: the seat panels, the job row, the
discovery area with prices, the deposit, deck and discard. The controls panel is
``controls.py``.

Positions come from the renderer (``table.py``, ``layout.py``); faces from ``MarketLooks``.
Each part records the cards and jobs it drew (``r.shown``) for hover previews. Numbers an
animation is bringing in (a life counting down, coins arriving) are drawn as they were before it
(``r.before_values``) until it has played.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui import controls
from dungeon_table.games.market.ui.faces import label
from dungeon_table.games.market.ui.layout import GEM_COLUMN, MarketTable, SeatGeo
from dungeon_table.games.market.ui.log import seat_name
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, icons, tabletop, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import UiState

CHOSEN = theme.TEXT  # what is picked (a card being priced, a gem): white, never the focus amber
ATTACK = theme.DANGER
LIFE_TRACK_BG = (22, 30, 30)


def shown_number(r: MarketTable, ui: UiState, key: str, value: int) -> int:
    """``value``, or what it was before while an animation is bringing the change in."""
    return r.before_values.get(key, value) if key in ui.hidden else value


def draw_table(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
               ui: UiState) -> None:
    g = r.geo(view)
    surface.blit(backdrop(r, view, surface.get_size()), g.board.topleft)
    for seat, sg in g.seats.items():
        draw_seat(r, surface, view, ui, seat, sg)
    if g.jobs is not None:
        _draw_jobs(r, surface, view, ui)
    _draw_discovery(r, surface, view, ui)
    _draw_piles(r, surface, view, ui)
    controls.draw(r, surface, view, ui)


def backdrop(r: MarketTable, view: m.MarketView, size: tuple[int, int]) -> pygame.Surface:
    """The felt with every panel and its soft shadow, composed once per layout: one opaque
    blit a frame instead of a dozen large shadow blits (most of a frame's cost)."""
    g = r.geo(view)
    key = ("backdrop", size, g.board.topleft, g.board.size, id(g))
    image = r.cache.get(key)
    if image is None:
        image = pygame.Surface(g.board.size)
        image.blit(theme.felt_background(size), (0, 0), g.board)
        shift = (-g.board.x, -g.board.y)
        panels = [sg.panel for sg in g.seats.values()] + [g.discovery, g.piles, g.controls]
        for rect in panels + ([g.jobs] if g.jobs is not None else []):
            theme.draw_panel(image, rect.move(shift), r.th)
        for seat, sg in g.seats.items():
            _seat_marks(r, image, view.players[seat].colour, sg, shift)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            image = image.convert()
        r.cache.clear()  # one layout at a time
        r.cache[key] = image
    return image


def _seat_marks(r: MarketTable, image: pygame.Surface, colour: str, sg: SeatGeo,
                shift: tuple[int, int]) -> None:
    """What never changes on a seat's panel: its colour's glyph, and the glyph heading each
    equipment column (drawn once into the backdrop)."""
    th = r.th
    h = sg.header.move(shift)
    radius = h.h * 0.36
    theme.draw_glyph(image, colour, (h.x + radius, h.centery), radius, theme.CARD_COLOURS[colour])
    for name, column in sg.columns.items():
        head = (column.centerx + shift[0], column.y + shift[1] + th.px(0.6))
        if name == GEM_COLUMN:
            _gem_mark(image, head, th.px(0.6))
        else:
            theme.draw_glyph(image, name, head, th.px(0.6),
                             theme.mix(theme.CARD_COLOURS[name], theme.PANEL, 0.45))


# --- seats ------------------------------------------------------------------------------------
def draw_seat(r: MarketTable, surface: pygame.Surface, view: m.MarketView, ui: UiState,
              seat: int, sg: SeatGeo) -> None:
    th = r.th
    if seat == view.active and view.phase != "over":  # the panel itself is the backdrop's
        theme.outline(surface, sg.panel, theme.ACCENT, th, 0.2)
    _draw_header(r, surface, view, seat, sg, ui)
    _draw_track(r, surface, view, ui, seat, sg)
    _draw_purse(r, surface, view, ui, seat, sg)
    _draw_columns(r, surface, view, ui, seat, sg)
    _draw_held_jobs(r, surface, view, ui, seat)


def _draw_header(r: MarketTable, surface: pygame.Surface, view: m.MarketView, seat: int,
                 sg: SeatGeo, ui: UiState) -> None:
    th = r.th
    h = sg.header
    radius = h.h * 0.36  # its glyph is in the backdrop
    name = seat_name(view, seat)
    if seat < len(ui.names) and ui.names[seat]:  # the name the handoff calls it, and its colour
        name = t("market.seat.named", name=ui.names[seat], colour=name)
    if seat == view.seat:
        name = t("market.seat.you", name=name)
    status, colour = _status(view, seat)
    right = h.right
    if status:
        right = tabletop.pill(surface, status, colour, th, midright=(h.right, h.centery)).x
    label(surface, name, "body", theme.TEXT, th.scale, True,
          width=right - h.x - round(radius * 2) - th.px(2),
          midleft=(h.x + round(radius * 2) + th.px(0.75), h.centery))


def _status(view: m.MarketView, seat: int) -> tuple[str, Any]:
    """What a seat is doing now, in a word or two (public: who has confirmed, never what)."""
    if view.phase == "over":
        return "", theme.TEXT
    if view.phase == "defend":
        done = seat < len(view.defended) and view.defended[seat]
        return (t("market.status.defended"), theme.GOOD) if done else (
            t("market.status.defending"), theme.ACCENT)
    if view.phase == "bid":
        done = seat < len(view.bids_in) and view.bids_in[seat]
        return (t("market.status.bid_in"), theme.GOOD) if done else (
            t("market.status.bidding"), theme.ACCENT)
    if view.phase == "buy" and seat == view.buyer:
        return t("market.status.buying"), theme.ACCENT
    if seat == view.active:
        return t("market.status.turn"), theme.ACCENT
    return "", theme.TEXT


def life_colour(life: int, max_life: int) -> Any:
    share = life / max(1, max_life)
    return theme.GOOD if share > 0.5 else theme.GOLD if share > 0.25 else theme.DANGER


def draw_life(surface: pygame.Surface, rect: pygame.Rect, th: theme.Theme, life: int,
              max_life: int, big: bool) -> None:
    """The life mark and number big, then the track: one notch per point, a mark every five."""
    colour = life_colour(life, max_life)
    pygame.draw.rect(surface, theme.PANEL, rect)
    scale = th.scale * (0.8 if big else 0.6)
    heart = pygame.Rect(rect.x, rect.y, rect.h, rect.h)
    icons.blit_icon(surface, icons.mark("life"), heart, colour, 0.85)
    number = label(surface, str(life), "number", colour, scale,
                   midleft=(heart.right + th.px(0.25), rect.centery))
    bar = pygame.Rect(number.right + th.px(1), 0, rect.right - number.right - th.px(1),
                      max(4, round(rect.h * 0.42)))
    bar.centery = rect.centery
    pygame.draw.rect(surface, LIFE_TRACK_BG, bar, border_radius=bar.h // 3)
    fill = bar.copy()
    fill.w = round(bar.w * max(0, min(life, max_life)) / max(1, max_life))
    if fill.w > 0:
        pygame.draw.rect(surface, colour, fill, border_radius=bar.h // 3)
    for k in range(5, max_life, 5):
        x = bar.x + round(bar.w * k / max_life)
        pygame.draw.line(surface, theme.FELT_DARK, (x, bar.y + 1), (x, bar.bottom - 2),
                         2 if k % 10 == 0 else 1)


def _draw_track(r: MarketTable, surface: pygame.Surface, view: m.MarketView, ui: UiState,
                seat: int, sg: SeatGeo) -> None:
    p = view.players[seat]
    life = shown_number(r, ui, f"life:{seat}", p.life)
    draw_life(surface, sg.track, r.th, life, p.max_life, sg.big)
    r.figures.append(sg.track)


def _draw_purse(r: MarketTable, surface: pygame.Surface, view: m.MarketView, ui: UiState,
                seat: int, sg: SeatGeo) -> None:
    th = r.th
    p = view.players[seat]
    rect = sg.purse
    r.figures.append(rect)
    scale = th.scale * (0.8 if sg.big else 0.6)
    coin = r.looks.coin(round(rect.h * 0.7))
    surface.blit(coin, coin.get_rect(midleft=(rect.x, rect.centery)))
    coins = shown_number(r, ui, f"coins:{seat}", p.coins)
    x = label(surface, t("market.coins", n=coins), "number", theme.GOLD, scale,
              midleft=(rect.x + coin.get_width() + th.px(0.5), rect.centery)).right
    parts = []
    if view.professional:
        parts.append((t("market.exp", n=p.exp), theme.TEXT, "exp"))
    parts.append((t("market.points", n=p.points), theme.TEXT_DIM, None))
    right = rect.right
    for text, colour, mark in reversed(parts):
        right = label(surface, text, "small" if not sg.big else "body", colour,
                      th.scale, True, width=max(th.px(4), right - x - th.px(1)),
                      midright=(right, rect.centery)).x - th.px(1.25)
        if mark is not None:  # the EXP mark before its number
            spot = pygame.Rect(0, 0, round(rect.h * 0.7), round(rect.h * 0.7))
            spot.midright = (right + th.px(1), rect.centery)
            icons.blit_icon(surface, icons.mark(mark), spot, colour)
            right = spot.x - th.px(1.25)


def _draw_columns(r: MarketTable, surface: pygame.Surface, view: m.MarketView, ui: UiState,
                  seat: int, sg: SeatGeo) -> None:
    th = r.th
    picked = r.picked
    uses = {u.item for u in view.defence.uses} if view.defence and seat == view.seat else set()
    marks = {tg.rect.topleft for tg in ui.targets if tg.quiet} if not ui.animating else set()
    key = f"used:{seat}"  # the defence turning items sideways is still to be shown
    upright = r.upright.get(key, frozenset()) if key in ui.hidden else frozenset()
    for rect, held in r.token_spots(view, seat, upright):
        if f"token:{seat}:{held.card}" in ui.hidden:
            continue
        image = r.looks.token(held.card, sg.token_w, held.used)
        cf.blit_card(surface, image, rect, lifted=held.card in uses)
        r.shown.add(rect, ("card", held.card, None))
        if held.card in uses or held.card == picked:
            theme.outline(surface, rect, CHOSEN, th, 0.25)
        elif rect.topleft in marks:  # a legal token in a column: a mint rule on its top edge
            pygame.draw.line(surface, theme.LEGAL, (rect.x + 2, rect.y - th.px(0.4)),
                             (rect.right - 2, rect.y - th.px(0.4)), max(2, th.px(0.3)))


def _gem_mark(surface: pygame.Surface, center: tuple[int, int], r: int) -> None:
    cx, cy = center
    pts = [(cx, cy - r), (cx + r, cy - r // 3), (cx + r * 6 // 10, cy + r),
           (cx - r * 6 // 10, cy + r), (cx - r, cy - r // 3)]
    pygame.draw.polygon(surface, theme.mix((150, 226, 240), theme.PANEL, 0.45), pts)


def _draw_held_jobs(r: MarketTable, surface: pygame.Surface, view: m.MarketView, ui: UiState,
                    seat: int) -> None:
    sg = r.geo(view).seats[seat]
    for rect, held in zip(r.held_job_rects(view, seat), view.players[seat].jobs, strict=True):
        if f"job:{seat}:{held.job}" in ui.hidden:
            continue
        cost = held.next_cost if sg.big else 0
        image = r.looks.job_tile(held.job, rect.size, held.level, cost, r.th.scale)
        cf.blit_card(surface, image, rect)
        r.shown.add(rect, ("job", held.job, held.level))
        if view.phase == "level" and held.job in view.level_jobs and seat == view.seat:
            theme.outline(surface, rect, theme.GOLD, r.th, 0.2)


# --- the middle band ------------------------------------------------------------------------------
def _draw_jobs(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
               ui: UiState) -> None:
    g = r.geo(view)
    assert g.jobs is not None
    th = r.th
    inner = g.jobs.inflate(-2 * th.px(2), -2 * th.px(2))
    label(surface, t("market.jobs"), "body", theme.TEXT_DIM, th.scale, True,
          width=inner.w * 2 // 3, topleft=inner.topleft)
    label(surface, t("market.job_deck", n=view.job_deck_count), "small",
          theme.TEXT_DIM, th.scale, topright=inner.topright)
    for rect, job in zip(r.job_rects(view), view.jobs_up, strict=True):
        if "jobs_up" in ui.hidden:
            break
        image = r.looks.job_tile(job, rect.size, None, 0, th.scale)
        cf.blit_card(surface, image, rect)
        r.shown.add(rect, ("job", job, None))
    if view.last_bids and view.phase != "bid":
        # a break falls after a "·", never inside "Yellow 3" (the bid_of text holds together)
        bids = "\u00a0· ".join(t("market.bid_of", name=seat_name(view, s), n=n)
                          for s, n in enumerate(view.last_bids))
        lines = fonts.wrap(t("market.last_bids", bids=bids), "small", inner.w, th.scale)[:2]
        y = inner.bottom
        for line in reversed(lines):
            y = label(surface, line, "small", theme.TEXT_DIM, th.scale, width=inner.w,
                      midbottom=(inner.centerx, y)).y


def _draw_discovery(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                    ui: UiState) -> None:
    g = r.geo(view)
    th = r.th
    inner = g.discovery.inflate(-2 * th.px(1.5), -2 * th.px(1.5))
    title = label(surface, t("market.discovery"), "body", theme.TEXT_DIM, th.scale, True,
                  topleft=inner.topleft)
    right = inner.right
    if view.phase == "explore":
        right = _odds_pills(r, surface, view, (inner.right, title.centery))
    if view.professional and view.phase in ("explore", "price", "buy", "defend"):
        limit = view.players[view.active].reveal_limit
        label(surface, t("market.revealed", n=view.revealed, limit=limit), "small",
              theme.TEXT, th.scale, True, width=max(1, right - title.right - th.px(2)),
              midleft=(title.right + th.px(1.5), title.centery))
    rects = r.slot_rects(view)
    if view.auction_job and "auction" not in ui.hidden:
        _draw_auction(r, surface, view)
    elif not view.discovery and not ui.animating:  # (cards leaving are still on their way)
        label(surface, t("market.discovery.empty"), "body", theme.TEXT_DIM, th.scale,
              center=g.area.center)
    # A crowded row shows a strip of each card: its chip and legal mark go on that strip, and
    # the card being priced is drawn over its neighbours.
    strips = [pygame.Rect(rect.x, rect.y, (rects[k + 1].x if k + 1 < len(rects) else rect.right)
                          - rect.x, rect.h) for k, rect in enumerate(rects)]
    picked = r.price_slot if ui.legal and view.phase == "price" else None
    order = sorted(range(len(rects)), key=lambda k: view.discovery[k].index == picked)
    marks = {tg.rect.topleft for tg in ui.targets if tg.quiet} if not ui.animating else set()
    for k in order:
        slot, rect = view.discovery[k], rects[k]
        if f"slot:{slot.index}" in ui.hidden:
            continue
        draw_slot(r, surface, view, slot, rect)
        if rect.topleft in marks and slot.index != picked:
            y = rect.y - th.px(0.9)
            pygame.draw.line(surface, theme.LEGAL, (strips[k].x + th.px(1), y),
                             (strips[k].right - th.px(1), y), max(2, th.px(0.4)))
    if view.phase in ("price", "buy"):
        for strip, slot in zip(strips, view.discovery, strict=True):
            if f"slot:{slot.index}" not in ui.hidden and slot.index != picked:
                _price_chip(r, surface, view, slot, strip)
        if picked is not None:
            controls.draw_stepper(r, surface, view, ui)


def _draw_auction(r: MarketTable, surface: pygame.Surface, view: m.MarketView) -> None:
    """The job on auction as a full card (every level's effect, to weigh a bid against)."""
    rect = r.auction_rect(view)
    cf.blit_card(surface, r.looks.job_face(view.auction_job, rect.w), rect)
    r.shown.add(rect, ("job", view.auction_job, None))
    theme.outline(surface, rect, theme.GOLD, r.th, 0.3)
    tabletop.pill(surface, t("market.on_auction"), theme.GOLD, r.th,
                  center=(rect.centerx, rect.y))


def _odds_pills(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                midright: tuple[int, int]) -> int:
    th = r.th
    x = midright[0]
    if view.must_explore:
        x = tabletop.pill(surface, t("market.must_explore"), theme.DANGER, th,
                          midright=(x, midright[1])).x - th.px(1)
    odds = round(view.burst_odds * 100)
    colour = theme.GOOD if odds < 25 else theme.GOLD if odds < 50 else theme.DANGER
    pill = tabletop.pill(surface, t("market.burst_odds", n=odds), colour, th,
                         midright=(x, midright[1]))
    r.figures.append(pill)
    return pill.x


def draw_slot(r: MarketTable, surface: pygame.Surface, view: m.MarketView, slot: m.Slot,
              rect: pygame.Rect) -> None:
    """One card of the discovery area: face up, a sword kill face down, a chest with its card."""
    th = r.th
    if slot.killed:
        cf.blit_card(surface, r.looks.killed(rect.w), rect)
        return
    cf.blit_card(surface, r.looks.face(slot.card, rect.w), rect)
    r.shown.add(rect, ("card", slot.card, None))
    if slot.chest and slot.hidden:
        small = round(rect.w * 0.46)
        spot = pygame.Rect(0, 0, small, round(small * cf.RATIO))
        # inside the chest's own corner: sticking out, it covered the next card's loot
        spot.bottomright = (rect.right - th.px(0.5), rect.bottom - th.px(0.5))
        if slot.hidden == "?":
            cf.blit_card(surface, r.looks.back(small), spot)
        else:  # only a seat that may know it gets the card in its view
            cf.blit_card(surface, r.looks.face(slot.hidden, small), spot)
            r.shown.add(spot, ("card", slot.hidden, None))
    if slot.attacking:
        theme.outline(surface, rect, ATTACK, th, 0.45)
        tabletop.pill(surface, t("market.attacks"), ATTACK, th, center=(rect.centerx, rect.y))


def _price_chip(r: MarketTable, surface: pygame.Surface, view: m.MarketView, slot: m.Slot,
                rect: pygame.Rect) -> None:
    th = r.th
    if slot.price:
        text, colour = t("market.price", n=slot.price), theme.GOLD
    elif view.phase == "buy" and view.buyer is not None:  # what the buyer pays: a Haggler less
        text, colour = t("market.price", n=view.players[view.buyer].unpriced_cost), theme.TEXT_DIM
    else:
        text, colour = t("market.price.none"), theme.TEXT_DIM
    tabletop.pill(surface, text, colour, th, midtop=(rect.centerx, rect.bottom + th.px(0.75)))


def _draw_piles(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                ui: UiState) -> None:
    g = r.geo(view)
    th = r.th
    dep = g.deposit
    label(surface, t("market.deposit"), "body", theme.TEXT_DIM, th.scale, True,
          width=dep.w, midtop=(dep.centerx, dep.y))
    amount = shown_number(r, ui, "deposit", view.deposit)
    coin = r.looks.coin(th.px(4.5))
    text = fonts.text(t("market.coins", n=amount), "number", theme.GOLD, th.scale)
    width = coin.get_width() + th.px(0.75) + text.get_width()
    x = dep.centerx - width // 2
    y = dep.centery + th.px(1)
    surface.blit(coin, coin.get_rect(midleft=(x, y)))
    surface.blit(text, text.get_rect(midleft=(x + coin.get_width() + th.px(0.75), y)))
    back = r.looks.back(g.deck.w)
    tabletop.labelled_pile(surface, g.deck, back, view.deck_count,
                           t("market.deck", n=view.deck_count), th, back)
    if view.ghosts_in:
        label(surface, t("market.ghosts_in"), "small", theme.TEXT_DIM, th.scale,
              width=g.deck.w + th.px(2), midtop=(g.deck.centerx, g.deck.bottom))
    top = r.looks.face(view.discard_top, g.discard.w) if view.discard_top else None
    if "discard" in ui.hidden:
        top = None
    tabletop.labelled_pile(surface, g.discard, top, view.discard_count if top else 0,
                           t("market.discard", n=view.discard_count), th)
    icons.draw_empty_marks(surface, ((g.deck, view.deck_count, "deck"),
                                     (g.discard, view.discard_count if top else 0, "discard")))
    if top is not None:
        r.shown.add(g.discard, ("card", view.discard_top, None))
    if view.peek:
        _draw_peek(r, surface, view)


def _draw_peek(r: MarketTable, surface: pygame.Surface, view: m.MarketView) -> None:
    """A job lets this seat see the deck's top card: it lies small on the deck, marked."""
    g = r.geo(view)
    th = r.th
    small = round(g.deck.w * 0.7)
    spot = pygame.Rect(0, 0, small, round(small * cf.RATIO))
    spot.center = (g.deck.centerx, g.deck.centery + th.px(1))
    cf.blit_card(surface, r.looks.face(view.peek, small), spot)
    r.shown.add(spot, ("card", view.peek, None))
    tabletop.pill(surface, t("market.peek"), theme.GOLD, th, center=(spot.centerx, spot.bottom))
