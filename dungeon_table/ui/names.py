"""What the player calls a game and a seat, in the language of the moment.

Kept out of the scenes: the table, the menus and the game-over screen all name seats, and none of
them should import another to do it.
"""

from __future__ import annotations

from dungeon_table.core import registry
from dungeon_table.ui.i18n import has, t


def game_name(game_id: str) -> str:
    """The game's name in the current language: its own catalog key, else the shell's."""
    try:
        key = registry.get(game_id).name_key
    except ValueError:
        key = ""
    if key and (has(key) or has(key, "en")):
        return t(key)
    return t(f"game.{game_id}")


def seat_names(seats: list[str], names: list[str] | None = None) -> list[str]:
    """Display names: those given at setup, else "Player 1" / "Bot 2"."""
    out = []
    for i, kind in enumerate(seats):
        given = names[i].strip() if names and i < len(names) and names[i] else ""
        default = t("setup.bot_name" if kind.startswith("bot") else "setup.default_name", n=i + 1)
        out.append(given or default)
    return out
