"""A fingerprint of Dungeon!'s behaviour: one SHA-256 over ~40 seeded random games.

    python bench/dungeon_digest.py            # the digest, and each group's
    python bench/dungeon_digest.py --verbose  # each game's too, to find the one that moved
    python bench/dungeon_digest.py --game market   # Dungeon Market's groups instead

Hashes, for every step of every game, the legal actions listed (in order), the action the
random bot picked and the events ``apply`` returned; a view of the seat to act every seventh
step; each game's setup events, final state and result. Games: four heroes (seeds 0-15), one,
two and eight heroes, the hunter mode and the treasure hunt (solo). A speed change to the engine
must leave the digest as it was: it says the same lists, the same events, the same views and the
same ends came out of the same seeds (``docs/performance.md``). ``--game market`` does the same
over 38 market games (four, three and two players, Professional, gems not defending).
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

import msgspec

from dungeon_table.core import registry

Group = tuple[str, int, dict[str, Any], range]  # (label, seats, options, seeds)
GROUPS: dict[str, tuple[Group, ...]] = {
    "dungeon": (  # 42 games
        ("4 heroes", 4, {}, range(16)),
        ("1 hero", 1, {}, range(6)),
        ("2 heroes", 2, {}, range(6)),
        ("8 heroes", 8, {}, range(4)),
        ("hunter", 1, {"mode": "hunter"}, range(5)),
        ("treasure hunt", 1, {"mode": "treasure_hunt"}, range(5)),
    ),
    "market": (  # 38 games
        ("4 players", 4, {}, range(12)),
        ("3 players", 3, {}, range(6)),
        ("2 players", 2, {}, range(6)),
        ("4 Professional", 4, {"professional": True}, range(6)),
        ("2 Professional", 2, {"professional": True}, range(4)),
        ("4 gems not defending", 4, {"gems_defend": False}, range(4)),
    ),
}
VIEW_EVERY = 7

_ENCODE = msgspec.json.Encoder().encode


def game_digest(players: int, options: dict[str, Any], seed: int,
                game_id: str = "dungeon") -> tuple[str, int]:
    """The SHA-256 of one random game (hex) and its number of actions."""
    spec = registry.get(game_id)
    game = spec.new_game(["bot:random"] * players, seed, options)
    bots = [spec.make_bot("random", seed + 7919 * s) for s in range(players)]
    sha = hashlib.sha256()
    sha.update(_ENCODE(list(getattr(game, "setup_events", []))))
    step = 0
    while (to_act := game.to_act()) and step < 100_000:
        seat = to_act[0]
        if step % VIEW_EVERY == 0:
            sha.update(_ENCODE(game.view(seat)))
        legal = game.legal_actions(seat)
        sha.update(_ENCODE(legal))
        action = bots[seat].choose(None, legal)
        sha.update(_ENCODE(game.apply(seat, action)))
        step += 1
    sha.update(_ENCODE(game.state_dict()))
    sha.update(_ENCODE(game.result()))
    return sha.hexdigest(), step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every game's digest")
    parser.add_argument("--game", choices=sorted(GROUPS), default="dungeon")
    args = parser.parse_args()
    whole = hashlib.sha256()
    games = actions = 0
    for label, players, options, seeds in GROUPS[args.game]:
        group = hashlib.sha256()
        for seed in seeds:
            digest, made = game_digest(players, options, seed, args.game)
            group.update(digest.encode())
            whole.update(digest.encode())
            games += 1
            actions += made
            if args.verbose:
                print(f"    {label} seed {seed}: {digest[:16]} ({made} actions)")
        print(f"  {label:20} {group.hexdigest()[:16]}")
    print(f"{args.game} digest {whole.hexdigest()} ({games} games, {actions} actions)")


if __name__ == "__main__":
    main()
