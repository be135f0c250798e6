"""What every phase of Dungeon! shares: the card data, the caches, and the queries and small steps
(a roll, a draw, a hero set down, the game ended) its rules are written in.

The rules of each phase are plain modules of functions over a ``DungeonBase``: ``flow_*.py`` (one
per phase: its legal actions, its moves, why one is refused), ``encounter.py`` (meeting and
fighting a monster, traps, treasure), ``cycle.py`` (turn after turn), ``hunters.py`` and
``modes.py``. ``rules.py`` makes the concrete game from them. Each module imports only modules
below it, never one that imports it.
"""

from __future__ import annotations

import operator
from typing import ClassVar

from dungeon_table.core.phased import PhasedGame
from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon import movement
from dungeon_table.games.dungeon.board import Board
from dungeon_table.games.dungeon.odds import attack_number, sword_bonus
from dungeon_table.games.dungeon.state import DungeonState, Hunter, Slot
from dungeon_table.games.dungeon.tables import Tables

LEVELS = range(1, 7)
STACK_DECKS = (
    *(f"monsters_{level}" for level in LEVELS),
    *(f"treasures_{level}" for level in LEVELS),
    "dice", "hunters", "start",
)


NO_SPACES: frozenset[str] = frozenset()
# ``DungeonBase.blockers``: (where monsters and hunters wait, every space that stops a move,
# whether all of those are rooms and chambers)
Blockers = tuple[frozenset[str], frozenset[str], bool]
_SPACE = operator.attrgetter("space")


class HeroContext:
    """What the movement rules ask about the board for the hero of ``seat``. Each part is
    looked up when first asked: while an action runs a context is made for every question, and
    most ask one thing (a load replays thousands of actions)."""

    def __init__(self, game: DungeonBase, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._others: set[str] | None = None
        self._waiting: frozenset[str] | None = None
        self._doors: set[str] | bool | None = None  # True: the secret door card opens them all
        self._blocking: frozenset[str] | None = None
        self._crowded: set[str] | None = None

    @property
    def others(self) -> set[str]:
        """Where the other heroes stand."""
        if self._others is None:
            seat = self.seat
            self._others = {h.space for h in self.game.state.heroes if h.seat != seat and h.space}
        return self._others

    @property
    def waiting(self) -> frozenset[str]:
        """Where a monster or a hunter waits (asked hundreds of times a move)."""
        if self._waiting is None:
            self._waiting = self.game.blockers()[0]
        return self._waiting

    @property
    def blocking(self) -> frozenset[str]:
        """Every space entering which stops the move (``blocks`` as a set, for the route
        search: a waiting monster or hunter, an uncleared room or chamber)."""
        if self._blocking is None:
            self._blocking = self.game.blockers()[1]
        return self._blocking

    @property
    def crowded(self) -> set[str]:
        """Every space the hero may not stop on (``may_stand`` as a set, for the route search)."""
        if self._crowded is None:
            self._crowded = self.others - self.game.board.shared
        return self._crowded

    def blocks(self, space: str) -> bool:
        waiting = self._waiting
        if waiting is None:
            waiting = self.waiting
        if space in waiting:
            return True
        game = self.game
        return not game.t.cleared(space, game.state.tokens.get(space, 0))

    def may_stand(self, space: str) -> bool:
        others = self._others
        if others is None:
            others = self.others
        return space not in others or space in self.game.board.shared

    def door_open(self, door: str) -> bool:
        doors = self._doors
        if doors is None:
            hero = self.game.state.heroes[self.seat]
            doors = self._doors = (self.game.t.holds_secret_door_card(hero.treasures)
                                   or set(hero.found_doors))
        return doors is True or door in doors  # type: ignore[operator]


class DungeonBase(PhasedGame[DungeonState]):
    """The game's fixed parts (``t``: the card files and the board, ``n`` seats, the ``mode``, the
    script's ``starts``), its ``state`` and the caches rebuilt from it."""

    game_id = "dungeon"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = STACK_DECKS
    state_type = DungeonState
    # Rebuilt from the state: the routes and the movement context of the seat to act are asked
    # for by the legal actions, the view, the bot and apply's legality check alike, between
    # actions (kept per state ``version``, like the kit's legal actions).
    # ``_reaches``: the board's kept route searches (``movement.reaches_of``), looked up once.
    # ``_blockers_now``: where monsters and hunters wait and what blocks (``blockers``), kept
    # until the rules change what they come from; ``_uncleared``: the rooms and chambers
    # without their defeat tokens, kept while no token is added; ``kept_blockers``: the same
    # for the callers at every step to read without a call.
    caches = ("_routes", "_context", "_reaches", "_uncleared", "_blockers_now", "kept_blockers")
    # Tests set this: every ``blockers`` asked is checked against the state (a change the rules
    # make without ``blockers_changed`` fails the test that meets it).
    check_blockers: ClassVar[bool] = False

    t: Tables
    board: Board
    _reaches: dict[tuple[str, int], movement.Reach] | None = None  # movement.reaches_of(board)
    # ``blockers()`` while it holds, None when it must be asked (and always under
    # ``check_blockers``, so that every answer is checked): the list, the walk and a move read
    # ``game.kept_blockers or game.blockers()``, a call fewer at most steps (~600 instructions)
    kept_blockers: Blockers | None = None
    n: int
    mode: str
    starts: list[str]

    def reset_caches(self) -> None:
        super().reset_caches()
        self._routes: tuple[int, int, dict[str, movement.Route]] | None = None
        self._context: tuple[int, int, HeroContext] | None = None
        self._uncleared: tuple[tuple[int, int], frozenset[str]] | None = None
        self._blockers_now: Blockers | None = None
        self.kept_blockers = None

    # --- dice and decks -------------------------------------------------------------------------
    def roll(self, count: int) -> list[int]:
        """``count`` dice: the stacked ``dice`` deck first, then the seeded rng."""
        dice = self.state.dice
        return [dice.pop(0) if dice else self.rng.randint(1, 6) for _ in range(count)]

    def draw_monster(self, level: int, events: list[Event]) -> str:
        """The top of the level's monster deck (its discards reshuffled when it is empty); "" when
        every card of the level is out on the board."""
        state = self.state
        deck = state.monsters[level]
        if not deck and state.monster_discards[level]:
            deck.cards = list(state.monster_discards[level])
            state.monster_discards[level].clear()
            deck.shuffle(self.rng)
            events.append(m.MonstersReshuffled(level=level))
        return deck.draw() if deck else ""

    def draw_treasure(self, level: int) -> str:
        deck = self.state.treasures[level]
        return deck.draw() if deck else ""

    def discard_monster(self, card: str) -> None:
        self.state.monster_discards[self.t.monster_level(card)].append(card)

    def bury_treasure(self, card: str) -> None:
        """A treasure with nowhere to lie goes to the bottom of its level's deck."""
        self.state.treasures[self.t.treasure_level(card)].put_bottom(card)

    # --- heroes ---------------------------------------------------------------------------------
    def place(self, seat: int, space: str) -> None:
        """The hero goes to ``space`` (walking, teleported, falling, pushed), remembering the
        space it left: where it came from, for a push-back."""
        hero = self.state.heroes[seat]
        hero.came_from, hero.space = hero.space, space

    def gp(self, seat: int) -> int:
        return self.t.total_gp(self.state.heroes[seat].treasures)

    def target(self, seat: int) -> int:
        hero = self.state.heroes[seat].hero
        return self.t.target(hero) if hero else 0

    def attack_need(self, seat: int, card: str) -> tuple[int, int]:
        """(2d6 + bonus must reach this, the sword's bonus); need 0: cannot be hit (``odds``)."""
        hero = self.state.heroes[seat]
        bonus = sword_bonus(hero.hero, hero.sword, hero.sword_bonus)
        need = attack_number(self.t.need(card, hero.hero), bonus, self.t.no_sword_target)
        return (need, bonus) if need else (0, 0)

    def find_door(self, seat: int, door: str) -> tuple[bool, Event]:
        """The find roll at an unfound secret door (none with the secret door card)."""
        hero = self.state.heroes[seat]
        need = self.t.find_need(hero.hero)
        if self.t.holds_secret_door_card(hero.treasures):
            hero.found_doors.append(door)
            return True, m.SecretDoorRolled(seat=seat, door=door, die=0, need=need, found=True)
        die = self.roll(1)[0]
        found = die >= need
        if found:
            hero.found_doors.append(door)
        return found, m.SecretDoorRolled(seat=seat, door=door, die=die, need=need, found=found)

    # --- the board ------------------------------------------------------------------------------
    def cleared(self, space: str) -> bool:
        """A room with a defeat token, a chamber with three; corridors and the hall always."""
        return self.t.cleared(space, self.state.tokens.get(space, 0))

    def slot_at(self, space: str) -> Slot | None:
        for slot in self.state.slots.values():
            if slot.space == space:
                return slot
        return None

    def hunter_at(self, space: str) -> Hunter | None:
        return next((h for h in self.state.hunters if h.space == space), None)

    def hunter_by_number(self, number: int) -> Hunter | None:
        return next((h for h in self.state.hunters if h.hunter == number), None)

    def free_slot(self) -> int:
        """The lowest free numbered slot; 0 when all are taken."""
        return next((n for n in range(1, self.t.slots + 1) if n not in self.state.slots), 0)

    def secret_door_between(self, a: str, b: str) -> str:
        return self.board.secret_door_between(a, b)

    def may_stay(self, seat: int) -> bool:
        """``HeroContext.may_stand`` of the hero's own space: no other hero there, or it is a
        chamber or the Great Hall (a turn may end there)."""
        heroes = self.state.heroes
        me = heroes[seat]
        space = me.space
        if not space or space in self.board.shared:
            return True
        for hero in heroes:  # a plain loop: asked at every step, it costs less than a map
            if hero.space == space and hero is not me:
                return False
        return True

    def blockers(self) -> Blockers:
        """(where a monster or a hunter waits, every space entering which stops a move: those
        and the uncleared rooms and chambers, whether every one of those is a room or a chamber:
        no hunter in a corridor). Asked at every step, and changed only where
        the rules add a defeat token, fill or empty a slot, or add, move or remove a hunter:
        each of those calls ``blockers_changed``, so they are read from the state only then
        (and after ``reset_caches``: a test that changes the state by hand calls it)."""
        now = self._blockers_now
        if now is None:
            now = self._blockers_now = self._read_blockers()
            if not self.check_blockers:
                self.kept_blockers = now
        elif self.check_blockers and now != self._read_blockers():
            raise AssertionError("the blockers kept are stale: a change to the defeat tokens, "
                                 "the slots or the hunters did not call blockers_changed")
        return now

    def blockers_changed(self) -> None:
        """The defeat tokens, the slots' spaces or the hunters changed: ``blockers`` is read
        afresh when next asked."""
        self._blockers_now = self.kept_blockers = None

    def _read_blockers(self) -> Blockers:
        state = self.state
        tokens = state.tokens
        slots = state.slots
        hunters = state.hunters
        waiting = frozenset((*map(_SPACE, slots.values()), *map(_SPACE, hunters)))
        # the uncleared rooms and chambers, kept while no token is added (the rules only add)
        key = (len(tokens), sum(tokens.values()))
        kept = self._uncleared
        if kept is None or kept[0] != key:
            need = self.t.tokens_to_clear
            kept = self._uncleared = (key, self.t.clearable.difference(
                [space for space, count in tokens.items() if count >= need.get(space, 0)]))
        return waiting, waiting.union(kept[1]), waiting <= self.t.clearable

    def context(self, seat: int) -> HeroContext:
        """The movement context of ``seat``'s hero; between actions the same one serves every
        question (the legal actions, the view), while an action runs it is built afresh."""
        if self.applying:
            return HeroContext(self, seat)
        cached = self._context
        if cached is None or cached[0] != self.version or cached[1] != seat:
            cached = self._context = (self.version, seat, HeroContext(self, seat))
        return cached[2]

    def routes(self, seat: int) -> dict[str, movement.Route]:
        """Every destination of a move now, with its offered path, in the order the search
        reached them (kept until the next action: the legal actions and the view both ask)."""
        cached = self._routes
        if cached is None or cached[0] != self.version or cached[1] != seat:
            routes = {space: movement.Route(list(move.path), list(doors))
                      for space, move, doors in self.offers(seat, listed=False)}
            cached = self._routes = (self.version, seat, routes)
        return cached[2]

    def offers(self, seat: int, moves: int | None = None,
               listed: bool = True) -> tuple[movement.Offer, ...]:
        """Every move ``seat``'s hero may make now, with ``moves`` (default: those left), as
        (destination, its ``Move``, the unfound secret doors it tries): by destination id when
        ``listed`` (the legal actions' order), else in the order the search reached them."""
        walk = self.walk(seat, moves)
        return walk.listed if listed else walk.found

    def walk(self, seat: int, moves: int | None = None) -> movement.Walk:
        """The moves of ``offers`` (by default its ``Move`` actions alone: ``walk(seat).moves``).
        The search is kept per board for what it depends on (``movement.Reach``); the spaces
        other heroes hold are taken out here."""
        state = self.state
        if moves is None:
            moves = state.turn.moves_left
        if moves <= 0:
            return movement.NO_WALK
        hero = state.heroes[seat]
        reaches = self._reaches
        if reaches is None:  # the board's, shared by every game on it
            reaches = self._reaches = movement.reaches_of(self.board)
        reach = reaches.get((hero.space, moves)) or movement.reach(self.board, hero.space, moves)
        # the search's key: the blockers it meets, the secret doors in reach this hero has not
        # found (none with the secret door card), as ``HeroContext.blocks``/``door_open`` say
        doors = reach.door_set
        if doors and hero.found_doors:
            doors = doors.difference(hero.found_doors)
        # (``holds_secret_door_card`` without its call, and not asked of an empty hand)
        if doors and hero.treasures and self.t.holds(hero.treasures, "secret_door"):
            doors = NO_SPACES
        # the blockers among the reach's rooms and chambers alone when every blocker is one
        # (no hunter in a corridor): the same set, from a smaller one to run through
        _waiting, blocking, in_rooms = self.kept_blockers or self.blockers()
        inner = reach.inner_rooms if in_rooms else reach.inner
        # (the kept search looked up here first: ``Reach.walk``'s call only for one not kept)
        key = (inner.intersection(blocking), doors)
        walk = reach.walks.get(key) or reach.walk(*key)
        # where another hero stands and this one may not stop (``HeroContext.crowded``); its
        # own space is never a destination, so every hero's space may be asked
        near = reach.near_apart
        for other in state.heroes:  # a plain loop: mostly none is near (a comprehension's frame)
            if other.space in near:
                return walk.without(frozenset([h.space for h in state.heroes if h.space in near]))
        return walk

    # --- the end --------------------------------------------------------------------------------
    def end_game(self, reason: str, winners: list[int]) -> list[Event]:
        state = self.state
        state.phase = "over"
        state.end_reason = reason
        state.winners = winners
        state.encounter = None
        return [m.GameEnded(reason=reason, winners=list(winners))]
