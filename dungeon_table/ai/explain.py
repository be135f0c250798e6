"""The Hint's words: a bot's choice with the reason for it.

``decide_with_reason(view, legal) -> (action, Reason)`` sits beside ``choose``: it asks ``choose``
(the one judgement, so the hint is the move the bot would make) and then ``explain``, which each
game's best bot writes from the same helpers its choosers use (the plan, the odds, the worths):
the reason is an i18n key with its values (``core.reasons.Reason``), shown by the table in the
player's language next to the outlined target. A choice a game does not explain says what it is.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.core.reasons import Reason, reason


class Explains:
    """Mixed into a bot that has ``choose``; a game overrides ``explain``."""

    def decide_with_reason(self, view: Any, legal: list[Action]) -> tuple[Action, Reason]:
        action = self.choose(view, legal)  # type: ignore[attr-defined]
        return action, self.explain(view, legal, action) or plainly(action)

    def explain(self, view: Any, legal: list[Action], action: Action) -> Reason | None:
        return None


def plainly(action: Action) -> Reason:
    """The fallback: only what the action is (``hint.why.plain``; the table names it by the
    outlined target's own label)."""
    return reason("hint.why.plain", "the strongest bot's choice: {action}",
                  action=to_dict(action)["type"].replace("_", " "))


def percent(p: float) -> int:
    """A chance as a whole percentage, as the table writes it ("22 %")."""
    return round(100 * max(0.0, min(1.0, p)))
