"""Small parts of the kit: data paths, the random bot, options declared by the games.

(That every package ships: tests/core/test_packaging.py, which builds an installed copy.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core import paths, registry


def test_data_home_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path / "dt"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_home() == tmp_path / "dt"
    monkeypatch.delenv("DUNGEON_TABLE_HOME")
    assert paths.data_home() == tmp_path / "xdg" / "dungeon_table"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert paths.data_home() == tmp_path / "home" / ".local" / "share" / "dungeon_table"


def test_save_paths(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))
    assert paths.autosave_path("lastdungeon") == tmp_path / "saves" / "autosave-lastdungeon.yaml"
    assert paths.settings_path() == tmp_path / "settings.yaml"
    first = paths.save_path("toy", when=0)
    assert first == tmp_path / "saves" / "toy-19700101-000000.yaml"
    first.write_text("x")
    assert paths.save_path("toy", when=0).name == "toy-19700101-000000-2.yaml"


def test_random_bot_is_seeded_and_picks_only_legal_actions() -> None:
    legal = list(range(10))
    picks = [RandomBot(5).choose(None, legal) for _ in range(3)]
    assert len(set(picks)) == 1  # same seed, same first pick
    bot = RandomBot(5)
    run = [bot.choose(None, legal) for _ in range(50)]
    assert set(run) <= set(legal) and len(set(run)) > 3
    with pytest.raises(ValueError, match="no legal action"):
        bot.choose(None, [])


def test_every_game_has_random_and_best(toy: str) -> None:
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        assert {"random", "best"} <= set(spec.bot_names())
        game = spec.new_game(["bot"] * spec.min_players, seed=1)
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for level in ("random", "best"):
            assert spec.make_bot(level, 1).choose(game.view(seat), legal) in legal, level
        assert type(spec.make_bot("best", 1)) is type(spec.make_bot(spec.best, 1))
        with pytest.raises(ValueError, match="unknown bot"):
            spec.make_bot("genius", 1)


def test_implied_options_fix_options_the_game_has_to_values_it_offers() -> None:
    # Setup locks these at the value shown; a misspelt name or value would show a lock on
    # nothing, or start a game the engine plays otherwise.
    market = registry.get("market")
    assert market.implied_options == {
        "professional": {"chests": True, "ghosts_enter": "first_reshuffle"}}
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        for by, fixed in spec.implied_options.items():
            assert isinstance(spec.options[by], bool), (game_id, by, "an on/off option fixes")
            spec.check_options(dict(fixed))
            for name, value in fixed.items():
                assert name != by and value in spec.option_values.get(name, [value]), (
                    game_id, name, value)
