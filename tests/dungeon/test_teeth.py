"""The Dungeon! rule tests have teeth: none can pass trivially.

Statically, no assertion in the rule tests compares an expression with itself or asserts a
constant, and every test asserts something. Dynamically, each rule below is broken on purpose
(monkeypatched into the engine) and the test named after it must then fail: a test that still
passed would not be testing its rule. The hidden information is broken the same way (a view that
shows another wizard's spells or the crystal ball's cards).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from teeth_kit import Mutant, check_the_rule_test_fails, mutant_cases, static_problems

from dungeon_table.games.dungeon import (
    cycle,
    encounter,
    flow_choose_hero,
    flow_combat,
    flow_spells,
    hunters,
    modes,
    movement,
    views,
)
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import HeroContext
from dungeon_table.games.dungeon.rules import Dungeon
from dungeon_table.games.dungeon.tables import Tables, load_tables

from . import test_rules_combat as combat_tests
from . import test_rules_end as end
from . import test_rules_hidden as hidden
from . import test_rules_move as moving
from . import test_rules_treasures as treasures
from . import test_rules_wizard as wizard

HERE = Path(__file__).parent
MINE = sorted([*HERE.glob("test_rules_*.py"), HERE / "test_rule_index.py", Path(__file__)])
TABLES = load_tables()


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name)
def test_no_assertion_is_trivially_true(path: Path) -> None:
    assert static_problems(path, ("refused",)) == []


# --- parametrized rule tests, one case each -----------------------------------------------------
def rogue_finds_on_three() -> None:
    moving.test_a_secret_door_is_found_on_five_or_six_a_rogue_on_three_to_six("rogue", 3, True)


def rogue_misses_the_rats_on_four() -> None:
    combat_tests.test_the_attack_reaches_the_number_in_the_hero_s_column("rogue", [2, 2], False)


def six_is_stunned() -> None:
    combat_tests.test_the_defeat_table_is_the_source_s([3, 3], "stunned")


# --- moving -------------------------------------------------------------------------------------
def _six_moves(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TABLES, "moves", 6)


def _rogues_find_like_the_others(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Tables, "find_need", lambda self, hero: 5)


def _found_doors_forgotten(mp: pytest.MonkeyPatch) -> None:
    real = Dungeon.find_door

    def find_door(self: Dungeon, seat: int, door: str) -> tuple[bool, Any]:
        found, event = real(self, seat, door)
        if door in self.state.heroes[seat].found_doors:
            self.state.heroes[seat].found_doors.remove(door)
        return found, event
    mp.setattr(Dungeon, "find_door", find_door)


def _heroes_stop_anywhere(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(HeroContext, "may_stand", lambda self, space: True)


def _chambers_cleared_by_one_token(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TABLES, "tokens_to_clear", dict.fromkeys(TABLES.tokens_to_clear, 1))


def _lose_turn_tokens_ignored(mp: pytest.MonkeyPatch) -> None:
    real = cycle.start_turn

    def start_turn(game: Dungeon, seat: int, first: bool = False) -> list[Any]:
        game.state.heroes[seat].lose_turns = 0
        return real(game, seat, first)
    mp.setattr(cycle, "start_turn", start_turn)


# --- encounters and combat ----------------------------------------------------------------------
def _highest_free_slot(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Dungeon, "free_slot", lambda self: next(
        (n for n in range(self.t.slots, 0, -1) if n not in self.state.slots), 0))


def _every_hero_fights_as_a_fighter(mp: pytest.MonkeyPatch) -> None:
    real = Tables.need
    mp.setattr(Tables, "need", lambda self, card, hero: real(self, card, "fighter"))


def _a_dash_is_twelve(mp: pytest.MonkeyPatch) -> None:
    real = Tables.need

    def need(self: Tables, card: str, hero: str) -> int | None:
        found = real(self, card, hero)
        return 12 if found is None else found
    mp.setattr(Tables, "need", need)


def _stunned_is_a_miss(mp: pytest.MonkeyPatch) -> None:
    real = Tables.defeat_result

    def result(self: Tables, total: int) -> str:
        found = real(self, total)
        return "miss" if found == "stunned" else found
    mp.setattr(Tables, "defeat_result", result)


def _badly_wounded_drops_all(mp: pytest.MonkeyPatch) -> None:
    mp.setitem(encounter.DROPS, "badly_wounded", -2)


def _no_push_back(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(encounter, "push_back", lambda game, seat: [])


def _push_back_forgets_where_the_hero_came_from(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Dungeon, "place", lambda self, seat, space: setattr(self.state.heroes[seat],
                                                                   "space", space))


def _chambers_give_treasure(mp: pytest.MonkeyPatch) -> None:
    real = encounter.defeat

    def defeat(game: Dungeon, seat: int) -> list[Any]:
        enc = game.state.encounter
        assert enc is not None
        space = game.board.spaces[enc.space]
        events = real(game, seat)
        if space.kind == "chamber":
            events += encounter.gain(game, seat, game.draw_treasure(space.level), "draw")
        return events
    mp.setattr(encounter, "defeat", defeat)


def _dead_pawns_keep_their_doors(mp: pytest.MonkeyPatch) -> None:
    real = encounter.kill

    def kill(game: Dungeon, seat: int) -> list[Any]:
        doors = list(game.state.heroes[seat].found_doors)
        events = real(game, seat)
        game.state.heroes[seat].found_doors = doors
        return events
    mp.setattr(encounter, "kill", kill)


def _the_killed_pawn_always_comes_back(mp: pytest.MonkeyPatch) -> None:
    real = flow_choose_hero.hero_choices

    def choices(game: Dungeon, seat: int) -> list[str]:
        own = game.state.heroes[seat].hero
        found = real(game, seat)
        return found if not own or own in found else [*found, own]
    mp.setattr(flow_choose_hero, "hero_choices", choices)


def _cage_tokens_ignored(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Tables, "cage_tokens", lambda self, card, die: 0)


# --- the special treasures ----------------------------------------------------------------------
def _sword_bonus_not_added(mp: pytest.MonkeyPatch) -> None:
    real = Dungeon.attack_need
    mp.setattr(Dungeon, "attack_need", lambda self, seat, card: (real(self, seat, card)[0], 0))


def _a_sworded_dash_needs_twelve(mp: pytest.MonkeyPatch) -> None:
    real = Dungeon.attack_need

    def attack_need(self: Dungeon, seat: int, card: str) -> tuple[int, int]:
        need, bonus = real(self, seat, card)
        return (12 if need == 13 else need), bonus
    mp.setattr(Dungeon, "attack_need", attack_need)


def _no_second_sword_takes_over(mp: pytest.MonkeyPatch) -> None:
    def rearm(game: Dungeon, seat: int) -> None:
        hero = game.state.heroes[seat]
        if hero.sword and hero.sword not in hero.treasures:
            hero.sword, hero.sword_bonus = "", 0
    mp.setattr(encounter, "rearm_sword", rearm)


def _esp_hold_leaves_the_monster_waiting(mp: pytest.MonkeyPatch) -> None:
    def hold(game: Dungeon, seat: int, action: Any) -> list[Any]:
        assert game.state.encounter is not None
        return encounter.leave_waiting(game, game.state.encounter) + cycle.end_turn(game)
    mp.setitem(Dungeon.phases["doorway"].moves, m.Hold, hold)


def _every_seat_sees_the_scried_cards(mp: pytest.MonkeyPatch) -> None:
    real = views._slot
    mp.setattr(views, "_slot", lambda slot, seat: real(slot, slot.scrier))


def _the_card_s_doors_forgotten_once_dropped(mp: pytest.MonkeyPatch) -> None:
    real = Dungeon.find_door

    def find_door(self: Dungeon, seat: int, door: str) -> tuple[bool, Any]:
        found, event = real(self, seat, door)
        if event.die == 0:
            self.state.heroes[seat].found_doors.remove(door)
        return found, event
    mp.setattr(Dungeon, "find_door", find_door)


# --- the wizard ---------------------------------------------------------------------------------
def _spellbook_plus_five(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TABLES, "spellbook_base", 5)


def _every_seat_sees_the_spells(mp: pytest.MonkeyPatch) -> None:
    real = views._hero
    mp.setattr(views, "_hero", lambda game, hero, seat: real(game, hero, hero.seat))


def _every_seat_sees_the_wish_lists(mp: pytest.MonkeyPatch) -> None:
    real = views.build_view

    def build(game: Dungeon, seat: int | None) -> Any:
        first = next((w for w in game.state.draft.wishes.values() if w), [])
        return msgspec.structs.replace(real(game, seat), spell_wishes=list(first))
    mp.setattr(views, "build_view", build)


def _the_last_seat_picks_first(mp: pytest.MonkeyPatch) -> None:
    real = flow_spells.resolve
    mp.setattr(flow_spells, "resolve", lambda order, *rest: real(list(reversed(order)), *rest))


def _teleport_anywhere(mp: pytest.MonkeyPatch) -> None:
    real = flow_combat.teleport_targets

    def targets(game: Dungeon, seat: int) -> list[str]:
        near = real(game, seat)
        here = game.state.heroes[seat].space
        return [c for c in game.board.chambers() if c != here] if near else []
    mp.setattr(flow_combat, "teleport_targets", targets)


def _a_spell_miss_is_struck_back(mp: pytest.MonkeyPatch) -> None:
    real = encounter.leave_waiting

    def leave(game: Dungeon, enc: Any) -> list[Any]:
        events = real(game, enc)
        if game.phase == "doorway" and enc.using == "spell":
            game.state.heroes[game.state.active].lose_turns += 1
        return events
    mp.setattr(encounter, "leave_waiting", leave)


# --- the end and the solo modes -----------------------------------------------------------------
def _any_gold_wins(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Dungeon, "target", lambda self, seat: 0)


def _one_death_ends_the_hunt(mp: pytest.MonkeyPatch) -> None:
    real = modes.check_killed

    def check_killed(game: Dungeon, seat: int) -> list[Any]:
        if game.mode == "treasure_hunt":
            return game.end_game("killed_twice", [])
        return real(game, seat)
    mp.setattr(modes, "check_killed", check_killed)


def _hunters_walk_four(mp: pytest.MonkeyPatch) -> None:
    real = hunters.hunter_route
    mp.setattr(hunters, "hunter_route", lambda game, hunter: real(game, hunter)[:4])


def _hunters_find_no_secret_doors(mp: pytest.MonkeyPatch) -> None:
    real = movement.open_distances
    board = TABLES.board

    class NoSecrets:
        spaces = board.spaces

        @staticmethod
        def neighbours(space: str) -> list[Any]:
            return [(o, p) for o, p in board.neighbours(space) if p.kind != "secret"]

    mp.setattr(movement, "open_distances", lambda b, source: real(NoSecrets, source))  # type: ignore[arg-type]
    mp.setattr(movement, "hunter_path", _no_secret_path(movement.hunter_path, NoSecrets))


def _no_secret_path(real: Callable[..., list[str]], board: Any) -> Callable[..., list[str]]:
    def hunter_path(_board: Any, start: str, target: str, steps: int = 5) -> list[str]:
        return real(board, start, target, steps)
    return hunter_path


def _a_slain_hunter_keeps_what_lies_under_it(mp: pytest.MonkeyPatch) -> None:
    real = encounter.slay_hunter

    def slay(game: Dungeon, seat: int) -> list[Any]:
        for hunter in game.state.hunters:
            hunter.dropped.clear()
        return real(game, seat)
    mp.setattr(encounter, "slay_hunter", slay)


def _a_slain_hunter_gives_treasure(mp: pytest.MonkeyPatch) -> None:
    real = encounter.slay_hunter

    def slay(game: Dungeon, seat: int) -> list[Any]:
        return encounter.gain(game, seat, game.draw_treasure(6), "draw") + real(game, seat)
    mp.setattr(encounter, "slay_hunter", slay)


MUTANTS: list[tuple[Mutant, Callable[[], None]]] = [
    (_six_moves, moving.test_a_hero_moves_up_to_five_spaces_and_no_further),
    (_rogues_find_like_the_others, rogue_finds_on_three),
    (_found_doors_forgotten, moving.test_a_found_secret_door_stays_open_for_the_rest_of_the_game),
    (_heroes_stop_anywhere, moving.test_a_hero_passes_another_but_does_not_stop_on_its_square),
    (_heroes_stop_anywhere, moving.test_only_one_hero_stands_in_a_room),
    (_chambers_cleared_by_one_token,
     moving.test_a_chamber_with_two_defeat_tokens_still_hides_a_monster),
    (_lose_turn_tokens_ignored, moving.test_a_lose_turn_token_is_discarded_and_the_turn_is_over),
    (_highest_free_slot, combat_tests.test_the_lowest_free_slot_is_taken_again_once_freed),
    (_every_hero_fights_as_a_fighter, rogue_misses_the_rats_on_four),
    (_a_dash_is_twelve, combat_tests.test_a_dash_cannot_be_hit_without_a_magic_sword),
    (_stunned_is_a_miss, six_is_stunned),
    (_stunned_is_a_miss, combat_tests.test_stunned_drops_one_random_treasure_under_the_monster),
    (_badly_wounded_drops_all,
     combat_tests.test_badly_wounded_drops_half_rounded_down_and_goes_to_the_great_hall),
    (_no_push_back, combat_tests.test_wounded_pushes_back_to_the_space_the_hero_came_from),
    (_push_back_forgets_where_the_hero_came_from,
     combat_tests.test_wounded_after_a_teleport_is_pushed_one_space_out_toward_the_chamber_it_came_from),
    (_push_back_forgets_where_the_hero_came_from,
     combat_tests.test_wounded_after_a_pit_fall_is_pushed_one_space_out_toward_the_room_it_fell_from),
    (_chambers_give_treasure, combat_tests.test_a_win_in_a_chamber_draws_no_treasure),
    (_dead_pawns_keep_their_doors, combat_tests.test_found_doors_go_with_the_dead_pawn),
    (_the_killed_pawn_always_comes_back,
     combat_tests.test_the_new_hero_is_any_class_with_an_unused_pawn_not_the_killed_one),
    (_cage_tokens_ignored, combat_tests.test_a_caged_hero_loses_as_many_turns_as_tokens),
    (_sword_bonus_not_added, treasures.test_the_sword_s_bonus_is_added_to_every_attack),
    (_a_sworded_dash_needs_twelve,
     treasures.test_with_a_sword_twelve_and_one_misses_a_dash_short_of_thirteen),
    (_no_second_sword_takes_over,
     treasures.test_a_dropped_active_sword_is_replaced_by_another_held_with_the_same_bonus),
    (_esp_hold_leaves_the_monster_waiting,
     treasures.test_holding_back_after_an_esp_peek_discards_the_card_and_ends_the_turn),
    (_every_seat_sees_the_scried_cards, treasures.test_only_the_scrier_sees_the_crystal_ball_s_cards),
    (_every_seat_sees_the_scried_cards,
     hidden.test_the_crystal_ball_s_cards_are_hidden_from_all_but_the_scrier_until_turned_up),
    (_the_card_s_doors_forgotten_once_dropped,
     treasures.test_doors_found_with_the_card_stay_open_after_it_is_dropped),
    (_spellbook_plus_five, wizard.test_a_wizard_s_spellbook_holds_one_die_plus_six_spells),
    (_every_seat_sees_the_spells, hidden.test_a_wizard_s_spells_are_seen_only_by_its_seat_the_count_by_all),
    (_every_seat_sees_the_wish_lists,
     hidden.test_a_wish_list_reaches_no_other_seat_until_the_lists_are_resolved),
    (_the_last_seat_picks_first,
     wizard.test_two_wizards_write_their_wish_lists_at_once_and_take_spells_alternately),
    (_teleport_anywhere, wizard.test_teleport_reaches_chambers_one_level_up_the_same_or_one_down),
    (_a_spell_miss_is_struck_back,
     wizard.test_a_missed_lightning_bolt_leaves_the_monster_waiting_and_brings_no_counter_attack),
    (_any_gold_wins, end.test_a_fighter_home_with_ten_thousand_has_not_won),
    (_one_death_ends_the_hunt, end.test_one_death_does_not_end_the_hunt),
    (_hunters_walk_four, end.test_a_hunter_walks_five_spaces_along_a_shortest_way_after_the_hero_s_turn),
    (_hunters_find_no_secret_doors,
     end.test_a_hunter_goes_through_secret_doors_and_rooms_without_stopping),
    (_a_slain_hunter_gives_treasure,
     end.test_a_slain_hunter_gives_no_treasure_and_a_new_one_appears_in_a_level_six_room),
    (_a_slain_hunter_keeps_what_lies_under_it,
     end.test_treasure_dropped_to_a_hunter_lies_under_its_card_and_is_won_back_by_slaying_it),
]


@mutant_cases(MUTANTS)
def test_breaking_the_rule_fails_its_test(
    mutant: Mutant, rule_test: Callable[[], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_the_rule_test_fails(mutant, rule_test, monkeypatch)
