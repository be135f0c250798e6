"""How far a search over relic's delver could go at all: upper bounds, bench only (issue 15 item 5).

    python bench/relic_peek.py --games 200 --start 1000 --mode peek            # sees everything
    python bench/relic_peek.py --games 200 --start 1000 --mode peek --most 1   # one overrule a game
    python bench/relic_peek.py --games 100 --start 1000 --mode hands --playouts 60
    python bench/relic_peek.py --games 100 --start 1000 --mode fair --playouts 400 --arms 8

A searcher in seat ``seed % 2`` plays against the delver (relic's ``best``); every seed is also
played with the delver in its seat (the baseline, same seeds). The searcher:

- ``peek``: at each decision with more than one legal action, plays every candidate (every legal
  action, one of each ``same_move`` key, the delver's choice first) once to the end of the game
  in the true game (hands and deck order as they are: relic has no randomness after the deal and
  the delver none, so one playout tells a candidate's outcome exactly; the playouts' delver
  opponent is the one at the table), scored by the expert's ``final_value`` (a win and the
  points margin), and keeps the delver's choice unless another scores higher. This searcher
  cheats; it lives here only, as the bound of any search with the delver as its guide;
- ``hands``: the expert's own search (``SearchBot``: paired rounds, the guide's choice kept
  unless clearly beaten, ``--playouts`` a decision, ``--arms`` candidates) in worlds where the
  opponent's hand is the true one and only the deck is shuffled anew: what knowing the hand
  alone is worth;
- ``fair``: the same search in the expert's own worlds (``redeal_hidden``): the expert with as
  many playouts and candidates as asked.

It prints the win rates (95 % Wilson intervals), the seeds won by one side only, the mean points
margin, the searched decisions and how many the searcher overruled, and the kinds of those
overrules (the delver's move -> the searcher's); ``--log`` prints one line an overrule.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from expert_strength import rate

from dungeon_table.ai.search_bot import Budget, SearchBot, SeatKnowledge
from dungeon_table.core import registry
from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import bot_play
from dungeon_table.games.relic.bot_expert import WIN_SHARE, final_value, same_move

MAX_ACTIONS = 6000


def world_for(game: Any, seat: int, mode: str, rng: random.Random) -> Any:
    if mode == "peek":
        return game.clone()
    if mode == "hands":
        twin = game.clone()
        pool = sorted(twin.state.deck.cards)
        rng.shuffle(pool)
        twin.state.deck.cards = pool
        twin.reset_caches()
        return twin
    return game.redeal_hidden(seat, rng)


class Worlds(SeatKnowledge):
    """The seat's knowledge, its worlds dealt by ``mode`` (``hands``: the deck alone anew)."""

    def __init__(self, game: Any, seat: int, mode: str) -> None:
        super().__init__(game, seat)
        self.mode = mode

    def sample(self, rng: random.Random) -> Any:
        return world_for(self._game, self.seat, self.mode, rng)


class Expert(SearchBot):
    """The expert's search over ``Worlds`` of a mode; its overrules counted as ``Searcher``'s."""

    def __init__(self, seed: int, mode: str, playouts: int, arms: int) -> None:
        super().__init__(seed, bot_play.DelverBot, None, Budget(iterations=playouts), arms,
                         final=final_value, alike=same_move)
        self.mode = mode
        self.searched = 0
        self.overruled: Counter[str] = Counter()
        self.log: list[str] = []

    def decide(self, game: Any, seat: int) -> Action:
        action = self.search(Worlds(game, seat, self.mode))
        if self.last_iterations:
            self.searched += 1
        if self.last_overruled:
            prior = self.last_totals[0][0]
            self.overruled[f"{type(prior).__name__} -> {type(action).__name__}"] += 1
            self.log.append(f"{prior} -> {action}: totals "
                            + ", ".join(f"{t:.2f}" for _, t in self.last_totals))
        return action


def play_out(world: Any, guides: list[Any]) -> None:
    for _ in range(MAX_ACTIONS):
        if world.result() is not None:
            return
        seat = world.to_act()[0]
        action = guides[seat].choose(world.view(seat), world.legal_actions(seat))
        world._apply(seat, action)


class Searcher:
    """One-step improvement of the delver over the worlds of ``mode`` (see the module)."""

    def __init__(self, seed: int, mode: str, rounds: int, value: Any = final_value,
                 most: int | None = None) -> None:
        self.most = most  # overrules a game at most (None: any number)
        self.rng = random.Random(seed)
        self.mode = mode
        self.rounds = rounds
        self.value = value
        self.guide = bot_play.DelverBot(seed)
        self.searched = 0
        self.overruled: Counter[str] = Counter()
        self.log: list[str] = []
        self.flips: Counter[int] = Counter()  # by cards drawn since the deal, in tens
        self.alternatives: Counter[int] = Counter()

    def decide(self, game: Any, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        prior = self.guide.choose(game.view(seat), legal)
        seen = {same_move(prior)}
        arms = [prior]
        for action in legal:
            key = same_move(action)
            if key not in seen:
                seen.add(key)
                arms.append(action)
        if len(arms) == 1 or (self.most is not None and len(self.log) >= self.most):
            return prior
        self.searched += 1
        totals = [0.0] * len(arms)
        guides = [bot_play.DelverBot(s) for s in range(game.n)]
        for _ in range(self.rounds):
            base = world_for(game, seat, self.mode, self.rng)
            for i, action in enumerate(arms):
                world = base.clone()
                world.apply(seat, action)
                play_out(world, guides)
                totals[i] += self.value(world, seat)
        if self.rounds == 1:  # exact outcomes: how often another move changes who wins
            bucket = min(4, (48 - len(game.state.deck.cards)) // 10)  # 10 cards drawn a bucket
            won = [t >= WIN_SHARE for t in totals]
            self.flips[bucket] += sum(w != won[0] for w in won[1:])
            self.alternatives[bucket] += len(arms) - 1
        best = max(range(len(arms)), key=lambda i: (totals[i], -i))
        if best == 0 or totals[best] <= totals[0] + 1e-9:
            return prior
        if self.most is not None and not totals[0] < WIN_SHARE * self.rounds <= totals[best]:
            return prior  # with a few overrules allowed, only those that turn a loss to a win
        chosen = arms[best]
        kind = f"{type(prior).__name__} -> {type(chosen).__name__}"
        self.overruled[kind] += 1
        state = game.state
        self.log.append(f"dungeon {len(state.players[seat].dungeon)} vs "
                        f"{len(state.players[1 - seat].dungeon)} deck {len(state.deck.cards)}: "
                        f"{prior} ({totals[0] / self.rounds:.3f}) -> {chosen} "
                        f"({totals[best] / self.rounds:.3f})")
        return chosen


def play_game(seed: int, hero: int, searcher: Any) -> Any:
    spec = registry.get("relic")
    game = spec.new_game(["bot:delver", "bot:delver"], seed, {})
    bots = [spec.make_bot("delver", seed * 7 + s) for s in range(2)]
    for _ in range(MAX_ACTIONS):
        if game.result() is not None:
            break
        seat = game.to_act()[0]
        if seat == hero and searcher is not None:
            action = searcher.decide(game, seat)
        else:
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        game.apply(seat, action)
    return game.result(), game.standing()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--mode", choices=("peek", "hands", "fair"), default="peek")
    parser.add_argument("--rounds", type=int, default=1, help="peek: worlds a decision")
    parser.add_argument("--most", type=int, default=None,
                        help="peek: overrules a game at most, each turning a loss into a win")
    parser.add_argument("--playouts", type=int, default=100, help="hands, fair: a decision")
    parser.add_argument("--arms", type=int, default=5, help="hands, fair: candidates at most")
    parser.add_argument("--win-only", action="store_true",
                        help="score a playout by the win alone (1 / 0), not the margin too")
    parser.add_argument("--progress", type=int, default=20)
    parser.add_argument("--log", action="store_true", help="print every overrule")
    args = parser.parse_args()

    def win_only(world: Any, seat: int) -> float:
        return 1.0 if seat in world.result().winners else 0.0

    value = win_only if args.win_only else final_value
    wins = base = only_mine = only_base = 0
    searched = 0
    kinds: Counter[str] = Counter()
    margins = 0.0
    flips: Counter[int] = Counter()
    alternatives: Counter[int] = Counter()
    began = time.process_time()
    for n, seed in enumerate(range(args.start, args.start + args.games), 1):
        hero = seed % 2
        searcher = (Searcher(seed, args.mode, args.rounds, value, args.most) if args.mode == "peek" else
                    Expert(seed, args.mode, args.playouts, args.arms))
        result, points = play_game(seed, hero, searcher)
        won = hero in result.winners
        base_result, _ = play_game(seed, hero, None)
        base_won = hero in base_result.winners
        wins += won
        base += base_won
        only_mine += won and not base_won
        only_base += base_won and not won
        margins += points[hero] - points[1 - hero]
        searched += searcher.searched
        kinds.update(searcher.overruled)
        if isinstance(searcher, Searcher):
            flips.update(searcher.flips)
            alternatives.update(searcher.alternatives)
        if args.log:
            for line in searcher.log:
                print(f"  seed {seed} {'won' if won else 'lost'} (delver "
                      f"{'won' if base_won else 'lost'}): {line}")
        if n % args.progress == 0 or n == args.games:
            cpu = time.process_time() - began
            what = (f"x{args.rounds} most {args.most}" if args.mode == "peek" else
                    f"{args.playouts} playouts {args.arms} arms")
            print(f"{args.mode} {what}{' win-only' if args.win_only else ''} seeds "
                  f"{args.start}-{seed}: searcher {rate(wins, n)}  delver in its seat "
                  f"{rate(base, n)}  won only by searcher {only_mine}, only by delver "
                  f"{only_base}  margin {margins / n:+.1f}  overruled "
                  f"{sum(kinds.values())}/{searched}  [{cpu:.0f} s CPU]", flush=True)
    for kind, count in kinds.most_common():
        print(f"  {count:5}  {kind}")
    for bucket in sorted(alternatives):  # peek x1: the exact outcome of every alternative
        print(f"  {10 * bucket:2}-{10 * bucket + 9} cards drawn since the deal: "
              f"{100 * flips[bucket] / alternatives[bucket]:4.1f}% of {alternatives[bucket]} "
              "other moves change who wins")


if __name__ == "__main__":
    main()
