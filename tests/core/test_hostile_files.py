"""Hostile or damaged saves are refused with the file and the reason: never a crash, never a freeze.

Each file of the corpus (``hostile.py``) once stopped the app at every start, crashed Continue or
froze it: nesting past the parser's stack, a "billion laughs", a 5,000-digit seed, a clock of
``.nan``, a NUL or 10,000 characters in a name, a 12 MB file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.core import bounded_yaml
from dungeon_table.core.errors import DamagedSave, FileRefused, SaveError
from dungeon_table.core.records import load_record
from dungeon_table.core.session import Session

from .hostile import DAMAGED_SAVES, GOOD_SAVE, OVERSIZED_SAVE, encoded


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(encoded(text))
    return path


def test_the_corpus_starts_from_a_save_that_loads(tmp_path: Path) -> None:
    session = Session.load(write(tmp_path, "good", GOOD_SAVE))
    assert session.names == ["Ada"] and session.record.seed == 5


@pytest.mark.parametrize("name", sorted(DAMAGED_SAVES))
def test_a_damaged_save_is_refused_with_the_file_and_the_reason(tmp_path: Path, name: str) -> None:
    text, reason = DAMAGED_SAVES[name]
    path = write(tmp_path, name, text)
    with pytest.raises(SaveError) as caught:
        Session.load(path)
    message = str(caught.value)
    assert isinstance(caught.value, DamagedSave), message
    assert message.startswith(f"{path}: damaged save, ") and reason in message
    assert len(message) < len(str(path)) + 200, "a refusal is one short line, whatever the file"


def test_a_save_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = write(tmp_path, "big", OVERSIZED_SAVE)
    with pytest.raises(DamagedSave, match=r"big\.yaml: damaged save, 1,048,6\d\d bytes, more than "
                                          r"the 1 MB a save may have"):
        load_record(path)


def test_refusals_name_the_line(tmp_path: Path) -> None:
    for name, line in [("nested_block", 24), ("laughs", 9), ("huge_seed", 3),
                       ("nan_clock", 8), ("nul_name", 5), ("duplicate_key", 4)]:
        with pytest.raises(DamagedSave, match=f"damaged save, line {line}: "):
            load_record(write(tmp_path, name, DAMAGED_SAVES[name][0]))


def test_a_save_of_a_newer_version_is_refused_but_not_as_damaged(tmp_path: Path) -> None:
    path = write(tmp_path, "future", GOOD_SAVE.replace("format: 1", "format: 2") + "new: {x: 1}\n")
    with pytest.raises(SaveError, match="comes from a newer dungeon_table") as caught:
        load_record(path)
    assert not isinstance(caught.value, DamagedSave), "a newer version may open it: it stays"


def test_the_reader_builds_what_safe_load_builds() -> None:
    import yaml

    text = ("a: [1, -2, 0x1f, 1_000, 1:30, 2.5, yes, No, ~, '', '12', c25-20, 1e3]\n"
            "b: {x: 2024-01-02, y: !!str 7, z: \"ラスト\"}\nc:\n  - d: e\n")
    limits = bounded_yaml.Limits("a test", max_bytes=1000, max_depth=4)
    assert bounded_yaml.load_yaml(text, "t", limits) == yaml.safe_load(text)


def test_the_reader_refuses_at_the_depth_limit_not_before() -> None:
    limits = bounded_yaml.Limits("a test", max_bytes=1000, max_depth=3)
    assert bounded_yaml.load_yaml("a: [[1]]", "t", limits) == {"a": [[1]]}
    with pytest.raises(FileRefused, match="t: line 1: nested deeper than 3 levels"):
        bounded_yaml.load_yaml("a: [[[1]]]", "t", limits)
