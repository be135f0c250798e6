"""The Dungeon! bots' decisions, phase by phase (``bot.py`` names the levels).

``GreedyBot`` walks to the nearest room whose monsters it beats half the time or more (else the
nearest of the rest), fights whatever it meets, never peeks, and heads home once it holds its
class's gold. ``DelverBot`` (the best) weighs
every room and waiting monster by the class's odds against what the level's deck may still turn
up, the treasure's worth toward the gp still needed, the defeat table's risks and the turns the
walk takes (``bot_judge``); it looks through the doorway first (ESP, a wizard's spells), holds off
a bad card, takes its last treasure near the Great Hall, keeps away from hunters and goes for the
hunted treasure's level in the treasure hunt.

Both are stateless and use no chance: each call recomputes from the view and the legal actions.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.ai.phase_bot import PhaseBot
from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.board import HALL
from dungeon_table.games.dungeon.bot_judge import Judge, Style, Target
from dungeon_table.games.dungeon.bot_map import FAR
from dungeon_table.games.dungeon.bot_odds import card_odds
from dungeon_table.games.dungeon.cards import base_id
from dungeon_table.games.dungeon.rules import Dungeon
from dungeon_table.games.dungeon.tables import load_tables

# The classes a bot takes, best first. The greedy bot fights with its weapon, so the fighter;
# the delver's wizard spells from the doorway, where a miss brings no counter-attack: it wins
# races and time attacks in the fewest turns (23.7 on average against the fighter's 28.5 alone in
# the dungeon), loses fewest heroes in the treasure hunt and survives hunters as well as any.
GREEDY_CLASSES = ("fighter", "rogue", "cleric", "wizard")
DELVER_CLASSES = ("wizard", "fighter", "rogue", "cleric")
# The racer's (the expert's guide's) classes in a race against other heroes: the rogue first,
# whose 10,000 gp come home long before a wizard's 30,000 or a fighter's 20,000. One such delver
# against three delvers, seeds 1000-1399 (a fair share is 25 %): 24.5 % with the delver's order
# (the wizard 66 of 192, the fighter 30 of 185), 42.8 % with the rogue first (docs/bots.md).
RACE_CLASSES = ("rogue", "cleric", "wizard", "fighter")
RACE_MODES = ("race",)
# Targets tried in turn when the best cannot be walked toward now.
TARGETS_TRIED = 6
# A wizard's spellbook: fireballs hit more monsters, lightning the fireball-proof ones.
SPELL_MIX = {"fireball": 0.6, "lightning": 0.4, "teleport": 0.0}


class GreedyBot(PhaseBot):
    """The weaker level: see the module docstring. Each phase's chooser (``choosers``, by the
    game's phases) answers an action, or None for the ``fallback``."""

    game = Dungeon
    name = "greedy"
    style = Style(careful=False, least_hit=0.5, peeks=False, through_hunters=True)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: m.DungeonView, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        action: Action | None = super().choose(view, legal)
        if action is not None and action in legal:
            return action
        return self.fallback(view, legal)

    def fallback(self, view: m.DungeonView, legal: list[Action]) -> Action:
        for kind in (m.EndTurn, m.Attack, m.Enter):
            found = first(legal, kind)
            if found is not None:
                return found
        return legal[0]

    @staticmethod
    def seat(view: m.DungeonView) -> int:
        return view.seat if view.seat is not None else view.active

    def judge(self, view: m.DungeonView) -> Judge:
        return Judge(view, self.seat(view), self.style)

    # --- setup ------------------------------------------------------------------------------
    def _choose_hero(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        for hero in self.class_order(view):
            if hero in view.hero_choices:
                return m.ChooseHero(hero=hero)
        return None

    classes = GREEDY_CLASSES

    def class_order(self, view: m.DungeonView) -> tuple[str, ...]:
        return self.classes

    def _spells(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        """The wish list: each wish the spell furthest below its share of the book (the spells
        held and the wishes so far counted); sealed once full."""
        if m.SealWishes() in legal:
            return m.SealWishes()
        planned = [*view.heroes[self.seat(view)].spells, *view.spell_wishes]
        held = len(planned) + 1

        def shortfall(spell: str) -> float:
            return SPELL_MIX.get(spell, 0.0) * held - planned.count(spell)

        wishes = [a for a in legal if isinstance(a, m.WishSpell)]
        return max(wishes, key=lambda a: (shortfall(a.spell), a.spell == "fireball"), default=None)

    # --- the turn ---------------------------------------------------------------------------
    def _move(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        if view.mode == "treasure_hunt" and not hunt_rooms_left(view):
            return first(legal, m.EndTurn)  # the hunted treasure can no longer come out
        judge = self.judge(view)
        if m.Refill() in legal and not judge.done():
            return m.Refill()
        if self.fights_hunter_here(view, judge):
            return m.Attack()
        targets = [] if judge.done() else self.pick_targets(judge)
        if judge.done() or self.refill_trip(judge, targets):
            return self.walk_to_hall(view, judge, legal)
        # The first target the hero can make progress toward (a way may be shut for now).
        for target in targets[:TARGETS_TRIED]:
            action = self.approach(view, judge, target, legal)
            if action is not None:
                return action
        return self.idle(view, legal)

    def fights_hunter_here(self, view: m.DungeonView, judge: Judge) -> bool:
        """A hunter stands in the hero's space at the turn's start: attack it only with even odds
        or better (it attacks anyway once the turn is over, and that costs the hero no turn)."""
        hunter = judge.hunters.get(judge.me.space)
        if view.waiting is None or hunter is None:
            return False
        return judge.hunter_hit(hunter) >= judge.style.hunter_fight

    def refill_trip(self, judge: Judge, targets: list[Target]) -> bool:
        """A wizard with no attack spell left goes home to refill (the delver also when its few
        spells leave it nothing worth fighting)."""
        me = judge.me
        if judge.hero != "wizard" or len(me.spells) >= me.spellbook_size:
            return False
        if me.space not in judge.to_hall:
            return False
        if not judge.spells:
            return True
        return (self.style.careful and 2 * len(judge.spells) < me.spellbook_size
                and max((t.value for t in targets), default=-FAR) < 0)

    def pick_targets(self, judge: Judge) -> list[Target]:
        """The nearest it likes the odds of first, then the nearest of the rest (it would
        rather fight long odds than stand still)."""
        targets = judge.targets()
        if judge.hunting:
            targets = [t for t in targets if t.hunt > 0]
        return sorted(targets, key=lambda t: (t.value <= -FAR, t.turns, -t.value, t.space))

    def idle(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        return first(legal, m.EndTurn)

    def walk_to_hall(self, view: m.DungeonView, judge: Judge,
                     legal: list[Action]) -> Action | None:
        me = judge.me
        if me.space == HALL:
            return first(legal, m.EndTurn)
        return self.step_toward(view, judge, judge.to_hall, HALL, legal) or first(legal, m.EndTurn)

    def approach(self, view: m.DungeonView, judge: Judge, target: Target,
                 legal: list[Action]) -> Action | None:
        if target.space == judge.me.space:
            return first(legal, m.Attack)
        return self.step_toward(view, judge, judge.walk.spread(target.space), target.space, legal)

    def step_toward(self, view: m.DungeonView, judge: Judge, dist: dict[str, float], goal: str,
                    legal: list[Action]) -> Action | None:
        """The move whose end is nearest ``goal`` (never into another blocking space; a hunter
        in the way is walked into and fought), or None when none gets nearer."""
        best: tuple[float, str] | None = None
        here = dist.get(judge.me.space, FAR)
        for dest in view.moves:
            if dest in judge.walk.blocking and dest != goal:
                continue
            cost = self.dest_cost(view, judge, dist, dest)
            if cost < here and (best is None or (cost, dest) < best):
                best = (cost, dest)
        if best is None:
            return None
        return m.Move(path=view.moves[best[1]])

    def dest_cost(self, view: m.DungeonView, judge: Judge, dist: dict[str, float],
                  dest: str) -> float:
        """Moves still to go from ``dest``, unfound secret doors on the way priced by their
        roll."""
        doors = len(view.secret_doors_on.get(dest, []))
        return dist.get(dest, FAR) + doors * judge.walk.door_cost * 0.5

    # --- facing a monster --------------------------------------------------------------------
    def _doorway(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        spells = [a for a in legal if isinstance(a, m.CastSpell)]
        door = view.doorway
        if spells and door is not None:
            return max(spells, key=lambda a: (-door.spell_need.get(a.spell, 13), a.spell))
        return m.Enter()

    def _combat(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        return m.Attack()

    def _pit(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        judge = self.judge(view)
        chambers = [a for a in legal if isinstance(a, m.ChooseChamber)]

        def worth(action: m.ChooseChamber) -> float:
            target = judge.target(action.space)
            if target is None:  # nothing to gain there: only its risk
                space = judge.walk.board.spaces[action.space]
                target = Target(action.space, space.level, space.kind, 0, 1,
                                judge.pool(space.level), 0.0, 0)
            return judge.target_value(target)

        return max(chambers, key=lambda a: (worth(a), a.space), default=None)

    choosers = {"choose_hero": _choose_hero, "spells": _spells, "move": _move,
                "doorway": _doorway, "combat": _combat, "pit": _pit}


class DelverBot(GreedyBot):
    """The best level: see the module docstring."""

    name = "delver"
    style = Style()
    classes = DELVER_CLASSES

    def pick_targets(self, judge: Judge) -> list[Target]:
        """The most valuable first."""
        targets = judge.targets()
        if judge.hunting:
            targets = [t for t in targets if t.hunt > 0]
        return targets

    def approach(self, view: m.DungeonView, judge: Judge, target: Target,
                 legal: list[Action]) -> Action | None:
        me = judge.me
        if target.space == me.space:  # the monster waiting here (a hunter is never a target)
            return first(legal, m.Attack)
        peek = self.peek(view, judge, target)
        if peek is not None:
            return peek
        return self.step_toward(view, judge, judge.walk.spread(target.space), target.space, legal)

    def peek(self, view: m.DungeonView, judge: Judge, target: Target) -> Action | None:
        """At the target's doorway: a wizard's spell peek (never worse than walking in: the
        doorway still offers ``enter``) when a spell can hurt what may be there, else the ESP
        medallion on an unknown card."""
        if target.space in view.peek_targets.get("spell", []):
            if any(judge.spell_hit(c)[1] > 0 for c in target.cards):
                return m.Peek(space=target.space, using="spell")
        if target.space in view.peek_targets.get("esp", []) and len(target.cards) > 1:
            return m.Peek(space=target.space, using="esp")
        return None

    def step_toward(self, view: m.DungeonView, judge: Judge, dist: dict[str, float], goal: str,
                    legal: list[Action]) -> Action | None:
        """As greedy, but a wizard stops at the doorway (to spell it next turn) and a hunter
        within reach of a turn's end is priced."""
        spelling = bool(judge.spells) and goal != HALL and goal not in judge.hunters
        best: tuple[float, str] | None = None
        here = dist.get(judge.me.space, FAR)
        for dest in view.moves:
            if dest in judge.walk.stops and dest != goal:
                continue
            if dest == goal and spelling and here > 1:
                continue  # walk to the doorway first, then peek with a spell
            cost = self.dest_cost(view, judge, dist, dest)
            if cost >= here:
                continue
            cost += self.hunter_price(view, judge, dist, dest)
            if best is None or (cost, dest) < best:
                best = (cost, dest)
        if best is None and goal in view.moves:
            return m.Move(path=view.moves[goal])  # no doorway to spell it from: go in
        if best is None:
            return None
        return m.Move(path=view.moves[best[1]])

    def hunter_price(self, view: m.DungeonView, judge: Judge, dist: dict[str, float],
                     dest: str) -> float:
        """In moves: the ambush risk of ending the turn at ``dest``."""
        if not judge.hunters or dest in judge.walk.stops:
            return 0.0
        left = view.moves_left - len(view.moves[dest])
        if left > 0:
            return 0.0  # the turn goes on from there
        return judge.caught(dest) / max(1.0, judge.rate) * 5

    # --- facing a monster --------------------------------------------------------------------
    def _doorway(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        door = view.doorway
        if door is None:
            return None
        judge = self.judge(view)
        target = judge.target(door.space)
        if target is None:
            return m.Hold()
        card = door.card
        enter = judge.meet_value(card, target, doorway=False)
        options: list[tuple[float, Action]] = [(enter, m.Enter())]
        win = judge.win_worth(target)
        for action in legal:
            if isinstance(action, m.CastSpell):
                p = judge.odds.spell_hit(card, action.spell)
                options.append((p * win - (1 - p) * judge.rate * 0.5, action))
        # Holding off loses the turn. After an ESP look the room gets a fresh card; a card known
        # before the peek was chosen knowing it, so holding it off would only come back to it.
        known = door.space in judge.slots and door.using == "spell"
        if not known:
            fresh = 0.0
            if door.using == "esp":
                pool = judge.pool(target.level)
                fresh = sum(judge.meet_value(c, target) for c in pool) / max(1, len(pool))
            options.append((max(0.0, fresh) - judge.rate, m.Hold()))
        return max(options, key=lambda o: o[0])[1]

    def _combat(self, view: m.DungeonView, legal: list[Action]) -> Action | None:
        """Attack, unless a wizard can teleport out of a bad fight into a cleared chamber."""
        enc = view.encounter
        teleports = [a for a in legal if isinstance(a, m.Teleport)]
        if enc is None or not teleports:
            return m.Attack()
        judge = self.judge(view)
        target = judge.target(enc.space)
        if target is None:
            space = judge.walk.board.spaces[enc.space]
            target = Target(enc.space, space.level, space.kind, 0, 1, [enc.card], 0.0, 0)
        fight = judge.meet_value(enc.card, target, doorway=False)
        safe = [a for a in teleports if a.to not in judge.walk.stops]
        if fight < 0 and safe:
            return min(safe, key=lambda a: (judge.hall_turns(a.to), a.to))
        return m.Attack()

    choosers = {**GreedyBot.choosers, "doorway": _doorway, "combat": _combat}


class RacerBot(DelverBot):
    """The expert's guide: the delver, but in a race against other heroes it takes the rogue
    (``RACE_CLASSES``) where the delver, whose order was chosen for the fewest turns alone,
    takes the wizard and then the fighter."""

    name = "racer"

    def class_order(self, view: m.DungeonView) -> tuple[str, ...]:
        return RACE_CLASSES if view.mode in RACE_MODES else self.classes


def hunt_rooms_left(view: m.DungeonView) -> bool:
    """Treasure hunt: a room of the hunted treasure's level is still to be won (each win draws
    one treasure of that level; a cleared room gives none)."""
    level = card_odds().treasure_level.get(base_id(view.hunt_treasure), 0)
    tables = load_tables()
    return any(not tables.cleared(room, view.defeat_tokens.get(room, 0))
               for room in tables.board.rooms(level))


def first(legal: list[Action], kind: type[Any]) -> Action | None:
    return next((a for a in legal if isinstance(a, kind)), None)
