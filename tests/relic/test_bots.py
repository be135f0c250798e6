"""The relic expedition bots: legal in every state met, deterministic by seed, driven by the view
alone, and stronger than chance. The battle arithmetic they share is checked on its own first."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.games.relic import bot as bot_module
from dungeon_table.games.relic.bot_cards import facts, outcome, plan_battle
from dungeon_table.games.relic.bot_play import DelverBot
from dungeon_table.games.relic.rules import Relic

LEVELS = ["greedy", "delver"]


def levels_cost(cards: list[str]) -> dict[str, float]:
    return {c: float(facts(c).level) for c in cards}


def test_a_shield_needs_the_ts_and_more_bp_unless_pierced() -> None:
    # the colossus: rock, BP 6, shield. A paper captain (BP 6) wins the TS, not the BP.
    assert outcome("enemy_colossus_1", ("char_captain_2",), "paper", frozenset()) == "lost"
    assert outcome("enemy_colossus_1", ("char_lancer_1",), "paper", frozenset({"pierce"})) == "won"
    # a feint makes the TS a tie: the shield then holds whatever the BP
    both = ("char_captain_2", "char_trickster_1")
    assert outcome("enemy_colossus_1", both, "paper", frozenset({"feint"})) == "lost"


def test_the_plan_spends_the_fewest_levels_that_win() -> None:
    hand = ["char_captain_2", "char_scout_2", "char_lancer_1"]
    plan = plan_battle("enemy_bats_2", hand, levels_cost(hand))  # rock, BP 2
    assert plan is not None and plan.cards == ("char_scout_2",) and plan.ts == "paper"
    # nothing in hand beats a scissors blade corridor (BP 7) but a banish
    hand = ["char_scout_2", "char_exorcist_2"]
    plan = plan_battle("enemy_blades_1", hand, levels_cost(hand))
    assert plan is not None and plan.outcome == "banished" and plan.cards == ("char_exorcist_2",)
    assert plan_battle("enemy_blades_1", ["char_scout_2"], levels_cost(["char_scout_2"])) is None


def test_a_wild_plays_as_the_pierce_a_shield_needs() -> None:
    hand = ["char_prodigy_2"]  # paper, BP 3, wild; the golem: paper... the bats: rock, BP 2
    plan = plan_battle("enemy_golem_2", hand, levels_cost(hand))  # rock, BP 4, shield
    assert plan is not None and plan.wild == (("char_prodigy_2", "pierce"),)


# --- the bots in games --------------------------------------------------------------------------
MAKERS = {"random": RandomBot, **bot_module.BOTS}


def make_bot(level: str, seed: int) -> Any:
    return MAKERS[level](seed)


def bots_for(levels: list[str], seed: int) -> list[Any]:
    return [make_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]


def test_the_best_bot_is_the_delver() -> None:
    assert bot_module.BEST == "delver" and isinstance(make_bot(bot_module.BEST, 1), DelverBot)
    assert set(bot_module.BOTS) == {"greedy", "delver"}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_level_answers_legally_in_every_state_met(players: int, seed: int) -> None:
    """Random bots make every other seat's moves (so odd states come up), and at each step every
    level is asked too: its answer must be one of the legal actions."""
    game = Relic(["human"] * players, seed, {})
    movers = bots_for(["random", "delver", "random", "greedy"][:players], seed)
    askers = {level: make_bot(level, seed) for level in LEVELS}
    steps = 0
    while game.result() is None and steps < 3000:
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        for bot in askers.values():
            assert bot.choose(view, legal) in legal
        game.apply(seat, movers[seat].choose(view, legal))
        steps += 1
    assert game.result() is not None


def play(levels: list[str], seed: int) -> tuple[Any, list]:
    game = Relic([f"bot:{lv}" for lv in levels], seed, {})
    bots, actions = bots_for(levels, seed), []
    while game.result() is None:
        seat = game.to_act()[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        actions.append((seat, action))
        game.apply(seat, action)
    return game, actions


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_is_deterministic_from_its_seed(level: str) -> None:
    assert play([level, "random"], 7)[1] == play([level, "random"], 7)[1]
    assert play([level] * 4, 8)[1] == play([level] * 4, 8)[1]


BOT_MODULES = sorted(Path(bot_module.__file__).parent.glob("bot*.py"))
ENGINE = ("rules", "state", "skills", "battle")


def test_the_bot_modules_import_nothing_of_the_engine() -> None:
    for module in BOT_MODULES:
        source = module.read_text(encoding="utf-8")
        imported = {n.module for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)}
        assert not imported & {f"dungeon_table.games.relic.{name}" for name in ENGINE}, module


def test_the_best_bot_beats_the_random_bot() -> None:
    """A quick sanity figure (the bench measures it over 1,000 games): the delver, its seat
    turning, wins most of 40 two-player games against the random bot."""
    wins = 0
    for seed in range(40):
        levels = ["random", "random"]
        levels[seed % 2] = "delver"
        game, _ = play(levels, seed)
        wins += seed % 2 in game.result().winners
    assert wins >= 28
