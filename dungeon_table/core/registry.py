"""Every game is registered here, found in ``dungeon_table/games/``: a folder of its own with its
``SPEC`` (no list to keep); the command line, the app and the tests find it by id."""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.cards import CARDS_DIR
from dungeon_table.core.protocol import Game

BotFactory = Callable[[int], Any]  # seed -> bot with .choose(view, legal_actions) -> Action
CardLoader = Callable[[Path], Any]  # path -> content; CardFileError on any problem


@dataclass(frozen=True)
class Option:
    """One option of a game, declared once: its default and every value it may take.

    The kind of value is the default's (on/off, a whole number, a text). ``choices`` are the only
    values it takes (a mode, a level); ``low`` and ``high`` bound a whole number, ends included
    (``None``: open); ``offered`` are the values setup lists when not every value deserves a
    place there (time attack: 30, 25, 20 or 15 of 1-240 minutes; default: ``choices``);
    ``check`` is any further test (the names in a list), answering the problem or ``None``.
    ``when`` names the other options' values it applies under (``{"mode": ("hunter",)}``: the
    hunters' count means something only in the hunter mode), so setup shows it only then;
    ``at_setup`` False keeps an option for scripts, tests and the command line only (Dungeon!'s
    preset ``heroes``). Both only shape setup: any game takes any valid value.
    """

    default: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    offered: tuple[Any, ...] = ()
    check: Callable[[Any], str | None] | None = None
    when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    at_setup: bool = True
    min_players: int = 0  # fewer seats play without it (market's ghosts: 3-4 players only)

    def applies(self, options: Mapping[str, Any], players: int | None = None) -> bool:
        """Offered at setup with the other options at ``options`` and ``players`` seats."""
        return self.at_setup and (players is None or players >= self.min_players) and all(
            options.get(name) in values for name, values in self.when.items())

    def values(self) -> list[Any]:
        """What setup offers: ``offered``, else ``choices``; ``[]`` for on/off and free values."""
        return list(self.offered or self.choices)

    def takes(self) -> str:
        """What the option takes, in words: "a whole number from -1 to 1"."""
        if isinstance(self.default, bool):
            return "on or off (true or false)"
        if self.choices:
            return "one of " + ", ".join(str(c) for c in self.choices)
        if isinstance(self.default, int):
            return "a whole number" + _range_words(self.low, self.high)
        if isinstance(self.default, float):
            return "a number" + _range_words(self.low, self.high)
        return "a text" if isinstance(self.default, str) else f"a value like {self.default!r}"

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is refused ("takes a whole number from -20 to 20 (got -25)"), or None."""
        if not _same_kind(value, self.default):
            return f"takes {self.takes()} (got {value!r})"
        out_of_range = (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high)
        if (self.choices and value not in self.choices) or out_of_range:
            return f"takes {self.takes()} (got {value!r})"
        return self.check(value) if self.check is not None else None


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f", at least {low}"
    return f", at most {high}" if high is not None else ""


@dataclass(frozen=True)
class GameSpec:
    """What the rest of the app needs to know about one game.

    ``bots`` maps level names to factories; ``best`` names the strongest. ``renderer_module`` (the
    game's ``ui/table.py`` unless ``view_module`` names another) is imported only by the UI: the
    game's ``ui/`` package is the one part of it that imports pygame.

    ``option_specs`` declares each option once (``Option``: its default, kind, range or choices,
    the values setup offers); ``options`` (the defaults), ``option_values`` (what setup offers),
    ``check_options`` and ``new_game`` all read it. It may be a ``LazyOptions`` that reads the
    declarations from the game's card file on first use, so a broken file does not stop the app
    from starting (it is reported where the game is set up or played). ``implied_options`` maps
    an option to the other options it fixes while it is on (``{"professional": {"chests":
    True}}``): setup shows those at that value, locked. Only a display of the rules:
    the game enforces them whatever it is given. ``player_variants`` maps a player count that
    plays a variant of the game to the i18n key naming it (the relic game: 3 and 4 players use two
    decks), so setup marks that count as a variant.

    ``card_files`` are the game's card files under ``cards/`` (globs allowed, ``dungeon/*.yaml``)
    and ``card_loader`` validates one of them; both default to the convention of
    ``games/<id>/cards.py`` (``CARD_FILE`` and ``load(path)``), see ``card_check()``.

    ``daily``: the game has a daily run (a solo game whose seed setup may set to today's date,
    the same deal for everyone). ``rules_page`` is the game's rules page, the contract of its actions, view and events
    (relative to the repository, or absolute; default ``docs/rules/<id>.md``).
    """

    game_id: str
    name_key: str
    min_players: int
    max_players: int
    game_class: type[Game]
    bots: dict[str, BotFactory]
    best: str
    view_module: str = ""
    option_specs: Mapping[str, Option] = field(default_factory=dict)
    implied_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    player_variants: Mapping[int, str] = field(default_factory=dict)
    card_files: tuple[str, ...] = ()
    card_loader: CardLoader | None = None
    rules_page: str = ""
    daily: bool = False

    @property
    def package(self) -> str:
        """The game's package: where its rules class lives (``dungeon_table.games.relic``)."""
        return self.game_class.__module__.rpartition(".")[0]

    @property
    def folder(self) -> Path:
        """The game's folder, where its rules module lies (its card file, catalogues and page
        may lie there too)."""
        return Path(str(sys.modules[self.game_class.__module__].__file__)).parent

    @property
    def in_app(self) -> bool:
        """One of the app's own games (in ``dungeon_table/games/``), not one a test brought."""
        return self.package.startswith(GAMES + ".")

    @property
    def rules_path(self) -> str:
        """``rules_page``, else ``docs/rules/<id>.md``."""
        return self.rules_page or f"docs/rules/{self.game_id}.md"

    @property
    def renderer_module(self) -> str:
        """The module of the game's renderer: ``view_module``, else ``<package>.ui.table``."""
        return self.view_module or f"{self.package}.ui.table"

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
        self.check_options(options or {})
        return self.game_class(seats, seed, self.with_defaults(options), stack)

    @property
    def options(self) -> dict[str, Any]:
        """Each option's default, in declaration order."""
        return {name: option.default for name, option in self.option_specs.items()}

    @property
    def option_values(self) -> dict[str, list[Any]]:
        """The values setup offers for each option that lists some (``Option.values``)."""
        offered = {name: option.values() for name, option in self.option_specs.items()}
        return {name: values for name, values in offered.items() if values}

    def setup_options(self, chosen: Mapping[str, Any], players: int | None = None) -> list[str]:
        """The options setup shows while the others are at ``chosen`` and ``players`` sit
        (``Option.applies``), in declaration order."""
        return [name for name, option in self.option_specs.items()
                if option.applies(chosen, players)]

    def with_defaults(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """``options`` with every option left out at its default: what a game is built with and
        what its record keeps, so a save still means the same game if a default changes."""
        return {**self.options, **(options or {})}

    def check_options(self, options: Mapping[Any, Any]) -> None:
        """``ValueError`` naming the first option the game does not have (with the nearest name
        it does have), or whose value its declaration refuses. ``new_game`` calls it, so the
        command line, scripts, saves and setup all meet the same rules."""
        specs = self.option_specs
        for key, value in options.items():
            option = specs.get(key) if isinstance(key, str) else None
            if option is None:
                raise ValueError(f"{self.game_id} has no option {key!r}{_near(key, specs)}")
            problem = option.problem(value)
            if problem is not None:
                raise ValueError(f"option {key!r} of {self.game_id} {problem}")

    def make_bot(self, name: str, seed: int) -> Any:
        """A bot by level name; ``best`` is the strongest, ``random`` always exists."""
        level = self.best if name == "best" else name
        if level == "random" and "random" not in self.bots:
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
        module: Any = None
        if not self.card_files or self.card_loader is None:
            try:
                module = importlib.import_module(f"{self.package}.cards")
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


def _near(key: Any, specs: Mapping[str, Option]) -> str:
    """"(did you mean 'difficulty'? options: difficulty)" for a near miss, else the list."""
    known = ", ".join(specs) or "none"
    close = difflib.get_close_matches(str(key), list(specs), n=1)
    return f" (did you mean {close[0]!r}? options: {known})" if close else f" (options: {known})"


def _same_kind(value: Any, default: Any) -> bool:
    """``value`` may stand where ``default`` stands: same type (bool is not an int here), or an
    integer for a float; ``None`` as a default takes anything."""
    if default is None:
        return True
    if isinstance(default, float) and not isinstance(value, bool):
        return isinstance(value, int | float)
    return type(value) is type(default)


_REGISTRY: dict[str, GameSpec] = {}
GAMES = "dungeon_table.games"  # the package whose every subpackage is a game
_discovered: set[str] = set()
_version = 0


def register(spec: GameSpec) -> GameSpec:
    global _version
    _REGISTRY[spec.game_id] = spec
    _version += 1
    return spec


def version() -> int:
    """Counts registrations, so a cache built from the registered games (a game's catalogues)
    can tell cheaply that one has joined."""
    return _version


def discover(package: str) -> list[str]:
    """Register every game of ``package`` (a dotted name): each of its subpackages is one game,
    whose ``__init__`` defines its ``SPEC``. The app's games are ``dungeon_table.games``'s (found
    on first use); a test points this at another folder (the example game). Returns their ids."""
    found = []
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__, package + "."):
        if not info.ispkg:
            continue
        module = importlib.import_module(info.name)
        if not isinstance(getattr(module, "SPEC", None), GameSpec):
            raise TypeError(f"{info.name}: a game's package defines its GameSpec as SPEC")
        found.append(register(module.SPEC).game_id)
    _discovered.add(package)
    return found


def _load_all() -> None:
    if GAMES not in _discovered:
        discover(GAMES)


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
