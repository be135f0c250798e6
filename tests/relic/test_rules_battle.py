"""Relic rules: the battle (the TS triangle, ties on BP, shield, several characters, the score
pile) and the battle skills (banish, feint, pierce, wild). Written from the rulings and the
Japanese source. The enemy is put on seat 0's field by hand at its first turn, so a level above
the depth can be fought without nine turns of dungeon play."""

from __future__ import annotations

from typing import Any

from dungeon_table.games.relic.rules import Relic

from .rules_kit import (
    FIGHT,
    FILL_0,
    FILL_1,
    SKIP,
    USE,
    act,
    battle,
    commit,
    hand_of,
    legal,
    of_type,
    refused,
    script,
    seat_state,
)


def fight(enemy: str, characters: list[str], extra: list[dict[str, Any]] | None = None,
          hand: list[str] | None = None) -> tuple[Relic, dict[str, Any]]:
    """Seat 0 fights ``enemy`` (set by seat 1) with ``characters``: the game and the outcome."""
    game, _ = script([], hands=[hand_of(hand or characters, FILL_0), FILL_1])
    game.player(0).enemies.append((enemy, 1))
    act(game, 0, battle(enemy), *[commit(c) for c in characters], *(extra or []))
    events = act(game, 0, FIGHT)
    return game, of_type(events, "fought")[0]


def test_paper_beats_rock_and_the_enemy_goes_to_the_score_pile() -> None:
    game, fought = fight("enemy_bats_2", ["char_captain_2"])
    assert fought["outcome"] == "won"
    state = seat_state(game, 0)
    assert state["defeated"] == ["enemy_bats_2"] and state["enemies"] == []
    assert "char_captain_2" in game.state.discard and "char_captain_2" not in state["hand"]


def test_scissors_beats_paper_whatever_the_bp() -> None:
    game, fought = fight("enemy_blades_1", ["char_captain_2"])  # paper 6 against scissors 7
    assert fought["outcome"] == "lost"
    state = seat_state(game, 0)
    assert state["defeated"] == [] and state["enemies"] == [["enemy_blades_1", 1]]
    assert "char_captain_2" in game.state.discard  # a lost battle discards the characters too


def test_rock_beats_scissors_even_with_less_bp() -> None:
    _, fought = fight("enemy_blades_1", ["char_captain_1"])  # rock 6 against scissors 7
    assert fought["outcome"] == "won"


def test_a_ts_tie_needs_strictly_more_bp() -> None:
    _, tie = fight("enemy_blades_2", ["char_captain_2"])  # paper 6 against paper 7
    assert tie["outcome"] == "lost"
    _, more = fight("enemy_bats_2", ["char_captain_1"])  # rock 6 against rock 2
    assert more["outcome"] == "won"


def test_equal_bp_on_a_ts_tie_loses() -> None:
    game, _ = script([], hands=[hand_of(["char_captain_1", "char_scout_1"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_bats_2", 1))  # rock 2
    act(game, 0, battle("enemy_bats_2"), commit("char_scout_1"))  # rock 2
    assert game.view(0).battle.outcome == "lost"
    act(game, 0, commit("char_captain_1"))
    assert game.view(0).battle.outcome == "won"  # 8 > 2


def test_several_characters_sum_their_bp_and_fight_with_one_chosen_ts() -> None:
    game, _ = script([], hands=[hand_of(["char_captain_1", "char_captain_2"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_blades_1", 1))  # scissors 7
    act(game, 0, battle("enemy_blades_1"), commit("char_captain_1"), commit("char_captain_2"))
    view = game.view(0).battle
    assert view.bp == 12 and sorted(view.ts_options) == ["paper", "rock"]
    act(game, 0, {"type": "choose_ts", "ts": "paper"})
    assert game.view(0).battle.outcome == "lost"
    act(game, 0, {"type": "choose_ts", "ts": "rock"})
    fought = of_type(act(game, 0, FIGHT), "fought")[0]
    assert (fought["ts"], fought["bp"], fought["outcome"]) == ("rock", 12, "won")
    assert sorted(game.state.discard[-2:]) == ["char_captain_1", "char_captain_2"]


def test_a_ts_outside_the_committed_characters_is_refused() -> None:
    game, _ = script([], hands=[hand_of(["char_captain_1"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_blades_1", 1))
    act(game, 0, battle("enemy_blades_1"), commit("char_captain_1"))
    refused(game, 0, {"type": "choose_ts", "ts": "paper"})


def test_shield_needs_a_ts_win_and_more_bp() -> None:
    _, weak = fight("enemy_golem_1", ["char_digger_2"])  # scissors 3 against paper 4 shield
    assert weak["outcome"] == "lost"
    _, tie = fight("enemy_golem_1", ["char_captain_2"])  # paper 6 against paper 4: a tie
    assert tie["outcome"] == "lost"
    _, strong = fight("enemy_golem_1", ["char_digger_2", "char_captain_2"])
    assert (strong["ts"], strong["bp"], strong["outcome"]) == ("scissors", 9, "won")


def test_pierce_cancels_shield() -> None:
    game, fought = fight("enemy_colossus_1", ["char_lancer_1"])  # paper 4 against rock 6 shield
    assert fought["outcome"] == "won" and "pierce" in fought["skills"]
    assert seat_state(game, 0)["defeated"] == ["enemy_colossus_1"]


def test_feint_makes_the_ts_a_tie_decided_on_bp() -> None:
    _, wins = fight("enemy_bats_1", ["char_trickster_1"])  # rock 4 loses to paper 2 but feints
    assert wins["outcome"] == "won" and "feint" in wins["skills"]
    _, loses = fight("enemy_bats_2", ["char_trickster_2"])  # scissors 4 beats nothing: BP 4 > 2
    assert loses["outcome"] == "won"
    _, blades = fight("enemy_boulder_1", ["char_trickster_2"])  # scissors loses to rock; 4 < 5
    assert blades["outcome"] == "lost"


def at_the_banish(enemy: str, characters: list[str]) -> tuple[Relic, list[dict[str, Any]]]:
    """Seat 0 has sent ``characters`` (one with banish) against ``enemy`` and pressed fight."""
    game, _ = script([], hands=[hand_of(characters, FILL_0), FILL_1])
    game.player(0).enemies.append((enemy, 1))
    act(game, 0, battle(enemy), *[commit(c) for c in characters])
    return game, act(game, 0, FIGHT)


def test_banish_is_offered_at_the_fight_with_both_outcomes_shown() -> None:
    # rock 8 against the bats' rock 2 wins the fight; the exorcist's banish would discard them
    game, events = at_the_banish("enemy_bats_2", ["char_exorcist_1", "char_captain_1"])
    assert events == [] and game.phase == "prompt"
    prompt = game.view(0).prompt
    assert prompt is not None and (prompt.card, prompt.skill, prompt.kind) == (
        "char_exorcist_1", "banish", "banish")
    assert legal(game) == [{"type": "use_skill"}, {"type": "skip_skill"}]
    shown = game.view(0).battle
    assert shown is not None and (shown.outcome, shown.fight_outcome, shown.banish_optional) == (
        "banished", "won", True)
    assert seat_state(game, 0)["enemies"] == [["enemy_bats_2", 1]]  # nothing resolved yet


def test_banish_discards_the_enemy_without_points() -> None:
    game, _ = at_the_banish("enemy_blades_1", ["char_exorcist_2"])
    events = act(game, 0, USE)
    assert of_type(events, "fought")[0]["outcome"] == "banished"
    assert of_type(events, "discarded")[0] == {"type": "discarded", "seat": 0,
                                               "cards": ["enemy_blades_1"], "reason": "banish"}
    state = seat_state(game, 0)
    assert state["enemies"] == [] and state["defeated"] == []
    assert "enemy_blades_1" in game.state.discard and game.points()[0] == 0  # no character left in hand


def test_banish_takes_no_points_even_from_a_fight_it_would_win() -> None:
    game, _ = at_the_banish("enemy_bats_2", ["char_exorcist_1", "char_captain_1"])
    fought = of_type(act(game, 0, USE), "fought")[0]
    assert (fought["outcome"], fought["skills"]) == ("banished", ["banish"])
    state = seat_state(game, 0)
    assert state["defeated"] == [] and state["enemies"] == [] and game.points()[0] == 0
    assert game.state.discard[-3:] == ["enemy_bats_2", "char_exorcist_1", "char_captain_1"]


def test_banish_may_be_declined_and_a_won_fight_scores_the_enemy() -> None:
    game, _ = at_the_banish("enemy_bats_2", ["char_exorcist_1", "char_captain_1"])
    events = act(game, 0, SKIP)
    assert of_type(events, "skill_passed") == [{"type": "skill_passed", "seat": 0,
                                                "card": "char_exorcist_1", "skill": "banish",
                                                "reason": "skipped"}]
    fought = of_type(events, "fought")[0]
    assert (fought["ts"], fought["bp"], fought["outcome"], fought["skills"]) == (
        "rock", 8, "won", [])
    state = seat_state(game, 0)
    assert state["defeated"] == ["enemy_bats_2"] and state["enemies"] == []
    assert game.state.discard[-2:] == ["char_exorcist_1", "char_captain_1"]
    assert game.points()[0] == 1 and game.phase == "end"


def test_a_declined_banish_in_a_lost_fight_leaves_the_enemy() -> None:
    game, _ = at_the_banish("enemy_blades_1", ["char_exorcist_2"])  # paper 2 against scissors 7
    assert game.view(0).battle.fight_outcome == "lost"
    fought = of_type(act(game, 0, SKIP), "fought")[0]
    assert fought["outcome"] == "lost"
    state = seat_state(game, 0)
    assert state["enemies"] == [["enemy_blades_1", 1]] and state["defeated"] == []
    assert "char_exorcist_2" in game.state.discard and game.phase == "end"


def test_wild_may_pierce_but_is_never_a_shield() -> None:
    game, _ = script([], hands=[hand_of(["char_prodigy_2"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_colossus_1", 1))  # rock 6 shield; prodigy paper 3
    act(game, 0, battle("enemy_colossus_1"), commit("char_prodigy_2"))
    refused(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": "shield"})
    act(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": "pierce"})
    fought = of_type(act(game, 0, FIGHT), "fought")[0]
    assert fought["outcome"] == "won"


def test_wild_may_feint_in_battle() -> None:
    game, _ = script([], hands=[hand_of(["char_prodigy_1"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_bats_2", 1))  # rock 2; prodigy scissors 3
    act(game, 0, battle("enemy_bats_2"), commit("char_prodigy_1"))
    assert game.view(0).battle.outcome == "lost"
    act(game, 0, {"type": "wild_as", "card": "char_prodigy_1", "skill": "feint"})
    fought = of_type(act(game, 0, FIGHT), "fought")[0]
    assert fought["outcome"] == "won" and fought["skills"] == ["feint"]


def test_a_character_discarded_by_a_battle_fires_its_discard_skill() -> None:
    game, _ = script([], hands=[hand_of(["char_digger_1", "dungeon_gate_1"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_blades_1", 1))  # scissors 7; digger rock 3
    act(game, 0, battle("enemy_blades_1"), commit("char_digger_1"), FIGHT)
    prompt = game.view(0).prompt
    assert prompt is not None and prompt.skill == "advance"
    act(game, 0, {"type": "skip_skill"})
    assert seat_state(game, 0)["defeated"] == ["enemy_blades_1"]


def test_wild_may_banish_in_battle() -> None:
    game, _ = script([], hands=[hand_of(["char_prodigy_2"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_blades_1", 1))  # scissors 7 beats paper 3
    act(game, 0, battle("enemy_blades_1"), commit("char_prodigy_2"),
        {"type": "wild_as", "card": "char_prodigy_2", "skill": "banish"})
    assert game.view(0).battle.banish_optional is False  # setting it to banish was the choice
    fought = of_type(act(game, 0, FIGHT), "fought")[0]
    assert fought["outcome"] == "banished"
    assert seat_state(game, 0)["defeated"] == [] and "enemy_blades_1" in game.state.discard


def test_feint_against_a_shield_loses_even_with_a_winning_ts_and_more_bp() -> None:
    # scissors 7 would beat the golem's paper 4 with its shield; the feint makes the TS a tie
    _, fought = fight("enemy_golem_1", ["char_trickster_2", "char_digger_2"])
    assert (fought["ts"], fought["bp"], fought["outcome"]) == ("scissors", 7, "lost")
    _, plain = fight("enemy_golem_1", ["char_digger_2", "char_captain_2"])
    assert plain["outcome"] == "won"


def test_a_battle_is_only_against_an_enemy_on_your_field_with_a_character() -> None:
    game, _ = script([], hands=[hand_of(["char_captain_1"], FILL_0), FILL_1])
    game.player(1).enemies.append(("enemy_bats_1", 0))  # seat 0's own enemy, on seat 1's field
    refused(game, 0, battle("enemy_bats_1"))
    bare, _ = script([], hands=[FILL_0, FILL_1])  # no character in hand
    bare.player(0).enemies.append(("enemy_bats_1", 1))
    refused(bare, 0, battle("enemy_bats_1"))
    game.player(0).enemies.append(("enemy_bats_2", 1))
    act(game, 0, battle("enemy_bats_2"))
    assert game.phase == "battle" and game.view(0).battle.enemy == "enemy_bats_2"
