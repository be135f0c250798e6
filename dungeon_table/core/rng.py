"""The seeded random source of a game: every shuffle and roll of a game comes from one ``Rng``.

    rng = Rng(7)
    rng.shuffle(cards)          # in place, like random.shuffle
    rng.randint(1, 6)           # a die
    saved = rng.getstate(); ...; rng.setstate(saved)

Two games built from the same seed and fed the same actions are identical, which is what saves,
replays and the determinism tests rely on. Stacking (scripts, tests) is done by the game on its
decks right after it shuffles, not here.
"""

from __future__ import annotations

import random
import time
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A thin wrapper over ``random.Random`` so that no game reaches for the global one."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place."""
        self._random.shuffle(items)

    def randint(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``, both ends included: ``random.Random.randint``'s, drawn
        as CPython draws it (``_randbelow``: the bits of the width, drawn again while too
        large) without its three Python calls, as every die of a game comes here
        (``tests/core/test_rng.py`` holds it to ``randint``)."""
        width = high - low + 1
        if width <= 0:
            return self._random.randint(low, high)  # its error
        draw = self._random.getrandbits
        bits = width.bit_length()
        pick = draw(bits)
        while pick >= width:
            pick = draw(bits)
        return low + pick

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return self._random.choice(items)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return self._random.random()

    def copy(self) -> Rng:
        """An independent source in the same state: it rolls what this one would roll next, and
        rolling it leaves this one where it was (``clone`` of a game needs exactly that)."""
        # Not through Rng(seed): seeding a Mersenne Twister costs as much again as copying its
        # state, and a search clones thousands of times a second.
        twin = Rng.__new__(Rng)
        twin.seed = self.seed
        twin._random = random.Random.__new__(random.Random)
        twin._random.setstate(self._random.getstate())
        return twin

    def getstate(self) -> Any:
        return self._random.getstate()

    def setstate(self, state: Any) -> None:
        self._random.setstate(state)


def daily_seed(today: time.struct_time | None = None) -> int:
    """The daily run's seed: today's date in UTC as ``YYYYMMDD``. UTC, not local time, so that
    ``play --seed daily`` and the setup screen's daily run deal the same game to everyone."""
    return int(time.strftime("%Y%m%d", today or time.gmtime()))
