"""The player's settings, kept in ``settings.yaml`` beside the saves.

A damaged or partial file never stops the app: unknown keys are ignored and bad values fall back to
the defaults, one field at a time.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import yaml

from dungeon_table.core import paths
from dungeon_table.core.records import write_atomic

ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0, 3.0)  # 0 = animations off
UI_SCALES = (0.75, 0.9, 1.0, 1.25, 1.5)
LANGUAGES = ("en", "ja")


@dataclass
class Settings:
    lang: str = "en"
    anim_speed: float = 1.0
    fullscreen: bool = False
    ui_scale: float = 1.0
    glyphs: bool = False  # colour-blind mode: patterns on colour bands, larger glyphs (glyphs show always)

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
        return self


def default_path() -> Path:
    """``settings.yaml`` in the data home (``core.paths``), beside the saves folder."""
    return paths.settings_path()


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there is no file or it cannot be read."""
    path = path or default_path()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {k: v for k, v in data.items() if k in known}
    return Settings(**values).clean()


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically (temp file then rename) so a crash never leaves half a file."""
    text = yaml.safe_dump(asdict(settings), sort_keys=True, allow_unicode=True)
    write_atomic(path or default_path(), text)
