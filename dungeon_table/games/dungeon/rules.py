"""Dungeon! (the 2012-style edition), 1-8 heroes: the game, turn by turn.

Setup: each seat chooses a hero (two pawns per class), wizards fill their spellbooks (1d6 + 6
spells, by a sealed draft: ``draft.py``), seat 0 starts and play goes clockwise. A turn: a lose-turn token costs
the whole turn; otherwise the hero moves up to 5 spaces (``turn.py``), meets what waits in an
uncleared room or chamber (``combat.py``), and wins by ending a turn in the Great Hall holding
its class's gold. The solo modes (``modes.py``, ``hunters.py``) change only how the game ends
and who else walks the board.

    game = Dungeon(["human", "bot:random"], seed=7, options={"heroes": "fighter,wizard"})
    game.apply(0, m.Move(path=["c10-3", "1a"]))

What a seat sees is in ``views.py``, the legal actions in ``legal.py``, why an action is refused
in ``reasons.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, Event, Game, Result, ScoreLine
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.combat import CombatRules
from dungeon_table.games.dungeon.draft import DraftRules
from dungeon_table.games.dungeon.heroes import HeroRules
from dungeon_table.games.dungeon.hunters import HunterRules
from dungeon_table.games.dungeon.modes import ModeRules
from dungeon_table.games.dungeon.state import Draft, Encounter, Hero, Hunter, Slot, Turn
from dungeon_table.games.dungeon.tables import Tables, load_tables
from dungeon_table.games.dungeon.turn import TurnRules

LEVELS = range(1, 7)
STACK_DECKS = (
    *(f"monsters_{level}" for level in LEVELS),
    *(f"treasures_{level}" for level in LEVELS),
    "dice", "hunters", "start",
)


class Dungeon(TurnRules, CombatRules, HeroRules, DraftRules, ModeRules, HunterRules, Game):
    game_id: ClassVar[str] = "dungeon"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = STACK_DECKS

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.t: Tables = load_tables()
        self.board = self.t.board
        self.n = len(seats)
        self.mode = str(self.options.get("mode", "race"))
        self._check_options()
        self.rng = Rng(seed)
        self.dice: list[int] = [int(d) for d in self.stack.get("dice", [])]
        self.phase = "choose_hero"
        self.active = 0
        self.turn_no = 0
        self.round = 0
        self.heroes = [Hero(seat) for seat in range(self.n)]
        self.monsters = {level: Deck(self.t.monster_ids(level)) for level in LEVELS}
        self.monster_discards: dict[int, list[str]] = {level: [] for level in LEVELS}
        self.treasures = {level: Deck(self.t.treasure_ids(level)) for level in LEVELS}
        self.tokens: dict[str, int] = {}
        self.slots: dict[int, Slot] = {}
        self.spell_supply = dict(self.t.spell_supply())
        self.draft = Draft()
        self.encounter: Encounter | None = None
        self.pit_choices: list[str] = []
        self.hunters: list[Hunter] = []
        self.hunters_to_move: list[int] = []
        self.hunt_treasure = ""
        self.turn = Turn()
        self.end_reason = ""
        self.winners: list[int] = []
        self.history: list[list[int]] = [[] for _ in range(self.n)]
        self.version = 0
        self._legal: tuple[int, int, list[Action]] | None = None
        self._routes: tuple[int, int, dict[str, Any]] | None = None
        self._context: tuple[int, int, Any] | None = None
        self.applying = False
        self.setup_events: list[Event] = self._setup()

    # --- setup ----------------------------------------------------------------------------------
    def _check_options(self) -> None:
        if self.mode not in m.MODES:
            raise ValueError(f"unknown mode {self.mode!r} (modes: {', '.join(m.MODES)})")
        if self.mode != "race" and self.n != 1:
            raise ValueError(f"the {self.mode} mode is played solo: 1 seat, got {self.n}")
        if not 1 <= self.n <= 8:
            raise ValueError(f"dungeon takes 1-8 seats, got {self.n}")
        heroes = self.preset_heroes()
        if heroes and len(heroes) != self.n:
            raise ValueError(f"option heroes names {len(heroes)} classes for {self.n} seats")
        for hero in heroes:
            if hero not in m.HEROES:
                raise ValueError(f"unknown hero {hero!r} (heroes: {', '.join(m.HEROES)})")
            if heroes.count(hero) > self.t.pawns:
                raise ValueError(f"option heroes: {self.t.pawns} {hero} pawns at most")

    def _stack(self, deck: Deck, name: str) -> None:
        try:
            deck.stack_top(str(card) for card in self.stack.get(name, []))
        except ValueError as err:
            raise ValueError(f"stack {name}: {err}") from None

    def _setup(self) -> list[Event]:
        for level in LEVELS:
            self.monsters[level].shuffle(self.rng)
            self.treasures[level].shuffle(self.rng)
        events: list[Event] = self.setup_mode()
        for level in LEVELS:
            self._stack(self.monsters[level], f"monsters_{level}")
            self._stack(self.treasures[level], f"treasures_{level}")
        starts = [str(s) for s in self.stack.get("start", [])]
        for space in starts:
            if space not in self.board.spaces:
                raise ValueError(f"stack start: no space {space!r} on the board")
        self.starts = starts
        presets = self.preset_heroes()
        for seat, hero in enumerate(presets):
            events += self.take_pawn(seat, hero)
        if presets:
            return events + self.after_heroes_chosen()
        self.phase = "choose_hero"
        self.active = 0
        return events

    # --- the protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "spells":  # the sealed draft: every wizard still writing, at once
            return self.draft.writing()
        return [] if self.phase == "over" else [self.active]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self._legal is None or self._legal[:2] != (self.version, seat):
            from dungeon_table.games.dungeon.legal import legal_actions

            self._legal = (self.version, seat, legal_actions(self, seat))
        return list(self._legal[2])

    def apply(self, seat: int, action: Action) -> list[Event]:
        action = self.well_formed(seat, action)  # a False seat is `in [0]`: refuse it first
        # The clock's time_up is never listed (no bot may pick it), but the table may send it.
        if isinstance(action, m.TimeUp) and self.phase != "over" and seat in self.to_act():
            problem = self.time_up_problem()
            if problem:
                raise IllegalAction(problem)
            return self._apply(seat, action)
        return super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.version += 1
        handler = getattr(self, f"_do_{type(action).__name__}")
        self.applying = True
        try:
            events: list[Event] = handler(seat, action)
        finally:
            self.applying = False
            self.version += 1  # what was asked while it ran is stale now
        return events

    def why_illegal(self, seat: int, action: Action) -> str:
        from dungeon_table.games.dungeon.reasons import why_illegal

        return why_illegal(self, seat, action)

    # --- dice and decks -------------------------------------------------------------------------
    def roll(self, count: int) -> list[int]:
        """``count`` dice: the stacked ``dice`` deck first, then the seeded rng."""
        out = []
        for _ in range(count):
            out.append(self.dice.pop(0) if self.dice else self.rng.randint(1, 6))
        return out

    def draw_monster(self, level: int, events: list[Event]) -> str:
        """The top of the level's monster deck (its discards reshuffled when it is empty); "" when
        every card of the level is out on the board."""
        deck = self.monsters[level]
        if not deck and self.monster_discards[level]:
            deck.cards = list(self.monster_discards[level])
            self.monster_discards[level].clear()
            deck.shuffle(self.rng)
            events.append(m.MonstersReshuffled(level=level))
        return deck.draw() if deck else ""

    def draw_treasure(self, level: int) -> str:
        deck = self.treasures[level]
        return deck.draw() if deck else ""

    def discard_monster(self, card: str) -> None:
        self.monster_discards[self.t.monster_level(card)].append(card)

    def bury_treasure(self, card: str) -> None:
        """A treasure with nowhere to lie goes to the bottom of its level's deck."""
        self.treasures[self.t.treasure_level(card)].put_bottom(card)

    # --- helpers the rules share ----------------------------------------------------------------
    def hero(self, seat: int) -> Hero:
        return self.heroes[seat]

    def place(self, seat: int, space: str) -> None:
        """The hero goes to ``space`` (walking, teleported, falling, pushed), remembering the
        space it left: where it came from, for a push-back."""
        hero = self.heroes[seat]
        hero.came_from, hero.space = hero.space, space

    def gp(self, seat: int) -> int:
        return sum(self.t.gp(card) for card in self.heroes[seat].treasures)

    def target(self, seat: int) -> int:
        hero = self.heroes[seat].hero
        return self.t.target(hero) if hero else 0

    def cleared(self, space: str) -> bool:
        """A room with a defeat token, a chamber with three; corridors and the hall always."""
        needed = self.t.tokens_to_clear.get(space, 0)
        return not needed or self.tokens.get(space, 0) >= needed

    def slot_at(self, space: str) -> Slot | None:
        for slot in self.slots.values():
            if slot.space == space:
                return slot
        return None

    def hunter_at(self, space: str) -> Hunter | None:
        return next((h for h in self.hunters if h.space == space), None)

    def free_slot(self) -> int:
        """The lowest free numbered slot; 0 when all are taken."""
        return next((n for n in range(1, self.t.slots + 1) if n not in self.slots), 0)

    # --- turns ----------------------------------------------------------------------------------
    def start_turn(self, seat: int, first: bool = False) -> list[Event]:
        if seat == 0 or first:
            self.round += 1
            for s in range(self.n):
                self.history[s].append(self.gp(s))
            if self.round > self.t.round_limit:
                return self.end_game("round_limit", self.leaders())
        self.turn_no += 1
        self.active = seat
        hero = self.heroes[seat]
        self.turn = Turn(moves_left=self.t.moves, path=[hero.space])
        self.encounter = None
        events: list[Event] = [m.TurnStarted(seat=seat, turn=self.turn_no)]
        if hero.lose_turns:
            hero.lose_turns -= 1
            events.append(m.TurnLost(seat=seat, left=hero.lose_turns))
            return events + self.end_turn()
        self.phase = "move"
        return events

    def end_turn(self) -> list[Event]:
        """The active hero's turn is over: a return with the target wins; then the hunters move
        and the next seat plays."""
        seat = self.active
        hero = self.heroes[seat]
        self.encounter = None
        self.pit_choices = []
        events: list[Event] = [m.TurnEnded(seat=seat, space=hero.space)]
        hero.ended_in_hall = hero.space == self.board.hall
        if hero.ended_in_hall and hero.hero and self.gp(seat) >= self.target(seat) \
                and self.mode != "treasure_hunt":
            return events + self.end_game("returned", [seat])
        lost = self.check_hunt_in_reach()
        if lost:
            return events + lost
        if self.hunters and hero.space:
            self.hunters_to_move = [h.hunter for h in self.hunters]
            return events + self.move_hunters()
        return events + self.next_turn()

    def next_turn(self) -> list[Event]:
        if self.phase == "over":
            return []
        dead = next((h.seat for h in self.heroes if not h.space), None)
        if dead is not None:
            self.phase = "choose_hero"
            self.active = dead
            return []
        return self.start_turn((self.active + 1) % self.n)

    def leaders(self) -> list[int]:
        """The round limit's winners: the most gp; alone in the dungeon nobody wins by it."""
        if self.n == 1:
            return []
        best = max(self.gp(s) for s in range(self.n))
        return [s for s in range(self.n) if self.gp(s) == best]

    def end_game(self, reason: str, winners: list[int]) -> list[Event]:
        self.phase = "over"
        self.end_reason = reason
        self.winners = winners
        self.encounter = None
        return [m.GameEnded(reason=reason, winners=list(winners))]

    # --- scoring --------------------------------------------------------------------------------
    def breakdown(self, seat: int) -> list[ScoreLine]:
        held = self.heroes[seat].treasures
        return [
            ScoreLine("dungeon.score.treasure", self.gp(seat), len(held)),
            ScoreLine("dungeon.score.target", self.target(seat)),
            ScoreLine("score.total", self.gp(seat)),
        ]

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        ranking = sorted(range(self.n), key=lambda s: (s not in self.winners, -self.gp(s), s))
        history = [[*series, self.gp(s)] for s, series in enumerate(self.history)]
        return Result(ranking=ranking, winners=list(self.winners),
                      outcome=f"dungeon.result.{self.end_reason}",
                      breakdown=[self.breakdown(s) for s in range(self.n)],
                      history=history, history_key="dungeon.history.gp")

    # --- views ----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> m.DungeonView:
        from dungeon_table.games.dungeon.views import build_view

        return build_view(self, seat)

    def state_dict(self) -> dict[str, Any]:
        from dungeon_table.games.dungeon.views import build_state

        return build_state(self)

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        """Only spellbooks, wish lists and crystal-ball cards differ between seats' views: the
        privacy screen is needed only when the seat leaving or the seat coming holds one, and
        always before a wizard writes its wish list (it is about to hold one)."""
        if seat == viewer:
            return None
        if self.phase == "spells":
            return "dungeon.reason.wishes"
        if self.holds_secrets(seat) or (viewer is not None and self.holds_secrets(viewer)):
            return "handoff.reason.turn"
        return None

    def holds_secrets(self, seat: int) -> bool:
        return bool(self.heroes[seat].spells) or bool(self.draft.wishes.get(seat)) or any(
            s.face_down and s.scrier == seat for s in self.slots.values())
