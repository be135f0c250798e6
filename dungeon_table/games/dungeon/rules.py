"""Dungeon! (the 2012-style edition), 1-8 heroes: the game, phase by phase.

Setup: each seat chooses a hero (two pawns per class), wizards fill their spellbooks (1d6 + 6
spells, by a sealed draft), seat 0 starts and play goes clockwise. A turn: a lose-turn token
costs the whole turn; otherwise the hero moves up to 5 spaces, meets what waits in an uncleared
room or chamber, and wins by ending a turn in the Great Hall holding its class's gold. The solo
modes change only how the game ends and who else walks the board.

    game = Dungeon(["human", "bot:random"], seed=7, options={"heroes": "fighter,wizard"})
    game.apply(0, m.Move(path=["c10-3", "1a"]))

The flow is the ``phases`` table below; each phase's rules are in its ``flow_<phase>.py``, what
they share in ``base.py``, ``encounter.py`` (a monster met and fought), ``cycle.py`` (turn after
turn), ``hunters.py`` and ``modes.py``; what a seat sees is in ``views.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from dungeon_table.core.phased import OVER, Phase, offer
from dungeon_table.core.protocol import Action, Event, Result, ScoreLine
from dungeon_table.core.reasons import Reason, refuse
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from dungeon_table.games.dungeon import (
    flow_choose_hero,
    flow_combat,
    flow_doorway,
    flow_move,
    flow_pit,
    flow_spells,
    modes,
    views,
)
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import LEVELS, DungeonBase
from dungeon_table.games.dungeon.state import DungeonState, Hero, Slot
from dungeon_table.games.dungeon.tables import load_tables


class Dungeon(DungeonBase):
    phases = {
        "choose_hero": Phase(
            flow_choose_hero.legal, {m.ChooseHero: flow_choose_hero.choose_hero},
            hint=refuse("dungeon.wants.choose_hero", "choose a hero"),
            checks={m.ChooseHero: flow_choose_hero.why_not_choose_hero}),
        "spells": Phase(
            flow_spells.legal,
            {m.WishSpell: flow_spells.wish_spell, m.UnwishSpell: flow_spells.unwish_spell,
             m.SealWishes: flow_spells.seal_wishes},
            hint=refuse("dungeon.wants.spells",
                        "write the spell wish list: wish for a spell, take the last off, or seal "
                        "it"),
            checks={m.WishSpell: flow_spells.why_not_wish_spell,
                    m.UnwishSpell: flow_spells.why_not_unwish_spell,
                    m.SealWishes: flow_spells.why_not_seal_wishes},
            offers=offer(m.UnwishSpell(), m.SealWishes())),
        "move": Phase(
            flow_move.legal,
            {m.Move: flow_move.move, m.EndTurn: flow_move.end_turn,
             m.Attack: flow_move.attack_waiting, m.Peek: flow_move.peek,
             m.Scry: flow_move.scry, m.Refill: flow_move.refill,
             m.Teleport: flow_combat.teleport},
            hint=refuse("dungeon.wants.move", "move, end the turn, or use what the hero holds"),
            checks={m.Move: flow_move.why_not_move, m.EndTurn: flow_move.why_not_end_turn,
                    m.Attack: flow_move.why_not_attack, m.Peek: flow_move.why_not_peek,
                    m.Scry: flow_move.why_not_scry, m.Refill: flow_move.why_not_refill,
                    m.Teleport: flow_combat.why_not_teleport},
            quick=flow_move.QUICK, offers=flow_move.offers),
        "doorway": Phase(
            flow_doorway.legal,
            {m.CastSpell: flow_doorway.cast_spell, m.Enter: flow_doorway.enter,
             m.Hold: flow_doorway.hold},
            hint=refuse("dungeon.wants.doorway",
                        "cast a spell at the monster seen, enter, or hold back"),
            checks={m.CastSpell: flow_doorway.why_not_cast_spell},
            offers=flow_doorway.offers),
        "combat": Phase(
            flow_combat.legal, {m.Attack: flow_combat.attack, m.Teleport: flow_combat.teleport},
            hint=refuse("dungeon.wants.combat",
                        "attack the monster (a wizard in a chamber may teleport away)"),
            checks={m.Teleport: flow_combat.why_not_teleport}),
        "pit": Phase(
            flow_pit.legal, {m.ChooseChamber: flow_pit.choose_chamber},
            hint=refuse("dungeon.wants.pit", "choose the chamber the pit drops you into"),
            checks={m.ChooseChamber: flow_pit.why_not_choose_chamber}),
        "over": OVER,
    }
    # The time attack's clock: sent by the table, never listed, so no bot ever chooses it.
    unlisted = {m.TimeUp: (modes.why_not_time_up, modes.time_up)}

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.t = load_tables()
        self.board = self.t.board
        self.n = len(seats)
        self.mode = str(self.options.get("mode", "race"))
        self._check_options()
        self.rng = Rng(seed)
        self.reset_caches()
        self.state = DungeonState(
            heroes=[Hero(seat) for seat in range(self.n)],
            monsters={level: Deck(self.t.monster_ids(level)) for level in LEVELS},
            monster_discards={level: [] for level in LEVELS},
            treasures={level: Deck(self.t.treasure_ids(level)) for level in LEVELS},
            spell_supply=dict(self.t.spell_supply()),
            history=[[] for _ in range(self.n)],
            dice=[int(d) for d in self.stack.get("dice", [])],
            hunter_stack=[str(card) for card in self.stack.get("hunters", [])],
        )
        self.starts: list[str] = []
        self.setup_events: list[Event] = self._setup()

    # --- setup ----------------------------------------------------------------------------------
    def _check_options(self) -> None:
        if self.mode not in m.MODES:
            raise ValueError(f"unknown mode {self.mode!r} (modes: {', '.join(m.MODES)})")
        if self.mode != "race" and self.n != 1:
            raise ValueError(f"the {self.mode} mode is played solo: 1 seat, got {self.n}")
        heroes = self.preset_heroes()
        if heroes and len(heroes) != self.n:
            raise ValueError(f"option heroes names {len(heroes)} classes for {self.n} seats")
        for hero in heroes:
            if hero not in m.HEROES:
                raise ValueError(f"unknown hero {hero!r} (heroes: {', '.join(m.HEROES)})")
            if heroes.count(hero) > self.t.pawns:
                raise ValueError(f"option heroes: {self.t.pawns} {hero} pawns at most")

    def preset_heroes(self) -> list[str]:
        text = str(self.options.get("heroes", "") or "")
        return [h.strip() for h in text.split(",") if h.strip()]

    def _setup(self) -> list[Event]:
        state = self.state
        for level in LEVELS:
            state.monsters[level].shuffle(self.rng)
            state.treasures[level].shuffle(self.rng)
        events: list[Event] = modes.setup_mode(self)
        for level in LEVELS:
            self.stack_onto(state.monsters[level], f"monsters_{level}")
            self.stack_onto(state.treasures[level], f"treasures_{level}")
        starts = [str(s) for s in self.stack.get("start", [])]
        for space in starts:
            if space not in self.board.spaces:
                raise ValueError(f"stack start: no space {space!r} on the board")
        self.starts = starts
        presets = self.preset_heroes()
        for seat, hero in enumerate(presets):
            events += flow_choose_hero.take_pawn(self, seat, hero)
        if presets:
            return events + flow_choose_hero.after_heroes_chosen(self)
        return events

    # --- the protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        state = self.state
        if state.phase == "spells":  # the sealed draft: every wizard still writing, at once
            return state.draft.writing()
        return [] if state.phase == "over" else [state.active]

    def view(self, seat: int | None) -> m.DungeonView:
        return views.build_view(self, seat)

    def breakdown(self, seat: int) -> list[ScoreLine]:
        """Treasure carried, the class's target, and the total that decided the game. A race won
        by coming home counts only the gold brought back to the Great Hall (the winner's): a
        hero still on its way with more gold has not won, and its total must not say it has."""
        held = self.state.heroes[seat].treasures
        lines = [ScoreLine("dungeon.score.treasure", self.gp(seat), len(held)),
                 ScoreLine("dungeon.score.target", self.target(seat))]
        if self.state.end_reason == "returned":
            home = self.gp(seat) if seat in self.state.winners else 0
            lines.append(ScoreLine("dungeon.score.home", home))
            return [*lines, ScoreLine("score.total", home)]
        return [*lines, ScoreLine("score.total", self.gp(seat))]

    def result(self) -> Result | None:
        state = self.state
        if state.phase != "over":
            return None
        ranking = sorted(range(self.n), key=lambda s: (s not in state.winners, -self.gp(s), s))
        # a point per round after the opening one; the round limit ends the game as the next
        # round starts, the last round's gold already charted
        closing = state.end_reason != "round_limit"
        history = [[*series, *([self.gp(s)] if closing else [])]
                   for s, series in enumerate(state.history)]
        return Result(ranking=ranking, winners=list(state.winners),
                      outcome=f"dungeon.result.{state.end_reason}",
                      breakdown=[self.breakdown(s) for s in range(self.n)],
                      history=history, history_key="dungeon.history.gp")

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        """Only spellbooks, wish lists and crystal-ball cards differ between seats' views: the
        privacy screen is needed only when the seat leaving or the seat coming holds one, and
        always before a wizard writes its wish list (it is about to hold one)."""
        if seat == viewer:
            return None
        if self.state.phase == "spells":
            return "dungeon.reason.wishes"
        if self.holds_secrets(seat) or (viewer is not None and self.holds_secrets(viewer)):
            return "handoff.reason.turn"
        return None

    def costly(self, seat: int, action: Action) -> Reason | None:
        """Ending the turn with moves left and a move to make (docs/rules/dungeon.md)."""
        if not isinstance(action, m.EndTurn) or self.state.phase != "move":
            return None
        view = self.view(seat)
        if view.moves_left <= 0 or not view.moves:
            return None
        return refuse("dungeon.costly.end_turn", "end the turn with {moves} moves left",
                      moves=view.moves_left)

    def holds_secrets(self, seat: int) -> bool:
        state = self.state
        return bool(state.heroes[seat].spells) or bool(state.draft.wishes.get(seat)) or any(
            s.face_down and s.scrier == seat for s in state.slots.values())

    # --- the kit's hooks: what play keeps, what a seat cannot see -------------------------------
    def conserved(self) -> Counter[str]:
        """Every monster and treasure card wherever it lies, and every spell (in a book or in
        the supply)."""
        state = self.state
        monsters = [c for deck in state.monsters.values() for c in deck]
        monsters += [c for pile in state.monster_discards.values() for c in pile]
        monsters += [s.monster for s in state.slots.values()]
        monsters += [h.card for h in state.hunters]
        enc = state.encounter
        if enc is not None and not enc.slot and not enc.hunter:  # drawn, not yet in a slot
            monsters.append(enc.card)
        treasures = [c for deck in state.treasures.values() for c in deck]
        treasures += [c for h in state.heroes for c in h.treasures]
        for slot in state.slots.values():
            treasures += [*slot.dropped, *([slot.treasure] if slot.treasure else [])]
        treasures += [c for hunter in state.hunters for c in hunter.dropped]
        spells = [s for h in state.heroes for s in h.spells]
        spells += [s for s, count in state.spell_supply.items() for _ in range(count)]
        return (Counter(f"monster:{c}" for c in monsters)
                + Counter(f"treasure:{c}" for c in treasures)
                + Counter(f"spell:{s}" for s in spells))

    def standing(self) -> list[float]:
        """How far each hero is towards its winning gold (a hero without a target yet: 0)."""
        return [self.gp(s) / self.target(s) if self.target(s) else 0.0 for s in range(self.n)]

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """Deal anew what ``seat`` cannot see (``docs/rules/dungeon.md``, "Hidden
        information"): each level's hidden monster cards (its deck, the crystal-ball cards of
        other scriers, the hunters not yet turned up) shuffled among those places, its hidden
        treasures likewise; the other wizards' spells shuffled with the supply, books keeping
        their sizes; the other wizards' wish lists written afresh; and the stacked dice gone
        (the dice to come are unknown too)."""
        self._redeal_monsters(seat, rng)
        self._redeal_treasures(seat, rng)
        self._redeal_spells(seat, rng)
        self._rewrite_wishes(seat, rng)
        self.state.dice = []
        self.reset_caches()

    def _hidden_slots(self, seat: int | None, level: int) -> list[Slot]:
        """The crystal-ball slots on ``level`` whose cards ``seat`` did not see drawn."""
        return [s for s in self.state.slots.values() if s.face_down and s.scrier != seat
                and self.board.spaces[s.space].level == level]

    def _redeal_monsters(self, seat: int | None, rng: random.Random) -> None:
        state = self.state
        reserved = set(state.hunter_stack)  # a script's hunters are taken by name: left in place
        for level in LEVELS:
            deck = state.monsters[level].cards
            open_at = [i for i, card in enumerate(deck) if card not in reserved]
            slots = self._hidden_slots(seat, level)
            hidden = [h for h in state.hunters
                      if not h.revealed and self.t.monster_level(h.card) == level]
            pool = [deck[i] for i in open_at] + [s.monster for s in slots]
            pool += [h.card for h in hidden]
            pool.sort()  # which cards, not where they lay: the same deal for the same rng
            rng.shuffle(pool)
            for i in open_at:
                deck[i] = pool.pop()
            for slot in slots:
                slot.monster = pool.pop()
            for hunter in hidden:
                hunter.card = pool.pop()

    def _redeal_treasures(self, seat: int | None, rng: random.Random) -> None:
        for level in LEVELS:
            deck = self.state.treasures[level].cards
            slots = [s for s in self._hidden_slots(seat, level) if s.treasure]
            pool = sorted([*deck, *(s.treasure for s in slots)])
            rng.shuffle(pool)
            for slot in slots:
                slot.treasure = pool.pop()
            deck[:] = pool

    def _redeal_spells(self, seat: int | None, rng: random.Random) -> None:
        state = self.state
        others = [h for h in state.heroes if h.seat != seat and h.spells]
        pool = [s for h in others for s in h.spells]
        pool += [s for s, count in state.spell_supply.items() for _ in range(count)]
        pool.sort()
        rng.shuffle(pool)
        for hero in others:
            count = len(hero.spells)
            hero.spells, pool = pool[:count], pool[count:]
        state.spell_supply = {spell: pool.count(spell) for spell in state.spell_supply}

    def _rewrite_wishes(self, seat: int | None, rng: random.Random) -> None:
        """Another wizard's list: a sealed one is full, an open one as long as it likes (its
        length shows nowhere); either is written again at random within what the game holds."""
        draft = self.state.draft
        totals = self.t.spell_supply()
        for other in draft.order:
            if other == seat:
                continue
            size = draft.size[other]
            length = size if other in draft.sealed else rng.randint(0, size)
            held = self.state.heroes[other].spells
            wishes: list[str] = []
            for _ in range(length):
                room = [s for s, n in totals.items() if n - held.count(s) - wishes.count(s) > 0]
                if not room:
                    break
                wishes.append(rng.choice(room))
            draft.wishes[other] = wishes
