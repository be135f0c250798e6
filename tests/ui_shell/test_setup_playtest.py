"""Setup as a new player met it (play-test): Dungeon!'s options translated and explained, only
those of the chosen mode, the modes named in full, no test-only ``heroes`` field; every game's
options and values in words in both languages, each value shown whole in its box."""

from __future__ import annotations

import pygame
import pytest

from dungeon_table.core import registry
from dungeon_table.ui import fonts, i18n
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.menu import MainMenuScene
from dungeon_table.ui.scenes.setup import SetupScene, option_value_text
from dungeon_table.ui.settings import Settings

GAMES = ["lastdungeon", "market", "relic", "dungeon"]


def setup(game_id: str, lang: str = "en") -> SetupScene:
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0, lang=lang))
    app.push(MainMenuScene(app))
    scene = SetupScene(app, game_id)
    app.push(scene)
    app.step([])
    return scene


def shown(scene: SetupScene) -> list[str]:
    return [w.option for w in scene.widgets if hasattr(w, "option")]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("mode", "options"), [
    ("race", ["mode"]), ("hunter", ["mode", "hunters"]),
    ("treasure_hunt", ["mode", "hunt_level"]), ("time_attack", ["mode", "minutes"])])
def test_dungeon_setup_shows_only_the_options_of_the_chosen_mode(mode: str,
                                                                 options: list[str]) -> None:
    scene = setup("dungeon")
    assert shown(scene) == ["mode"], "the race has no other option; no heroes field"
    scene.set_option("mode", mode)
    assert shown(scene) == options
    assert scene.chosen_options()["mode"] == mode


def test_the_preset_heroes_stay_an_option_of_scripts_and_the_command_line() -> None:
    spec = registry.get("dungeon")
    assert "heroes" in spec.options and "heroes" not in spec.setup_options(spec.options)
    spec.check_options({"heroes": "fighter"})


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_and_value_is_in_words_and_shown_whole(game_id: str, lang: str) -> None:
    i18n.set_language(lang)
    try:
        spec = registry.get(game_id)
        for name, option in spec.option_specs.items():
            if not option.at_setup:
                continue
            assert i18n.has(f"option.{name}", lang), name
            assert i18n.has(f"option.{name}.help", lang) or game_id == "lastdungeon", name
            for value in spec.option_values.get(name, []):
                assert option_value_text(name, value) != str(value) or isinstance(value, int) \
                    and name == "difficulty", (name, value)
        scene = setup(game_id, lang)
        modes = spec.option_values.get("mode", [None])
        for mode in modes:
            if mode is not None:
                scene.set_option("mode", mode)
            th = scene.th
            for widget in scene.widgets:
                name = getattr(widget, "option", None)
                if name is None:
                    continue
                box, left, _right = widget._parts()  # type: ignore[attr-defined]
                for value in widget.values:  # type: ignore[attr-defined]
                    text = option_value_text(name, value)
                    drawn = fonts.shrink_to_fit(text, "body", box.w - 2 * left.w, th.scale, True)
                    assert drawn[0] == text, (name, text, "cut short")
    finally:
        i18n.set_language("en")
