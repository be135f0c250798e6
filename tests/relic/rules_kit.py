"""Set-ups the Relic expedition rule tests share: the exact state of a game, refusals, turns.

Card facts the tests rely on (cards/relic.yaml): dungeon_gate_1 face 1, dungeon_hall_2 face 6,
dungeon_collapse_1 face X; char_scout_1 rock 2 delve, char_digger_2 scissors 3 advance,
char_medic_1 paper 2 level 2 mend, char_exorcist_1 scissors 2 banish, char_trickster_1 rock 4
feint, char_lancer_1 paper 4 pierce, char_prodigy_2 paper 3 wild, char_captain_1 rock 6 level 3;
enemy_bats_1 paper 2 level 1, enemy_bats_2 rock 2 level 1, enemy_boulder_1 rock 5 level 2,
enemy_golem_1 paper 4 level 2 shield, enemy_blades_1 scissors 7 level 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.games.relic.rules import Relic

from .helpers import (
    DECLINE,
    DONE,
    DOUBLE,
    DUNGEON,
    END_PHASE,
    END_TURN,
    FIGHT,
    SEARCH,
    SKIP,
    USE,
    act,
    battle,
    commit,
    discard,
    legal,
    of_type,
    script,
    set_dungeon,
    set_enemy,
)

__all__ = ["DECLINE", "DONE", "DOUBLE", "DUNGEON", "END_PHASE", "END_TURN", "FIGHT", "SEARCH",
           "SKIP", "USE", "act", "battle", "commit", "discard", "legal", "of_type", "script",
           "set_dungeon", "set_enemy"]

# Cards that do nothing on their own, to fill a hand up to the six dealt.
FILL_0 = ["enemy_boulder_2", "enemy_colossus_2", "dungeon_mural_2", "dungeon_pool_2",
          "dungeon_hall_3", "dungeon_stairs_3"]
FILL_1 = ["enemy_blades_2", "enemy_colossus_1", "char_lancer_2", "dungeon_vault_1",
          "dungeon_vault_2", "dungeon_bridge_2"]


def hand_of(cards: list[str], fill: list[str]) -> list[str]:
    """``cards`` topped up to the six cards dealt with ``fill``."""
    return [*cards, *fill[: 6 - len(cards)]]


def seat_state(game: Relic, seat: int) -> dict[str, Any]:
    """Everything the rules keep of one seat, as plain data."""
    p = game.player(seat)
    return {"hand": sorted(p.hand), "dungeon": list(p.dungeon), "depth": p.depth,
            "searched": list(p.searched), "forfeited": list(p.forfeited),
            "enemies": [list(e) for e in p.enemies], "defeated": list(p.defeated),
            "treasure_points": [t.points for t in p.treasures]}


def refused(game: Relic, seat: int, action: dict[str, Any]) -> str:
    """Assert ``action`` is refused with a reason and changes nothing; the reason."""
    before = game.state_dict()
    with pytest.raises(IllegalAction) as err:
        act(game, seat, action)
    assert str(err.value).strip()
    assert game.state_dict() == before
    return str(err.value)


def rounds(pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Both seats set one dungeon card a turn (seat 0's card first in each pair)."""
    out: list[dict[str, Any]] = []
    for zero, one in pairs:
        out += [DUNGEON, set_dungeon(zero), END_PHASE, END_TURN,
                DUNGEON, set_dungeon(one), END_PHASE, END_TURN]
    return out
