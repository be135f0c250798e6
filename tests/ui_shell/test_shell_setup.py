"""The new-game screen: seats, option values from the game's spec, option texts, layout."""

from __future__ import annotations

import dataclasses

from shell_helpers import menu_app

from dungeon_table.core import registry
from dungeon_table.ui.scenes.setup import SetupScene
from dungeon_table.ui.widgets import Choice


def _option_widget(scene: SetupScene, name: str) -> Choice:
    found = [w for w in scene.widgets if getattr(w, "option", None) == name]
    assert found, f"no widget for option {name!r}"
    return found[0]


def test_setup_offers_the_values_the_games_spec_lists(monkeypatch) -> None:  # noqa: ANN001
    spec = registry.get("lastdungeon")
    assert list(spec.option_values["difficulty"]) == [-1, 0, 1]
    monkeypatch.setitem(registry._REGISTRY, "lastdungeon",
                        dataclasses.replace(spec, option_values={"difficulty": [0, 2, 4]}))
    app = menu_app()
    scene = SetupScene(app, "lastdungeon")
    app.push(scene)
    app.step([])
    choice = _option_widget(scene, "difficulty")
    assert choice.values == [0, 2, 4]
    choice.cycle(1)
    assert scene.options["difficulty"] == 2
