"""``simulate --workers N``: the games spread over processes give the figures of one worker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dungeon_table.cli import main

TIMES = ("seconds", "games_per_second")


def figures(capsys: pytest.CaptureFixture, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    return {key: value for key, value in stats.items() if key not in TIMES}


@pytest.mark.parametrize(("game", "bots"), [("relic", "random,best"),
                                            ("lastdungeon", "greedy")])
def test_three_workers_give_the_figures_and_saves_of_one(
        game: str, bots: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    one, three = tmp_path / "one", tmp_path / "three"
    args = [game, "--games", "7", "--seed", "40", "--bots", bots]
    alone = figures(capsys, *args, "--workers", "1", "--save-dir", str(one))
    spread = figures(capsys, *args, "--workers", "3", "--save-dir", str(three))
    assert spread == alone
    saves = sorted(p.name for p in one.iterdir())
    assert len(saves) == 7 and saves == sorted(p.name for p in three.iterdir())
    for name in saves:
        assert (one / name).read_bytes() == (three / name).read_bytes(), name


def test_the_expert_with_fixed_playouts_plays_the_same_games_on_two_workers(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    args = ["relic", "--games", "2", "--seed", "3", "--bots", "expert,best", "--playouts", "6"]
    assert figures(capsys, *args, "--workers", "1") == figures(capsys, *args, "--workers", "2")


def test_workers_must_be_at_least_one(capsys: pytest.CaptureFixture) -> None:
    assert main(["simulate", "relic", "--games", "1", "--workers", "0"]) == 2
    assert main(["simulate", "relic", "--games", "1", "--playouts", "0"]) == 2
