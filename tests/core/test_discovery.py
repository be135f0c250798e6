"""Games are found, not listed: every package in ``dungeon_table/games/`` is one, registered from
its ``SPEC``; ``registry.discover`` finds those of any other package the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.core import registry

GAMES = Path(registry.__file__).resolve().parents[1] / "games"


def test_every_package_in_the_games_folder_is_a_registered_game() -> None:
    folders = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
    assert registry.game_ids() == folders


def write_games(root: Path, name: str, games: dict[str, str]) -> None:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text("")
    for game, body in games.items():
        (root / name / game).mkdir()
        (root / name / game / "__init__.py").write_text(body)


def test_discovery_registers_each_game_of_another_folder(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    write_games(tmp_path, "more_games", {
        "mini": "import dataclasses\nfrom core import toy\n"
                "SPEC = dataclasses.replace(toy.SPEC, game_id='mini')\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    assert registry.discover("more_games") == ["mini"]
    assert "mini" in registry.game_ids() and registry.get("mini").game_id == "mini"


def test_a_game_package_without_its_spec_is_an_error_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_games(tmp_path, "broken_games", {"nameless": "SPECS = None\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match="broken_games.nameless: .* SPEC"):
        registry.discover("broken_games")
