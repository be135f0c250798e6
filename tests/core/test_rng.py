"""A game's ``Rng`` rolls exactly what ``random.Random`` would: its inlined ``randint`` must give
every seeded game the same dice (saves replay from the seed, and ``bench/dungeon_digest.py``)."""

from __future__ import annotations

import random

import pytest

from dungeon_table.core.rng import Rng


def test_a_die_is_randint() -> None:
    for seed in range(20):
        rng = Rng(seed)
        twin = random.Random(seed)
        for low, high in [(1, 6), (1, 1), (0, 0), (2, 12), (-3, 3), (1, 128), (0, 1024), (1, 6)]:
            for _ in range(30):
                assert rng.randint(low, high) == twin.randint(low, high), (seed, low, high)
        # the rest of the source is left where ``random.Random`` leaves it
        assert rng.random() == twin.random()


def test_an_empty_range_is_refused_as_randint_refuses_it() -> None:
    with pytest.raises(ValueError):
        Rng(0).randint(6, 1)
