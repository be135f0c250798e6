"""Games are found, not listed: every package in ``dungeon_table/games/`` is one, registered from
its ``SPEC``; ``registry.discover`` finds those of any other package the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.core import registry

GAMES = Path(registry.__file__).resolve().parents[1] / "games"


def test_every_package_in_the_games_folder_is_a_registered_game() -> None:
    folders = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
    assert [g for g in registry.game_ids() if registry.get(g).in_app] == folders


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


def test_a_game_brings_its_own_words_even_when_it_joins_late(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its ``ui/i18n/<lang>.yaml``, read once it is registered, beside the app's catalogues."""
    from dungeon_table.ui import i18n

    assert i18n.t("menu.load")  # the catalogues are read before the game exists
    write_games(tmp_path, "late_games", {
        "late": "import dataclasses\nfrom core import toy\n"
                "SPEC = dataclasses.replace(toy.SPEC, game_id='late', game_class=type("
                "'Late', (toy.HighCard,), {'__module__': __name__}))\n"})
    words = tmp_path / "late_games" / "late" / "ui" / "i18n"
    words.mkdir(parents=True)
    (words / "en.yaml").write_text('game.late: "Late Arrival"\n', encoding="utf-8")
    (words / "ja.yaml").write_text('game.late: "遅れて来た者"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.discover("late_games")
    assert i18n.t("game.late") == "Late Arrival"
    assert i18n.catalogs()["ja"]["game.late"] == "遅れて来た者"
    assert i18n.t("game.torch") == "Torch", "the example game's own words"
