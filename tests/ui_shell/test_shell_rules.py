"""The in-app rules: Dungeon Market's summary in both languages, and the help screen showing it."""

from __future__ import annotations

import re

import pytest
from shell_helpers import menu_app

from dungeon_table.ui import i18n

# In the rulebook's order: the game's end (its scoring phase) comes before the Professional expansion.
SECTIONS = ["Goal", "The dungeon cards", "Setup", "Your turn: exploration", "Burst", "Market phase",
            "Treasure chests", "Game end", "Professional", "House rules", "Playing here"]


def _body(lang: str) -> str:
    return i18n.catalogs()[lang]["rules.market.body"]


def test_the_market_rules_cover_every_part_of_the_game() -> None:
    headings = re.findall(r"^## (.+)$", _body("en"), re.MULTILINE)
    assert [h.split(" (")[0] for h in headings] == SECTIONS


def test_the_japanese_rules_have_the_same_parts_and_points() -> None:
    """The same sections, bullets and numbers in both languages: one was not left behind."""
    en, ja = _body("en"), _body("ja")
    assert len(re.findall(r"^## ", ja, re.MULTILINE)) == len(SECTIONS)
    assert len(re.findall(r"^- ", ja, re.MULTILINE)) == len(re.findall(r"^- ", en, re.MULTILINE))
    for number in ("15G", "40", "30", "5G", "13", "−2", "−4", "15点"):
        assert number in ja, number
    assert "15G" in en and "4 / 0 / −2 / −4" in en


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_screen_lays_out_the_market_text_and_scrolls_to_its_end(lang: str) -> None:
    from dungeon_table.ui.scenes.rules_help import RulesHelpScene

    app = menu_app()
    i18n.set_language(lang)
    scene = RulesHelpScene(app, "market")
    scene.games = [*scene.games, "market"] if "market" not in scene.games else scene.games
    scene.game_id = "market"
    app.push(scene)
    app.step([])
    assert scene.text_h > 4 * scene.text_rect().h, "a full summary, several screens long"
    scene.scroll_by(10**9)
    assert scene.scroll == scene.text_h - scene.text_rect().h


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_games_page_lists_every_key_the_table_takes(lang: str) -> None:
    """The relic page named neither Ctrl+Z, H nor Space: the keys are one shared section now."""
    from dungeon_table.core import registry
    from dungeon_table.ui.scenes.rules_help import page_text

    i18n.set_language(lang)
    space = "Space" if lang == "en" else "スペース"
    for game_id in registry.game_ids():
        text = page_text(game_id)
        for name in ("Tab", "Enter", space, "H：" if lang == "ja" else "H: hint", "Ctrl+Z",
                     "Esc", "F11", "Backspace"):
            assert name in text, (game_id, name)
