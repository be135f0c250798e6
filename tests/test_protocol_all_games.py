"""Every registered game through the engine protocol (OpenSpiel's random_sim_test, our way).

Random playouts from fixed seeds check, at every step: only the seats to act have legal actions,
views serialise (spectator too), every action's notation decodes back to itself, an illegal
action raises and changes nothing, events are tagged records; games end, results rank every seat,
and the same seed gives the same game. A perft-like count of legal actions along fixed playouts
catches rule regressions; after a deliberate rule change, re-record it with
``python tests/test_protocol_all_games.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import msgspec
import pytest

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, Event, Game, to_dict

SEEDS = (1, 2, 3, 4, 5)
MAX_ACTIONS = 5000
PERFT_STEPS = 60

# game -> the legal-action count over the first PERFT_STEPS of each seed. Asserted, never skipped:
# a change to the cards or rules that changes a count must re-record it on purpose (the failure
# prints the line), since a skip on any card edit left these unchecked for a whole session.
PERFT: dict[str, list[int]] = {
    "lastdungeon": [307, 312, 71, 268, 354],
    "market": [994, 573, 454, 702, 493],
    "relic": [182, 206, 176, 186, 158],
    "dungeon": [908, 1089, 695, 1073, 1193],
    "toy": [16, 12, 14, 13, 23],
    "torch": [55, 57, 52, 31, 54],
}

GAMES = [*registry.game_ids(), "toy"]


@pytest.fixture(params=GAMES)
def game_id(request: pytest.FixtureRequest, toy: str) -> str:
    return str(request.param)


def new(game_id: str, seed: int) -> Game:
    spec = registry.get(game_id)
    return spec.new_game(["human"] * spec.min_players, seed)


def state(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True, default=str)


def step(game: Game, rng: random.Random, seen: set[Action]) -> tuple[int, Action]:
    """One checked random step; returns what was applied."""
    to_act = game.to_act()
    assert to_act, "no seat to act although the game has no result"
    for seat in range(len(game.seats)):
        legal = game.legal_actions(seat)
        assert bool(legal) == (seat in to_act), f"seat {seat}: legal actions out of turn"
        msgspec.json.encode(game.view(seat))
    msgspec.json.encode(game.view(None))
    seat = to_act[0]
    legal = game.legal_actions(seat)
    for action in legal:
        assert type(game).decode_action(to_dict(action)) == action
    refuse_illegal(game, seat, [a for a in seen if a not in legal][:3])
    refuse_malformed(game, seat, legal)
    seen.update(legal)
    action = rng.choice(legal)
    for event in game.apply(seat, action):
        assert isinstance(event, Event) and isinstance(to_dict(event)["type"], str)
    return seat, action


def refuse_illegal(game: Game, seat: int, illegal: list[Action]) -> None:
    before = state(game)
    for action in illegal:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    with pytest.raises(IllegalAction):
        game.apply(len(game.seats), game.legal_actions(seat)[0])  # no such seat
    assert state(game) == before, "an illegal action changed the state"


class Stranger(Action, frozen=True, tag="stranger"):
    """An action no game has."""


# Every other game's actions that need no fields: relic's `fight` is not Last Dungeon's `fight`.
FOREIGN = [kind() for game_id in registry.game_ids()
           for kind in registry.get(game_id).game_class.action_types
           if not msgspec.structs.fields(kind)]


def malformed(action: Action) -> list[Action]:
    """``action`` with one field of the wrong type: a float or a bool for an int (both ``==`` the
    int, so they pass a legality check by equality), a number for a text, numbers in a path."""
    bad: dict[object, list[object]] = {int: [1.0, True], str: [1], tuple[str, ...]: [(1,)]}
    out = []
    for field in msgspec.structs.fields(action):
        value = getattr(action, field.name)
        wrong = [float(value), value == 1] if field.type is int else bad.get(field.type, [])
        out += [msgspec.structs.replace(action, **{field.name: w}) for w in wrong]
    return out


def refuse_malformed(game: Game, seat: int, legal: list[Action]) -> None:
    """Whatever the rules would say: a seat that is not a plain int, anything that is not one of
    this game's actions, a field of the wrong type -- refused, and nothing changes."""
    before = state(game)
    action = legal[0]
    kinds = {type(a): a for a in reversed(legal)}  # the first action of each kind
    attempts: list[tuple[object, object]] = [(bad, action) for bad in (False, True, float(seat),
                                                                        str(seat), None)]
    attempts += [(seat, a) for a in (to_dict(action), "explore", None, Stranger(), Action())]
    attempts += [(seat, other) for other in FOREIGN if type(other) not in type(game).action_types]
    attempts += [(seat, bad) for a in kinds.values() for bad in malformed(a)]
    for who, what in attempts:
        with pytest.raises(IllegalAction):
            game.apply(who, what)  # type: ignore[arg-type]
    assert state(game) == before, "a malformed action changed the state"


def test_a_float_equal_to_a_legal_int_is_refused_before_it_is_applied() -> None:
    """``Play(space=1.0) == Play(space=1)``: it passed the legality check, then failed inside
    ``_apply``."""
    from dungeon_table.games.lastdungeon import model as ld

    game = new("lastdungeon", 1)
    play = next(a for a in game.legal_actions(0) if isinstance(a, ld.Play))
    before = state(game)
    with pytest.raises(IllegalAction, match="Expected `int`, got `float`"):
        game.apply(0, msgspec.structs.replace(play, space=float(play.space)))
    assert state(game) == before
    game.apply(0, play)  # the well-formed one still plays


def test_relic_set_enemy_with_a_float_target_changes_nothing() -> None:
    """``SetEnemy(target=1.0)`` took the card out of the hand, then failed on the target."""
    from dungeon_table.games.relic import model as rm

    game, rng = new("relic", 3), random.Random(3)
    while not any(isinstance(a, rm.SetEnemy) for a in game.legal_actions(game.to_act()[0])):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = game.to_act()[0]
    enemy = next(a for a in game.legal_actions(seat) if isinstance(a, rm.SetEnemy))
    before = state(game)
    with pytest.raises(IllegalAction, match="Expected `int`, got `float`"):
        game.apply(seat, msgspec.structs.replace(enemy, target=float(enemy.target)))
    assert state(game) == before


def playout(game_id: str, seed: int) -> Game:
    game, rng, seen = new(game_id, seed), random.Random(seed), set()
    for _ in range(MAX_ACTIONS):
        if game.result() is not None:
            return game
        step(game, rng, seen)
    raise AssertionError(f"{game_id} seed {seed}: no end after {MAX_ACTIONS} random actions")


def test_random_playouts_keep_the_protocol(game_id: str) -> None:
    for seed in SEEDS:
        game = playout(game_id, seed)
        result = game.result()
        assert result is not None and game.to_act() == []
        assert sorted(result.ranking) == list(range(len(game.seats)))
        assert set(result.winners) <= set(result.ranking)
        assert len(result.breakdown) == len(game.seats)
        msgspec.json.encode(result)
        plain = next(kind() for kind in type(game).action_types
                     if not msgspec.structs.fields(kind))
        with pytest.raises(IllegalAction, match="over"):
            game.apply(0, plain)


def trace(game_id: str, seed: int) -> list[str]:
    game, rng = new(game_id, seed), random.Random(seed)
    states = [state(game)]
    while game.result() is None and len(states) < MAX_ACTIONS:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        states.append(state(game))
    return states


def test_same_seed_same_game(game_id: str) -> None:
    assert trace(game_id, 7) == trace(game_id, 7)
    assert trace(game_id, 7)[0] != trace(game_id, 8)[0], "the seed does not change the setup"


def perft(game_id: str, seed: int) -> int:
    game, rng, count = new(game_id, seed), random.Random(seed), 0
    for _ in range(PERFT_STEPS):
        if game.result() is not None:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        count += len(legal)
        game.apply(seat, rng.choice(legal))
    return count


def test_legal_action_counts_match_the_record(game_id: str) -> None:
    counts = [perft(game_id, seed) for seed in SEEDS]
    assert game_id in PERFT, f"no perft recorded for {game_id}: add {record_line(game_id, counts)}"
    assert counts == PERFT[game_id], (
        f"{game_id}'s legal-action counts changed; if the cards or rules changed on purpose, "
        f"record {record_line(game_id, counts)}")


def record_line(game_id: str, counts: list[int]) -> str:
    return f'"{game_id}": {counts},'


def test_saves_replay_to_the_same_state(game_id: str, tmp_path: Path) -> None:
    """Play through a Session (autosaving), load the autosave: the identical game."""
    from dungeon_table.core.session import Session

    spec = registry.get(game_id)
    for seed in SEEDS[:2]:
        auto = tmp_path / f"{game_id}-{seed}.yaml"
        session = Session.new(game_id, ["human"] * spec.min_players, seed, autosave=auto)
        rng = random.Random(seed)
        while session.game.result() is None and len(session.steps) < MAX_ACTIONS:
            seat = session.game.to_act()[0]
            session.apply(seat, rng.choice(session.game.legal_actions(seat)))
            if len(session.steps) == 5:
                assert state(Session.load(auto).game) == state(session.game)  # mid-game
        assert state(Session.load(auto).game) == state(session.game)



def test_undo_restores_exactly_and_never_takes_back_a_reveal(game_id: str) -> None:
    from dungeon_table.core.session import Session

    spec = registry.get(game_id)
    for seed in SEEDS[:3]:
        session = Session.new(game_id, ["human"] * spec.min_players, seed)
        rng, history, undone = random.Random(seed), [state(session.game)], 0
        while session.game.result() is None and len(history) < MAX_ACTIONS:
            seat = session.game.to_act()[0]
            if session.can_undo(seat) and rng.random() < 0.3:
                assert not session.steps[-1].reveals
                session.undo()
                history.pop()
                undone += 1
                assert state(session.game) == history[-1]
                continue
            session.apply(seat, rng.choice(session.game.legal_actions(seat)))
            history.append(state(session.game))
        assert undone or game_id == "toy", f"{game_id} seed {seed}: undo was never offered"

if __name__ == "__main__":  # print the PERFT table to paste above
    sys.path.insert(0, str(Path(__file__).parent))
    from core import toy as toy_module

    toy_module.register()
    for gid in GAMES:
        print(record_line(gid))
