"""The Relic expedition rule tests have teeth: none can pass trivially.

Statically, no assertion in the rule and property tests compares an expression with itself or
asserts a constant, and every test asserts something. Dynamically, each rule below is broken on
purpose (monkeypatched) and the test named after it must then fail: a test that still passed
would not be testing its rule. The hidden information is broken the same way: a view that shows
another hand, the deck's order or a hand's points, a draw sent with its card to every seat, no
privacy screen between the players; the property test that guards it (the generic suite's
redeal check, on relic, for what a view shows) must then fail.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
import test_kit_all_games as kit
from teeth_kit import Mutant, check_the_rule_test_fails, mutant_cases, static_problems

from dungeon_table.core.zones import Deck
from dungeon_table.games.relic import battle as arithmetic
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic import turn as turn_steps
from dungeon_table.games.relic import views
from dungeon_table.games.relic.cards import RelicCards
from dungeon_table.games.relic.rules import Relic
from dungeon_table.games.relic.state import Player

from . import test_properties as properties
from . import test_rules_battle as fights
from . import test_rules_search as search
from . import test_rules_skills as skills
from . import test_rules_turn as turn
from . import test_rules_variant as variant
from . import test_skill_privacy as privacy

HERE = Path(__file__).parent
MINE = sorted([*HERE.glob("test_rules_*.py"), HERE / "test_properties.py",
               HERE / "test_rule_index.py", HERE / "test_skill_privacy.py", Path(__file__)])


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name)
def test_no_assertion_is_trivially_true(path: Path) -> None:
    assert static_problems(path, ("refused",)) == []


# --- dynamic: break a rule, its test must fail ---------------------------------------------------
def _triangle_reversed(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(arithmetic, "BEATS", {"scissors": "rock", "paper": "scissors", "rock": "paper"})


def _patch_preview(mp: pytest.MonkeyPatch, change: Callable[..., None]) -> None:
    """Wrap the battle preview everywhere it is imported; ``change`` edits its outcome."""
    real = arithmetic.preview

    def preview(cards: RelicCards, enemy: str, committed: list[str], ts: str,
                wild: dict[str, str]) -> arithmetic.Preview:
        out = real(cards, enemy, committed, ts, wild)
        if committed and out.outcome != "banished":
            change(out, cards.card(enemy), ts)
        return out
    for where in ("battle", "flow_battle", "views"):
        mp.setattr(f"dungeon_table.games.relic.{where}.preview", preview)


def _ties_win_on_equal_bp(mp: pytest.MonkeyPatch) -> None:
    def change(out: arithmetic.Preview, foe: object, ts: str) -> None:
        if ts == foe.ts and out.bp == foe.bp and not out.shield:  # type: ignore[attr-defined]
            out.outcome = "won"
    _patch_preview(mp, change)


def _shield_ignored(mp: pytest.MonkeyPatch) -> None:
    def change(out: arithmetic.Preview, foe: object, ts: str) -> None:
        if out.shield:
            result = arithmetic.ts_result(ts, foe.ts, out.feint)  # type: ignore[attr-defined]
            more = out.bp > foe.bp  # type: ignore[attr-defined]
            out.outcome = "won" if result == 1 or (result == 0 and more) else "lost"
    _patch_preview(mp, change)


def _depth_by_thirds(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Player, "depth", property(lambda self: len(self.dungeon) // 3))


def _face_is_the_points(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(RelicCards, "treasure", lambda self, depth, face: (face, "t" if face else ""))


def _first_player_draws(mp: pytest.MonkeyPatch) -> None:
    def draw_step(game: Relic, seat: int) -> list:  # type: ignore[type-arg]
        game.state.phase = "play"
        return turn_steps.draw(game, seat, "draw")
    mp.setattr(turn_steps, "draw_step", draw_step)


def _any_hand_ends_the_turn(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Relic, "may_end_turn", lambda self, seat: True)


def _enemies_ignore_depth(mp: pytest.MonkeyPatch) -> None:
    def targets(self: Relic, seat: int, enemy: str) -> list[int]:
        return [p.seat for p in self.state.players if p.seat != seat
                and all(owner != seat for _, owner in p.enemies)]
    mp.setattr(Relic, "enemy_targets", targets)



def _enemies_on_your_own_field(mp: pytest.MonkeyPatch) -> None:
    real = Relic.enemy_targets

    def targets(self: Relic, seat: int, enemy: str) -> list[int]:
        return sorted({*real(self, seat, enemy), seat})
    mp.setattr(Relic, "enemy_targets", targets)


def _any_enemy_blocks_a_field(mp: pytest.MonkeyPatch) -> None:
    real = Relic.enemy_targets

    def targets(self: Relic, seat: int, enemy: str) -> list[int]:
        return [t for t in real(self, seat, enemy) if not self.player(t).enemies]
    mp.setattr(Relic, "enemy_targets", targets)


def _levels_against_the_setters_depth(mp: pytest.MonkeyPatch) -> None:
    def targets(self: Relic, seat: int, enemy: str) -> list[int]:
        level = self.cards.card(enemy).level
        return [p.seat for p in self.state.players if p.seat != seat
                and all(owner != seat for _, owner in p.enemies)
                and level <= self.player(seat).depth]
    mp.setattr(Relic, "enemy_targets", targets)


# --- setup: the first-player draw -----------------------------------------------------------------
def _first_draw_kept_out_of_the_deck(mp: pytest.MonkeyPatch) -> None:
    real = Relic._first_player_draw

    def first_player_draw(self: Relic, events: list) -> int:  # type: ignore[type-arg]
        seat = real(self, events)
        for cards in self.state.first_draw:  # set aside instead of going back into the deck
            for card in filter(None, cards):
                self.state.deck.remove(card)
                self.state.discard.append(card)
        return seat
    mp.setattr(Relic, "_first_player_draw", first_player_draw)


class Unshuffled(Deck):
    """A deck whose shuffles do nothing."""

    def shuffle(self, rng: object) -> None:
        pass


def _no_shuffle_after_the_first_draw(mp: pytest.MonkeyPatch) -> None:
    real = Relic._first_player_draw

    def first_player_draw(self: Relic, events: list) -> int:  # type: ignore[type-arg]
        seat = real(self, events)
        self.state.deck = Unshuffled(self.state.deck.cards)
        return seat
    mp.setattr(Relic, "_first_player_draw", first_player_draw)


# --- hidden information -------------------------------------------------------------------------
def _patch_view(mp: pytest.MonkeyPatch,
                change: Callable[[Relic, m.RelicView], m.RelicView]) -> None:
    real = views.build_view
    mp.setattr(views, "build_view", lambda game, seat: change(game, real(game, seat)))


def _every_seat_sees_the_active_hand(mp: pytest.MonkeyPatch) -> None:
    _patch_view(mp, lambda game, view: msgspec.structs.replace(
        view, hand=list(game.player(game.state.active).hand)))


def _the_discard_pile_shows_the_deck_top(mp: pytest.MonkeyPatch) -> None:
    _patch_view(mp, lambda game, view: msgspec.structs.replace(
        view, discard=[*view.discard, *game.state.deck.cards[-1:]]))


def _points_count_hidden_characters(mp: pytest.MonkeyPatch) -> None:
    real = views._player
    mp.setattr(views, "_player", lambda game, player, seat: real(game, player, player.seat))


def _a_draw_tells_everyone_its_card(mp: pytest.MonkeyPatch) -> None:
    real = turn_steps.draw

    def draw(game: Relic, seat: int, reason: str) -> list:  # type: ignore[type-arg]
        return [msgspec.structs.replace(e, to=None) if isinstance(e, m.Drew) else e
                for e in real(game, seat, reason)]
    mp.setattr(turn_steps, "draw", draw)


def _no_privacy_screen_between_turns(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Relic, "handoff_reason", lambda self, seat, viewer: None)


def _the_discard_pile_only_for_the_active_seat(mp: pytest.MonkeyPatch) -> None:
    _patch_view(mp, lambda game, view: view if view.seat == game.state.active else
                msgspec.structs.replace(view, discard=[]))


# --- more rules ---------------------------------------------------------------------------------
def _feint_beats_a_shield(mp: pytest.MonkeyPatch) -> None:
    def change(out: arithmetic.Preview, foe: object, ts: str) -> None:
        if out.feint and out.shield and out.bp > foe.bp:  # type: ignore[attr-defined]
            out.outcome = "won"
    _patch_preview(mp, change)


def _a_delve_at_depth_three_ends_the_game_at_once(mp: pytest.MonkeyPatch) -> None:
    real = turn_steps.search

    def search(game: Relic, seat: int, via: str) -> list:  # type: ignore[type-arg]
        events = real(game, seat, via)
        return events + turn_steps.end_game(game, "depth3") if game.state.depth3_searched else events
    mp.setattr(turn_steps, "search", search)


def _advance_ignores_the_enemy_on_the_field(mp: pytest.MonkeyPatch) -> None:
    for name in ("prompt_holds", "prompt_may_hold"):
        real = getattr(Relic, name)

        def holds(self: Relic, seat: int, prompt: object, real: Callable[..., bool] = real,
                  ) -> bool:
            if prompt.kind == "advance":  # type: ignore[attr-defined]
                return any(self.kind(c) == "dungeon" for c in self.player(seat).hand)
            return real(self, seat, prompt)
        mp.setattr(Relic, name, holds)


def _a_skill_with_nothing_in_hand_passes_at_once(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(Relic, "prompt_may_hold", Relic.prompt_holds)


def _a_redeal_deals_the_committed_characters_too(mp: pytest.MonkeyPatch) -> None:
    real = Relic.redeal

    def redeal(self: Relic, seat: int | None, rng: object) -> None:
        battle, self.state.battle = self.state.battle, None  # as if nothing were on the table
        real(self, seat, rng)  # type: ignore[arg-type]
        self.state.battle = battle
    mp.setattr(Relic, "redeal", redeal)


def _the_kit_redeal_on_relic() -> None:
    """The generic suite's hidden-information check, on relic: a seat's view is the same
    whatever the hands it cannot see and the deck's order."""
    kit.test_a_redeal_changes_only_what_the_seat_cannot_see("relic")


def _the_medic_case() -> None:
    privacy.test_the_other_seats_cannot_tell_a_skill_let_pass_from_one_with_nothing_to_act_on(
        "a medic's mend")


def _declining_the_search_skips_the_draw(mp: pytest.MonkeyPatch) -> None:
    def decline(game: Relic, seat: int, action: m.DeclineSearch) -> list:  # type: ignore[type-arg]
        game.state.phase = "play"
        return [m.SearchDeclined(seat=seat, depth=game.search_depth(seat))]
    mp.setitem(Relic.phases["search"].moves, m.DeclineSearch, decline)

MUTANTS: list[tuple[Callable[[pytest.MonkeyPatch], None], Callable[[], None]]] = [
    (_triangle_reversed, fights.test_paper_beats_rock_and_the_enemy_goes_to_the_score_pile),
    (_triangle_reversed, fights.test_rock_beats_scissors_even_with_less_bp),
    (_ties_win_on_equal_bp, fights.test_equal_bp_on_a_ts_tie_loses),
    (_shield_ignored, fights.test_shield_needs_a_ts_win_and_more_bp),
    (_depth_by_thirds, turn.test_depth_is_one_to_three_cards_then_two_then_three),
    (_face_is_the_points, search.test_a_depth_three_search_ends_the_game_at_the_end_of_that_turn),
    (_first_player_draws, turn.test_the_first_player_skips_the_draw_on_its_first_turn_only),
    (_any_hand_ends_the_turn, turn.test_the_turn_may_not_end_over_six_cards_while_any_can_be_discarded),
    (_enemies_ignore_depth,
     turn.test_an_enemy_goes_only_where_its_level_is_at_most_the_target_depth),
    (_enemies_on_your_own_field,
     variant.test_four_players_an_enemy_may_go_on_any_opponent_never_your_own),
    (_any_enemy_blocks_a_field,
     variant.test_four_players_an_enemy_may_go_on_any_opponent_never_your_own),
    (_levels_against_the_setters_depth,
     variant.test_four_players_each_target_field_checks_its_own_depth_and_your_enemy_there),
    (_first_draw_kept_out_of_the_deck,
     turn.test_the_first_player_draw_goes_back_into_the_deck),
    (_no_shuffle_after_the_first_draw,
     turn.test_the_deck_is_shuffled_again_after_the_first_player_draw),
    (_every_seat_sees_the_active_hand, _the_kit_redeal_on_relic),
    (_the_discard_pile_shows_the_deck_top, _the_kit_redeal_on_relic),
    (_points_count_hidden_characters, _the_kit_redeal_on_relic),
    (_a_draw_tells_everyone_its_card,
     properties.test_a_draw_reaches_other_seats_without_its_card),
    (_a_draw_tells_everyone_its_card,
     properties.test_an_event_names_to_other_seats_only_cards_on_the_table),
    (_a_redeal_deals_the_committed_characters_too,
     properties.test_a_redeal_leaves_a_committed_character_in_its_owners_hand),
    (_no_privacy_screen_between_turns,
     properties.test_every_change_of_seat_shows_the_privacy_screen),
    (_the_discard_pile_only_for_the_active_seat,
     properties.test_everything_on_the_table_is_public),
    (_feint_beats_a_shield,
     fights.test_feint_against_a_shield_loses_even_with_a_winning_ts_and_more_bp),
    (_a_delve_at_depth_three_ends_the_game_at_once,
     search.test_a_depth_three_delve_lets_the_turn_finish_then_ends_the_game),
    (_advance_ignores_the_enemy_on_the_field,
     skills.test_advance_passes_while_an_enemy_is_on_your_field),
    (_declining_the_search_skips_the_draw,
     search.test_a_search_may_be_declined_and_the_turn_goes_on_with_the_draw),
    (_a_skill_with_nothing_in_hand_passes_at_once, _the_medic_case),
    (_a_skill_with_nothing_in_hand_passes_at_once,
     privacy.test_a_mend_with_nothing_to_mend_waits_for_its_owner_to_let_it_pass),
]


@mutant_cases(MUTANTS)
def test_breaking_the_rule_fails_its_test(
    mutant: Mutant, rule_test: Callable[[], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_the_rule_test_fails(mutant, rule_test, monkeypatch)
