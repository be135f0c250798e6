"""The controls panel (bottom right): what is being decided, by whom, and the means to decide.

A prompt line; then the phase's own part — the burst odds before a reveal, the defence (each
attack with its colour and glyph, value, the items assigned and the damage left, then the damage
you take), the sealed bid entry (− amount +) — and the phase's buttons. The price stepper that
sits under a card being priced is drawn here too. Every number comes from the view.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from dungeon_table.core.protocol import Action
from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui.faces import label
from dungeon_table.games.market.ui.layout import MarketTable
from dungeon_table.games.market.ui.log import seat_name
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import Target, UiState

Rect = pygame.Rect
CHOSEN_OUTLINE = theme.TEXT  # the card being priced: white, never the focus amber


# --- geometry --------------------------------------------------------------------------------------
def _inner(r: MarketTable, view: m.MarketView) -> Rect:
    g = r.geo(view)
    return g.controls.inflate(-2 * r.th.px(1.5), -2 * r.th.px(1.5))


def _prompt_lines(r: MarketTable, view: m.MarketView, text: str) -> tuple[str, ...]:
    return _wrapped(text, _inner(r, view).w, r.th.scale)


@lru_cache(maxsize=256)
def _wrapped(text: str, width: int, scale: float) -> tuple[str, ...]:
    return tuple(fonts.wrap(text, "body", width, scale, True)[:2])


def _body(r: MarketTable, view: m.MarketView, n_buttons: int) -> Rect:
    """The room between the prompt and the buttons."""
    inner = _inner(r, view)
    top = inner.y + 2 * fonts.line_height("body", r.th.scale) + r.th.px(0.5)
    bottom = inner.bottom - (r.th.px(6.5) + r.th.px(1)) * (1 if n_buttons else 0)
    return Rect(inner.x, top, inner.w, max(0, bottom - top))


def button_rects(r: MarketTable, view: m.MarketView, n: int) -> list[Rect]:
    """The phase's buttons side by side along the bottom of the panel."""
    inner = _inner(r, view)
    if n == 0:
        return []
    gap = r.th.px(1)
    h = r.th.px(6.5)
    w = (inner.w - gap * (n - 1)) // n
    return [Rect(inner.x + k * (w + gap), inner.bottom - h, w, h) for k in range(n)]


def attack_rows(r: MarketTable, view: m.MarketView) -> list[Rect]:
    body = _body(r, view, 1)
    n = max(1, len(view.attacks))
    total_h = fonts.line_height("number", r.th.scale * 0.7) + r.th.px(0.5)
    h = min(r.th.px(7), (body.h - total_h) // n)
    return [Rect(body.x, body.y + k * h, body.w, h - r.th.px(0.25))
            for k in range(len(view.attacks))]


def bid_rects(r: MarketTable, view: m.MarketView) -> tuple[Rect, Rect, Rect]:
    body = _body(r, view, 1)
    h = min(r.th.px(6), body.h)
    w = min(body.w, r.th.px(30))
    row = Rect(0, 0, w, h)
    row.center = body.center
    side = h + r.th.px(1)
    return (Rect(row.x, row.y, side, h), Rect(row.x + side, row.y, w - 2 * side, h),
            Rect(row.right - side, row.y, side, h))


# --- buttons and targets ----------------------------------------------------------------------------
def buttons(r: MarketTable, view: m.MarketView,
            legal: list[Action]) -> list[tuple[Action, str, bool]]:
    """(action, caption, primary) of the phase's buttons, in the order they stand."""
    out: list[tuple[Action, str, bool]] = []
    odds = round(view.burst_odds * 100)
    for action, caption, primary in (
            (m.Explore(), t("market.button.explore", n=odds), True),
            (m.Stop(), t("market.button.stop"), False),
            (m.OpenMarket(), t("market.button.open_market"), True),
            (m.Pass(), t("market.button.pass"), False),
            (m.Defend(), t("market.button.defend"), True),
            (m.Done(), t("market.button.done"), False)):
        if r.shows(action, legal):  # refused now: drawn disabled, its reason on hover
            out.append((action, caption, primary))
    amounts = r.bid_state(view, legal)
    if amounts:
        out.append((m.Bid(amount=r.bid_draft), t("market.button.bid", n=r.bid_draft), True))
    return out


def targets(r: MarketTable, view: m.MarketView, legal: list[Action]) -> list[Target]:
    out: list[Target] = []
    amounts = r.bid_state(view, legal)
    if amounts:
        minus, _value, plus = bid_rects(r, view)
        lower = [m.Bid(amount=a) for a in amounts if a < r.bid_draft]
        higher = [m.Bid(amount=a) for a in amounts if a > r.bid_draft]
        if lower:
            out.append(Target(minus, lower[-1], t("market.target.less"),
                              pick=_bid_step(r, -1), covers=lower))
        if higher:
            out.append(Target(plus, higher[0], t("market.target.more"),
                              pick=_bid_step(r, 1), covers=higher))
    listed = buttons(r, view, legal)
    return out + r.button_targets(button_rects(r, view, len(listed)), listed, legal)


def _bid_step(r: MarketTable, step: int) -> Any:
    def pick() -> None:
        r.bid_draft += step
        r.typed = ""
    return pick


# --- drawing ------------------------------------------------------------------------------------------
def draw(r: MarketTable, surface: pygame.Surface, view: m.MarketView, ui: UiState) -> None:
    """The panel's contents (the panel itself is part of the table's backdrop)."""
    th = r.th
    inner = _inner(r, view)
    text, colour = prompt(r, view, ui)
    y = inner.y
    for line in _prompt_lines(r, view, text):
        y = label(surface, line, "body", colour, th.scale, True, width=inner.w,
                  midtop=(inner.centerx, y)).bottom
    listed = buttons(r, view, ui.legal) if ui.legal else []
    if view.phase == "defend":
        _draw_defence(r, surface, view, ui)
    elif view.phase == "bid" and ui.legal:
        _draw_bid(r, surface, view, ui)
    else:
        _draw_status(r, surface, view, _body(r, view, len(listed)))
    hovered = ui.targets[ui.hover].action if ui.hover is not None and ui.hover < len(
        ui.targets) else None
    tabletop.draw_buttons(surface, button_rects(r, view, len(listed)), listed, hovered, th,
                          r.refused)


def prompt(r: MarketTable, view: m.MarketView, ui: UiState) -> tuple[str, Any]:
    """What is being decided: addressed to the viewer when it is its move, else who decides."""
    if view.phase == "over":
        return t("market.prompt.over"), theme.TEXT
    if ui.legal or (ui.watching and view.seat in view.to_act):
        colour = theme.ACCENT if ui.legal else theme.TEXT_DIM
        if view.phase == "explore":
            key = "must" if view.must_explore else "first" if not view.discovery else "explore"
            return t(f"market.prompt.explore_{key}"), colour
        if view.phase == "bid":
            return t("market.prompt.bid", job=r.looks.job_name(view.auction_job)), colour
        if view.phase == "price" and ui.legal and not any(isinstance(a, m.SetPrice)
                                                          for a in ui.legal):
            return t("market.prompt.price_none"), colour
        if view.phase == "buy" and view.buyer == view.active:  # 2 players: its own buy
            return t("market.prompt.buy_own"), colour
        if view.phase == "defend" and r.picked and ui.legal:
            return t("market.prompt.gem_attack", gem=r.looks.name(r.picked)), colour
        return t(f"market.prompt.{view.phase}"), colour
    waiting = [s for s in view.to_act if s != view.seat]
    names = t("list.sep").join(seat_name(view, s) for s in waiting)
    if view.phase in ("defend", "bid") and view.seat is not None and view.seat not in view.to_act:
        return t(f"market.wait.{view.phase}", names=names), theme.TEXT_DIM
    seat = view.buyer if view.phase == "buy" and view.buyer is not None else (
        waiting[0] if waiting else view.active)
    return t(f"market.wait.{view.phase}", name=seat_name(view, seat), names=names), theme.TEXT_DIM


def _draw_status(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                 body: Rect) -> None:
    """Outside defence and bidding: the burst odds (explore), the purse (price, buy)."""
    th = r.th
    if body.h <= 0:
        return
    if view.phase == "explore":
        odds = round(view.burst_odds * 100)
        colour = theme.GOOD if odds < 25 else theme.GOLD if odds < 50 else theme.DANGER
        big = label(surface, t("market.burst_big", n=odds), "number", colour, th.scale,
                    center=(body.centerx, body.y + body.h * 0.4))
        r.figures.append(big)
        if view.must_explore:
            tabletop.pill(surface, t("market.must_explore"), theme.DANGER, th,
                          midtop=(body.centerx, big.bottom + th.px(0.5)))
    elif view.phase in ("price", "buy") and view.seat is not None:
        coins = view.players[view.seat].coins
        r.figures.append(label(surface, t("market.purse", n=coins), "heading", theme.GOLD,
                               th.scale * 0.8, True, center=body.center))
    elif view.phase == "level" and view.seat is not None:
        label(surface, t("market.exp_to_spend", n=view.players[view.seat].exp),
              "heading", theme.GOLD, th.scale * 0.8, True, center=body.center)
    elif view.phase == "bid" and view.my_bid is not None:
        label(surface, t("market.my_bid", n=view.my_bid), "heading", theme.GOLD,
              th.scale * 0.8, True, center=body.center)


def _draw_bid(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
              ui: UiState) -> None:
    th = r.th
    minus, value, plus = bid_rects(r, view)
    _step_button(r, surface, minus, "−", r.bid_draft > 0)
    pygame.draw.rect(surface, theme.FELT_DARK, value, border_radius=th.px(1))
    label(surface, t("market.coins", n=r.bid_draft), "number", theme.GOLD,
          th.scale * 0.8, center=value.center)
    _step_button(r, surface, plus, "+", True)
    label(surface, t("market.bid_sealed"), "small", theme.TEXT_DIM, th.scale,
          width=_inner(r, view).w, midtop=(value.centerx, value.bottom + th.px(0.5)))


def _step_button(r: MarketTable, surface: pygame.Surface, rect: Rect, sign: str,
                 enabled: bool) -> None:
    fill = theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.35 if enabled else 0.1)
    pygame.draw.rect(surface, fill, rect, border_radius=r.th.px(1))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=r.th.px(1))
    colour = theme.TEXT if enabled else theme.TEXT_DIM
    label(surface, sign, "number", colour, r.th.scale * 0.7, center=rect.center)


def draw_stepper(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                 ui: UiState) -> None:
    """− price + under the card being priced (the price is the view's; typing shows here)."""
    assert r.price_slot is not None
    th = r.th
    slot = next((s for s in view.discovery if s.index == r.price_slot), None)
    if slot is None:
        return
    minus, value, plus = r.stepper_rects(view, slot.index)
    theme.outline(surface, r.slot_rect(view, slot.index), CHOSEN_OUTLINE, th, 0.35)
    legal = set(ui.legal)
    _step_button(r, surface, minus, "−",
                 m.SetPrice(slot=slot.index, price=slot.price - 1) in legal)
    pygame.draw.rect(surface, theme.FELT_DARK, value, border_radius=th.px(1))
    text = t("market.price", n=slot.price) if slot.price else t("market.price.none")
    label(surface, text, "body", theme.GOLD if slot.price else theme.TEXT_DIM,
          th.scale, True, width=value.w - th.px(0.5), center=value.center)
    _step_button(r, surface, plus, "+",
                 m.SetPrice(slot=slot.index, price=slot.price + 1) in legal)


def _draw_defence(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                  ui: UiState) -> None:
    """Each attack: glyph, colour and value; the items set against it (−n each); the damage
    it still does. Then the damage this seat takes, and what jobs and the active player's extra
    1 change in it. Every number is the view's defence."""
    th = r.th
    d = view.defence
    rows = attack_rows(r, view)
    left = list(d.attack_damage) if d is not None else []
    for k, (attack, row) in enumerate(zip(view.attacks, rows, strict=True)):
        _attack_row(r, surface, view, attack, row, left[k] if k < len(left) else None)
    if d is None:
        return
    body = _body(r, view, 1)
    y = (rows[-1].bottom if rows else body.y) + th.px(0.5)
    colour = theme.DANGER if d.damage else theme.GOOD
    key = "market.defence.take_set" if d.confirmed else "market.defence.take"
    notes = ([t("market.defence.jobs", n=d.job_guard)] if d.job_guard else []) + (
        [t("market.defence.extra", n=d.extra)] if d.extra else [])
    if not notes:
        label(surface, t(key, n=d.damage), "heading", colour, th.scale * 0.8, True,
              width=body.w, midtop=(body.centerx, y))
        return
    # what jobs and the extra 1 change in it, in small type on the same line
    took = label(surface, t(key, n=d.damage), "heading", colour, th.scale * 0.8, True,
                 width=body.w // 2, topleft=(body.x, y))
    label(surface, t("list.sep").join(notes), "small", theme.TEXT_DIM, th.scale,
          width=body.right - took.right - th.px(1),
          midleft=(took.right + th.px(1), took.centery))


def _attack_row(r: MarketTable, surface: pygame.Surface, view: m.MarketView,
                attack: m.Attack, row: Rect, left: int | None) -> None:
    th = r.th
    pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.CARD_COLOURS[attack.colour], 0.18),
                     row, border_radius=th.px(0.75))
    radius = row.h * 0.32
    theme.draw_glyph(surface, attack.colour, (row.x + th.px(0.5) + radius, row.centery), radius,
                     theme.CARD_COLOURS[attack.colour])
    x = row.x + th.px(1) + round(radius * 2)
    name = label(surface, t("market.attack", colour=t(f"market.colour.{attack.colour}"),
                            n=attack.value), "body", theme.TEXT, th.scale, True,
                 midleft=(x, row.centery))
    x = name.right + th.px(1)
    uses = [u for u in view.defence.uses if u.attack == attack.colour] if view.defence else []
    tw = max(8, round(row.h * 0.8 / cf.RATIO))
    for use in uses:
        token = r.looks.token(use.item, tw)
        spot = token.get_rect(midleft=(x, row.centery))
        surface.blit(token, spot)
        x = label(surface, t("market.reduce", n=use.reduced), "small", theme.GOOD,
                  th.scale, True, midleft=(spot.right + th.px(0.25), row.centery)
                  ).right + th.px(0.75)
    if left is not None:
        colour = theme.DANGER if left else theme.GOOD
        label(surface, t("market.left", n=left), "body", colour, th.scale, True,
              midright=(row.right - th.px(0.75), row.centery))
