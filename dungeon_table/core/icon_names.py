"""Icon names in card files: the ``icon:`` field every card may carry, and its check at load.

A card names its picture (``icon: goblin-head``), an SVG of ``assets/icons/``. The field's type
is ``Icon`` (lower-case words joined by '-'), and ``decode_cards`` checks every ``icon`` of a
decoded card file against the folder, so an unknown icon is a problem with its file, line and
field like any other, at load and in ``dungeon-table cards check``::

    class Monster(msgspec.Struct):
        icon: Icon | None = None     # None: its kind's default (assets/icons/cards.yaml)

Pure Python; ``core.cards`` imports it, so it imports no project module itself.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import msgspec

ICON_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
ICON_NAME = re.compile(ICON_PATTERN)
Icon = Annotated[str, msgspec.Meta(pattern=ICON_PATTERN)]
ICON_FIELD = "icon"


def _assets_dir() -> Path:
    """``assets/`` of the source tree (also an editable install), else the installed copy."""
    installed = Path(__file__).resolve().parents[1] / "_assets"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "assets"


ASSETS_DIR = _assets_dir()
ICONS_DIR = ASSETS_DIR / "icons"


def icon_path(name: str, icons_dir: Path = ICONS_DIR) -> Path:
    """The SVG file of the icon ``name`` (``goblin-head``)."""
    return icons_dir / f"{name}.svg"


def named_icons(content: Any, where: str = "$") -> list[tuple[str, str]]:
    """(field path, icon name) of every ``icon`` field in a decoded card file, at any depth."""
    found: list[tuple[str, str]] = []
    if isinstance(content, msgspec.Struct):
        for field in content.__struct_fields__:
            value = getattr(content, field)
            if field == ICON_FIELD and isinstance(value, str):
                found.append((f"{where}.{field}", value))
            else:
                found += named_icons(value, f"{where}.{field}")
    elif isinstance(content, (list, tuple)):
        for index, item in enumerate(content):
            found += named_icons(item, f"{where}[{index}]")
    elif isinstance(content, dict):
        for key, value in content.items():
            found += named_icons(value, f"{where}.{key}")
    return found


def icon_problems(content: Any, icons_dir: Path = ICONS_DIR) -> list[tuple[str, str]]:
    """An ``icon`` that names no SVG in ``icons_dir``, as (field path, message)."""
    return [
        (where, f"no icon {name!r}: {icon_path(name, icons_dir)} does not exist")
        for where, name in named_icons(content)
        if not icon_path(name, icons_dir).is_file()
    ]
