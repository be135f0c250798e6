"""The kit every game is built from: its state as one value, its flow as declared phases.

A game declares what it is once, at the top of its ``rules.py``, and the kit does the rest of the
protocol (boardgame.io's ``phases: {moves}``, OpenSpiel's ``State.clone()``)::

    class RelicState(msgspec.Struct):          # games/relic/state.py: everything that changes
        phase: str = "play"
        active: int = 0
        deck: Deck = msgspec.field(default_factory=Deck)
        ...

    class Relic(PhasedGame[RelicState]):
        state_type = RelicState
        phases = {
            "play": Phase(play.legal, {m.DungeonPhase: play.dungeon_phase,
                                       m.DoubleDraw: play.double_draw},
                          hint="choose the dungeon phase, a battle or a double draw"),
            "over": OVER,
        }

``legal_actions`` asks the current phase, ``apply`` calls the handler bound to the action's type in
that phase, ``why_illegal`` says which phase wants what, and the bots read the same table. A phase
that names an action type the game does not declare, or an action type no phase handles, is an
error when the class is created, not when a player first meets it.

The rules object holds what does not change during play (card data, options, derived constants),
caches that can be rebuilt from the state (declared in ``caches``), the random source, and
``state``. So ``state_dict`` and ``clone`` come from here for every game, and a generic test proves
that nothing else changes while a game is played.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import (
    Action,
    Event,
    Game,
    game_over,
    not_legal,
    not_to_act,
    to_dict,
)
from dungeon_table.core.reasons import reason
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck

S = TypeVar("S", bound=msgspec.Struct)
# A bot's pick: ``choose(view, legal_actions)`` (``PhasedGame.play_choice``).
Choose = Callable[[Any, list[Action]], Action]
# A bot's pick by its position in the list: ``pick(view, legal_actions) -> index``.
Pick = Callable[[Any, list[Action]], int]

# A phase's parts are plain functions over the game, so a phase's rules can live in a module of
# their own that takes the game as a parameter and never imports the class that uses them.
Legal = Callable[[Any, int], list[Action]]
Handler = Callable[[Any, int, Any], list[Event]]
Check = Callable[[Any, int, Any], "str | None"]
Quick = Callable[[Any, int, Any], "bool | None"]


def _nothing_legal(game: Any, seat: int) -> list[Action]:
    return []


@dataclass(frozen=True)
class Phase:
    """One step of a game's flow.

    ``legal(game, seat)`` lists what ``seat`` may do in it; ``moves`` binds each action type
    the phase accepts to its handler ``(game, seat, action) -> events``; ``hint`` says in words what
    the phase wants (a refused action of another phase is told this); ``checks`` give the rule's
    own reason when an action of this phase is refused ``(game, seat, action) -> reason | None``.
    Hints and reasons are ``core.reasons.Reason``s (``<game>.phase.<name>``,
    ``<game>.refuse.<what>``): English text with the i18n key a table translates them by.
    ``quick`` may say, for an action type, whether an action of it is in ``legal``'s list without
    listing everything ``(game, seat, action) -> bool | None``, None when it cannot tell: what a
    replay asks (a load checks every saved action), where nobody has listed the legal actions.
    It must answer as membership in the list does (a game's tests hold it to that).
    ``offers(game, seat)`` lists the buttons a player expects to see in this phase, legal now or
    not (End turn while a card must still be discarded, Fight before anything is committed):
    those the rules refuse now are the game's ``tempting`` moves, shown disabled with the
    phase's ``checks`` reason rather than hidden, so a player never wonders where they went.
    """

    legal: Legal = _nothing_legal
    moves: Mapping[type[Action], Handler] = field(default_factory=dict)
    hint: str = ""
    checks: Mapping[type[Action], Check] = field(default_factory=dict)
    quick: Mapping[type[Action], Quick] = field(default_factory=dict)
    offers: Legal = _nothing_legal


def offer(*actions: Action) -> Legal:
    """A phase's ``offers`` that are the same buttons whatever the state (End turn, Fight)."""
    def offers(game: Any, seat: int) -> list[Action]:
        return list(actions)
    return offers


# The kit's own caches (see ``PhasedGame.version``), added to every game's ``caches``.
KIT_CACHES = ("version", "applying", "_legal")

# The phase a finished game rests in: nothing is legal, nothing is handled.
OVER = Phase(hint=reason("refuse.hint.over", "the game is over"))


class PhasedGame(Game, Generic[S]):
    """A ``Game`` whose mutable state is ``self.state`` (a msgspec Struct with a ``phase`` field)
    and whose flow is the ``phases`` table.

    Subclasses set ``state_type`` and ``phases``, build ``self.state`` and ``self.rng`` in
    ``__init__``, and implement ``to_act``, ``view`` and ``result``. ``caches`` names attributes
    that may change during play but are rebuilt from the state (a clone starts them afresh); the
    kit's own (``KIT_CACHES``) are added to it.
    """

    state_type: ClassVar[type[msgspec.Struct]]
    phases: ClassVar[Mapping[str, Phase]]
    caches: ClassVar[tuple[str, ...]] = ()
    # Moves the game accepts while it runs though no phase lists them, so no bot ever picks one
    # (the table's clock sends Dungeon!'s ``time_up``): type -> (check, handler); a reason from
    # the check refuses it.
    unlisted: ClassVar[Mapping[type[Action], tuple[Check, Handler]]] = {}
    state: S
    # The kit's own cache: the legal actions of one seat at one state ``version`` (bumped by
    # every ``apply``, before and after the action runs). Class defaults until first set; a
    # clone starts afresh. State changed by hand (a test) is seen once ``reset_caches`` runs.
    version: int = 0
    applying: bool = False
    _legal: tuple[int, int, list[Action]] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.caches = (*KIT_CACHES, *(c for c in cls.caches if c not in KIT_CACHES))
        if "phases" in cls.__dict__:
            _check_flow(cls)

    # --- the protocol, read from the phases --------------------------------------------------
    @property
    def phase(self) -> str:
        """The name of the phase the game is in now (``state.phase``)."""
        return str(self.state.phase)  # type: ignore[attr-defined]

    @property
    def current(self) -> Phase:
        """The rules of the phase the game is in now."""
        return self.phases[self.state.phase]  # type: ignore[attr-defined]

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal_now(seat))  # a copy: the caller may change its list

    def _legal_now(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, listed once per state version: the bot, the view and
        ``apply``'s legality check all ask between two actions, and listing them is most of an
        action's cost (Dungeon!'s routes). While an action runs nothing is kept."""
        if self.applying:
            return self._list_legal(seat)
        cached = self._legal
        if cached is None or cached[0] != self.version or cached[1] != seat:
            cached = self._legal = (self.version, seat, self._list_legal(seat))
        return cached[2]

    def _list_legal(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        # ``self.current``, read without the property's call (every step lists)
        return self.phases[self.state.phase].legal(self, seat)  # type: ignore[attr-defined]

    def apply(self, seat: int, action: Action) -> list[Event]:
        try:
            if self._listed_now(seat, action):
                # The very object listed for this state: made by the rules, so well formed, and
                # listed only when ``seat`` was to act and the game went on; nothing changed.
                return self._apply(seat, action)
            return self._checked_apply(seat, action)
        finally:
            self.version += 1  # what was asked before is stale, whatever happened

    def play_choice(self, seat: int, choose: Choose, view: Any = None) -> Action:
        """``apply(seat, choose(view, legal_actions(seat)))`` in one call, for ``seat`` taken
        from ``to_act()``; the action applied. The loops that feed bots come here at every
        step (``script.play_out``, which ``simulate`` plays through, and a search's playouts),
        so it spares their calls between: the list is made (or read, made for this state) and
        a pick that is one of its very objects runs its handler with no check; anything else
        goes through ``apply``'s."""
        phase = self.phases[self.state.phase]  # type: ignore[attr-defined]
        cached = self._legal
        if cached is not None and cached[0] == self.version and cached[1] == seat:
            legal = cached[2]  # listed for the view: the bot is given a copy
            action = choose(view, list(legal))
        else:  # ``_legal_now`` without its calls, and not kept: the bot may have this list
            legal = phase.legal(self, seat)
            action = choose(view, legal)
        for each in legal:  # ``_among`` without its call: every bot step comes here
            if each is action:
                break
        else:
            self.apply(seat, action)
            return action
        self._running(phase.moves[type(action)], seat, action)  # listed: nothing ran since
        return action

    def play_pick(self, seat: int, pick: Pick, view: Any = None) -> Action:
        """``play_choice`` for a bot that names its pick by its position in the list
        (``pick(view, legal_actions) -> index``, ``RandomBot.pick``): the action is one of the
        listed objects by construction, so it runs with no search of the list for it."""
        phase = self.phases[self.state.phase]  # type: ignore[attr-defined]
        cached = self._legal
        if cached is not None and cached[0] == self.version and cached[1] == seat:
            action = cached[2][pick(view, list(cached[2]))]  # the bot is given a copy
        else:  # ``_legal_now`` without its calls, and not kept: the bot may have this list
            legal = phase.legal(self, seat)
            action = legal[pick(view, legal)]
        self._running(phase.moves[type(action)], seat, action)  # listed: nothing ran since
        return action

    def _checked_apply(self, seat: int, action: Action) -> list[Event]:
        """``apply`` of an action not listed for this state (or an equal copy): checked in full."""
        move = self.unlisted.get(type(action))
        if move is None:
            action = self.well_formed(seat, action)
            if self.result() is not None:
                raise IllegalAction(game_over())
            if seat not in self.to_act():
                raise IllegalAction(not_to_act(seat, self.to_act()))
            if not self.is_legal(seat, action):
                raise IllegalAction(self.why_illegal(seat, action))
            return self._apply(seat, action)
        action = self.well_formed(seat, action)
        if self.result() is not None:
            raise IllegalAction(game_over())
        if seat not in self.to_act():
            raise IllegalAction(not_to_act(seat, self.to_act()))
        check, handler = move
        why = check(self, seat, action)
        if why:
            raise IllegalAction(why)
        return self._running(handler, seat, action)

    def _listed_now(self, seat: int, action: Action) -> bool:
        """``action`` is one of the very objects in the legal actions listed for this state (as
        a bot hands back its pick): equal is not enough, ``Play(space=1.0) == Play(space=1)``."""
        cached = self._legal
        if cached is None or cached[0] != self.version or cached[1] != seat:
            return False
        return _among(cached[2], action)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``action`` (well formed, ``seat`` to act) is among the legal actions: by the
        list when it was made for this state, else by the phase's ``quick`` test if it can tell,
        else by listing them."""
        cached = self._legal
        if cached is None or cached[0] != self.version or cached[1] != seat:
            quick = self.current.quick.get(type(action))
            verdict = quick(self, seat, action) if quick is not None else None
            if verdict is not None:
                return verdict
        return action in self._legal_now(seat)

    def apply_again(self, seat: int, action: Action) -> list[Event]:
        move = self.unlisted.get(type(action))
        handler = move[1] if move is not None else self.current.moves[type(action)]
        return self._running(handler, seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        # ``self.current``, read without the property's call (every action comes this way)
        handler = self.phases[self.state.phase].moves[type(action)]  # type: ignore[attr-defined]
        return self._running(handler, seat, action)

    def _running(self, handler: Handler, seat: int, action: Action) -> list[Event]:
        """``handler`` applied with the caches off: the state changes under it. The version is
        bumped before (what was asked of the state before is stale) and after (a game's cache
        made while it ran, of a state half changed, is stale too): every way an action runs
        comes here, ``apply``, ``apply_again`` and the bots' ``play_choice``/``play_pick``."""
        self.version += 1
        self.applying = True
        try:
            return handler(self, seat, action)
        finally:
            self.applying = False
            self.version += 1

    def tempting(self, seat: int) -> list[Action]:
        """The phase's buttons (``Phase.offers``) the rules refuse ``seat`` now, while it is to
        act: the table draws them disabled, with ``why_illegal`` on hover and click. A game
        adds moves of its own reach (a card too dear) to these."""
        if seat not in self.to_act() or self.result() is not None:
            return []
        legal = self._legal_now(seat)
        return [action for action in self.current.offers(self, seat) if action not in legal]

    def why_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is refused: the game is over, not this seat's turn, an action of another
        phase (with what this phase wants), else the rule's own check."""
        if self.result() is not None:
            return game_over()
        if seat not in self.to_act():
            return not_to_act(seat, self.to_act())
        phase = self.current
        name = to_dict(action)["type"]
        if type(action) not in phase.moves:
            return reason("refuse.not_now", "{action} is not possible now: {hint}",
                          action=name, hint=phase.hint)
        check = phase.checks.get(type(action))
        why = check(self, seat, action) if check is not None else None
        return why or not_legal(action)

    # --- setup ---------------------------------------------------------------------------------
    def stack_onto(self, deck: Deck, name: str) -> Deck:
        """``deck`` with the script's ``stack`` for ``name`` on top (first listed, first drawn),
        called right after the deck is shuffled; ``ValueError`` names the deck and the card."""
        try:
            deck.stack_top(str(card) for card in self.stack.get(name, []))
        except ValueError as err:
            raise ValueError(f"stack {name}: {err}") from None
        return deck

    # --- the state as a value ----------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain data (script output, determinism checks)."""
        out: dict[str, Any] = msgspec.to_builtins(self.state)
        return out

    def clone(self) -> PhasedGame[S]:
        """An independent copy for search: the same card data and options (shared, they never
        change), a copy of the state and of the random source, caches empty."""
        twin = self._twin()
        twin.rng = self.rng.copy()  # type: ignore[attr-defined]
        return twin

    def _twin(self) -> PhasedGame[S]:
        """``clone`` but for the random source, which still is this game's own."""
        twin = copy.copy(self)
        twin.state = copy_state(self.state)
        for name in self.caches:
            twin.__dict__.pop(name, None)
        twin.reset_caches()
        return twin

    def reset_caches(self) -> None:
        """Start every cache afresh (after ``clone``, ``redeal``); games with caches of their
        own override it and call this too."""
        self.version += 1
        self._legal = None

    # --- hooks of the generic suites (and of search) ---------------------------------------
    def conserved(self) -> Counter[str]:
        """Everything play neither makes nor destroys, counted wherever it lies: every card by
        id, a game's coins. The generic suite checks that it never changes; a game overrides it
        (a card that leaves the game goes to a zone of its own, it is still counted)."""
        return Counter()

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> PhasedGame[S]:
        """A clone in which everything ``seat`` cannot see is dealt anew, consistently with what
        it sees (``seat`` None: the spectator), its random source reseeded from ``rng`` (the dice
        to come are unknown too). Its views and legal actions for ``seat`` are this game's.
        Search samples the games it may be in from here; the privacy suite checks that nothing
        ``seat`` is shown tells the two apart."""
        twin = self._twin()  # its random source is replaced: copying this one's is waste
        twin.rng = Rng(rng.getrandbits(63))  # type: ignore[attr-defined]
        twin.redeal(seat, rng)
        twin.reset_caches()
        return twin

    def standing(self) -> list[float] | None:
        """Each seat's figure the game ranks by, were it to end now (points, gold): how a search
        that stops a playout before the end scores it (``ai/search_bot.py``). ``None``: the game
        has none, so its playouts go to the end."""
        return None

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """Deal anew, in place, what ``seat`` cannot see: the hidden cards shuffled among the
        places hidden from it, other seats' sealed choices made afresh. A game with hidden
        information overrides it; the generic suite checks that it changes something. Deal from
        which cards are hidden, never from where they lay (sort a pool before shuffling it): two
        games the seat cannot tell apart must deal the same worlds from the same ``rng``, or a
        search sampling from here could tell them apart (``tests/test_search_all_games.py``)."""


def copy_state(state: S) -> S:
    """A deep copy of a state value through msgpack: about 8x faster than ``copy.deepcopy``."""
    decoder = _DECODERS.get(type(state))
    if decoder is None:
        decoder = _DECODERS[type(state)] = msgspec.msgpack.Decoder(type(state))
    copied: S = decoder.decode(_ENCODER.encode(state))
    return copied


_ENCODER = msgspec.msgpack.Encoder()
_DECODERS: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def _check_flow(cls: type[PhasedGame[Any]]) -> None:
    """Every phase's moves are the game's own actions, and every action has a phase: a mistake
    here is a ``TypeError`` when the game's module is imported."""
    declared = set(getattr(cls, "action_types", ()))
    handled: set[type[Action]] = set()
    for name, phase in cls.phases.items():
        for action_type, handler in phase.moves.items():
            if action_type not in declared:
                raise TypeError(f"{cls.__name__}: phase {name!r} handles {action_type.__name__}, "
                                "which is not among its action_types")
            if not callable(handler):
                raise TypeError(f"{cls.__name__}: phase {name!r}: the handler of "
                                f"{action_type.__name__} is not callable")
            handled.add(action_type)
        for action_type in phase.checks:
            if action_type not in phase.moves:
                raise TypeError(f"{cls.__name__}: phase {name!r} checks "
                                f"{action_type.__name__} but does not handle it")
    missing = [t.__name__ for t in declared - handled - set(cls.unlisted)]
    if missing:
        raise TypeError(f"{cls.__name__}: no phase handles {', '.join(sorted(missing))}")


def _among(listed: list[Action], action: Action) -> bool:
    """``action`` is one of the very objects of ``listed``. By identity: ``in`` or ``list.index``
    would compare each action before it field by field (a move's path space by space). A plain
    loop: asked at every step, it runs in fewer instructions than ``any(map(operator.is_, ...))``
    (Python 3.11's specialised bytecode against the C calls of ``map``)."""
    for each in listed:
        if each is action:
            return True
    return False
