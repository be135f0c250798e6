"""The expert bot's thinking time (fast / normal / deep): in the file, checked, and on the
settings screen."""

from __future__ import annotations

from pathlib import Path

from shell_helpers import click, click_at, menu_app, widget

from dungeon_table.ai.search_bot import THINKING_SECONDS
from dungeon_table.ui import settings as settings_io
from dungeon_table.ui.i18n import t
from dungeon_table.ui.settings import THINKING, Settings


def test_the_thinking_time_round_trips_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    assert Settings().thinking == "normal"
    settings_io.save(Settings(thinking="deep"), path)
    assert settings_io.load(path).thinking == "deep"
    path.write_text("thinking: forever\n", encoding="utf-8")
    assert settings_io.load(path).thinking == "normal", "refused, set aside: the default"


def test_every_setting_has_its_seconds() -> None:
    assert set(THINKING) == set(THINKING_SECONDS)
    assert [THINKING_SECONDS[name] for name in THINKING] == [0.3, 1.0, 3.0]


def test_the_settings_screen_sets_the_thinking_time(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    click(app, "menu.settings")
    thinking = widget(app, t("settings.thinking"))
    assert thinking.value == "normal"
    app.step(click_at(thinking.rect.move(-4, 0).midright))  # normal -> deep
    assert app.settings.thinking == "deep"
    assert settings_io.load(tmp_path / "settings.yaml").thinking == "deep"
