"""The common shape of a game's ``why_illegal``: the game over, not this seat's turn, an action of
another phase (with what this phase wants), then the action's own rule check.

A game's ``reasons.py`` declares its phases and checks and calls ``explain``::

    Refusals(
        phase_actions={"explore": (m.Explore, m.Stop), ...},
        phase_hint={"explore": "explore, or stop and go to the market", ...},
        checks={m.Buy: _buy, ...},         # (game, seat, action) -> reason or None
    ).explain(game, seat, action)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dungeon_table.core.protocol import Action, to_dict

Check = Callable[[Any, int, Any], "str | None"]


@dataclass(frozen=True)
class Refusals:
    phase_actions: Mapping[str, tuple[type[Action], ...]]
    phase_hint: Mapping[str, str]
    checks: Mapping[type[Action], Check]

    def explain(self, game: Any, seat: int, action: Action) -> str:
        """Why ``action`` is refused now; the game has ``phase``, ``to_act()`` and is over in the
        phase "over"."""
        if game.phase == "over":
            return "the game is over"
        if seat not in game.to_act():
            return f"seat {seat} is not to act now (to act: {game.to_act()})"
        name = to_dict(action)["type"]
        if not isinstance(action, self.phase_actions.get(game.phase, ())):
            return f"{name} is not possible now: {self.phase_hint.get(game.phase, '')}"
        check = self.checks.get(type(action))
        reason = check(game, seat, action) if check else None
        return reason or f"{to_dict(action)} is not a legal action now"
