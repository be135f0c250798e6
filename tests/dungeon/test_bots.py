"""Dungeon!'s bots: every level plays whole games of every mode to their end with legal actions
only, the same seed gives the same game, and each phase's decision is one the rules allow (set
up with stacked decks and dice). Win rates and timing are in ``bench/dungeon_winrate.py``."""

from __future__ import annotations

from typing import Any

import pytest

import dungeon_table.games.dungeon  # noqa: F401 - registers the game
from dungeon_table.ai.search_bot import Budget
from dungeon_table.core.protocol import to_dict
from dungeon_table.core.registry import get
from dungeon_table.games.dungeon import flow_move
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.bot_play import RacerBot
from dungeon_table.games.dungeon.rules import Dungeon
from tests.dungeon.helpers import act, move, peek, picks, play, wish

LEVELS = ("greedy", "delver")
MAX_ACTIONS = 6000
SOLO = ({"mode": "treasure_hunt", "hunt_level": 1}, {"mode": "time_attack"},
        {"mode": "hunter", "hunters": 1})


def play_out(levels: list[str], seed: int, options: dict[str, Any]) -> tuple[Dungeon, list]:
    """Bots of ``levels`` play a game to its end; each decision is checked against the legal
    actions. The game and its actions in notation."""
    spec = get("dungeon")
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options)
    assert isinstance(game, Dungeon)
    bots = [spec.make_bot(lv, seed * 7 + s) for s, lv in enumerate(levels)]
    record = []
    for _ in range(MAX_ACTIONS):
        if game.result() is not None:
            return game, record
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal, (levels[seat], to_dict(action))
        record.append(to_dict(action))
        game.apply(seat, action)
    raise AssertionError(f"{levels}, seed {seed}: no end in {MAX_ACTIONS} actions")


def decide(level: str, game: Dungeon) -> m.Action:
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    action = get("dungeon").make_bot(level, 1).choose(game.view(seat), legal)
    assert action in legal
    return action


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_four_hero_races_to_the_end(level: str) -> None:
    for seed in range(2):
        game, _ = play_out([level, "random", level, "random"], seed, {})
        assert game.state.end_reason in ("returned", "round_limit")


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_every_class_to_the_end(level: str) -> None:
    game, record = play_out([level] * 4, 2, {"heroes": "wizard,fighter,rogue,cleric"})
    assert game.result() is not None
    assert {"wish_spell", "seal_wishes", "move", "attack"} <= {a["type"] for a in record}


@pytest.mark.parametrize("options", SOLO, ids=[o["mode"] for o in SOLO])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_the_solo_modes_to_the_end(level: str, options: dict[str, Any]) -> None:
    game, _ = play_out([level], 4, options)
    assert game.result() is not None


def test_the_same_seed_gives_the_same_game() -> None:
    first = play_out(["delver", "greedy", "random"], 5, {})[1]
    assert play_out(["delver", "greedy", "random"], 5, {})[1] == first


def test_the_delver_races_home_once_it_holds_its_target() -> None:
    # a rogue with 10,000 gp one step from the Great Hall walks in (the turn ends there: won)
    game, _ = play([], heroes="rogue,fighter", start=["c30-15", "hall"])
    game.state.heroes[0].treasures = ["huge_ruby", "silver_coffer"]  # 8,000 + 4,000
    action = decide("delver", game)
    assert to_dict(action) == move("hall")


def test_a_wizard_fills_its_book_with_attack_spells() -> None:
    game, _ = play([], heroes="wizard", dice=[1])
    chosen = []
    for _ in range(7):
        action = decide("delver", game)
        chosen.append(to_dict(action)["spell"])
        act(game, to_dict(action))
    assert sorted(chosen) == ["fireball"] * 4 + ["lightning"] * 3  # about 60 % fireball
    assert to_dict(decide("delver", game)) == {"type": "seal_wishes"}
    act(game, {"type": "seal_wishes"})
    assert game.phase == "move"


def test_a_wizard_casts_at_what_it_saw_through_the_doorway() -> None:
    book = picks(*["fireball"] * 4, *["lightning"] * 3)
    game, _ = play([*book, peek("1a", "spell")], heroes="wizard", start=["c28-15"], dice=[1],
                   monsters_1=["goblins"])
    assert game.phase == "doorway"
    # goblins: fireball 2 (sure), lightning 6; walking in, the wizard needs 5 and risks a blow
    assert to_dict(decide("delver", game)) == {"type": "cast_spell", "spell": "fireball"}


def test_a_pit_drops_the_hero_into_a_chamber_the_rules_offer() -> None:
    game, _ = play([move("2c")], start=["c20-18"], monsters_2=["pit_trap_2"])
    assert game.phase == "pit"
    for level in LEVELS:
        action = decide(level, game)
        assert isinstance(action, m.ChooseChamber) and action.space in ("2A", "2B")


def test_a_wizard_refills_in_the_great_hall() -> None:
    book = picks(*["fireball"] * 4, *["lightning"] * 3)
    game, _ = play([*book, {"type": "end_turn"}], heroes="wizard", dice=[1])
    game.state.heroes[0].spells = ["fireball"]
    assert flow_move.can_refill(game, 0)
    assert to_dict(decide("delver", game)) == {"type": "refill"}
    act(game, {"type": "refill"})
    assert game.phase == "spells"
    assert isinstance(decide("delver", game), m.WishSpell)


def test_a_new_hero_is_chosen_after_a_death() -> None:
    game, _ = play([], heroes="")
    assert game.phase == "choose_hero"
    assert to_dict(decide("delver", game)) == {"type": "choose_hero", "hero": "wizard"}
    assert to_dict(decide("greedy", game)) == {"type": "choose_hero", "hero": "fighter"}


def hunter_on_the_hero(game: Dungeon) -> Dungeon:
    """Move the hero onto the (turned up) hunter at its turn's start."""
    hunter = game.state.hunters[0]
    game.state.heroes[0].space = hunter.space
    hunter.revealed = True
    game.reset_caches()  # the state was changed by hand: the engine's caches are stale
    assert m.Attack() in game.legal_actions(0)
    return game


def test_a_hunter_in_the_hero_s_space_is_left_alone_at_long_odds() -> None:
    game, _ = play([], heroes="rogue", mode="hunter", hunters=1, hunter_cards=["red_dragon"])
    hunter_on_the_hero(game)
    for level in LEVELS:  # a rogue cannot hit a red dragon
        assert not isinstance(decide(level, game), m.Attack)


def test_a_hunter_in_the_hero_s_space_is_attacked_at_even_odds_or_better() -> None:
    book = picks(*["fireball"] * 4, *["lightning"] * 3)
    game, _ = play(book, heroes="wizard", mode="hunter", hunters=1, dice=[1],
                   hunter_cards=["evil_wizard"])
    hunter_on_the_hero(game)  # the wizard needs 7 against an evil wizard: 21 in 36
    for level in LEVELS:
        assert isinstance(decide(level, game), m.Attack)


def test_every_level_writes_and_seals_a_wish_list() -> None:
    game, _ = play([wish("fireball", seat=0)], heroes="wizard,wizard", dice=[1, 1])
    for level in LEVELS:
        assert isinstance(decide(level, game), m.WishSpell)
    game, _ = play([wish("fireball")] * 7, heroes="wizard", dice=[1])
    for level in LEVELS:
        assert decide(level, game) == m.SealWishes()


def choice_of_action(bot: Any, game: Dungeon) -> m.Action:
    seat = game.to_act()[0]
    action: m.Action = bot.choose(game.view(seat), game.legal_actions(seat))
    return action


def choice_of(bot: Any, game: Dungeon) -> dict[str, Any]:
    return to_dict(choice_of_action(bot, game))


def test_the_expert_s_guide_takes_the_rogue_in_a_race_and_the_wizard_alone() -> None:
    """The racer (the expert's guide) takes the rogue, whose 10,000 gp come home first, when
    other heroes race it; alone in another mode it takes the delver's wizard."""
    spec = get("dungeon")
    assert spec.make_bot("expert", 1).guide is RacerBot
    race = spec.new_game(["human"] * 4, 1, {})
    assert race.phase == "choose_hero"
    assert choice_of(RacerBot(1), race) == {"type": "choose_hero", "hero": "rogue"}
    assert choice_of(spec.make_bot("delver", 1), race) == {"type": "choose_hero", "hero": "wizard"}
    alone = spec.new_game(["human"], 1, {"mode": "time_attack"})
    assert choice_of(RacerBot(1), alone) == {"type": "choose_hero", "hero": "wizard"}


def test_the_expert_plays_its_guide_s_moves_and_searches_the_rest() -> None:
    """A move is the racer's, unsearched (random playouts' overrules of moves lost races);
    another decision with a choice, here the class, is searched."""
    spec = get("dungeon")
    game = spec.new_game(["human"] * 4, 1, {})
    expert = spec.make_bot("expert", 1)
    expert.budget = Budget(iterations=8)
    assert to_dict(expert.decide(game, 0)) == {"type": "choose_hero", "hero": "rogue"}
    assert expert.last_iterations == 8
    while game.phase != "move":
        seat = game.to_act()[0]
        game.apply(seat, RacerBot(seat).choose(game.view(seat), game.legal_actions(seat)))
    seat = game.to_act()[0]
    assert len(game.legal_actions(seat)) > 1
    assert expert.decide(game, seat) == choice_of_action(RacerBot(1), game)
    assert expert.last_iterations == 0
