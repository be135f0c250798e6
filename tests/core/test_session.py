"""Sessions: autosave after every action, undo by replay, and no peeking through undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.records import load_record
from dungeon_table.core.session import Session

from .toy import Draw, Play, Sort


def new(toy: str, seed: int = 1, autosave: Path | None = None) -> Session:
    # deals [5, 3] to seat 0 (unsorted, so sort is legal at once) and [1, 2]; 4 is drawn next
    stack = {"deck": [5, 1, 3, 2, 4]}
    return Session.new(toy, ["human", "human"], seed, stack=stack, autosave=autosave)


def test_stacked_deck_deals_in_order(toy: str) -> None:
    session = new(toy)
    assert session.game.state_dict()["hands"] == [[5, 3], [1, 2]]


def test_every_action_is_autosaved(toy: str, tmp_path: Path) -> None:
    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    assert load_record(auto).actions == []  # Continue works from the first moment
    session.apply(0, Sort())
    session.apply(0, Play(card=5))
    assert load_record(auto).actions == [
        {"seat": 0, "type": "sort"},
        {"seat": 0, "type": "play", "card": 5},
    ]
    continued = Session.load(auto, autosave=auto)
    assert continued.game.state_dict() == session.game.state_dict()
    continued.apply(1, Play(card=1))
    assert len(load_record(auto).actions) == 3


def test_undo_takes_back_an_action_that_revealed_nothing(toy: str, tmp_path: Path) -> None:
    auto = tmp_path / "auto.yaml"
    session = new(toy, autosave=auto)
    before = session.game.state_dict()
    session.apply(0, Sort())
    assert session.can_undo(0)
    session.undo()
    assert session.game.state_dict() == before
    assert session.record.actions == [] and load_record(auto).actions == []
    assert not session.can_undo(0)  # nothing left to undo


def test_undo_never_crosses_a_draw(toy: str) -> None:
    session = new(toy)
    session.apply(0, Sort())
    session.apply(0, Draw())  # the 4 is revealed to seat 0
    assert not session.can_undo(0)
    state = session.game.state_dict()
    with pytest.raises(IllegalAction, match="cannot be undone"):
        session.undo()
    assert session.game.state_dict() == state


def test_undo_never_crosses_another_seats_turn(toy: str) -> None:
    session = new(toy)
    session.apply(0, Play(card=5))  # seat 1 is to act now: the screen has changed hands
    assert not session.can_undo(0)
    assert not session.can_undo(1)
    session.apply(1, Play(card=1))
    assert not session.can_undo(0) and not session.can_undo(1)


def test_a_game_may_veto_undo(toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new(toy)
    session.apply(0, Sort())
    monkeypatch.setattr(type(session.game), "can_undo", lambda self, seat: False, raising=False)
    assert not session.can_undo(0)


def test_replay_steps_forward_and_back(toy: str) -> None:
    session = new(toy)
    states = [session.game.state_dict()]
    for seat, action in [(0, Sort()), (0, Draw()), (0, Play(card=4)), (1, Play(card=2))]:
        session.apply(seat, action)
        states.append(session.game.state_dict())
    steps = session.steps
    assert [step.action for step in steps] == [Sort(), Draw(), Play(card=4), Play(card=2)]
    assert [step.reveals for step in steps] == [False, True, False, False]
    assert steps[3].events[-1].winner == 0  # 4 beats 2
    for count in (4, 0, 2, 1, 3):
        assert session.game_at(count).state_dict() == states[count]
    with pytest.raises(IndexError):
        session.game_at(5)


def test_illegal_action_changes_neither_game_nor_record(toy: str, tmp_path: Path) -> None:
    auto = tmp_path / "auto.yaml"
    session = new(toy, autosave=auto)
    state = session.game.state_dict()
    with pytest.raises(IllegalAction, match="card 9 is not in your hand"):
        session.apply(0, Play(card=9))
    with pytest.raises(IllegalAction, match="seat 1 is not to act"):
        session.apply(1, Play(card=1))
    assert session.game.state_dict() == state and session.record.actions == []
    assert load_record(auto).actions == []


def test_a_bool_or_float_seat_is_neither_applied_nor_recorded(toy: str, tmp_path: Path) -> None:
    """``False == 0``: seat ``False`` was applied as seat 0, recorded as ``seat: false``, and the
    save no longer loaded."""
    auto = tmp_path / "auto.yaml"
    session = new(toy, autosave=auto)
    state = session.game.state_dict()
    for seat in (False, 0.0):
        with pytest.raises(IllegalAction, match="a seat is a whole number"):
            session.apply(seat, Sort())  # type: ignore[arg-type]
    assert session.game.state_dict() == state and session.record.actions == []
    assert load_record(auto).actions == []


def test_bad_setup_is_refused(toy: str) -> None:
    with pytest.raises(ValueError, match="takes 2-2 seats"):
        Session.new(toy, ["human"], 1)
    with pytest.raises(ValueError, match="unknown game"):
        Session.new("chess", ["human"], 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.lists(st.integers(0, 99), max_size=40))
def test_undo_never_hides_a_reveal_and_restores_exactly(seed: int, moves: list[int]) -> None:
    """Random play with an undo whenever offered half the time: no revealed card is ever taken
    back (the count of revealing steps never falls) and undo restores the exact earlier state."""
    from . import toy as toy_module

    toy_module.register()
    try:
        session = Session.new("toy", ["human", "human"], seed)
        history = [session.game.state_dict()]
        reveals = 0
        for move in moves:
            if session.game.result() is not None:
                break
            seat = session.game.to_act()[0]
            if move % 2 and session.can_undo(seat):
                session.undo()
                history.pop()
                assert session.game.state_dict() == history[-1]
            else:
                legal = session.game.legal_actions(seat)
                session.apply(seat, legal[move % len(legal)])
                history.append(session.game.state_dict())
            now = sum(step.reveals for step in session.steps)
            assert now >= reveals
            reveals = now
    finally:
        toy_module.unregister()


def test_seat_names_are_kept_in_the_save(toy: str, tmp_path: Path) -> None:
    auto = tmp_path / "auto.yaml"
    session = new(toy, autosave=auto)
    assert session.names == []
    session.names = ["Ada", "Bot 2"]
    assert Session.load(auto).names == ["Ada", "Bot 2"]


def test_the_game_clock_survives_save_and_load(toy: str, tmp_path: Path) -> None:
    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    session.add_play_time(61.25)
    assert load_record(auto).clock == 0.0  # only written when asked (the table saves every 10 s)
    session.add_play_time(0.5, save=True)
    assert Session.load(auto).clock == 61.75
    session.apply(0, Sort())  # every action's autosave carries it too
    session.add_play_time(1.0)
    session.apply(0, Play(card=5))
    assert Session.load(auto).clock == 62.75


def test_a_game_without_a_clock_writes_none(toy: str) -> None:
    assert "clock" not in new(toy).record.to_yaml()
