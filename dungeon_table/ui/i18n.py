"""Player-facing text: flat dotted keys looked up in the current language, then English, then the key.

Catalogs are every ``dungeon_table/ui/i18n/<lang>.<part>.yaml``, merged per language, so each
engineer owns their part (``en.shell.yaml``, ``ja.table.yaml``...), and every registered game's
own ``<its folder>/ui/i18n/<lang>[.<part>].yaml``, read when the game is first registered (a game
brought from outside the app carries its words with it)::

    set_language("ja")
    t("menu.play")                      # "遊ぶ"
    t("log.damage", card="Goblin", n=3)  # placeholders in {braces}; missing ones stay as written
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import yaml

from dungeon_table.core import registry

CATALOG_DIR = Path(__file__).with_name("i18n")
LANGUAGES = ("en", "ja")
FALLBACK = "en"

_catalogs: dict[str, dict[str, str]] | None = None
_games_read: set[Path] = set()  # the games' catalogue folders merged in so far
_registry_seen = -1  # registry.version() when they were last looked for
_language = FALLBACK
_listeners: list[Callable[[str], None]] = []


class _KeepMissing(dict):
    """``format_map`` helper: a placeholder without a value stays ``{name}`` instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _flatten(data: Any, prefix: str, out: dict[str, str]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            _flatten(value, f"{prefix}.{key}" if prefix else str(key), out)
    elif data is not None:
        out[prefix] = str(data)


def _read(folder: Path, catalogs: dict[str, dict[str, str]]) -> None:
    """Merge every ``<lang>.*.yaml`` of ``folder`` into ``catalogs``."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(folder.glob("*.yaml")):
        lang = path.name.split(".", 1)[0]
        with path.open(encoding="utf-8") as handle:
            data = yaml.load(handle, Loader=loader) or {}  # noqa: S506 - a safe loader
        _flatten(data, "", catalogs.setdefault(lang, {}))


def _read_games(catalogs: dict[str, dict[str, str]]) -> None:
    """The catalogues of the games registered since the last look, merged in."""
    global _registry_seen
    for game_id in registry.game_ids():
        folder = registry.get(game_id).folder / "ui" / "i18n"
        if folder not in _games_read:
            _games_read.add(folder)
            _read(folder, catalogs)
    _registry_seen = registry.version()


def catalogs() -> dict[str, dict[str, str]]:
    """Every language's merged catalog (loaded on first use, a game's when it is registered)."""
    global _catalogs
    if _catalogs is None:
        _catalogs = {}
        _read(CATALOG_DIR, _catalogs)
    if _registry_seen != registry.version():
        _read_games(_catalogs)
    return _catalogs


def reload() -> None:
    """Read the catalog files again (tests and catalog authors), the games' own with them: the
    registry counts as not yet looked at, or a game whose texts live in its own folder would
    be left out until the next registration."""
    global _catalogs, _registry_seen
    _catalogs = None
    _games_read.clear()
    _registry_seen = -1


def set_language(lang: str) -> None:
    """Switch every later ``t()`` to ``lang``; listeners (the app) relayout their scenes."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    changed = lang != _language
    _language = lang
    if changed:
        for listener in list(_listeners):
            listener(lang)


def language() -> str:
    return _language


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` after every language switch."""
    if listener not in _listeners:
        _listeners.append(listener)


def remove_listener(listener: Callable[[str], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def has(key: str, lang: str | None = None) -> bool:
    return key in catalogs().get(lang or _language, {})


def t(key: str, **fmt: Any) -> str:
    """The text of ``key`` in the current language (fallback English, then the key itself)."""
    books = catalogs()
    template = books.get(_language, {}).get(key)
    if template is None:
        template = books.get(FALLBACK, {}).get(key, key)
    if not fmt:
        return template
    return template.format_map(_KeepMissing(fmt))
