"""The expert: a search bot for every game, over the ``Game`` protocol and its seat's knowledge.

Determinized playouts (flat Monte Carlo with UCB1 at the root, "perfect-information Monte
Carlo" sampled afresh each iteration)::

    bot = SearchBot(seed=7, rollout=DelverBot, budget=Budget(iterations=64))
    action = bot.decide(game, seat)

Each iteration deals a world the seat may be in (``SeatKnowledge.sample``: the game's
``redeal_hidden`` hook, the only way the bot touches the game), picks a root action by UCB1,
plays it, lets the rollout policy (the game's ``best`` bot, cheap and far stronger than random:
``docs/bots.md``) play on for at most ``depth`` actions, and scores the end: a win 1, a loss 0,
or, where the rollout stopped first, the share of the other seats the game's ``standing`` ranks
below this one. The action played most often is chosen. The budget is a time in the app and an
iteration count in tests, so a test's decision is the same on any machine.

Why not information-set MCTS: a tree over information sets needs a key per information set that
every game would have to provide, and with about a hundred playouts a second in the slowest
games a tree deeper than the root would hold one or two visits a node anyway.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dungeon_table.core.protocol import Action, Game

# The thinking time a decision in the app, by the setting's name (``ui/settings.py``).
THINKING_SECONDS = {"fast": 0.3, "normal": 1.0, "deep": 3.0}
DEFAULT_THINKING = "normal"
EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]
MAX_ARMS = 12  # root actions searched at most: the policy's choice and a sample of the rest
BotFactory = Callable[[int], Any]


@dataclass(frozen=True)
class Budget:
    """How long a decision may search: ``seconds`` of wall time (the app) or exactly
    ``iterations`` playouts (tests, benches that must replay): whichever is given; both: the
    first reached."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds or iterations")


def budget_for(thinking: str) -> Budget:
    """The app's budget for a thinking-time setting (``fast``, ``normal``, ``deep``)."""
    return Budget(seconds=THINKING_SECONDS.get(thinking, THINKING_SECONDS[DEFAULT_THINKING]))


class SeatKnowledge:
    """What one seat knows of a game, and nothing more: its view, its legal actions, and worlds
    it may be in (everything hidden from it dealt anew). The search holds this, never the game."""

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    def view(self) -> Any:
        return self._game.view(self.seat)

    def legal(self) -> list[Action]:
        return self._game.legal_actions(self.seat)

    def sample(self, rng: random.Random) -> Game:
        """A world consistent with the seat's view, its random source reseeded from ``rng``."""
        redeal = getattr(self._game, "redeal_hidden", None)
        if redeal is None:
            raise TypeError(f"{type(self._game).__name__} cannot deal its hidden parts anew "
                            "(redeal_hidden): no search bot for it")
        world: Game = redeal(self.seat, rng)
        return world


@dataclass
class Arm:
    """One root action and what its playouts scored."""

    action: Action
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchBot:
    """The ``expert`` level of every game. ``rollout`` makes the policy bots (seed -> bot);
    ``depth`` caps a playout (``None``: to the end); ``budget`` may be changed between decisions
    (the table sets the thinking time from the settings)."""

    name = "expert"

    def __init__(self, seed: int, rollout: BotFactory, depth: int | None = None,
                 budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.rollout = rollout
        self.depth = depth
        self.budget = budget or budget_for(DEFAULT_THINKING)
        self.fallback = rollout(seed)
        self.last_iterations = 0  # playouts of the last decision (benches report it)

    def choose(self, view: Any, legal: list[Action]) -> Action:
        """Without the game (a remote seat sees only its view) there is nothing to search: the
        rollout policy decides."""
        action: Action = self.fallback.choose(view, legal)
        return action

    def decide(self, game: Game, seat: int) -> Action:
        return self.search(SeatKnowledge(game, seat))

    def search(self, knows: SeatKnowledge) -> Action:
        legal = knows.legal()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        view = knows.view()
        seed = self.rng.getrandbits(63)
        rng = random.Random(seed)
        policy = self.rollout(rng.getrandbits(32))
        prior = policy.choose(view, legal)
        arms = [Arm(a) for a in self._candidates(legal, prior, rng)]
        playouts = _Playouts(self.rollout, rng, self.depth)
        deadline = (time.perf_counter() + self.budget.seconds
                    if self.budget.seconds is not None else None)
        done = 0
        while self.budget.iterations is None or done < self.budget.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            arm = _pick(arms, done)
            value = playouts.run(knows, arm.action, deadline)
            if value is None:  # out of time mid-playout: it counts for nothing
                break
            arm.visits += 1
            arm.total += value
            done += 1
        self.last_iterations = done
        # Most played, then best scored; the policy's own choice (listed first) wins a tie.
        best = max(arms, key=lambda a: (a.visits, a.mean))
        return best.action

    @staticmethod
    def _candidates(legal: list[Action], prior: Action, rng: random.Random) -> list[Action]:
        """The policy's choice first, then the other actions (a sample when there are many):
        a playout budget spread over fifty moves learns nothing about any of them."""
        rest = [a for a in legal if a != prior]
        if len(rest) >= MAX_ARMS:
            rest = rng.sample(rest, MAX_ARMS - 1)
        return [prior, *rest]


def _pick(arms: list[Arm], done: int) -> Arm:
    """UCB1: every arm once in order, then the best mean plus its doubt."""
    for arm in arms:
        if arm.visits == 0:
            return arm
    log_n = math.log(done)
    return max(arms, key=lambda a: a.mean + EXPLORE * math.sqrt(log_n / a.visits))


class _Playouts:
    """Playouts from sampled worlds, one policy bot a seat for the whole decision."""

    def __init__(self, rollout: BotFactory, rng: random.Random, depth: int | None) -> None:
        self.rollout = rollout
        self.rng = rng
        self.depth = depth
        self.bots: dict[int, Any] = {}

    def bot(self, seat: int) -> Any:
        if seat not in self.bots:
            self.bots[seat] = self.rollout(self.rng.getrandbits(32))
        return self.bots[seat]

    def run(self, knows: SeatKnowledge, first: Action, deadline: float | None) -> float | None:
        """The value for ``knows.seat`` of playing ``first`` in a fresh world; ``None`` if the
        deadline passed before the playout ended."""
        world = knows.sample(self.rng)
        world.apply(knows.seat, first)
        steps = 0
        while world.result() is None and (self.depth is None or steps < self.depth):
            to_act = world.to_act()
            if not to_act:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                return None
            seat = to_act[0]
            action = self.bot(seat).choose(world.view(seat), world.legal_actions(seat))
            # Chosen from the legal list just made: apply's own legality check would make it again.
            world._apply(seat, action)
            steps += 1
        return value_of(world, knows.seat)


def value_of(world: Game, seat: int) -> float:
    """A finished game: 1 for a win (shared or not), else 0. Unfinished: the share of the other
    seats ranked below ``seat`` by the game's ``standing`` (ties count half), 0.5 without one."""
    result = world.result()
    if result is not None:
        return 1.0 if seat in result.winners else 0.0
    standing = getattr(world, "standing", None)
    scores = standing() if standing is not None else None
    if not scores or len(scores) < 2:
        return 0.5 if not scores else min(1.0, max(0.0, float(scores[0])))
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    below = sum(1.0 if s < mine else 0.5 if s == mine else 0.0 for s in others)
    return below / len(others)


def expert(rollout: BotFactory, depth: int | None = None) -> BotFactory:
    """A game's ``expert`` entry for ``GameSpec.bots``: seed -> SearchBot over ``rollout``."""

    def make(seed: int) -> SearchBot:
        return SearchBot(seed, rollout, depth)

    make.__name__ = "expert"
    return make


def decide(bot: Any, game: Game, seat: int) -> Action:
    """The bot's action for ``seat``: a bot that searches (``decide(game, seat)``, which hands
    the search only the seat's knowledge) is given the game, any other its view and legal
    actions."""
    if callable(getattr(bot, "decide", None)):
        searched: Action = bot.decide(game, seat)
        return searched
    action: Action = bot.choose(game.view(seat), game.legal_actions(seat))
    return action
