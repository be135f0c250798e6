"""The Last Dungeon card file: it loads, and every kind of mistake is named with path and line."""

from __future__ import annotations

import pytest
import yaml

from dungeon_table.core.cards import decode_cards
from dungeon_table.core.errors import CardFileError
from dungeon_table.games.lastdungeon.cards import CARD_FILE, LastDungeonCards, check, load

TEXT = CARD_FILE.read_text(encoding="utf-8")


def decode(text: str) -> LastDungeonCards:
    return decode_cards(text, "lastdungeon.yaml", LastDungeonCards, check)


def test_the_card_file_loads() -> None:
    cards = load()
    assert len(cards.dungeon) == 6 and len(cards.events) == 7 and len(cards.adventurers) == 15
    assert {a.level for a in cards.adventurers} == {1, 2, 3}
    assert cards.hero.front.name.ja == "伝説の勇者"
    assert cards.setup.hand_size == 4 and cards.setup.draw_per_round == 3
    assert (cards.rules.expand_crystals, cards.rules.retreat_crystals) == (3, 2)


def test_duplicate_card_id_is_named_with_its_path_and_line() -> None:
    data = yaml.safe_load(TEXT)
    data["events"][2]["id"] = "e_armory"
    with pytest.raises(CardFileError) as err:
        decode(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    problem = err.value.problems[0]
    assert (problem.path, problem.message) == ("$.events[2].id", "duplicate card id 'e_armory'")
    assert problem.line is not None


def test_unknown_field_is_refused() -> None:
    text = TEXT.replace("room: {damage_bonus: 1}", "room: {damage_bonus: 1, heal: 2}", 1)
    with pytest.raises(CardFileError, match="heal"):
        decode(text)


def test_unknown_event_effect_is_refused() -> None:
    text = TEXT.replace("kind: draw", "kind: teleport", 1)
    with pytest.raises(CardFileError, match=r"\$\.events\[0\]\.event\.kind"):
        decode(text)


def test_wrong_counts_are_reported() -> None:
    data = yaml.safe_load(TEXT)
    data["events"].pop()
    data["adventurers"][0]["level"] = 2
    with pytest.raises(CardFileError) as err:
        decode(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    messages = [p.message for p in err.value.problems]
    assert "expected 7 event cards, found 6" in messages
    assert "level 1 has 4 cards, expected 5" in messages
