"""Pictures and sounds: where they live, and which icon each card and table mark shows.

``assets/`` sits at the top of the repository (design.md); an installed package carries it as
``dungeon_table/_assets`` (mapped in pyproject.toml), which ``ASSETS_DIR`` falls back to, the way
``core.cards.CARDS_DIR`` finds ``cards/``. The icons are white Game Icons SVGs, one per file
(``assets/icons/<name>.svg``, made by ``tools/extract_icons.py``); the sounds are WAV files
(``assets/sounds/<name>.wav``, made by ``tools/make_sounds.py``). ``assets/icons/cards.yaml``
chooses the picture of every card, with a default for each kind of card::

    table = load_icon_table()
    table.games["market"].icon("red_gauntlet_1", "monster")   # "imp"
    icon_path(table.marks["coins"])                           # .../assets/icons/two-coins.svg

Pure Python (no pygame): the engine, ``cards check`` and the tools read it too.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import yaml

from dungeon_table.core.cards import load_cards

DEFAULT = "default"  # the key of a kind's fallback picture in the icon table
_ICON_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _assets_dir() -> Path:
    """``assets/`` of the source tree (also an editable install), else the installed copy."""
    installed = Path(__file__).resolve().parents[1] / "_assets"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "assets"


ASSETS_DIR = _assets_dir()
ICONS_DIR = ASSETS_DIR / "icons"
SOUNDS_DIR = ASSETS_DIR / "sounds"
ICON_TABLE = ICONS_DIR / "cards.yaml"


def icon_path(name: str, icons_dir: Path = ICONS_DIR) -> Path:
    """The SVG file of the icon ``name`` (``goblin-head``)."""
    return icons_dir / f"{name}.svg"


def sound_path(name: str) -> Path:
    """The WAV file of the sound ``name`` (``card_draw``)."""
    return SOUNDS_DIR / f"{name}.wav"


class Sides(msgspec.Struct, forbid_unknown_fields=True):
    """The pictures of a two-sided card (Last Dungeon's hero)."""

    front: str
    back: str


Choice = str | Sides


class GameIcons(msgspec.Struct, forbid_unknown_fields=True):
    """One game's pictures: ``menu`` for the main menu, and ``cards`` by kind of card, each kind
    a mapping of card id to icon with a ``default`` for a card the table does not name."""

    menu: str
    cards: dict[str, dict[str, Choice]]

    def icon(self, card_id: str, kind: str, side: str = "front") -> str:
        """The picture of ``card_id`` (a copy ``id~2`` shows its card's), else its kind's."""
        pictures = self.cards[kind]
        choice = pictures.get(card_id.partition("~")[0], pictures[DEFAULT])
        return choice if isinstance(choice, str) else getattr(choice, side)

    def card_ids(self) -> dict[str, str]:
        """Every card id the table names, to its kind."""
        return {
            card_id: kind
            for kind, pictures in self.cards.items()
            for card_id in pictures
            if card_id != DEFAULT
        }


class IconTable(msgspec.Struct, forbid_unknown_fields=True):
    """``assets/icons/cards.yaml``: the table's own marks, and each game's pictures by id."""

    marks: dict[str, str]
    games: dict[str, GameIcons]

    def icon_names(self) -> set[str]:
        """Every icon the table names: the icons ``tools/extract_icons.py`` takes."""
        return {name for _, name in _named_icons(self)}


def load_icon_table(path: Path = ICON_TABLE, icons_dir: Path | None = ICONS_DIR) -> IconTable:
    """Load and check the icon table; ``CardFileError`` names the file, line and field of a
    malformed name, a kind without a default, a card named twice, or (unless ``icons_dir`` is
    ``None``, as when the icons are being extracted) an icon with no SVG file."""

    def check(table: IconTable) -> list[tuple[str, str]]:
        problems = [
            (where, f"{name!r} is not an icon name (lower-case words joined by '-')")
            for where, name in _named_icons(table)
            if not _ICON_NAME.match(name)
        ]
        if icons_dir is not None:
            problems += [
                (where, f"no icon {name!r}: {icon_path(name, icons_dir)} does not exist")
                for where, name in _named_icons(table)
                if _ICON_NAME.match(name) and not icon_path(name, icons_dir).is_file()
            ]
        return problems + _kind_problems(table)

    return load_cards(path, IconTable, check)


def _named_icons(table: IconTable) -> list[tuple[str, str]]:
    """(field path, icon name) of every icon the table names."""
    named = [(f"$.marks.{mark}", name) for mark, name in table.marks.items()]
    for game_id, game in table.games.items():
        named.append((f"$.games.{game_id}.menu", game.menu))
        for kind, pictures in game.cards.items():
            for card_id, choice in pictures.items():
                where = f"$.games.{game_id}.cards.{kind}.{card_id}"
                if isinstance(choice, str):
                    named.append((where, choice))
                else:
                    named += [(f"{where}.front", choice.front), (f"{where}.back", choice.back)]
    return named


def _kind_problems(table: IconTable) -> list[tuple[str, str]]:
    problems = []
    for game_id, game in table.games.items():
        seen: dict[str, str] = {}
        for kind, pictures in game.cards.items():
            where = f"$.games.{game_id}.cards.{kind}"
            if DEFAULT not in pictures:
                problems.append((where, f"the kind {kind!r} has no default picture"))
            for card_id in pictures:
                if card_id != DEFAULT and card_id in seen:
                    problems.append((f"{where}.{card_id}", f"also under {seen[card_id]!r}"))
                seen.setdefault(card_id, kind)
    return problems


def card_names(paths: list[Path]) -> dict[str, str]:
    """Every card id in the card files ``paths``, to its English name (the id where it has none):
    each mapping with an ``id``, and each key of a table of names (the relic's treasures)."""
    names: dict[str, str] = {}
    for path in paths:
        _collect_cards(yaml.safe_load(path.read_text(encoding="utf-8")), names)
    return names


def _collect_cards(node: Any, names: dict[str, str]) -> None:
    if isinstance(node, list):
        for item in node:
            _collect_cards(item, names)
    elif isinstance(node, dict):
        if isinstance(node.get("id"), str):
            names.setdefault(node["id"], _english(node) or node["id"])
        elif node and "name" not in node and all(_is_name(value) for value in node.values()):
            names.update({str(key): value["en"] for key, value in node.items()})
            return
        for value in node.values():
            _collect_cards(value, names)


def _english(card: dict[str, Any]) -> str | None:
    """The card's English name, or its front's (a two-sided card names its sides)."""
    for holder in (card, card.get("front")):
        if isinstance(holder, dict) and _is_name(holder.get("name")):
            return holder["name"]["en"]
    return None


def _is_name(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"en", "ja"}
