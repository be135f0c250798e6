"""A bot that plays an only move unread (``plays_forced``, the market's greedy and trader bots) is
given no view for it by the loops that feed bots (``script.play_out`` and a search's playouts,
through ``search_bot.only_move``), and those loops play exactly the game they played when every
move was handed to the bot with its view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dungeon_table.ai.search_bot import SeatKnowledge, playout
from dungeon_table.core import registry
from dungeon_table.core.script import play_out
from dungeon_table.games.market.bot import BOTS
from dungeon_table.games.market.bot_leaf import leaf_value

SPEC = registry.get("market")


class Watched:
    """A market bot whose ``plays_forced`` is set, counting what it is asked."""

    def __init__(self, name: str, seed: int, forced: bool, asked: list[int]) -> None:
        self.bot = SPEC.make_bot(name, seed)
        self.plays_forced = forced
        self.asked = asked

    def choose(self, view: Any, legal: list[Any]) -> Any:
        self.asked.append(len(legal))
        return self.bot.choose(view, legal)


def played(forced: bool, seed: int) -> tuple[dict[str, Any], list[int]]:
    game = registry.new_game("market", ["human"] * 3, seed, {"chests": True})
    asked: list[int] = []
    bots = {s: Watched(["trader", "greedy", "greedy"][s], seed + s, forced, asked)
            for s in range(3)}
    play_out(game, bots)
    return game.state_dict(), asked


@pytest.mark.parametrize("seed", [3, 11])
def test_play_out_asks_no_only_move_and_plays_the_same_game(seed: int) -> None:
    unread, asked_unread = played(True, seed)
    read, asked_read = played(False, seed)
    assert unread == read
    assert 1 in asked_read            # only moves came up, and were asked before
    assert 1 not in asked_unread      # now played without the bot, and without its view
    assert len(asked_unread) < len(asked_read)


def test_a_playout_scores_the_same_with_its_only_moves_played_unread() -> None:
    game = registry.new_game("market", ["human"] * 4, 5)
    bots = {s: SPEC.make_bot("best", s) for s in range(4)}
    for _ in range(60):  # into the game: a few turns of best bots
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    knows = SeatKnowledge(game, game.to_act()[0])
    first = knows.legal()[0]

    def greedy(forced: bool):  # type: ignore[no-untyped-def]
        return lambda seed: Watched("greedy", seed, forced, [])

    luck = random.Random(2)
    for _ in range(6):
        draw = luck.getrandbits(63)
        assert playout(knows, first, draw, greedy(True), 40, None, leaf_value) == \
            playout(knows, first, draw, greedy(False), 40, None, leaf_value)
    assert BOTS["greedy"].plays_forced and BOTS["trader"].plays_forced
