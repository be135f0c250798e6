"""The random bot: uniform over the legal actions, seeded, for any game."""

from __future__ import annotations

import random
from typing import Any

from dungeon_table.core.protocol import Action


class RandomBot:
    """Picks uniformly among ``legal_actions``; the same seed gives the same choices.

    >>> RandomBot(3).choose(None, ["a", "b", "c"]) == RandomBot(3).choose(None, ["a", "b", "c"])
    True
    """

    name = "random"
    # It never looks at the view, so the loops that feed bots (``script.play_out``, which
    # ``simulate`` plays through) build none for it.
    reads_view = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal_actions: list[Action]) -> Action:
        return legal_actions[self.pick(view, legal_actions)]

    def pick(self, view: Any, legal_actions: list[Action]) -> int:
        """The position of ``choose``'s pick in ``legal_actions``: the loops that feed bots
        (``PhasedGame.play_pick``) then need not look for the action in the list."""
        count = len(legal_actions)
        if not count:
            raise ValueError("no legal action to choose from")
        # ``self.rng.randrange(count)``, drawn as CPython's ``Random._randbelow`` draws it (the
        # bits of ``count``, drawn again while too large), without its two Python calls: every
        # step of a random game comes here. ``tests/core/test_random_bot.py`` holds it to randrange.
        draw = self.rng.getrandbits
        bits = count.bit_length()
        pick = draw(bits)
        while pick >= count:
            pick = draw(bits)
        return pick


def picks_by_position(bot: Any) -> bool:
    """Whether ``bot.choose`` is ``legal_actions[bot.pick(...)]`` (a ``RandomBot`` whose
    ``choose`` is its own): a loop may then apply ``pick``'s position (``play_pick``)."""
    return getattr(type(bot), "choose", None) is RandomBot.choose
