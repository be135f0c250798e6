"""A tiny two-seat game to test the core without any real game: "high card".

Setup: the cards 1..9 are shuffled into a deck (top = end of the list; ``stack={"deck": [...]}``
puts the listed cards on top, first listed first drawn) and each seat gets 2 hidden cards.
On its turn a seat may ``draw`` once (the card is revealed to that seat only: an undo barrier),
may ``sort`` its hand (changes nothing hidden), and ends its turn with ``play {card}``.
When both have played, the higher card takes the round. After ``ROUNDS`` rounds the seat with
more rounds wins.

``SealedAuction`` (``toy_bid``, 2-4 seats) is the shell's model of a game with simultaneous
decisions: every round all seats bid at once behind their own screens (``bid``: sealed, the
privacy screen comes between humans), then, from the highest bidder on, each seat in turn takes one
of the face-up prizes or passes (``take``/``pass``: public, no screen). See its docstring.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from dungeon_table.core import registry
from dungeon_table.core.cards import load_cards
from dungeon_table.core.phased import OVER, Phase, PhasedGame
from dungeon_table.core.protocol import Action, Event, Result, ScoreLine
from dungeon_table.core.rng import Rng

ROUNDS = 2


class Draw(Action, frozen=True, tag="draw"):
    pass


class Sort(Action, frozen=True, tag="sort"):
    pass


class Play(Action, frozen=True, tag="play"):
    card: int


class CardDrawn(Event, frozen=True, tag="card_drawn"):
    REVEALS: ClassVar[bool] = True
    seat: int
    card: int


class HandSorted(Event, frozen=True, tag="hand_sorted"):
    seat: int


class CardPlayed(Event, frozen=True, tag="card_played"):
    seat: int
    card: int


class RoundWon(Event, frozen=True, tag="round_won"):
    winner: int | None


class ToyView(msgspec.Struct, frozen=True):
    hand: list[int] | None
    hand_counts: list[int]
    table: list[int | None]
    deck_count: int
    rounds_won: list[int]
    round: int


class HighCardState(msgspec.Struct):
    """Everything that changes in a game of high card: one value (``PhasedGame.state``)."""

    deck: list[int]
    hands: list[list[int]]
    table: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    rounds_won: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    played: list[int] = []  # the cards of the rounds already scored
    round: int = 1
    turn: int = 0
    drawn: bool = False
    phase: str = "turn"


def _legal_turn(game: HighCard, seat: int) -> list[Action]:
    state = game.state
    actions: list[Action] = [Play(card=c) for c in state.hands[seat]]
    if not state.drawn and state.deck:
        actions.append(Draw())
    if state.hands[seat] != sorted(state.hands[seat]):
        actions.append(Sort())
    return actions


def _draw(game: HighCard, seat: int, action: Draw) -> list[Event]:
    state = game.state
    state.drawn = True
    card = state.deck.pop()
    state.hands[seat].append(card)
    return [CardDrawn(seat=seat, card=card, to=(seat,))]


def _sort(game: HighCard, seat: int, action: Sort) -> list[Event]:
    game.state.hands[seat].sort()
    return [HandSorted(seat=seat)]


def _play(game: HighCard, seat: int, action: Play) -> list[Event]:
    state = game.state
    state.hands[seat].remove(action.card)
    state.table[seat] = action.card
    events: list[Event] = [CardPlayed(seat=seat, card=action.card)]
    state.turn, state.drawn = 1 - seat, False
    if None not in state.table:
        events.append(_score_round(state))
    return events


def _score_round(state: HighCardState) -> RoundWon:
    a, b = state.table
    assert a is not None and b is not None
    winner = None if a == b else (0 if a > b else 1)
    if winner is not None:
        state.rounds_won[winner] += 1
    state.played += [a, b]
    state.table = [None, None]
    state.round += 1
    if state.round > ROUNDS:
        state.phase = "over"
    return RoundWon(winner=winner)


def _not_in_hand(game: HighCard, seat: int, action: Play) -> str:
    return f"card {action.card} is not in your hand"


def _drawn_already(game: HighCard, seat: int, action: Draw) -> str:
    return "you have drawn this turn already"


def _sorted_already(game: HighCard, seat: int, action: Sort) -> str:
    return "your hand is sorted already"


class HighCard(PhasedGame[HighCardState]):
    game_id = "toy"
    action_types = (Draw, Sort, Play)
    event_types = (CardDrawn, HandSorted, CardPlayed, RoundWon)
    state_type = HighCardState
    phases = {
        "turn": Phase(_legal_turn, {Draw: _draw, Sort: _sort, Play: _play},
                      hint="draw once, sort, or play a card",
                      checks={Play: _not_in_hand, Draw: _drawn_already, Sort: _sorted_already}),
        "over": OVER,
    }

    def __init__(
        self,
        seats: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        stack: dict[str, list[Any]] | None = None,
    ) -> None:
        super().__init__(seats, seed, options, stack)
        unknown = set(self.stack) - {"deck"}
        if unknown:
            raise ValueError(f"toy has no deck named {sorted(unknown)}")
        self.rng = Rng(seed)
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        forced = [int(c) for c in self.stack.get("deck", [])]
        deck = [c for c in deck if c not in forced] + list(reversed(forced))
        hands: list[list[int]] = [[], []]
        for _ in range(2):
            for seat in (0, 1):
                hands[seat].append(deck.pop())
        self.state = HighCardState(deck=deck, hands=hands)

    def to_act(self) -> list[int]:
        return [] if self.state.phase == "over" else [self.state.turn]

    def conserved(self) -> Counter[str]:
        state = self.state
        cards = [*state.deck, *(c for h in state.hands for c in h), *state.played,
                 *(c for c in state.table if c is not None)]
        return Counter(str(c) for c in cards)

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """The deck and every hand but ``seat``'s are hidden from it: shuffle them together."""
        state = self.state
        others = [s for s in (0, 1) if s != seat]
        pool = [*state.deck, *(c for s in others for c in state.hands[s])]
        rng.shuffle(pool)
        for s in others:
            count = len(state.hands[s])
            state.hands[s], pool = pool[:count], pool[count:]
        state.deck = pool

    def view(self, seat: int | None) -> ToyView:
        state = self.state
        return ToyView(
            hand=None if seat is None else list(state.hands[seat]),
            hand_counts=[len(h) for h in state.hands],
            table=list(state.table),
            deck_count=len(state.deck),
            rounds_won=list(state.rounds_won),
            round=state.round,
        )

    def result(self) -> Result | None:
        state = self.state
        if state.phase != "over":
            return None
        ranking = sorted((0, 1), key=lambda s: -state.rounds_won[s])
        top = max(state.rounds_won)
        winners = [s for s in (0, 1) if state.rounds_won[s] == top]
        return Result(
            ranking=ranking,
            winners=winners,
            outcome="result.won",
            breakdown=[[ScoreLine("score.total", n)] for n in state.rounds_won],
        )


class Monster(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    power: int


class ToyCards(msgspec.Struct, forbid_unknown_fields=True):
    """A small card schema (the toy itself deals plain numbers; this is for `cards check`)."""

    monsters: list[Monster]
    boss: str


def boss_is_known(cards: ToyCards) -> list[tuple[str, str]]:
    ids = {m.id for m in cards.monsters}
    return [] if cards.boss in ids else [("$.boss", f"unknown card id {cards.boss!r}")]


def load_toy_cards(path: Path) -> ToyCards:
    return load_cards(path, ToyCards, boss_is_known)


SPEC = registry.GameSpec(
    game_id="toy",
    name_key="game.toy",
    min_players=2,
    max_players=2,
    game_class=HighCard,
    bots={},
    best="random",
    view_module="",
    card_files=("toy.yaml",),
    card_loader=load_toy_cards,
)


def register() -> None:
    registry.register(SPEC)


def unregister() -> None:
    registry._REGISTRY.pop("toy", None)


# --- a game with sealed, simultaneous bids -------------------------------------------------------


class PlaceBid(Action, frozen=True, tag="bid"):
    amount: int


class Take(Action, frozen=True, tag="take"):
    prize: int


class PassTurn(Action, frozen=True, tag="pass"):
    pass


class BidIn(Event, frozen=True, tag="bid_in"):
    seat: int


class BidsShown(Event, frozen=True, tag="bids_shown"):
    REVEALS: ClassVar[bool] = True
    bids: list[int]
    winner: int


class PrizeTaken(Event, frozen=True, tag="prize_taken"):
    seat: int
    prize: int


class AuctionView(msgspec.Struct, frozen=True):
    seat: int | None
    phase: str
    round: int
    coins: list[int]
    my_bid: int | None  # this seat's own sealed bid, once placed
    bids_in: list[bool]
    prizes: list[int]  # face up, public
    taken: list[list[int]]
    to_act: list[int]


class AuctionState(msgspec.Struct):
    coins: list[int]
    bids: list[int | None]
    taken: list[list[int]]
    prizes: list[int]
    history: list[list[int]]
    round: int = 1
    phase: str = "bid"
    order: list[int] = []  # the pick order still to come


def _legal_bid(game: SealedAuction, seat: int) -> list[Action]:
    return [PlaceBid(amount=a) for a in range(game.state.coins[seat] + 1)]


def _legal_pick(game: SealedAuction, seat: int) -> list[Action]:
    return [*(Take(prize=i) for i in range(len(game.state.prizes))), PassTurn()]


def _bid(game: SealedAuction, seat: int, action: PlaceBid) -> list[Event]:
    game.state.bids[seat] = action.amount
    events: list[Event] = [BidIn(seat=seat)]
    if None not in game.state.bids:
        events.append(_reveal(game))
    return events


def _take(game: SealedAuction, seat: int, action: Take) -> list[Event]:
    prize = game.state.prizes.pop(action.prize)
    game.state.taken[seat].append(prize)
    return [PrizeTaken(seat=seat, prize=prize), *_next_pick(game)]


def _pass(game: SealedAuction, seat: int, action: PassTurn) -> list[Event]:
    return _next_pick(game)


def _next_pick(game: SealedAuction) -> list[Event]:
    state = game.state
    state.order.pop(0)
    if not state.order or not state.prizes:
        _end_round(game)
    return []


def _reveal(game: SealedAuction) -> BidsShown:
    state, n = game.state, game.n
    bids = [b or 0 for b in state.bids]
    winner = max(range(n), key=lambda s: (bids[s], -s))
    state.coins[winner] -= bids[winner] - (1 if game.options.get("bonus") else 0)
    state.order = [(winner + i) % n for i in range(n)]
    state.phase = "pick"
    return BidsShown(bids=bids, winner=winner)


def _end_round(game: SealedAuction) -> None:
    state = game.state
    for seat in range(game.n):
        state.history[seat].append(game.points(seat))
    state.round += 1
    state.phase = "bid" if state.round <= game.rounds else "over"
    state.bids = [None] * game.n
    state.order = []
    state.prizes = game.deal()


class SealedAuction(PhasedGame[AuctionState]):
    """Each round: every seat bids 0..its coins at once (sealed); the highest bid (ties: the
    lowest seat) pays it and picks first; then each seat in turn takes a prize or passes.
    ``options``: ``rounds`` (how many), ``double`` (prizes count twice; implies ``bonus``),
    ``bonus`` (the highest bidder also gets 1 coin back). Score: prizes + coins."""

    game_id = "toy_bid"
    action_types = (PlaceBid, Take, PassTurn)
    event_types = (BidIn, BidsShown, PrizeTaken)
    state_type = AuctionState
    phases = {
        "bid": Phase(_legal_bid, {PlaceBid: _bid}, hint="bid, sealed"),
        "pick": Phase(_legal_pick, {Take: _take, PassTurn: _pass},
                      hint="take a prize or pass"),
        "over": OVER,
    }
    START_COINS = 3

    def __init__(
        self,
        seats: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        stack: dict[str, list[Any]] | None = None,
    ) -> None:
        super().__init__(seats, seed, options, stack)
        self.n = len(seats)
        self.rng = Rng(seed)
        self.rounds = int(self.options.get("rounds", 2))
        self.state = AuctionState(
            coins=[self.START_COINS] * self.n, bids=[None] * self.n,
            taken=[[] for _ in range(self.n)], prizes=[],
            history=[[] for _ in range(self.n)])
        self.state.prizes = self.deal()

    def deal(self) -> list[int]:
        return sorted(self.rng.randint(1, 6) for _ in range(self.n))

    def to_act(self) -> list[int]:
        state = self.state
        if state.phase == "bid":
            return [s for s in range(self.n) if state.bids[s] is None]
        return state.order[:1]

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        if seat == viewer:
            return None
        # a sealed bid (made or to be made) is on screen; the picks are all public
        return "handoff.reason.bid" if self.state.phase == "bid" else None

    def conserved(self) -> Counter[str]:
        return Counter()  # prizes are dealt anew each round, coins are spent: nothing is kept

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """Other seats' sealed bids are hidden until all are in: made afresh."""
        state = self.state
        for other in range(self.n):
            if other != seat and state.bids[other] is not None:
                state.bids[other] = rng.randint(0, state.coins[other])

    def points(self, seat: int) -> int:
        weight = 2 if self.options.get("double") else 1
        return weight * sum(self.state.taken[seat]) + self.state.coins[seat]

    def view(self, seat: int | None) -> AuctionView:
        state = self.state
        return AuctionView(
            seat=seat, phase=state.phase, round=state.round, coins=list(state.coins),
            my_bid=state.bids[seat] if seat is not None and state.phase == "bid" else None,
            bids_in=[b is not None for b in state.bids], prizes=list(state.prizes),
            taken=[list(t) for t in state.taken], to_act=self.to_act(),
        )

    def result(self) -> Result | None:
        state = self.state
        if state.phase != "over":
            return None
        points = [self.points(s) for s in range(self.n)]
        ranking = sorted(range(self.n), key=lambda s: (-points[s], s))
        top = max(points)
        weight = 2 if self.options.get("double") else 1
        breakdown = [
            [ScoreLine("score.prizes", weight * sum(state.taken[s]), count=len(state.taken[s])),
             ScoreLine("score.coins", state.coins[s], count=state.coins[s]),
             ScoreLine("score.total", points[s])]
            for s in range(self.n)
        ]
        return Result(ranking=ranking, winners=[s for s in range(self.n) if points[s] == top],
                      outcome="result.won", breakdown=breakdown,
                      history=[list(h) for h in state.history], history_key="chart.points")


SEALED_SPEC = registry.GameSpec(
    game_id="toy_bid",
    name_key="game.toy_bid",
    min_players=2,
    max_players=4,
    game_class=SealedAuction,
    bots={},
    best="random",
    view_module="",
    option_specs={"rounds": registry.Option(2, choices=(1, 2, 3)),
                  "double": registry.Option(False), "bonus": registry.Option(False)},
)
