"""Bots for Last Dungeon Pocket. They see only the view and the legal actions (and the public cards).

``greedy`` plays its strongest cards until the adventurer would fall, expands when it can and
retreats only to avoid losing. ``planner`` (the best) enumerates every set of hand cards and spaces
for this round against the adventurer's remaining power, repels with the fewest cards it can (keeping
the strong ones), banks the most damage when it cannot, buys spaces with crystals only when they
turn the fight or save the game, and scouts when the crystals left still cover an emergency.

Both are stateless: each call recomputes from the view, so the Hint button can ask at any moment.
The rules' numbers come from the view (``shortfall``, ``free_spaces``, ``pending.paid``) and the
card file (``cost_on_room``), never worked out here again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from dungeon_table.ai.explain import Explains
from dungeon_table.ai.phase_bot import PhaseBot
from dungeon_table.core.cards import Text
from dungeon_table.core.protocol import Action
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import LastDungeonCards, cost_on_room, load
from dungeon_table.games.lastdungeon.rules import LastDungeon


@dataclass(frozen=True)
class Slot:
    """A free space and what its room does to a card played there."""

    index: int
    bonus: int
    delta: int
    draw: int


@dataclass(frozen=True)
class Plan:
    """Cards to play this round: ``plays`` (card, space), their damage and the cards they cost."""

    plays: tuple[tuple[str, int], ...]
    damage: int
    cost: int
    draws: int
    used_damage: int

    @property
    def consumed(self) -> int:
        return len(self.plays) + self.cost


EMPTY = Plan((), 0, 0, 0, 0)


def free_slots(view: m.LastDungeonView) -> list[Slot]:
    return [Slot(i, s.damage_bonus, s.cost_delta, s.draw_on_play)
            for i in view.free_spaces for s in (view.spaces[i],)]


def on_last_step(view: m.LastDungeonView) -> bool:
    """The next advance reaches the treasure (and loses)."""
    return view.position + 1 >= len(view.spaces) - 1


def plans(cards: LastDungeonCards, hand: list[str], slots: list[Slot], spare: int = 0) -> list[Plan]:
    """Every affordable way to play some hand cards on some free slots this round.

    Payment comes from the hand cards not played; ``spare`` of them are already promised elsewhere.
    Cost reductions go to the costliest cards (the best pairing for ``max(0, cost + delta)``).
    """
    stats = {c: cards.playable(c) for c in hand}
    out = [EMPTY]
    seen: set[tuple[tuple[int, int], ...]] = set()
    for k in range(1, min(len(slots), len(hand)) + 1):
        for chosen in combinations(sorted(hand, key=lambda c: -stats[c][0]), k):
            numbers = tuple(stats[c] for c in chosen)
            if numbers in seen:         # cards with the same numbers make the same plans
                continue
            seen.add(numbers)
            card_damage = sum(stats[c][1] for c in chosen)
            budget = len(hand) - k - spare
            for spaces in combinations(sorted(slots, key=lambda s: s.delta), k):
                cost = sum(cost_on_room(stats[c][0], s.delta)
                           for c, s in zip(chosen, spaces, strict=True))
                if cost > budget:
                    continue
                out.append(Plan(
                    plays=tuple((c, s.index) for c, s in zip(chosen, spaces, strict=True)),
                    damage=card_damage + sum(s.bonus for s in spaces),
                    cost=cost, draws=sum(s.draw for s in spaces), used_damage=card_damage,
                ))
    return out


def best_plan(candidates: list[Plan], need: int) -> Plan:
    """Repel with the fewest cards (weakest first) if possible; otherwise bank the most damage."""
    winning = [p for p in candidates if p.damage >= need]
    if winning:
        return min(winning, key=lambda p: (p.consumed, p.used_damage, -p.draws))
    return max(candidates, key=lambda p: (p.damage, -p.consumed, p.draws))


@lru_cache(maxsize=1 << 14)
def _known_plan(hand: tuple[str, ...], slots: tuple[Slot, ...], spare: int, need: int) -> Plan:
    """``best_plan`` over the card file's ``plans``, remembered: a plan depends on nothing else,
    and the same hands meet the same spaces again and again (the planner asks up to five times
    a step; the expert's playouts replay the same rounds), where enumerating them was nearly all
    of a playout's time."""
    return best_plan(plans(load(), list(hand), list(slots), spare), need)


def crystals_to_pay(crystals: list[m.Crystal], need: int) -> list[str]:
    """The crystals that meet ``need`` with the least overpaid (then the fewest), largest first."""
    best: tuple[int, int, tuple[m.Crystal, ...]] | None = None
    for k in range(1, min(len(crystals), 4) + 1):
        for combo in combinations(crystals, k):
            total = sum(c.value for c in combo)
            if total >= need and (best is None or (total, k) < best[:2]):
                best = (total, k, combo)
    if best is None:
        return [c.card for c in sorted(crystals, key=lambda c: -c.value)]
    return [c.card for c in sorted(best[2], key=lambda c: -c.value)]


def keep_value(cards: LastDungeonCards, card: str) -> float:
    cost, damage = cards.playable(card)
    return damage - 0.5 * cost


@dataclass(frozen=True)
class Tuning:
    """The planner's few judgement calls, kept together so the bench can try others."""

    reserve: int = 2            # crystals kept back for an emergency retreat
    expand_early: bool = True   # expand whenever the reserve stays covered
    # Crystals that must be left after scouting an adventurer of level 1, 2, 3 (99: never).
    scout_reserve: tuple[int, int, int] = (2, 2, 99)


class GreedyBot(PhaseBot):
    """Strongest cards first until the adventurer would fall; spend crystals only to survive.

    ``seed`` is the bots' common signature; these decide without chance."""

    name = "greedy"
    game = LastDungeon

    def __init__(self, seed: int) -> None:
        self.cards = load()

    def choose(self, view: m.LastDungeonView, legal: list[Action]) -> Action:
        """The phase's chooser; where it has no answer (or none that is legal), the last legal
        action: fight, crystallise, cancel."""
        action: Action | None = super().choose(view, legal)
        if action is None or action not in legal:
            return legal[-1]
        return action

    # --- shared pieces ------------------------------------------------------------------------
    def _pay_crystals(self, view: m.LastDungeonView, legal: list[Action]) -> Action:
        assert view.pending is not None
        left = [c for c in view.crystals if c.card not in view.pending.chosen]
        return m.Pay(crystal=crystals_to_pay(left, view.pending.need - view.pending.paid)[0])

    def _pay_cost(self, view: m.LastDungeonView, legal: list[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, m.Discard)]
        if not options:
            return m.Cancel()
        return min(options, key=lambda a: keep_value(self.cards, a.card))

    def _event_discard(self, view: m.LastDungeonView, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: keep_value(self.cards, a.card))  # type: ignore[attr-defined]

    def _repelled(self, view: m.LastDungeonView, legal: list[Action]) -> Action:
        assert view.adventurer is not None
        # Level 3 cards cost 3 crystals and come too late to pay back; the early ones do.
        if view.adventurer.level < 3 and view.crystal_total - view.adventurer.scout_cost >= 2:
            return m.Scout()
        return m.Crystallise()

    # --- the action phase ---------------------------------------------------------------------
    def _actions(self, view: m.LastDungeonView, legal: list[Action]) -> Action | None:
        if m.Expand() in legal:
            return m.Expand()
        need = view.shortfall
        plays = [a for a in legal if isinstance(a, m.Play)]
        if need > 0 and plays:
            bonus = {i: s.damage_bonus for i, s in enumerate(view.spaces)}
            return max(plays, key=lambda a: (keep_value(self.cards, a.card), bonus[a.space]))
        if need > 0 and on_last_step(view) and m.Retreat() in legal:
            return m.Retreat()
        return m.Fight()

    choosers = {"actions": _actions, "pay_cost": _pay_cost, "pay_crystals": _pay_crystals,
                "repelled": _repelled, "event_discard": _event_discard}


class PlannerBot(Explains, GreedyBot):
    """Plans the whole round: see the module docstring. Its hint says why (``explain``)."""

    name = "planner"

    def __init__(self, seed: int, tuning: Tuning | None = None) -> None:
        super().__init__(seed)
        self.tuning = tuning or Tuning()

    def _plan(self, view: m.LastDungeonView, slots: list[Slot] | None = None,
              hand: list[str] | None = None, spare: int = 0) -> Plan:
        cards = tuple(hand if hand is not None else view.hand or ())
        spaces = tuple(free_slots(view) if slots is None else slots)
        if self.cards is load():  # the card file's plans repeat: the expert's playouts ask again
            return _known_plan(cards, spaces, spare, view.shortfall)
        return best_plan(plans(self.cards, list(cards), list(spaces), spare), view.shortfall)

    def _actions(self, view: m.LastDungeonView, legal: list[Action]) -> Action | None:
        spend = self._spend(view, legal)
        if spend is not None:
            return spend
        plan = self._plan(view)
        if not plan.plays:
            return m.Fight()
        # Draw rooms first (the new cards may change the plan), then the costly cards.
        stats = {c: self.cards.playable(c) for c, _ in plan.plays}
        draw = {i: s.draw_on_play for i, s in enumerate(view.spaces)}
        card, space = max(plan.plays, key=lambda p: (draw[p[1]] > 0, stats[p[0]][0]))
        return m.Play(card=card, space=space)

    def _spend(self, view: m.LastDungeonView, legal: list[Action]) -> Action | None:
        """Expand or retreat when it turns the fight, saves the game, or (expand) is cheap enough."""
        can_expand, can_retreat = m.Expand() in legal, m.Retreat() in legal
        if not (can_expand or can_retreat):
            return None
        need = view.shortfall
        slots = free_slots(view)
        if self._plan(view, slots).damage >= need:
            if can_expand and self.tuning.expand_early and \
                    view.crystal_total - 3 >= self.tuning.reserve:
                return m.Expand()
            return None
        extra = self._extra_slots(view)
        if can_expand and self._plan(view, slots + [extra["expand"]]).damage >= need:
            return m.Expand()
        if can_retreat and self._plan(view, slots + [extra["retreat"]]).damage >= need:
            return m.Retreat()
        if can_expand and can_retreat and view.crystal_total >= 5 and self._plan(
                view, slots + [extra["expand"], extra["retreat"]]).damage >= need:
            return m.Expand()
        if on_last_step(view):
            return m.Expand() if can_expand else m.Retreat() if can_retreat else None
        if can_expand and view.crystal_total - 3 >= self.tuning.reserve:
            return m.Expand()
        return None

    def _extra_slots(self, view: m.LastDungeonView) -> dict[str, Slot]:
        """The slot an expansion would open (a set-aside room: effect unknown) or a retreat would."""
        assert view.adventurer is not None
        pos = view.position
        behind = view.spaces[pos]
        return {
            "expand": Slot(len(view.spaces), 0, 0, 0),
            "retreat": Slot(pos, behind.damage_bonus, behind.cost_delta, behind.draw_on_play),
        }

    def _pay_cost(self, view: m.LastDungeonView, legal: list[Action]) -> Action | None:
        pending = view.pending
        options = [a for a in legal if isinstance(a, m.Discard)]
        if pending is None or not options:
            return m.Cancel()
        rest = [a.card for a in options]
        slots = [s for s in free_slots(view) if s.index != pending.space]
        still = pending.need - len(pending.chosen)
        plan = self._plan(view, slots, rest, spare=still)
        keep = {c for c, _ in plan.plays}
        return min(options, key=lambda a: (a.card in keep, keep_value(self.cards, a.card)))

    def _repelled(self, view: m.LastDungeonView, legal: list[Action]) -> Action:
        adventurer = view.adventurer
        assert adventurer is not None
        left = view.crystal_total - adventurer.scout_cost
        if 1 <= adventurer.level <= 3 and left >= self.tuning.scout_reserve[adventurer.level - 1]:
            return m.Scout()
        return m.Crystallise()

    choosers = {**GreedyBot.choosers, "actions": _actions, "pay_cost": _pay_cost,
                "repelled": _repelled}

    # --- the hint's words (docs/rules/lastdungeon.md, "What the hint says") --------------------
    def explain(self, view: m.LastDungeonView, legal: list[Action],
                action: Action) -> Reason | None:
        """Why, from the same plan and numbers the choosers judged by."""
        power = view.adventurer.power if view.adventurer else 0
        if isinstance(action, m.Fight):
            key = "ld.why.check_repels" if view.shortfall <= 0 else "ld.why.check_short"
            text = ("go to the damage and repel check: {damage} damage against power {power} "
                    "repels it"
                    if view.shortfall <= 0 else
                    "go to the damage and repel check: {damage} damage against power {power}, "
                    "the most this "
                    "hand can add")
            return reason(key, text, damage=view.total_damage, power=power)
        if isinstance(action, m.Play):
            plan = self._plan(view)
            if plan.damage >= view.shortfall:
                return reason("ld.why.play_repels",
                              "play {card} on space {space}: with {n} cards this round repels "
                              "power {power}", card=self.name_of(action.card),
                              space=action.space, n=len(plan.plays), power=power)
            return reason("ld.why.play_banks",
                          "play {card} on space {space}: the most damage this hand can bank "
                          "({damage} of the {need} still missing)", card=self.name_of(action.card),
                          space=action.space, damage=plan.damage, need=view.shortfall)
        if isinstance(action, m.Expand):
            return reason("ld.why.expand", "expand: one more space to play on, {left} crystals "
                          "kept back", left=view.crystal_total - self.cards.rules.expand_crystals)
        if isinstance(action, m.Retreat):
            if on_last_step(view):
                return reason("ld.why.retreat_saves",
                              "retreat: the next advance would reach the treasure")
            return reason("ld.why.retreat_turns", "retreat: the space it frees lets this "
                          "round's cards repel power {power}", power=power)
        return self.explain_choice(view, action)

    def explain_choice(self, view: m.LastDungeonView, action: Action) -> Reason | None:
        """The smaller decisions: paying, scouting, the event's discard."""
        adventurer = view.adventurer
        if isinstance(action, m.Scout) and adventurer is not None:
            return reason("ld.why.scout", "scout {card}: {left} crystals are left for an "
                          "emergency", card=self.name_of(adventurer.card),
                          left=view.crystal_total - adventurer.scout_cost)
        if isinstance(action, m.Crystallise):
            return reason("ld.why.crystallise",
                          "crystallise: crystals now are worth more than this card later")
        if isinstance(action, m.Discard):
            return reason("ld.why.discard", "discard {card}: the card your plan needs least",
                          card=self.name_of(action.card))
        if isinstance(action, m.Pay) and view.pending is not None:
            value = next((c.value for c in view.crystals if c.card == action.crystal), 0)
            return reason("ld.why.pay", "pay the crystal of {value}: it covers the {need} still "
                          "owed with the least overpaid", value=value,
                          need=view.pending.need - view.pending.paid)
        if isinstance(action, m.Cancel):
            return reason("ld.why.cancel", "cancel: the cost is not worth paying")
        return None

    def name_of(self, card: str) -> Text | str:
        """A card's name in both languages (the table shows the player's), else its id."""
        for named in (*self.cards.dungeon, *self.cards.adventurers):
            if named.id == card:
                return named.name
        return card
