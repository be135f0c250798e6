"""Setup as a new player met it (play-test): Dungeon!'s options translated and explained, only
those of the chosen mode, the modes named in full, no test-only ``heroes`` field; every game's
options and values in words in both languages, each value shown whole in its box; every option
on screen named, in words and explained, no id and no bare On/Off."""

from __future__ import annotations

import pygame
import pytest

from dungeon_table.core import registry
from dungeon_table.ui import fonts, i18n
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.menu import MainMenuScene
from dungeon_table.ui.scenes.setup import SetupScene, option_help, option_label, option_value_text
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
            assert i18n.has(f"option.{name}.help", lang), name
            for value in spec.option_values.get(name, []):
                assert option_value_text(name, value) != str(value), (name, value)
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


def drawn_texts(scene: SetupScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the setup screen draws in a frame."""
    drawn: list[str] = []
    text = fonts.text

    def spy(s: str, *args, **kwargs) -> pygame.Surface:  # noqa: ANN002, ANN003
        drawn.append(s)
        return text(s, *args, **kwargs)

    monkeypatch.setattr(fonts, "text", spy)
    scene.app.draw()
    monkeypatch.setattr(fonts, "text", text)
    return drawn


def raw_ids(spec: registry.GameSpec, name: str) -> set[str]:
    """What the screen would show of an option it could not put in words: its id (or the id
    spelt with spaces) and its values' ids."""
    values = [v for v in spec.option_values.get(name, []) if isinstance(v, str)]
    return {name, name.replace("_", " "), *values}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_shown_reads_in_words_with_its_explanation(
    game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each option of each mode on screen: its translated name, its value in its own words (an
    on/off one says what it does: "Treasure chests: Left out", not "Off"), its explanation beside
    it; never an option's id, nor a bare number (Last Dungeon's difficulty said "Easier (−1)"
    with no explanation, Market's house rules "On"/"Off")."""
    i18n.set_language(lang)
    try:
        spec = registry.get(game_id)
        scene = setup(game_id, lang)
        bare = {i18n.t("common.on"), i18n.t("common.off")}
        for mode in spec.option_values.get("mode", [None]):
            if mode is not None:
                scene.set_option("mode", mode)
            drawn = drawn_texts(scene, monkeypatch)
            for name in shown(scene):
                assert i18n.has(f"option.{name}", lang) and i18n.has(f"option.{name}.help", lang)
                assert option_label(name) in drawn, (name, "its name")
                explanation = option_help(name)
                assert any(line and explanation.startswith(line) for line in drawn), \
                    (name, "its explanation")
                for value in [False, True] if isinstance(spec.options[name], bool) else \
                        spec.option_values.get(name, []):
                    words = option_value_text(name, value)
                    assert words not in bare and words != str(value), (name, value, words)
                assert option_value_text(name, scene.chosen_options()[name]) in drawn
            for name in spec.option_specs:
                assert not raw_ids(spec, name) & set(drawn), (name, "an id on screen")
            assert not bare & set(drawn), "an On/Off that does not say what it turns on"
    finally:
        i18n.set_language("en")


def test_a_locked_option_says_which_game_holds_it() -> None:
    """Professional fixes the chests: the chests' row says so in the Professional's words."""
    scene = setup("market")
    scene.set_option("professional", True)
    text, _colour = scene._row_help("chests")
    assert text == i18n.t("setup.implied", option=option_label("professional"),
                          value=option_value_text("professional", True))
    assert option_value_text("professional", True) in text


def test_market_offers_when_the_ghosts_join_only_to_a_game_that_reshuffles() -> None:
    # two players never turn the discard pile over (MarketBase.can_refill): the option does nothing
    spec = registry.get("market")
    assert "ghosts_enter" not in spec.setup_options(spec.options, players=2)
    assert "ghosts_enter" in spec.setup_options(spec.options, players=3)
    assert "ghosts_enter" in spec.setup_options(spec.options)  # no count: every option it has


def test_market_offers_a_chests_hidden_card_only_with_chests() -> None:
    """The house rule gives a chest's buyer its hidden card: without chests there is none."""
    scene = setup("market")
    scene.set_option("chests", False)
    assert "chest_buyer_gets_card" not in scene.shown_options()
    scene.set_option("chests", True)
    assert "chest_buyer_gets_card" in scene.shown_options()
    scene.set_option("chests", False)
    scene.set_option("professional", True)  # Professional plays with the chests
    assert "chest_buyer_gets_card" in scene.shown_options()
