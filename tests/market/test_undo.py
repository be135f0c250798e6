"""Undo in Dungeon Market never lets a player choose again knowing what an action brought to light:
the sealed defences of a burst, the jobs turned up after an auction pick, a chest's card, the start
of a turn. Undo inside one's own pricing or a stop stays offered (nothing came to light)."""

from __future__ import annotations

from typing import Any

from dungeon_table.core.session import Session
from dungeon_table.games.market import model as m


def session(deck: list[str], players: int = 2, **options: Any) -> Session:
    return Session.new("market", ["human"] * players, 1, options=options, stack={"deck": deck})


def test_a_stop_and_a_price_may_be_undone() -> None:
    s = session(["blue_ghost", "red_shield_1", "yellow_helm_1"])
    s.apply(0, m.Explore())
    s.apply(0, m.Explore())                 # the ghost forced it; no burst (blue ghost, red shield)
    events = s.apply(0, m.Stop())
    assert any(isinstance(e, m.AreaDiscarded) and e.reason == "ghosts" for e in events)
    assert s.can_undo(0), "the ghost was face up already: stopping revealed nothing"
    s.apply(0, m.SetPrice(slot=1, price=4))      # slots keep their numbers: the ghost was 0
    assert s.can_undo(0)
    s.undo()
    assert [slot.price for slot in s.game.view(0).discovery] == [0]


def test_no_undo_once_the_sealed_defences_are_shown() -> None:
    # Blue attacks on seat 0's turn; only seat 1 can guard (its blue gauntlet) and acts next as
    # the new active player: undoing its defence would let it choose knowing everyone's.
    s = session(["blue_shield_1", "blue_helm_1", "green_helm_1"])
    s.apply(0, m.Explore())
    s.apply(0, m.Explore())
    assert s.game.to_act() == [1] and s.game.view(1).phase == "defend"
    events = s.apply(1, m.Defend())
    assert any(isinstance(e, m.Defended) for e in events)
    assert 1 in s.game.to_act(), "seat 1 is the next to act"
    assert not s.can_undo(1)


def test_no_undo_of_the_job_picked_for_auction() -> None:
    s = session(["red_shield_1", "red_helm_1", "green_helm_1"], professional=True)
    s.apply(0, m.Explore())
    s.apply(0, m.Explore())
    for seat in list(s.game.to_act()):
        s.apply(seat, m.Defend())
    view = s.game.view(0)
    assert view.phase == "auction"
    events = s.apply(0, m.AuctionJob(job=view.jobs_up[0]))
    assert any(isinstance(e, m.JobOffered) for e in events)
    assert 0 in s.game.to_act(), "the auctioneer bids next"
    assert not s.can_undo(0), "the refill showed the next jobs of the shuffled deck"


def test_events_that_bring_something_to_light_are_undo_barriers() -> None:
    chest = m.Bought(seat=1, slot=0, item="chest_1", card="", price=3, paid_to="seller",
                     hidden="gem_1a")
    plain = m.Bought(seat=1, slot=0, item="red_shield_1", card="red_shield_1", price=3,
                     paid_to="seller")
    assert chest.REVEALS and not plain.REVEALS
    assert m.AreaDiscarded(cards=["chest_1", "gem_1a"], reason="unsold").REVEALS
    assert not m.AreaDiscarded(cards=["red_ghost"], reason="ghosts").REVEALS
    assert m.TurnStarted(seat=0, turn=2).REVEALS, "undo ends where the turn passes"
