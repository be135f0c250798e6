"""The relic expedition card game's notation: actions, events and the view (the contract with
view.py and bot.py).

Kept apart from ``rules.py`` so the UI and the bots can import these types without the engine.
Names and fields are fixed by ``docs/rules/relic.md``; fields may be added (with defaults), none
renamed.

Card ids (``cards/relic.yaml``): ``dungeon_*``, ``char_*``, ``enemy_*``, ``injury_*``. With 3-4
players two sets are used: the second set's ids end in ``-b`` (``char_scout-b``); strip it to find
the card's data. TS values: ``rock paper scissors``. Skills: ``mend banish delve advance shield
feint pierce wild``. A dice face is 1-6, or 0 for the fail face ``X``.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from dungeon_table.core.protocol import Action, Event

# --- actions --------------------------------------------------------------------------------


class Search(Action, frozen=True, tag="search"):
    """Turn start: search the depth the dungeon has reached (the turn then ends)."""


class DeclineSearch(Action, frozen=True, tag="decline_search"):
    """Turn start: do not search now; draw and play on."""


class DungeonPhase(Action, frozen=True, tag="dungeon_phase"):
    """Play phase: choose the dungeon phase (dungeon set and enemy set, once each)."""


class BattlePhase(Action, frozen=True, tag="battle_phase"):
    """Play phase: fight ``enemy``, an enemy on this player's own field."""

    enemy: str


class DoubleDraw(Action, frozen=True, tag="double_draw"):
    """Play phase: draw one more card; nothing else this turn."""


class SetDungeon(Action, frozen=True, tag="set_dungeon"):
    """Play a dungeon card from hand onto this player's dungeon (dungeon phase, or an advance)."""

    card: str


class SetEnemy(Action, frozen=True, tag="set_enemy"):
    """Play an enemy from hand onto seat ``target``'s field."""

    card: str
    target: int


class EndPhase(Action, frozen=True, tag="end_phase"):
    """Leave the dungeon phase (or a battle with no character committed) for the end phase."""


class Commit(Action, frozen=True, tag="commit"):
    """Battle: put a character from hand into the fight."""

    card: str


class Withdraw(Action, frozen=True, tag="withdraw"):
    """Battle: take a committed character back to hand (before ``fight``)."""

    card: str


class ChooseTs(Action, frozen=True, tag="choose_ts"):
    """Battle: the TS the committed characters fight with (one of theirs)."""

    ts: str


class WildAs(Action, frozen=True, tag="wild_as"):
    """A wild card used as ``skill``: in battle (banish, feint, pierce; "" to unset) or when
    discarded (delve, advance, mend)."""

    card: str
    skill: str


class Fight(Action, frozen=True, tag="fight"):
    """Battle: resolve the fight as the view's ``battle`` preview shows it."""


class UseSkill(Action, frozen=True, tag="use_skill"):
    """Prompt: use the skill of the card just discarded (delve), or the banish of a card sent
    into the fight (the enemy is discarded, no points)."""


class SkipSkill(Action, frozen=True, tag="skip_skill"):
    """Prompt: let the skill pass (delve, advance, a wild card's choice; banish: the fight is
    decided on TS and BP)."""


class Mend(Action, frozen=True, tag="mend"):
    """Mend prompt: discard one injury card from hand."""

    card: str


class Done(Action, frozen=True, tag="done"):
    """Mend prompt: stop discarding injuries."""


class Discard(Action, frozen=True, tag="discard"):
    """End phase: discard a card (never an injury) from hand."""

    card: str


class EndTurn(Action, frozen=True, tag="end_turn"):
    """End phase: the hand holds at most 6 cards (injuries aside): the turn passes."""


ACTIONS: tuple[type[Action], ...] = (
    Search, DeclineSearch, DungeonPhase, BattlePhase, DoubleDraw, SetDungeon, SetEnemy, EndPhase,
    Commit, Withdraw, ChooseTs, WildAs, Fight, UseSkill, SkipSkill, Mend, Done, Discard, EndTurn,
)

# --- events ---------------------------------------------------------------------------------


class FirstPlayerDraw(Event, frozen=True, tag="first_player_draw"):
    """Setup: each drawing seat turned up a card (``cards[i]`` for seat i, "" if it did not draw
    this round: a redraw is only among the tied; its face then -1)."""

    cards: list[str]
    faces: list[int]
    round: int = 1
    REVEALS: ClassVar[bool] = True


class FirstPlayer(Event, frozen=True, tag="first_player"):
    """The seat with the highest face starts; the drawn cards went back and the deck was shuffled."""

    seat: int


class Drew(Event, frozen=True, tag="drew"):
    """``seat`` drew ``card`` (sent only to that seat). ``reason``: deal, draw, double_draw."""

    seat: int
    card: str
    reason: str = "draw"
    REVEALS: ClassVar[bool] = True


class DrewHidden(Event, frozen=True, tag="drew_hidden"):
    """What the other seats learn of a draw: who drew and why, not the card."""

    seat: int
    reason: str = "draw"
    REVEALS: ClassVar[bool] = True


class TurnStarted(Event, frozen=True, tag="turn_started"):
    seat: int
    turn: int
    REVEALS: ClassVar[bool] = True


class DrawSkipped(Event, frozen=True, tag="draw_skipped"):
    """The first player's first turn has no draw."""

    seat: int


class SearchDeclined(Event, frozen=True, tag="search_declined"):
    seat: int
    depth: int


class Searched(Event, frozen=True, tag="searched"):
    """``depth``'s dungeon cards turned face down; the deck's top ``card`` shows ``face`` (0: X,
    the fail) and scores ``points`` as ``treasure`` (a treasure id; "" for a fail).
    ``via``: turn (at the turn's start) or delve."""

    seat: int
    depth: int
    card: str
    face: int
    points: int
    treasure: str
    via: str = "turn"
    REVEALS: ClassVar[bool] = True


class SearchForfeited(Event, frozen=True, tag="search_forfeited"):
    """The 4th or 7th dungeon card went down before ``depth`` was searched: that search is lost."""

    seat: int
    depth: int


class PhaseChosen(Event, frozen=True, tag="phase_chosen"):
    """``phase``: dungeon, battle, double_draw."""

    seat: int
    phase: str


class DungeonSet(Event, frozen=True, tag="dungeon_set"):
    """``count`` dungeon cards now, depth ``depth``. ``via``: phase or advance."""

    seat: int
    card: str
    count: int
    depth: int
    via: str = "phase"


class EnemySet(Event, frozen=True, tag="enemy_set"):
    seat: int
    card: str
    target: int


class Committed(Event, frozen=True, tag="committed"):
    seat: int
    card: str


class Withdrawn(Event, frozen=True, tag="withdrawn"):
    seat: int
    card: str


class TsChosen(Event, frozen=True, tag="ts_chosen"):
    seat: int
    ts: str


class WildChosen(Event, frozen=True, tag="wild_chosen"):
    seat: int
    card: str
    skill: str


class Fought(Event, frozen=True, tag="fought"):
    """A battle resolved. ``outcome``: won (the enemy goes to ``seat``'s score pile), lost, or
    banished (discarded without a defeat). ``skills``: the battle skills that fired."""

    seat: int
    enemy: str
    owner: int
    cards: list[str]
    ts: str
    bp: int
    enemy_ts: str
    enemy_bp: int
    outcome: str
    skills: list[str] = []


class Discarded(Event, frozen=True, tag="discarded"):
    """Cards to the discard pile. ``reason``: battle (the characters that fought), banish (the
    banished enemy), end, mend."""

    seat: int
    cards: list[str]
    reason: str


class SkillFired(Event, frozen=True, tag="skill_fired"):
    """A skill took effect (``card`` carries it; ``skill`` is the one used, a wild's choice)."""

    seat: int
    card: str
    skill: str


class SkillPassed(Event, frozen=True, tag="skill_passed"):
    """A skill did not take effect. ``reason``: skipped, no_target (its condition did not hold)."""

    seat: int
    card: str
    skill: str
    reason: str


class TurnEnded(Event, frozen=True, tag="turn_ended"):
    seat: int


class GameEnded(Event, frozen=True, tag="game_ended"):
    """``reason``: depth3 (a depth-3 search, at the end of that turn) or deck_out (the deck ran
    out). ``points[i]``: seat i's final score."""

    reason: str
    points: list[int]
    REVEALS: ClassVar[bool] = True


EVENTS: tuple[type[Event], ...] = (
    FirstPlayerDraw, FirstPlayer, Drew, DrewHidden, TurnStarted, DrawSkipped, SearchDeclined,
    Searched, SearchForfeited, PhaseChosen, DungeonSet, EnemySet, Committed, Withdrawn, TsChosen,
    WildChosen, Fought, Discarded, SkillFired, SkillPassed, TurnEnded, GameEnded,
)

# --- the view -------------------------------------------------------------------------------

Phase = Literal["search", "play", "dungeon", "battle", "prompt", "end", "over"]


class DungeonCardView(msgspec.Struct, frozen=True):
    """One card of a dungeon, in the order played; ``face_down``: its depth was searched."""

    card: str
    depth: int
    face_down: bool


class EnemyView(msgspec.Struct, frozen=True):
    """An enemy on a field and the seat that set it there."""

    card: str
    owner: int


class TreasureView(msgspec.Struct, frozen=True):
    """A search result: ``card`` the deck card turned for it, ``face`` its dice face (0: X)."""

    depth: int
    card: str
    face: int
    points: int
    treasure: str


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    dungeon: list[DungeonCardView]
    depth: int                     # 0 (no card), 1 (1-3 cards), 2 (4-6), 3 (7-9)
    searched: list[int]            # depths searched
    forfeited: list[int]           # depths whose search was forfeited
    enemies: list[EnemyView]       # enemies on this player's field
    treasures: list[TreasureView]
    defeated: list[str]            # enemies this player defeated (score pile)
    hand_count: int
    points: int                    # the score if the game ended now (the hand's characters only
    #                                for the seat itself; others count treasures and defeated)


class BattleView(msgspec.Struct, frozen=True):
    """The rules' preview of the fight as it stands."""

    enemy: str
    enemy_owner: int
    enemy_ts: str
    enemy_bp: int
    shield: bool                   # the enemy's shield holds (not pierced)
    committed: list[str]
    ts: str                        # the chosen TS ("" until a character is committed)
    ts_options: list[str]
    bp: int                        # summed BP of the committed characters
    feint: bool
    pierce: bool
    banish: bool
    outcome: str                   # won, lost, banished ("" with nothing committed)
    skills: list[str]              # battle skills that fire
    wild: list[str] = []           # committed wild cards (their choice: ``wild_as``)
    wild_as: list[str] = []        # each of ``wild``'s chosen skill, in its order ("": none yet)
    # With a banish: the fight's outcome (won, lost) should the banish not be used; and whether
    # it may still be declined (a card's own banish: the fight prompts use_skill / skip_skill)
    fight_outcome: str = ""
    banish_optional: bool = False


class PromptView(msgspec.Struct, frozen=True):
    """A skill waiting for its owner's choice. ``kind``: use (delve: use_skill/skip_skill),
    mend (mend {card}/done), advance (set_dungeon {card}/skip_skill), wild (wild_as/skip_skill),
    banish (after ``fight``, the battle still shown: use_skill banishes, skip_skill fights)."""

    card: str
    skill: str
    kind: str
    queued: int = 0                # more prompts waiting after this one


class RelicView(msgspec.Struct, frozen=True):
    seat: int | None
    n_players: int
    variant: bool                  # 3-4 players: two sets, enemies on any opponent's field
    phase: Phase
    active: int
    turn: int                      # counts every player's turn from 1
    to_act: list[int]
    first_player: int
    players: list[PlayerView]
    hand: list[str]                # this seat's own hand ([] for a spectator)
    deck_count: int
    discard: list[str]             # public, oldest first
    search_depth: int              # the depth a search now would take (0: none possible)
    forfeits: int                  # the depth a dungeon set now would forfeit (0: none)
    dungeon_set_done: bool
    enemy_set_done: bool
    battle: BattleView | None
    prompt: PromptView | None
    last_search: TreasureView | None
    last_search_seat: int = -1
    end_reason: str = ""
    # Setup's first-player draw, round by round: ``first_draw[r][i]`` seat i's card ("" if it did
    # not draw in that round: only the tied redraw). The setup events are not sent to the table.
    first_draw: list[list[str]] = []
