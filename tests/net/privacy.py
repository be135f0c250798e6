"""What a seat's messages may hold, checked against the host's record after a game.

``check_stream`` replays the record and holds every message a client was sent to the seat's
projection at some step: its view, legal actions, the seats to act and the result, and exactly
the events ``visible_to`` it (none lost, none extra, nothing sent when nothing it sees changed).
``check_private_texts_stay_private`` follows what an event tells only some seats (a card drawn):
no other seat is shown it until the spectator's view shows it too. ``check_redealt`` compares the seat's
projection with that of a game whose hidden parts were dealt anew (``PhasedGame.redeal_hidden``)
for the games that have the hook.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import msgspec

from dungeon_table.core.phased import PhasedGame
from dungeon_table.core.protocol import Event, Game, to_dict
from dungeon_table.core.records import Record
from dungeon_table.core.session import start, steps_of
from dungeon_table.net import messages as msg


@dataclass
class Moment:
    """The game after ``index`` actions, as every seat sees it."""

    index: int
    seat: int | None  # who made the action that led here
    projections: list[Any]  # per seat: (view, legal, to_act, result) as plain data
    visible: list[list[dict[str, Any]]]  # per seat: the events of that action it may see
    public: Any  # the spectator's view (what everyone may know)
    events: list[Event]  # every event of the action, whoever may see it
    game: Game | None = None


def plain(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def projection(game: Game, seat: int) -> Any:
    return plain([game.view(seat), game.legal_actions(seat), game.to_act(), game.result()])


def moments(record: Record, keep_games: bool = False) -> list[Moment]:
    """Every moment of the recorded game, from the setup to the last action."""
    game = start(record)
    seats = range(len(record.seats))

    def moment(index: int, seat: int | None, events: list[Event]) -> Moment:
        visible = [[to_dict(e) for e in events if e.visible_to(s)] for s in seats]
        twin = game.clone() if keep_games and isinstance(game, PhasedGame) else None
        return Moment(index, seat, [projection(game, s) for s in seats], visible,
                      plain(game.view(None)), events, twin)

    out = [moment(0, None, [])]
    for index, step in enumerate(steps_of(game, record), start=1):
        out.append(moment(index, step.seat, step.events))
    return out


def check_stream(seat: int, received: list[msg.HostMessage], record: Record) -> None:
    """Every State and Events sent to ``seat`` is its projection of a moment of the game, in
    order, with nothing it may see left out (every change sent, up to the end) and no update
    when nothing it sees changed."""
    timeline = moments(record)
    at = -1  # the moment of the last state sent
    pending: list[dict[str, Any]] | None = None
    last_state: Any = None
    rejoined = False
    for message in received:
        if isinstance(message, msg.Welcome) and at != -1:  # back after a drop: it missed some
            at, last_state, rejoined = at - 1, None, True
            continue
        if isinstance(message, msg.Events):
            assert pending is None, "two batches of events without a state between"
            pending = plain(message.events)
            continue
        if not isinstance(message, msg.State):
            continue
        shown = plain([message.view, message.legal, message.to_act, message.result])
        if rejoined:  # what happened while it was away is in this state, not in events
            found = next(m.index for m in timeline[at + 1:] if m.projections[seat] == shown)
            rejoined = False
        else:
            found = _match(timeline, seat, at, shown, pending, last_state)
        if last_state == shown:  # sent again unchanged: only to the seat that acted
            assert any(m.seat == seat for m in timeline[at + 1:found + 1]), "an empty update"
        at, pending, last_state = found, None, shown
    assert pending is None, "events without their state"
    assert last_state == timeline[-1].projections[seat], f"seat {seat} was not sent the end"


def _match(timeline: list[Moment], seat: int, at: int, shown: Any,
           events: list[dict[str, Any]] | None, before: Any) -> int:
    """The moment after ``at`` that ``shown`` (and ``events``) belong to; between the two, no
    moment held events for ``seat`` nor showed it anything but ``before`` (no change unsent)."""
    if at == -1:  # a seat's first state (it joined): any moment
        for moment in timeline:
            if moment.projections[seat] == shown and not events:
                return moment.index
        raise AssertionError(f"seat {seat}'s first state is no moment of the game")
    for moment in timeline[at + 1:]:
        if moment.projections[seat] == shown and moment.visible[seat] == (events or []):
            return moment.index
        assert not moment.visible[seat], \
            f"seat {seat} was not sent the events of action {moment.index}: {moment.visible[seat]}"
        assert moment.projections[seat] == before, \
            f"seat {seat} was not sent what action {moment.index} changed"
    raise AssertionError(f"seat {seat} was sent a state that is no later moment of the game")


def texts(value: Any) -> set[str]:
    """Every string value in a plain value (not the keys)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(texts(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(texts(v) for v in value)) if value else set()
    return set()


def check_private_texts_stay_private(record: Record) -> int:
    """What an event tells only some seats (its ``to``: a card drawn, a chest peeked, a spell
    book filled) reaches no other seat, in its view, legal actions or events, until that seat
    is told it by an event of its own or the spectator's view shows it (it is public). A text
    the seat was shown already is no news (a card's name in its own hand, a word of the game).
    The number of (text, seat) pairs followed, so a test can see the game had private events."""
    timeline = moments(record)
    public = [texts(m.public) for m in timeline]
    checked = 0
    for moment in timeline[1:]:
        for event in moment.events:
            if event.to is None:
                continue
            told = texts({k: v for k, v in to_dict(event).items() if k not in ("type", "to")})
            private = told - public[moment.index - 1] - public[moment.index]
            for seat in set(range(len(record.seats))) - set(event.to):
                news = private - texts(timeline[moment.index - 1].projections[seat])
                checked += len(news)
                _check_unseen(timeline, public, moment, seat, news, event)
    return checked


def _check_unseen(timeline: list[Moment], public: list[set[str]], told: Moment, seat: int,
                  private: set[str], event: Event) -> None:
    for later in timeline[told.index:]:
        private = private - public[later.index] - texts(later.visible[seat])
        if not private:
            return
        view, _, to_act, _ = later.projections[seat]
        if seat in to_act:  # its turn may show it more (a chest's card: the active player's)
            private -= texts(view)
        seen = private & texts(later.projections[seat])
        assert not seen, (f"seat {seat} learnt {seen} at action {later.index}, told only to "
                          f"{event.to} at action {told.index}: {to_dict(event)}")


def has_redeal(game_class: type[Game]) -> bool:
    """The game deals its hidden parts anew (on the kit, with its own ``redeal``)."""
    return issubclass(game_class, PhasedGame) and game_class.redeal is not PhasedGame.redeal


def check_redealt(record: Record, rng: random.Random) -> None:
    """At every moment, each seat's projection is the same in a game whose hidden parts, hidden
    from that seat, were dealt anew: what the host sends it cannot tell the two apart."""
    for moment in moments(record, keep_games=True):
        game = moment.game
        assert isinstance(game, PhasedGame)
        for seat in range(len(record.seats)):
            twin = game.redeal_hidden(seat, rng)
            assert projection(twin, seat) == moment.projections[seat], (moment.index, seat)
