"""The expert (``ai/search_bot.py``), checked for every registered game: it cannot peek.

Two games that differ only in what the deciding seat cannot see (the second is the first with its
hidden parts dealt anew: ``redeal_hidden``) must get the same decision from bots of the same seed
and iteration budget; its decisions are legal and repeat; its budget is kept.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from dungeon_table.ai.search_bot import (
    SAME_ROUNDS,
    Arm,
    Budget,
    SearchBot,
    SeatKnowledge,
    decide,
    value_of,
)
from dungeon_table.core import registry
from dungeon_table.core.protocol import Game

GAMES = registry.game_ids()
PLAYERS = {"relic": 2, "market": 3, "dungeon": 3, "lastdungeon": 1}
ITERATIONS = 9
ARMS = 3  # three rounds of three candidates
# Playouts long enough that what is hidden changes their scores (market's points move slowly).
DEPTH = {"market": 30, "relic": 30}


def searcher(game_id: str, seed: int, own: bool = False) -> SearchBot:
    """A small search with the best bot playing the playouts on, or (``own``) with the game's
    registered expert's rollout bots, guide and leaf judgement."""
    spec = registry.get(game_id)
    if own:
        made = spec.make_bot("expert", seed)
        return SearchBot(seed, made.rollout, DEPTH.get(game_id, 10),
                         Budget(iterations=ITERATIONS), ARMS, guide=made.guide, leaf=made.leaf,
                         final=made.final, alike=made.alike)
    return SearchBot(seed, spec.bots[spec.best], DEPTH.get(game_id, 10),
                     Budget(iterations=ITERATIONS), ARMS)


def moments(game_id: str, seed: int, count: int) -> Iterator[tuple[Game, int]]:
    """Up to ``count`` moments of a random game where a seat has a real choice."""
    spec = registry.get(game_id)
    seats = ["human"] * PLAYERS.get(game_id, spec.min_players)
    game = spec.new_game(seats, seed)
    rnd = random.Random(seed)
    found = 0
    for _ in range(400):
        if game.result() is not None or found >= count:
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1 and rnd.random() < 0.15:
            found += 1
            yield game, seat
        game.apply(seat, rnd.choice(legal))


def encoded(view: Any) -> bytes:
    return msgspec.json.encode(view)


@pytest.mark.parametrize("own", [False, True], ids=["best rollouts", "the game's own expert"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_differing_only_in_what_the_seat_cannot_see_gets_the_same_decision(
        game_id: str, own: bool) -> None:
    checked = differs = 0
    for game, seat in moments(game_id, seed=21, count=4):
        twin = game.redeal_hidden(seat, random.Random(checked + 100))
        assert encoded(twin.view(seat)) == encoded(game.view(seat))
        differs += twin.state_dict() != game.state_dict()
        # The worlds the search samples are the same game, its dice to come included ...
        for luck in range(3):
            world = SeatKnowledge(game, seat).sample(random.Random(luck))
            other = SeatKnowledge(twin, seat).sample(random.Random(luck))
            assert world.state_dict() == other.state_dict(), (game_id, checked, seat, luck)
            assert world.rng.getstate() == other.rng.getstate()  # type: ignore[attr-defined]
        # ... so the decision is too.
        mine, theirs = searcher(game_id, 5, own), searcher(game_id, 5, own)
        assert decide(mine, game, seat) == decide(theirs, twin, seat), (game_id, checked, seat)
        # Every playout scored the same, not just the choice: nothing hidden leaked anywhere.
        assert mine.last_totals == theirs.last_totals, (game_id, checked, seat)
        checked += 1
    assert checked >= 2
    assert differs, f"{game_id}: no moment had anything hidden to deal anew"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_expert_decides_legally_and_the_same_from_the_same_seed(game_id: str) -> None:
    for game, seat in moments(game_id, seed=4, count=2):
        first = decide(searcher(game_id, 9), game, seat)
        assert first in game.legal_actions(seat)
        assert decide(searcher(game_id, 9), game, seat) == first


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_an_expert_level(game_id: str) -> None:
    bot = registry.get(game_id).make_bot("expert", 3)
    assert isinstance(bot, SearchBot)


def test_a_playout_budget_plays_whole_rounds_within_it() -> None:
    for game, seat in moments("relic", seed=8, count=3):
        bot = searcher("relic", 1)
        decide(bot, game, seat)
        candidates = min(ARMS, len(game.legal_actions(seat)))
        assert bot.last_iterations == ITERATIONS - ITERATIONS % candidates


def test_too_small_a_budget_for_one_round_plays_the_rollout_policy() -> None:
    spec = registry.get("relic")
    for game, seat in moments("relic", seed=8, count=3):
        bot = SearchBot(2, spec.bots[spec.best], 10, Budget(iterations=1), ARMS)
        seed = random.Random(random.Random(2).getrandbits(63)).getrandbits(32)  # as the bot seeds it
        policy = spec.bots[spec.best](seed)
        expected = policy.choose(game.view(seat), game.legal_actions(seat))
        assert decide(bot, game, seat) == expected
        assert bot.last_iterations == 0


def test_the_search_samples_worlds_only_through_the_seat_knowledge() -> None:
    """The bot is handed the seat's knowledge; a world it samples is a redeal, never the game."""
    game, seat = next(moments("relic", seed=8, count=1))
    knows = SeatKnowledge(game, seat)
    world = knows.sample(random.Random(1))
    assert world is not game
    assert encoded(world.view(seat)) == encoded(game.view(seat))


def test_without_the_game_the_expert_plays_its_rollout_policy() -> None:
    spec = registry.get("relic")
    game, seat = next(moments("relic", seed=8, count=1))
    view, legal = game.view(seat), game.legal_actions(seat)
    assert searcher("relic", 3).choose(view, legal) == spec.bots[spec.best](3).choose(view, legal)


def test_a_game_s_leaf_scores_every_playout_cut_short() -> None:
    """``leaf`` (a game's judgement of a position) replaces the standing share at ``depth``."""
    spec = registry.get("relic")
    game, seat = next(moments("relic", seed=8, count=1))
    assert value_of(game, seat, leaf=lambda world, s: 0.25) == 0.25
    bot = SearchBot(2, spec.bots[spec.best], 2, Budget(iterations=ITERATIONS), ARMS,
                    leaf=lambda world, s: 0.25)
    decide(bot, game, seat)
    rounds = ITERATIONS // min(ARMS, len(game.legal_actions(seat)))
    assert [total for _, total in bot.last_totals] == [0.25 * rounds] * len(bot.last_totals)


def test_a_game_s_final_scores_every_finished_playout() -> None:
    """``final`` (a game's value of a finished game) replaces the win and standing share."""
    spec = registry.get("relic")
    game = spec.new_game(["human", "human"], 3)
    bots = [spec.bots[spec.best](s) for s in range(2)]
    while game.result() is None:
        seat = game.to_act()[0]
        game.apply(seat, decide(bots[seat], game, seat))
    winner = game.result().winners[0]  # type: ignore[union-attr]
    assert value_of(game, winner) >= 0.9
    assert value_of(game, winner, final=lambda world, s: 0.25) == 0.25
    assert value_of(game, winner, leaf=lambda world, s: 0.5, final=lambda world, s: 0.25) == 0.25


def test_actions_a_game_keys_alike_are_one_candidate() -> None:
    """``alike``: of the actions with one key only the first is compared; every action alike
    leaves the guide's choice alone, and nothing is searched."""
    spec = registry.get("relic")
    game, seat = next(moments("relic", seed=8, count=1))
    bot = SearchBot(2, spec.bots[spec.best], 2, Budget(iterations=ITERATIONS), ARMS,
                    alike=lambda action: "the same")
    chosen = decide(bot, game, seat)
    assert bot.last_iterations == 0 and [a for a, _ in bot.last_totals] == [chosen]
    both = SearchBot(2, spec.bots[spec.best], 2, Budget(iterations=ITERATIONS), 10,
                     alike=lambda action: type(action))
    decide(both, game, seat)
    kinds = [type(a) for a, _ in both.last_totals]
    assert len(kinds) == len(set(kinds)) == len({type(a) for a in game.legal_actions(seat)})


def test_a_candidate_that_scores_as_the_guide_s_choice_every_round_is_the_same_move() -> None:
    """After ``SAME_ROUNDS`` rounds of exactly the guide's scores a candidate plays no more."""
    prior = Arm("guide", [0.9, 0.0, 0.9, 0.0])
    assert Arm("same", [0.9, 0.0, 0.9, 0.0]).settled(prior)
    assert not Arm("same so far", [0.9, 0.0, 0.9]).settled(Arm("guide", [0.9, 0.0, 0.9]))
    assert not Arm("once better", [0.9, 0.9, 0.9, 0.0]).settled(prior)


def test_a_candidate_clearly_beaten_by_the_guide_s_choice_plays_no_more() -> None:
    prior = Arm("guide", [0.9, 0.9, 0.9])
    assert Arm("loser", [0.0, 0.0, 0.0]).settled(prior)
    assert not Arm("loser once", [0.0, 0.9, 0.9]).settled(prior)
    assert not Arm("too soon", [0.0, 0.0]).settled(Arm("guide", [0.9, 0.9]))


def test_a_decision_where_every_candidate_is_the_same_ends_after_the_same_rounds() -> None:
    """Every playout scored alike (a constant leaf): the search stops once every candidate is
    settled, spending ``SAME_ROUNDS`` rounds, not the budget, and plays the guide's choice."""
    spec = registry.get("relic")
    game, seat = next(moments("relic", seed=8, count=1))
    bot = SearchBot(2, spec.bots[spec.best], 2, Budget(iterations=200), ARMS,
                    leaf=lambda world, s: 0.25)
    chosen = decide(bot, game, seat)
    arms = min(ARMS, len(game.legal_actions(seat)))
    assert bot.last_iterations == SAME_ROUNDS * arms
    assert chosen == bot.last_totals[0][0] and not bot.last_overruled
