"""The Credits screen: reached from the main menu, it credits Game Icons and its authors and the
project's sounds, and Back returns to the menu."""

from __future__ import annotations

import pygame
from shell_helpers import click, key, labels, menu_app

from dungeon_table.core.assets import ICON_LICENCE, icon_authors
from dungeon_table.ui import i18n
from dungeon_table.ui.scenes.credits import CreditsScene
from dungeon_table.ui.scenes.menu import MainMenuScene


def test_credits_opens_from_the_main_menu_and_back_returns() -> None:
    app = menu_app()
    click(app, "menu.credits")
    assert isinstance(app.top, CreditsScene)
    assert i18n.t("common.back") in labels(app)
    click(app, "common.back")
    assert isinstance(app.top, MainMenuScene)
    click(app, "menu.credits")
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MainMenuScene)


def test_credits_name_the_set_its_licence_and_every_author_in_both_languages() -> None:
    authors = icon_authors()
    licence = ICON_LICENCE.read_text(encoding="utf-8")
    assert authors and all(f"- {name}" in licence for name in authors)
    app = menu_app()
    click(app, "menu.credits")
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        text = "\n".join(body for _, body in app.top.sections())
        assert "game-icons.net" in text and "CC BY 3.0" in text and "make_sounds" in text
        assert all(name in text for name in authors)
        app.step([])  # it draws in each language
