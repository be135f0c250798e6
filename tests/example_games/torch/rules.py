"""Torch's rules (``rules.md``): the state, the actions and events, the phases, the view.

On your turn, venture into the next room (the deck's top card, turned face up for everyone) or
bank the gold you carry. A treasure adds to what you carry. A monster must be fought, burning
your torch by its danger (only while the torch is longer than that), or fled, dropping everything
you carry. Banking, or fleeing, ends your turn. The first to have banked the goal wins; when the
last room is passed, its delver banks what it carries and the most gold banked wins.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

import msgspec

from dungeon_table.core.phased import OVER, Phase, PhasedGame
from dungeon_table.core.protocol import Action, Event, Result, ScoreLine
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from example_games.torch.cards import TorchCards, default


# --- the notation ---------------------------------------------------------------------------------
class Venture(Action, frozen=True, tag="venture"):
    """Turn over the next room."""


class Bank(Action, frozen=True, tag="bank"):
    """Bank the gold you carry; your turn ends."""


class Fight(Action, frozen=True, tag="fight"):
    """Fight the monster faced: the torch burns down by its danger."""


class Flee(Action, frozen=True, tag="flee"):
    """Flee the monster faced, dropping the gold carried; your turn ends."""


class TurnStarted(Event, frozen=True, tag="turn_started"):
    seat: int
    turn: int


class RoomRevealed(Event, frozen=True, tag="room_revealed"):
    REVEALS: ClassVar[bool] = True
    seat: int
    card: str
    kind: str  # treasure | monster
    value: int


class Banked(Event, frozen=True, tag="banked"):
    seat: int
    gold: int
    total: int


class Fought(Event, frozen=True, tag="fought"):
    seat: int
    card: str
    torch: int  # what is left of it


class Fled(Event, frozen=True, tag="fled"):
    seat: int
    lost: int


class GameEnded(Event, frozen=True, tag="game_ended"):
    winners: list[int]
    reason: str  # goal | empty


class TorchView(msgspec.Struct, frozen=True):
    seat: int | None
    phase: str
    active: int
    turn: int
    to_act: list[int]
    banked: list[int]
    haul: int  # the gold the active delver carries
    torch: int  # what is left of its torch
    revealed: list[str]  # this turn's rooms, face up
    monster: str | None  # the monster faced, to fight or flee
    deck_count: int
    discard_count: int
    goal: int
    winners: list[int]


class TorchState(msgspec.Struct):
    """Everything that changes in a game of Torch: one value (``PhasedGame.state``)."""

    deck: Deck
    torch: int
    banked: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    haul: int = 0
    revealed: list[str] = []
    monster: str | None = None
    discard: list[str] = []
    active: int = 0
    turn: int = 1
    phase: str = "turn"
    winners: list[int] = []


# --- the turn ----------------------------------------------------------------------------------
def legal_turn(game: Torch, seat: int) -> list[Action]:
    state = game.state
    return [*([Venture()] if state.deck else []), *([Bank()] if state.haul else [])]


def legal_monster(game: Torch, seat: int) -> list[Action]:
    state = game.state
    danger = game.cards.room(state.monster or "").value
    return [*([Fight()] if state.torch > danger else []), Flee()]


def venture(game: Torch, seat: int, action: Venture) -> list[Event]:
    state = game.state
    room = game.cards.room(state.deck.draw())
    state.revealed.append(room.id)
    events: list[Event] = [RoomRevealed(seat=seat, card=room.id, kind=room.kind,
                                        value=room.value)]
    if room.kind == "monster":
        state.monster, state.phase = room.id, "monster"
        return events
    state.haul += room.value
    return events + last_room(game, seat)


def fight(game: Torch, seat: int, action: Fight) -> list[Event]:
    state = game.state
    card = state.monster or ""
    state.torch -= game.cards.room(card).value
    state.monster, state.phase = None, "turn"
    return [Fought(seat=seat, card=card, torch=state.torch), *last_room(game, seat)]


def flee(game: Torch, seat: int, action: Flee) -> list[Event]:
    state = game.state
    events: list[Event] = [Fled(seat=seat, lost=state.haul)]
    state.haul, state.monster, state.phase = 0, None, "turn"
    return events + end_turn(game, seat)


def last_room(game: Torch, seat: int) -> list[Event]:
    """Past the last room its delver banks what it carries, and the game ends."""
    return [] if game.state.deck else bank(game, seat, Bank())


def bank(game: Torch, seat: int, action: Bank) -> list[Event]:
    state = game.state
    events: list[Event] = []
    if state.haul:
        state.banked[seat] += state.haul
        events.append(Banked(seat=seat, gold=state.haul, total=state.banked[seat]))
        state.haul = 0
    return events + end_turn(game, seat)


def end_turn(game: Torch, seat: int) -> list[Event]:
    state = game.state
    state.discard += state.revealed
    state.revealed = []
    if state.banked[seat] >= game.cards.goal or not state.deck:
        top = max(state.banked)
        state.winners = [s for s in (0, 1) if state.banked[s] == top]
        state.phase = "over"
        return [GameEnded(winners=list(state.winners),
                          reason="goal" if state.banked[seat] >= game.cards.goal else "empty")]
    state.active, state.turn, state.torch = 1 - seat, state.turn + 1, game.cards.torch
    return [TurnStarted(seat=state.active, turn=state.turn)]


def nothing_to_bank(game: Torch, seat: int, action: Bank) -> str:
    return "you carry no gold to bank"


def torch_too_short(game: Torch, seat: int, action: Fight) -> str:
    return "your torch is too short to fight it: flee"


class Torch(PhasedGame[TorchState]):
    game_id = "torch"
    action_types = (Venture, Bank, Fight, Flee)
    event_types = (TurnStarted, RoomRevealed, Fought, Banked, Fled, GameEnded)
    stack_decks = ("deck",)
    state_type = TorchState
    phases = {
        "turn": Phase(legal_turn, {Venture: venture, Bank: bank},
                      hint="venture into the next room or bank your gold",
                      checks={Bank: nothing_to_bank}),
        "monster": Phase(legal_monster, {Fight: fight, Flee: flee},
                         hint="fight the monster or flee", checks={Fight: torch_too_short}),
        "over": OVER,
    }

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards: TorchCards = default()
        self.rng = Rng(seed)
        deck = Deck([room.id for room in self.cards.rooms])
        deck.shuffle(self.rng)
        self.state = TorchState(deck=self.stack_onto(deck, "deck"), torch=self.cards.torch)

    def to_act(self) -> list[int]:
        return [] if self.state.phase == "over" else [self.state.active]

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        return None  # every card on the table is face up; the deck is hidden from both alike

    def view(self, seat: int | None) -> TorchView:
        state = self.state
        return TorchView(seat=seat, phase=state.phase, active=state.active, turn=state.turn,
                         to_act=self.to_act(), banked=list(state.banked), haul=state.haul,
                         torch=state.torch, revealed=list(state.revealed),
                         monster=state.monster, deck_count=len(state.deck), discard_count=len(state.discard),
                         goal=self.cards.goal, winners=list(state.winners))

    def result(self) -> Result | None:
        state = self.state
        if state.phase != "over":
            return None
        ranking = sorted((0, 1), key=lambda s: (-state.banked[s], s))
        return Result(ranking=ranking, winners=list(state.winners), outcome="result.won",
                      breakdown=[[ScoreLine("score.total", gold)] for gold in state.banked])

    # --- the kit's hooks for the generic suites ---------------------------------------------
    def conserved(self) -> Counter[str]:
        state = self.state
        return Counter([*state.deck, *state.revealed, *state.discard])

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """The deck is hidden from everyone alike: shuffled anew (sorted first, so the deal
        depends on which cards are hidden, not on their order: a search cannot peek)."""
        self.state.deck.cards.sort()
        rng.shuffle(self.state.deck.cards)
