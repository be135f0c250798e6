"""The new-game screen: seats, option values from the game's spec, option texts, layout."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest
from shell_helpers import labels, menu_app

from dungeon_table.core import registry
from dungeon_table.ui import i18n
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scenes.setup import SetupScene, option_label, option_value_text
from dungeon_table.ui.widgets import Choice


def _option_widget(scene: SetupScene, name: str) -> Choice:
    found = [w for w in scene.widgets if getattr(w, "option", None) == name]
    assert found, f"no widget for option {name!r}"
    return found[0]


def test_setup_offers_the_values_the_games_spec_lists(monkeypatch) -> None:  # noqa: ANN001
    spec = registry.get("lastdungeon")
    assert list(spec.option_values["difficulty"]) == [-1, 0, 1]
    monkeypatch.setitem(registry._REGISTRY, "lastdungeon", dataclasses.replace(
        spec, option_specs={"difficulty": registry.Option(0, offered=(0, 2, 4))}))
    app = menu_app()
    scene = SetupScene(app, "lastdungeon")
    app.push(scene)
    app.step([])
    choice = _option_widget(scene, "difficulty")
    assert choice.values == [0, 2, 4]
    choice.cycle(1)
    assert scene.options["difficulty"] == 2


MARKET_OPTIONS = {"chests": False, "professional": False, "gems_defend": True,
                  "chest_buyer_gets_card": False, "ghosts_enter": "first_reshuffle"}


@pytest.fixture
def house_rules() -> Iterator[str]:
    """The sealed-bid toy (2-4 seats) carrying Dungeon Market's five options and their texts,
    and the rule that Professional fixes the chests (as the setup knows it for the market)."""
    from core import toy

    registry.register(dataclasses.replace(
        toy.SEALED_SPEC, option_specs=registry.get("market").option_specs,
        implied_options=registry.get("market").implied_options))
    yield "toy_bid"
    registry._REGISTRY.pop("toy_bid", None)


def _setup(game_id: str, seats: list[str] | None = None, **settings: object) -> SetupScene:
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes.menu import MainMenuScene
    from dungeon_table.ui.settings import Settings

    app = App(surface=pygame.Surface(settings.pop("size", (1280, 720))),  # type: ignore[arg-type]
              settings=Settings(anim_speed=0, **settings))  # type: ignore[arg-type]
    app.push(MainMenuScene(app))
    scene = SetupScene(app, game_id, seats)
    app.push(scene)
    app.step([])
    return scene


def test_professional_shows_the_chests_on_and_locked_and_starts_with_them(
    house_rules: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dungeon_table.ui.scenes import nav

    started: list[dict] = []
    monkeypatch.setattr(nav, "start_game", lambda app, game, seats, seed, options, names:
                        started.append(options))
    scene = _setup(house_rules, ["human", "bot:random", "bot:random"])
    chests = _option_widget(scene, "chests")
    assert chests.enabled and chests.value is False
    _option_widget(scene, "professional").cycle(1)
    chests, ghosts = _option_widget(scene, "chests"), _option_widget(scene, "ghosts_enter")
    assert chests.value is True and not chests.enabled, "on, and it cannot be turned off"
    assert ghosts.value == "first_reshuffle" and not ghosts.enabled
    assert scene.options["chests"] is False, "the player's own choice comes back afterwards"
    assert t("setup.implied", option=option_label("professional"),
             value=option_value_text("professional", True)) == \
        "Always so in the Professional game."
    scene.start()
    assert started and started[0]["chests"] is True and started[0]["professional"] is True


def test_turning_professional_off_gives_the_chests_back(house_rules: str) -> None:
    scene = _setup(house_rules)
    _option_widget(scene, "chests").cycle(1)
    _option_widget(scene, "professional").cycle(1)
    _option_widget(scene, "professional").cycle(1)
    chests = _option_widget(scene, "chests")
    assert chests.enabled and chests.value is True
    chests.cycle(1)
    assert scene.chosen_options()["chests"] is False


def test_the_market_options_have_names_and_explanations_in_both_languages() -> None:
    for lang in ("en", "ja"):
        for name in MARKET_OPTIONS:
            assert i18n.has(f"option.{name}", lang) and i18n.has(f"option.{name}.help", lang)
        for value in ("first_reshuffle", "sword_bought"):
            assert i18n.has(f"option.ghosts_enter.{value}", lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_seats_and_five_explained_options_fit_at_every_scale(
    house_rules: str, lang: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four seats and five house rules at 1280x720: at UI scale 125 % the last rows ran off the
    window's foot, at 75 % the explanations outgrew their rows."""
    from dungeon_table.ui import fonts

    cut: list[str] = []
    fit = fonts.fit

    def spy(s: str, *args, **kwargs) -> str:  # noqa: ANN002, ANN003
        out = fit(s, *args, **kwargs)
        if out != s:
            cut.append(s)
        return out

    monkeypatch.setattr(fonts, "fit", spy)
    for scale in (0.75, 1.0, 1.25, 1.5):
        scene = _setup(house_rules, ["human", "bot:random", "human", "bot:random"],
                       lang=lang, ui_scale=scale)
        scene.set_option("chests", True)  # every option shown: a chest's card needs chests
        scene.app.step([])
        scene.app.draw()
        panel = scene.panel_rect()
        assert scene.app.surface.get_rect().contains(panel), (scale, panel)
        for w in scene.widgets:
            assert panel.contains(w.rect), (scale, w.rect, panel)
        rows = [rect for _name, rect in scene.option_rows]
        assert len(rows) == 5 and all(a.bottom < b.top for a, b in zip(rows, rows[1:], strict=False))
    assert cut == [], ("no label, value or explanation cut short", cut)


def test_a_game_whose_options_cannot_be_read_says_so_on_the_menu(house_rules: str) -> None:
    """Options may come lazily from a card file: a broken one must not take the menu down."""
    from shell_helpers import click_at

    from dungeon_table.core.registry import LazyOptions
    from dungeon_table.ui.scenes.menu import MainMenuScene

    def broken() -> dict:
        raise ValueError("cards/toy.yaml:3: options: expected a mapping")

    spec = registry.get(house_rules)
    registry.register(dataclasses.replace(spec, option_specs=LazyOptions(broken)))
    app = menu_app()
    tile = next(w for w in app.top.widgets if getattr(w, "game_id", None) == house_rules)
    app.step(click_at(tile.rect.center))
    assert isinstance(app.top, MainMenuScene)
    assert app.top.error is not None and "expected a mapping" in app.top.error


def test_the_menu_offers_dungeon_market_and_its_setup_explains_every_option() -> None:
    from shell_helpers import click_at

    from dungeon_table.ui.scenes.setup import option_help, option_label

    spec = registry.get("market")
    assert set(spec.options) == set(MARKET_OPTIONS), "the setup's texts cover the game's options"
    for lang in ("en", "ja"):
        assert i18n.has("game.market", lang)
    app = menu_app()
    tile = next(w for w in app.top.widgets if getattr(w, "game_id", None) == "market")
    app.step(click_at(tile.rect.center))
    scene = app.top
    assert isinstance(scene, SetupScene) and scene.count == 2
    # two never reshuffle; a chest's hidden card waits for the chests
    two = [name for name in spec.options if name not in ("ghosts_enter", "chest_buyer_gets_card")]
    assert [name for name, _rect in scene.option_rows] == two
    for name in spec.options:
        assert option_label(name) != name.replace("_", " ") and option_help(name)
    scene.set_count(3)
    scene.set_option("chests", True)
    scene.app.step([])
    assert [name for name, _rect in scene.option_rows] == list(spec.options)
    assert _option_widget(scene, "ghosts_enter").values == ["first_reshuffle", "sword_bought"]


def test_a_player_count_that_plays_a_variant_is_marked_in_setup() -> None:
    scene = _setup("relic", ["human", "human"])
    assert scene.variant_note() == ""
    scene.set_count(3)
    assert scene.variant_note() == "Variant: two decks"
    scene.app.step([])
    assert scene.players_row.right < scene.panel_rect().right


def test_a_name_takes_no_control_character_and_the_save_keeps_it_as_typed() -> None:
    """A NUL or a line break in a name crashed the table; the name field now drops what a save
    refuses, so setup takes exactly the names a save may hold."""
    from shell_helpers import click, click_at

    from dungeon_table.core import paths
    from dungeon_table.core.session import Session
    from dungeon_table.ui.widgets import TextField

    app = menu_app()
    click(app, "game.lastdungeon")
    name = [w for w in app.top.widgets if isinstance(w, TextField) and w.allowed is None][0]
    app.step(click_at(name.rect.center))
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Ad\x00a\u2028 Lovelace\x1b, Countess")])
    assert app.top.names[0] == "Ada Lovelace, Co", "16 characters, none of them a control"
    click(app, "setup.start")
    assert Session.load(paths.autosave_path("lastdungeon")).names == ["Ada Lovelace, Co"]


@pytest.mark.parametrize("daily", [True, False])
def test_the_daily_toggle_is_offered_where_the_game_declares_a_daily_run(
        monkeypatch: pytest.MonkeyPatch, daily: bool) -> None:
    """A capability of the game (``GameSpec.daily``), not a list of game ids in the setup."""
    spec = registry.get("relic")
    monkeypatch.setitem(registry._REGISTRY, "relic", dataclasses.replace(spec, daily=daily))
    assert (t("setup.daily") in labels(_setup("relic").app)) is daily
    assert t("setup.daily") in labels(_setup("lastdungeon").app)


@pytest.mark.parametrize("game_id", ["lastdungeon", "market", "relic", "dungeon"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bot_seat_offers_its_levels_weakest_first_and_the_expert_last(
    game_id: str, lang: str,
) -> None:
    """The level choice reads as a ladder: random first, the game's strong bot (the default) next to
    last and the expert, which searches on top of it, last; no two levels read alike."""
    i18n.set_language(lang)
    try:
        scene = _setup(game_id, ["human", "bot:best"] if registry.get(game_id).max_players > 1
                       else ["bot:best"])
        level = [w for w in scene.widgets if isinstance(w, Choice) and "expert" in w.values][0]
        assert level.values[0] == "random" and level.values[-2:] == ["best", "expert"]
        assert level.value == "best"
        shown = [level.fmt(v) for v in level.values]
        assert len(set(shown)) == len(shown), shown
        level.cycle(1)
        assert scene.seats()[-1] == "bot:expert"
    finally:
        i18n.set_language("en")
