"""What things are worth to a player, in victory points: the arithmetic the Dungeon Market bots share.

Everything here reads only what a seat's view shows (every player's equipment, gems, jobs, life and
coins are public) and the card file. A card's worth to a player is the points it adds to their
score now and the damage it will keep off them before the game ends; life is worth what it does to
the life rank at the end, and more near death. A job is worth its effects over the part of the game
it is held at each level, and the fourth level's points if they come in time.

    valuer = Valuer(view)
    valuer.card_gain(seat, "red_helm_1")     # a kind more of red, and 2 defence against red
    valuer.job_worth(seat, "paladin")

The numbers the bots trust less than the arithmetic says (a life, a job) were set by play: the
bench (``bench/market_winrate.py``) pits a changed bot against unchanged ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from dungeon_table.games.market import card_rules
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import Effect, load

UNKNOWN_CARD = 1.0  # a hidden card's worth to whoever cannot see it: about an average loot's
SWORD_STOP = 4      # what a sword takes off: the stronger of a pair's attackers, on average


@dataclass(frozen=True)
class Tuning:
    """The bots' judgement calls, kept together so the bench can try others."""

    attacks_per_burst: float = 1.1  # attacks (colours) in an average burst
    burst_damage: float = 6.2       # summed attack of an average burst's colour
    damage_taken: float = 5.2       # life a player loses to a burst, before its own defence
    turns_per_burst: float = 3.5    # turns between bursts, to count the turns left
    death_weight: float = 2.0       # how much more life counts near death
    life_floor: float = 0.15        # a life's worth beyond the rank (more near death)
    life_scale: float = 0.6         # how far the bots trust their worth of a life
    exp_vp: float = 0.3             # one EXP, in points
    win_vp: float = 12.0            # ending the game in the lead (or not), in points
    opponent_weight: float = 0.5    # an opponent's gain against ours, shared among opponents
    leader_share: float = 0.5       # of that, how much goes to the leading opponent
    auction_vp: float = 0.5         # picking the job to auction (and winning ties), in points
    explore_bias: float = 0.0       # added to exploring on (the one-step look misses later turns)
    exp_per_turn: float = 2.2       # EXP an exploration brings, before job bonuses
    job_scale: float = 0.3          # how far the bots trust their worth of a job
    deny: float = 0.0               # how much keeping a job from an opponent counts in a bid


def equipment_points(card_ids: list[str]) -> int:
    """The equipment lines of the score (the rules' own, ``card_rules``, remembered there): the
    five-colour set, kinds per colour, swords. The order of the cards does not count. Every card
    a bot prices asks it of every seat's equipment with the card added."""
    return card_rules.equipment_points(load(), card_ids)


def _rank_points(place: float, table: list[int], players: int) -> float:
    """The rank points at a fractional place (0 = first), read between the table's entries."""
    table = table[:players]
    place = min(max(place, 0.0), players - 1)
    low = int(place)
    high = min(low + 1, players - 1)
    return table[low] + (table[high] - table[low]) * (place - low)


class Valuer:
    """Worths for every seat as the view stands; built once per decision."""

    def __init__(self, view: m.MarketView, tuning: Tuning | None = None) -> None:
        self.view = view
        self.tuning = tuning or Tuning()
        self.cards = load()
        self.info = self.cards.by_id()  # one dict for the thousands of look-ups a decision makes
        self.rank_table = self.cards.score.rank_points
        self.coin_vp = 1.0 / self.cards.score.coin_divisor
        self.n = view.n_players
        self._life_vp: dict[int, float] = {}
        self._card_gain: dict[tuple[int, str], float] = {}

    # --- how long the game has left --------------------------------------------------------
    @cached_property
    def bursts_left(self) -> float:
        """Bursts until someone falls: the frailest player's life over the damage it takes."""
        lives = []
        for p in self.view.players:
            guard = self.unused_defence_total(p.seat) / (len(self.cards.colours) * 2)
            per_burst = max(2.0, self.tuning.damage_taken - guard)
            lives.append(max(p.life, 1) / per_burst)
        return max(1.0, min(lives))

    @cached_property
    def own_turns_left(self) -> float:
        return max(1.0, self.bursts_left * self.tuning.turns_per_burst / self.n)

    def attacks_of(self, colour: str) -> float:
        """Expected attacks of one colour before the game ends."""
        return self.bursts_left * self.tuning.attacks_per_burst / len(self.cards.colours)

    def chance_attacked(self, colour: str) -> float:
        share = self.tuning.attacks_per_burst / len(self.cards.colours)
        return 1.0 - (1.0 - share) ** self.bursts_left

    # --- life -------------------------------------------------------------------------------
    def life_vp(self, seat: int) -> float:
        """Points one more life is worth to ``seat``: the slope of its expected life rank (lives
        ending spread by the bursts still to come), and more near death, where gems and the last
        rank are lost."""
        if seat not in self._life_vp:
            self._life_vp[seat] = self._slope_of_rank(seat)
        return self._life_vp[seat]

    def _slope_of_rank(self, seat: int) -> float:
        players = self.view.players
        me = players[seat]
        spread = (2.0 + 3.0 * math.sqrt(self.bursts_left)) * math.sqrt(2.0)  # of a life gap
        slope = 0.0  # how fast the expected number of players ending below rises with life
        for other in players:
            if other.seat != seat:
                gap = (me.life - other.life) / spread
                slope += math.exp(-gap * gap / 2) / (spread * math.sqrt(2.0 * math.pi))
        steps = [a - b for a, b in zip(self.rank_table, self.rank_table[1:self.n], strict=False)]
        per_place = sum(steps) / max(1, len(steps))
        danger = min(1.0, max(0.0, (12 - me.life) / 12))
        near_death = self.tuning.life_floor * (1.0 + self.tuning.death_weight * danger)
        return self.tuning.life_scale * (slope * per_place + near_death)

    def expected_rank_points(self, lives: list[float]) -> list[float]:
        """Each seat's life-rank points if the game ended with these lives."""
        out = []
        for i, life in enumerate(lives):
            above = sum(1 for j, other in enumerate(lives) if j != i and other > life)
            tied = sum(1 for j, other in enumerate(lives) if j != i and other == life)
            out.append(_rank_points(above + tied / 2, self.rank_table, self.n))
        return out

    # --- defence ----------------------------------------------------------------------------
    def unused(self, seat: int, colour: str) -> list[str]:
        return [h.card for h in self.view.players[seat].equipment
                if not h.used and self.info[h.card].colour == colour]

    def unused_defence_total(self, seat: int) -> int:
        p = self.view.players[seat]
        total = sum(self.info[h.card].defence for h in p.equipment if not h.used)
        return total + sum(self.info[h.card].value for h in p.gems if not h.used)

    def defence_against(self, seat: int, colour: str, attack: int) -> int:
        """What ``seat`` can take off one attack of ``colour`` now (items, a gem, job guards)."""
        items = [self.info[c] for c in self.unused(seat, colour)]
        gauntlets = sum(1 for c in items if c.loot == "gauntlet")
        guard = 2 if gauntlets >= 2 else 0
        guard += sum(SWORD_STOP if c.loot == "sword" else c.defence
                     for c in items if c.loot != "gauntlet")
        guard += gauntlets - 2 if gauntlets > 2 else gauntlets if gauntlets == 1 else 0
        gems = [self.info[h.card].value for h in self.view.players[seat].gems if not h.used]
        guard += max(gems, default=0) if self.gems_defend else 0
        guard += self.job_amount(seat, "guard", colour) + self.job_amount(seat, "guard_any")
        return min(attack, guard)

    def job_amount(self, seat: int, kind: str, colour: str = "") -> int:
        """The summed amount of one job effect ``seat`` has now (a colour's guard: that colour)."""
        total = 0
        for held in self.view.players[seat].jobs:
            at = self.cards.job_at(held.job, held.level)
            for effect in at.effects if at else []:
                if effect.kind == kind and (not colour or effect.colour == colour):
                    total += effect.amount
        return total

    def defence_gain(self, seat: int, card: str) -> float:
        """Life a new equipment card will keep off ``seat`` before the game ends, in points."""
        info = self.info[card]
        items = [self.info[c] for c in self.unused(seat, info.colour)]
        gauntlets = sum(1 for c in items if c.loot == "gauntlet")
        covered = sum(c.defence for c in items if c.loot != "gauntlet")
        covered += self.job_amount(seat, "guard", info.colour)
        crowd = 1.0 / (1.0 + covered / self.tuning.burst_damage)
        life_vp = self.life_vp(seat)
        if info.loot == "gauntlet" and gauntlets == 1:
            # The pair: 2 off every attack of the colour, and the lone gauntlet is kept.
            reusable = 2 * self.attacks_of(info.colour)
            return life_vp * (reusable - self.chance_attacked(info.colour))
        if info.loot == "gauntlet" and gauntlets >= 2:
            return life_vp * 1 * self.chance_attacked(info.colour) * 0.5
        stop = SWORD_STOP if info.loot == "sword" else info.defence
        return life_vp * stop * self.chance_attacked(info.colour) * crowd

    # --- cards ------------------------------------------------------------------------------
    def equipment_of(self, seat: int) -> list[str]:
        return [h.card for h in self.view.players[seat].equipment]

    @cached_property
    def _equipment_points(self) -> list[int]:
        return [equipment_points(self.equipment_of(p.seat)) for p in self.view.players]

    def points_gain(self, seat: int, card: str) -> float:
        """Equipment points a card adds now. (A share of the next kinds step it opens was counted
        too at first: bots that did so paid too much and lost to bots that did not.)"""
        held = self.equipment_of(seat)
        return equipment_points(held + [card]) - self._equipment_points[seat]

    def card_gain(self, seat: int, card: str) -> float:
        """What owning ``card`` is worth to ``seat``, in points (0 for what cannot be owned)."""
        key = (seat, card)
        if key not in self._card_gain:
            self._card_gain[key] = self._card_gain_now(seat, card)
        return self._card_gain[key]

    def _card_gain_now(self, seat: int, card: str) -> float:
        if not card or card == "?":
            return 0.0
        info = self.info[card]
        if info.kind == "gem":
            survive = 1.0 if self.view.players[seat].life > 8 else 0.6
            defend = info.value * self.life_vp(seat) if self.gems_defend else 0.0
            return info.value * survive + defend
        if info.kind != "monster" or not info.loot:
            return 0.0
        return self.points_gain(seat, card) + self.defence_gain(seat, card)

    @cached_property
    def gems_defend(self) -> bool:
        """House rule ``gems_defend``, as the view tells it."""
        return self.view.gems_defend

    def slot_gain(self, seat: int, slot: m.Slot) -> float:
        """What buying a discovery slot gives ``seat``. A chest gives nothing unless the house
        rule ``chest_buyer_gets_card`` is on: then its card, as far as ``seat`` knows it."""
        if not slot.chest:
            return self.card_gain(seat, slot.card)
        if not self.view.chest_buyer_gets_card or not slot.hidden:
            return 0.0
        return self.card_gain(seat, slot.hidden) if slot.hidden != "?" else UNKNOWN_CARD

    # --- whose gain counts how much against mine -----------------------------------------------
    def weights(self, me: int) -> list[float]:
        """How much each seat's gain counts for ``me``: 1 for itself, the opponents share
        ``opponent_weight`` against it (negative), the leading opponent (by points now) the most."""
        others = [p for p in self.view.players if p.seat != me]
        leader = max(others, key=lambda p: p.points).seat
        share = self.tuning.opponent_weight
        lead = self.tuning.leader_share
        out = []
        for p in self.view.players:
            if p.seat == me:
                out.append(1.0)
            else:
                out.append(-share * ((1 - lead) / len(others) + (lead if p.seat == leader else 0)))
        return out

    # --- jobs -------------------------------------------------------------------------------
    def exp_per_turn(self, seat: int) -> float:
        return self.tuning.exp_per_turn + self.job_amount(seat, "exp_bonus")

    def effect_worth(self, seat: int, effect: Effect) -> float:
        """Points one job effect brings ``seat`` over the rest of the game."""
        amount, turns, life = effect.amount, self.own_turns_left, self.life_vp(seat)
        worth = {
            "guard": lambda: min(amount, self.tuning.burst_damage) * self.attacks_of(effect.colour)
            * life,
            "guard_any": lambda: min(amount, self.tuning.burst_damage) * self.bursts_left * life,
            "heal": lambda: amount * turns * life * 0.6,
            "extra_reveal": lambda: amount * turns * 0.25,
            "peek": lambda: turns * 0.2,
            "exp_bonus": lambda: amount * turns * self.tuning.exp_vp,
            "commission": lambda: amount * turns * 0.6 * self.coin_vp,
            "discount": lambda: amount * turns * (self.n - 1) * 0.3 * self.coin_vp,
            "burst_share": lambda: min(amount, 3) * self.bursts_left * self.coin_vp,
            "vp": lambda: float(amount),
        }.get(effect.kind)
        return worth() if worth else 0.0

    def job_worth(self, seat: int, job_id: str, level: int = 0) -> float:
        """Points a job at ``level`` brings ``seat``: each level's effect over the part of the game
        it is held (EXP comes at ``exp_per_turn``, shared with the other jobs still to raise), and
        the fourth level's points if it comes before the end."""
        if not job_id:
            return 0.0
        return self.tuning.job_scale * self._job_worth(seat, job_id, level)

    def _job_worth(self, seat: int, job_id: str, level: int) -> float:
        job = self.cards.job(job_id)
        player = self.view.players[seat]
        others = sum(1 for j in player.jobs if j.job != job_id and j.level < len(job.levels))
        rate = self.exp_per_turn(seat) / (1.0 + 0.5 * others)
        turns = self.own_turns_left
        spent, exp = 0, player.exp
        reached: list[float] = []  # the turn each level comes, from ``level`` on
        for step in range(level, len(job.levels)):
            spent += self.cards.level_costs[step]
            reached.append(max(0.0, (spent - exp) / rate))
        worth = 0.0
        for step, start in enumerate(reached):
            if start >= turns:
                break
            end = reached[step + 1] if step + 1 < len(reached) else turns
            held = job.levels[level + step]
            span = (min(end, turns) - start) / turns
            worth += span * sum(self.effect_worth(seat, e) for e in held.effects)
            if level + step == len(job.levels) - 1:
                worth += held.vp
        return worth
