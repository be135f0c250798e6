"""A bot that decides phase by phase, over the same phase names as its game's flow.

    class RelicBot(PhaseBot):
        game = Relic
        def _play(self, view, legal): ...
        def _battle(self, view, legal): ...
        choosers = {"play": _play, "battle": _battle, "end": _end, ...}

``choose(view, legal)`` calls the chooser of ``view.phase``. The table is checked against the
game's ``phases`` when the class is made: a chooser for a phase the game does not have is an error,
and so is a phase the game can be in with nothing to decide it (``fallback`` stands in only where
a subclass says so, by naming the phase in ``use_fallback``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from dungeon_table.core.phased import OVER, PhasedGame
from dungeon_table.core.protocol import Action

Chooser = Callable[[Any, Any, list[Action]], Action]


class PhaseBot:
    """Subclasses set ``game`` (the rules class), ``choosers`` and may set ``use_fallback``."""

    game: ClassVar[type[PhasedGame[Any]]]
    choosers: ClassVar[Mapping[str, Chooser]]
    use_fallback: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "choosers" in cls.__dict__ or "use_fallback" in cls.__dict__:
            _check_table(cls)

    def choose(self, view: Any, legal: list[Action]) -> Action:
        chooser = self.choosers.get(view.phase)
        if chooser is None:
            return self.fallback(view, legal)
        return chooser(self, view, legal)

    def fallback(self, view: Any, legal: list[Action]) -> Action:
        """The phases named in ``use_fallback``: the first legal action (games list the step that
        moves on first where that matters)."""
        return legal[0]


def _check_table(cls: type[PhaseBot]) -> None:
    phases = cls.game.phases
    unknown = sorted(set(cls.choosers) - set(phases))
    if unknown:
        raise TypeError(f"{cls.__name__}: no phase {', '.join(unknown)} in {cls.game.__name__}")
    live = {name for name, phase in phases.items() if phase is not OVER and phase.moves}
    missing = sorted(live - set(cls.choosers) - cls.use_fallback)
    if missing:
        raise TypeError(f"{cls.__name__}: nothing decides the phase(s) {', '.join(missing)}")
