"""Relic rules: the skills that fire outside the battle (mend, delve, advance, and wild as each
of them), each at its timing. Written from the rulings' skill table and the Japanese source."""

from __future__ import annotations

from .rules_kit import (
    DECLINE,
    DONE,
    DOUBLE,
    DUNGEON,
    END_PHASE,
    FIGHT,
    FILL_0,
    FILL_1,
    SKIP,
    USE,
    act,
    battle,
    commit,
    discard,
    hand_of,
    legal,
    of_type,
    refused,
    rounds,
    script,
    seat_state,
    set_dungeon,
)


def mend(card: str) -> dict[str, str]:
    return {"type": "mend", "card": card}


def test_a_mend_dungeon_card_mends_when_set() -> None:
    hands = [hand_of(["dungeon_spring_1", "injury_cut_1", "injury_bruise_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, set_dungeon("dungeon_spring_1")], hands=hands)
    assert game.view(0).prompt is not None and game.view(0).prompt.kind == "mend"
    refused(game, 0, mend("enemy_boulder_2"))  # only injuries are mended
    act(game, 0, mend("injury_cut_1"), DONE)
    state = seat_state(game, 0)
    assert "injury_cut_1" in game.state.discard and "injury_bruise_1" in state["hand"]
    assert state["dungeon"] == ["dungeon_spring_1"]


def test_a_mend_dungeon_card_discarded_from_hand_mends_nothing() -> None:
    hands = [hand_of(["dungeon_spring_1", "injury_cut_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE], hands=hands)
    act(game, 0, discard("dungeon_spring_1"))
    assert game.view(0).prompt is None and "injury_cut_1" in game.player(0).hand


def test_a_mend_character_mends_when_discarded() -> None:
    hands = [hand_of(["char_medic_1", "injury_cut_1", "injury_bruise_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE, discard("char_medic_1")], hands=hands)
    assert game.view(0).prompt is not None and game.view(0).prompt.skill == "mend"
    act(game, 0, mend("injury_cut_1"), mend("injury_bruise_1"))
    if game.view(0).prompt is not None:
        act(game, 0, DONE)
    hand = seat_state(game, 0)["hand"]
    assert not [c for c in hand if c.startswith("injury_")]


def test_advance_sets_a_dungeon_card_when_discarded_even_after_the_dungeon_set() -> None:
    hands = [hand_of(["char_digger_1", "dungeon_gate_1", "dungeon_stairs_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, set_dungeon("dungeon_gate_1"), END_PHASE,
                      discard("char_digger_1")], hands=hands)
    assert game.view(0).prompt is not None and game.view(0).prompt.skill == "advance"
    events = act(game, 0, set_dungeon("dungeon_stairs_1"))
    assert of_type(events, "dungeon_set")[0]["via"] == "advance"
    assert seat_state(game, 0)["dungeon"] == ["dungeon_gate_1", "dungeon_stairs_1"]


def test_advance_may_be_let_pass() -> None:
    hands = [hand_of(["char_digger_1", "dungeon_gate_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE, discard("char_digger_1")], hands=hands)
    if game.view(0).prompt is not None:
        act(game, 0, SKIP)
    assert seat_state(game, 0)["dungeon"] == [] and "dungeon_gate_1" in game.player(0).hand


DUNGEON_0 = ["dungeon_gate_1", "dungeon_stairs_1", "dungeon_hall_1"]
DUNGEON_1 = ["dungeon_gate_2", "dungeon_stairs_2", "dungeon_mural_1"]


def test_delve_searches_when_discarded_if_the_search_check_holds() -> None:
    hands = [hand_of([*DUNGEON_0, "char_scout_1"], FILL_0), hand_of(DUNGEON_1, FILL_1)]
    draws = ["injury_cut_1", "enemy_bats_1", "injury_bruise_1", "enemy_bats_2", "char_scout_2",
             "dungeon_well_1", "dungeon_hall_2"]
    game, _ = script([*rounds(list(zip(DUNGEON_0, DUNGEON_1, strict=True))), DECLINE, DUNGEON,
                      END_PHASE, discard("char_scout_1")], hands=hands, draws=draws)
    assert game.view(0).prompt is not None and game.view(0).prompt.skill == "delve"
    events = act(game, 0, USE)
    found = of_type(events, "searched")[0]
    assert (found["via"], found["depth"], found["card"], found["points"]) == (
        "delve", 1, "dungeon_hall_2", 6)
    assert seat_state(game, 0)["searched"] == [1]
    assert game.state.active == 0 and game.phase == "end"  # a delve's search lets the turn go on


def test_delve_without_the_search_conditions_does_nothing() -> None:
    hands = [hand_of(["char_scout_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE, discard("char_scout_1")], hands=hands)
    if game.view(0).prompt is not None:
        refused(game, 0, USE)
        act(game, 0, SKIP)
    assert seat_state(game, 0)["searched"] == [] and game.player(0).treasures == []


def test_wild_discarded_may_act_as_advance() -> None:
    hands = [hand_of(["char_prodigy_2", "dungeon_gate_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE, discard("char_prodigy_2")], hands=hands)
    assert game.view(0).prompt is not None and game.view(0).prompt.kind == "wild"
    refused(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": "shield"})
    act(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": "advance"},
        set_dungeon("dungeon_gate_1"))
    assert seat_state(game, 0)["dungeon"] == ["dungeon_gate_1"]


def test_a_mend_dungeon_card_set_by_advance_mends_too() -> None:
    hands = [hand_of(["char_digger_1", "dungeon_spring_1", "injury_cut_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE, discard("char_digger_1"),
                      set_dungeon("dungeon_spring_1")], hands=hands)
    prompt = game.view(0).prompt
    assert prompt is not None and prompt.skill == "mend"
    act(game, 0, mend("injury_cut_1"))
    assert "injury_cut_1" in game.state.discard and "injury_cut_1" not in game.player(0).hand


def test_wild_discarded_may_act_as_mend() -> None:
    hands = [hand_of(["char_prodigy_1", "injury_cut_1"], FILL_0), FILL_1]
    game, _ = script([DUNGEON, END_PHASE, discard("char_prodigy_1")], hands=hands)
    act(game, 0, {"type": "wild_as", "card": "char_prodigy_1", "skill": "mend"},
        mend("injury_cut_1"))
    assert "injury_cut_1" in game.state.discard and "injury_cut_1" not in game.player(0).hand


def test_advance_passes_while_an_enemy_is_on_your_field() -> None:
    game, _ = script([], hands=[hand_of(["char_digger_1", "dungeon_gate_1"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_blades_2", 1))  # paper 7 beats the digger's rock 3
    events = act(game, 0, battle("enemy_blades_2"), commit("char_digger_1"), FIGHT)
    assert of_type(events, "fought")[0]["outcome"] == "lost"
    assert of_type(events, "skill_passed") == [{"type": "skill_passed", "seat": 0,
                                                "card": "char_digger_1", "skill": "advance",
                                                "reason": "no_target"}]
    assert game.view(0).prompt is None and game.phase == "end"
    assert seat_state(game, 0)["dungeon"] == [] and "dungeon_gate_1" in game.player(0).hand


def test_an_advance_setting_the_fourth_card_forfeits_the_depth_one_search() -> None:
    hands = [hand_of([*DUNGEON_0, "char_digger_1", "dungeon_corridor_1"], FILL_0),
             hand_of(DUNGEON_1, FILL_1)]
    draws = ["injury_cut_1", "enemy_bats_1", "injury_bruise_1", "enemy_bats_2", "char_scout_2",
             "dungeon_well_1"]
    game, _ = script([*rounds(list(zip(DUNGEON_0, DUNGEON_1, strict=True))), DECLINE, DUNGEON,
                      END_PHASE, discard("char_digger_1")], hands=hands, draws=draws)
    events = act(game, 0, set_dungeon("dungeon_corridor_1"))
    assert of_type(events, "search_forfeited") == [{"type": "search_forfeited", "seat": 0,
                                                    "depth": 1}]
    state = seat_state(game, 0)
    assert (state["dungeon"], state["forfeited"], state["depth"]) == (
        [*DUNGEON_0, "dungeon_corridor_1"], [1], 2)


def test_wild_discarded_may_act_as_delve() -> None:
    hands = [hand_of([*DUNGEON_0, "char_prodigy_2"], FILL_0), hand_of(DUNGEON_1, FILL_1)]
    draws = ["injury_cut_1", "enemy_bats_1", "injury_bruise_1", "enemy_bats_2", "char_scout_2",
             "dungeon_well_1", "dungeon_hall_2"]
    game, _ = script([*rounds(list(zip(DUNGEON_0, DUNGEON_1, strict=True))), DECLINE, DUNGEON,
                      END_PHASE, discard("char_prodigy_2"),
                      {"type": "wild_as", "card": "char_prodigy_2", "skill": "delve"}],
                     hands=hands, draws=draws)
    found = of_type(act(game, 0, USE), "searched")[0]
    assert (found["via"], found["depth"], found["card"], found["points"]) == (
        "delve", 1, "dungeon_hall_2", 6)
    assert seat_state(game, 0)["searched"] == [1] and game.phase == "end"


def test_after_a_double_draw_no_card_goes_onto_the_field_even_by_advance() -> None:
    hands = [hand_of(["char_digger_1", "dungeon_gate_1"], FILL_0), FILL_1]
    game, _ = script([DOUBLE], hands=hands, draws=["dungeon_well_1"])
    events = act(game, 0, discard("char_digger_1"))
    assert of_type(events, "skill_passed") == [{"type": "skill_passed", "seat": 0,
                                                "card": "char_digger_1", "skill": "advance",
                                                "reason": "no_target"}]
    assert game.view(0).prompt is None and game.phase == "end"
    assert seat_state(game, 0)["dungeon"] == [] and "dungeon_gate_1" in game.player(0).hand


def test_after_a_double_draw_a_wild_card_offers_no_advance() -> None:
    hands = [hand_of(["char_prodigy_2", "dungeon_gate_1", "injury_cut_1"], FILL_0), FILL_1]
    game, _ = script([DOUBLE, discard("char_prodigy_2")], hands=hands, draws=["dungeon_well_1"])
    assert legal(game) == [{"type": "wild_as", "card": "char_prodigy_2", "skill": "mend"},
                           {"type": "skip_skill"}]
    refused(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": "advance"})
