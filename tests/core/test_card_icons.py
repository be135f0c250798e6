"""Each card names its picture in its card file (`icon:`), checked at load and by `cards check`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dungeon_table.cli import main
from dungeon_table.core.cards import CARDS_DIR
from dungeon_table.core.icon_names import icon_path

# One card of each game's files, and the line its icon is on.
CARDS = [
    ("lastdungeon.yaml", r"icon: bat\}", "icon: {icon}}}", "$.dungeon[1].icon"),
    ("lastdungeon.yaml", r"    icon: winged-sword", "    icon: {icon}", "$.hero.back.icon"),
    ("market.yaml", r"icon: rat\}", "icon: {icon}}}", "$.cards[1].icon"),
    ("relic.yaml", r"ja: 古びた指輪, icon: ring", "ja: 古びた指輪, icon: {icon}",
     "$.treasures.old_ring.icon"),
    ("dungeon/monsters.yaml", r"    icon: rat\n", "    icon: {icon}\n", "$.monsters[0].icon"),
    ("dungeon/rules.yaml", r"    icon: hood\n", "    icon: {icon}\n", "$.heroes[0].icon"),
]


def edited_copy(tmp_path: Path, name: str, pattern: str, replacement: str) -> tuple[Path, int]:
    """A copy of one card file with one edit, under its own name (which says whose schema
    applies), and the line of the edit."""
    text = (CARDS_DIR / name).read_text(encoding="utf-8")
    match = re.search(pattern, text)
    assert match, f"{pattern!r} is no longer in {name}"
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text[: match.start()] + replacement + text[match.end():], encoding="utf-8")
    return path, text.count("\n", 0, match.start()) + 1


@pytest.mark.parametrize(("name", "pattern", "replacement", "field"), CARDS)
def test_cards_check_refuses_an_unknown_icon_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture, name: str, pattern: str, replacement: str,
    field: str,
) -> None:
    path, line = edited_copy(tmp_path, name, pattern, replacement.format(icon="no-such-icon"))
    assert main(["cards", "check", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [entry for entry in lines if entry.startswith(f"{path}:{line}: {field}: ")] == [
        f"{path}:{line}: {field}: no icon 'no-such-icon': {icon_path('no-such-icon')} does not exist"
    ]


def test_an_icon_that_is_no_icon_name_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    name, pattern, replacement, field = CARDS[0]
    path, line = edited_copy(tmp_path, name, pattern, replacement.format(icon="Bat.svg"))
    assert main(["cards", "check", str(path)]) == 1
    assert f"{path}:{line}: {field}: Expected `str` matching regex" in capsys.readouterr().out


def test_a_card_may_leave_its_icon_out(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """It then shows its kind's default (tests/ui_table/test_card_pictures.py)."""
    path, _ = edited_copy(tmp_path, "lastdungeon.yaml", r", icon: bat\}", "}")
    assert main(["cards", "check", str(path)]) == 0
    assert "card file(s) OK" in capsys.readouterr().out


def test_the_app_s_card_files_pass() -> None:
    assert main(["cards", "check"]) == 0
