"""Every game is registered once here; the command line, the app and the tests find it by id."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dungeon_table.core.protocol import Game

BotFactory = Callable[[int], Any]  # seed -> bot with .choose(view, legal_actions) -> Action
CardLoader = Callable[[Path], Any]  # path -> content; CardFileError on any problem


@dataclass(frozen=True)
class GameSpec:
    """What the rest of the app needs to know about one game.

    ``bots`` maps level names to factories; ``best`` names the strongest. ``view_module`` is imported
    only by the UI (it is the one module of a game that imports pygame).

    ``options`` maps each option to its default; ``option_values`` lists the values setup offers
    for an option that is neither a boolean nor free (``{"difficulty": [-1, 0, 1]}``). Either may be
    a ``LazyOptions`` that reads them from the game's card file on first use, so a broken file
    does not stop the app from starting (it is reported where the game is set up or played).
    ``implied_options`` maps an option to the other options it fixes while it is on (``{"professional":
    {"chests": True}}``): setup shows those at that value, locked. Only a display of the rules:
    the game enforces them whatever it is given. ``player_variants`` maps a player count that
    plays a variant of the game to the i18n key naming it (the relic game: 3 and 4 players use two
    decks), so setup marks that count as a variant.

    ``card_files`` are the game's card files under ``cards/`` (globs allowed, ``dungeon/*.yaml``)
    and ``card_loader`` validates one of them; both default to the convention of
    ``games/<id>/cards.py`` (``CARD_FILE`` and ``load(path)``), see ``card_check()``.
    """

    game_id: str
    name_key: str
    min_players: int
    max_players: int
    game_class: type[Game]
    bots: dict[str, BotFactory]
    best: str
    view_module: str
    options: Mapping[str, Any] = field(default_factory=dict)
    option_values: Mapping[str, list[Any]] = field(default_factory=dict)
    implied_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    player_variants: Mapping[int, str] = field(default_factory=dict)
    card_files: tuple[str, ...] = ()
    card_loader: CardLoader | None = None

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
        return self.game_class(seats, seed, self.with_defaults(options), stack)

    def with_defaults(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """``options`` with every option left out at its default: what a game is built with and
        what its record keeps, so a save still means the same game if a default changes."""
        return {**self.options, **(options or {})}

    def check_options(self, options: dict[str, Any]) -> None:
        """``ValueError`` naming the first option the game does not have, or whose value is not of
        its default's kind (a whole number where the default is one, and so on)."""
        for key, value in options.items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"{self.game_id} has no option {key!r} (options: {known})")
            default = self.options[key]
            if not _same_kind(value, default):
                raise ValueError(
                    f"option {key!r} of {self.game_id} takes a value like {default!r}, "
                    f"got {value!r}"
                )

    def make_bot(self, name: str, seed: int) -> Any:
        """A bot by level name; ``best`` is the strongest, ``random`` always exists."""
        level = self.best if name == "best" else name
        if level == "random" and "random" not in self.bots:
            from dungeon_table.ai.random_bot import RandomBot  # every game has `random`

            return RandomBot(seed)
        if level not in self.bots:
            known = ", ".join(self.bot_names())
            raise ValueError(f"unknown bot {name!r} for {self.game_id} (known: {known})")
        return self.bots[level](seed)

    def bot_names(self) -> list[str]:
        """Every name ``make_bot`` accepts: ``random``, the game's levels, ``best``."""
        return sorted({"random", *self.bots, "best"})

    def card_check(self) -> tuple[list[Path], CardLoader | None]:
        """The game's card files and the loader that validates one (``None``: no cards)."""
        from dungeon_table.core.cards import CARDS_DIR

        module: Any = None
        if not self.card_files or self.card_loader is None:
            package = self.game_class.__module__.rpartition(".")[0]
            try:
                module = importlib.import_module(f"{package}.cards")
            except ModuleNotFoundError:
                module = None
        patterns = self.card_files
        if not patterns and module is not None and hasattr(module, "CARD_FILE"):
            patterns = (str(module.CARD_FILE),)
        loader = self.card_loader or getattr(module, "load", None)
        # Past any cache: the file is checked as it is now.
        loader = getattr(loader, "__wrapped__", loader)
        files: set[Path] = set()
        for pattern in patterns:
            if Path(pattern).is_absolute():
                files.update([Path(pattern)] if Path(pattern).exists() else [])
            else:
                files.update(CARDS_DIR.glob(pattern))
        return sorted(files), loader


class LazyOptions(Mapping[str, Any]):
    """A mapping computed on first use (options whose defaults live in a card file)."""

    def __init__(self, load: Callable[[], Mapping[str, Any]]) -> None:
        self._load = load
        self._data: Mapping[str, Any] | None = None

    def _get(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = dict(self._load())
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __repr__(self) -> str:
        return f"LazyOptions({dict(self._get())!r})"


def _same_kind(value: Any, default: Any) -> bool:
    """``value`` may stand where ``default`` stands: same type (bool is not an int here), or an
    integer for a float; ``None`` as a default takes anything."""
    if default is None:
        return True
    if isinstance(default, float) and not isinstance(value, bool):
        return isinstance(value, int | float)
    return type(value) is type(default)


_REGISTRY: dict[str, GameSpec] = {}
_GAME_MODULES = (
    "dungeon_table.games.lastdungeon", "dungeon_table.games.market", "dungeon_table.games.relic",
    "dungeon_table.games.dungeon",
)


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
