"""The script runner: notation in, state + events + result out; illegal actions name their index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from dungeon_table.cli import main
from dungeon_table.core import registry
from dungeon_table.core.script import ScriptError, run_script

STACK = {"deck": [5, 1, 3, 2, 4]}  # seat 0 gets 5, 3; seat 1 gets 1, 2; 4 is drawn next


def script(toy: str, actions: list[dict], **more: object) -> dict:
    return {"game": toy, "seed": 1, "stack": STACK, "actions": actions, **more}


def test_script_gives_state_events_and_result(toy: str) -> None:
    run = run_script(script(toy, [
        {"seat": 0, "type": "draw"},
        {"type": "play", "card": 4},          # seat left out: the one seat to act
        {"seat": 1, "type": "play", "card": 2},
        {"type": "play", "card": 5},
        {"type": "play", "card": 1},
    ]))
    out = run.to_json()
    assert out["state"]["rounds_won"] == [2, 0]
    assert out["result"]["winners"] == [0]
    assert out["events"][0] == {
        "type": "card_drawn", "to": [0], "seat": 0, "card": 4, "action_index": 0, "acting_seat": 0,
    }
    won = [e for e in out["events"] if e["type"] == "round_won"]
    assert [(e["winner"], e["action_index"], e["acting_seat"]) for e in won] == [(0, 2, 1), (0, 4, 1)]
    assert out["actions"][1] == {"seat": 0, "type": "play", "card": 4}
    json.dumps(out)  # plain data all the way down


def test_illegal_action_names_its_index_and_reason(toy: str) -> None:
    with pytest.raises(ScriptError) as caught:
        run_script(script(toy, [{"type": "draw"}, {"type": "draw"}]))
    assert caught.value.index == 1
    assert str(caught.value) == "action 1: you have drawn this turn already"


def test_wrong_seat_names_whose_turn_it_is(toy: str) -> None:
    with pytest.raises(ScriptError, match=r"action 0: seat 1 is not to act now \(to act: \[0\]\)"):
        run_script(script(toy, [{"seat": 1, "type": "play", "card": 1}]))


def test_bot_seats_play_by_themselves(toy: str) -> None:
    run = run_script(script(toy, [
        {"seat": 0, "type": "play", "card": 5},
        {"seat": 0, "type": "play", "card": 3},  # the bot in seat 1 plays in between
    ], seats=["human", "bot:random"]))
    seats = [(a["seat"], a["type"]) for a in run.record.actions]
    assert seats == [(0, "play"), (1, "play"), (0, "play")]
    bot_events = [e for e in run.events if e["action_index"] is None]
    assert bot_events and all(e["acting_seat"] == 1 for e in bot_events)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seed": 1}, "missing required field `game`"),
        ({"game": "toy", "acions": []}, "unknown field `acions`"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "toy", "seats": ["human"]}, "toy takes 2-2 seats"),
        ({"game": "toy", "stack": {"pile": [1]}}, "toy has no deck named"),
    ],
)
def test_broken_script_is_refused(toy: str, data: dict, message: str) -> None:
    with pytest.raises(ScriptError, match=message) as caught:
        run_script(data)
    assert caught.value.index is None


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_cli_script_prints_json(toy: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = write(tmp_path, script(toy, [{"type": "sort"}]))
    assert main(["script", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"]["hands"][0] == [3, 5]
    assert out["events"] == [{"type": "hand_sorted", "seat": 0, "action_index": 0, "acting_seat": 0}]
    assert out["result"] is None


def test_cli_script_exits_3_on_illegal_action(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = write(tmp_path, script(toy, [{"type": "sort"}, {"type": "play", "card": 9}]))
    assert main(["script", str(path)]) == 3
    err = capsys.readouterr().err
    assert "script.yaml: action 1: card 9 is not in your hand" in err


def test_cli_script_exits_2_on_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "script.yaml"
    path.write_text("game: toy\nactions: [\n", encoding="utf-8")
    assert main(["script", str(path)]) == 2
    assert "script.yaml:3: bad YAML" in capsys.readouterr().err


README_SCRIPT = Path(__file__).parent / "scripts" / "lastdungeon_first_fight.yaml"


@pytest.mark.skipif(
    "lastdungeon" not in registry.game_ids(),
    reason="Last Dungeon is not registered yet",
)
def test_the_readme_script_runs(capsys: pytest.CaptureFixture) -> None:
    assert main(["script", str(README_SCRIPT)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [e["type"] for e in out["events"]][:2] == ["card_played", "card_played"]
    assert all(e["acting_seat"] == 0 for e in out["events"])
