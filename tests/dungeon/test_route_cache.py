"""The kept route search (``movement.Reach``, looked up by the blockers and unfound doors in
reach) offers exactly what the search made afresh for every list offered, in the same order: the
old search is kept in ``reference_routes.py`` and both are asked on every move-phase state of
seeded random games, with the moves left and with every count from 1 to 7. The reference asks
a context made afresh from the state, so what the engine keeps between steps (the blockers,
``DungeonBase.blockers``) is checked too."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import HeroContext
from dungeon_table.games.dungeon.rules import Dungeon

from .reference_routes import reference_routes


def move_states(heroes: int, seed: int,
                options: dict[str, str] | None = None) -> Iterator[tuple[Dungeon, int]]:
    """The game at each state of a seeded random game where a hero may move."""
    game = Dungeon(["bot:random"] * heroes, seed, options)
    rnd = random.Random(seed)
    while game.result() is None and game.to_act():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if game.phase == "move" and game.state.turn.moves_left:
            yield game, seat
        game.apply(seat, rnd.choice(legal))


CASES = [(4, seed, None) for seed in range(3)] + [(2, 7, None), (1, 3, None),
                                                    (1, 5, {"mode": "hunter"})]


@pytest.mark.parametrize(("heroes", "seed", "options"), CASES)
def test_the_kept_search_offers_what_the_old_one_found(heroes: int, seed: int,
                                                       options: dict[str, str] | None) -> None:
    compared = 0
    for game, seat in move_states(heroes, seed, options):
        start = game.state.heroes[seat].space
        ctx = HeroContext(game, seat)  # made afresh: the game's own may be kept from a walk
        expected = reference_routes(game.board, ctx, start, game.state.turn.moves_left)
        assert list(game.routes(seat).items()) == list(expected.items())  # the order too
        moves = [a for a in game.legal_actions(seat) if isinstance(a, m.Move)]
        assert moves == [m.Move(path=tuple(expected[s].path)) for s in sorted(expected)]
        for count in range(1, 8):
            expected = reference_routes(game.board, ctx, start, count)
            offered = game.offers(seat, count, listed=False)
            assert [(space, list(move.path), list(doors)) for space, move, doors in offered] \
                == [(space, r.path, r.secret_doors) for space, r in expected.items()]
        compared += 1
    assert compared > 100


def test_two_games_in_the_same_place_offer_the_very_same_moves() -> None:
    """The search is kept per board, and its ``Move`` actions are made once (immutable)."""
    one, two = Dungeon(["bot:random"] * 2, 4), Dungeon(["bot:random"] * 2, 4)
    seat = one.to_act()[0]
    while one.phase != "move":
        action = one.legal_actions(seat)[0]
        one.apply(seat, action)
        two.apply(seat, action)
        seat = one.to_act()[0]
    first = [a for a in one.legal_actions(seat) if isinstance(a, m.Move)]
    again = [a for a in two.legal_actions(seat) if isinstance(a, m.Move)]
    assert first and all(a is b for a, b in zip(first, again, strict=True))
