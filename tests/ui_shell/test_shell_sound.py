"""Sound in the shell: the settings (on/off, effects volume) on the settings screen and in the
file, the buttons' soft click, a mixer opened only when a sound is first wanted and closed
again after a rest, and an app that plays on in silence where no audio device opens."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from shell_helpers import click, click_at, menu_app, widget

from dungeon_table.core.session import Session
from dungeon_table.ui import fonts, sound
from dungeon_table.ui import settings as settings_io
from dungeon_table.ui.i18n import t
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.sound import REST_MS, Recorder
from dungeon_table.ui.table import TableScene


@pytest.fixture
def no_mixer() -> None:
    """Each test starts with the mixer closed, as the app does."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def recording(app: App) -> Recorder:
    app.sound.device = Recorder(app.now)
    return app.sound.device


# --- settings ----------------------------------------------------------------------------------
def test_the_sound_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    settings_io.save(Settings(sound=False, volume=50), path)
    loaded = settings_io.load(path)
    assert (loaded.sound, loaded.volume) == (False, 50)
    path.write_text("volume: 33\n", encoding="utf-8")
    assert settings_io.load(path).volume == 33, "any whole per cent from 0 to 100 is kept"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_settings_screen_turns_sound_off_and_sets_the_volume(tmp_path: Path,
                                                                 lang: str) -> None:
    app = menu_app(tmp_path)
    app.settings.lang = lang
    app.apply_settings(save=False)
    heard = recording(app)
    click(app, "menu.settings")
    volume = widget(app, t("settings.volume"))
    assert volume.value == 75
    app.step(click_at(volume.rect.move(-4, 0).midright))  # 75 -> 100 %
    assert app.settings.volume == 100
    assert settings_io.load(tmp_path / "settings.yaml").volume == 100
    assert (heard.played[-1].name, heard.played[-1].volume) == ("click", 1.0), \
        "the new volume is heard at once"
    app.step(click_at(widget(app, t("settings.sound")).rect.move(-4, 0).midright))
    assert app.settings.sound is False
    assert settings_io.load(tmp_path / "settings.yaml").sound is False
    played = len(heard.played)
    click(app, "common.back")
    assert len(heard.played) == played, "sound off: not even a click"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_settings_screen_fits_its_new_rows_at_the_smallest_window(tmp_path: Path,
                                                                      lang: str) -> None:
    app = menu_app(tmp_path, size=(1280, 720))
    app.settings.ui_scale, app.settings.lang = 1.5, lang
    app.apply_settings(save=False)
    click(app, "menu.settings")
    rects = [w.rect for w in app.top.widgets]
    assert all(app.surface.get_rect().contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    th, panel = app.theme, app.top.panel_rect()
    assert panel.y - th.px(2) - fonts.font("title", th.scale).get_height() >= 0, "the title"
    path_line = fonts.text(t("settings.saved_to", path=app.settings_path), "small",
                           (0, 0, 0), th.scale)
    assert panel.bottom + th.px(2) + path_line.get_height() <= 720, "where it is saved"


# --- clicks ------------------------------------------------------------------------------------
def test_a_button_clicks_softly(no_mixer: None) -> None:
    app = menu_app()
    heard = recording(app)
    click(app, "menu.settings")
    assert [p.name for p in heard.played] == ["click"]


# --- the device ----------------------------------------------------------------------------------
def test_the_mixer_opens_at_the_first_sound_not_at_start(no_mixer: None) -> None:
    app = menu_app()
    assert pygame.mixer.get_init() is None, "the menu is drawn without waking the sound card"
    click(app, "menu.settings")
    assert pygame.mixer.get_init() is not None


def test_each_sound_is_loaded_once(no_mixer: None, monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[str] = []
    real = pygame.mixer.Sound

    def counted(path: str) -> pygame.mixer.Sound:
        loads.append(Path(path).stem)
        return real(path)

    monkeypatch.setattr(pygame.mixer, "Sound", counted)
    app = menu_app()
    for _ in range(3):
        app.sound.click()
    app.sound.play("card_draw")
    app.sound.play("card_draw")
    assert loads == ["click", "card_draw"]


def test_the_mixer_closes_after_a_rest_and_opens_again(no_mixer: None) -> None:
    clock = [1000]
    app = menu_app(ticks=lambda: clock[0])
    app.sound.click()
    assert pygame.mixer.get_init() is not None
    clock[0] += REST_MS // 2
    app.step([])
    assert pygame.mixer.get_init() is not None, "still within the rest"
    clock[0] += REST_MS
    app.step([])
    assert pygame.mixer.get_init() is None, "an idle table keeps no sound card open"
    app.sound.click()
    assert pygame.mixer.get_init() is not None


def test_a_failing_mixer_leaves_a_silent_game_and_one_quiet_line(
        no_mixer: None, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    tries: list[int] = []

    def fails(*_args: object, **_kwargs: object) -> None:
        tries.append(1)
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", fails)
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    session = Session.new("lastdungeon", ["bot:best"], 3)
    app.push(TableScene(app, session, ["bot:best"], bot_delay_ms=0))
    for _ in range(200):  # the bot plays on, each action with its sounds wanted
        app.step([])
        sound.click()
    assert len(session.steps) > 20
    assert tries == [1], "tried once, not at every sound"
    assert not app.sound.enabled
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "without sound" in err[0], err


START = textwrap.dedent("""
    import os, pygame
    from dungeon_table.ui import entry
    app = entry.build_app()
    entry.first_scene(app, {"game": "lastdungeon", "seats": ["human"], "seed": 3}, None)
    app.step([])
    app.sound.click()
    app.sound.play("card_draw")
    app.step([])
    print("played", bool(app.sound.enabled), flush=True)
""")


@pytest.mark.parametrize("driver", ["no_such_driver", None])
def test_the_app_starts_with_no_audio_device_and_says_at_most_one_quiet_line(
        tmp_path: Path, driver: str | None) -> None:
    """``None``: SDL's own choice, which on a machine without a sound card is ALSA failing
    with a dozen "ALSA lib ..." lines of its own."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", DUNGEON_TABLE_HOME=str(tmp_path),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if driver is not None:
        env["SDL_AUDIODRIVER"] = driver
    done = subprocess.run([sys.executable, "-c", START], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "played" in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) <= 1, lines
    assert not any("ALSA" in line or "Traceback" in line for line in lines), lines
