"""The expert: a search bot for every game, over the ``Game`` protocol and its seat's knowledge.

Determinized playouts, compared in pairs ("perfect-information Monte Carlo" at the root, every
world sampled from what the seat knows)::

    bot = SearchBot(seed=7, rollout=DelverBot, budget=Budget(iterations=64))
    action = bot.decide(game, seat)

The candidates are the guide's choice (the game's ``best`` bot) and a sample of the other
legal actions.
Each round deals one world the seat may be in (``SeatKnowledge.sample``: the game's
``redeal_hidden`` hook, the only way the bot touches the game) and plays every candidate in it,
the dice and the rollout bots seeded alike, so the candidates meet the same luck; the rollout
bots (the ``best`` bot, or random bots where those tell as much for a tenth of the cost) play
on for at most ``depth`` actions, and the end is scored
(``value_of``: a win, else where the game's ``standing`` puts the seat). The guide's choice
stands unless another candidate beat it on the same luck by more than twice the noise of the
difference: with little time the expert plays as ``best`` does and leaves it only on evidence. A
candidate that keeps scoring the guide's scores (the same move) or clearly loses plays no more
rounds, so the rest go to the moves in question. The budget is a time in the app and a playout count in
tests, so a test's decision is the same on any machine. Why this and not information-set MCTS:
``docs/bots.md``.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from dungeon_table.ai.random_bot import picks_by_position
from dungeon_table.core.protocol import Action, Game

# The thinking time a decision in the app, by the setting's name (``ui/settings.py``).
THINKING_SECONDS = {"fast": 0.3, "normal": 1.0, "deep": 3.0}
DEFAULT_THINKING = "normal"
MAX_ARMS = 5  # root actions compared at most: the policy's choice and a sample of the rest
MIN_ROUNDS = 3  # rounds before another action may replace the policy's choice
SURE = 2.0  # standard errors of the paired difference it must win by
# Rounds after which a candidate that scored exactly as the guide's choice in every one is
# dropped: it is the same move (the same cards in another order) and its playouts are better
# spent on the others. Most of Last Dungeon's decisions and a third of relic's are such.
SAME_ROUNDS = 4
DROP_SURE = 2.5  # standard errors by which a candidate that lost to the guide's choice is dropped
TIME_USED = 0.92  # of a time budget searched: the rest covers the step under way at the end
BotFactory = Callable[[int], Any]
# A game's value of a playout's end for the seat, in [0, 1]: cut short (``GameSpec`` expert's
# ``leaf``) or finished (its ``final``).
LeafValue = Callable[[Game, int], float]
# A game's key of an action under which two actions are the same move (two copies of a card).
MoveKey = Callable[[Action], Hashable]
# A game's root candidates (view, legal, the guide's choice, rng) -> the actions to compare, the
# guide's choice first; the guide's choice alone: not searched; None: the search's own sample
# (``GameSpec`` expert's ``candidates``).
Candidates = Callable[[Any, list[Action], Action, random.Random], list[Action] | None]


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
    """One root action and what its playouts scored, round by round."""

    action: Action
    values: list[float] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(self.values)

    def edge_over(self, prior: Arm) -> float | None:
        """How much better than ``prior`` this action scored on the same luck, counted only
        when the paired difference is clear of its noise (``SURE`` standard errors), else None:
        a move that beat the policy's choice in two rounds of four was usually lucky, and a
        search that follows luck plays worse than its policy."""
        diffs = self._diffs(prior)
        if len(diffs) < MIN_ROUNDS:
            return None
        mean, noise = _paired(diffs)
        return mean if mean > 0 and mean > SURE * noise else None

    def settled(self, prior: Arm) -> bool:
        """Whether this candidate need play no more rounds: it scored exactly as the guide's
        choice in every one of ``SAME_ROUNDS`` or more (the same move), or lost to it by more
        than ``DROP_SURE`` standard errors (it will not beat it)."""
        diffs = self._diffs(prior)
        if len(diffs) >= SAME_ROUNDS and not any(diffs):
            return True
        if len(diffs) < MIN_ROUNDS:
            return False
        mean, noise = _paired(diffs)
        return mean < 0 and -mean > DROP_SURE * noise

    def _diffs(self, prior: Arm) -> list[float]:
        """This candidate's values less the guide's, over the rounds it played (the first ones:
        a candidate once dropped plays no more)."""
        return [mine - theirs for mine, theirs in zip(self.values, prior.values, strict=False)]


def _paired(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    return statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))


class SearchBot:
    """The ``expert`` level of every game. ``rollout`` makes the bots that play the playouts on
    (seed -> bot); ``guide`` the bot whose choice stands unless the search finds better (the
    rollout bot if not given; it also decides when there is no game to search); ``depth`` caps
    a playout (``None``: to the end); ``arms`` is how many root actions are compared;
    ``budget`` may be changed between decisions (the table sets the thinking time from the
    settings); ``leaf`` scores a playout cut short at ``depth`` (the game's own judgement of the
    position; ``None``: the standing share); ``final`` a finished one (``None``: a win 0.9 plus
    0.1 times the standing share, ``value_of``); ``alike`` keys an action by what it does, and
    of the legal actions with one key only the first is a candidate (``None``: every action its
    own); ``candidates`` names the root actions to compare (the game's own list, the guide's choice
    first; ``None``: a sample of the legal ones, ``alike`` applied)."""

    name = "expert"

    def __init__(self, seed: int, rollout: BotFactory, depth: int | None = None,
                 budget: Budget | None = None, arms: int = MAX_ARMS,
                 guide: BotFactory | None = None, leaf: LeafValue | None = None,
                 final: LeafValue | None = None, alike: MoveKey | None = None,
                 candidates: Candidates | None = None) -> None:
        self.leaf = leaf
        self.final = final
        self.alike = alike
        self.candidates = candidates
        self.rng = random.Random(seed)
        self.rollout = rollout
        self.guide = guide or rollout
        self.depth = depth
        self.arms = arms
        self.budget = budget or budget_for(DEFAULT_THINKING)
        self.fallback = self.guide(seed)
        self.last_iterations = 0  # playouts of the last decision (benches report it)
        self.last_totals: list[tuple[Action, float]] = []  # each candidate's total, last decision
        self.last_overruled = False  # the last decision left the guide's choice

    def choose(self, view: Any, legal: list[Action]) -> Action:
        """Without the game (a remote seat sees only its view) there is nothing to search: the
        guide decides."""
        action: Action = self.fallback.choose(view, legal)
        return action

    def decide(self, game: Game, seat: int) -> Action:
        return self.search(SeatKnowledge(game, seat))

    def search(self, knows: SeatKnowledge) -> Action:
        """Rounds of paired playouts: each round deals one world and plays every candidate in
        it with the same dice and the same rollout seeds, so two actions are compared on the
        same luck. The policy's own choice (first) stands unless another beat it clearly
        (``Arm.edge_over``), so a search too short to tell plays it. A candidate settled
        (``Arm.settled``: the same move, or a clear loser) plays no more rounds, and the search
        ends when none is left to question the guide's choice."""
        began = time.perf_counter()
        legal = knows.legal()
        if len(legal) == 1:
            self.last_iterations, self.last_totals, self.last_overruled = 0, [], False
            return legal[0]
        rng = random.Random(self.rng.getrandbits(63))
        view = knows.view()
        prior = self.guide(rng.getrandbits(32)).choose(view, legal)
        chosen = self.candidates(view, legal, prior, rng) if self.candidates else None
        arms = [Arm(a) for a in (chosen if chosen is not None
                                 else self._candidates(legal, prior, rng))]
        # From the decision's start, with a margin for the step a playout is in when time is up.
        deadline = (began + self.budget.seconds * TIME_USED
                    if self.budget.seconds is not None else None)
        limit = self.budget.iterations
        done = 0
        live = arms  # the guide's choice first, and the candidates still in question
        while len(live) > 1 and (limit is None or done + len(live) <= limit):
            luck = rng.getrandbits(63)
            values = []
            for arm in live:
                value = playout(knows, arm.action, luck, self.rollout, self.depth, deadline,
                                self.leaf, self.final)
                if value is None:  # out of time mid-round: the round counts for nothing
                    break
                values.append(value)
            done += len(values)
            if len(values) < len(live):
                break
            for arm, value in zip(live, values, strict=True):
                arm.values.append(value)
            # The budget goes to the candidates still in question: with the same moves and the
            # clear losers out, those left get more rounds, and a decision where every move is
            # the same ends early (the guide's choice).
            live = [live[0], *(arm for arm in live[1:] if not arm.settled(live[0]))]
        self.last_iterations = done
        self.last_totals = [(arm.action, arm.total) for arm in arms]
        chosen = self._verdict(arms)
        self.last_overruled = chosen != arms[0].action
        return chosen

    @staticmethod
    def _verdict(arms: list[Arm]) -> Action:
        """The policy's choice, unless another action clearly beat it on the same luck: then
        the one that beat it by most."""
        prior, *others = arms
        edges = [(edge, i) for i, arm in enumerate(others) if (edge := arm.edge_over(prior))]
        return others[max(edges)[1]].action if edges else prior.action

    def _candidates(self, legal: list[Action], prior: Action, rng: random.Random) -> list[Action]:
        """The policy's choice first, then the other actions (a sample when there are many):
        a playout budget spread over fifty moves learns nothing about any of them."""
        rest = [a for a in legal if a != prior]
        if self.alike is not None:  # one of each move: the same move twice is a settled arm's
            rest = _unlike(rest, self.alike, {self.alike(prior)})  # rounds spent for nothing
        if len(rest) >= self.arms:
            rest = rng.sample(rest, self.arms - 1)
        return [prior, *rest]


def _unlike(actions: list[Action], alike: MoveKey, seen: set[Hashable]) -> list[Action]:
    """``actions`` without those whose key is in ``seen`` or that of an earlier one."""
    kept = []
    for action in actions:
        key = alike(action)
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept


def playout(knows: SeatKnowledge, first: Action, luck: int, rollout: BotFactory,
            depth: int | None, deadline: float | None,
            leaf: LeafValue | None = None,
            final: LeafValue | None = None) -> float | None:
    """The value for ``knows.seat`` of playing ``first`` in the world dealt from ``luck``, the
    rollout bots seeded from it too; ``None`` if the deadline passed first."""
    if deadline is not None and time.perf_counter() >= deadline:
        return None
    rng = random.Random(luck)
    world = knows.sample(rng)
    world.apply(knows.seat, first)
    bots: dict[int, Any] = {}
    steps = 0
    while world.result() is None and (depth is None or steps < depth):
        to_act = world.to_act()
        if not to_act:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            return None
        seat = to_act[0]
        bot = bots.get(seat) or bots.setdefault(seat, rollout(rng.getrandbits(32)))
        steps += 1
        if getattr(bot, "plays_forced", False) and only_move(world, seat) is not None:
            continue  # no view built for a move the bot would play unread
        view = world.view(seat) if getattr(bot, "reads_view", True) else None  # random reads none
        # chosen from the legal list just made: applied with no check of its own
        if picks_by_position(bot):  # a random rollout: no search of the list for its pick
            world.play_pick(seat, bot.pick, view)  # type: ignore[attr-defined]
        else:
            world.play_choice(seat, bot.choose, view)
    return value_of(world, knows.seat, leaf, final)


def only_move(game: Game, seat: int) -> Action | None:
    """Applies ``seat``'s only legal action and returns it, if it has just one (else None,
    nothing done). For a bot that plays such a move unread (``plays_forced``) the loops that
    feed bots come here before building its view: a fifth of a market playout's decisions are
    such moves, and the view was half a greedy playout's time (``docs/performance.md``)."""
    legal = game.legal_actions(seat)  # listed once for this state: play_choice would read it
    if len(legal) != 1:
        return None
    game.apply(seat, legal[0])  # the listed object: applied with no check of its own
    return legal[0]


def value_of(world: Game, seat: int, leaf: LeafValue | None = None,
             final: LeafValue | None = None) -> float:
    """What a playout's end is worth to ``seat``, in [0, 1]. Finished: a win (shared or not)
    0.9, plus 0.1 times its standing share (a close second beats a distant last); unfinished:
    the standing share alone, 0.5 for a game without ``standing``. The standing share is the
    part of the other seats the game's ``standing`` ranks below this one (ties half), or, alone
    at the table, the figure itself (Dungeon!'s gold towards the target). A game's ``leaf``
    replaces the unfinished figure, its ``final`` the finished one."""
    result = world.result()
    if result is None and leaf is not None:
        return leaf(world, seat)
    if result is not None and final is not None:
        return final(world, seat)
    share = standing_share(world, seat)
    if result is None:
        return 0.5 if share is None else share
    won = 1.0 if seat in result.winners else 0.0
    return won if share is None else 0.9 * won + 0.1 * share


def standing_share(world: Game, seat: int) -> float | None:
    standing = getattr(world, "standing", None)
    scores = standing() if standing is not None else None
    if not scores:
        return None
    if len(scores) == 1:
        return min(1.0, max(0.0, float(scores[0])))
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    return sum(1.0 if s < mine else 0.5 if s == mine else 0.0 for s in others) / len(others)


def expert(rollout: BotFactory, depth: int | None = None,
           guide: BotFactory | None = None, leaf: LeafValue | None = None,
           final: LeafValue | None = None, alike: MoveKey | None = None,
           arms: int = MAX_ARMS, candidates: Candidates | None = None) -> BotFactory:
    """A game's ``expert`` entry for ``GameSpec.bots``: seed -> SearchBot over ``rollout``,
    ``guide`` (default: the rollout bot) proposing the move to beat, ``leaf`` (default: the
    standing share) scoring a playout cut short, ``final`` (default: a win 0.9 plus 0.1 times
    the standing share) a finished one, ``alike`` (default: none) the key of the same move, and
    ``arms`` the candidates compared at most, ``candidates`` (default: a sample of the
    legal actions) naming the moves compared with the guide's."""

    def make(seed: int) -> SearchBot:
        return SearchBot(seed, rollout, depth, arms=arms, guide=guide, leaf=leaf, final=final,
                         alike=alike, candidates=candidates)

    make.__name__ = "expert"
    return make


def give_thinking_time(bot: Any, thinking: str) -> None:
    """A search bot searches for the app's thinking time (``fast``, ``normal``, ``deep``) from
    now on; any other bot is left as it is."""
    if isinstance(bot, SearchBot):
        bot.budget = budget_for(thinking)


def searches(bot: Any) -> bool:
    """A bot that searches decides from the game (``decide(game, seat)``, handing the search
    only the seat's knowledge) for a thinking time; the others answer from the view within a
    millisecond. None (no bot) does not."""
    return callable(getattr(bot, "decide", None))


def decide(bot: Any, game: Game, seat: int) -> Action:
    """The bot's action for ``seat``: a bot that searches is given the game, any other its view
    and legal actions."""
    if searches(bot):
        searched: Action = bot.decide(game, seat)
        return searched
    view = game.view(seat) if getattr(bot, "reads_view", True) else None  # random reads none
    action: Action = bot.choose(view, game.legal_actions(seat))
    return action
