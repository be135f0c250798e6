"""The command line without a window: simulate, replay --check, argument errors."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from dungeon_table import cli
from dungeon_table.cli import main
from dungeon_table.core import registry
from dungeon_table.core.records import load_record, save_record
from dungeon_table.core.session import Session

KEYS = {"game", "games", "finished", "wins_by_seat", "mean_actions", "games_per_second"}


def simulate_json(capsys: pytest.CaptureFixture, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_prints_the_figures(toy: str, capsys: pytest.CaptureFixture) -> None:
    stats = simulate_json(capsys, toy, "--games", "30", "--seed", "5")
    assert KEYS <= set(stats)
    assert stats["games"] == stats["finished"] == 30
    assert len(stats["wins_by_seat"]) == 2
    again = simulate_json(capsys, toy, "--games", "30", "--seed", "5")
    assert again["wins_by_seat"] == stats["wins_by_seat"]  # same seeds, same games
    assert again["mean_actions"] == stats["mean_actions"]
    assert main(["simulate", toy, "--games", "3"]) == 0
    text = capsys.readouterr().out
    assert "wins by seat:" in text and "games/s" in text and "mean" in text


def test_simulate_bot_names(toy: str, capsys: pytest.CaptureFixture) -> None:
    stats = simulate_json(capsys, toy, "--games", "2", "--bots", "random,best")
    assert stats["seats"] == ["bot:random", "bot:best"]
    assert main(["simulate", toy, "--bot", "genius"]) == 2
    assert "unknown seat 'bot:genius'" in capsys.readouterr().err
    assert main(["simulate", toy, "--players", "3"]) == 2
    assert main(["simulate", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_simulate_keeps_every_save(toy: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    simulate_json(capsys, toy, "--games", "3", "--seed", "10", "--save-dir", str(tmp_path))
    saves = sorted(p.name for p in tmp_path.iterdir())
    assert saves == ["toy-10.yaml", "toy-11.yaml", "toy-12.yaml"]
    session = Session.load(tmp_path / "toy-11.yaml")
    assert session.game.result() is not None and session.record.seed == 11


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is registered only in this process, so the second replay runs here too."""
    monkeypatch.setattr(cli, "_digests_elsewhere", cli.state_digests)


def finished_save(toy: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> Path:
    simulate_json(capsys, toy, "--games", "1", "--seed", "3", "--save-dir", str(tmp_path))
    return tmp_path / "toy-3.yaml"


def test_replay_check_prints_the_final_state(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture, in_process: None
) -> None:
    path = finished_save(toy, tmp_path, capsys)
    assert main(["replay", "--check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "toy, seed 3, seats bot:random, bot:random" in out
    assert "identical in two processes" in out and "over: result.won" in out


def test_replay_check_fails_on_divergence(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = finished_save(toy, tmp_path, capsys)
    monkeypatch.setattr(cli, "_digests_elsewhere", lambda p: ["x"] * 50)
    assert main(["replay", "--check", str(path)]) == 1
    assert "replays diverge at the setup" in capsys.readouterr().err


def test_replay_check_fails_on_a_refused_action(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture, in_process: None
) -> None:
    path = finished_save(toy, tmp_path, capsys)
    record = load_record(path)
    record.actions[0] = {"seat": 0, "type": "play", "card": 42}
    save_record(record, path)
    assert main(["replay", "--check", str(path)]) == 1
    assert "action 0 {seat: 0, type: play, card: 42} refused" in capsys.readouterr().err


@pytest.mark.skipif(
    "lastdungeon" not in registry.game_ids(), reason="Last Dungeon is not registered yet"
)
def test_replay_check_in_a_second_process(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    args = ["simulate", "lastdungeon", "--games", "1", "--seed", "2", "--save-dir", str(tmp_path)]
    assert main([*args, "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", "--check", str(tmp_path / "lastdungeon-2.yaml")]) == 0
    assert "identical in two processes" in capsys.readouterr().out


def test_shot_command_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    args = ["shot", "lastdungeon", "--seed", "3", "--steps", "12", "--size", "1280x720"]
    assert main([*args, "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_shot_takes_seats_and_options_like_play(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    out = tmp_path / "table.png"
    args = ["shot", "lastdungeon", "--steps", "2", "--size", "1280x720", "--out", str(out)]
    assert main([*args, "--option", "difficulty=1", "--seats", "human"]) == 0
    assert out.exists()
    assert main([*args, "--option", "colour=red"]) == 2
    assert "no option 'colour'" in capsys.readouterr().err
    assert main([*args, "--players", "3"]) == 2  # a solo game takes one seat


@pytest.mark.parametrize("where", ["before", "after"])
def test_shot_draws_in_the_language_asked_before_or_after_the_command(
    where: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``dungeon-table --lang ja shot ...`` as ``shot ... --lang ja`` (the command's own default
    once overrode the app's option, and the picture came out in English); neither: English."""
    drawn: list[str] = []
    entry = cli._ui_entry()
    assert entry is not None
    monkeypatch.setattr(entry, "render_shot", lambda *a, **k: drawn.append(a[4]))
    args = ["shot", "lastdungeon", "--steps", "1", "--out", str(tmp_path / "x.png")]
    lang = ["--lang", "ja"]
    assert main([*lang, *args] if where == "before" else [*args, *lang]) == 0
    assert main(args) == 0
    assert drawn == ["ja", "en"]


def test_play_refuses_bad_seats_before_opening_a_window(
    toy: str, capsys: pytest.CaptureFixture
) -> None:
    assert main(["play", toy, "--seats", "human,robot"]) == 2
    assert "unknown seat 'robot'" in capsys.readouterr().err


def test_option_values_are_yaml() -> None:
    assert cli.parse_option("difficulty=-1") == ("difficulty", -1)
    assert cli.parse_option("chests=true") == ("chests", True)
    assert cli.parse_option("name=Ada") == ("name", "Ada")
    assert cli.parse_seed("42") == 42
    assert cli.parse_seed("daily") == int(time.strftime("%Y%m%d", time.gmtime()))  # UTC, as the app
    assert cli.parse_size("1280x720") == (1280, 720)


def test_python_dash_m_is_the_same_command() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "dungeon_table", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    for command in ("play", "simulate", "script", "replay", "shot", "cards"):
        assert command in done.stdout


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """`dungeon-table simulate ... --json | head -c 100` ended in a BrokenPipeError traceback."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "dungeon_table", "script",
         "tests/core/scripts/lastdungeon_first_fight.yaml"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).parents[2],
    )
    assert proc.stdout is not None
    proc.stdout.close()  # the reader is gone before the output comes
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    assert proc.returncode == 0


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("colour=red", "lastdungeon has no option 'colour' (options: difficulty, levels)"),
        ("difficulty=hard", "option 'difficulty' of lastdungeon takes a whole number from -20 to "
                            "20 (got 'hard')"),
    ],
)
def test_play_refuses_a_bad_option_before_opening_a_window(
    option: str, message: str, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "_ui_entry", lambda: pytest.fail("a window was opened"))
    assert main(["play", "lastdungeon", "--option", option]) == 2
    assert message in capsys.readouterr().err
    assert main(["simulate", "lastdungeon", "--games", "1", "--option", option]) == 2
    assert message in capsys.readouterr().err


def test_a_good_option_reaches_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[dict] = []

    class Entry:
        @staticmethod
        def run_app(play: dict, lang: str | None) -> int:
            opened.append(play)
            return 0

    monkeypatch.setattr(cli, "_ui_entry", lambda: Entry)
    assert main(["play", "lastdungeon", "--seed", "4", "--option", "difficulty=1"]) == 0
    assert opened == [
        {"game": "lastdungeon", "seats": ["human"], "seed": 4, "options": {"difficulty": 1}}
    ]


# --- damaged files: a clear error and exit 2, never a traceback --------------------------------
def _damaged(tmp_path: Path, name: str) -> Path:
    from .hostile import DAMAGED_SAVES, encoded

    path = tmp_path / f"{name}.yaml"
    path.write_bytes(encoded(DAMAGED_SAVES[name][0]))
    return path


@pytest.mark.parametrize(("name", "reason"), [
    ("nested_flow", "line 8: nested deeper than 16 levels"),
    ("huge_seed", "line 3: a number of 5,000 characters"),
    ("laughs", "aliases are not allowed"),
])
def test_replay_check_on_a_damaged_save_says_why_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture, name: str, reason: str
) -> None:
    path = _damaged(tmp_path, name)
    assert main(["replay", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dungeon-table: {path}: damaged save, ") and reason in err


def test_script_with_a_bot_level_the_game_lacks_exits_2(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {toy}\nseats: [human, 'bot:genius']\nactions: []\n", encoding="utf-8")
    assert main(["script", str(path)]) == 2
    assert "unknown seat 'bot:genius' (known: human, bot:best, bot:random)" in \
        capsys.readouterr().err


def test_script_nested_too_deep_exits_2_naming_its_line(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {toy}\nactions:\n- {{type: play, card: " + "[" * 1000 + "]" * 1000
                    + "}\n", encoding="utf-8")
    assert main(["script", str(path)]) == 2
    assert f"{path}:3: nested deeper than 16 levels" in capsys.readouterr().err


def test_simulate_on_a_broken_card_file_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dungeon_table.core.cards import CARDS_DIR
    from dungeon_table.games.market import base, cards

    broken = tmp_path / "market.yaml"
    text = (CARDS_DIR / "market.yaml").read_text(encoding="utf-8")
    broken.write_text(text.replace("coin_divisor:", "coin_divisor: [", 1), encoding="utf-8")
    monkeypatch.setattr(base, "load_cards", lambda: cards.load.__wrapped__(broken))
    assert main(["simulate", "market", "--players", "2", "--games", "1"]) == 2
    assert f"dungeon-table: {broken}:" in capsys.readouterr().err


def test_a_seed_past_64_bits_is_refused_as_an_argument(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "lastdungeon", "--seed", "9" * 5000])
    assert caught.value.code == 2
    assert "a seed is a 64-bit integer or 'daily', got '999" in capsys.readouterr().err
