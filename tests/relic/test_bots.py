"""The relic expedition bots: legal in every state met, deterministic by seed, driven by the view
alone, and stronger than chance. The battle arithmetic they share is checked on its own first."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.games.relic import bot as bot_module
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.bot_cards import facts, outcome, plan_battle
from dungeon_table.games.relic.bot_play import DelverBot
from dungeon_table.games.relic.rules import Relic

from .rules_kit import FIGHT, FILL_0, FILL_1, act, battle, commit, hand_of, script

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


def test_a_banish_is_planned_only_where_the_fight_would_not_win() -> None:
    # scissors 2 + rock 6 against the bats' rock 2: rock ties, 8 BP wins; the banish is declined
    cards = ("char_exorcist_1", "char_captain_1")
    assert outcome("enemy_bats_2", cards, "rock", frozenset({"banish"})) == "won"
    assert outcome("enemy_bats_2", cards, "scissors", frozenset({"banish"})) == "banished"
    # a wild card set to banish is the choice made: it banishes whatever the fight
    assert outcome("enemy_bats_2", cards, "rock", frozenset({"banish"}), wild_banish=True) == (
        "banished")


@pytest.mark.parametrize(("enemy", "characters", "answer"), [
    ("enemy_bats_2", ["char_exorcist_1", "char_captain_1"], m.SkipSkill()),  # the fight wins
    ("enemy_blades_1", ["char_exorcist_2"], m.UseSkill()),                   # the fight loses
])
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_banishes_only_what_it_would_not_defeat(level: str, enemy: str,
                                                      characters: list[str],
                                                      answer: m.Action) -> None:
    game, _ = script([], hands=[hand_of(characters, FILL_0), FILL_1])
    game.player(0).enemies.append((enemy, 1))
    act(game, 0, battle(enemy), *[commit(c) for c in characters], FIGHT)
    assert game.view(0).prompt.kind == "banish"
    assert make_bot(level, 1).choose(game.view(0), game.legal_actions(0)) == answer


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


HERE = Path(bot_module.__file__).parent
BOT_MODULES = sorted(HERE.glob("bot*.py"))
# The state and the rules' own steps and questions. From rules.py a bot takes the game class
# alone: its choosers are checked against the game's phases (PhaseBot.game). The rules' pure
# arithmetic (battle.py, field.py: the one home of each formula) the bots plan by, as the rules
# and the views do; it imports nothing of the state either.
ENGINE = ("state", "base", "turn", "skills", "views",
          *sorted(p.stem for p in HERE.glob("flow_*.py")))
ARITHMETIC = [HERE / "battle.py", HERE / "field.py"]


def imports_of(module: Path) -> dict[str | None, set[str]]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return {n.module: {a.name for a in n.names} for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom)}


def test_the_bot_modules_import_nothing_of_the_engine() -> None:
    engine = {f"dungeon_table.games.relic.{name}" for name in ENGINE}
    for module in BOT_MODULES:
        imported = imports_of(module)
        assert not set(imported) & engine, module
        assert imported.get("dungeon_table.games.relic.rules", {"Relic"}) == {"Relic"}, module
    for module in ARITHMETIC:
        assert not set(imports_of(module)) & {*engine, "dungeon_table.games.relic.rules"}, module


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


# --- the delver's judgements with several opponents (hand-built views: the bot reads no more) --
DUNGEON_IDS = ["dungeon_gate_1", "dungeon_gate_2", "dungeon_stairs_1", "dungeon_stairs_2",
               "dungeon_hall_1", "dungeon_hall_2", "dungeon_corridor_1", "dungeon_corridor_2",
               "dungeon_bridge_1"]


def seat_view(seat: int, count: int, searched: list[int] | None = None,
              enemies: list[m.EnemyView] | None = None) -> m.PlayerView:
    dungeon = [m.DungeonCardView(card=f"{c}-b" if seat % 2 else c, depth=i // 3 + 1,
                                 face_down=False) for i, c in enumerate(DUNGEON_IDS[:count])]
    depth = 0 if count == 0 else (count - 1) // 3 + 1
    return m.PlayerView(seat=seat, dungeon=dungeon, depth=depth, searched=searched or [],
                        forfeited=[], enemies=enemies or [], treasures=[], defeated=[],
                        hand_count=6, points=0)


def table(players: list[m.PlayerView], hand: list[str], phase: str = "dungeon",
          search_depth: int = 0) -> m.RelicView:
    """Seat 0's view in its own turn, the other seats as given."""
    return m.RelicView(seat=0, n_players=len(players), variant=len(players) >= 3, phase=phase,
                       active=0, turn=20, to_act=[0], first_player=0, players=players, hand=hand,
                       deck_count=40, discard=[], search_depth=search_depth, forfeits=0,
                       dungeon_set_done=True, enemy_set_done=False, battle=None, prompt=None,
                       last_search=None)


def test_the_delver_sets_its_enemy_on_the_opponent_nearest_the_end() -> None:
    # seat 2 has eight dungeon cards (one short of the depth-3 search); 1 and 3 lag behind
    view = table([seat_view(0, 4), seat_view(1, 5), seat_view(2, 8), seat_view(3, 4)],
                 ["enemy_bats_1", "enemy_boulder_1", "char_scout_1"])
    action = DelverBot(1).enemy_to_set(view)
    assert action is not None and action.target == 2
    # the leader already searched depth 3: the game ends with that turn, nothing to stop there
    done = table([seat_view(0, 4), seat_view(1, 5), seat_view(2, 9, [1, 2, 3]), seat_view(3, 4)],
                 ["enemy_bats_1", "enemy_boulder_1"])
    assert DelverBot(1).enemy_to_set(done).target != 2


def test_the_last_enemy_waits_for_the_leader() -> None:
    # the delver's own enemy already holds the leader (seat 2): its last enemy stays in hand
    mine_on_leader = [m.EnemyView(card="enemy_golem_1", owner=0)]
    players = [seat_view(0, 4), seat_view(1, 4), seat_view(2, 8, [1, 2], mine_on_leader),
               seat_view(3, 3)]
    assert DelverBot(1).enemy_to_set(table(players, ["enemy_bats_1", "char_scout_1"])) is None
    # with a second enemy in hand one of them may go elsewhere
    spare = DelverBot(1).enemy_to_set(table(players, ["enemy_bats_1", "enemy_bats_2"]))
    assert spare is not None and spare.target in (1, 3)
    # two players: the only opponent is always the leader
    two = table([seat_view(0, 4), seat_view(1, 2)], ["enemy_bats_1"])
    assert DelverBot(1).enemy_to_set(two) == m.SetEnemy(card="enemy_bats_1", target=1)


def test_held_up_with_no_fight_the_delver_double_draws_unless_the_end_is_near() -> None:
    # a colossus (rock, BP 6, shield) on the delver's field, only a rock scout to fight with
    colossus = [m.EnemyView(card="enemy_colossus_1", owner=1)]
    hand = ["enemy_bats_1", "char_scout_1", "dungeon_gate_1"]
    legal: list = [m.DungeonPhase(), m.BattlePhase(enemy="enemy_colossus_1"), m.DoubleDraw()]
    far = table([seat_view(0, 7, [1, 2], colossus), seat_view(1, 4), seat_view(2, 5),
                 seat_view(3, 2)], hand, phase="play")
    assert DelverBot(1).enemy_to_set(far) is not None  # it could, on the leader...
    assert DelverBot(1).choose(far, legal) == m.DoubleDraw()  # ...but a card is worth more
    near = table([seat_view(0, 7, [1, 2], colossus), seat_view(1, 4), seat_view(2, 9, [1, 2]),
                  seat_view(3, 3)], hand, phase="play")
    assert DelverBot(1).choose(near, legal) == m.DungeonPhase()


def test_a_scout_or_a_wild_is_discarded_for_the_search_that_ends_the_game() -> None:
    players = [seat_view(0, 9, [1, 2]), seat_view(1, 4), seat_view(2, 5)]
    bot = DelverBot(1)
    deep = table(players, ["char_scout_1", "char_prodigy_1", "char_captain_1"], phase="end",
                 search_depth=3)
    assert bot.keep_worth(deep, "char_scout_1") < 0
    assert bot.keep_worth(deep, "char_prodigy_1") < 0  # level 3, yet the end is worth more
    assert bot.keep_worth(deep, "char_captain_1") > 0
    # at depth 1 with several opponents the scout is kept for depth 3; with one it delves now
    shallow = [seat_view(0, 3), seat_view(1, 4), seat_view(2, 5)]
    assert bot.keep_worth(table(shallow, ["char_scout_1"], "end", 1), "char_scout_1") > 0
    two = table(shallow[:2], ["char_scout_1"], "end", 1)
    assert bot.keep_worth(two, "char_scout_1") < 0
