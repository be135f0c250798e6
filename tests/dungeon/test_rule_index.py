"""Every rule of Dungeon!, from the Japanese source and the rulings, with the tests that check it.
A rule without a test, a test named here that no longer exists, or a rule test that no rule names
fails here, so the list stays whole as tests are added or renamed."""

from __future__ import annotations

from pathlib import Path

import pytest
import rule_index_kit

HERE = Path(__file__).parent

RULES: dict[str, tuple[str, ...]] = {
    # --- step 1: moving (ステップ１) ---
    "a hero moves up to five spaces":
        ("move.test_a_hero_moves_up_to_five_spaces_and_no_further",
         "move.test_the_offered_moves_reach_at_most_five_spaces"),
    "rooms and chambers (the Great Hall too) are one space; doors are not counted":
        ("move.test_doors_cost_no_move_and_a_room_is_one_space",
         "move.test_a_cleared_room_is_passed_through_as_one_space"),
    "a move may be made in several steps while moves are left":
        ("move.test_several_moves_may_follow_one_another_while_moves_are_left",),
    "a hero need not move":
        ("move.test_a_hero_need_not_move",),
    "entering an uncleared room, or a chamber with two tokens or fewer, starts an encounter":
        ("move.test_entering_an_uncleared_room_stops_the_move_and_a_monster_comes_out",
         "move.test_a_path_never_passes_through_an_uncleared_room",
         "move.test_a_chamber_with_two_defeat_tokens_still_hides_a_monster"),
    "a corridor, a room with a token or a chamber with three: no encounter, passed freely":
        ("move.test_a_chamber_with_three_defeat_tokens_is_cleared_and_passed_through",
         "move.test_ending_the_move_in_a_corridor_or_a_cleared_room_meets_nothing",
         "move.test_a_cleared_room_is_passed_through_as_one_space"),
    "heroes pass one another; only a chamber or the Great Hall holds several":
        ("move.test_a_hero_passes_another_but_does_not_stop_on_its_square",
         "move.test_only_one_hero_stands_in_a_room",
         "move.test_heroes_share_a_chamber_and_the_great_hall"),
    "a hero starting its turn beside a monster may leave":
        ("move.test_a_hero_starting_beside_a_waiting_monster_may_leave_it",),
    "a lose-turn token is discarded at the turn's start and the turn is over":
        ("move.test_a_lose_turn_token_is_discarded_and_the_turn_is_over",
         "move.test_a_lost_turn_passes_to_the_next_seat",
         "combat.test_a_caged_hero_loses_as_many_turns_as_tokens"),
    # --- secret doors (隠し扉) ---
    "a secret door is found on 5-6, by a rogue on 3-6":
        ("move.test_a_secret_door_is_found_on_five_or_six_a_rogue_on_three_to_six",
         "move.test_the_view_says_the_face_a_find_roll_needs"),
    "the find roll needs a move still left":
        ("move.test_a_secret_door_is_tried_with_the_last_move",
         "move.test_a_hero_with_no_move_left_tries_no_secret_door"),
    "a found door lets the move go on; a missed one stops the hero":
        ("move.test_a_found_secret_door_lets_the_move_go_on",
         "move.test_a_missed_secret_door_stops_the_hero_and_ends_the_turn",
         "move.test_a_hero_stopped_by_a_missed_door_on_another_hero_s_square_steps_back"),
    "a found door stays open to that hero for the game":
        ("move.test_a_found_secret_door_stays_open_for_the_rest_of_the_game",
         "move.test_another_hero_must_find_the_door_for_itself",
         "combat.test_found_doors_go_with_the_dead_pawn"),
    # --- step 2: the encounter (ステップ２) ---
    "a number token: the monster waiting in its slot is met, nothing is drawn":
        ("combat.test_entering_a_numbered_space_meets_the_monster_waiting_there_not_a_new_one",),
    "a chamber shows one monster at a time":
        ("combat.test_a_chamber_meets_one_monster_at_a_time",),
    "an empty monster deck is made again from its level's discards":
        ("combat.test_an_empty_monster_deck_is_made_again_from_its_discards",),
    # --- step 3: combat (ステップ３) ---
    "2d6 at least the number in the hero's column defeats the monster":
        ("combat.test_the_attack_reaches_the_number_in_the_hero_s_column",
         "combat.test_the_encounter_view_shows_the_number_and_the_chance",
         "wizard.test_a_wizard_may_attack_as_any_hero_instead_of_casting"),
    "a '-' cannot be hit without a magic sword":
        ("combat.test_a_dash_cannot_be_hit_without_a_magic_sword",),
    "a defeated monster is discarded and a defeat token put on the space":
        ("combat.test_a_win_discards_the_monster_and_puts_a_defeat_token",),
    "every fight ends the turn":
        ("combat.test_every_fight_ends_the_turn",),
    "the defeat table: 2-5 miss, 6-7 stunned, 8-10 wounded, 11 badly wounded, 12 killed":
        ("combat.test_the_defeat_table_is_the_source_s",
         "combat.test_a_miss_costs_nothing_but_the_turn"),
    "the monster left standing goes to the lowest free slot, its token on the space":
        ("combat.test_a_monster_left_standing_goes_to_the_lowest_free_slot_and_its_token_marks_the_room",
         "combat.test_the_lowest_free_slot_is_taken_again_once_freed"),
    "stunned: one random treasure dropped":
        ("combat.test_stunned_drops_one_random_treasure_under_the_monster",),
    "wounded: one dropped, pushed back one space toward where the hero came, a lose-turn token":
        ("combat.test_wounded_drops_one_pushes_back_and_gives_a_lose_turn_token",
         "combat.test_wounded_pushes_back_to_the_space_the_hero_came_from",
         "combat.test_wounded_is_pushed_past_a_square_another_hero_holds",
         "combat.test_wounded_attacking_at_the_turn_s_start_is_pushed_out_through_the_door_it_came_in_by",
         "combat.test_wounded_after_a_teleport_is_pushed_one_space_out_toward_the_chamber_it_came_from",
         "combat.test_wounded_after_a_pit_fall_is_pushed_one_space_out_toward_the_room_it_fell_from",
         "end.test_wounded_by_a_hunter_between_turns_the_hero_is_not_pushed_back"),
    "badly wounded: half (rounded down) dropped, back to the Great Hall":
        ("combat.test_badly_wounded_drops_half_rounded_down_and_goes_to_the_great_hall",),
    "killed: everything dropped, the pawn removed":
        ("combat.test_killed_drops_everything_and_the_pawn_leaves_the_board",),
    "dropped treasures lie face up under the monster":
        ("combat.test_stunned_drops_one_random_treasure_under_the_monster",
         "combat.test_the_dropped_treasures_go_to_the_hero_who_beats_that_monster"),
    # --- death (粉砕) ---
    "a killed hero's seat chooses a new hero, who starts in the Great Hall":
        ("combat.test_a_killed_hero_chooses_a_new_hero_who_starts_in_the_great_hall",
         "combat.test_the_new_hero_is_any_class_with_an_unused_pawn_not_the_killed_one",
         "combat.test_a_killed_hero_s_class_may_come_back_with_its_other_pawn"),
    "with no pawn left the same class comes back":
        ("combat.test_with_every_pawn_in_play_the_killed_hero_comes_back_as_the_same_class",),
    # --- step 4: treasure (ステップ４) ---
    "a win in a room: one treasure of its level and all that lies there":
        ("combat.test_a_win_in_a_room_draws_one_treasure_of_its_level",
         "combat.test_the_dropped_treasures_go_to_the_hero_who_beats_that_monster"),
    "a win in a chamber: only what lies there, no draw":
        ("combat.test_a_win_in_a_chamber_draws_no_treasure",
         "combat.test_a_win_in_a_chamber_takes_only_what_lies_there"),
    "treasure only for a monster beaten on your own turn":
        ("combat.test_treasure_comes_only_from_a_monster_beaten_on_your_turn",),
    # --- traps (罠だ！) ---
    "a trap in a room gives its treasure, in a chamber none; it takes a defeat token":
        ("combat.test_a_cage_in_a_room_gives_its_treasure_a_token_and_lose_turn_tokens_by_the_die",
         "combat.test_a_trap_in_a_chamber_gives_no_treasure"),
    "cage: one die, lose-turn tokens by the card":
        ("combat.test_a_cage_in_a_room_gives_its_treasure_a_token_and_lose_turn_tokens_by_the_die",
         "combat.test_a_cage_roll_may_give_no_token",
         "combat.test_a_caged_hero_loses_as_many_turns_as_tokens"),
    "pit: the hero falls into a chamber of the card's level":
        ("combat.test_a_pit_gives_the_room_s_treasure_and_drops_the_hero_into_a_chamber_of_its_level",
         "combat.test_the_hero_chooses_among_the_chambers_a_pit_may_drop_it_into",
         "combat.test_a_pit_in_a_chamber_drops_into_the_level_s_other_chamber",
         "combat.test_a_pit_leads_to_the_level_on_its_card"),
    "pit with no chamber to fall into: the monster is redrawn, the treasure discarded":
        ("combat.test_a_pit_with_no_chamber_to_fall_into_is_redrawn_and_its_treasure_discarded",),
    # --- winning (勝ち方) ---
    "end a turn in the Great Hall with the class's gold to win":
        ("end.test_a_hero_ending_a_turn_in_the_great_hall_with_its_gold_wins",
         "end.test_the_win_comes_only_when_the_turn_ends_in_the_hall",
         "end.test_the_results_total_counts_the_gold_brought_home_so_it_agrees_with_the_winner"),
    "rogue and cleric 10,000 gp, fighter 20,000, wizard 30,000":
        ("end.test_each_class_has_its_own_gold_to_win",
         "end.test_a_fighter_home_with_ten_thousand_has_not_won"),
    # --- special treasures (特別な宝物カード, 魔法の剣) ---
    "the secret door card: no find roll; doors found stay open once it is dropped":
        ("treasures.test_with_the_secret_door_card_no_find_roll_is_needed",
         "treasures.test_doors_found_with_the_card_stay_open_after_it_is_dropped",
         "treasures.test_a_secret_door_entered_from_the_doorway_with_the_card_counts_as_found"),
    "ESP medallion: the monster drawn from the doorway; go in, or stay out (discarded, turn over)":
        ("treasures.test_the_esp_medallion_shows_a_room_s_monster_from_its_door",
         "treasures.test_after_an_esp_peek_the_hero_may_go_in_and_fight_what_it_saw",
         "treasures.test_holding_back_after_an_esp_peek_discards_the_card_and_ends_the_turn",
         "treasures.test_the_esp_medallion_may_be_used_in_the_middle_of_a_move",
         "treasures.test_a_peek_needs_the_medallion"),
    "ESP medallion and crystal ball: once a turn each":
        ("treasures.test_the_esp_medallion_works_once_a_turn",
         "treasures.test_the_crystal_ball_is_used_instead_of_moving_and_ends_the_turn"),
    "crystal ball: instead of moving, a space's cards face down in a slot, turned up on entry":
        ("treasures.test_the_crystal_ball_draws_a_room_s_monster_and_treasure_face_down_into_a_slot",
         "treasures.test_the_crystal_ball_is_used_instead_of_moving_and_ends_the_turn",
         "treasures.test_scried_cards_turn_up_when_a_hero_enters_and_its_treasure_is_the_one_won",
         "treasures.test_scrying_needs_the_crystal_ball"),
    "crystal ball: the cards need not be shown to the others":
        ("treasures.test_only_the_scrier_sees_the_crystal_ball_s_cards",
         "hidden.test_the_crystal_ball_s_cards_are_hidden_from_all_but_the_scrier_until_turned_up"),
    "magic sword: 2d6 when found for +1 or +2":
        ("treasures.test_a_magic_sword_s_bonus_is_rolled_when_found",),
    "magic sword: the bonus is added to every attack":
        ("treasures.test_the_sword_s_bonus_is_added_to_every_attack",),
    "magic sword: against a '-' the target is 13":
        ("treasures.test_with_a_sword_a_dash_needs_thirteen",
         "treasures.test_with_a_sword_twelve_and_one_misses_a_dash_short_of_thirteen"),
    "one sword at a time; a second is treasure; a dropped one is replaced at the same bonus":
        ("treasures.test_a_second_sword_is_only_treasure",
         "treasures.test_a_dropped_active_sword_is_replaced_by_another_held_with_the_same_bonus",
         "treasures.test_a_dropped_only_sword_takes_its_bonus_with_it"),
    "a wizard holds a sword as treasure but never uses it":
        ("wizard.test_a_wizard_keeps_a_magic_sword_as_treasure_but_never_uses_it",),
    # --- the wizard (ウィザードの為の特別ルール) ---
    "a wizard's spellbook holds 1d6 + 6 spells":
        ("wizard.test_a_wizard_s_spellbook_holds_one_die_plus_six_spells",
         "wizard.test_only_a_wizard_writes_a_wish_list"),
    "two wizards pick one spell at a time in turn":
        ("wizard.test_two_wizards_write_their_wish_lists_at_once_and_take_spells_alternately",
         "wizard.test_a_wish_the_supply_no_longer_holds_gives_way_to_the_next_one_still_there",
         "wizard.test_a_wizard_learns_how_many_wishes_were_replaced",
         "wizard.test_a_wish_list_takes_no_more_of_a_spell_than_the_game_has",
         "wizard.test_a_wish_list_is_sealed_once_it_is_as_long_as_the_book",
         "wizard.test_the_last_wish_may_be_taken_off_until_the_list_is_sealed"),
    "one spell a turn, then it is discarded":
        ("wizard.test_a_wizard_casts_one_spell_a_turn",
         "wizard.test_a_fireball_that_hits_clears_the_room_and_the_wizard_walks_in_for_its_treasure"),
    "fireball and lightning from the doorway, the monster drawn first, the spell chosen after":
        ("wizard.test_a_spell_peek_draws_the_monster_before_the_spell_is_chosen",
         "wizard.test_the_doorway_gives_the_wizard_alone_each_spell_s_chance_as_a_fight_gives_its_own",
         "wizard.test_a_spell_marked_dash_cannot_be_cast_at_that_monster",
         "wizard.test_a_trap_seen_from_the_doorway_cannot_be_spelled",
         "wizard.test_a_spell_may_be_cast_at_a_monster_already_waiting"),
    "a spell's hit: the wizard walks in for the treasure; a miss: no counter-attack, it waits":
        ("wizard.test_a_fireball_that_hits_clears_the_room_and_the_wizard_walks_in_for_its_treasure",
         "wizard.test_a_missed_lightning_bolt_leaves_the_monster_waiting_and_brings_no_counter_attack",
         "wizard.test_holding_back_from_a_spell_peek_leaves_the_monster_waiting"),
    "teleport: from a chamber before combat, to a chamber a level up, the same or down":
        ("wizard.test_teleport_leaves_the_chamber_s_monster_unfought_and_meets_the_new_chamber_s",
         "wizard.test_teleport_away_from_a_monster_waiting_in_the_chamber_at_the_turn_s_start",
         "wizard.test_teleport_reaches_chambers_one_level_up_the_same_or_one_down",
         "wizard.test_teleport_is_cast_only_from_a_chamber"),
    "refill: after a turn ended in the Great Hall, 1d6 spells, never above the starting count":
        ("wizard.test_a_refill_takes_a_die_of_spells_up_to_the_starting_count",
         "wizard.test_a_refill_needs_the_last_turn_ended_in_the_great_hall",
         "wizard.test_a_full_spellbook_takes_no_refill"),
    "a killed wizard's spells go back; a new wizard fills a new book":
        ("wizard.test_a_killed_wizard_s_spells_go_back_and_a_new_wizard_fills_a_new_book",),
    # --- solo: the treasure hunt (宝物探し) ---
    "a level-1 treasure (deeper later) is drawn and shuffled back":
        ("end.test_the_hunted_treasure_is_drawn_from_level_one_and_shuffled_back",
         "end.test_a_later_hunt_may_choose_a_deeper_level"),
    "finding it wins; nothing else does":
        ("end.test_finding_the_hunted_treasure_wins",
         "end.test_another_treasure_does_not_end_the_hunt",
         "end.test_in_the_hunt_returning_with_the_gold_is_not_a_win"),
    "the second death loses":
        ("end.test_the_hunt_is_lost_when_the_hero_is_killed_twice",
         "end.test_one_death_does_not_end_the_hunt"),
    "a hunt whose treasure can no longer be won is lost (every room of its level cleared)":
        ("end.test_the_hunt_is_lost_once_every_room_of_its_level_is_cleared_without_it",
         "end.test_a_hunted_treasure_lying_in_a_slot_keeps_the_hunt_alive"),
    # --- solo: the time attack (タイムアタック) ---
    "win within 30 minutes (then shorter); the clock's time_up loses":
        ("end.test_the_time_attack_is_lost_when_the_clock_runs_out",
         "end.test_the_clock_is_thirty_minutes_then_shorter",
         "end.test_the_clock_runs_from_the_first_turn_not_while_the_hero_is_chosen",
         "end.test_time_up_is_never_a_legal_action_and_only_the_clock_sends_it",
         "end.test_the_time_attack_is_won_as_the_race_is"),
    # --- solo: the hunters (なんちゃら) ---
    "1-3 level-6 monsters drawn face down as hunters, in level-6 rooms":
        ("end.test_one_to_three_level_six_hunters_start_in_level_six_rooms",
         "end.test_hunters_are_face_down_until_they_attack"),
    "after each of the hero's turns a hunter moves five spaces along a shortest way":
        ("end.test_a_hunter_walks_five_spaces_along_a_shortest_way_after_the_hero_s_turn",),
    "hunters open secret doors and never stop for rooms or fight other monsters":
        ("end.test_a_hunter_goes_through_secret_doors_and_rooms_without_stopping",
         "end.test_hunters_never_fight_other_monsters"),
    "the hunter's path is shown on the board":
        ("end.test_the_view_shows_each_hunter_s_next_move",),
    "a hunter reaching the hero turns up and attacks; the hero fights it as a monster":
        ("end.test_a_hunter_reaching_the_hero_turns_up_and_attacks",
         "end.test_a_hunter_strikes_back_on_a_miss_and_stays_where_it_is",
         "end.test_a_hero_entering_a_hunter_s_space_fights_it"),
    "a slain hunter: no treasure, a new one in a level-6 room":
        ("end.test_a_slain_hunter_gives_no_treasure_and_a_new_one_appears_in_a_level_six_room",
         "end.test_a_new_hunter_never_appears_in_the_hero_s_own_room"),
    "treasure dropped to a hunter lies under its card and is won back by slaying it":
        ("end.test_treasure_dropped_to_a_hunter_lies_under_its_card_and_is_won_back_by_slaying_it",),
    "a hunter's kill loses; returning with the gold wins":
        ("end.test_a_hunter_s_kill_loses_the_game",
         "end.test_in_the_hunter_mode_returning_with_the_gold_wins"),
    # --- hidden information (the rulings) ---
    "a wizard's spells are hidden, their count public":
        ("hidden.test_a_wizard_s_spells_are_seen_only_by_its_seat_the_count_by_all",
         "hidden.test_a_wish_list_reaches_no_other_seat_until_the_lists_are_resolved",
         "hidden.test_a_sealed_list_tells_the_others_only_that_it_is_sealed",
         "hidden.test_the_filled_book_is_told_to_its_wizard_the_count_to_the_others",
         "hidden.test_a_wizard_writes_its_wish_list_behind_the_privacy_screen"),
    "the decks' order is hidden; the choices of the seat to act are its own":
        ("hidden.test_the_decks_show_only_their_counts",
         "hidden.test_the_choices_of_the_seat_to_act_are_in_its_view_only",
         "hidden.test_the_monster_a_hero_faces_is_public_its_spell_numbers_are_not"),
    "positions, treasures held and dropped, tokens are public":
        ("hidden.test_treasures_held_and_dropped_are_public",),
    # --- refusals (the protocol) ---
    "an illegal action is refused with its reason and nothing changes":
        ("refusals.test_only_the_seat_to_act_may_act",
         "refusals.test_an_action_of_another_phase_is_refused_with_what_may_be_done",
         "refusals.test_a_move_between_spaces_that_do_not_touch_is_refused",
         "refusals.test_a_move_other_than_the_offered_way_is_refused",
         "refusals.test_an_attack_with_no_monster_waiting_is_refused",
         "refusals.test_a_waiting_monster_is_attacked_only_before_moving",
         "refusals.test_a_spell_not_in_the_book_is_refused",
         "refusals.test_nothing_is_played_once_the_game_is_over"),
}

MODULES = {"move": "test_rules_move", "combat": "test_rules_combat",
           "treasures": "test_rules_treasures", "wizard": "test_rules_wizard",
           "end": "test_rules_end", "hidden": "test_rules_hidden",
           "refusals": "test_rules_refusals"}


def written_tests() -> set[str]:
    return rule_index_kit.written_tests(HERE, MODULES)


def test_every_rule_module_is_indexed() -> None:
    assert sorted(p.stem for p in HERE.glob("test_rules_*.py")) == sorted(MODULES.values())


@pytest.mark.parametrize("rule", list(RULES))
def test_every_rule_names_tests_that_exist(rule: str) -> None:
    missing = [name for name in RULES[rule] if name not in written_tests()]
    assert RULES[rule] and missing == [], missing


def test_every_rule_test_checks_a_listed_rule() -> None:
    listed = {name for names in RULES.values() for name in names}
    assert sorted(written_tests() - listed) == []
