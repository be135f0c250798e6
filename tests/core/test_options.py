"""Options: each game declares every option once (kind, range or choices, default), and the
command line, scripts, saves and setup all refuse what the declaration refuses, the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dungeon_table import cli
from dungeon_table.core import registry
from dungeon_table.core.errors import SaveError
from dungeon_table.core.records import load_record
from dungeon_table.core.script import ScriptError, run_script
from dungeon_table.core.session import Session

# (game, options, what the message says), one per kind of mistake the issue names
REFUSED = [
    ("lastdungeon", {"dificulty": -20},
     "lastdungeon has no option 'dificulty' (did you mean 'difficulty'? options: difficulty, "
     "levels)"),
    ("lastdungeon", {"difficulty": -21},
     "option 'difficulty' of lastdungeon takes a whole number from -20 to 20 (got -21)"),
    ("lastdungeon", {"difficulty": 1.0},
     "option 'difficulty' of lastdungeon takes a whole number from -20 to 20 (got 1.0)"),
    ("dungeon", {"hunters": 4}, "option 'hunters' of dungeon takes one of 1, 2, 3 (got 4)"),
    ("dungeon", {"hunters": True}, "option 'hunters' of dungeon takes one of 1, 2, 3 (got True)"),
    ("dungeon", {"minutes": 0},
     "option 'minutes' of dungeon takes a whole number from 1 to 240 (got 0)"),
    ("dungeon", {"mode": "solo"}, "option 'mode' of dungeon takes one of race, treasure_hunt, "
                                  "time_attack, hunter (got 'solo')"),
    ("dungeon", {"heroes": "fighter,wizrd"},
     "option 'heroes' of dungeon names no hero 'wizrd' (heroes: rogue, cleric, fighter, wizard)"),
    ("market", {"chests": "no"}, "option 'chests' of market takes on or off (true or false) "
                                 "(got 'no')"),
    ("market", {"chests": 1}, "option 'chests' of market takes on or off (true or false) (got 1)"),
    ("market", {"ghosts_enter": "never"}, "option 'ghosts_enter' of market takes one of "
                                          "first_reshuffle, sword_bought (got 'never')"),
    ("relic", {"variant": True}, "relic has no option 'variant' (options: none)"),
]


def seats(game_id: str) -> list[str]:
    return ["human"] * registry.get(game_id).min_players


@pytest.mark.parametrize(("game_id", "options", "message"), REFUSED)
def test_check_options_refuses_with_the_reason(game_id: str, options: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        registry.get(game_id).check_options(options)
    assert str(caught.value) == message


@pytest.mark.parametrize(("game_id", "options", "message"), REFUSED)
def test_a_script_refuses_an_option_its_game_refuses(
    game_id: str, options: dict, message: str
) -> None:
    """``dificulty: -20`` used to run silently at difficulty 0."""
    with pytest.raises(ScriptError) as caught:
        run_script({"game": game_id, "seats": seats(game_id), "options": options})
    assert caught.value.index is None and caught.value.reason == message


def test_the_script_command_exits_2_naming_the_misspelt_option(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = tmp_path / "script.yaml"
    path.write_text("game: lastdungeon\noptions: {dificulty: -20}\n", encoding="utf-8")
    assert cli.main(["script", str(path)]) == 2
    assert "did you mean 'difficulty'?" in capsys.readouterr().err


@pytest.mark.parametrize(("game_id", "options", "message"), REFUSED)
def test_a_save_with_a_refused_option_does_not_load(
    game_id: str, options: dict, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "save.yaml"
    Session.new(game_id, seats(game_id), 1).save(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["options"].update(options)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(SaveError, match="refuses this setup") as caught:
        Session.load(path)
    assert message in str(caught.value)


@pytest.mark.parametrize(("game_id", "options", "message"), REFUSED)
def test_a_new_session_refuses_a_refused_option(game_id: str, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match="option"):
        Session.new(game_id, seats(game_id), 1, options)


@pytest.mark.parametrize(
    ("game_id", "option", "message"),
    [("dungeon", "hunters=4", "takes one of 1, 2, 3 (got 4)"),
     ("dungeon", "minutes=0", "from 1 to 240 (got 0)"),
     ("lastdungeon", "dificulty=1", "did you mean 'difficulty'?")],
)
def test_every_command_refuses_a_bad_option_before_it_plays(
    game_id: str, option: str, message: str, capsys: pytest.CaptureFixture,
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setattr(cli, "_ui_entry", lambda: pytest.fail("a window was opened"))
    for command in (["play", game_id], ["simulate", game_id, "--games", "1"]):
        assert cli.main([*command, "--option", option]) == 2, command
        assert message in capsys.readouterr().err


def test_good_options_within_their_declarations_play(tmp_path: Path) -> None:
    run = run_script({"game": "dungeon", "options": {"mode": "time_attack", "minutes": 90}})
    assert run.record.options["minutes"] == 90  # any whole number of minutes, not only offered
    run = run_script({"game": "lastdungeon", "options": {"difficulty": -20}})
    assert run.game.state.adventurer.power == 1  # type: ignore[attr-defined]  # the tests' device
    Session.new("market", seats("market"), 1, {"chests": True, "ghosts_enter": "sword_bought"})


def test_every_declaration_takes_its_own_default_and_offers_only_what_it_takes() -> None:
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        spec.check_options(spec.options)
        for name, values in spec.option_values.items():
            for value in values:
                spec.check_options({name: value})
        assert set(spec.option_values) <= set(spec.options), game_id


def test_a_record_keeps_every_option_at_its_value(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    Session.new("dungeon", ["human"], 1, {"mode": "hunter", "hunters": 3}).save(path)
    assert load_record(path).options == {"mode": "hunter", "hunters": 3, "hunt_level": 1,
                                         "minutes": 30, "heroes": ""}
