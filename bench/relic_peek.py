"""How far a search over relic's delver could go at all: upper bounds, bench only (issue 15 item 5).

    python bench/relic_peek.py --games 200 --start 1000 --mode peek            # sees everything
    python bench/relic_peek.py --games 200 --start 1000 --mode hands --rounds 8
    python bench/relic_peek.py --games 200 --start 1000 --mode fair --rounds 32

A searcher in seat ``seed % 2`` plays against the delver (relic's ``best``); every seed is also
played with the delver in its seat (the baseline, same seeds). At each decision with more than one
legal action it plays every candidate (every legal action, one of each ``same_move`` key, the
delver's choice first) to the end of the game with delvers in every seat, scored by the expert's
``final_value`` (a win and the points margin), and keeps the delver's choice unless another
candidate's mean is higher. Each round plays every candidate in one world:

- ``peek``: the true game (hands and deck order as they are; relic has no randomness after the
  deal, and the delver none, so one round tells each candidate's outcome exactly: the playouts'
  delver opponent is the one at the table). This searcher cheats; it lives here only, as the
  bound of any search with the delver as its guide and playout policy;
- ``hands``: the opponent's hand seen, the deck shuffled anew each round (what knowing the hand
  alone is worth);
- ``fair``: the expert's own worlds (``redeal_hidden``: the opponent's hand and the deck dealt
  anew), every candidate searched, the best mean played, no noise margin: the expert with many
  playouts and no caution.

It prints the win rates (95 % Wilson intervals), the searched decisions, how many the searcher
overruled and the kinds of those overrules (the delver's move -> the searcher's), and with
``--log`` one line an overrule: seed, turn, the two moves and the values.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from expert_strength import rate

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import bot_play
from dungeon_table.games.relic.bot_expert import final_value, same_move

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


def play_out(world: Any, guides: list[Any]) -> None:
    for _ in range(MAX_ACTIONS):
        if world.result() is not None:
            return
        seat = world.to_act()[0]
        action = guides[seat].choose(world.view(seat), world.legal_actions(seat))
        world._apply(seat, action)


class Searcher:
    """One-step improvement of the delver over the worlds of ``mode`` (see the module)."""

    def __init__(self, seed: int, mode: str, rounds: int, value: Any = final_value) -> None:
        self.rng = random.Random(seed)
        self.mode = mode
        self.rounds = rounds
        self.value = value
        self.guide = bot_play.DelverBot(seed)
        self.searched = 0
        self.overruled: Counter[str] = Counter()
        self.log: list[str] = []

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
        if len(arms) == 1:
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
        best = max(range(len(arms)), key=lambda i: (totals[i], -i))
        if best == 0 or totals[best] <= totals[0] + 1e-9:
            return prior
        chosen = arms[best]
        kind = f"{type(prior).__name__} -> {type(chosen).__name__}"
        self.overruled[kind] += 1
        state = game.state
        self.log.append(f"dungeon {len(state.players[seat].dungeon)} vs "
                        f"{len(state.players[1 - seat].dungeon)} deck {len(state.deck.cards)}: "
                        f"{prior} ({totals[0] / self.rounds:.3f}) -> {chosen} "
                        f"({totals[best] / self.rounds:.3f})")
        return chosen


def play_game(seed: int, hero: int, searcher: Searcher | None) -> Any:
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
    parser.add_argument("--rounds", type=int, default=1, help="worlds a decision")
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
    began = time.process_time()
    for n, seed in enumerate(range(args.start, args.start + args.games), 1):
        hero = seed % 2
        searcher = Searcher(seed, args.mode, args.rounds, value)
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
        if args.log:
            for line in searcher.log:
                print(f"  seed {seed} {'won' if won else 'lost'} (delver "
                      f"{'won' if base_won else 'lost'}): {line}")
        if n % args.progress == 0 or n == args.games:
            cpu = time.process_time() - began
            print(f"{args.mode} x{args.rounds}{' win-only' if args.win_only else ''} seeds "
                  f"{args.start}-{seed}: searcher {rate(wins, n)}  delver in its seat "
                  f"{rate(base, n)}  won only by searcher {only_mine}, only by delver "
                  f"{only_base}  margin {margins / n:+.1f}  overruled "
                  f"{sum(kinds.values())}/{searched}  [{cpu:.0f} s CPU]", flush=True)
    for kind, count in kinds.most_common():
        print(f"  {count:5}  {kind}")


if __name__ == "__main__":
    main()
