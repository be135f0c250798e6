"""The player's settings, kept in ``settings.yaml`` beside the saves.

A damaged file never stops the app: it is read with limits (``core.bounded_yaml``) and checked
against the schema of ``Settings`` (each field's type and range, no unknown keys); a file that
fails is set aside into ``damaged/`` with its reason (``core.damaged``, listed on the main menu)
and the app starts with the defaults. A partial file is fine: a missing field takes its default.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import yaml

from dungeon_table.core import damaged, paths
from dungeon_table.core.bounded_yaml import Limits, read_yaml
from dungeon_table.core.errors import FileRefused
from dungeon_table.core.records import write_atomic

ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0, 3.0)  # 0 = animations off
UI_SCALES = (0.75, 0.9, 1.0, 1.25, 1.5)
LANGUAGES = ("en", "ja")
VOLUMES = (10, 25, 50, 75, 100)  # effects volume, % (the file may say any whole number 0-100)
# The expert bot's thinking time a decision: 0.3 / 1 / 3 s (ai/search_bot.THINKING_SECONDS).
THINKING = ("fast", "normal", "deep")


# A settings file is one flat mapping of a few short lines.
SETTINGS_LIMITS = Limits("a settings file", max_bytes=16 * 1024, max_depth=4)


@dataclass
class Settings:
    lang: Literal["en", "ja"] = "en"
    anim_speed: Annotated[float, msgspec.Meta(ge=0.0, le=3.0)] = 1.0  # 0: animations off
    fullscreen: bool = False
    ui_scale: Annotated[float, msgspec.Meta(ge=0.75, le=1.5)] = 1.0
    glyphs: bool = False  # colour-blind mode: patterns on colour bands, larger glyphs (glyphs show always)
    sound: bool = True
    volume: Annotated[int, msgspec.Meta(ge=0, le=100)] = 75  # effects, % of as made
    # A move undo cannot take back that costs something (Game.costly) is asked about first.
    confirm_costly: bool = True
    thinking: Literal["fast", "normal", "deep"] = "normal"  # the expert bot's time a decision

    def clean(self) -> Settings:
        """Clamp every field to what the app offers (a hand-edited file may say anything)."""
        defaults = Settings()
        if self.lang not in LANGUAGES:
            self.lang = defaults.lang
        try:
            speed = float(self.anim_speed)
            self.anim_speed = 0.0 if speed <= 0 else min(3.0, max(0.5, speed))
        except (TypeError, ValueError):
            self.anim_speed = defaults.anim_speed
        try:
            self.ui_scale = min(1.5, max(0.75, float(self.ui_scale)))
        except (TypeError, ValueError):
            self.ui_scale = defaults.ui_scale
        self.fullscreen = bool(self.fullscreen)
        self.glyphs = bool(self.glyphs)
        self.sound = bool(self.sound)
        self.confirm_costly = bool(self.confirm_costly)
        try:
            self.volume = min(100, max(0, int(self.volume)))
        except (TypeError, ValueError):
            self.volume = defaults.volume
        if self.thinking not in THINKING:
            self.thinking = defaults.thinking
        return self


def default_path() -> Path:
    """``settings.yaml`` in the data home (``core.paths``), beside the saves folder."""
    return paths.settings_path()


def load(path: Path | None = None, set_aside: bool = True) -> Settings:
    """The saved settings; the defaults when there is no file, it cannot be read, or it is
    refused (then it is set aside, unless ``set_aside`` is False: another copy of the app owns
    the data home, see ``core.instance``)."""
    path = path or default_path()
    try:
        return from_data(read_yaml(path, SETTINGS_LIMITS), str(path)).clean()
    except FileRefused as err:
        if set_aside:
            damaged.set_aside(path, f"{err.where()}{err.reason}")
    except OSError:
        pass  # no file yet, or one this user may not read: left as it is
    return Settings()


def from_data(data: Any, source: str) -> Settings:
    """The settings in ``data`` (a missing field keeps its default); ``FileRefused`` naming the
    field for an unknown key or a value of the wrong type or outside its range."""
    if data is None:
        return Settings()
    if not isinstance(data, dict):
        raise FileRefused(source, "not settings: expected a mapping of lang, anim_speed, ...")
    known = {f.name for f in fields(Settings)}
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise FileRefused(source, f"Object contains unknown field `{unknown[0]}`")
    try:
        return msgspec.convert(data, Settings)
    except msgspec.ValidationError as err:
        raise FileRefused(source, str(err)) from None


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically (temp file then rename) so a crash never leaves half a file."""
    text = yaml.safe_dump(asdict(settings), sort_keys=True, allow_unicode=True)
    write_atomic(path or default_path(), text)
