"""The random bot draws exactly as ``random.Random.randrange`` would: its inlined draw must give
every seeded game the same picks (``bench/dungeon_digest.py`` and every replay rest on them)."""

from __future__ import annotations

import random

import pytest

from dungeon_table.ai.random_bot import RandomBot


def test_the_picks_are_randranges() -> None:
    for seed in range(20):
        bot = RandomBot(seed)
        twin = random.Random(seed)
        for count in [*range(1, 70), 127, 128, 129, 1000, 1025, *range(1, 70)]:
            items = list(range(count))
            assert bot.choose(None, items) == twin.randrange(count), (seed, count)


def test_no_legal_action_is_refused() -> None:
    with pytest.raises(ValueError):
        RandomBot(0).choose(None, [])
