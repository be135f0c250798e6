"""The job item auction (ジョブアイテムオークション, Professional), after a burst while a job is
face up: the player who caused the burst picks a face-up job (``auction`` phase), every seat bids
for it at once and sealed (``bid`` phase), the highest bid pays the deposit and takes it, and the
winner levels it up at once if it can.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.market import flow_jobs as jobs
from dungeon_table.games.market import flow_turn as turn
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.state import Auction


def legal_pick(game: MarketBase, seat: int) -> list[Action]:
    return [m.AuctionJob(job=job) for job in game.state.jobs_up]


def pick(game: MarketBase, seat: int, action: m.AuctionJob) -> list[Event]:
    """The others go under the job deck; the row refills from the top."""
    state = game.state
    returned = [j for j in state.jobs_up if j != action.job]
    for job in returned:
        state.job_deck.put_bottom(job)
    refill = state.job_deck.draw_many(game.cards.setup.job_row)
    state.jobs_up = refill
    state.auction = Auction(action.job, [None] * game.n)
    state.phase = "bid"
    return [m.JobOffered(job=action.job, returned=returned, refill=list(refill))]


def why_not_pick(game: MarketBase, seat: int, action: m.AuctionJob) -> str | None:
    return refuse("market.refuse.not_face_up_job",
                  "{job} is not a face-up job (face up: {jobs_up})",
                  job=action.job, jobs_up=', '.join(game.state.jobs_up))


def legal_bid(game: MarketBase, seat: int) -> list[Action]:
    return [m.Bid(amount=a) for a in range(game.state.players[seat].coins + 1)]


def bid(game: MarketBase, seat: int, action: m.Bid) -> list[Event]:
    state = game.state
    auction = state.auction
    assert auction is not None
    auction.bids[seat] = action.amount
    events: list[Event] = [m.BidPlaced(seat=seat)]
    if None in auction.bids:
        return events
    bids = [amount or 0 for amount in auction.bids]  # every seat is in: no None is left
    top = max(bids)
    # Ties: the active player, then the nearest clockwise (all 0: the active player).
    winner = next(s for s in game.clockwise_from(state.active) if bids[s] == top)
    state.players[winner].coins -= top
    state.deposit += top
    state.players[winner].jobs[auction.job] = 0
    state.last_bids, state.auction = bids, None
    events.append(m.BidsRevealed(bids=bids, winner=winner, job=auction.job))
    if winner != state.active and jobs.open_levelling(game, winner, auction.job, "end_turn"):
        return events
    turn.finish_turn(game, events)
    return events


def why_not_bid(game: MarketBase, seat: int, action: m.Bid) -> str | None:
    if action.amount < 0:
        return refuse("market.refuse.bid_more_coins", "a bid is 0 or more coins")
    return refuse("market.refuse.bid_have", "you bid {amount}G and have {coins}G",
                  amount=action.amount, coins=game.state.players[seat].coins)
