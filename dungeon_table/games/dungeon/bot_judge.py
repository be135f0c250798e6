"""How a Dungeon! bot weighs a fight and a target, from its seat's view and the card files.

Everything is counted in gp. A turn costs ``rate`` gp (what a turn of delving earns: the price
of time), a treasure is worth what it brings toward the class's target (gp beyond the target
count for little: only the round limit ranks by them), and a counter-attack costs what the
defeat table takes on average: a treasure dropped (it lies under the monster, so part of it comes
back), a lost turn, the walk back from the Great Hall, and a death.

    judge = Judge(view, seat, style)
    for target in judge.targets():           # every room or chamber worth a fight, valued
        ...
    judge.meet_value(card, space)            # meeting this card there, fought the best way

In the treasure hunt gp count for nothing: a room of the hunted level is worth its chance of
holding the hunted treasure, and a death (the second loses) is what is feared. In the hunter mode
a hunter's reach is priced too: its kill loses the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.board import HALL
from dungeon_table.games.dungeon.bot_map import FAR, Walk, open_distances, turns_for
from dungeon_table.games.dungeon.bot_odds import (
    card_odds,
    hunted_chance,
    monster_pool,
    treasure_worth,
)
from dungeon_table.games.dungeon.odds import sword_bonus


@dataclass(frozen=True)
class Style:
    """A bot level's judgement."""

    rate: float = 0.025           # a turn's worth: this share of the class's target
    kept: float = 0.5             # share of a dropped treasure counted as coming back
    surplus: float = 0.1          # worth of a gp beyond the target
    careful: bool = True          # prices the counter-attack (greedy does not)
    least_hit: float = 0.0        # greedy: fights only where its mean chance is at least this
    peeks: bool = True            # ESP and spells from the doorway
    home_base: float = 3.0        # turns home a finished hero expects anyway
    hunt_worth: float = 10_000.0  # treasure hunt: the hunted treasure
    death_cost: float = 20_000.0  # a lost game (hunt's second death, a hunter's kill)
    hunter_fight: float = 0.5     # hunter mode: attack a hunter at this chance or better
    through_hunters: bool = False  # hunter mode: plan routes through a hunter (greedy) or round it
    hunted_home: float = 0.0      # hunter mode: turns home priced at this share of a turn each


@dataclass
class Target:
    """A room or chamber to fight in: where, how far and what it may hold."""

    space: str
    level: int
    kind: str
    moves: float
    turns: int
    cards: list[str]              # the card met there (one if known), else what a draw may be
    treasure: float               # mean gp of the room's own treasure (0 for a chamber)
    dropped: int                  # gp lying under its monster
    value: float = 0.0
    hunt: float = 0.0             # treasure hunt: the chance its treasure is the hunted one
    notes: list[str] = field(default_factory=list)


class Judge:
    """One decision's judgement: the view read once, values on demand."""

    def __init__(self, view: m.DungeonView, seat: int, style: Style) -> None:
        self.view = view
        self.seat = seat
        self.style = style
        self.odds = card_odds()
        self.me = view.heroes[seat]
        self.hero = self.me.hero
        self.bonus = sword_bonus(self.hero, self.me.sword, self.me.sword_bonus)
        self.gp = self.me.gp
        self.goal = self.me.target or self.odds.target.get(self.hero, 10_000)
        self.hunting = view.mode == "treasure_hunt"
        self.rate = style.rate * self.goal
        if self.hunting:
            self.rate = style.rate * style.hunt_worth / 4  # time matters little here
        self.walk = Walk(view, seat, style.through_hunters)
        self.from_me = self.walk.spread(self.me.space) if self.me.space else {}
        self._to_hall: dict[str, float] | None = None
        self.moves_left = view.moves_left if view.phase == "move" else self.odds.moves
        self.spells = [s for s in self.me.spells if s in m.ATTACK_SPELLS]
        self.slots = {s.space: s for s in view.slots}
        self.hunters = {h.space: h for h in view.hunters}
        self._pools: dict[int, list[str]] = {}
        self._treasures: dict[int, float] = {}
        self._hits: dict[str, float] = {}
        self._counters: dict[tuple[str, bool], float] = {}

    # --- distances ------------------------------------------------------------------------
    @property
    def to_hall(self) -> dict[str, float]:
        if self._to_hall is None:
            self._to_hall = self.walk.spread(HALL)
        return self._to_hall

    def hall_turns(self, space: str) -> float:
        return self.to_hall.get(space, FAR) / self.odds.moves

    def done(self) -> bool:
        """Enough gp to win on reaching the Great Hall."""
        return not self.hunting and self.gp >= self.goal

    # --- gp as the race counts it ---------------------------------------------------------
    def utility(self, gp: float) -> float:
        return min(gp, self.goal) + self.style.surplus * max(0.0, gp - self.goal)

    def gain(self, extra: float, space: str) -> float:
        """What ``extra`` gp gained in ``space`` is worth, the walk home included once it
        completes the target."""
        value = self.utility(self.gp + extra) - self.utility(self.gp)
        if self.gp < self.goal <= self.gp + extra:
            value -= self.rate * (self.hall_turns(space) - self.style.home_base)
        return value

    def lose(self, amount: float) -> float:
        return (self.utility(self.gp) - self.utility(self.gp - amount)) * (1 - self.style.kept)

    # --- a fight --------------------------------------------------------------------------
    def counter_cost(self, space: str, hunter: bool = False) -> float:
        """The mean price of a counter-attack in ``space`` (``hunter``: its kill loses)."""
        key = (space, hunter)
        if key not in self._counters:
            self._counters[key] = self._counter_cost(space, hunter)
        return self._counters[key]

    def _counter_cost(self, space: str, hunter: bool) -> float:
        if not self.style.careful:
            return 0.0
        d = self.odds.defeat
        held = len(self.me.treasures)
        one = self.gp / held if held else 0.0
        drops = (d["stunned"] + d["wounded"]) * self.lose(one) + d["badly_wounded"] * self.lose(
            self.gp / 2)
        back = min(self.hall_turns(space), 8.0)
        turns = d["wounded"] * 1 + d["badly_wounded"] * back + d["killed"] * (back + 1)
        return drops + self.rate * turns + d["killed"] * self.death_cost(hunter)

    def death_cost(self, hunter: bool) -> float:
        """A death: everything dropped (it lies under the monster), or a lost game."""
        if self.hunting or (hunter and self.view.mode == "hunter"):
            if not self.hunting or self.me.deaths >= self.odds.hunt_deaths:
                return self.style.death_cost
            return self.style.death_cost / 4  # the first of two allowed
        return (self.utility(self.gp) - self.utility(0)) * (1 - self.style.kept) + self.bonus * (
            0.1 * self.goal)

    def hit(self, card: str) -> float:
        if card not in self._hits:
            self._hits[card] = self.odds.hit(card, self.hero, self.bonus) if self.hero else 0.0
        return self._hits[card]

    def spell_hit(self, card: str) -> tuple[str, float]:
        """The best attack spell this wizard holds against ``card``: (spell, chance)."""
        best = ("", 0.0)
        for spell in sorted(set(self.spells)):
            p = self.odds.spell_hit(card, spell)
            if p > best[1]:
                best = (spell, p)
        return best

    def win_worth(self, target: Target) -> float:
        """A win there: the room's treasure and what lies under the monster."""
        if self.hunting:
            return self.style.hunt_worth * target.hunt
        return self.gain(target.treasure + target.dropped, target.space)

    def meet_value(self, card: str, target: Target, doorway: bool = True) -> float:
        """Meeting ``card`` in the target's space, fought the best way open (a wizard's spell
        from the doorway when ``doorway``)."""
        foe = self.odds.foe(card)
        win = self.win_worth(target)
        if foe.trap:
            room = win if target.kind == "room" else 0.0
            if foe.trap == "cage":
                return room - self.rate * foe.cage_turns
            return room - self.pit_cost(foe.pit_level)
        hunter = target.space in self.hunters
        p = self.hit(card)
        melee = p * win - (1 - p) * self.counter_cost(target.space, hunter)
        if doorway and self.style.peeks and self.spells and not hunter:
            _spell, ps = self.spell_hit(card)
            spelled = ps * win - (1 - ps) * self.rate * 0.5  # a miss: the spell and a turn
            return max(melee, spelled)
        return melee

    def pit_cost(self, level: int) -> float:
        """A pit: a fight in a chamber of ``level`` (no treasure of its own)."""
        pool = self.pool(level)
        if not pool:
            return 0.0
        fights = [c for c in pool if not self.odds.foe(c).trap]
        if not fights:
            return 0.0
        miss = sum(1 - self.hit(c) for c in fights) / len(fights)
        return miss * self.counter_cost(HALL)

    def treasure(self, level: int) -> float:
        if level not in self._treasures:
            self._treasures[level] = treasure_worth(self.view, level)
        return self._treasures[level]

    def pool(self, level: int) -> list[str]:
        if level not in self._pools:
            self._pools[level] = monster_pool(self.view, level)
        return self._pools[level]

    # --- targets --------------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """Every room or chamber this hero could fight in, valued; the best first."""
        out = []
        for space in sorted(self.walk.blocking):
            target = self.target(space)
            if target is not None:
                target.value = self.target_value(target)
                out.append(target)
        out.sort(key=lambda t: (-t.value, t.moves, t.space))
        return out

    def target(self, space: str) -> Target | None:
        info = self.walk.board.spaces[space]
        moves = self.from_me.get(space)
        if moves is None or space in self.hunters:
            return None
        if info.kind == "room" and space in self.walk.others:
            return None  # a room holds one hero
        if space == self.me.space and self.view.phase == "move" and self.view.waiting is None:
            return None  # nothing waits here (no slot was free): leave and come back
        slot = self.slots.get(space)
        if slot is not None and slot.monster:
            cards = [slot.monster]
        else:
            cards = self.pool(info.level)
        uncleared = not self.walk.tables.cleared(space, self.view.defeat_tokens.get(space, 0))
        treasure = 0.0
        hunt = 0.0
        if info.kind == "room" and uncleared:
            treasure = (self.odds.worth(slot.treasure) if slot is not None and slot.treasure
                        else self.treasure(info.level))
            hunt = hunted_chance(self.view, info.level)
        dropped = sum(self.odds.worth(c) for c in slot.dropped) if slot is not None else 0
        if not cards or (info.kind != "room" and not dropped):
            return None  # nothing to meet, or nothing to gain
        turns = turns_for(moves, self.moves_left, self.odds.moves)
        return Target(space, info.level, info.kind, moves, turns, cards, treasure, dropped,
                      hunt=hunt)

    def target_value(self, target: Target) -> float:
        fights = [self.meet_value(c, target) for c in target.cards]
        if not self.style.careful:
            mean_hit = sum(self.hit(c) for c in target.cards) / len(target.cards)
            if mean_hit < self.style.least_hit:
                return -FAR
        value = sum(fights) / len(fights) - self.rate * target.turns
        if self.hunters:
            value -= self.style.hunted_home * self.rate * self.hall_turns(target.space)
        return value - self.hunter_risk(target)

    # --- hunters --------------------------------------------------------------------------
    def hunter_risk(self, target: Target) -> float:
        """Hunter mode: the price of a hunter catching the hero at the target."""
        if not self.hunters:
            return 0.0
        risk = 0.0
        for hunter in self.hunters.values():
            gap = open_distances(hunter.space).get(target.space, 99)
            if gap - self.odds.hunter_steps * (target.turns - 1) <= self.odds.hunter_steps:
                risk += self.ambush_cost(hunter)
        return risk

    def ambush_cost(self, hunter: m.HunterView) -> float:
        p = self.hunter_hit(hunter)
        return (1 - p) * self.counter_cost(hunter.space, hunter=True)

    def hunter_hit(self, hunter: m.HunterView) -> float:
        if hunter.card:
            return self.hit(hunter.card)
        pool = [c for c in self.pool(self.odds.hunter_level) if not self.odds.foe(c).trap]
        return sum(self.hit(c) for c in pool) / len(pool) if pool else 0.0

    def caught(self, space: str) -> float:
        """The price of ending a turn in ``space``: hunters within a move of it attack."""
        cost = 0.0
        for hunter in self.hunters.values():
            if open_distances(hunter.space).get(space, 99) <= self.odds.hunter_steps:
                cost += self.ambush_cost(hunter)
        return cost
