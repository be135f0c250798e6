"""The Dungeon Market table: the renderer the generic ``TableScene`` drives.

Other seats along the top, the discovery area in the middle between the job row (Professional)
and the deposit, deck and discard; the viewer's seat along the bottom with the controls panel at
its right. Everything shown comes from ``MarketView`` and the legal actions: no rule here.

Pricing: click a card (a local pick), then − / + under it or type its price; each step is a
``price {slot, price}`` action from the legal list. A sealed bid is set with − / + (or digits)
locally and sent once with Confirm. A gem that may guard several attacks is picked first, then
an attack in the defence panel.

Here: the renderer, its targets, keys, previews and hooks; layout ``layout.py``, drawing
``draw.py`` and ``controls.py``, faces ``faces.py`` (a job's ``job_faces.py``,
gem and job signs ``emblems.py``), events ``anim.py`` and ``log.py``.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pygame

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import load
from dungeon_table.games.market.ui import anim_events, controls, log
from dungeon_table.games.market.ui.draw import draw_table as paint_table
from dungeon_table.games.market.ui.faces import MarketLooks
from dungeon_table.games.market.ui.layout import (
    GEM_COLUMN,
    TableGeo,
    column_rects,
    row_rects,
    table_geo,
)
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts
from dungeon_table.ui.anim import Tween
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import Shown, TableRenderer, Target, UiState

SEAT_COLOURS = ("red", "blue", "yellow", "green")
TYPING_MS = 1500  # digits typed closer together than this make one number


def _unused(held: m.Held, upright: frozenset[str]) -> m.Held:
    return msgspec.structs.replace(held, used=False) if held.used and held.card in upright else held


class MarketRenderer(TableRenderer):
    """``picked`` is a gem picked to choose which attack it guards; ``shown`` holds what was
    drawn where as (kind "card"|"job", id, level)."""

    prefix = "market"
    value_names = {"colour": "market.colour.{id}", "chosen": "market.colour.{id}",
                   "attack": "market.colour.{id}", "loot": "market.loot.{id}"}

    def name_value(self, key: str, value: Any) -> str | None:
        """The jobs among a reason's values by their names; colours and loot by the
        catalogue's."""
        if key in ("job", "jobs_up", "only") and isinstance(value, str):
            return self.looks.job_name(value)
        return super().name_value(key, value)
    # the prices are told as the market opens, each seat's turn by its heading
    log_told_by = {"turn_started": "heading", "priced": "market_opened"}

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.looks = MarketLooks(load())
        self.cache: dict[tuple[object, ...], pygame.Surface] = {}  # the composed backdrop
        self.price_slot: int | None = None   # the card being priced (a local pick)
        self.bid_draft = 0                   # the sealed bid being set, sent with Confirm
        self._bid_key: tuple[int, str, int | None] | None = None
        self.typed = ""
        self._typed_at = 0
        self.shown: Shown[tuple[str, str, int | None]] = Shown()
        self.before_values: dict[str, int] = {}  # numbers shown while an animation brings them
        # items still drawn upright while their "used:<seat>" key is hidden: the defence that
        # turns them sideways is not shown yet (the attackers are striking)
        self.upright: dict[str, frozenset[str]] = {}
        self._last_view: m.MarketView | None = None  # what the last targets were made for
        self._last_legal: list[Action] = []

    @classmethod
    def summary(cls, view: m.MarketView, result: Any = None) -> str:
        return log.summary(view, result)

    @classmethod
    def seat_colours(cls, view: m.MarketView | None) -> list[str]:
        """Each seat's colour name (red, blue, yellow, green), for the game-over chart."""
        return [p.colour for p in view.players] if view is not None else list(SEAT_COLOURS)

    # --- layout -------------------------------------------------------------------------------
    def arrange(self) -> None:
        self.cache.clear()

    def geo(self, view: m.MarketView) -> TableGeo:
        area = self.area
        assert area is not None
        key = (view.n_players, self.bottom(view), view.professional)
        return self.cached_geo(key, lambda: table_geo(area, self.th, *key))

    def slot_rects(self, view: m.MarketView, n: int | None = None) -> list[pygame.Rect]:
        g = self.geo(view)
        return row_rects(g.area, n if n is not None else len(view.discovery), g.cw,
                         self.th.px(1.5))

    def slot_rect(self, view: m.MarketView, index: int, n: int | None = None) -> pygame.Rect:
        """The rect of the slot with ``Slot.index`` ``index`` (its place in the row)."""
        places = [s.index for s in view.discovery]
        pos = places.index(index) if index in places else index
        rects = self.slot_rects(view, max(n or 0, len(view.discovery), pos + 1))
        return rects[min(pos, len(rects) - 1)]

    def stepper_rects(self, view: m.MarketView, index: int) -> tuple[pygame.Rect, ...]:
        """− value + under a card being priced, wide enough for "no price" between the signs."""
        card = self.slot_rect(view, index)
        h = self.th.px(4)
        side = h + self.th.px(1)
        value = fonts.font("body", self.th.scale, True).size(t("market.price.none"))[0]
        w = max(card.w, self.th.px(15), value + self.th.px(2) + 2 * side)
        row = pygame.Rect(0, card.bottom + self.th.px(0.75), w, h)
        row.centerx = card.centerx
        return (pygame.Rect(row.x, row.y, side, h),
                pygame.Rect(row.x + side, row.y, row.w - 2 * side, h),
                pygame.Rect(row.right - side, row.y, side, h))

    def job_rects(self, view: m.MarketView) -> list[pygame.Rect]:
        """The face-up job row, stacked down the jobs panel, above the last bids' two lines."""
        g = self.geo(view)
        if g.jobs is None:
            return []
        inner = g.jobs.inflate(-2 * self.th.px(1.5), -2 * self.th.px(1.5))
        top = inner.y + fonts.line_height("body", self.th.scale) + self.th.px(1.5)
        bottom = inner.bottom - 2 * fonts.line_height("small", self.th.scale) - self.th.px(1)
        n = max(1, len(view.jobs_up))
        gap = self.th.px(0.75)
        h = min((bottom - top - gap * (n - 1)) // n, self.th.px(13.5))
        return [pygame.Rect(inner.x, top + k * (h + gap), inner.w, h)
                for k in range(len(view.jobs_up))]

    def auction_rect(self, view: m.MarketView) -> pygame.Rect:
        """The job on auction, face up and large in the middle of the (empty) discovery area."""
        g = self.geo(view)
        w = min(round(g.area.h / cf.RATIO), round(g.cw * 1.25))
        rect = pygame.Rect(0, 0, w, round(w * cf.RATIO))
        rect.center = g.area.center
        return rect

    def held_job_rects(self, view: m.MarketView, seat: int) -> list[pygame.Rect]:
        sg = self.geo(view).seats[seat]
        jobs = view.players[seat].jobs
        area = sg.jobs
        if not jobs or area.w <= 0:
            return []
        gap = self.th.px(0.5)
        if sg.big:  # two columns of tiles down the right of the bottom panel
            cols = 2 if len(jobs) > 2 else 1
            rows = -(-len(jobs) // cols)
            w = min((area.w - gap * (cols - 1)) // cols, self.th.px(30))
            h = min((area.h - gap * (rows - 1)) // rows, round(w * 0.7), self.th.px(11))
            return [pygame.Rect(area.x + (k % cols) * (w + gap), area.y + (k // cols) * (h + gap),
                                w, h) for k in range(len(jobs))]
        w = min((area.w - gap * (len(jobs) - 1)) // len(jobs), round(area.h * 2.4))
        return [pygame.Rect(area.x + k * (w + gap), area.y, w, area.h) for k in range(len(jobs))]

    def token_spots(self, view: m.MarketView, seat: int, upright: frozenset[str] = frozenset(),
                    ) -> list[tuple[pygame.Rect, m.Held]]:
        """Every equipment card and gem of ``seat`` and where it lies, in drawing order; the
        items in ``upright`` are laid out (and returned) unused, as before a defence showed."""
        sg = self.geo(view).seats[seat]
        player = view.players[seat]
        out: list[tuple[pygame.Rect, m.Held]] = []
        groups: dict[str, list[m.Held]] = {name: [] for name in sg.columns}
        for held in player.equipment:
            groups.setdefault(self.looks.colour_of(held.card), []).append(_unused(held, upright))
        groups[GEM_COLUMN] = [_unused(held, upright) for held in player.gems]
        for name, items in groups.items():
            if name not in sg.columns or not items:
                continue
            sizes = [self.looks.token(h.card, sg.token_w, h.used).get_size() for h in items]
            out.extend(zip(column_rects(sg.columns[name], sizes, self.th), items, strict=True))
        return out

    # --- targets --------------------------------------------------------------------------------
    def targets(self, view: m.MarketView, legal: list[Action]) -> list[Target]:
        self._last_view, self._last_legal = view, legal  # what a typed number applies to
        return super().targets(view, legal)

    def table_targets(self, view: m.MarketView, legal: list[Action]) -> list[Target]:
        out: list[Target] = []
        out += self._discovery_targets(view, legal)
        out += self._job_targets(view, legal)
        out += self._defence_targets(view, legal)
        out += controls.targets(self, view, legal)
        return out

    def _discovery_targets(self, view: m.MarketView, legal: list[Action]) -> list[Target]:
        out: list[Target] = []
        prices = [a for a in legal if isinstance(a, m.SetPrice)]
        priceable = [s.index for s in view.discovery if any(a.slot == s.index for a in prices)]
        if self.price_slot not in priceable:
            self.price_slot = priceable[0] if priceable else None
        rects = self.slot_rects(view)
        crowded = len(rects) > 1 and rects[1].x - rects[0].x < rects[0].w
        for rect, slot in zip(rects, view.discovery, strict=True):
            name = self.looks.name(slot.card)
            mine = [a for a in prices if a.slot == slot.index]
            if mine:
                out.append(Target(rect, mine[0], t("market.target.price", card=name),
                                  pick=self._price_picker(slot.index), covers=mine,
                                  quiet=crowded, z=int(slot.index == self.price_slot)))
            buy = m.Buy(slot=slot.index)
            if buy in legal:
                out.append(Target(rect, buy, t("market.target.buy", card=name), quiet=crowded))
        if self.price_slot is not None:
            current = next(s.price for s in view.discovery if s.index == self.price_slot)
            minus, _value, plus = self.stepper_rects(view, self.price_slot)
            mine = [a for a in prices if a.slot == self.price_slot]
            for rect, step in ((minus, -1), (plus, 1)):
                action = m.SetPrice(slot=self.price_slot, price=current + step)
                further = [a for a in mine if (a.price - current) * step > 0]
                if action in legal:  # a step toward every price on that side (for hints)
                    out.append(Target(rect, action, t("market.target.set_price", n=action.price),
                                      covers=further, z=1))
        return out

    def _price_picker(self, index: int) -> Any:
        def pick() -> None:
            self.price_slot = index
            self.typed = ""
        return pick

    def _job_targets(self, view: m.MarketView, legal: list[Action]) -> list[Target]:
        out: list[Target] = []
        for rect, job in zip(self.job_rects(view), view.jobs_up, strict=True):
            action = m.AuctionJob(job=job)
            if action in legal:
                out.append(Target(rect, action, self.looks.job_name(job)))
        me = self.bottom(view)
        for rect, held in zip(self.held_job_rects(view, me), view.players[me].jobs, strict=True):
            action = m.LevelUp(job=held.job)
            if action in legal:
                out.append(Target(rect, action, self.looks.job_name(held.job)))
        return out

    def _defence_targets(self, view: m.MarketView, legal: list[Action]) -> list[Target]:
        guards = [a for a in legal if isinstance(a, (m.Guard, m.Unguard))]
        if not guards:
            self.picked = None
            return []
        out: list[Target] = []
        spots = self.token_spots(view, self.bottom(view))
        for k, (rect, held) in enumerate(spots):
            covered = any(other.colliderect(rect) for other, _h in spots[k + 1:])
            unguard = m.Unguard(item=held.card)
            mine = [a for a in guards if isinstance(a, m.Guard) and a.item == held.card]
            label = self.looks.name(held.card)
            if unguard in legal:
                out.append(Target(rect, unguard, label, quiet=covered))
            elif len(mine) == 1:
                out.append(Target(rect, mine[0], label, quiet=covered))
            elif mine:
                out.append(Target(rect, mine[0], label, pick=self.picker(held.card),
                                  covers=mine, quiet=covered))
        if self.picked is not None:
            rows = controls.attack_rows(self, view)
            for attack, row in zip(view.attacks, rows, strict=True):
                action = m.Guard(item=self.picked, attack=attack.colour)
                if action in legal:
                    out.append(Target(row, action, t(f"market.colour.{attack.colour}")))
        return out

    def cancel_pick(self) -> bool:
        """Esc puts a picked gem back; a picked card to price stays (it is only a cursor).
        The shell calls this too when the table turns to another player: digits typed by the
        last one are dropped with it."""
        self.typed = ""
        return super().cancel_pick()

    # --- typed numbers ---------------------------------------------------------------------------
    def key(self, keycode: int, text: str) -> Action | bool | None:
        """Digits, Backspace, + and − for the price being set or the bid being made."""
        view, legal = self._last_view, self._last_legal
        if view is None or not legal:
            return None
        now = pygame.time.get_ticks()
        if text.isdigit():
            self.typed = (self.typed if now - self._typed_at < TYPING_MS else "") + text
            self._typed_at = now
            return self._set_number(view, legal, int(self.typed))
        step = {pygame.K_PLUS: 1, pygame.K_KP_PLUS: 1, pygame.K_EQUALS: 1,
                pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}.get(keycode)
        if step is None and keycode == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            return self._set_number(view, legal, int(self.typed or 0))
        if step is not None:
            self.typed = ""
            return self._set_number(view, legal, self._current_number(view) + step)
        return None

    def _current_number(self, view: m.MarketView) -> int:
        if view.phase == "bid":
            return self.bid_draft
        return next((s.price for s in view.discovery if s.index == self.price_slot), 0)

    def _set_number(self, view: m.MarketView, legal: list[Action], n: int) -> Action | bool | None:
        if view.phase == "bid":
            amounts = [a.amount for a in legal if isinstance(a, m.Bid)]
            if not amounts:
                return None
            self.bid_draft = max(min(amounts), min(n, max(amounts)))
            return True
        if view.phase == "price" and self.price_slot is not None:
            action = m.SetPrice(slot=self.price_slot, price=n)
            return action if action in legal and n != self._current_number(view) else True
        return None

    def bid_state(self, view: m.MarketView, legal: list[Action]) -> list[int]:
        """The bids open to the viewer; the draft is reset for each new auction and for each
        seat: the next player at the table must not find the last one's sealed amount set."""
        amounts = sorted(a.amount for a in legal if isinstance(a, m.Bid))
        key = (view.turn, view.auction_job, view.seat)
        if key != self._bid_key:
            self._bid_key, self.bid_draft = key, 0
        if amounts:
            self.bid_draft = max(amounts[0], min(self.bid_draft, amounts[-1]))
        return amounts

    # --- drawing ----------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: m.MarketView, ui: UiState) -> None:
        self.looks.sync(view.gems_defend)
        for key in [k for k in self.before_values if k not in ui.hidden]:
            del self.before_values[key]
        for key in [k for k in self.upright if k not in ui.hidden]:
            del self.upright[key]
        paint_table(self, surface, view, ui)

    def banner_area(self, view: m.MarketView) -> pygame.Rect | None:
        """Where "Over to <name> / to buy" may lie: over the new viewer's own equipment, under
        its name and life line (a banner over that hid a life bar); the seats above, the
        discovery cards and their prices, and the prompt stay in sight."""
        if self.area is None:
            return None
        seat = self.geo(view).seats[self.bottom(view)]
        below = pygame.Rect(seat.panel.x, seat.purse.bottom, seat.panel.w,
                            seat.panel.bottom - seat.purse.bottom)
        return below if below.h > 0 else seat.header

    def thinking_area(self, view: m.MarketView) -> pygame.Rect | None:
        return self.geo(view).controls if self.area is not None else None

    def preview_width(self, view: m.MarketView) -> int:
        """A card shown large beside the cursor: about 2.5 times the discovery cards."""
        assert self.area is not None
        return min(round(self.geo(view).cw * 2.5), round(self.area.h * 0.6 / cf.RATIO))

    def preview(self, view: m.MarketView, pos: tuple[int, int]) -> pygame.Surface | None:
        shown = self.shown.at(pos)
        if self.area is None or shown is None:
            return None
        kind, item, level = shown
        width = self.preview_width(view)
        if kind == "job":
            return self.looks.job_face(item, width, level)
        return self.looks.face(item, width)

    # --- log and animations -------------------------------------------------------------------------
    def decision_key(self, view: m.MarketView) -> str | None:
        return log.decision_key(view)

    def log_heading(self, before: m.MarketView | None, after: m.MarketView) -> str | None:
        return log.heading(before, after)

    def log_lines(self, events: list[Event], before: Any, after: Any) -> list[str]:
        return log.lines(self.looks, events, before, after)

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        if self.area is None or before is None:
            return []
        return anim_events.tweens_for(self, events, before, after)


Renderer = MarketRenderer
