"""Guides for relic's expert tried without search: variants of the delver against ``best`` (bench only).

    python bench/relic_guide.py --variants skip1,delve3 --games 400 --start 1000 --workers 1

Each variant is the delver (``relic/bot_play.DelverBot``, relic's ``best``) with one judgement
changed; it plays ``relic_winrate.py``'s line (the variant in seat ``seed % 2`` against ``best``,
a shared win counts) and prints ``relic_winrate``'s line for it. ``delver`` itself is in the list
as the control (``best`` against itself: a fair share plus the ties). The variants:

- ``skip1``: declines the depth-1 search and sets the 4th dungeon card, forfeiting it (a
  turn-start search ends the turn without a draw; the race to depth 3, whose search ends the
  game, is a turn nearer); ``skip2``, ``skip12``: the same at depth 2, at both;
- ``skip1behind``: ``skip1`` only when the opponent's dungeon is at least as long as its own;
  ``skip1byK`` when it is at least K cards longer (``m2``: -2, at most 2 shorter);
- ``delve3``: keeps a scout's delve for the depth-3 search in two-player games too (the delver
  does so with 3-4 players): searched mid-turn, that search cannot be blocked or cost a turn;
- ``advanceany``: discards an advance character (whatever its level) whenever the dungeon card it
  sets goes down, not only when that card opens a search;
- ``keepdungeon``: a dungeon card in hand is worth one more (fewer turns without one to set);
- ``keepchars``, ``keepenemy``: a character (one more enemy) in hand is worth 1.5 (1) more in
  the end phase's discards: the fighters that lift an enemy's block, the enemies that block;
- ``enemycount``: of its enemies, sets the one the fewest of the characters it has not seen
  beat (alone, or two together; in 2 players the delver sets the hardest by BP and shield);
- ``randPHASE`` (``randplay``, ``randend``...): any legal action at random in that phase, the
  delver's elsewhere: how much the phase's choices weigh at all;
- ``stuckdraw``: held up by an enemy with no fight to make, it double draws for a fighter rather
  than spend the dungeon phase on setting an enemy;
- ``enemydue``: keeps its enemies for an opponent whose search is due (or who is at depth 3).

``--paired`` plays each variant and the delver on the same seeds and counts the seeds won by
one of the two only (the difference's noise is the square root of their sum); ``--race`` plays
the delver against itself and says where the game is decided.

Nothing here is registered as a game's bot: the variants are added to relic's bots in this
process only.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

import relic_winrate

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import bot_play, field
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.bot_cards import facts, plan_battle
from dungeon_table.games.relic.cards import load


class Variant(bot_play.DelverBot):
    knobs: frozenset[str] = frozenset()

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def choose(self, view: m.RelicView, legal: list[Action]) -> Action:
        if f"rand{view.phase}" in self.knobs and len(legal) > 1:
            return self.rng.choice(legal)  # how much this phase's choices weigh at all
        return super().choose(view, legal)

    def skips(self, view: m.RelicView, depth: int) -> bool:
        """Whether this variant gives up the search of ``depth`` for a turn of the race."""
        if f"skip{depth}" in self.knobs or ("skip12" in self.knobs and depth in (1, 2)):
            return True
        lead = self.lead_needed()
        if depth == 1 and lead is not None:
            me = self.mine(view)
            rival = max(len(p.dungeon) for p in view.players if p.seat != me.seat)
            return rival >= len(me.dungeon) + lead
        return False

    def lead_needed(self) -> int | None:
        """``skip1behind``: 0; ``skip1byK``: the opponent at least K dungeon cards ahead (K may
        be negative: behind by less than -K)."""
        if "skip1behind" in self.knobs:
            return 0
        for knob in self.knobs:
            if knob.startswith("skip1by"):
                return int(knob[len("skip1by"):].replace("m", "-"))
        return None

    def _search(self, view: m.RelicView, legal: list[Action]) -> Action:
        if m.DeclineSearch() in legal and self.skips(view, view.search_depth):
            return m.DeclineSearch()
        return m.Search()

    def dungeon_to_set(self, view: m.RelicView) -> str | None:
        """The delver's, but a search this variant skips does not hold a dungeon card back."""
        if not view.forfeits or not self.skips(view, view.forfeits):
            return super().dungeon_to_set(view)
        if view.dungeon_set_done or self.blocked(view):
            return None
        if len(self.mine(view).dungeon) >= field.MAX_DUNGEON:
            return None
        dungeons = [c for c in view.hand if facts(c).kind == "dungeon"]
        if not dungeons:
            return None
        injured = any(facts(c).kind == "injury" for c in view.hand)
        return min(dungeons, key=lambda c: ((facts(c).skill == "mend") != injured, c))

    # the choosers table holds the functions themselves: the search phase's is replaced here
    choosers = {**bot_play.DelverBot.choosers, "search": _search}

    def fires_delve(self, view: m.RelicView, card: str) -> bool:
        f = facts(card)
        if ("delve3" in self.knobs and f.kind == "character" and f.skill == "delve"
                and view.search_depth != 3):
            return False
        return super().fires_usefully(view, card)

    def fires_usefully(self, view: m.RelicView, card: str) -> bool:
        f = facts(card)
        if "advanceany" in self.knobs and f.kind == "character" and f.skill == "advance":
            mine = self.mine(view)
            has_dungeon = any(facts(c).kind == "dungeon" for c in view.hand)
            room = len(mine.dungeon) < field.MAX_DUNGEON
            forfeits = view.forfeits and not self.skips(view, view.forfeits)
            return has_dungeon and room and not self.blocked(view) and not forfeits
        return self.fires_delve(view, card)

    def keep_worth(self, view: m.RelicView, card: str) -> float:
        worth = super().keep_worth(view, card)
        kind = facts(card).kind
        if "keepdungeon" in self.knobs and kind == "dungeon" and worth > 0:
            worth += 1.0
        if "keepchars" in self.knobs and kind == "character" and worth > 0:
            worth += 1.5
        if "keepenemy" in self.knobs and kind == "enemy":
            worth += 1.0
        return worth

    def dungeon_worth(self, view: m.RelicView) -> bool:
        if ("stuckdraw" in self.knobs and self.blocked(view)
                and self.dungeon_to_set(view) is None):
            return False
        return super().dungeon_worth(view)

    def enemy_worth(self, view: m.RelicView, card: str, target: int) -> float:
        worth = super().enemy_worth(view, card, target)
        if "enemycount" not in self.knobs:
            return worth
        # the share of the characters it has not seen (in no hand of its own, discard or fight)
        # that beat this enemy alone, or with one other of them: the fewer, the longer it holds
        unseen = unseen_characters(view)
        alone = sum(1 for c in unseen if plan_battle(card, [c], _NO_COST) is not None)
        pairs = sum(1 for i, a in enumerate(unseen) for b in unseen[i + 1:]
                    if plan_battle(card, [a, b], _NO_COST, max_cards=2) is not None)
        n = max(1, len(unseen))
        return -10.0 * (alone / n + 0.5 * pairs / max(1, n * (n - 1) / 2)) + 0.01 * worth

    def enemy_to_set(self, view: m.RelicView) -> m.SetEnemy | None:
        action = super().enemy_to_set(view)
        if action is None or "enemydue" not in self.knobs:
            return action
        player = view.players[action.target]
        count = len(player.dungeon)
        due = field.search_open(count, player.searched, player.forfeited) > 0
        return action if due or field.depth(count) == 3 or count % 3 == 2 else None


class _Free(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> float:
        return 0.0


_NO_COST = _Free()
_CHARACTERS = [c.id for c in load().cards if c.kind == "character"]


def unseen_characters(view: m.RelicView) -> list[str]:
    """The first set's characters not in the seat's hand nor in the discard pile."""
    seen = {c for c in (*view.hand, *view.discard)}
    return [c for c in _CHARACTERS if c not in seen]


def variant(knobs: str) -> Any:
    cls = type(f"Variant_{knobs}", (Variant,), {"knobs": frozenset(knobs.split("+")),
                                                 "name": knobs})
    return cls


def main() -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--variants", default="delver,skip1,skip1behind,delve3,keepdungeon,"
                        "stuckdraw,enemydue")
    parser.add_argument("--paired", action="store_true",
                        help="per seed against the delver's games (won by one only)")
    parser.add_argument("--race", action="store_true",
                        help="where the delver's own games are decided (no variant played)")
    ours, rest = parser.parse_known_args()
    bots = registry.get("relic").bots
    names = [name for name in ours.variants.split(",") if name]
    for name in names:
        if name not in bots:
            bots[name] = variant(name)  # this process only: relic_winrate makes them by name
    if ours.race:
        race(rest)
        return
    if ours.paired:
        paired(names, rest)
        return
    matches = ",".join(f"{name}-best" for name in names)
    sys.argv = [sys.argv[0], "--matches", matches, *rest]
    relic_winrate.main()


def paired(names: list[str], rest: list[str]) -> None:
    """Each variant and the delver against ``best`` on the same seeds: the seeds won by one of
    the two only, and the difference in standard errors (sqrt of those seeds' count)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--start", type=int, default=1000)
    args, _ = parser.parse_known_args(rest)
    seeds = range(args.start, args.start + args.games)
    control = [relic_winrate.play("delver", "best", 2, seed).wins for seed in seeds]
    print(f"relic 2p against best, seeds {args.start}-{seeds[-1]}: delver {sum(control)}"
          f"/{args.games}")
    for name in names:
        wins = [relic_winrate.play(name, "best", 2, seed).wins for seed in seeds]
        mine = sum(1 for w, c in zip(wins, control, strict=True) if w and not c)
        theirs = sum(1 for w, c in zip(wins, control, strict=True) if c and not w)
        z = (mine - theirs) / max(1.0, (mine + theirs) ** 0.5)
        print(f"  {name:14} {sum(wins)}/{args.games} ({100 * sum(wins) / args.games:.1f} %)  "
              f"won only by it {mine}, only by the delver {theirs}  ({z:+.1f} s.e.)", flush=True)


RACE_ACTIONS = ((m.Search, "turn-start searches"), (m.DoubleDraw, "double draws"),
                (m.SetDungeon, "dungeon cards set"), (m.SetEnemy, "enemies set"),
                (m.Fight, "fights"))


def race(rest: list[str]) -> None:
    """The delver against itself: who searches depth 3 (which ends the game) and how often
    that seat wins, and per seat and game its turns, the turns it began held up by an enemy or
    with no dungeon card in hand, and what it did, for the depth-3 searcher and the other."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--start", type=int, default=1000)
    args, _ = parser.parse_known_args(rest)
    spec = registry.get("relic")
    sides: dict[str, Counter[str]] = {"searcher": Counter(), "other": Counter()}
    ended = searcher_won = ties = 0
    for seed in range(args.start, args.start + args.games):
        game: Any = spec.new_game(["bot:delver"] * 2, seed, {})
        bots = [spec.make_bot("delver", seed * 7 + s) for s in range(2)]
        seats: list[Counter[str]] = [Counter(), Counter()]
        turn = None
        while game.result() is None:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.turn != turn:  # the seat's turn begins
                turn, player = view.turn, game.state.players[seat]
                seats[seat]["turns"] += 1
                seats[seat]["turns begun held up by an enemy"] += bool(player.enemies)
                seats[seat]["turns begun with no dungeon card in hand"] += not any(
                    facts(c).kind == "dungeon" for c in player.hand)
            action = bots[seat].choose(view, game.legal_actions(seat))
            seats[seat].update(key for kind, key in RACE_ACTIONS if isinstance(action, kind))
            game.apply(seat, action)
        result = game.result()
        ties += len(result.winners) > 1
        deep = [s for s in (0, 1) if 3 in game.state.players[s].searched]
        if not deep:
            continue
        ended += 1
        searcher_won += deep[0] in result.winners
        for seat in (0, 1):
            seats[seat]["points"] += int(game.standing()[seat])
            seats[seat]["was the first player"] += seat == game.state.first
        sides["searcher"].update(seats[deep[0]])
        sides["other"].update(seats[1 - deep[0]])
    print(f"relic 2p, the delver against itself, seeds {args.start}-{args.start + args.games - 1}:"
          f" {ended} games ended by a depth-3 search, {ties} ties; the searcher won {searcher_won}"
          f" ({100 * searcher_won / max(1, ended):.0f} %)")
    print(f"  {'a game, on average':42} {'searcher':>9} {'other':>7}")
    for key in sorted(set(sides["searcher"]) | set(sides["other"])):
        print(f"  {key:42} {sides['searcher'][key] / ended:9.2f} "
              f"{sides['other'][key] / ended:7.2f}")


if __name__ == "__main__":
    main()
