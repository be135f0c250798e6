"""The policy of several seats at one screen (``core/seating.py``), without a window.

Played on the core tests' toys: "high card" (two seats, a hidden hand each: every change of seat
needs the privacy screen) and the sealed auction (every seat bids at once behind its own screen,
then the picks are public: no screen needed between two humans).
"""

from __future__ import annotations

from core.toy import SEALED_SPEC, SPEC, Draw, PassTurn, PlaceBid, Play
from dungeon_table.core.protocol import Event
from dungeon_table.core.seating import Next, Seating, turn_cut


def high_card(seed: int = 3):  # noqa: ANN201
    return SPEC.new_game(["human", "human"], seed)


def auction(n: int = 3, seed: int = 3):  # noqa: ANN201
    return SEALED_SPEC.new_game(["human"] * n, seed)


def test_bots_decide_first_then_the_human_at_the_screen_then_the_others_in_seat_order() -> None:
    game = auction(4)  # all four are to bid at once
    seating = Seating(humans=(0, 2, 3), bots=frozenset({1}))
    assert seating.next_decider(game, viewer=3) == 1
    game.apply(1, PlaceBid(amount=0))
    assert seating.next_decider(game, viewer=3) == 3
    assert seating.next_decider(game, viewer=None) == 0


def test_a_move_that_hands_a_hidden_hand_to_another_human_covers_the_screen() -> None:
    game = high_card()
    seating = Seating(humans=(0, 1), bots=frozenset())
    game.apply(0, Play(card=game.state.hands[0][0]))
    assert seating.cover_for_next(game, viewer=0) == (1, "handoff.reason.turn")
    assert seating.after_move(game, viewer=0) == Next("cover", 1, "handoff.reason.turn")


def test_two_humans_who_see_the_same_things_switch_without_a_cover() -> None:
    game = auction(2)
    seating = Seating(humans=(0, 1), bots=frozenset())
    game.apply(0, PlaceBid(amount=3))
    game.apply(1, PlaceBid(amount=0))  # seat 0 won: it picks first, then seat 1; all public
    game.apply(0, PassTurn())
    assert seating.cover_for_next(game, viewer=0) is None
    assert seating.after_move(game, viewer=0) == Next("switch", 1)


def test_with_one_human_the_screen_is_never_covered_and_bots_play_after_their_pause() -> None:
    game = high_card()
    seating = Seating(humans=(0,), bots=frozenset({1}))
    game.apply(0, Play(card=game.state.hands[0][0]))
    assert seating.cover_for_next(game, viewer=0) is None
    assert not seating.hide_for_bots(game, viewer=0)
    assert seating.after_move(game, viewer=0) == Next("bot", 1)


def test_the_only_human_is_shown_again_after_the_spectators_view() -> None:
    seating = Seating(humans=(0,), bots=frozenset({1}))
    assert seating.after_move(high_card(), viewer=None) == Next("turn", 0)


def test_the_last_humans_secrets_leave_the_screen_while_bots_play_before_the_next() -> None:
    """Humans 0 and 2 with a bot between them: seat 0's sealed bid must not stay on screen while
    the bot decides (the game says the bot's seat may not see it)."""
    game = auction(3)
    seating = Seating(humans=(0, 2), bots=frozenset({1}))
    game.apply(0, PlaceBid(amount=2))
    assert seating.next_decider(game, viewer=0) == 1
    assert seating.hide_for_bots(game, viewer=0)
    assert not seating.hide_for_bots(game, viewer=None), "the spectator hides nothing"


def test_a_human_still_deciding_keeps_the_screen_while_a_bot_bids() -> None:
    game = auction(2)
    seating = Seating(humans=(0,), bots=frozenset({1}))
    assert not seating.hide_for_bots(game, viewer=0), "seat 0 is still to bid"


def test_a_continued_game_opens_for_the_human_who_acted_last_if_still_deciding() -> None:
    game = auction(3)
    seating = Seating(humans=(0, 2), bots=frozenset({1}))
    game.apply(2, PlaceBid(amount=1))
    assert seating.first_viewer(game, movers=[2]) == 0, "seat 2 is done: the next to decide"
    game = high_card()
    game.apply(0, Draw())
    assert Seating((0, 1), frozenset()).first_viewer(game, movers=[0]) == 0
    assert Seating((0, 1), frozenset()).first_viewer(high_card(), movers=[]) == 0
    assert Seating((), frozenset({0, 1})).first_viewer(game, movers=[0]) is None


def test_nothing_follows_the_last_move_of_a_game() -> None:
    game = high_card()
    seating = Seating(humans=(0, 1), bots=frozenset())
    while game.result() is None:
        seat = game.to_act()[0]
        game.apply(seat, Play(card=game.state.hands[seat][0]))
    assert seating.after_move(game, viewer=0) == Next("wait")
    assert seating.cover_for_next(game, viewer=0) is None


class TurnStarted(Event, frozen=True, tag="turn_started"):
    seat: int


class Moved(Event, frozen=True, tag="moved"):
    pass


def test_the_next_turn_starts_at_the_first_turn_started_event() -> None:
    assert turn_cut([Moved(), Moved(), TurnStarted(seat=1), Moved()]) == 2
    assert turn_cut([Moved(), Moved()]) == 2
    assert turn_cut([]) == 0
