"""Every game is registered once here; the command line, the app and the tests find it by id."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from dungeon_table.core.protocol import Game

BotFactory = Callable[[int], Any]  # seed -> bot with .choose(view, legal_actions) -> Action


@dataclass(frozen=True)
class GameSpec:
    """What the rest of the app needs to know about one game.

    ``bots`` maps level names to factories; ``best`` names the strongest. ``view_module`` is imported
    only by the UI (it is the one module of a game that imports pygame).
    """

    game_id: str
    name_key: str
    min_players: int
    max_players: int
    game_class: type[Game]
    bots: dict[str, BotFactory]
    best: str
    view_module: str
    options: dict[str, Any] = field(default_factory=dict)

    def new_game(
        self,
        seats: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        stack: dict[str, list[Any]] | None = None,
    ) -> Game:
        if not self.min_players <= len(seats) <= self.max_players:
            raise ValueError(
                f"{self.game_id} takes {self.min_players}-{self.max_players} seats, got {len(seats)}"
            )
        return self.game_class(seats, seed, {**self.options, **(options or {})}, stack)

    def make_bot(self, name: str, seed: int) -> Any:
        """A bot by level name; ``best`` is the strongest, ``random`` always exists."""
        level = self.best if name == "best" else name
        if level not in self.bots:
            known = ", ".join(sorted({*self.bots, "best"}))
            raise ValueError(f"unknown bot {name!r} for {self.game_id} (known: {known})")
        return self.bots[level](seed)


_REGISTRY: dict[str, GameSpec] = {}
_GAME_MODULES = ("dungeon_table.games.lastdungeon",)


def register(spec: GameSpec) -> GameSpec:
    _REGISTRY[spec.game_id] = spec
    return spec


def _load_all() -> None:
    for module in _GAME_MODULES:
        importlib.import_module(module)


def game_ids() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def get(game_id: str) -> GameSpec:
    _load_all()
    if game_id not in _REGISTRY:
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(sorted(_REGISTRY))})")
    return _REGISTRY[game_id]


def new_game(
    game_id: str,
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    stack: dict[str, list[Any]] | None = None,
) -> Game:
    """``new_game(game_id, seats, seed, options)`` of the design: a fresh game from its seed."""
    return get(game_id).new_game(seats, seed, options, stack)
