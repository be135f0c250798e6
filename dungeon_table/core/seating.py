"""Several seats, one screen: who decides next, and when the screen must be covered first.

The policy of a table where humans pass one screen and bots fill the other seats
(``docs/architecture.md``, "Several seats, one screen"), written over the engine protocol alone
(``to_act``, ``handoff_reason``, ``result``), so it is tested without a window and any front end
can seat players the same way. ``ui/table.py`` asks it after every action and draws the answer::

    seating = Seating(humans=(0, 2), bots=frozenset({1}))
    seating.next_decider(game, viewer)     # the seat the table waits for
    seating.after_move(game, viewer)       # Next("cover", 2, "handoff.reason.turn"), ...

The rules it keeps: when several seats are to act at once (sealed bids, defences), bots decide
first, then the human already at the screen, then the other humans in seat order. Between two
humans the game's ``handoff_reason`` chooses the privacy screen, or, when both may see the same
things, an uncovered switch with a banner. With one human the screen always shows that human.
When bots play between two humans and the last human's view holds what a bot's seat may not see,
the screen turns to the spectator's view while they play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

TURN_STARTED = "turn_started"  # the tag every game starts a seat's turn with


@dataclass(frozen=True)
class Next:
    """What the table does once an action's animations are over.

    ``kind``: "wait" (the game is over, or nothing is to be decided), "bot" (a bot's move after
    its pause), "cover" (the privacy screen before ``seat``, for ``reason``), "switch" (turn to
    ``seat`` uncovered, with a banner: both may see the same things), "turn" (show ``seat``'s
    view: the only human, while no one else shares the screen).
    """

    kind: Literal["wait", "bot", "cover", "switch", "turn"]
    seat: int | None = None
    reason: str = ""


WAIT = Next("wait")


@dataclass(frozen=True)
class Seating:
    """Which seats are humans at this screen and which are bots (any other seat is neither:
    played from elsewhere)."""

    humans: tuple[int, ...]
    bots: frozenset[int]

    @property
    def shared(self) -> bool:
        """Several humans pass this screen between them."""
        return len(self.humans) > 1

    def next_decider(self, game: Any, viewer: int | None) -> int | None:
        """The seat whose decision the table waits for now: of the seats to act, a bot first
        (one after another), then the human looking at the screen, then the others in seat
        order; None when nobody is to act."""
        to_act = game.to_act()
        bots = [seat for seat in to_act if seat in self.bots]
        if bots:
            return bots[0]
        if viewer in to_act:
            return viewer
        return to_act[0] if to_act else None

    def first_viewer(self, game: Any, movers: list[int]) -> int | None:
        """Who looks at the screen when the table opens (``movers``: the seat of every action so
        far): the human who acted last, if still deciding (halfway through a defence) or nobody
        else is (the bots are); else the first human to decide, else the first human. A table
        of bots alone is watched as a spectator (None)."""
        if not self.humans:
            return None
        deciding = [seat for seat in game.to_act() if seat in self.humans]
        last = next((seat for seat in reversed(movers) if seat in self.humans), None)
        if last is not None and (last in deciding or not deciding):
            return last
        return deciding[0] if deciding else self.humans[0]

    def cover_for_next(self, game: Any, viewer: int | None) -> tuple[int, str] | None:
        """The next human and the reason key when the privacy screen must come before that human
        decides on the screen ``viewer`` has been looking at; None when a bot, the viewer itself
        or nobody decides next, or when the game says the two may see the same things."""
        if game.result() is not None or not self.shared:
            return None
        seat = self.next_decider(game, viewer)
        if seat is None or seat in self.bots or seat == viewer:
            return None
        reason = game.handoff_reason(seat, viewer)
        return (seat, reason) if reason else None

    def hide_for_bots(self, game: Any, viewer: int | None) -> bool:
        """Whether ``viewer``'s view must leave the screen while bots play before the next human:
        several humans share it, this one is done for now, a bot decides next, and the game says
        the two would not see the same things (a hand, a spellbook)."""
        if game.result() is not None or not self.shared or viewer is None:
            return False
        seat = self.next_decider(game, viewer)
        if seat is None or seat not in self.bots or viewer in game.to_act():
            return False
        return bool(game.handoff_reason(seat, viewer))

    def after_move(self, game: Any, viewer: int | None) -> Next:
        """What the table does next, once the last action has been shown on ``viewer``'s
        screen."""
        if game.result() is not None:
            return WAIT  # the game-over screen follows the animations
        seat = self.next_decider(game, viewer)
        if seat is not None and seat in self.bots:
            return Next("bot", seat)
        if seat is None or seat == viewer:
            return WAIT
        if not self.shared:
            return Next("turn", seat)
        reason = game.handoff_reason(seat, viewer)
        return Next("cover", seat, reason) if reason else Next("switch", seat)


def turn_cut(events: list[Any]) -> int:
    """Where the next seat's turn starts among one action's events: at the first event tagged
    ``turn_started`` (every game's convention), else after the last. What comes before is the
    mover's own doing, what comes after belongs to the next seat's turn and is never shown on the
    mover's screen when it is covered next."""
    for i, event in enumerate(events):
        if type(event).__struct_config__.tag == TURN_STARTED:
            return i
    return len(events)
