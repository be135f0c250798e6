"""The random bot draws exactly as ``random.Random.randrange`` would: its inlined draw must give
every seeded game the same picks (``bench/dungeon_digest.py`` and every replay rest on them)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dungeon_table.ai.random_bot import RandomBot, picks_by_position
from dungeon_table.core import registry


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


def test_the_pick_is_the_position_of_the_choice() -> None:
    items = [object() for _ in range(37)]
    for seed in range(10):
        chooser, picker = RandomBot(seed), RandomBot(seed)
        for _ in range(50):
            assert chooser.choose(None, items) is items[picker.pick(None, items)]


def test_a_bot_that_overrides_choose_is_not_played_by_position() -> None:
    class First(RandomBot):
        def choose(self, view: Any, legal_actions: list[Any]) -> Any:
            return legal_actions[0]

    assert picks_by_position(RandomBot(0))
    assert not picks_by_position(First(0))


def test_play_pick_plays_as_apply_of_choose() -> None:
    spec = registry.get("dungeon")
    picked = spec.new_game(["bot:random"] * 4, 5)
    applied = spec.new_game(["bot:random"] * 4, 5)
    pickers = [RandomBot(s) for s in range(4)]
    choosers = [RandomBot(s) for s in range(4)]
    for _ in range(300):
        seat = applied.to_act()[0]
        if seat % 2:  # listed first, as for a view: the kit's kept list
            picked.legal_actions(seat)
        action = picked.play_pick(seat, pickers[seat].pick)
        expected = choosers[seat].choose(None, applied.legal_actions(seat))
        applied.apply(seat, expected)
        assert action == expected
    assert picked.state_dict() == applied.state_dict()
