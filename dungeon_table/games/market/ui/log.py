"""Dungeon Market's game log: every event as a line, in English or Japanese, seats named by
their colour ("Blue buys Frost Helm for 4G from Red."), a heading for each new turn, and the one
line Continue and Load show.

``market.log.<event type>`` is filled with the event's fields, card ids turned into names; a
variant ``market.log.<type>_<variant>`` is used when it exists (a reason, a chest, a forced buy).
A turn's start is a heading ("Turn 5 · Blue") at its place among the lines (``LogHeading``): an
action often ends one turn and starts the next, and the last turn's damage must not read as the
new turn's.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui.faces import MarketLooks
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import LogHeading, event_fields, log_key


def seat_name(view: m.MarketView, seat: int) -> str:
    if 0 <= seat < len(view.players):
        return t(f"market.colour.{view.players[seat].colour}")
    return str(seat)


def heading(before: m.MarketView | None, after: m.MarketView) -> str | None:
    """The game's first heading; later turns start with their ``TurnStarted`` event."""
    if before is None and after.turn:
        return t("market.log.heading", n=after.turn, name=seat_name(after, after.active))
    return None


def decision_key(view: m.MarketView) -> str | None:
    """What the viewing seat decides now, as the handoff banner's phrase after its name."""
    return {"buy": "handoff.reason.buy", "defend": "handoff.reason.defend",
            "bid": "handoff.reason.bid", "auction": "market.reason.auction",
            "level": "market.reason.level", "price": "market.reason.price",
            }.get(view.phase, "handoff.reason.turn")


def summary(view: m.MarketView, result: Any = None) -> str:
    """Turn and lives while it runs; who won with how many points once it is over."""
    if result is None:
        lives = " · ".join(str(p.life) for p in view.players)
        return t("market.summary", turn=view.turn, lives=lives)
    winners = [seat_name(view, s) for s in result.winners]
    total = next((line.value for line in result.breakdown[result.winners[0]]
                  if line.key == "score.total"), 0) if result.winners else 0
    key = "market.summary.won" if len(winners) == 1 else "market.summary.shared"
    return t(key, name=winners[0] if winners else "", names=t("market.and").join(winners),
             points=total)


def lines(looks: MarketLooks, events: list[Event], before: m.MarketView | None,
          after: m.MarketView) -> list[str]:
    """The events' lines; the active seat is followed through them (a turn may pass midway)."""
    active = before.active if before is not None else after.active
    out = []
    for event in events:
        if isinstance(event, m.TurnStarted):
            active = event.seat
            out.append(LogHeading(t("market.log.heading", n=event.turn,
                                    name=seat_name(after, event.seat))))
            continue
        if isinstance(event, m.Priced):
            continue  # the prices are told as the market opens
        # the prices as they stood when the market opened: a round nobody could buy in is
        # over within the same action, and the area is empty after it
        priced = before if isinstance(event, m.MarketOpened) and before is not None else after
        line = line_for(looks, event, priced, active)
        if line:
            out.append(line)
    return out


def line_for(looks: MarketLooks, event: Event, view: m.MarketView, active: int) -> str | None:
    data = _fields(looks, event, view, active)
    key = log_key("market", event, _variants(event))
    if key is None:
        return None
    text = t(key, **data)
    if not text:
        return None  # an empty template: said already by another line
    return " ".join([text, *_afterwords(looks, event, data)])


def _afterwords(looks: MarketLooks, event: Event, data: dict[str, Any]) -> list[str]:
    """Second sentences some events carry: a chest's card, a commission, jobs that guarded."""
    out = []
    if isinstance(event, m.Bought) and event.hidden:
        out.append(t("market.log.chest_held", card=looks.name(event.hidden)))
    if isinstance(event, m.Bought) and event.commission:
        out.append(t("market.log.commission", seller=data.get("seller", ""),
                     n=event.commission))
    if isinstance(event, m.Defended) and event.job_guard:
        out.append(t("market.log.jobs_guard", n=event.job_guard))
    return out


def _variants(event: Event) -> list[str]:
    if isinstance(event, m.Bought):
        return ["forced" if event.forced else "", event.paid_to]
    if isinstance(event, (m.Revealed,)):
        return ["chest" if event.via_chest else ""]
    if isinstance(event, m.ChestFound):
        return ["empty" if event.empty else ""]
    if isinstance(event, m.Reshuffled):
        return ["ghosts" if event.ghosts_added else ""]
    if isinstance(event, m.Defended):
        return ["" if event.uses else "bare"]
    if isinstance(event, m.DepositShared):
        return ["" if event.remainder else "even"]
    if isinstance(event, m.GameEnded):  # "Blue falls", "Blue and Red fall"
        return [f"{event.reason}_one" if len(event.seats) == 1 else "", event.reason]
    return [str(getattr(event, "reason", "") or "")]


def _fields(looks: MarketLooks, event: Event, view: m.MarketView, active: int) -> dict[str, Any]:
    data: dict[str, Any] = event_fields(event)
    if "seat" in data:
        data["name"] = seat_name(view, data["seat"])
    for key in ("card", "item", "hidden"):
        if isinstance(data.get(key), str) and data[key]:
            data[key] = looks.name(data[key])
    if "job" in data:
        data["job"] = looks.job_name(data["job"])
    if "cards" in data:
        data["n"] = len(event.cards)  # type: ignore[attr-defined]
        data["cards"] = t("list.sep").join(looks.name(c) for c in event.cards)  # type: ignore[attr-defined]
    data.update(_special(looks, event, view, active))
    return data


def _special(looks: MarketLooks, event: Event, view: m.MarketView,
             active: int) -> dict[str, Any]:
    """Fields that need more than a name: lists of seats, attacks, uses, shares."""
    sep = t("list.sep")
    if isinstance(event, m.BurstStarted):
        return {"attacks": sep.join(t("market.attack", colour=t(f"market.colour.{a.colour}"),
                                      n=a.value) for a in event.attacks)}
    if isinstance(event, m.Defended):
        return {"items": sep.join(t("market.log.use", item=looks.name(u.item), n=u.reduced)
                                  for u in event.uses)}
    if isinstance(event, m.DepositShared):
        return {"shares": sep.join(t("market.bid_of", name=seat_name(view, s), n=n)
                                   for s, n in enumerate(event.shares)),
                "to_name": seat_name(view, event.remainder_to)}
    if isinstance(event, m.BidsRevealed):
        return {"bids": sep.join(t("market.bid_of", name=seat_name(view, s), n=n)
                                 for s, n in enumerate(event.bids)),
                "winner": seat_name(view, event.winner)}
    if isinstance(event, m.MarketOpened):
        prices = sep.join(t("market.log.price_of", card=looks.name(s.card), n=s.price)
                          if s.price else t("market.log.unpriced_of", card=looks.name(s.card))
                          for s in view.discovery)
        return {"names": sep.join(seat_name(view, s) for s in event.buyers), "prices": prices}
    if isinstance(event, m.GameEnded):
        lost = (t("market.log.gems_lost", gems=sep.join(looks.name(g) for g in event.discarded))
                if event.discarded else "")
        return {"names": t("market.and").join(seat_name(view, s) for s in event.seats),
                "lost": lost}
    if isinstance(event, (m.Revealed, m.ChestFound, m.ExplorationEnded, m.JobOffered)):
        return {"name": seat_name(view, active)}
    if isinstance(event, m.Bought):
        return {"seller": seat_name(view, active)}
    return {}
