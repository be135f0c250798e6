"""The sound table (assets/sounds/events.yaml): every event type of every game has a sound or is
silent on purpose, every sound named is a file, and a broken table names its file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.core import registry
from dungeon_table.core.assets import sound_path
from dungeon_table.core.errors import CardFileError
from dungeon_table.core.protocol import Event
from dungeon_table.core.sound_table import SOUND_TABLE, load_sound_table, shipped_table


class Drawn(Event, frozen=True, tag="drawn"):
    cards: list[str]


class Rolled(Event, frozen=True, tag="rolled"):
    hit: bool


TOY = {"toy": [Drawn, Rolled]}


def test_every_event_type_of_every_game_is_mapped() -> None:
    """The app's games in the shipped table, a game added beside them (the example) in its own."""
    shipped_table.cache_clear()
    table = shipped_table()
    for game_id in registry.game_ids():
        tags = {cls.__struct_config__.tag for cls in registry.get(game_id).game_class.event_types}
        assert table.mapped(game_id) == tags, game_id


def test_every_sound_the_table_names_is_a_file() -> None:
    table = load_sound_table()
    assert table.sounds() >= {"card_draw", "dice_roll", "hit", "damage", "burst"}
    assert [name for name in sorted(table.sounds()) if not sound_path(name).is_file()] == []


def test_cues_follow_the_event_fields() -> None:
    from dungeon_table.games.dungeon import model as m

    table = load_sound_table()
    roll = dict(seat=0, card="goblin", dice=[3, 4], bonus=0, need=7)
    assert [c.sound for c in table.cues("dungeon", m.AttackRolled(**roll, hit=True))] == [
        "dice_roll", "hit"]
    assert [c.sound for c in table.cues("dungeon", m.AttackRolled(**roll, hit=False))] == [
        "dice_roll", "miss"]
    assert table.cues("dungeon", m.Moved(seat=0, path=["a"], moves_left=0)) == []  # silent


def _refusal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "events.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        load_sound_table(path, TOY)
    return str(err.value)


@pytest.mark.parametrize(("text", "expected"), [
    ("games:\n  toy:\n    drawn: card_draw\n    rolled: thunder\n",
     "events.yaml:4: $.games.toy.rolled: no sound 'thunder'"),
    ("games:\n  toy:\n    drawn: card_draw\n",
     "events.yaml:2: $.games.toy: the event 'rolled' has no sound"),
    ("games:\n  toy:\n    drawn: card_draw\n    rolled: hit\n    rolld: hit\n",
     "events.yaml:5: $.games.toy.rolld: toy has no event 'rolld'"),
    ("games:\n  toy:\n    drawn: card_draw\n    rolled: {sound: hit, when: {hits: true}}\n",
     "$.games.toy.rolled.when: the event has no field 'hits'"),
    ("games:\n  toy:\n    drawn: {sound: card_draw, each: card}\n    rolled: hit\n",
     "$.games.toy.drawn.each: the event has no field 'card'"),
    ("games:\n  toy:\n    drawn: [silent, card_draw]\n    rolled: hit\n",
     "events.yaml:3: $.games.toy.drawn[0]: `silent` stands alone"),
    ("games:\n  toy:\n    drawn: {sound: card_draw, gain: 2}\n    rolled: hit\n",
     "$.games.toy.drawn.gain: must be at most 1.0 (got 2)"),
    ("games:\n  chess:\n    drawn: card_draw\n",
     "events.yaml:2: $.games.chess: no game 'chess'"),
])
def test_a_broken_table_is_refused_naming_its_line_and_field(
        tmp_path: Path, text: str, expected: str) -> None:
    assert expected in _refusal(tmp_path, text)


def test_the_shipped_table_is_where_the_assets_are() -> None:
    assert SOUND_TABLE == sound_path("events").with_suffix(".yaml")
