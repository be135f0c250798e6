"""Settings: live language switch, persistence, and a damaged settings file."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from core.hostile import DAMAGED_SETTINGS
from shell_helpers import click, click_at, key, labels, menu_app, widget

from dungeon_table.core import damaged
from dungeon_table.ui import i18n
from dungeon_table.ui import settings as settings_io
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scenes.menu import MainMenuScene
from dungeon_table.ui.scenes.settings import SettingsScene


def _language_choice(app):  # noqa: ANN001, ANN202
    return widget(app, t("settings.language"))


def test_menu_settings_switch_to_japanese_and_back(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    click(app, "menu.settings")
    assert isinstance(app.top, SettingsScene)
    app.step(click_at(_language_choice(app).rect.move(-4, 0).midright))  # en -> ja
    assert i18n.language() == "ja"
    assert "言語" in labels(app), "the settings screen relabels itself at once"
    assert settings_io.load(tmp_path / "settings.yaml").lang == "ja", "the choice is saved"
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MainMenuScene)
    assert "設定" in labels(app), "the menu below relabelled too"
    click(app, "menu.settings")
    app.step(click_at(_language_choice(app).rect.move(-4, 0).midright))
    assert i18n.language() == "en"
    assert settings_io.load(tmp_path / "settings.yaml").lang == "en"


def test_keyboard_changes_a_setting(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    click(app, "menu.settings")
    # Language has the focus on arrival; Down moves to the animation speed, Right raises it.
    app.step([key(pygame.K_DOWN), key(pygame.K_RIGHT)])
    assert app.settings.anim_speed == 0.5  # from off (0) to the next step
    assert settings_io.load(tmp_path / "settings.yaml").anim_speed == 0.5


def test_ui_scale_relayouts_every_scene(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    before = app.theme.scale
    click(app, "menu.settings")
    app.step(click_at(widget(app, t("settings.ui_scale")).rect.move(-4, 0).midright))
    assert app.settings.ui_scale > 1.0
    assert app.theme.scale > before


@pytest.mark.parametrize("name", sorted(DAMAGED_SETTINGS))
def test_a_damaged_settings_file_is_set_aside_and_the_defaults_used(
    tmp_path: Path, name: str
) -> None:
    """Nested 500 deep or holding a 5,000-digit number, settings.yaml stopped the app at every
    start; a value out of range or an unknown key was silently dropped. The file is now refused
    whole, moved into damaged/ beside it with the reason, and listed on the main menu."""
    text, reason = DAMAGED_SETTINGS[name]
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    assert settings_io.load(path) == settings_io.Settings()
    assert not path.exists()
    kept = tmp_path / "damaged" / "settings.yaml"
    assert kept.read_text(encoding="utf-8") == text, "nothing of the file is lost"
    note = (tmp_path / "damaged" / "settings.yaml.reason.txt").read_text(encoding="utf-8")
    assert reason in note
    assert [(item.name, item.reason) for item in damaged.this_run()] == [("settings.yaml",
                                                                          note.strip())]


def test_a_partial_settings_file_keeps_what_it_has(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("lang: ja\nanim_speed: 0.2\n", encoding="utf-8")
    loaded = settings_io.load(path)
    assert (loaded.lang, loaded.anim_speed, loaded.ui_scale) == ("ja", 0.5, 1.0)  # 0.5: slowest
    assert path.exists() and damaged.this_run() == []


def test_settings_of_a_home_another_app_owns_are_read_but_never_moved(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("lang: de\n", encoding="utf-8")
    assert settings_io.load(path, set_aside=False) == settings_io.Settings()
    assert path.exists() and damaged.this_run() == []


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.yaml"
    wanted = settings_io.Settings(lang="ja", anim_speed=2.0, fullscreen=True, ui_scale=1.25,
                                  glyphs=False)
    settings_io.save(wanted, path)
    assert settings_io.load(path) == wanted


def test_enter_on_a_value_row_moves_on_without_changing_it(tmp_path: Path) -> None:
    """Enter on Language switched the language at once: a keyboard player who only meant to
    move on found the screen in Japanese. Enter now goes to the next row; Left/Right change."""
    app = menu_app(tmp_path)
    click(app, "menu.settings")
    assert app.top.ring.current is _language_choice(app)
    app.step([key(pygame.K_RETURN)])
    assert i18n.language() == "en" and app.settings.lang == "en"
    assert app.top.ring.current is widget(app, t("settings.anim_speed"))
    app.step([key(pygame.K_RIGHT)])
    assert app.settings.anim_speed == 0.5, "Left/Right still change the value"
    back = widget(app, t("common.back"))
    app.top.ring.focus(back)
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, MainMenuScene), "Enter still presses a button"
