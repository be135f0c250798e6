"""The move phase's quick legality test (what a load asks of every saved action, without listing
every legal action) answers exactly as membership in the listed actions does, for the legal
actions and for near misses: a path cut short, walked one space further, the way back, a route
one move too long, peeks with the other means, scrying and teleporting anywhere."""

from __future__ import annotations

import random

import pytest

from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.base import DungeonBase
from dungeon_table.games.dungeon.rules import Dungeon


def candidates(game: DungeonBase, seat: int, legal: list[Action]) -> list[Action]:
    """The legal actions and actions like them that may not be."""
    out = list(legal)
    board = game.board
    start = game.state.heroes[seat].space
    for action in legal:
        if isinstance(action, m.Move):
            path = list(action.path)
            out.append(m.Move(path=path[:-1]))
            out.append(m.Move(path=path[::-1]))
            out += [m.Move(path=[*path, there]) for there, _ in board.neighbours(path[-1])]
    longer = movement.routes(board, game.context(seat), start, game.state.turn.moves_left + 1)
    out += [m.Move(path=route.path) for route in longer.values()]
    out += [m.Peek(space=s, using=u) for s in board.rooms() + board.chambers()
            for u in ("esp", "spell", "eye")]
    out += [m.Scry(space=s) for s in board.rooms() + board.chambers()]
    out += [m.Teleport(to=c) for c in board.chambers()]
    out += [m.EndTurn(), m.Attack(), m.Refill(), m.Move(path=[start])]
    return out


@pytest.mark.parametrize("heroes", [1, 2, 4])
def test_quick_agrees_with_the_list(heroes: int) -> None:
    decided = 0
    for seed in range(2):
        game = Dungeon(["bot:random"] * heroes, seed)
        rnd = random.Random(seed)
        for _ in range(300):
            if game.result() is not None or not game.to_act():
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if game.phase == "move":
                quick = game.current.quick
                for action in candidates(game, seat, legal):
                    verdict = quick[type(action)](game, seat, action)
                    if verdict is not None:
                        decided += 1
                        assert verdict == (action in legal), (seed, action, verdict)
            game.apply(seat, rnd.choice(legal))
    assert decided > 500  # the test decides by the quick path, it does not fall back
