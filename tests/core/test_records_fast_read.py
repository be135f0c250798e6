"""A save's action lines are read directly when they are as ``action_line`` writes them, and
that read gives exactly what the YAML reader gives; any line not quite so (words YAML reads as
something else, quotes, a key twice, a cut line) sends the whole file through the YAML reader."""

from __future__ import annotations

import re

import pytest

from dungeon_table.core import registry
from dungeon_table.core.bounded_yaml import load_yaml
from dungeon_table.core.errors import DamagedSave, FileRefused
from dungeon_table.core.records import (
    FORMAT,
    SAVE_LIMITS,
    Record,
    _load,
    _load_fast,
    dump_yaml,
)
from dungeon_table.core.script import play_out, seat_bots

GAMES = [("lastdungeon", 1), ("relic", 2), ("market", 3), ("dungeon", 2)]


def played(game_id: str, players: int, actions: int = 150) -> str:
    spec = registry.get(game_id)
    seats = ["bot:random"] * players
    record = Record(format=FORMAT, game=game_id, seed=3, seats=seats,
                    options=spec.with_defaults({}))
    play_out(spec.new_game(seats, 3), seat_bots(spec, seats, 3), actions, record)
    return dump_yaml(record)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_games_save_is_read_directly_and_the_same(game_id: str, players: int) -> None:
    text = played(game_id, players)
    fast = _load_fast(text, "<save>")
    assert fast is not None
    assert fast == load_yaml(text, "<save>", SAVE_LIMITS)


HEAD = "format: 1\ngame: dungeon\nseed: 3\nseats: [human]\nactions:\n"


@pytest.mark.parametrize("line", [
    "- {seat: 0, type: move, path: [c1-2, yes]}",    # a bool to YAML
    "- {seat: 0, type: x, n: 012}",                  # an octal number to YAML 1.1
    "- {seat: 0, type: x, n: 1_0}",                  # 10 to YAML
    "- {seat: 0, type: x, n: True}",
    "- {seat: 0, type: x, n: null}",
    "- {seat: 0, type: x, on: 1}",                   # a bool key
    "- {seat: 0, type: x, type: y}",                 # a key twice: refused
    "- {seat: 0, type: 'x'}",
    "- {seat: 0, type: x, n: 1.5}",
    "- {seat: 0, type: x, n: 123456789012345678901234}",  # past the number limit: refused
    "- {seat: 0, type: x",                           # cut short
])
def test_a_line_not_as_written_goes_through_yaml(line: str) -> None:
    text = HEAD + "- {seat: 0, type: end_turn}\n" + line + "\n"
    assert _load_fast(text, "<save>") is None
    try:
        expected = load_yaml(text, "<save>", SAVE_LIMITS)
    except FileRefused as err:  # the same refusal either way
        with pytest.raises(DamagedSave, match=re.escape(err.reason)):
            _load(text, "<save>")
        return
    assert _load(text, "<save>") == expected


def test_plain_lines_read_as_yaml_reads_them() -> None:
    text = HEAD + "- {seat: 0, type: move, path: [c1-2, 1e, 12, -3], ok: true, no_: false}\n"
    fast = _load_fast(text, "<save>")
    assert fast is not None
    assert fast == load_yaml(text, "<save>", SAVE_LIMITS)
    assert fast["actions"][0]["path"] == ["c1-2", "1e", 12, -3]
