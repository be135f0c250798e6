"""The Professional expansion's steps outside its own phases: a Cleric's heal, EXP at the end of
exploration, a Scout's peek at the deck, and opening a ``level`` phase. (The levels themselves
are ``flow_level.py``, the auction ``flow_auction.py``, the effects' arithmetic ``base.py``.)

A job's effect at a level is the whole effect of that level (``cards/market.yaml``); LV0 does
nothing. Levels are bought with EXP at the start and end of the own turn, and right after winning
a job (that job only).
"""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.state import Levelling


def heal(game: MarketBase, seat: int, events: list[Event]) -> None:
    """Cleric: life at the start of the owner's turn, never above its starting life."""
    player = game.state.players[seat]
    for job_id, level in player.jobs.items():
        at = game.cards.job_at(job_id, level)
        if at is None:
            continue
        amount = sum(e.amount for e in at.effects if e.kind == "heal")
        healed = min(amount, player.max_life - player.life)
        if healed > 0:
            player.life += healed
            events.append(m.HealedByJob(seat=seat, job=job_id, amount=healed, life=player.life))


def gain_exp(game: MarketBase, revealed: int, events: list[Event]) -> None:
    """The active player's EXP at the end of exploration (the count comes from the caller:
    face-up cards, minus attackers, plus sword kills), plus its Sage bonus."""
    active = game.state.active
    gained = max(0, revealed) + game.amount(active, "exp_bonus")
    if gained:
        player = game.state.players[active]
        player.exp += gained
        events.append(m.ExpGained(seat=active, exp=gained, total=player.exp))


def open_levelling(game: MarketBase, seat: int, only: str | None, then: str) -> bool:
    """Open a ``level`` phase if ``seat`` can afford a level now; False if skipped."""
    if not game.professional or not game.levellable(seat, only):
        return False
    game.state.levelling = Levelling(seat, only, then)
    game.state.phase = "level"
    return True


def offer_peek(game: MarketBase, events: list[Event]) -> None:
    """A Scout sees the deck's top card before each reveal of its own exploration."""
    active = game.state.active
    card = game.peek_card(active)
    if card:
        game.state.top_seen_by = active
        events.append(m.TopPeeked(card=card, to=(active,)))
