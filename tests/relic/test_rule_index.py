"""Every rule of Relic expedition, from the rulings and the Japanese source, with the tests that
check it. A rule without a test, a test named here that no longer exists, or a rule test that no
rule names fails here, so the list stays whole as tests are added or renamed."""

from __future__ import annotations

from pathlib import Path

import pytest
import rule_index_kit

HERE = Path(__file__).parent

RULES: dict[str, tuple[str, ...]] = {
    # --- setup (準備) ---
    "each seat draws one card; the higher dice face starts, the tied draw again":
        ("turn.test_a_tied_first_draw_is_drawn_again_and_the_higher_face_starts",
         "variant.test_three_players_only_the_tied_highest_draw_again_and_turns_follow_the_first"),
    "an X face counts 0 in the first-player draw":
        ("turn.test_an_x_face_counts_zero_in_the_first_player_draw",),
    "the first-player draw goes back into the deck":
        ("turn.test_the_first_player_draw_goes_back_into_the_deck",),
    "the deck is shuffled again after the first-player draw":
        ("turn.test_the_deck_is_shuffled_again_after_the_first_player_draw",),
    "six cards each are dealt one at a time":
        ("turn.test_setup_deals_six_cards_each_alternately_from_the_top",),
    "the deal starts with the first player":
        ("turn.test_the_deal_starts_with_the_first_player",),
    "the turns go round from the first player":
        ("variant.test_three_players_only_the_tied_highest_draw_again_and_turns_follow_the_first",),
    # --- (1) the search check, (8) the search ---
    "a search is open at 3, 6 or 9 dungeon cards":
        ("search.test_three_dungeon_cards_offer_a_search_of_depth_one",),
    "each depth is searched once":
        ("search.test_a_depth_is_searched_once",),
    "no search with an opponent's enemy on your field":
        ("search.test_no_search_with_an_opponents_enemy_on_your_field",),
    "a search may be declined; the turn goes on with the draw":
        ("search.test_a_search_may_be_declined_and_the_turn_goes_on_with_the_draw",),
    "a search scores the top card's face by the table and ends the turn (no end phase)":
        ("search.test_a_search_scores_the_top_cards_face_by_the_table_and_ends_the_turn",),
    "the treasure table is the source's":
        ("search.test_the_treasure_table_is_the_sources_and_x_fails_at_every_depth",),
    "the X face is a failed search: 0 points":
        ("search.test_the_fail_face_scores_nothing",),
    "a search turns down that depth's dungeon cards":
        ("search.test_a_search_turns_down_only_that_depths_cards",),
    # --- (2) the draw, (3) the play choice, (6) the double draw ---
    "the first player skips the draw on its first turn only":
        ("turn.test_the_first_player_skips_the_draw_on_its_first_turn_only",),
    "one play choice a turn: dungeon phase, battle or double draw":
        ("turn.test_only_one_play_choice_a_turn",),
    "a double draw draws one card and nothing else is played":
        ("turn.test_double_draw_draws_one_card_and_nothing_else_may_be_played",),
    "after a double draw no card goes onto the field, even by advance":
        ("skills.test_after_a_double_draw_no_card_goes_onto_the_field_even_by_advance",
         "skills.test_after_a_double_draw_a_wild_card_offers_no_advance"),
    # --- (4) the dungeon phase ---
    "a dungeon set at most once a turn":
        ("turn.test_a_dungeon_set_is_once_a_turn_and_depth_follows_the_count",),
    "a dungeon set and an enemy set may both be done, once each":
        ("turn.test_one_dungeon_phase_may_set_both_a_dungeon_card_and_an_enemy_once_each",),
    "depth: 1-3 cards 1, 4-6 cards 2, 7-9 cards 3":
        ("turn.test_depth_is_one_to_three_cards_then_two_then_three",),
    "at most nine dungeon cards":
        ("turn.test_at_most_nine_dungeon_cards",),
    "no dungeon set while an enemy is on your field":
        ("turn.test_no_dungeon_set_while_an_enemy_is_on_your_field",),
    "the 4th card before the depth-1 search forfeits it":
        ("search.test_the_fourth_dungeon_card_before_the_search_forfeits_it",),
    "the 7th card before the depth-2 search forfeits it":
        ("search.test_the_seventh_dungeon_card_before_the_depth_two_search_forfeits_it",),
    "an enemy's level is at most the target's depth":
        ("turn.test_an_enemy_goes_only_where_its_level_is_at_most_the_target_depth",),
    "no second enemy of yours on a field":
        ("turn.test_no_second_enemy_of_yours_on_a_field",),
    # --- (5) the battle ---
    "the TS triangle: rock > scissors > paper > rock, whatever the BP":
        ("battle.test_paper_beats_rock_and_the_enemy_goes_to_the_score_pile",
         "battle.test_scissors_beats_paper_whatever_the_bp",
         "battle.test_rock_beats_scissors_even_with_less_bp"),
    "a TS tie needs strictly more BP":
        ("battle.test_a_ts_tie_needs_strictly_more_bp", "battle.test_equal_bp_on_a_ts_tie_loses"),
    "several characters: one TS chosen among them, their BP summed":
        ("battle.test_several_characters_sum_their_bp_and_fight_with_one_chosen_ts",
         "battle.test_a_ts_outside_the_committed_characters_is_refused"),
    "a battle is against an enemy on your own field, with a character":
        ("battle.test_a_battle_is_only_against_an_enemy_on_your_field_with_a_character",),
    "a defeated enemy goes to the score pile; the characters are discarded, won or lost":
        ("battle.test_paper_beats_rock_and_the_enemy_goes_to_the_score_pile",
         "battle.test_scissors_beats_paper_whatever_the_bp"),
    "characters discarded by a battle fire their discard skills":
        ("battle.test_a_character_discarded_by_a_battle_fires_its_discard_skill",),
    # --- (7) the end phase ---
    "the end phase discards down to six, more if wished, never an injury":
        ("turn.test_the_end_phase_discards_to_six_never_an_injury_and_may_discard_more",),
    "the turn does not end over six while a card could be discarded":
        ("turn.test_the_turn_may_not_end_over_six_cards_while_any_can_be_discarded",),
    "a hand of injuries alone may end the turn over six":
        ("turn.test_a_hand_of_injuries_alone_may_end_the_turn_over_six",),
    "only the seat to act may act":
        ("turn.test_a_wrong_seat_is_refused_without_change",),
    # --- skills ---
    "mend on a dungeon card fires when it is set (by advance too)":
        ("skills.test_a_mend_dungeon_card_mends_when_set",
         "skills.test_a_mend_dungeon_card_set_by_advance_mends_too"),
    "mend on a dungeon card does nothing when discarded":
        ("skills.test_a_mend_dungeon_card_discarded_from_hand_mends_nothing",),
    "mend on another card fires when discarded: any number of injuries":
        ("skills.test_a_mend_character_mends_when_discarded",),
    "banish discards the enemy: no points, even from a fight it would win":
        ("battle.test_banish_discards_the_enemy_without_points",
         "battle.test_banish_takes_no_points_even_from_a_fight_it_would_win"),
    "banish may be used (出来ます): offered at the fight, both outcomes shown; declined, the "
    "fight is decided on TS and BP":
        ("battle.test_banish_is_offered_at_the_fight_with_both_outcomes_shown",
         "battle.test_banish_may_be_declined_and_a_won_fight_scores_the_enemy",
         "battle.test_a_declined_banish_in_a_lost_fight_leaves_the_enemy"),
    "delve searches when discarded if the search check holds":
        ("skills.test_delve_searches_when_discarded_if_the_search_check_holds",
         "skills.test_delve_without_the_search_conditions_does_nothing"),
    "advance sets a dungeon card when discarded, beside the phase's own set":
        ("skills.test_advance_sets_a_dungeon_card_when_discarded_even_after_the_dungeon_set",
         "skills.test_advance_may_be_let_pass"),
    "advance needs the dungeon-set condition":
        ("skills.test_advance_passes_while_an_enemy_is_on_your_field",),
    "advance's 4th card forfeits the search like any other":
        ("skills.test_an_advance_setting_the_fourth_card_forfeits_the_depth_one_search",),
    "shield: a TS win and strictly more BP":
        ("battle.test_shield_needs_a_ts_win_and_more_bp",),
    "feint: the TS counts as a tie, BP decides":
        ("battle.test_feint_makes_the_ts_a_tie_decided_on_bp",),
    "feint does not beat a shield (its TS is a tie)":
        ("battle.test_feint_against_a_shield_loses_even_with_a_winning_ts_and_more_bp",),
    "pierce cancels shield":
        ("battle.test_pierce_cancels_shield",),
    "wild is any skill but shield, at that skill's timing":
        ("battle.test_wild_may_pierce_but_is_never_a_shield",
         "battle.test_wild_may_feint_in_battle", "battle.test_wild_may_banish_in_battle",
         "skills.test_wild_discarded_may_act_as_advance",
         "skills.test_wild_discarded_may_act_as_mend",
         "skills.test_wild_discarded_may_act_as_delve"),
    # --- the end and the score ---
    "a depth-3 search ends the game at the end of that turn":
        ("search.test_a_depth_three_search_ends_the_game_at_the_end_of_that_turn",
         "search.test_a_depth_three_delve_lets_the_turn_finish_then_ends_the_game"),
    "the deck running out ends the game at once":
        ("search.test_the_deck_running_out_ends_the_game_at_once",
         "search.test_a_search_that_empties_the_deck_ends_the_game_at_once"),
    "score: treasures + characters in hand + defeated enemies; injuries 0":
        ("search.test_the_score_is_treasures_hand_characters_and_defeated_enemies",),
    "ties share the win":
        ("search.test_a_tie_is_shared",),
    "the game-over chart: each seat's points at the end of every round, the final points last":
        ("search.test_the_result_charts_each_seats_points_round_by_round",),
    # --- hidden information ---
    # (that no view changes with the hands and the deck order a seat cannot see is the generic
    # suite's redeal check, tests/test_kit_all_games.py, on relic as on every kit game)
    "hands and the deck's order are hidden":
        ("properties.test_a_draw_reaches_other_seats_without_its_card",
         "properties.test_an_event_names_to_other_seats_only_cards_on_the_table"),
    "everything on the table is public":
        ("properties.test_everything_on_the_table_is_public",
         "properties.test_a_redeal_leaves_a_committed_character_in_its_owners_hand"),
    "pass and play covers the table between the players":
        ("properties.test_every_change_of_seat_shows_the_privacy_screen",),
    "a discard skill tells the other seats nothing of the hand: let pass or with nothing to act "
    "on, they see the same prompt and the same pass":
        ("privacy.test_the_other_seats_cannot_tell_a_skill_let_pass_from_one_with_nothing_to_act_on",
         "privacy.test_a_mend_with_nothing_to_mend_waits_for_its_owner_to_let_it_pass"),
    "a skill every seat can see has nothing to act on passes by itself":
        ("privacy.test_a_skill_passes_by_itself_when_every_seat_can_see_it_has_nothing",),
    # --- 3-4 players ---
    "3-4 players use two sets, six cards each":
        ("variant.test_three_players_use_two_sets_and_deal_six_each",
         "variant.test_four_players_deal_six_each_from_two_sets",
         "properties.test_a_new_game_holds_every_card_of_its_sets_once"),
    "an enemy may go on any opponent's field, never your own":
        ("variant.test_an_enemy_may_go_on_any_opponent_but_one_of_yours_per_field",
         "variant.test_four_players_an_enemy_may_go_on_any_opponent_never_your_own"),
    "the enemy-set conditions hold per target field":
        ("variant.test_four_players_each_target_field_checks_its_own_depth_and_your_enemy_there",),
}

MODULES = {"turn": "test_rules_turn", "search": "test_rules_search", "battle": "test_rules_battle",
           "skills": "test_rules_skills", "variant": "test_rules_variant",
           "properties": "test_properties", "privacy": "test_skill_privacy"}
# Tests that set the scene for the others rather than check a rule of their own.
SCENES = {"variant.test_four_players_the_dungeons_are_at_depth_one_one_two_and_zero"}


def written_tests() -> set[str]:
    return rule_index_kit.written_tests(HERE, MODULES)


@pytest.mark.parametrize("rule", list(RULES))
def test_every_rule_names_tests_that_exist(rule: str) -> None:
    missing = [name for name in RULES[rule] if name not in written_tests()]
    assert RULES[rule] and missing == [], missing


def test_every_rule_test_checks_a_listed_rule() -> None:
    listed = {name for names in RULES.values() for name in names} | SCENES
    assert sorted(written_tests() - listed) == []
