"""The Hint's second look: after the best bot's answer, shown at once, the game's expert searches
the same decision within the thinking time, off the UI thread (``ui/bot_runner.py``), and its
verdict joins the hint: the same move ("the expert agrees") or another, which the hint moves to.

    deeper = DeeperHint()
    if deeper.start(spec, game, seat, steps, thinking, quick, seed): ...   # "looking deeper…"
    verdict = deeper.poll(steps)     # every frame: a Verdict once, for the step it was asked at

The search sees what the seat's own bot would (``search_bot.decide``: the seat's view and the
worlds dealt from it), so a hint in pass-and-play tells its player nothing another seat hides.
A game without a searching expert, and a tutorial's step, get the quick answer alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dungeon_table.core.protocol import Action, Game
from dungeon_table.core.registry import GameSpec
from dungeon_table.ui.bot_runner import BotRunner

EXPERT = "expert"


@dataclass(frozen=True)
class Verdict:
    """The expert's move for ``seat``'s hinted decision, after ``playouts`` playouts; ``agrees``:
    it is the quick hint's move."""

    seat: int
    action: Action
    playouts: int
    agrees: bool


class DeeperHint:
    """At most one second look at a time, for the table that owns it."""

    # False: the quick hint alone (the table's tests of the quick hint's own move turn it off,
    # so a verdict landing mid-test cannot move the hint: tests/ui_table/conftest.py)
    enabled = True

    def __init__(self) -> None:
        self.runner = BotRunner()
        self.quick: Action | None = None
        self.bot: Any = None
        # makes the expert (seed -> bot); None: the game's own ``expert`` level (tests stub it)
        self.make: Callable[[int], Any] | None = None

    @property
    def looking(self) -> bool:
        return self.runner.thinking is not None

    def start(self, spec: GameSpec, game: Game, seat: int, steps: int, thinking: str,
              quick: Action, seed: int) -> bool:
        """Search ``seat``'s decision (the quick hint was ``quick``); False, nothing started, when
        the game has no expert that searches."""
        self.drop()
        if not self.enabled or not callable(getattr(game, "clone", None)):
            return False  # a remote seat holds a view, not the game: nothing to search
        if len(game.legal_actions(seat)) < 2:
            return False  # a forced move: nothing to look at
        if self.make is None and EXPERT not in spec.bots:
            return False
        bot = self.make(seed) if self.make is not None else spec.make_bot(EXPERT, seed)
        if not self.runner.takes(bot):
            return False
        self.bot, self.quick = bot, quick
        self.runner.start(bot, game, seat, steps, thinking)
        return True

    def poll(self, steps: int) -> Verdict | None:
        """The verdict once the search has ended, if the game is still at the step it was asked
        at (a move in the meantime drops it); None while it runs or when there is none."""
        done = self.runner.poll(steps)
        if done is None:
            return None
        seat, action = done
        playouts = int(getattr(self.bot, "last_iterations", 0))
        return Verdict(seat, action, playouts, action == self.quick)

    def drop(self) -> None:
        """Forget the look under way (a new hint, a move, a new game)."""
        self.runner.drop()
        self.quick = None
