"""Pictures and sounds: where they live, and which icon each card and table mark shows.

``assets/`` sits at the top of the repository (design.md); an installed package carries it as
``dungeon_table/_assets`` (mapped in pyproject.toml), which ``ASSETS_DIR`` falls back to, the way
``core.cards.CARDS_DIR`` finds ``cards/``. The icons are white Game Icons SVGs, one per file
(``assets/icons/<name>.svg``, made by ``tools/extract_icons.py``); the sounds are WAV files
(``assets/sounds/<name>.wav``, made by ``tools/make_sounds.py``).

A card's picture is its own ``icon:`` field in its card file (checked at load: ``core.icon_names``),
the one place it is named. ``assets/icons/cards.yaml`` holds what no card file does: a default
picture per kind of card (a card whose file names none), each game's menu picture, the table's
marks::

    table = load_icon_table()
    table.games["market"].picture("monster", card.icon)     # card.icon, else "claw-slashes"
    icon_path(table.marks["coins"])                         # .../assets/icons/two-coins.svg

Pure Python (no pygame): the engine, ``cards check`` and the tools read it too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import yaml

from dungeon_table.core.cards import CARDS_DIR, load_cards
from dungeon_table.core.icon_names import ASSETS_DIR, ICON_FIELD, ICON_NAME, ICONS_DIR, icon_path

SOUNDS_DIR = ASSETS_DIR / "sounds"
ICON_TABLE = ICONS_DIR / "cards.yaml"


ICON_LICENCE = ICONS_DIR / "LICENSE.md"
SOUND_LICENCE = SOUNDS_DIR / "LICENSE.md"


def icon_authors(licence: Path = ICON_LICENCE) -> list[str]:
    """The Game Icons authors whose icons the app uses, as ``LICENSE.md`` lists them under
    "## Authors" (``- Name, url``): the names the Credits screen shows."""
    authors: list[str] = []
    inside = False
    for line in licence.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line.strip() == "## Authors"
        elif inside and line.startswith("- "):
            authors.append(line[2:].split(", http")[0].strip())
    return authors


def sound_path(name: str) -> Path:
    """The WAV file of the sound ``name`` (``card_draw``)."""
    return SOUNDS_DIR / f"{name}.wav"


class GameIcons(msgspec.Struct, forbid_unknown_fields=True):
    """One game's pictures: ``menu`` for the main menu, and ``cards``, the default picture of
    each kind of card (shown for a card whose file names no ``icon``)."""

    menu: str
    cards: dict[str, str]

    def picture(self, kind: str, icon: str | None) -> str:
        """A card's own ``icon``, else its kind's default: never nothing."""
        return icon or self.cards[kind]


class IconTable(msgspec.Struct, forbid_unknown_fields=True):
    """``assets/icons/cards.yaml``: the table's own marks, and each game's defaults."""

    marks: dict[str, str]
    games: dict[str, GameIcons]

    def icon_names(self) -> set[str]:
        """Every icon the table names (the card files name the rest: ``used_icon_names``)."""
        return {name for _, name in _named_icons(self)}


def load_icon_table(path: Path = ICON_TABLE, icons_dir: Path | None = ICONS_DIR) -> IconTable:
    """Load and check the icon table; ``CardFileError`` names the file, line and field of a
    malformed name or (unless ``icons_dir`` is ``None``, as when the icons are being extracted)
    an icon with no SVG file."""

    def check(table: IconTable) -> list[tuple[str, str]]:
        problems = [
            (where, f"{name!r} is not an icon name (lower-case words joined by '-')")
            for where, name in _named_icons(table)
            if not ICON_NAME.match(name)
        ]
        if icons_dir is not None:
            problems += [
                (where, f"no icon {name!r}: {icon_path(name, icons_dir)} does not exist")
                for where, name in _named_icons(table)
                if ICON_NAME.match(name) and not icon_path(name, icons_dir).is_file()
            ]
        return problems

    return load_cards(path, IconTable, check)


def _named_icons(table: IconTable) -> list[tuple[str, str]]:
    """(field path, icon name) of every icon the table names."""
    named = [(f"$.marks.{mark}", name) for mark, name in table.marks.items()]
    for game_id, game in table.games.items():
        named.append((f"$.games.{game_id}.menu", game.menu))
        named += [(f"$.games.{game_id}.cards.{kind}", name) for kind, name in game.cards.items()]
    return named


def card_file_icons(paths: list[Path]) -> dict[str, set[str]]:
    """Every icon the card files ``paths`` name (any ``icon:`` at any depth), to the files'
    names that name it: read as plain YAML, so the icons can be taken before any schema loads."""
    found: dict[str, set[str]] = {}
    for path in paths:
        for name in _icons_in(yaml.safe_load(path.read_text(encoding="utf-8"))):
            found.setdefault(name, set()).add(path.name)
    return found


def _icons_in(node: Any) -> list[str]:
    if isinstance(node, list):
        return [name for item in node for name in _icons_in(item)]
    if isinstance(node, dict):
        own = [node[ICON_FIELD]] if isinstance(node.get(ICON_FIELD), str) else []
        return own + [name for key, value in node.items() if key != ICON_FIELD
                      for name in _icons_in(value)]
    return []


def used_icon_names(table: IconTable, cards_dir: Path = CARDS_DIR) -> set[str]:
    """Every icon the app draws: the table's and those of every card file under ``cards_dir``."""
    return table.icon_names() | set(card_file_icons(sorted(cards_dir.rglob("*.yaml"))))


def card_names(paths: list[Path]) -> dict[str, str]:
    """Every card id in the card files ``paths``, to its English name (the id where it has none):
    each mapping with an ``id``, and each key of a table of names (the relic's treasures)."""
    return {card_id: name for card_id, (name, _) in card_entries(paths).items()}


def card_icons(paths: list[Path]) -> dict[str, list[str]]:
    """Every card id in the card files ``paths``, to the icons it names: its own, or each of its
    sides' (a two-sided card); empty where it names none (it shows its kind's default)."""
    return {card_id: icons for card_id, (_, icons) in card_entries(paths).items()}


def card_entries(paths: list[Path]) -> dict[str, tuple[str, list[str]]]:
    """Every card id in the card files ``paths``, to its English name and its icons."""
    entries: dict[str, tuple[str, list[str]]] = {}
    for path in paths:
        _collect_cards(yaml.safe_load(path.read_text(encoding="utf-8")), entries)
    return entries


def _collect_cards(node: Any, entries: dict[str, tuple[str, list[str]]]) -> None:
    if isinstance(node, list):
        for item in node:
            _collect_cards(item, entries)
    elif isinstance(node, dict):
        if isinstance(node.get("id"), str):
            entries.setdefault(node["id"], (_english(node) or node["id"], _own_icons(node)))
        elif node and "name" not in node and all(_is_name(value) for value in node.values()):
            entries.update({str(key): (value["en"], _own_icons(value))
                            for key, value in node.items()})
            return
        for value in node.values():
            _collect_cards(value, entries)


def _own_icons(card: dict[str, Any]) -> list[str]:
    """The card's ``icon``, or its sides' (``front``, ``back``)."""
    holders = [card] + [card[side] for side in ("front", "back") if isinstance(card.get(side), dict)]
    return [holder[ICON_FIELD] for holder in holders if isinstance(holder.get(ICON_FIELD), str)]


def _english(card: dict[str, Any]) -> str | None:
    """The card's English name, or its front's (a two-sided card names its sides)."""
    for holder in (card, card.get("front")):
        if isinstance(holder, dict) and _is_name(holder.get("name")):
            return holder["name"]["en"]
    return None


def _is_name(value: Any) -> bool:
    """A text in both languages (a table of names may give each its ``icon`` beside)."""
    return isinstance(value, dict) and {"en", "ja"} <= set(value) <= {"en", "ja", ICON_FIELD}
