"""``tools/tutorial_shots.py``: a picture of every step of every tutorial file it finds, in each
language, and an index with each step's caption; a file it cannot play through is named, the
others still shot."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from dungeon_table.core import tutorial as lessons
from dungeon_table.ui import i18n

ROOT = Path(__file__).resolve().parents[2]


def tool() -> Any:
    spec = importlib.util.spec_from_file_location("tutorial_shots", ROOT / "tools" / "tutorial_shots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tutorial_shots"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def lesson_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A tutorials folder holding the Last Dungeon tutorial, a further part of it (a copy under
    another name, as the parts are written) and a file that does not load."""
    folder = tmp_path / "tutorials"
    folder.mkdir()
    shutil.copy(lessons.tutorial_path("lastdungeon"), folder / "lastdungeon.yaml")
    shutil.copy(lessons.tutorial_path("lastdungeon"), folder / "lastdungeon_again.yaml")
    (folder / "relic.yaml").write_text("game: relic\nseed: -3\n", encoding="utf-8")
    monkeypatch.setattr(lessons, "TUTORIALS_DIR", folder)
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path / "home"))
    return folder


def test_every_step_of_every_file_is_shot_with_its_caption_in_the_index(
        lesson_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "shots"
    status = tool().main(["--lang", "ja", "--size", "960x540", "--out", str(out)])
    tutorial = lessons.load_tutorial(path=lesson_dir / "lastdungeon.yaml")
    steps = len(tutorial.steps)
    for name in ("lastdungeon", "lastdungeon_again"):
        shots = sorted(p.name for p in out.glob(f"{name}-ja-*.png"))
        assert shots == [f"{name}-ja-{n:02d}.png" for n in range(1, steps + 1)] \
            + [f"{name}-ja-end.png"], "one picture per step, and the end"
    index = (out / "index.md").read_text(encoding="utf-8")
    i18n.set_language("ja")
    try:
        for step in tutorial.steps:
            assert i18n.t(step.caption).replace("\n", " ") in index, step.caption
    finally:
        i18n.set_language("en")
    assert "relic" in index and "the file:" in index, "the broken file is named"
    assert status == 1


def test_games_keeps_the_tutorials_of_those_games(lesson_dir: Path, tmp_path: Path) -> None:
    module = tool()
    files = module.lesson_files()
    assert [f.name for f in module.chosen(files, ["lastdungeon"])] == \
        ["lastdungeon.yaml", "lastdungeon_again.yaml"], "a game's parts come with it"
    assert [f.name for f in module.chosen(files, ["lastdungeon_again"])] == \
        ["lastdungeon_again.yaml"]
    assert module.main(["--games", "nothing", "--out", str(tmp_path / "x")]) == 2
