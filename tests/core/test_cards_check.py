"""Card files: every problem is reported with file, line and field, and `cards check` exits 1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dungeon_table.cli import main
from dungeon_table.core import registry
from dungeon_table.core.cards import CARDS_DIR, decode_cards
from dungeon_table.core.errors import CardFileError

from .toy import ToyCards as Deck
from .toy import boss_is_known

GOOD = """\
monsters:
  - id: slime
    power: 1
  - id: dragon
    power: 9
boss: dragon
"""


def problems(text: str) -> list[str]:
    with pytest.raises(CardFileError) as caught:
        decode_cards(text, "deck.yaml", Deck, boss_is_known)
    return [str(p) for p in caught.value.problems]


def test_good_file_loads() -> None:
    assert decode_cards(GOOD, "deck.yaml", Deck, boss_is_known).boss == "dragon"


def test_wrong_type_names_line_and_field() -> None:
    assert problems(GOOD.replace("power: 9", "power: huge")) == [
        "deck.yaml:5: $.monsters[1].power: Expected `int`, got `str`"
    ]


def test_missing_field_names_the_card() -> None:
    assert problems(GOOD.replace("    power: 1\n", "")) == [
        "deck.yaml:2: $.monsters[0]: Object missing required field `power`"
    ]


def test_unknown_field_is_refused() -> None:
    assert problems(GOOD.replace("power: 1", "power: 1\n    pwoer: 2")) == [
        "deck.yaml:4: $.monsters[0].pwoer: Object contains unknown field `pwoer`"
    ]


@pytest.mark.parametrize(("text", "problem"), [
    (GOOD + "extra: " + "[" * 1000 + "]" * 1000 + "\n", "deck.yaml:7: nested deeper than 32 levels"),
    (GOOD.replace("power: 9", "power: " + "9" * 5000), "deck.yaml:5: a number of 5,000 characters"),
    (GOOD.replace("power: 9", "power: .inf"), "deck.yaml:5: .inf is not a finite number"),
    ("a: &a [x, x]\nmonsters: [*a, *a]\nboss: x\n", "deck.yaml:2: an alias (*a): aliases are "
                                                     "not allowed in a card file"),
])
def test_a_hostile_card_file_is_refused_with_its_line(text: str, problem: str) -> None:
    """Nesting 1,000 deep overflowed the parser's stack; a 5,000-digit number broke Python's int
    parser: both left tracebacks instead of the file and line."""
    assert problems(text)[0].startswith(problem)


def test_unknown_card_id_from_the_games_own_check() -> None:
    assert problems(GOOD.replace("boss: dragon", "boss: lich")) == [
        "deck.yaml:6: $.boss: unknown card id 'lich'"
    ]


def test_bad_yaml_names_the_line() -> None:
    (problem,) = problems(GOOD.replace("  - id: dragon", "  - id: [dragon"))
    assert re.match(r"deck\.yaml:\d+: bad YAML: ", problem)


# --- `dungeon-table cards check` on the real card files -----------------------------------------
needs_lastdungeon = pytest.mark.skipif(
    "lastdungeon" not in registry.game_ids() or not (CARDS_DIR / "lastdungeon.yaml").exists(),
    reason="Last Dungeon is not registered yet",
)


@needs_lastdungeon
def test_real_card_files_pass(capsys: pytest.CaptureFixture) -> None:
    assert main(["cards", "check"]) == 0
    assert "card file(s) OK" in capsys.readouterr().out
    assert main(["cards", "check", str(CARDS_DIR / "lastdungeon.yaml")]) == 0


def broken_copy(tmp_path: Path, pattern: str, replacement: str) -> tuple[Path, int]:
    """A copy of cards/lastdungeon.yaml with one edit, and the line of that edit."""
    text = (CARDS_DIR / "lastdungeon.yaml").read_text(encoding="utf-8")
    match = re.search(pattern, text, re.M)
    assert match, f"{pattern!r} is no longer in the card file"
    line = text.count("\n", 0, match.start()) + 1
    path = tmp_path / "lastdungeon.yaml"  # the name tells `cards check` whose schema applies
    path.write_text(text[: match.start()] + replacement + text[match.end() :], encoding="utf-8")
    return path, line


@needs_lastdungeon
@pytest.mark.parametrize(
    ("pattern", "replacement", "field", "message"),
    [
        (r"hand_size: \d+", "hand_size: four", "$.setup.hand_size", "Expected `int`, got `str`"),
        (r"^  expand_crystals: \d+.*\n", "", "$.rules",
         "Object missing required field `expand_crystals`"),
        (r"id: d_bat", "id: d_slime", "$.dungeon[1].id", "duplicate card id 'd_slime'"),
    ],
)
def test_broken_card_file_names_file_line_and_field(
    tmp_path: Path,
    capsys: pytest.CaptureFixture,
    pattern: str,
    replacement: str,
    field: str,
    message: str,
) -> None:
    path, line = broken_copy(tmp_path, pattern, replacement)
    if field == "$.rules":  # the field is missing: the problem points at its parent `rules:`
        line = path.read_text(encoding="utf-8").splitlines().index("rules:") + 1
    assert main(["cards", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{line}: {field}: {message}" in out.splitlines()


@needs_lastdungeon
def test_bad_yaml_in_a_card_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path, line = broken_copy(tmp_path, r"^  - \{id: d_goblin", "  - {id: [d_goblin")
    assert main(["cards", "check", str(path)]) == 1
    assert re.search(rf"{re.escape(str(path))}:\d+: bad YAML: ", capsys.readouterr().out)


def test_file_of_no_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "mystery.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert main(["cards", "check", str(path)]) == 2
    assert "say which with --game" in capsys.readouterr().err


def test_cards_check_uses_the_games_own_loader(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = tmp_path / "toy.yaml"  # the toy registers card_files=("toy.yaml",) and its loader
    path.write_text(GOOD.replace("boss: dragon", "boss: lich").replace("power: 9", "power: x"))
    assert main(["cards", "check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:5: $.monsters[1].power: Expected `int`, got `str`"
    ]  # the shape is checked first; the cross-check runs on a file that decodes
    path.write_text(GOOD.replace("boss: dragon", "boss: lich"))
    assert main(["cards", "check", str(path), "--game", toy]) == 1
    assert f"{path}:6: $.boss: unknown card id 'lich'" in capsys.readouterr().out
    path.write_text(GOOD)
    assert main(["cards", "check", str(tmp_path)]) == 0
    assert "1 card file(s) OK" in capsys.readouterr().out


def test_cards_check_names_the_line_of_a_dungeon_file_nested_too_deep(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """Dungeon!'s monster loader read the file a second time through PyYAML, whose composer
    overflowed the stack before the file's own line could be named."""
    path = tmp_path / "monsters.yaml"
    text = (CARDS_DIR / "dungeon" / "monsters.yaml").read_text(encoding="utf-8")
    path.write_text(text + "extra: " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    assert main(["cards", "check", str(path), "--game", "dungeon"]) == 1
    lines = text.count("\n") + 1
    assert f"{path}:{lines}: nested deeper than 32 levels" in capsys.readouterr().out
