"""What one playout of the expert costs in each game, with the ``best`` bot or the random bot as
its rollout policy, and how often each policy's playouts agree with the game's real end.

    python bench/playout_cost.py --moments 6 --playouts 10
    python bench/playout_cost.py --games market --policies greedy,rollout --moments 12 --playouts 20

``--policies`` names the rollout policies to compare: a level of the game, ``random``, or
``rollout``, the one the game's expert plays its playouts on (the market's dealer).

At ``--moments`` mid-game states of a game between ``best`` bots (seeds 0..), ``--playouts``
playouts from a fresh world each (``SeatKnowledge.sample``), at the depth the game's expert
uses. Prints the median milliseconds a playout per policy (wall time, and the process's CPU
time, which a loaded machine changes less; with the playouts that 0.92 s of one idle core,
the app's 1 s less the search's margin, would give), and the playouts' mean value for
the seat to act beside that seat's real outcome when the ``best`` bots play the game out
(1 won, 0 lost): a policy whose values track the real outcomes tells good moves from bad.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.ai.search_bot import SeatKnowledge, playout, value_of
from dungeon_table.core import registry

PLAYERS = {"relic": 2, "market": 4, "dungeon": 4, "lastdungeon": 1}


def moments(game_id: str, count: int) -> list[tuple[object, int, float]]:
    """(game, seat, that seat's real result) at a third of the way through ``count`` games."""
    spec = registry.get(game_id)
    out = []
    for seed in range(count):
        players = PLAYERS[game_id]
        bots = [spec.make_bot("best", seed * 7 + s) for s in range(players)]
        game = spec.new_game(["human"] * players, seed)
        trace = []
        while game.result() is None and len(trace) < 6000:
            seat = game.to_act()[0]
            trace.append(game.clone())
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        at = trace[len(trace) // 3]
        seat = at.to_act()[0]
        out.append((at, seat, value_of(game, seat)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(PLAYERS))
    parser.add_argument("--moments", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=10)
    parser.add_argument("--policies", default="best,random,rollout")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        spec = registry.get(game_id)
        expert = spec.make_bot("expert", 0)
        depth = expert.depth
        named = {**spec.bots, "best": spec.bots[spec.best], "random": RandomBot,
                 "rollout": expert.rollout}
        policies = {name: named[name] for name in args.policies.split(",")}
        found = moments(game_id, args.moments)
        for name, policy in policies.items():
            times, cpu, errors = [], [], []
            for game, seat, real in found:
                knows = SeatKnowledge(game, seat)  # type: ignore[arg-type]
                rnd = random.Random(1)
                values = []
                for _ in range(args.playouts):
                    first = knows.legal()[0]
                    start, began = time.perf_counter(), time.process_time()
                    values.append(playout(knows, first, rnd.getrandbits(63), policy, depth, None))
                    times.append(time.perf_counter() - start)
                    cpu.append(time.process_time() - began)
                errors.append(abs(statistics.fmean(v for v in values if v is not None) - real))
            print(f"{game_id:12} rollout {name:7} depth {str(depth):4}  playout "
                  f"{1000 * statistics.median(times):7.1f} ms (median of {len(times)}), CPU "
                  f"{1000 * statistics.median(cpu):6.2f} ms: {0.92 / statistics.median(cpu):5.0f}"
                  f" in 0.92 s  "
                  f"mean |value - real outcome| {statistics.fmean(errors):.2f}", flush=True)


if __name__ == "__main__":
    main()
