"""Sessions: autosave after every action, undo by replay, and no peeking through undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.records import load_record
from dungeon_table.core.session import Session, bot_level

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
    session.apply(0, Sort())  # an action appends its own line: the clock waits for its save
    session.add_play_time(1.0)
    session.apply(0, Play(card=5))
    assert Session.load(auto).clock == 61.75 and len(load_record(auto).actions) == 2
    session.add_play_time(0.0, save=True)  # the table's save every 10 s and when it stops
    assert Session.load(auto).clock == 62.75


def test_a_game_without_a_clock_writes_none(toy: str) -> None:
    assert "clock" not in new(toy).record.to_yaml()


def _whole_writes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files written whole (temp file and rename) from now on."""
    from dungeon_table.core import records

    written: list[str] = []
    real = records.write_atomic

    def counted(path: Path, text: str) -> int:
        written.append(path.name)
        return real(path, text)

    monkeypatch.setattr(records, "write_atomic", counted)
    return written


def _play(session: Session, count: int) -> None:
    """``count`` actions by random choice, seeded: the same moves every run."""
    import random

    pick = random.Random(count)
    for _ in range(count):
        if session.game.result() is not None:
            break
        seat = session.game.to_act()[0]
        session.apply(seat, pick.choice(session.game.legal_actions(seat)))


def test_the_autosave_appends_each_action_instead_of_writing_the_game_again(
    toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the whole save after every action made its cost grow with the game (a Dungeon!
    autosave took 0.8 s an action at 3,000 actions). Each action now appends its line; the file is
    the same, byte for byte, as the whole save written at once."""
    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    written = _whole_writes(monkeypatch)
    _play(session, 6)
    assert written == ["autosave-toy.yaml"], "only the first action rewrites `actions: []`"
    assert auto.read_text(encoding="utf-8") == session.record.to_yaml()
    assert Session.load(auto).game.state_dict() == session.game.state_dict()


def test_names_undo_and_the_clock_write_the_autosave_whole(
    toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    session.apply(0, Sort())
    written = _whole_writes(monkeypatch)
    session.names = ["Ada"]
    session.undo()
    session.add_play_time(2.0, save=True)
    assert len(written) == 3
    assert auto.read_text(encoding="utf-8") == session.record.to_yaml()


def test_an_autosave_changed_behind_the_session_is_written_whole(toy: str, tmp_path: Path) -> None:
    """An append lands only on the file as the session left it: anything else (a file cut short,
    replaced, removed) is written whole, never appended to."""
    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    session.apply(0, Sort())
    auto.write_text(auto.read_text(encoding="utf-8")[:-5], encoding="utf-8")  # cut short
    session.apply(0, Play(card=5))
    assert auto.read_text(encoding="utf-8") == session.record.to_yaml()
    auto.unlink()
    session.apply(1, Play(card=1))
    assert load_record(auto).actions == session.record.actions


@pytest.mark.parametrize("cut", [1, 2, 3, 12, -1])
def test_a_kill_during_an_append_loses_that_action_and_nothing_else(
    toy: str, tmp_path: Path, cut: int
) -> None:
    """The app killed while it appended an action's line leaves that line cut short: the loader
    drops it (the kill loses that one action), every action before it is kept."""
    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    session.apply(0, Sort())
    kept = session.game.state_dict()
    line = "- {seat: 0, type: play, card: 5}\n"
    with open(auto, "a", encoding="utf-8") as out:
        out.write(line[:cut])  # -1: all but the line break
    loaded = Session.load(auto)
    if cut == -1:  # the whole line arrived but its break: the action is there
        assert loaded.record.actions[-1] == {"seat": 0, "type": "play", "card": 5}
    else:
        assert loaded.record.actions == [{"seat": 0, "type": "sort"}]
        assert loaded.game.state_dict() == kept


def test_a_last_line_that_is_not_an_action_is_damage_not_a_torn_append(
    toy: str, tmp_path: Path
) -> None:
    """Only action lines are appended: a save whose unfinished last line is its ``actions:`` (here
    nested a thousand deep) is refused, not read as a game with no actions."""
    from dungeon_table.core.errors import DamagedSave

    auto = tmp_path / "autosave-toy.yaml"
    new(toy, autosave=auto)
    text = auto.read_text(encoding="utf-8").replace("actions: []\n", "")
    auto.write_text(text + "actions: " + "[" * 1000 + "]" * 1000, encoding="utf-8")
    with pytest.raises(DamagedSave, match="deep"):
        Session.load(auto)


def test_a_damaged_line_before_the_last_is_not_dropped(toy: str, tmp_path: Path) -> None:
    from dungeon_table.core.errors import DamagedSave

    auto = tmp_path / "autosave-toy.yaml"
    session = new(toy, autosave=auto)
    session.apply(0, Sort())
    session.apply(0, Play(card=5))
    text = auto.read_text(encoding="utf-8").replace("type: sort}", "type: sort")
    auto.write_text(text[:-1], encoding="utf-8")  # and the last line's break is missing too
    with pytest.raises(DamagedSave, match="bad YAML"):
        Session.load(auto)


def test_undo_rebuilds_from_the_last_reveal_not_from_the_start(
    toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo replayed the whole record (0.4 s at 3,000 Dungeon! actions); it now copies the game
    as it stood at the last reveal, which undo can never cross, and replays what came after."""
    from dungeon_table.core import session as session_module

    session = new(toy)
    session.apply(0, Draw())  # the 4 is revealed: nothing before can be undone
    after_draw = session.game.state_dict()
    session.apply(0, Sort())
    started: list[int] = []
    real = session_module.start
    monkeypatch.setattr(session_module, "start", lambda *a: started.append(1) or real(*a))
    session.undo()
    assert started == [], "undo set up no new game to replay from"
    assert session.game.state_dict() == after_draw
    session.apply(0, Sort())  # and play goes on from there as if never undone
    session.apply(0, Play(card=5))
    assert session.game.state_dict() == Session(session.record).game.state_dict()


@pytest.mark.parametrize("tail", [0, 1, 2, 100])
def test_undo_after_a_load_restores_exactly(
    toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tail: int
) -> None:
    """A loaded game makes its base from a copy taken ``UNDO_TAIL`` steps before the end of the
    replay; wherever the last reveal lies from there, undo gives the same game."""
    from dungeon_table.core import session as session_module

    monkeypatch.setattr(session_module, "UNDO_TAIL", tail)
    session = new(toy, autosave=tmp_path / "auto.yaml")
    for action in [Sort(), Draw(), Sort()]:  # the draw reveals the 4: [3, 5, 4] to sort again
        session.apply(0, action)
    loaded = Session.load(tmp_path / "auto.yaml")
    loaded.undo()
    assert loaded.game.state_dict() == Session(session.record.truncated(2)).game.state_dict()
    assert not loaded.can_undo(0), "and never past the draw"


@pytest.mark.parametrize(("kind", "level"), [
    ("bot", "best"), ("bot:", "best"), ("bot:expert", "expert"), ("bot:best", "best"),
    ("human", None), ("botany", None), ("robot:best", None)])
def test_a_seat_kind_names_its_bot_level_or_none_for_a_human(kind: str, level: str | None) -> None:
    assert bot_level(kind) == level
