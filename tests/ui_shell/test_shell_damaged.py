"""Damaged saves against the app's start, Continue and Load: set aside, listed, never a crash.

Each file of the corpus (``tests/core/hostile.py``) once stopped the app at every launch until it
was deleted by hand, or crashed Continue, the table or the replay viewer.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from core.hostile import DAMAGED_SAVES, DAMAGED_SETTINGS, GOOD_SAVE, encoded
from shell_helpers import click, key, labels, menu_app

from dungeon_table.core import damaged, paths
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scenes.load import LoadScene
from dungeon_table.ui.scenes.menu import MainMenuScene


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encoded(text))
    return path


@pytest.mark.parametrize("name", sorted(DAMAGED_SAVES))
def test_a_damaged_autosave_is_set_aside_at_start_and_named_on_the_menu(name: str) -> None:
    text, reason = DAMAGED_SAVES[name]
    auto = _write(paths.autosave_path("lastdungeon"), text)
    app = menu_app()
    assert isinstance(app.top, MainMenuScene) and t("menu.continue") not in labels(app)
    assert not auto.exists()
    kept = paths.saves_dir() / "damaged" / auto.name
    assert kept.read_bytes() == encoded(text), "set aside whole: nothing is lost"
    lines = app.top.set_aside_lines()
    assert lines[0] == t("menu.set_aside", folder=str(kept.parent))
    assert lines[1].startswith(f"{auto.name}: ") and reason in lines[1]
    click(app, "menu.load")
    rows = [(info.path.name, info.set_aside, info.error) for info in app.top.saves]
    assert rows == [(auto.name, True, lines[1].removeprefix(f"{auto.name}: "))]


def test_a_second_start_is_clean_and_load_still_lists_what_was_set_aside() -> None:
    _write(paths.autosave_path("market"), DAMAGED_SAVES["laughs"][0])
    menu_app()
    damaged.forget_this_run()  # the app closed; this is the next launch
    app = menu_app()
    assert app.top.set_aside_lines() == [], "nothing new was set aside"
    click(app, "menu.load")
    assert [(i.path.name, i.set_aside) for i in app.top.saves] == [("autosave-market.yaml", True)]


def test_a_damaged_save_is_set_aside_when_load_lists_it_and_the_good_one_opens() -> None:
    saves = paths.saves_dir()
    _write(saves / "lastdungeon-1.yaml", GOOD_SAVE)
    bad = _write(saves / "lastdungeon-2.yaml", DAMAGED_SAVES["nul_name"][0])
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    assert isinstance(load, LoadScene)
    assert not bad.exists() and (saves / "damaged" / bad.name).exists()
    listed = {info.path.name: info for info in load.saves}
    assert listed[bad.name].set_aside and "control character" in listed[bad.name].error
    assert listed["lastdungeon-1.yaml"].error is None
    load.open(listed["lastdungeon-1.yaml"])
    app.step([])
    assert type(app.top).__name__ == "TableScene", "the rest of the list opens as before"


def test_a_save_damaged_only_in_its_setup_is_set_aside_when_opened() -> None:
    """An unknown bot level parses as a save; the game refuses it when it is set up."""
    saves = paths.saves_dir()
    bad = _write(saves / "lastdungeon-3.yaml", DAMAGED_SAVES["unknown_bot"][0])
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    assert [(i.path.name, i.set_aside) for i in load.saves] == [(bad.name, True)], \
        "found by the listing's own check of seats and options"


def test_the_set_aside_notice_counts_the_files_it_has_no_room_to_name() -> None:
    for game in ("lastdungeon", "market", "relic", "dungeon"):
        _write(paths.autosave_path(game), DAMAGED_SAVES["huge_seed"][0])
    app = menu_app()
    assert len(app.top.set_aside_lines(room=5)) == 5, "a heading and the four files"
    lines = app.top.set_aside_lines(room=4)
    assert len(lines) == 4 and lines[-1] == t("menu.set_aside_more", count=2)
    app.step([key(pygame.K_TAB)])  # the menu works on
    assert isinstance(app.top, MainMenuScene)


def test_a_damaged_replay_file_on_the_command_line_opens_the_menu_saying_why(
    tmp_path: Path,
) -> None:
    """A NUL in a name crashed the replay viewer; a file named on the command line is not in the
    saves folder, so it is refused but left where it is."""
    from dungeon_table.ui import entry

    bad = _write(tmp_path / "bad.yaml", DAMAGED_SAVES["nul_name"][0])
    app = menu_app()
    app.scenes.clear()
    entry.first_scene(app, None, str(bad))
    app.step([])
    assert isinstance(app.top, MainMenuScene) and "control character" in (app.top.error or "")
    assert bad.exists()


def test_the_real_app_starts_over_damaged_saves_and_settings(tmp_path: Path) -> None:
    """The app's own start, in a process of its own: every autosave and the settings damaged."""
    for game, name in [("lastdungeon", "nested_flow"), ("market", "laughs"),
                       ("relic", "nan_clock"), ("dungeon", "huge_seed")]:
        _write(tmp_path / "saves" / f"autosave-{game}.yaml", DAMAGED_SAVES[name][0])
    _write(tmp_path / "settings.yaml", DAMAGED_SETTINGS["huge_number"][0])
    _write(tmp_path / "saves" / ".autosave-market.yaml.k3j2x9.tmp", "format: 1\ngame: mar")
    child = textwrap.dedent(
        """
        import threading, pygame
        from dungeon_table.core import damaged
        from dungeon_table.ui import entry
        quit = lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))
        threading.Timer(1.0, quit).start()
        code = entry.run_app()
        print("\\n".join(f"{i.name}: {i.reason}" for i in damaged.this_run()))
        raise SystemExit(code)
        """
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DUNGEON_TABLE_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert sorted(line.split(":")[0] for line in proc.stdout.splitlines()) == [
        "autosave-dungeon.yaml", "autosave-lastdungeon.yaml", "autosave-market.yaml",
        "autosave-relic.yaml", "settings.yaml"]
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["damaged"], \
        "the temp file a kill left is gone too"
