"""The game-over chart's x axis spans the game as played: every game's series opens on the value
before the first round and adds one per round, so the axis runs from "start" to the last round
(play-test: it ran one past, a 22-round game charted to 23)."""

from __future__ import annotations

import pytest

from dungeon_table.core import registry
from dungeon_table.ui import i18n
from dungeon_table.ui.scenes.gameover_parts import axis_ends


def _played(game_id: str, seats: int) -> tuple[object, object]:
    spec = registry.get(game_id)
    game = registry.new_game(game_id, ["human"] * seats, seed=5, options={})
    bots = [spec.make_bot("best", 5 + s) for s in range(seats)]
    while game.to_act():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game, game.result()


def _rounds(game_id: str, game: object, seats: int) -> int:
    """The rounds the game lasted, as each game counts the step its chart takes."""
    state = game.state  # type: ignore[attr-defined]
    if game_id == "relic":  # every seat's turn once; the last one may be cut short
        return -(-state.turn // seats)
    if game_id == "market":  # one step a turn
        return state.turn
    return state.round


@pytest.mark.parametrize(("game_id", "seats"), [("lastdungeon", 1), ("relic", 2), ("market", 2),
                                                ("dungeon", 2)])
def test_the_axis_ends_on_the_games_last_round(game_id: str, seats: int) -> None:
    i18n.set_language("en")
    game, result = _played(game_id, seats)
    rounds = _rounds(game_id, game, seats)
    assert all(len(series) == rounds + 1 for series in result.history)  # type: ignore[attr-defined]
    first, last = axis_ends(len(result.history[0]), "round")  # type: ignore[attr-defined]
    assert (first, last) == ("start", f"round {rounds}")


def test_a_game_over_before_a_round_was_played_labels_only_the_start() -> None:
    i18n.set_language("en")
    assert axis_ends(1, "round") == ("start", "")
