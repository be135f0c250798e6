"""The kit's flow and state (``core/phased.py``) and the phase-by-phase bot (``ai/phase_bot.py``),
on the toy games of ``tests/core/toy.py``. What every game must keep is in
``tests/test_kit_all_games.py``; these are the kit's own rules."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from core import toy
from dungeon_table.ai.phase_bot import PhaseBot
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.phased import OVER, Phase, PhasedGame
from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.zones import Deck


def test_a_phase_that_handles_another_games_action_is_an_error_at_import() -> None:
    class Alien(Action, frozen=True, tag="alien"):
        pass

    with pytest.raises(TypeError, match="handles Alien, which is not among its action_types"):
        class Broken(toy.HighCard):
            phases = {"turn": Phase(moves={**toy.HighCard.phases["turn"].moves,
                                           Alien: lambda g, s, a: []}), "over": OVER}


def test_an_action_no_phase_handles_is_an_error_at_import() -> None:
    moves = dict(toy.HighCard.phases["turn"].moves)
    del moves[toy.Sort]
    with pytest.raises(TypeError, match="no phase handles Sort"):
        class Broken(toy.HighCard):
            phases = {"turn": Phase(moves=moves), "over": OVER}


def test_a_check_for_an_action_the_phase_does_not_handle_is_an_error() -> None:
    moves = dict(toy.HighCard.phases["turn"].moves)
    with pytest.raises(TypeError, match="checks Draw but does not handle it"):
        class Broken(toy.HighCard):
            phases = {"turn": Phase(moves={k: v for k, v in moves.items() if k is not toy.Draw}),
                      "later": Phase(moves={toy.Draw: moves[toy.Draw]}),
                      "over": Phase(checks={toy.Draw: lambda g, s, a: "no"})}


def test_legal_actions_and_apply_follow_the_phase() -> None:
    game = toy.HighCard(["human", "human"], 3, stack={"deck": [9, 1, 8, 2]})
    assert game.phase == "turn" and game.current is toy.HighCard.phases["turn"]
    assert game.state.hands == [[9, 8], [1, 2]]
    assert game.legal_actions(1) == []
    assert set(game.legal_actions(0)) == {toy.Play(card=9), toy.Play(card=8), toy.Draw(),
                                          toy.Sort()}
    game.apply(0, toy.Play(card=9))
    game.apply(1, toy.Play(card=2))
    game.apply(0, toy.Play(card=8))
    game.apply(1, toy.Play(card=1))
    assert game.phase == "over" and game.legal_actions(0) == []
    assert game.state.rounds_won == [2, 0]


def test_a_refusal_says_what_the_phase_wants_or_the_rules_reason() -> None:
    game = toy.SealedAuction(["human", "human"], 1)
    with pytest.raises(IllegalAction, match="take is not possible now: bid, sealed"):
        game.apply(0, toy.Take(prize=0))
    high = toy.HighCard(["human", "human"], 3, stack={"deck": [9, 1, 8, 2]})
    with pytest.raises(IllegalAction, match="card 5 is not in your hand"):
        high.apply(0, toy.Play(card=5))


class Clock(Action, frozen=True, tag="clock"):
    pass


class Rang(Event, frozen=True, tag="rang"):
    pass


def _ring(game: Any, seat: int, action: Clock) -> list[Event]:
    game.state.phase = "over"
    return [Rang()]


def _only_in_turn(game: Any, seat: int, action: Clock) -> str | None:
    return None if game.state.round == 1 else "the clock rings in the first round only"


class Timed(toy.HighCard):
    """High card with a clock the table may ring: never listed, refused after the first round."""

    game_id = "toy_timed"
    action_types = (*toy.HighCard.action_types, Clock)
    event_types = (*toy.HighCard.event_types, Rang)
    unlisted = {Clock: (_only_in_turn, _ring)}


def test_an_unlisted_move_is_accepted_though_never_legal() -> None:
    game = Timed(["human", "human"], 3)
    assert Clock() not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="not to act"):
        game.apply(1, Clock())
    assert game.apply(0, Clock()) == [Rang()]
    assert game.result() is not None
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, Clock())


def test_an_unlisted_move_is_refused_with_its_checks_reason() -> None:
    game = Timed(["human", "human"], 3)
    game.state.round = 2
    before = game.state_dict()
    with pytest.raises(IllegalAction, match="first round only"):
        game.apply(0, Clock())
    assert game.state_dict() == before


def test_a_clone_shares_nothing_that_changes() -> None:
    game = toy.HighCard(["human", "human"], 3)
    twin = game.clone()
    twin.apply(0, twin.legal_actions(0)[0])
    assert twin.state_dict() != game.state_dict()
    assert twin.rng.getstate() == game.rng.getstate()
    assert twin.state.hands is not game.state.hands


def test_a_clone_rolls_its_own_dice() -> None:
    """The clone rolls what the original would roll next, and rolling it does not move the
    original's dice (a search's playouts on clones must leave the real game's future alone)."""
    game = toy.SealedAuction(["human", "human"], 5)
    twin = game.clone()
    rolled = [twin.rng.randint(1, 6) for _ in range(20)]
    assert [game.rng.randint(1, 6) for _ in range(20)] == rolled


def test_a_redeal_reshuffles_the_hidden_cards_and_reseeds_the_dice() -> None:
    game = toy.HighCard(["human", "human"], 3)
    twin = game.redeal_hidden(0, random.Random(1))
    assert twin.state.hands[0] == game.state.hands[0]
    assert sorted(twin.state.deck + twin.state.hands[1]) == sorted(
        game.state.deck + game.state.hands[1])
    assert twin.rng.getstate() != game.rng.getstate()
    assert twin.view(0) == game.view(0)


def test_a_stack_names_its_deck_and_card_when_it_cannot_be_stacked() -> None:
    game = toy.HighCard(["human", "human"], 3)
    deck = game.stack_onto(Deck(["a", "b"]), "missing")
    assert deck.cards == ["a", "b"]
    game.stack = {"deck": ["z"]}
    with pytest.raises(ValueError, match="stack deck: card 'z' is not in the deck"):
        game.stack_onto(Deck(["a", "b"]), "deck")


def test_a_state_copies_through_msgpack_as_itself() -> None:
    game = toy.SealedAuction(["human", "human", "human"], 4)
    twin = game.clone()
    assert msgspec.json.encode(twin.state) == msgspec.json.encode(game.state)
    assert type(twin.state) is type(game.state)


# --- the phase-by-phase bot ---------------------------------------------------------------
def _bid_nothing(bot: Any, view: Any, legal: list[Action]) -> Action:
    return toy.PlaceBid(amount=0)


def test_a_bot_chooses_by_the_views_phase() -> None:
    class Cheap(PhaseBot):
        game = toy.SealedAuction
        choosers = {"bid": _bid_nothing}
        use_fallback = frozenset({"pick"})

    game = toy.SealedAuction(["bot", "bot"], 2)
    assert Cheap().choose(game.view(0), game.legal_actions(0)) == toy.PlaceBid(amount=0)


def test_a_bot_table_must_cover_every_phase_and_only_the_games() -> None:
    with pytest.raises(TypeError, match="nothing decides the phase"):
        class Forgetful(PhaseBot):
            game = toy.SealedAuction
            choosers = {"bid": _bid_nothing}

    with pytest.raises(TypeError, match="no phase auction"):
        class Confused(PhaseBot):
            game = toy.SealedAuction
            choosers = {"bid": _bid_nothing, "pick": _bid_nothing, "auction": _bid_nothing}


def test_the_toys_are_kit_games() -> None:
    assert issubclass(toy.HighCard, PhasedGame) and issubclass(toy.SealedAuction, PhasedGame)
