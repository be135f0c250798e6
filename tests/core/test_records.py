"""Saves: YAML round trip, replay to the identical state, clear refusals, atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_table.core import records
from dungeon_table.core.errors import DamagedSave, SaveError
from dungeon_table.core.records import Record, load_record, parse_yaml, save_record
from dungeon_table.core.script import play_out, seat_bots
from dungeon_table.core.session import Session


def played_record(game_id: str, seed: int) -> Record:
    """A finished random game as a record."""
    from dungeon_table.core import registry

    spec = registry.get(game_id)
    seats = ["bot:random"] * spec.min_players
    record = Record(game=game_id, seed=seed, seats=seats, options=dict(spec.options))
    play_out(spec.new_game(seats, seed, record.options), seat_bots(spec, seats, seed), 500, record)
    return record


def test_yaml_round_trip_keeps_every_field(toy: str) -> None:
    record = played_record(toy, seed=4)
    record.stack = {"deck": [9, 1]}
    text = record.to_yaml()
    assert text.startswith("format: 1\ngame: toy\nseed: 4\n")
    assert "\n- {seat: 0, type: " in text  # one action a line
    assert parse_yaml(text) == record


def test_replaying_a_save_gives_the_identical_state(toy: str, tmp_path: Path) -> None:
    for seed in range(5):
        session = Session.new(toy, ["human", "human"], seed)
        bots = seat_bots(session.spec, ["bot"] * 2, seed)
        while session.game.result() is None:
            seat = session.game.to_act()[0]
            legal = session.game.legal_actions(seat)
            session.apply(seat, bots[seat].choose(session.game.view(seat), legal))
        session.save(tmp_path / "game.yaml")
        loaded = Session.load(tmp_path / "game.yaml")
        assert loaded.game.state_dict() == session.game.state_dict()
        assert loaded.record == session.record


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "save.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = "format: 1\ngame: toy\nseed: 1\nseats: [human, human]\nactions: []\n"


def test_damaged_yaml_is_refused_naming_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("actions: []", "actions: [{seat: 0, type: play\n"))
    with pytest.raises(DamagedSave, match=r"save\.yaml: damaged save, line \d+: bad YAML: "):
        load_record(path)


def test_truncated_file_is_refused(tmp_path: Path) -> None:
    cut = write(tmp_path, GOOD[:30])  # ends inside a key: the YAML itself is broken
    with pytest.raises(DamagedSave, match=r"save\.yaml: damaged save, line 4: bad YAML"):
        load_record(cut)
    cut = write(tmp_path, GOOD[:28])  # ends after a line: fields are missing
    with pytest.raises(SaveError, match=r"wrong shape: Object missing required field `seats`"):
        load_record(cut)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- just\n- a list\n", "not a save: expected a mapping"),
        ("game: toy\nseed: 1\nseats: [human]\n", "no `format` field"),
        (GOOD.replace("seed: 1", "seed: seven"), r"Expected `int`, got `str` - at `\$.seed`"),
        (GOOD.replace("actions: []", "actions: [{type: play}]"), "action 0 has no valid `seat`"),
        (GOOD.replace("actions: []", "actions: [{seat: 5, type: x}]"), "action 0 has no valid"),
        (GOOD.replace("actions: []", "actions: [{seat: 0}]"), "action 0 has no `type`"),
        (GOOD.replace("format: 1", "format: 0"), "unknown save format 0"),
    ],
)
def test_wrong_shape_is_refused_with_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message) as caught:
        load_record(write(tmp_path, text))
    assert str(tmp_path / "save.yaml") in str(caught.value)


def test_save_from_a_future_version_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("format: 1", "format: 2") + "new_field: {x: 1}\n")
    with pytest.raises(SaveError, match="save format 2 comes from a newer dungeon_table"):
        load_record(path)


def test_unknown_game_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("game: toy", "game: chess"))
    with pytest.raises(SaveError, match=r"save\.yaml: unknown game 'chess'"):
        Session.load(path)


def test_action_the_replay_refuses_names_its_index(toy: str, tmp_path: Path) -> None:
    record = played_record(toy, seed=2)
    record.actions[1] = {"seat": record.actions[1]["seat"], "type": "play", "card": 99}
    save_record(record, tmp_path / "save.yaml")
    with pytest.raises(SaveError, match=r"save\.yaml: action 1 \{seat: \d, type: play, card: 99\} "
                       r"refused: card 99 is not in your hand"):
        Session.load(tmp_path / "save.yaml")


def test_unknown_action_type_is_refused(toy: str, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("actions: []", "actions: [{seat: 0, type: fly}]"))
    with pytest.raises(SaveError, match=r"action 0 .* refused: not an action of toy"):
        Session.load(path)


def test_wrong_seat_count_is_refused(toy: str, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("[human, human]", "[human]"))
    with pytest.raises(SaveError, match="the game refuses this setup: toy takes 2-2 seats"):
        Session.load(path)


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    record = Record(game="toy", seed=1, seats=["human", "human"])
    for seed in range(3):
        record.seed = seed
        save_record(record, tmp_path / "save.yaml")
    assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"]
    assert load_record(tmp_path / "save.yaml").seed == 2


def test_failed_write_keeps_the_old_save_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.yaml"
    save_record(Record(game="toy", seed=1, seats=["human", "human"]), path)
    before = path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records.os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        save_record(Record(game="toy", seed=2, seats=["human", "human"]), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["save.yaml"]


def test_failed_autosave_does_not_stop_the_game(
    toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session.new(toy, ["human", "human"], 1, autosave=tmp_path / "auto.yaml")
    monkeypatch.setattr(records.os, "replace", _refuse)
    session.apply(0, session.game.legal_actions(0)[0])
    assert session.autosave_error is not None and "Read-only" in session.autosave_error
    assert load_record(tmp_path / "auto.yaml").actions == []  # the last good autosave
    assert os.listdir(tmp_path) == ["auto.yaml"]


def _refuse(src: str, dst: str) -> None:
    raise OSError(30, "Read-only file system")


# Text as a save holds it: no control characters (the reader refuses them in a save, where only
# an escape can put them: a NUL crashed text rendering).
_CHARS = st.characters(blacklist_categories=("Cc", "Cs"))


def _text(max_size: int, min_size: int = 0) -> st.SearchStrategy[str]:
    return st.text(alphabet=_CHARS, min_size=min_size, max_size=max_size)


_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), _text(12),
    st.sampled_from(["ラスト・ダンジョン", "a: b", "- x", "{y}", "#z", "yes", "null", "1e3", ""]),
)
_values = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text(5), inner,
                                                                        max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    options=st.dictionaries(_text(8, min_size=1), _values, max_size=4),
    fields=st.lists(st.dictionaries(_text(6, min_size=1).filter(
        lambda k: k not in ("seat", "type")), _values, max_size=3), max_size=4),
    names=st.lists(_text(10).filter(lambda s: "\u2028" not in s and "\u2029" not in s),
                   max_size=2),
)
def test_any_plain_data_survives_the_yaml_round_trip(
    options: dict, fields: list[dict], names: list[str]
) -> None:
    actions = [{"seat": 0, "type": "t", **extra} for extra in fields]
    record = Record(game="g", seed=1, seats=["human", "bot:x"], names=names, options=options,
                    actions=actions)
    assert parse_yaml(record.to_yaml()) == record


@pytest.mark.parametrize("action", [
    {"seat": 0, "type": "explore"},
    {"seat": 3, "type": "price", "slot": 2, "price": 17},
    {"seat": 1, "type": "guard", "item": "red_gauntlet_1", "attack": "red"},
    {"seat": 0, "type": "flag", "on": True, "off": False},
    {"seat": 0, "type": "say", "word": "yes"},          # a YAML bool word: PyYAML quotes it
    {"seat": 0, "type": "say", "word": "12"},           # a number-like string
    {"seat": 0, "type": "say", "word": "Ünïcode かな"},
    {"seat": 0, "type": "pick", "cards": ["a", "b"]},
    {"seat": 2, "type": "move", "path": ["c25-20", "c25-21", "1e", "2A"]},
    {"seat": 0, "type": "move", "path": []},
    {"seat": 0, "type": "pick", "cards": [3, "yes", "12", "1_0", "Null", "a b"]},
    {"seat": 0, "type": "say", "word": "2024-01-02"},   # a date to YAML
    {"seat": 0, "type": "say", "word": "1:30"},         # a number (base 60) to YAML 1.1
])
def test_action_lines_written_directly_read_back_as_pyyaml_writes_them(action: dict) -> None:
    from dungeon_table.core import records

    line = records._plain_flow(action)
    if line is not None:
        assert line == records._dump(action, flow=True).strip()
    text = "- " + (line or records._dump(action, flow=True).strip())
    assert yaml.safe_load(text) == [action]


def test_a_dungeon_move_with_its_path_is_written_directly() -> None:
    """A move carries its path, a list: PyYAML wrote every one of them again after each action
    (211 ms an action at 1,000 actions)."""
    move = {"seat": 3, "type": "move", "path": ["c30-25", "c29-25", "1e"]}
    assert records._plain_flow(move) == "{seat: 3, type: move, path: [c30-25, c29-25, 1e]}"
