"""What a seat sees (``MarketView``), the burst odds included.

Hidden from a seat: the card under a chest (only the active player saw it), other seats' pending
defences and sealed bids, the deck's order, another player's peek at the deck.
"""

from __future__ import annotations

from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.card_rules import burst_test
from dungeon_table.games.market.cards import COLOURS, Card
from dungeon_table.games.market.scoring import live_points
from dungeon_table.games.market.state import Player


# --- the view ---------------------------------------------------------------------------------
def build_view(game: MarketBase, seat: int | None) -> m.MarketView:
    points = live_points(game.cards, game.state.players, game.points_cache)
    burst, auction = game.state.burst, game.state.auction
    defending = game.state.phase == "defend" and burst is not None
    return m.MarketView(
        seat=seat,
        n_players=game.n,
        phase=game.state.phase,  # type: ignore[arg-type]
        active=game.state.active,
        turn=game.state.turn,
        to_act=game.to_act(),
        players=[_player(game, p, points[p.seat]) for p in game.state.players],
        deposit=game.state.deposit,
        deck_count=len(game.state.deck),
        discard_count=len(game.state.discard),
        discard_top=game.state.discard[-1] if game.state.discard else "",
        ghosts_in=len(game.state.ghosts_aside) < len(COLOURS),  # one ghost per colour
        discovery=_discovery(game, seat),
        must_explore=game.state.must_explore,
        revealed=len(game.state.area),
        burst_odds=burst_odds(game, seat),
        attacks=list(burst.attacks) if defending and burst else [],
        defence=_defence(game, seat) if defending else None,
        defended=list(burst.confirmed) if defending and burst else [False] * game.n,
        buy_order=game.buy_order(),
        tie_order=game.clockwise_from(game.state.active),
        buyer=game.state.buyer if game.state.phase == "buy" else None,
        buyers_left=list(game.state.buyers) if game.state.phase == "buy" else [],
        jobs_up=list(game.state.jobs_up),
        job_deck_count=len(game.state.job_deck),
        auction_job=auction.job if auction else "",
        bids_in=[b is not None for b in auction.bids] if auction else [False] * game.n,
        my_bid=auction.bids[seat] if auction and seat is not None else None,
        last_bids=list(game.state.last_bids),
        level_jobs=(game.levellable(game.state.levelling.seat, game.state.levelling.only)
                    if game.state.phase == "level" and game.state.levelling else []),
        peek=game.peek_card(seat),
        chests=game.chests,
        professional=game.professional,
        gems_defend=game.gems_defend,
        chest_buyer_gets_card=game.chest_buyer_gets_card,
        end_reason=game.state.end_reason,
    )


def _player(game: MarketBase, player: Player, points: int) -> m.PlayerView:
    """A player as every seat sees it (nothing of it is hidden), made again only when something
    it shows changed: every view shows every player, and most steps change one player or none.
    The memo (``MarketBase.player_views``) hands out the same frozen view again."""
    reveal, unpriced = game.reveal_limit(player.seat), game.unpriced_cost(player.seat)
    shown = (player.life, player.max_life, player.coins, tuple(player.equipment),
             tuple(player.gems), tuple(player.used), tuple(player.jobs.items()), player.exp,
             points, reveal, unpriced)
    known = game.player_views.get(player.seat)
    if known is not None and known[0] == shown:
        return known[1]
    order = game.equipment_order
    made = m.PlayerView(
        seat=player.seat,
        colour=player.colour,
        life=player.life,
        max_life=player.max_life,
        coins=player.coins,
        equipment=[m.Held(card=c, used=c in player.used)
                   for c in sorted(player.equipment, key=order.__getitem__)],
        gems=[m.Held(card=g, used=g in player.used) for g in player.gems],
        jobs=[m.JobHeld(job=j, level=lv, next_cost=game.next_cost(lv))
              for j, lv in player.jobs.items()],
        exp=player.exp,
        points=points,
        reveal_limit=reveal,
        unpriced_cost=unpriced,
    )
    game.player_views[player.seat] = (shown, made)
    return made


def _discovery(game: MarketBase, seat: int | None) -> list[m.Slot]:
    attacking = set(game.state.burst.slots) if game.state.burst else set()
    out = []
    for index, slot in game.slots():
        hidden = ""
        if slot.chest and slot.hidden:
            hidden = slot.hidden if seat == game.state.active else "?"
        out.append(m.Slot(index=index, card=slot.card, price=slot.price, chest=slot.chest,
                          hidden=hidden, killed=slot.killed, attacking=index in attacking))
    return out


def _defence(game: MarketBase, seat: int | None) -> m.DefenceView | None:
    burst = game.state.burst
    if seat is None or burst is None:
        return None
    now = game.outcome(seat, burst.pending[seat])
    best = game.outcome(seat, burst.suggested[seat])
    return m.DefenceView(uses=now.uses, damage=now.damage, prevented=now.prevented,
                         suggested=best.uses, confirmed=burst.confirmed[seat],
                         attack_damage=now.left, job_guard=now.job_guard, extra=now.extra)


# --- burst odds -------------------------------------------------------------------------------
def burst_odds(game: MarketBase, seat: int | None) -> float:
    """The exact chance that the next reveal bursts, over the cards ``seat`` cannot see: the deck
    and the chest cards it does not know (each as likely to be on top). A chest on top bursts
    only through a ghost under it. The card under a chest is the deck's next one, or, when the
    chest was the deck's last card, the first of the discard pile reshuffled (3-4 players; with
    the ghosts the first time), so a ghost can come up under a last-card chest."""
    state = game.state
    if state.phase == "over":
        return 0.0
    if state.deck:
        unseen = list(state.deck.cards)
        if seat != state.active:
            unseen += [s.hidden for _, s in game.slots() if s.chest and s.hidden]
        deck_size = len(state.deck)
        reshuffled = state.discard + game.ghosts_join() if game.can_refill() else []
    elif game.can_refill():
        unseen = state.discard + game.ghosts_join()
        deck_size, reshuffled = len(unseen), []  # and nothing left to reshuffle after this one
    else:
        return 0.0
    face_up = tuple(s.card for _, s in game.slots() if not s.chest and not s.killed)
    # Every view asks, so every step of a playout, and most steps change none of this.
    asked = (tuple(unseen), deck_size, tuple(reshuffled), face_up, game.peek_card(seat))
    odds = game.odds_memo.get(asked)
    if odds is None:
        if len(game.odds_memo) >= ODDS_MEMO_LIMIT:
            game.odds_memo.clear()
        odds = game.odds_memo[asked] = _odds(game, *asked)
    return odds


ODDS_MEMO_LIMIT = 256  # burst odds a game remembers before it starts afresh


def _odds(game: MarketBase, unseen: tuple[str, ...], deck_size: int,
          reshuffled: tuple[str, ...], face_up: tuple[str, ...], peek: str) -> float:
    """``burst_odds`` from what it depends on: the cards ``seat`` cannot see, the deck's size,
    what a reshuffle would bring, the face-up cards and the card the seat peeked at."""
    card_of = game.card_of
    # The rules' own test of what a card turned up now bursts with (card_rules.burst_test).
    bursts = burst_test(card_of[c] for c in face_up)
    cards = [card_of[c] for c in unseen]

    def ghosts(among: list[Card]) -> int:
        return sum(1 for card in among if card.kind == "ghost" and bursts(card))

    # The unseen cards counted in one pass.
    chests = bursting = bursting_ghosts = 0
    for card in cards:
        if card.kind == "chest":
            chests += 1
        elif bursts(card):
            bursting += 1
            bursting_ghosts += card.kind == "ghost"
    # A chest on top hides the next card: it bursts when that card is a bursting ghost.
    if deck_size > 1:
        under_chest = bursting_ghosts / (len(cards) - 1)
    else:
        under_chest = ghosts([card_of[c] for c in reshuffled]) / len(reshuffled) if reshuffled \
            else 0.0
    if peek:
        top = card_of[peek]
        return under_chest if top.kind == "chest" else float(bursts(top))
    return (bursting + chests * under_chest) / len(cards)
