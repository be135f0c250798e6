"""The relic expert's hooks (``bot_expert``): the value of a finished playout (a win, and the points
margin over the best other player, so two moves that end in the same winner still differ), and
which actions are the same move (two cards that do the same)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from dungeon_table.core import registry
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.bot_expert import MARGIN_POINTS, WIN_SHARE, final_value, same_move
from dungeon_table.games.relic.cards import load


@dataclass
class Finished:
    """A finished game as the value reads it: its winners and each seat's points."""

    points: list[float]

    def standing(self) -> list[float]:
        return self.points

    def result(self) -> Finished:
        return self

    @property
    def winners(self) -> list[int]:
        return [s for s, p in enumerate(self.points) if p == max(self.points)]


def squashed(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin / MARGIN_POINTS))


def test_a_win_by_more_points_is_worth_more_and_any_win_more_than_any_loss() -> None:
    by_four, by_one = final_value(Finished([20, 16]), 0), final_value(Finished([17, 16]), 0)
    assert by_four == pytest.approx(WIN_SHARE + (1 - WIN_SHARE) * squashed(4))
    assert by_one < by_four
    lost_by_one = final_value(Finished([16, 17]), 0)
    assert lost_by_one == pytest.approx((1 - WIN_SHARE) * squashed(-1))
    assert final_value(Finished([16, 40]), 0) < lost_by_one < by_one


def test_a_shared_win_counts_as_a_win_with_no_margin() -> None:
    assert final_value(Finished([18, 18]), 1) == pytest.approx(WIN_SHARE + (1 - WIN_SHARE) / 2)


def test_the_margin_is_over_the_best_other_player() -> None:
    # 3 players: seat 0 is 2 behind seat 2, whatever seat 1 scored
    assert final_value(Finished([10, 3, 12]), 0) == pytest.approx(
        (1 - WIN_SHARE) * squashed(-2))


def test_the_registered_expert_scores_finished_playouts_so() -> None:
    bot = registry.get("relic").make_bot("expert", 1)
    assert bot.final is final_value and bot.depth is None and bot.alike is same_move


def test_two_plain_dungeon_cards_are_the_same_move_and_a_mend_one_is_not() -> None:
    hall, well = m.SetDungeon(card="dungeon_hall_3"), m.SetDungeon(card="dungeon_well_2")
    assert same_move(hall) == same_move(well)
    assert same_move(m.Discard(card="dungeon_hall_3")) == same_move(m.Discard(card="dungeon_well_2"))
    assert same_move(m.Discard(card="dungeon_hall_3")) != same_move(hall)
    mend = next(c.id for c in load().cards if c.kind == "dungeon" and c.skill == "mend")
    assert same_move(m.SetDungeon(card=mend)) != same_move(hall)


def test_a_second_set_s_copy_is_the_same_move_and_other_characters_are_not() -> None:
    assert same_move(m.Commit(card="char_lancer_1")) == same_move(m.Commit(card="char_lancer_1-b"))
    assert same_move(m.Commit(card="char_lancer_1")) != same_move(m.Commit(card="char_scout_2"))
    # the skill a wild card is used as, and an enemy set's target, still tell moves apart
    assert same_move(m.WildAs(card="char_prodigy_2", skill="banish")) != same_move(
        m.WildAs(card="char_prodigy_2", skill="feint"))
    assert same_move(m.SetEnemy(card="enemy_bats_2", target=1)) != same_move(
        m.SetEnemy(card="enemy_bats_2", target=2))
