"""``Session.why_no_undo``: the true reason undo cannot take the last move back, one for each
case, and None exactly when it can."""

from __future__ import annotations

import random
from collections.abc import Callable

from dungeon_table.core.session import Session


def played(game: str, seats: list[str], until: Callable[[Session], bool], seed: int = 2,
           tries: int = 600) -> Session:
    session = Session.new(game, seats, seed)
    rng = random.Random(seed)
    for _ in range(tries):
        if session.game.result() is None and until(session):
            return session
        seat = session.game.to_act()[0]
        session.apply(seat, rng.choice(session.game.legal_actions(seat)))
    raise AssertionError("no such moment in this game")


def test_nothing_done_yet() -> None:
    session = Session.new("lastdungeon", ["human"], 1)
    assert session.why_no_undo(0).key == "undo.why.nothing"


def test_none_exactly_when_undo_can() -> None:
    session = played("market", ["human", "human"], lambda s: len(s.steps) > 30)
    for seat in (0, 1):
        assert (session.why_no_undo(seat) is None) == session.can_undo(seat)


def test_another_player_acted() -> None:
    session = played("market", ["human", "human"],
                     lambda s: bool(s.steps) and s.steps[-1].seat == 1)
    assert session.why_no_undo(0).key == "undo.why.other_player"


def test_cards_revealed() -> None:
    session = played("lastdungeon", ["human"], lambda s: bool(s.steps) and s.steps[-1].reveals)
    assert session.why_no_undo(0).key == "undo.why.revealed"


def test_dice_rolled() -> None:
    def rolled(s: Session) -> bool:
        return bool(s.steps) and s.steps[-1].seat == 0 and any(
            e.REVEALS and type(e).__name__.endswith("Rolled") for e in s.steps[-1].events)

    session = played("dungeon", ["human"], rolled, tries=3000)
    assert session.why_no_undo(0).key == "undo.why.dice"
    assert str(session.why_no_undo(0)) == "the dice were rolled: a roll cannot be taken back"
