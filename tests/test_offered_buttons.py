"""A phase's buttons are offered whether the rules allow them now or not (``Phase.offers``):
those refused now are the game's ``tempting`` moves, which the table draws disabled with the
engine's reason. Checked for every game along random games: each is refused now, its reason is
the rule's own (not the kit's "not a legal action now"), said in both languages, and it tells
nothing the seat cannot see: a redeal of everything hidden from that seat gives the same
moves and the same reasons, word for word and value for value."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dungeon_table.core import registry
from dungeon_table.core.reasons import Reason
from dungeon_table.ui import i18n

GAMES = ["dungeon", "lastdungeon", "market", "relic"]  # the four games (not the kit's example)
# The kit's reasons that say only that a move is not possible: a button's must say why.
VAGUE = {"refuse.not_legal", "refuse.not_now", "refuse.not_your_turn", "refuse.game_over"}


def offered_refusals(game: Any, seat: int) -> list[tuple[Any, str, str, dict[str, Any]]]:
    out = []
    for action in game.tempting(seat):
        why = game.why_illegal(seat, action)
        assert isinstance(why, Reason), (action, why)
        out.append((action, str(why), why.key, {k: str(v) for k, v in why.values.items()}))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refused_button_says_the_rules_reason_and_nothing_hidden(game_id: str) -> None:
    spec = registry.get(game_id)
    seen_kinds: set[str] = set()
    for seed in (1, 2, 3):
        players = spec.max_players if seed % 2 else spec.min_players
        game = spec.new_game(["human"] * players, seed)
        rnd = random.Random(seed)
        for _ in range(400):
            if game.result() is not None:
                break
            for seat in game.to_act():
                refusals = offered_refusals(game, seat)
                legal = game.legal_actions(seat)
                for action, words, key, _values in refusals:
                    assert action not in legal, (game_id, action)
                    assert key not in VAGUE, (game_id, action, words)
                    assert i18n.has(key, "en") and i18n.has(key, "ja"), key
                    seen_kinds.add(type(action).__name__)
                twin = game.redeal_hidden(seat, random.Random(rnd.random()))
                assert offered_refusals(twin, seat) == refusals, (game_id, seed, seat)
            seat = rnd.choice(game.to_act())
            game.apply(seat, rnd.choice(game.legal_actions(seat)))
    assert seen_kinds, f"{game_id}: no button was ever shown refused"


OFFERED = {  # a button each game offers disabled somewhere along these random games
    "relic": {"EndTurn", "Fight", "EndPhase", "DungeonPhase", "BattlePhase"},
    "lastdungeon": {"Expand", "Retreat"},
    "market": {"Stop", "Buy"},
    "dungeon": {"SealWishes", "UnwishSpell"},
}


@pytest.mark.parametrize("game_id", sorted(OFFERED))
def test_the_phase_buttons_are_offered_when_refused(game_id: str) -> None:
    spec = registry.get(game_id)
    kinds: set[str] = set()
    for seed in range(1, 9):
        game = spec.new_game(["human"] * spec.min_players, seed)
        rnd = random.Random(seed)
        for _ in range(600):
            if game.result() is not None:
                break
            seat = rnd.choice(game.to_act())
            kinds |= {type(a).__name__ for a in game.tempting(seat)}
            game.apply(seat, rnd.choice(game.legal_actions(seat)))
    assert OFFERED[game_id] <= kinds, OFFERED[game_id] - kinds
