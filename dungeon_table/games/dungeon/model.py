"""Dungeon!'s notation: actions, events and the view (the contract with view.py and bot.py).

Kept apart from ``rules.py`` so the UI and the bots can import these types without the engine.
Names and fields are fixed by ``docs/rules/dungeon.md``; fields may be added (with defaults), none
renamed.

Ids (``cards/dungeon/*.yaml``):
- spaces (``board.yaml``): ``hall`` (the Great Hall), rooms ``<level><a-z>`` (``"3c"``), chambers
  ``<level><A-Z>`` (``"3A"``), corridor squares ``c<x>-<y>`` (``"c12-5"``); secret doors
  ``s<x>-<y>`` (the door's cell).
- monsters ``<id>`` (``giant_rats``), copies of one card ``<id>~2``, ``<id>~3``...; traps are
  monster cards with a ``trap``. Treasures likewise (``sack_of_gold~3``). Spells are kinds, not
  cards: ``fireball lightning teleport``.
- heroes (classes): ``rogue cleric fighter wizard``; pawns ``<hero>-1``, ``<hero>-2``.

Every roll is made by the engine (2d6 or 1d6); scripts fix them with the ``dice`` deck.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from dungeon_table.core.protocol import Action, Event

HEROES = ("rogue", "cleric", "fighter", "wizard")
SPELLS = ("fireball", "lightning", "teleport")
ATTACK_SPELLS = ("fireball", "lightning")
ATTACK_SPELL_SET = frozenset(ATTACK_SPELLS)  # "holds one?" in C: asked at most steps
MODES = ("race", "treasure_hunt", "time_attack", "hunter")
# The defeat table's results, worst last (the 2d6 ranges are in cards/dungeon/rules.yaml).
DEFEATS = ("miss", "stunned", "wounded", "badly_wounded", "killed")

# --- actions --------------------------------------------------------------------------------


class ChooseHero(Action, frozen=True, tag="choose_hero"):
    """Setup (seats in order) and after a death: take an unused pawn of ``hero``; the same class
    when every pawn is in use."""

    hero: str


class WishSpell(Action, frozen=True, tag="wish_spell"):
    """The sealed spell draft (a new spellbook, a refill): add ``spell`` to the end of this
    wizard's wish list, which no other seat sees. The book is filled from the top of the list,
    one spell at a time in turn with any other wizard writing one (``docs/rules/dungeon.md``)."""

    spell: str


class UnwishSpell(Action, frozen=True, tag="unwish_spell"):
    """Take the last wish off the wish list."""


class SealWishes(Action, frozen=True, tag="seal_wishes"):
    """Hand the full wish list in; it cannot be changed after. When every wizard writing one
    has sealed, the lists are resolved and the books filled."""


class Move(Action, frozen=True, tag="move"):
    """Enter ``path``'s spaces in order (the start not included). Each costs one of the turn's
    moves; doors are free. An unfound secret door on the way is rolled for when reached (a miss
    stops the hero before it). Entering an uncleared room or chamber, or a hunter's space, ends
    the move with an encounter; a path may end anywhere the hero may stand. Several moves may
    follow one another while moves are left.

    ``path`` is kept as a tuple (actions are hashable); a list given is turned into one, and the
    notation is a list either way."""

    path: tuple[str, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.path, tuple):
            msgspec.structs.force_setattr(self, "path", tuple(self.path))


class EndTurn(Action, frozen=True, tag="end_turn"):
    """Stop here (corridor, cleared room, cleared chamber, the Great Hall; or not moving at all)."""


class Attack(Action, frozen=True, tag="attack"):
    """Combat: roll 2d6 (+ the active sword's bonus) against the monster's number for this hero.
    Also at a turn's start, against the monster waiting in the hero's own space."""


class Peek(Action, frozen=True, tag="peek"):
    """At the doorway of the adjacent room or chamber ``space`` (one step, one move left), turn up
    its monster without entering. ``using``: ``esp`` (the ESP medallion, once a turn) or ``spell``
    (a wizard about to cast fireball or lightning)."""

    space: str
    using: str


class CastSpell(Action, frozen=True, tag="cast_spell"):
    """At the doorway after a spell peek: fireball or lightning at the monster (2d6 against the
    card's number). A hit clears the space and the wizard walks in for the treasure; a miss leaves
    the monster there and ends the turn, with no counter-attack."""

    spell: str


class Enter(Action, frozen=True, tag="enter"):
    """After a peek: go in and meet the monster turned up."""


class Hold(Action, frozen=True, tag="hold"):
    """After a peek: stay out. ESP: the monster card is discarded; spell: it waits in a slot.
    The turn ends."""


class Teleport(Action, frozen=True, tag="teleport"):
    """Wizard in a chamber before combat: to chamber ``to`` of the same level or one up or down.
    The monster left behind waits in a slot; an uncleared destination starts an encounter."""

    to: str


class Scry(Action, frozen=True, tag="scry"):
    """Crystal ball, instead of moving: draw the monster (and for a room the treasure) of an
    uncleared ``space`` face down into a slot, seen only by this seat. The turn ends."""

    space: str


class Refill(Action, frozen=True, tag="refill"):
    """Wizard starting a turn in the Great Hall, having ended the last one there: roll 1d6 and take
    that many spells (a wish list: ``wish_spell``), up to the starting count. The turn then
    ends."""


class ChooseChamber(Action, frozen=True, tag="choose_chamber"):
    """Pit trap: fall into ``space``, a chamber of the trap's level that is not cleared."""

    space: str


class TimeUp(Action, frozen=True, tag="time_up"):
    """Time attack: the table's clock ran out (sent by the table, recorded like any action)."""


ACTIONS: tuple[type[Action], ...] = (
    ChooseHero, WishSpell, UnwishSpell, SealWishes, Move, EndTurn, Attack, Peek, CastSpell, Enter,
    Hold, Teleport, Scry, Refill, ChooseChamber, TimeUp,
)

# --- events ---------------------------------------------------------------------------------


class HeroChosen(Event, frozen=True, tag="hero_chosen"):
    """``seat`` plays ``pawn`` (``fighter-2``), standing in the Great Hall."""

    seat: int
    hero: str
    pawn: str


class SpellbookRolled(Event, frozen=True, tag="spellbook_rolled"):
    """A wizard's spellbook holds ``size`` = ``die`` + 6 spells."""

    seat: int
    die: int
    size: int


class WishesSealed(Event, frozen=True, tag="wishes_sealed"):
    """``seat`` handed its wish list in (everyone learns that, nobody what it holds)."""

    seat: int


class SpellbookFilled(Event, frozen=True, tag="spellbook_filled"):
    """The draft resolved (sent only to ``seat``): the ``spells`` it took, in the order taken;
    ``replaced``: how many of its wishes were gone by their turn, so other spells came instead."""

    seat: int
    spells: list[str]
    replaced: int = 0
    REVEALS: ClassVar[bool] = True


class SpellbookFilledHidden(Event, frozen=True, tag="spellbook_filled_hidden"):
    """What the others learn of a filled book: how many spells ``seat`` took, not which."""

    seat: int
    count: int
    REVEALS: ClassVar[bool] = True


class TurnStarted(Event, frozen=True, tag="turn_started"):
    seat: int
    turn: int
    REVEALS: ClassVar[bool] = True


class TurnLost(Event, frozen=True, tag="turn_lost"):
    """A lose-turn token discarded: the turn is over. ``left``: tokens still held."""

    seat: int
    left: int


class Moved(Event, frozen=True, tag="moved"):
    """The hero walked ``path`` (the spaces entered); ``moves_left`` of the turn's moves remain."""

    seat: int
    path: list[str]
    moves_left: int


class SecretDoorRolled(Event, frozen=True, tag="secret_door_rolled"):
    """A find roll at ``door``: ``die`` against ``need`` (or found without a roll: ``die`` 0, the
    secret door card). Found doors stay open to this hero for the rest of the game."""

    seat: int
    door: str
    die: int
    need: int
    found: bool
    REVEALS: ClassVar[bool] = True


class MonsterRevealed(Event, frozen=True, tag="monster_revealed"):
    """The monster of ``space`` comes to light. ``source``: draw (from its level's deck), slot (the
    one waiting under ``slot``), esp, spell (a doorway peek), scried (a crystal-ball card turned
    up). Traps are monster cards too."""

    seat: int
    space: str
    card: str
    source: str
    slot: int = 0
    REVEALS: ClassVar[bool] = True


class MonstersReshuffled(Event, frozen=True, tag="monsters_reshuffled"):
    """Level ``level``'s monster deck ran out: its discards were shuffled into a new deck."""

    level: int
    REVEALS: ClassVar[bool] = True


class AttackRolled(Event, frozen=True, tag="attack_rolled"):
    """``dice`` + ``bonus`` (the sword) against ``need`` (13 for a ``-`` with a sword)."""

    seat: int
    card: str
    dice: list[int]
    bonus: int
    need: int
    hit: bool
    REVEALS: ClassVar[bool] = True


class SpellCast(Event, frozen=True, tag="spell_cast"):
    """``spell`` at ``space`` (``target``: a monster card, or a chamber for teleport); ``dice``
    against ``need`` for fireball and lightning."""

    seat: int
    spell: str
    space: str
    target: str = ""
    dice: list[int] = []
    need: int = 0
    hit: bool = False
    REVEALS: ClassVar[bool] = True


class MonsterDefeated(Event, frozen=True, tag="monster_defeated"):
    """``card`` is beaten and discarded; ``space`` now holds ``tokens`` defeat tokens."""

    seat: int
    space: str
    card: str
    tokens: int


class TrapSprung(Event, frozen=True, tag="trap_sprung"):
    """``trap``: cage or pit. A trap counts as beaten: the space takes a defeat token."""

    seat: int
    space: str
    card: str
    trap: str


class CageRolled(Event, frozen=True, tag="cage_rolled"):
    seat: int
    die: int
    tokens: int
    REVEALS: ClassVar[bool] = True


class FellIntoPit(Event, frozen=True, tag="fell_into_pit"):
    """The hero drops into chamber ``space`` and meets what is there. ``redrawn``: every chamber of
    the trap's level was cleared, so the treasure went to the discard and a new monster card was
    drawn for the room instead."""

    seat: int
    space: str
    redrawn: bool = False


class TreasureGained(Event, frozen=True, tag="treasure_gained"):
    """``source``: draw (the level's deck), dropped (lying in the space), scried (the face-down
    card a crystal ball drew)."""

    seat: int
    card: str
    source: str
    REVEALS: ClassVar[bool] = True


class SwordRolled(Event, frozen=True, tag="sword_rolled"):
    """A magic sword's bonus: ``dice`` against the card's level table gives +``bonus``."""

    seat: int
    card: str
    dice: list[int]
    bonus: int
    REVEALS: ClassVar[bool] = True


class CounterAttack(Event, frozen=True, tag="counter_attack"):
    """The monster strikes back: ``dice`` on the defeat table gives ``result`` (``DEFEATS``)."""

    seat: int
    card: str
    dice: list[int]
    result: str
    REVEALS: ClassVar[bool] = True


class TreasureDropped(Event, frozen=True, tag="treasure_dropped"):
    """Chosen at random, face up under the monster in ``slot``, or under ``hunter``'s card (both
    0: no slot was free, the cards went back under their decks)."""

    seat: int
    cards: list[str]
    space: str
    slot: int
    hunter: int = 0
    REVEALS: ClassVar[bool] = True


class PushedBack(Event, frozen=True, tag="pushed_back"):
    """Back one space toward where the hero came from (``space``); the Great Hall after badly
    wounded. (Not ``to``: that is every event's audience.)"""

    seat: int
    space: str


class LoseTurnTokens(Event, frozen=True, tag="lose_turn_tokens"):
    seat: int
    added: int
    total: int


class HeroKilled(Event, frozen=True, tag="hero_killed"):
    """``pawn`` is off the board; the seat chooses a new hero (``choose_hero``)."""

    seat: int
    pawn: str
    deaths: int


class MonsterSlotted(Event, frozen=True, tag="monster_slotted"):
    """``card`` waits in numbered ``slot``; its token marks ``space``. ``face_down``: a crystal
    ball's card, ``card`` then "" for everyone but the scrier."""

    space: str
    card: str
    slot: int
    face_down: bool = False


class MonsterDiscarded(Event, frozen=True, tag="monster_discarded"):
    """A monster card went to its level's discard without a defeat (an ESP peek held off, a pit's
    redraw, no free slot)."""

    space: str
    card: str


class Scried(Event, frozen=True, tag="scried"):
    """The crystal ball (sent only to ``seat``): ``monster`` and ``treasure`` ("" for a chamber)
    lie face down in ``slot``."""

    seat: int
    space: str
    monster: str
    treasure: str
    slot: int
    REVEALS: ClassVar[bool] = True


class ScriedHidden(Event, frozen=True, tag="scried_hidden"):
    """What the others learn of a scrying: where, and the slot."""

    seat: int
    space: str
    slot: int
    REVEALS: ClassVar[bool] = True


class Teleported(Event, frozen=True, tag="teleported"):
    seat: int
    space: str


class RefillRolled(Event, frozen=True, tag="refill_rolled"):
    """1d6 ``die``; ``count`` spells may be taken (capped at the book's starting size)."""

    seat: int
    die: int
    count: int
    REVEALS: ClassVar[bool] = True


class HunterAppeared(Event, frozen=True, tag="hunter_appeared"):
    """Hunter ``hunter`` (1-3) waits face down in level-6 room ``space``."""

    hunter: int
    space: str
    REVEALS: ClassVar[bool] = True


class HunterMoved(Event, frozen=True, tag="hunter_moved"):
    """After the hero's turn, along a shortest path to the hero (secret doors included)."""

    hunter: int
    path: list[str]


class HunterRevealed(Event, frozen=True, tag="hunter_revealed"):
    """Hunter ``hunter`` reached the hero: its card turns up and it attacks (combat follows)."""

    hunter: int
    card: str
    space: str
    REVEALS: ClassVar[bool] = True


class HunterSlain(Event, frozen=True, tag="hunter_slain"):
    """No treasure of its own (what lay under it is gained: ``treasure_gained``); a new hunter
    is drawn (``hunter_appeared``)."""

    seat: int
    hunter: int
    card: str


class TurnEnded(Event, frozen=True, tag="turn_ended"):
    seat: int
    space: str


class GameEnded(Event, frozen=True, tag="game_ended"):
    """``reason``: returned (a hero ended a turn in the Great Hall with its target), found (the
    hunted treasure), killed_twice, out_of_reach (the hunted treasure can no longer be won),
    hunted (a hunter killed the hero), time_up, round_limit."""

    reason: str
    winners: list[int]
    REVEALS: ClassVar[bool] = True


EVENTS: tuple[type[Event], ...] = (
    HeroChosen, SpellbookRolled, WishesSealed, SpellbookFilled, SpellbookFilledHidden,
    TurnStarted, TurnLost, Moved,
    SecretDoorRolled, MonsterRevealed, MonstersReshuffled, AttackRolled, SpellCast,
    MonsterDefeated, TrapSprung, CageRolled, FellIntoPit, TreasureGained, SwordRolled,
    CounterAttack, TreasureDropped, PushedBack, LoseTurnTokens, HeroKilled, MonsterSlotted,
    MonsterDiscarded, Scried, ScriedHidden, Teleported, RefillRolled, HunterAppeared, HunterMoved,
    HunterRevealed, HunterSlain, TurnEnded, GameEnded,
)

# --- the view -------------------------------------------------------------------------------

Phase = Literal[
    "choose_hero",  # a seat picks its class (setup, or after a death)
    "spells",       # the sealed spell draft: wizards write wish lists (a new book, a refill)
    "move",         # the active hero walks, or chooses a turn-start action
    "doorway",      # after a peek: cast_spell / enter / hold
    "combat",       # a monster faces the hero: attack (or teleport from a chamber)
    "pit",          # choose the chamber to fall into
    "over",
]


class HeroView(msgspec.Struct, frozen=True):
    """One seat's hero; everything here is public but ``spells`` (the seat's own spellbook only)."""

    seat: int
    hero: str                    # class; "" before it is chosen
    pawn: str
    space: str                   # "" off the board (killed, choosing again)
    treasures: list[str]         # held, public with their values
    gp: int
    target: int                  # the class's gp to win
    sword: str                   # the active magic sword ("" none; a wizard's never active)
    sword_bonus: int
    lose_turns: int
    spell_count: int
    spellbook_size: int          # the starting count (0: not a wizard)
    spells: list[str]            # this seat's own spells; [] for anyone else
    found_doors: list[str]       # secret doors this hero has found
    secret_door_card: bool       # needs no roll
    deaths: int


class SlotView(msgspec.Struct, frozen=True):
    """A numbered slot beside the board and the space its token marks."""

    slot: int
    space: str
    monster: str                 # "" face down to this viewer
    face_down: bool              # a crystal ball's card, not yet turned up
    treasure: str = ""           # a scried room's treasure, for its scrier only
    dropped: list[str] = []      # treasures lying face up under the monster


class HunterView(msgspec.Struct, frozen=True):
    hunter: int
    space: str
    card: str                    # "" until it attacks
    path: list[str]              # its next move (up to 5 spaces), drawn on the board
    dropped: list[str] = []      # treasures the hero dropped to it, face up under its card


class EncounterView(msgspec.Struct, frozen=True):
    """The monster in front of the hero, with the rules' numbers for this hero."""

    space: str
    card: str
    source: str                  # as MonsterRevealed
    slot: int                    # 0: newly drawn
    need: int                    # 2d6 + sword must reach this; 0: cannot be hit (a "-", no sword)
    bonus: int                   # the sword's bonus added
    chance: float                # the chance to hit, 0..1
    hunter: int = 0              # 1-3 when a hunter attacks
    teleport_to: list[str] = []  # chambers a teleport may reach now ([] if not possible)


class DoorwayView(msgspec.Struct, frozen=True):
    """After a peek: the monster seen and what each spell needs (0: cannot hit) and its chance
    (the spells held: the seat to act's own view only)."""

    space: str
    card: str
    using: str
    spell_need: dict[str, int] = {}   # fireball / lightning -> 2d6 needed, for spells held
    trap: bool = False
    spell_chance: dict[str, float] = {}  # fireball / lightning -> the chance to hit, 0..1


class DeckView(msgspec.Struct, frozen=True):
    level: int
    monsters: int                # cards left in the level's monster deck
    monster_discards: int
    treasures: int
    discard_pile: list[str] = []  # the level's discarded monster cards, face up (oldest first)


class DungeonView(msgspec.Struct, frozen=True):
    seat: int | None
    n_players: int
    mode: str                    # race, treasure_hunt, time_attack, hunter
    phase: Phase
    active: int
    turn: int                    # counts every hero's turn from 1
    round: int
    to_act: list[int]
    heroes: list[HeroView]
    defeat_tokens: dict[str, int]  # space -> defeat tokens (rooms 1 = cleared, chambers 3)
    slots: list[SlotView]        # the numbered slots in use, by number
    decks: list[DeckView]        # levels 1-6
    hunters: list[HunterView] = []
    # for the seat to act (empty for anyone else):
    moves_left: int = 0
    moves: dict[str, list[str]] = {}   # destination -> the path a click there takes
    secret_doors_on: dict[str, list[str]] = {}  # destination -> unfound secret doors its path tries
    peek_targets: dict[str, list[str]] = {}     # esp / spell -> spaces a peek may look into
    scry_targets: list[str] = []
    can_end_turn: bool = False
    can_refill: bool = False
    encounter: EncounterView | None = None
    doorway: DoorwayView | None = None
    waiting: EncounterView | None = None  # the monster or hunter waiting in the acting hero's
                                          # space at the turn's start (``attack`` fights it)
    pit_choices: list[str] = []
    hero_choices: list[str] = []       # classes choose_hero takes now
    wish_room: dict[str, int] = {}     # spell -> how many more the wish list may take (the
                                       # game's cards of it less those held and wished)
    spells_to_take: int = 0            # the wish list's length (the book's size, a refill's)
    # the sealed spell draft (phase spells):
    draft_order: list[int] = []        # the wizards drafting, in the order they take spells
    spell_wishes: list[str] = []       # this seat's own wish list, written or sealed
    # the mode's state:
    hunt_treasure: str = ""            # treasure_hunt: the one to find
    time_limit: int = 0                # time_attack: seconds
    clock_running: bool = False        # time_attack: the clock counts (from the first turn on:
                                       # choosing heroes and filling spellbooks is free)
    crystal_ball_used: bool = False
    esp_used: bool = False
    spell_cast: bool = False           # a spell was cast this turn
    secret_door_need: int = 0          # the die face a find roll needs (3 rogue, 5 others);
                                       # 0: no roll (the secret door card), or not acting
    end_reason: str = ""               # as GameEnded, once over
    winners: list[int] = []
