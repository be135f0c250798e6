"""Each Dungeon Market event as tweens (``tweens_for``; the machinery is ``anim.py``)."""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui.anim import (
    DAMAGE_MS,
    QUICK_MS,
    STRIKE_MS,
    Batch,
    Count,
    Fly,
    Shake,
    flip_in,
)
from dungeon_table.games.market.ui.layout import MarketTable
from dungeon_table.ui import theme
from dungeon_table.ui.anim import MoveCard, Tween
from dungeon_table.ui.i18n import t


def tweens_for(r: MarketTable, events: list[Event], before: m.MarketView,
               after: m.MarketView) -> list[Tween]:
    """The events as tweens; the defences of one burst strike together."""
    batch = Batch(r, before, after)
    out: list[Tween] = []
    defended: list[m.Defended] = []
    for e in events:
        if isinstance(e, m.Defended):
            defended.append(e)
            continue
        if defended:
            out.extend(strike(batch, defended))
            defended = []
        out.extend(tween(batch, e))
    if defended:
        out.extend(strike(batch, defended))
    return out


def _name(batch: Batch, seat: int) -> str:
    return t(f"market.colour.{batch.after.players[seat].colour}")


def tween(batch: Batch, e: Event) -> list[Tween]:
    handler = HANDLERS.get(type(e))
    return handler(batch, e) if handler is not None else []


# --- the dungeon ------------------------------------------------------------------------------------
def _revealed(batch: Batch, e: m.Revealed) -> list[Tween]:
    rect = batch.slot_rect(e.slot)
    return flip_in(batch, e.slot, e.card, batch.r.looks.face(e.card, rect.w))


def _chest_found(batch: Batch, e: m.ChestFound) -> list[Tween]:
    rect = batch.slot_rect(e.slot)
    return flip_in(batch, e.slot, e.card, batch.r.looks.face(e.card, rect.w))


def _chest_peeked(batch: Batch, e: m.ChestPeeked) -> list[Tween]:
    """The finder's glance: the hidden card rises small out of the chest and settles beneath."""
    rect = batch.slot_rect(e.slot)
    small = round(rect.w * 0.46)
    image = batch.r.looks.face(e.card, small)
    end = (rect.right - batch.r.th.px(0.5) - small // 2,
           rect.bottom - batch.r.th.px(0.5) - image.get_height() // 2)
    move = MoveCard(image=image, start=rect.center, end=end, duration=380,
                    hides=frozenset({f"slot:{e.slot}"}))
    held = batch.board.cards.get(e.slot)
    parts: list[Tween] = []
    if held is not None:
        parts.append(MoveCard(image=held[0], start=rect.center, end=rect.center, duration=380))
    parts.append(move)
    return [batch.together(*parts, skip={e.slot})]


def _chest_removed(batch: Batch, e: m.ChestRemoved) -> list[Tween]:
    index = next((i for i, (_img, _r, card) in batch.board.cards.items() if card == e.card), None)
    if index is None:
        return [batch.banner(t("market.banner.chest_ghost"), theme.DANGER, 800)]
    image, rect, _card = batch.board.cards.pop(index)
    away = MoveCard(image=image, start=rect.center, end=(rect.centerx, batch.g.board.y - rect.h),
                    duration=400)
    return [batch.together(away, batch.banner(t("market.banner.chest_ghost"), theme.DANGER, 800))]


def _reshuffled(batch: Batch, e: m.Reshuffled) -> list[Tween]:
    back = batch.r.looks.back(batch.g.deck.w)
    moves = [MoveCard(image=back, start=batch.g.discard.center, end=batch.g.deck.center,
                      delay=k * 90.0, duration=260 + k * 90.0) for k in range(3)]
    key = "market.banner.reshuffle_ghosts" if e.ghosts_added else "market.banner.reshuffle"
    return [batch.together(*moves, batch.banner(t(key), theme.GOLD, 900))]


def _ghost_to_discard(batch: Batch, e: m.GhostToDiscard) -> list[Tween]:
    image = batch.r.looks.face(e.card, batch.g.discard.w)
    start = (batch.g.discard.centerx, batch.g.board.y)
    return [batch.together(MoveCard(image=image, start=start, end=batch.g.discard.center,
                                    hides=frozenset({"discard"})))]


def _exploration_ended(batch: Batch, e: m.ExplorationEnded) -> list[Tween]:
    if e.reason in ("limit", "deck_empty"):
        return [batch.together(batch.banner(t(f"market.banner.{e.reason}"), theme.GOLD, 800))]
    return []


def _burst(batch: Batch, e: m.BurstStarted) -> list[Tween]:
    attackers = {slot for attack in e.attacks for slot in attack.slots}
    cards = tuple((batch.board.cards[i][0], batch.board.cards[i][1]) for i in sorted(attackers)
                  if i in batch.board.cards)
    shake = Shake(cards=cards, amplitude=batch.r.th.px(0.8),
                  hides=frozenset(f"slot:{i}" for i in attackers))
    return [batch.together(shake, batch.banner(t("market.banner.burst"), theme.DANGER, STRIKE_MS),
                           skip=attackers)]


def strike(batch: Batch, defended: list[m.Defended]) -> list[Tween]:
    """The attackers strike; then the defences show: the items used turn sideways, numbers
    rise over each life track and the tracks count down to the life each seat has left. (The
    table draws the view after the events: until the strike is over the items it turned are
    held upright.)"""
    attackers = {s.index for s in batch.before.discovery if s.attacking}
    cards = tuple((batch.board.cards[i][0], batch.board.cards[i][1]) for i in sorted(attackers)
                  if i in batch.board.cards)
    turning = frozenset(_hold_upright(batch, e.seat) for e in defended) - {""}
    shake = Shake(cards=cards, amplitude=batch.r.th.px(0.8),
                  hides=frozenset(f"slot:{i}" for i in attackers) | turning)
    parts: list[Tween | None] = []
    for k, e in enumerate(defended):
        at = batch.seat_point(e.seat, "life")
        colour = theme.DANGER if e.damage else theme.GOOD
        text = t("market.float.damage", n=e.damage) if e.damage else t("market.float.no_damage")
        parts.append(batch.float_text(text, at, colour, delay=k * 60.0, scale=1.3,
                                      duration=DAMAGE_MS, rise=2.5))
        parts.append(batch.count(f"life:{e.seat}", batch.before.players[e.seat].life, e.life,
                                 STRIKE_MS))
    return [batch.together(shake, skip=attackers), batch.together(*parts)]


def _hold_upright(batch: Batch, seat: int) -> str:
    """The key under which ``seat``'s items turned by its defence are still drawn upright (the
    renderer's ``upright``), or "" when none turned."""
    def used(view: m.MarketView) -> set[str]:
        player = view.players[seat]
        return {h.card for h in [*player.equipment, *player.gems] if h.used}

    turned = frozenset(used(batch.after) - used(batch.before))
    if not turned:
        return ""
    batch.r.upright[f"used:{seat}"] = turned
    return f"used:{seat}"


def _area_discarded(batch: Batch, e: m.AreaDiscarded) -> list[Tween]:
    moves = []
    small = batch.g.discard
    for k, (index, (image, rect, _card)) in enumerate(list(batch.board.cards.items())):
        del batch.board.cards[index]
        moves.append(Fly(image=image, start=rect, end=small.copy(), duration=300 + k * 60.0,
                         hides=frozenset({"discard"})))
    return [batch.together(*moves)] if moves else []


# --- coins and the market ----------------------------------------------------------------------------
def _deposit_shared(batch: Batch, e: m.DepositShared) -> list[Tween]:
    parts: list[Tween | None] = [batch.deposit(600)]
    k = 0
    for seat, share in enumerate(e.shares):
        if share <= 0:
            continue
        purse = batch.seat_point(seat, "purse")
        parts.append(batch.coin_arc(batch.g.deposit.center, purse, delay=k * 90.0))
        parts.append(batch.float_text(t("market.float.coins", n=share), purse, theme.GOLD,
                                      delay=k * 90.0 + 250, scale=0.8))
        parts.append(batch.coins(seat, 600))
        k += 1
    return [batch.together(*parts)]


def _priced(batch: Batch, e: m.Priced) -> list[Tween]:
    purse = batch.seat_point(batch.after.active, "purse")
    slot = batch.slot_rect(e.slot).midbottom
    before = next((s.price for s in batch.before.discovery if s.index == e.slot), 0)
    start, end = (purse, slot) if e.price >= before else (slot, purse)
    return [batch.together(batch.coin_arc(start, end, duration=260),
                           batch.coins(batch.after.active, 260))]


def _bought(batch: Batch, e: m.Bought) -> list[Tween]:
    held = batch.board.cards.pop(e.slot, None)
    rect = held[1] if held else batch.slot_rect(e.slot)
    parts: list[Tween | None] = []
    if e.card:
        end = batch.token_rect(e.seat, e.card)
        image = batch.r.looks.face(e.card, rect.w)
        parts.append(Fly(image=image, start=rect, end=end, duration=450,
                         hides=frozenset({f"token:{e.seat}:{e.card}"})))
    elif held is not None:  # a chest without its card: to the discard
        parts.append(Fly(image=held[0], start=rect, end=batch.g.discard.copy(), duration=400,
                         hides=frozenset({"discard"})))
    shown = None
    if e.hidden and not e.card:  # its card turns up for all to see, then follows it there
        shown = batch.r.looks.face(e.hidden, rect.w)
        up = rect.move(0, -batch.r.th.px(3))
        parts.append(Fly(image=shown, start=rect, end=up, duration=900,
                         hides=frozenset({"discard"})))
    payer = batch.seat_point(e.seat, "purse")
    paid = batch.g.deposit.center if e.paid_to == "deposit" else batch.seat_point(
        batch.before.active, "purse")
    if e.price:
        parts.append(batch.coin_arc(payer if not e.forced else rect.center, paid, delay=120))
        parts.append(batch.float_text(t("market.float.coins", n=e.price), paid, theme.GOLD,
                                      delay=300, scale=0.8))
    for seat in {e.seat, batch.before.active}:
        parts.append(batch.coins(seat, 500))
    parts.append(batch.deposit(500))
    out = [batch.together(*parts, skip={e.slot})]
    if shown is not None:
        out.append(batch.together(Fly(image=shown, start=rect.move(0, -batch.r.th.px(3)),
                                      end=batch.g.discard.copy(), duration=350,
                                      hides=frozenset({"discard"}))))
    return out


def _market_opened(batch: Batch, e: m.MarketOpened) -> list[Tween]:
    return [batch.together(batch.banner(t("market.banner.market"), theme.GOLD, 800))]


def _quiet_float(key: str, part: str = "head"):  # noqa: ANN202 - a small handler factory
    def handler(batch: Batch, e: Event) -> list[Tween]:
        at = batch.seat_point(e.seat, part)  # type: ignore[attr-defined]
        return [batch.together(batch.float_text(t(key), at, theme.TEXT, scale=0.6,
                                                duration=QUICK_MS))]
    return handler


# --- jobs and EXP ---------------------------------------------------------------------------------------
def _exp_gained(batch: Batch, e: m.ExpGained) -> list[Tween]:
    at = batch.seat_point(e.seat, "purse")
    return [batch.together(batch.float_text(t("market.float.exp", n=e.exp), at, theme.GOLD,
                                            scale=0.8))]


def _job_offered(batch: Batch, e: m.JobOffered) -> list[Tween]:
    """The chosen job moves from the row to the middle of the table, where it is bid for."""
    text = t("market.banner.auction", job=batch.r.looks.job_name(e.job))
    rows = dict(zip(batch.before.jobs_up, batch.r.job_rects(batch.before), strict=True))
    end = batch.r.auction_rect(batch.after)
    parts: list[Tween | None] = [batch.banner(text, theme.GOLD, 900)]
    if e.job in rows:
        image = batch.r.looks.job_face(e.job, end.w)
        parts.append(Fly(image=image, start=rows[e.job], end=end, duration=450,
                         hides=frozenset({"auction"})))
    return [batch.together(*parts)]


def _bids_revealed(batch: Batch, e: m.BidsRevealed) -> list[Tween]:
    spot = batch.r.auction_rect(batch.before)  # the job stays in view while the bids show
    parts: list[Tween | None] = [MoveCard(image=batch.r.looks.job_face(e.job, spot.w),
                                          start=spot.center, end=spot.center, duration=1000)]
    for seat, amount in enumerate(e.bids):
        parts.append(batch.float_text(t("market.float.bid", n=amount),
                                      batch.seat_point(seat, "head"), theme.GOLD, scale=0.8,
                                      duration=1000))
    text = t("market.banner.won_job", name=_name(batch, e.winner),
             job=batch.r.looks.job_name(e.job))
    parts.append(batch.banner(text, theme.GOOD, 1000))
    parts.append(batch.coins(e.winner, 600))
    parts.append(batch.deposit(600))
    out = [batch.together(*parts)]
    ends = batch.r.held_job_rects(batch.after, e.winner)
    held = [h.job for h in batch.after.players[e.winner].jobs]
    if e.job in held:  # from the middle of the table to its new owner
        start = batch.r.auction_rect(batch.before)
        image = batch.r.looks.job_face(e.job, start.w)
        out.append(batch.together(Fly(image=image, start=start, end=ends[held.index(e.job)],
                                      duration=450,
                                      hides=frozenset({f"job:{e.winner}:{e.job}"}))))
    return out


def _levelled_up(batch: Batch, e: m.LevelledUp) -> list[Tween]:
    rects = batch.r.held_job_rects(batch.after, e.seat)
    held = [h.job for h in batch.after.players[e.seat].jobs]
    at = rects[held.index(e.job)].center if e.job in held and rects else batch.seat_point(
        e.seat, "head")
    return [batch.together(batch.float_text(t("market.float.level", n=e.level), at, theme.GOLD,
                                            scale=0.9))]


def _healed(batch: Batch, e: m.HealedByJob) -> list[Tween]:
    at = batch.seat_point(e.seat, "life")
    start = e.life - e.amount
    count = Count(duration=600, hides=frozenset({f"life:{e.seat}"}),
                  values=batch.r.before_values, key=f"life:{e.seat}", start=start, end=e.life)
    batch.r.before_values.setdefault(f"life:{e.seat}", start)
    return [batch.together(batch.float_text(t("market.float.heal", n=e.amount), at, theme.GOOD),
                           count)]


def _turn_started(batch: Batch, e: m.TurnStarted) -> list[Tween]:
    text = t("market.log.heading", n=e.turn, name=_name(batch, e.seat))
    return [batch.together(batch.banner(text, theme.ACCENT, 700))]


def _game_ended(batch: Batch, e: m.GameEnded) -> list[Tween]:
    return [batch.together(batch.banner(t(f"market.banner.over_{e.reason}"), theme.GOLD, 1100))]


HANDLERS = {
    m.TurnStarted: _turn_started,
    m.Revealed: _revealed,
    m.ChestFound: _chest_found,
    m.ChestPeeked: _chest_peeked,
    m.ChestRemoved: _chest_removed,
    m.TopPeeked: lambda batch, e: [],
    m.Reshuffled: _reshuffled,
    m.GhostToDiscard: _ghost_to_discard,
    m.ExplorationEnded: _exploration_ended,
    m.BurstStarted: _burst,
    m.DefenceChosen: _quiet_float("market.float.ready"),
    m.GameEnded: _game_ended,
    m.DepositShared: _deposit_shared,
    m.AreaDiscarded: _area_discarded,
    m.ExpGained: _exp_gained,
    m.JobOffered: _job_offered,
    m.BidPlaced: _quiet_float("market.float.ready"),
    m.BidsRevealed: _bids_revealed,
    m.LevelledUp: _levelled_up,
    m.Priced: _priced,
    m.MarketOpened: _market_opened,
    m.Bought: _bought,
    m.Passed: _quiet_float("market.float.pass"),
    m.HealedByJob: _healed,
}
