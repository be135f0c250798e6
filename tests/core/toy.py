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

from pathlib import Path
from typing import Any, ClassVar

import msgspec

from dungeon_table.core import registry
from dungeon_table.core.cards import load_cards
from dungeon_table.core.protocol import Action, Event, Game, Result, ScoreLine
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


class HighCard(Game):
    game_id = "toy"
    action_types = (Draw, Sort, Play)
    event_types = (CardDrawn, HandSorted, CardPlayed, RoundWon)

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
        self.deck = [c for c in deck if c not in forced] + list(reversed(forced))
        self.hands: list[list[int]] = [[], []]
        for _ in range(2):
            for seat in (0, 1):
                self.hands[seat].append(self.deck.pop())
        self.table: list[int | None] = [None, None]
        self.rounds_won = [0, 0]
        self.round = 1
        self.turn = 0
        self.drawn = False

    def to_act(self) -> list[int]:
        return [] if self.round > ROUNDS else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        actions: list[Action] = [Play(card=c) for c in self.hands[seat]]
        if not self.drawn and self.deck:
            actions.append(Draw())
        if self.hands[seat] != sorted(self.hands[seat]):
            actions.append(Sort())
        return actions

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Draw):
            self.drawn = True
            card = self.deck.pop()
            self.hands[seat].append(card)
            return [CardDrawn(seat=seat, card=card, to=(seat,))]
        if isinstance(action, Sort):
            self.hands[seat].sort()
            return [HandSorted(seat=seat)]
        assert isinstance(action, Play)
        self.hands[seat].remove(action.card)
        self.table[seat] = action.card
        events: list[Event] = [CardPlayed(seat=seat, card=action.card)]
        self.turn, self.drawn = 1 - seat, False
        if None not in self.table:
            events.append(self._score_round())
        return events

    def _score_round(self) -> RoundWon:
        a, b = self.table
        assert a is not None and b is not None
        winner = None if a == b else (0 if a > b else 1)
        if winner is not None:
            self.rounds_won[winner] += 1
        self.table = [None, None]
        self.round += 1
        return RoundWon(winner=winner)

    def why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Play):
            return f"card {action.card} is not in your hand"
        if isinstance(action, Draw):
            return "you have drawn this turn already"
        return "your hand is sorted already"

    def view(self, seat: int | None) -> ToyView:
        return ToyView(
            hand=None if seat is None else list(self.hands[seat]),
            hand_counts=[len(h) for h in self.hands],
            table=list(self.table),
            deck_count=len(self.deck),
            rounds_won=list(self.rounds_won),
            round=self.round,
        )

    def result(self) -> Result | None:
        if self.round <= ROUNDS:
            return None
        ranking = sorted((0, 1), key=lambda s: -self.rounds_won[s])
        top = max(self.rounds_won)
        winners = [s for s in (0, 1) if self.rounds_won[s] == top]
        return Result(
            ranking=ranking,
            winners=winners,
            outcome="result.won",
            breakdown=[[ScoreLine("score.total", n)] for n in self.rounds_won],
        )

    def state_dict(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "table": list(self.table),
            "rounds_won": list(self.rounds_won),
            "round": self.round,
            "turn": self.turn,
            "drawn": self.drawn,
        }


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


class SealedAuction(Game):
    """Each round: every seat bids 0..its coins at once (sealed); the highest bid (ties: the
    lowest seat) pays it and picks first; then each seat in turn takes a prize or passes.
    ``options``: ``rounds`` (how many), ``double`` (prizes count twice; implies ``bonus``),
    ``bonus`` (the highest bidder also gets 1 coin back). Score: prizes + coins."""

    game_id = "toy_bid"
    action_types = (PlaceBid, Take, PassTurn)
    event_types = (BidIn, BidsShown, PrizeTaken)
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
        self.coins = [self.START_COINS] * self.n
        self.bids: list[int | None] = [None] * self.n
        self.taken: list[list[int]] = [[] for _ in range(self.n)]
        self.round = 1
        self.phase = "bid"
        self.order: list[int] = []  # the pick order still to come
        self.history: list[list[int]] = [[] for _ in range(self.n)]
        self.prizes = self._deal()

    def _deal(self) -> list[int]:
        return sorted(self.rng.randint(1, 6) for _ in range(self.n))

    def to_act(self) -> list[int]:
        if self.phase == "bid":
            return [s for s in range(self.n) if self.bids[s] is None]
        return self.order[:1]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "bid":
            return [PlaceBid(amount=a) for a in range(self.coins[seat] + 1)]
        return [*(Take(prize=i) for i in range(len(self.prizes))), PassTurn()]

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        if seat == viewer:
            return None
        # a sealed bid (made or to be made) is on screen; the picks are all public
        return "handoff.reason.bid" if self.phase == "bid" else None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, PlaceBid):
            self.bids[seat] = action.amount
            events: list[Event] = [BidIn(seat=seat)]
            if None not in self.bids:
                events.append(self._reveal())
            return events
        if isinstance(action, Take):
            prize = self.prizes.pop(action.prize)
            self.taken[seat].append(prize)
            events = [PrizeTaken(seat=seat, prize=prize)]
        else:
            events = []
        self.order.pop(0)
        if not self.order or not self.prizes:
            self._end_round()
        return events

    def _reveal(self) -> BidsShown:
        bids = [b or 0 for b in self.bids]
        winner = max(range(self.n), key=lambda s: (bids[s], -s))
        self.coins[winner] -= bids[winner] - (1 if self.options.get("bonus") else 0)
        self.order = [(winner + i) % self.n for i in range(self.n)]
        self.phase = "pick"
        return BidsShown(bids=bids, winner=winner)

    def _end_round(self) -> None:
        for seat in range(self.n):
            self.history[seat].append(self._points(seat))
        self.round += 1
        self.phase = "bid" if self.round <= self.rounds else "over"
        self.bids = [None] * self.n
        self.order = []
        self.prizes = self._deal()

    def _points(self, seat: int) -> int:
        weight = 2 if self.options.get("double") else 1
        return weight * sum(self.taken[seat]) + self.coins[seat]

    def view(self, seat: int | None) -> AuctionView:
        return AuctionView(
            seat=seat, phase=self.phase, round=self.round, coins=list(self.coins),
            my_bid=self.bids[seat] if seat is not None and self.phase == "bid" else None,
            bids_in=[b is not None for b in self.bids], prizes=list(self.prizes),
            taken=[list(t) for t in self.taken], to_act=self.to_act(),
        )

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        points = [self._points(s) for s in range(self.n)]
        ranking = sorted(range(self.n), key=lambda s: (-points[s], s))
        top = max(points)
        weight = 2 if self.options.get("double") else 1
        breakdown = [
            [ScoreLine("score.prizes", weight * sum(self.taken[s]), count=len(self.taken[s])),
             ScoreLine("score.coins", self.coins[s], count=self.coins[s]),
             ScoreLine("score.total", points[s])]
            for s in range(self.n)
        ]
        return Result(ranking=ranking, winners=[s for s in range(self.n) if points[s] == top],
                      outcome="result.won", breakdown=breakdown,
                      history=[list(h) for h in self.history], history_key="chart.points")

    def state_dict(self) -> dict[str, Any]:
        return {"coins": list(self.coins), "bids": list(self.bids), "taken": self.taken,
                "round": self.round, "phase": self.phase, "order": list(self.order),
                "prizes": list(self.prizes)}


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
