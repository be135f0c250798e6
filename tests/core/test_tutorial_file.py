"""The engine side of Learn to play: a tutorial file checked and played through, and the Guide
that tells the table which step the game is at and what it accepts."""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.core import tutorial as lessons
from dungeon_table.core.errors import CardFileError
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.rules import LastDungeon


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = lessons.tutorial_path("lastdungeon").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lastdungeon.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def problem_of(path: Path) -> tuple[int | None, str, str]:
    with pytest.raises(CardFileError) as err:
        lessons.load_tutorial(path=path)
    first = err.value.problems[0]
    assert first.file == str(path)
    return first.line, first.path, first.message


def test_a_tutorial_has_exactly_one_human(tmp_path: Path) -> None:
    path = broken(tmp_path, "seats: [human]", "seats: [\"bot:planner\"]")
    seats_line = path.read_text(encoding="utf-8").splitlines().index("seats: [\"bot:planner\"]") + 1
    line, where, message = problem_of(path)
    assert (line, where) == (seats_line, "$.seats") and "one human seat" in message


def test_an_unknown_field_is_named_on_its_line(tmp_path: Path) -> None:
    path = broken(tmp_path, "    why: tutorial.lastdungeon.play_goblin_why\n",
                  "    why: tutorial.lastdungeon.play_goblin_why\n    hint: yes\n")
    line, where, _message = problem_of(path)
    assert where == "$.steps[0].hint" and line is not None


def test_a_step_that_is_no_action_of_the_game(tmp_path: Path) -> None:
    _line, where, message = problem_of(broken(tmp_path, "{type: fight}", "{type: jump}"))
    assert where == "$.steps[3].action" and "not an action of lastdungeon" in message


def test_the_guide_counts_the_human_s_steps() -> None:
    tutorial = lessons.load_tutorial("lastdungeon")
    guide = lessons.Guide(tutorial, LastDungeon)
    first = m.Play(card="d_goblin", space=1)
    assert guide.taught([]) == first and guide.last_why([]) is None
    assert guide.allows([], 0, first) and not guide.allows([], 0, m.Fight())
    assert guide.taught([0]) == m.Play(card="d_golem", space=2)
    assert guide.last_why([0]) == tutorial.steps[0].why
    done = [0] * len(tutorial.steps)
    assert guide.finished(done) and guide.taught(done) is None
    assert guide.allows(done, 0, m.Fight())  # free play after the last step
    assert guide.last_why(done) == tutorial.steps[-1].why and guide.last_why(done + [0]) is None


def test_every_tutorial_loads_and_plays_through() -> None:
    for game_id in lessons.available():
        tutorial = lessons.load_tutorial(game_id)
        assert tutorial.game == game_id and tutorial.steps


def dungeon_broken(tmp_path: Path, old: str, new: str) -> Path:
    text = lessons.tutorial_path("dungeon").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "dungeon.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_tutorial_is_held_to_the_end_it_names(tmp_path: Path) -> None:
    """``ends``: the last step must finish the game, and the way the file says."""
    line, where, message = problem_of(dungeon_broken(
        tmp_path, "ends: {outcome: dungeon.result.returned, winners: [0]}",
        "ends: {outcome: dungeon.result.found, winners: [0]}"))
    assert where == "$.ends" and line is not None and "dungeon.result.returned" in message


def test_a_tutorial_whose_game_goes_on_does_not_end(tmp_path: Path) -> None:
    text = lessons.tutorial_path("dungeon").read_text(encoding="utf-8")
    cut = text[: text.rindex("  - action: {type: end_turn}")]  # home, but the turn not ended
    path = tmp_path / "dungeon.yaml"
    path.write_text(cut, encoding="utf-8")
    _line, where, message = problem_of(path)
    assert (where, message) == ("$.ends", "the game is not over after the last step")


def test_a_game_s_further_parts_follow_its_first_tutorial() -> None:
    names = lessons.lessons()
    assert names.index("dungeon_spells") == names.index("dungeon") + 1
    assert names.index("market_professional") == names.index("market") + 1
    assert lessons.game_of("market_professional") == "market"
    assert lessons.load_tutorial("dungeon_spells").game == "dungeon"
