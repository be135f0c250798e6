"""A burst's defence arithmetic: what a chosen set of items prevents, and the best set to suggest.

Pure functions over plain data, so the rules, the view and the bots compute damage the same way::

    kit = Kit(items=[Item("red_shield_1", "shield", "red", 2)], gauntlets={"red": 1})
    outcome = resolve([("red_shield_1", "red")], kit, attacks, attackers, active=True)
    outcome.damage                      # what the player takes, the active player's extra 1 included

Rules implemented (docs/rules/market.md, Decisions): each item reduces one attack of its colour (a
gem: any attack) and never below 0; chosen gauntlets of one colour form a pair (2, stay unused) when
the player holds two or more unused ones, any further one gives 1 and turns sideways; a sword
cancels the highest-attack attacker of its colour; job guards of a colour come first, items next,
then ``guard_any`` takes off the largest attack left; the active player takes 1 more.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product

from dungeon_table.games.market.model import Attack, Use
from dungeon_table.games.market.state import Attackers

# The suggestion spends a sword last: it is worth the biggest hit it could ever cancel.
SWORD_COST = 5
_ORDER = {"sword": 0, "gauntlet": 1, "armour": 2, "helm": 3, "shield": 3, "gem": 4}


@dataclass(frozen=True)
class Item:
    """An unused equipment card or gem: ``defence`` its reduction (a gem: its value; a sword: 0)."""

    id: str
    kind: str    # a loot, or "gem"
    colour: str  # "" for a gem
    defence: int


@dataclass
class Kit:
    """What one player brings to a burst: its unused items, the count of unused gauntlets per
    colour (for the pair), and its job guards (``guard`` per colour, ``guard_any``)."""

    items: list[Item]
    gauntlets: dict[str, int] = field(default_factory=dict)
    guard: dict[str, int] = field(default_factory=dict)
    guard_any: int = 0

    def item(self, item_id: str) -> Item | None:
        return next((i for i in self.items if i.id == item_id), None)

    def can_guard(self, item: Item, attack: str, gems_defend: bool) -> bool:
        if item.kind == "gem":
            return gems_defend
        return item.colour == attack


@dataclass(frozen=True)
class Outcome:
    uses: list[Use]
    damage: int      # the active player's extra 1 included
    prevented: int   # attack values taken off, by items and jobs
    job_guard: int   # the part job effects took off
    left: list[int]  # per attack: the damage it still does
    extra: int       # the active player's unreducible 1, or 0


def sword_target(attackers: Attackers, colour: str) -> tuple[int, int]:
    """``(slot, attack)`` a sword of ``colour`` cuts down: the highest attack, first slot on ties."""
    return min(attackers.get(colour, []), key=lambda sa: (-sa[1], sa[0]), default=(-1, 0))


def resolve(chosen: list[tuple[str, str]], kit: Kit, attacks: list[Attack],
            attackers: Attackers, active: bool) -> Outcome:
    """The damage a player takes with ``chosen`` = [(item id, attack colour)]."""
    uses: list[Use] = []
    left: dict[str, int] = {}
    job = 0
    for attack in attacks:
        remaining = attack.value
        guarded = min(remaining, kit.guard.get(attack.colour, 0))
        remaining -= guarded
        job += guarded
        mine = [kit.item(i) for i, a in chosen if a == attack.colour]
        items = sorted((i for i in mine if i), key=lambda i: (_ORDER[i.kind], -i.defence, i.id))
        for use in _uses(items, kit, attack.colour, attackers):
            taken = min(remaining, use.reduced)
            remaining -= taken
            uses.append(Use(item=use.item, attack=attack.colour, reduced=taken, used=use.used,
                            killed=use.killed))
        left[attack.colour] = remaining
    largest = max(left.values(), default=0)
    any_guard = min(kit.guard_any, largest)
    job += any_guard
    if any_guard:  # on the attack with the most left (the first of them)
        target = next(c for c, v in left.items() if v == largest)
        left[target] -= any_guard
    taken = sum(left.values())
    total = sum(a.value for a in attacks)
    extra = 1 if active else 0
    return Outcome(uses, taken + extra, total - taken, job, [left[a.colour] for a in attacks],
                   extra)


def _uses(items: list[Item], kit: Kit, colour: str, attackers: Attackers) -> Iterator[Use]:
    """The nominal reduction of each chosen item (before capping at the attack left)."""
    gauntlets = [i for i in items if i.kind == "gauntlet"]
    pair = gauntlets[:2] if len(gauntlets) >= 2 and kit.gauntlets.get(colour, 0) >= 2 else []
    for item in items:
        if item.kind == "sword":
            slot, value = sword_target(attackers, colour)
            yield Use(item=item.id, attack=colour, reduced=value, used=True, killed=slot)
        elif item in pair:
            yield Use(item=item.id, attack=colour, reduced=item.defence, used=False)
        else:
            yield Use(item=item.id, attack=colour, reduced=item.defence, used=True)


# --- the suggestion ---------------------------------------------------------------------------
# A plan's score, smaller is better: damage taken, defence consumed (what turns sideways), gems
# used (they guard any colour, so keep them), items chosen.
Score = tuple[int, int, int, int]
GemCounts = tuple[int, int, int]  # unused gems of value 1, 2, 3


@dataclass(frozen=True)
class _Option:
    reduction: int
    score: Score
    items: tuple[str, ...]


def suggest(kit: Kit, attacks: list[Attack], attackers: Attackers,
            gems_defend: bool) -> list[tuple[str, str]]:
    """The least total defence consumed that prevents the most damage: exhaustive per colour
    (interchangeable items counted, not listed), gems shared between attacks by a small search
    over how many of each value each attack takes."""
    gems = sorted((i for i in kit.items if i.kind == "gem"), key=lambda i: i.id) if gems_defend \
        else []
    counts: GemCounts = tuple(sum(1 for g in gems if g.defence == v) for v in (1, 2, 3))  # type: ignore[assignment]
    targets: list[int | None] = [None]
    if kit.guard_any:
        targets = list(range(len(attacks)))
    best: tuple[Score, list[tuple[str, str]]] | None = None
    for target in targets:
        plan = _best_plan(kit, attacks, attackers, counts, target)
        if plan is not None and (best is None or plan[0] < best[0]):
            best = plan
    if best is None:
        return []
    return _with_gem_ids(best[1], gems)


def _best_plan(kit: Kit, attacks: list[Attack], attackers: Attackers, counts: GemCounts,
               target: int | None) -> tuple[Score, list[tuple[str, str]]] | None:
    """Dynamic programming over the attacks with the gems left as the state; ``target`` is the
    attack ``guard_any`` is counted against (it then takes the largest, see ``resolve``)."""
    states: dict[GemCounts, tuple[Score, list[tuple[str, str]]]] = {counts: ((0, 0, 0, 0), [])}
    for index, attack in enumerate(attacks):
        value = max(0, attack.value - kit.guard.get(attack.colour, 0))
        if index == target:
            value = max(0, value - kit.guard_any)
        options = _equipment_options(kit, attack.colour, value, attackers)
        nxt: dict[GemCounts, tuple[Score, list[tuple[str, str]]]] = {}
        # Every burst of a random game comes here for each seat that can guard: the tuples are
        # spelled out (a generator over ``zip`` costs several times as much), and a plan's
        # picks are listed only when it is kept.
        for gems_left, (score, chosen) in states.items():
            damage, spent, gems_used, chosen_count = score
            ones, twos, threes = gems_left
            for option in options:
                need = value - option.reduction
                cost, count = option.score[1], option.score[3]
                for taken, gem_sum in _gem_choices(gems_left, need):
                    rest = (ones - taken[0], twos - taken[1], threes - taken[2])
                    used = taken[0] + taken[1] + taken[2]
                    total = (damage + max(0, need - gem_sum), spent + cost + gem_sum,
                             gems_used + used, chosen_count + count + used)
                    known = nxt.get(rest)
                    if known is None or total < known[0]:
                        nxt[rest] = (total, [*chosen, *((i, attack.colour) for i in option.items),
                                             *(_gem_tokens(taken, attack.colour))])
        states = nxt
    return min(states.values(), key=lambda sc: sc[0], default=None)


def _equipment_options(kit: Kit, colour: str, value: int, attackers: Attackers) -> list[_Option]:
    """For each reduction (capped at ``value``) the cheapest equipment of ``colour`` giving it."""
    mine = sorted((i for i in kit.items if i.colour == colour), key=lambda i: i.id)
    gauntlets = [i for i in mine if i.kind == "gauntlet"]
    twos = [i for i in mine if i.kind in ("shield", "helm")]
    threes = [i for i in mine if i.kind == "armour"]
    swords = [i for i in mine if i.kind == "sword"][:1]
    pair_ok = kit.gauntlets.get(colour, 0) >= 2
    cut = sword_target(attackers, colour)[1]
    best: dict[int, _Option] = {}
    for g, t, a, s in product(range(len(gauntlets) + 1), range(len(twos) + 1),
                              range(len(threes) + 1), range(len(swords) + 1)):
        spent_gauntlets = g - 2 if pair_ok and g >= 2 else g
        reduction = min(value, g + 2 * t + 3 * a + cut * s)
        score = (0, spent_gauntlets + 2 * t + 3 * a + SWORD_COST * s, 0, g + t + a + s)
        known = best.get(reduction)
        if known is None or score < known.score:  # an option is made only when it is kept
            items = tuple(i.id for i in (*gauntlets[:g], *twos[:t], *threes[:a], *swords[:s]))
            best[reduction] = _Option(reduction, score, items)
    return list(best.values())


def _gem_choices(gems_left: GemCounts, need: int) -> Iterator[tuple[GemCounts, int]]:
    """How many gems of each value to add to an attack still ``need``-ing reduction; never one
    that a smaller choice already covers (a gem that could be left out)."""
    yield (0, 0, 0), 0
    if need <= 0:
        return
    for taken in product(*(range(n + 1) for n in gems_left)):
        total = taken[0] + 2 * taken[1] + 3 * taken[2]
        if total == 0:
            continue
        smallest = next(v for v, n in zip((1, 2, 3), taken, strict=True) if n)
        if total - smallest >= need:
            continue  # one gem fewer would do
        yield taken, total  # type: ignore[misc]


def _gem_tokens(taken: GemCounts, colour: str) -> Iterator[tuple[str, str]]:
    """Placeholders ``gem:<value>`` for gems, given real ids once the whole plan is known."""
    for value, count in zip((1, 2, 3), taken, strict=True):
        for _ in range(count):
            yield f"gem:{value}", colour


def _with_gem_ids(picks: list[tuple[str, str]], gems: list[Item]) -> list[tuple[str, str]]:
    free = {v: [g.id for g in gems if g.defence == v] for v in (1, 2, 3)}
    out = []
    for item, colour in picks:
        if item.startswith("gem:"):
            item = free[int(item[4:])].pop(0)
        out.append((item, colour))
    return out
