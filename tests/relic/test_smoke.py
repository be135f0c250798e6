"""Relic expedition end to end: the card file, one script per phase, and random games with 2-4
players that all finish. (Rule-by-rule tests are the ``test_rules_*`` modules.)"""

from __future__ import annotations

import json

import pytest
import yaml

from dungeon_table import cli
from dungeon_table.core.cards import decode_cards
from dungeon_table.core.errors import CardFileError
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.battle import preview
from dungeon_table.games.relic.cards import CARD_FILE, RelicCards, check, load

from .helpers import (
    DECLINE,
    DONE,
    DOUBLE,
    DUNGEON,
    END_PHASE,
    END_TURN,
    FIGHT,
    SEARCH,
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

TEXT = CARD_FILE.read_text(encoding="utf-8")
FILLER = ["enemy_boulder_1", "enemy_boulder_2", "char_captain_1"]
FILLER_1 = ["enemy_blades_1", "enemy_blades_2", "char_captain_2"]


# --- the card file ----------------------------------------------------------------------------
def test_the_card_file_holds_the_designed_deck() -> None:
    cards = load()
    kinds = [c.kind for c in cards.cards]
    assert [kinds.count(k) for k in ("dungeon", "character", "enemy", "injury")] == [30, 16, 10, 4]
    assert cards.treasure(1, 1) == (1, "old_ring") and cards.treasure(3, 6) == (15, "mysterious_girl")
    assert cards.treasure(2, 0) == (0, "")
    assert cards.treasures["mysterious_girl"].ja == "謎の少女"
    assert cards.card("char_scout_1-b") == cards.card("char_scout_1")


def test_a_card_file_mistake_is_named_with_line_and_field() -> None:
    data = yaml.safe_load(TEXT)
    data["cards"][30]["skill"] = "shield"
    data["cards"][2]["face"] = 7
    with pytest.raises(CardFileError) as err:
        decode_cards(yaml.safe_dump(data, allow_unicode=True), "relic.yaml", RelicCards, check)
    paths = {p.path: p for p in err.value.problems}
    assert "$.cards[2].face" in paths and "$.cards[30].skill" in paths
    assert paths["$.cards[2].face"].line is not None


# --- setup ------------------------------------------------------------------------------------
def test_the_higher_face_starts_and_ties_redraw() -> None:
    game, _ = script([], first=["dungeon_gate_1", "dungeon_corridor_1", "dungeon_hall_1",
                                "dungeon_hall_2"])
    draws = [e for e in game.setup_events if isinstance(e, m.FirstPlayerDraw)]
    assert [d.faces for d in draws] == [[1, 1], [3, 6]]
    assert game.state.first == 1 and game.state.active == 1
    assert game.view(0).first_draw == [["dungeon_gate_1", "dungeon_corridor_1"],
                                       ["dungeon_hall_1", "dungeon_hall_2"]]
    assert [len(p.hand) for p in game.state.players] == [6, 6] and len(game.state.deck) == 48
    assert any(isinstance(e, m.DrawSkipped) for e in game.setup_events)


# --- dungeon phase and search -----------------------------------------------------------------
HANDS_DELVE = [
    ["dungeon_gate_1", "dungeon_stairs_1", "dungeon_hall_1", *FILLER],
    ["dungeon_gate_2", "dungeon_stairs_2", "dungeon_mural_1", "dungeon_bridge_1", *FILLER_1[:2]],
]


def three_rounds() -> list[dict]:
    out: list[dict] = []
    for zero, one in zip(HANDS_DELVE[0][:3], HANDS_DELVE[1][:3], strict=True):
        out += [DUNGEON, set_dungeon(zero), END_PHASE, END_TURN,
                DUNGEON, set_dungeon(one), END_PHASE, END_TURN]
    return out


def test_three_dungeon_cards_open_a_search_that_scores_the_dice_face() -> None:
    draws = ["injury_cut_1", "enemy_bats_1", "injury_bruise_1", "enemy_bats_2", "char_scout_1",
             "dungeon_well_2"]
    game, events = script([*three_rounds(), SEARCH], hands=HANDS_DELVE, draws=draws)
    found = of_type(events, "searched")[0]
    assert found["depth"] == 1 and found["card"] == "dungeon_well_2"
    assert (found["face"], found["points"], found["treasure"]) == (6, 6, "goddess_statue")
    zero = game.view(0).players[0]
    assert zero.searched == [1] and zero.points == 9  # the captain in hand: level 3
    assert game.view(1).players[0].points == 6  # others see no hand
    assert all(card.face_down for card in zero.dungeon)
    assert game.state.active == 1 and game.phase == "search"  # seat 1 is at three cards too


def test_a_fourth_card_before_the_search_forfeits_it() -> None:
    game, events = script([*three_rounds(), SEARCH, DECLINE, DUNGEON],
                          hands=HANDS_DELVE)
    assert game.view(1).forfeits == 1
    events = act(game, 1, set_dungeon("dungeon_bridge_1"))
    assert of_type(events, "search_forfeited") == [{"type": "search_forfeited", "seat": 1,
                                                     "depth": 1}]
    assert game.search_depth(1) == 0 and game.player(1).depth == 2


# --- enemy set and battle ---------------------------------------------------------------------
HANDS_BATTLE = [
    ["dungeon_gate_1", "char_scout_1", "char_digger_2", "dungeon_stairs_1", "injury_cut_1",
     "enemy_bats_2"],
    ["dungeon_gate_2", "enemy_bats_1", "enemy_golem_1", "char_captain_1", "dungeon_hall_1",
     "dungeon_hall_2"],
]


def test_an_enemy_blocks_and_a_won_battle_scores_it_and_fires_discard_skills() -> None:
    game, events = script([
        DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
        DUNGEON, set_dungeon("dungeon_gate_2"), set_enemy("enemy_bats_1", 0), END_PHASE,
        END_TURN,
    ], hands=HANDS_BATTLE, draws=["dungeon_well_1", "dungeon_well_2"])
    assert not game.can_set_dungeon(0) and game.search_depth(0) == 0  # the enemy blocks both
    events = act(game, 0, battle("enemy_bats_1"), commit("char_scout_1"))
    assert game.view(0).battle.outcome == "lost"  # rock loses to paper
    events = act(game, 0, commit("char_digger_2"))
    view = game.view(0).battle
    assert (view.ts, view.bp, view.outcome) == ("scissors", 5, "won")
    events = act(game, 0, FIGHT)
    assert of_type(events, "fought")[0]["outcome"] == "won"
    assert game.player(0).defeated == ["enemy_bats_1"] and not game.player(0).enemies
    # delve cannot search at one dungeon card; advance may set a dungeon card now
    assert of_type(events, "skill_passed")[0]["skill"] == "delve"
    assert game.phase == "prompt" and game.view(0).prompt.kind == "advance"
    events = act(game, 0, set_dungeon("dungeon_stairs_1"))
    assert of_type(events, "dungeon_set")[0]["via"] == "advance"
    assert game.phase == "end" and game.view(0).players[0].points == 1


def test_battle_skills_shield_feint_pierce_banish() -> None:
    cards = load()
    # Stone Guardian: paper 4, shield. Scissors wins TS, but BP must be strictly more too.
    assert preview(cards, "enemy_golem_1", ["char_exorcist_1"], "scissors", {}).outcome == (
        "banished")
    assert preview(cards, "enemy_golem_1", ["char_digger_2"], "scissors", {}).outcome == "lost"
    assert preview(cards, "enemy_golem_1", ["char_digger_2", "char_digger_1"], "scissors",
                   {}).outcome == "won"
    # Feint: TS is a tie, BP decides (no good against a shield); pierce lifts the shield.
    assert preview(cards, "enemy_bats_1", ["char_trickster_1"], "rock", {}).outcome == "won"
    assert preview(cards, "enemy_golem_1", ["char_lancer_1", "char_trickster_1"], "rock",
                   {}).outcome == "won"
    assert preview(cards, "enemy_golem_1", ["char_prodigy_1"], "scissors",
                   {"char_prodigy_1": "pierce"}).outcome == "won"


def test_a_mend_dungeon_card_discards_injuries_when_set() -> None:
    hands = [["dungeon_spring_1", "injury_cut_1", "injury_bruise_1", *FILLER],
             ["dungeon_gate_2", "dungeon_hall_1", *FILLER_1, "dungeon_hall_2"]]
    game, events = script([DUNGEON, set_dungeon("dungeon_spring_1")], hands=hands)
    assert game.view(0).prompt.kind == "mend"
    events = act(game, 0, {"type": "mend", "card": "injury_cut_1"}, DONE)
    assert of_type(events, "discarded")[0]["reason"] == "mend"
    assert game.phase == "dungeon" and "injury_bruise_1" in game.player(0).hand


def test_a_mend_dungeon_card_does_not_mend_when_discarded() -> None:
    hands = [["dungeon_spring_1", "injury_cut_1", "char_medic_1", *FILLER],
             ["dungeon_gate_2", "dungeon_hall_1", *FILLER_1, "dungeon_hall_2"]]
    game, events = script([DOUBLE, discard("dungeon_spring_1")], hands=hands)
    assert game.phase == "end" and not of_type(events, "skill_passed")
    events = act(game, 0, discard("char_medic_1"))  # a character's mend fires on discard
    assert game.phase == "prompt" and game.view(0).prompt.card == "char_medic_1"


# --- double draw and the end phase ------------------------------------------------------------
def test_double_draw_then_discard_to_six_keeping_injuries() -> None:
    hands = [["injury_cut_1", "dungeon_gate_1", *FILLER, "dungeon_hall_1"],
             ["dungeon_gate_2", "dungeon_hall_2", *FILLER_1, "dungeon_mural_1"]]
    game, _ = script([DOUBLE], hands=hands, draws=["char_scout_1"])
    assert len(game.player(0).hand) == 7 and {"type": "end_turn"} not in legal(game)
    assert {"type": "discard", "card": "injury_cut_1"} not in legal(game)
    events = act(game, 0, discard("char_captain_1"), END_TURN)
    assert of_type(events, "turn_ended") and game.state.active == 1


# --- the end ----------------------------------------------------------------------------------
def test_the_deck_running_out_ends_the_game_at_once() -> None:
    game, _ = script([])
    game.state.deck.cards = game.state.deck.cards[-1:]
    events = act(game, 0, DOUBLE)
    assert of_type(events, "game_ended")[0]["reason"] == "deck_out" and game.result()


def test_a_depth_three_search_ends_the_game_and_scores_everything() -> None:
    hands = [["char_captain_1", "char_medic_1", "enemy_bats_1", "dungeon_gate_1",
              "dungeon_hall_1", "dungeon_hall_2"],
             ["dungeon_gate_2", "dungeon_stairs_2", *FILLER_1, "dungeon_mural_1"]]
    game, _ = script([DOUBLE], hands=hands, draws=["dungeon_spring_1", "dungeon_collapse_1",
                                                   "char_prodigy_2"])
    game.player(1).dungeon = [f"dungeon_well_{i % 2 + 1}" for i in range(9)]
    game.player(1).searched = [1, 2]
    game.player(1).defeated = ["enemy_blades_1"]
    act(game, 0, discard("dungeon_gate_1"), END_TURN)
    assert game.phase == "search" and game.view(1).search_depth == 3
    events = act(game, 1, SEARCH)
    found = of_type(events, "searched")[0]
    assert (found["card"], found["points"]) == ("dungeon_collapse_1", 0)  # an X: a failed search
    result = game.result()
    assert result is not None and of_type(events, "game_ended")[0]["reason"] == "depth3"
    # seat 0: captain 3 + medic 2 in hand; seat 1: blades 3 (captain_1 in hand too: 3)
    assert [line[-1].value for line in result.breakdown] == [5, 6]
    assert result.winners == [1]


# --- random games -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_all_finish(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "relic", "--players", str(players), "--games", "20", "--json"])
    stats = json.loads(capsys.readouterr().out)
    assert code == 0 and stats["finished"] == 20


# --- the 3-4 player variant and the refusals --------------------------------------------------
def test_three_players_use_two_sets_and_set_enemies_on_any_opponent() -> None:
    hands = [["enemy_bats_1", "enemy_bats_1-b", "dungeon_gate_1", *FILLER],
             ["dungeon_gate_2", "dungeon_hall_1", *FILLER_1, "dungeon_hall_2"],
             ["dungeon_gate_1-b", "dungeon_hall_1-b", "char_scout_1", "char_scout_2",
              "dungeon_mural_1", "dungeon_mural_2"]]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_gate_2"), END_PHASE, END_TURN,
                      DUNGEON, set_dungeon("dungeon_gate_1-b"), END_PHASE, END_TURN],
                     hands=hands, players=3)
    assert game.view(0).variant and len(game.state.deck) + 18 + 3 == 120
    act(game, 0, DUNGEON)
    targets = {(a["card"], a["target"]) for a in legal(game) if a["type"] == "set_enemy"}
    assert targets == {("enemy_bats_1", 1), ("enemy_bats_1", 2), ("enemy_bats_1-b", 1),
                       ("enemy_bats_1-b", 2)}
    act(game, 0, set_enemy("enemy_bats_1", 2))
    assert not any(a["type"] == "set_enemy" for a in legal(game))  # once per phase


def test_refusals_name_the_rule() -> None:
    game, _ = script([DUNGEON], hands=[["enemy_colossus_1", "dungeon_gate_1", "dungeon_hall_3",
                                        *FILLER],
                                       ["dungeon_gate_2", "dungeon_hall_1", *FILLER_1,
                                        "dungeon_hall_2"]])
    decode = type(game).decode_action
    reason = game.why_illegal(0, decode(set_enemy("enemy_colossus_1", 1)))
    assert "level 3 is above that dungeon's depth 0" in reason
    assert "not in your hand" in game.why_illegal(0, decode(set_dungeon("dungeon_gate_2")))
    assert "not possible now" in game.why_illegal(0, decode(FIGHT))
