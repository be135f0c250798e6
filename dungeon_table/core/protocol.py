"""The engine protocol every game speaks.

A game is a plain object with a small vocabulary, read like python-chess's ``Board``::

    game = new_game("lastdungeon", seats=["human"], seed=7)
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    events = game.apply(seat, action)      # IllegalAction if not legal; state unchanged
    game.view(seat)                        # what that seat may see
    game.result()                          # None until the end

Actions and events are small frozen msgspec Structs tagged by ``type``; ``to_dict`` turns them into
the plain ``{"type": ...}`` dicts used by saves, scripts, the log and tests, ``decode_action`` turns
such a dict back into the game's typed action. Nothing here knows pygame.
"""

from __future__ import annotations

import abc
import copy
from typing import Any, ClassVar, Union

import msgspec

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.reasons import Reason, reason


# ``gc=False`` on both bases: the cycle collector does not track actions and events (a random
# step makes several, and every one tracked is counted toward the next collection). Frozen and
# holding only strings, numbers, plain containers and small records, none can be part of a cycle.
class Action(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", gc=False):
    """A decision a seat makes. Subclasses set ``tag="..."``: the ``type`` in the notation."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", gc=False):
    """Something that happened, for the animation layer and the log.

    ``to`` names the seats that may see it (``None``: everyone). A class that sets ``REVEALS`` marks
    hidden information coming to light (a card drawn, a card turned over, a die rolled): undo never
    crosses it.
    """

    to: tuple[int, ...] | None = None
    REVEALS: ClassVar[bool] = False

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class ScoreLine(msgspec.Struct, frozen=True):
    """One line of a score breakdown; ``key`` is an i18n key (``score.repelled``).

    ``count`` is how many things earned ``value`` (13 adventurers repelled for 130 points), so the
    game-over table can show "13 × 10" instead of a bare number that reads like a count.
    """

    key: str
    value: int
    count: int | None = None


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """The end of a game: seats best first, the winners, and each seat's score breakdown.

    ``outcome`` is an i18n key for the headline (``result.won``, ``result.lost``). ``breakdown[i]``
    belongs to seat ``i`` and ends with the ``score.total`` line. ``history[i]`` is a per-round series
    (life, gp, score...) for the game-over chart, labelled by ``history_key``: the value before the
    first round, then one per round (its last the game's last round, played to the end or not).
    """

    ranking: list[int]
    winners: list[int]
    outcome: str
    breakdown: list[list[ScoreLine]]
    history: list[list[int]] = []
    history_key: str = ""


def to_dict(record: Action | Event) -> dict[str, Any]:
    """The plain-dict notation of an action or event (``{"type": "play", ...}``)."""
    # Through JSON rather than to_builtins: tuples become lists, so the notation is YAML-safe and
    # equal to what a save or a script gives back.
    out: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(record))
    if isinstance(record, Event) and out.get("to") is None:
        out.pop("to", None)
    return out


# The protocol's form check, one decoder per action type (made on first use).
_ENCODER = msgspec.json.Encoder()
_DECODERS: dict[type[Action], msgspec.json.Decoder[Any]] = {}
# Each game's action types by their tag (made on first use).
_TAGS: dict[type[Game], dict[Any, type[Action]]] = {}


class Game(abc.ABC):
    """Base class of every game's rules. Subclasses implement the ``_``-prefixed hooks.

    ``seats`` are the seat kinds as given at setup (``"human"``, ``"bot:greedy"``...); the engine
    does not care who sits there, the app and ``simulate`` do.
    """

    game_id: ClassVar[str]
    action_types: ClassVar[tuple[type[Action], ...]]
    event_types: ClassVar[tuple[type[Event], ...]]
    # The decks a script may stack (``{deck_name: [first, second, ...]}``); any other name is a
    # mistake in the script, refused before the game is built. ``None``: the game takes any.
    stack_decks: ClassVar[tuple[str, ...] | None] = None

    def __init__(
        self,
        seats: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        stack: dict[str, list[Any]] | None = None,
    ) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.stack = {k: list(v) for k, v in (stack or {}).items()}
        unknown = sorted(set(self.stack) - set(self.stack_decks or self.stack))
        if unknown:
            decks = ", ".join(self.stack_decks or ())
            raise ValueError(f"unknown deck {unknown[0]!r} (decks: {decks})")

    # --- the protocol ---------------------------------------------------------------------
    @abc.abstractmethod
    def to_act(self) -> list[int]:
        """Seats that must decide now (several at once for sealed choices); empty when over."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now; empty when it is not that seat's turn."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action and return what happened. Illegal: ``IllegalAction``, no change."""
        action = self.well_formed(seat, action)
        if self.result() is not None:
            raise IllegalAction(game_over())
        if seat not in self.to_act():
            raise IllegalAction(not_to_act(seat, self.to_act()))
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.why_illegal(seat, action))
        return self._apply(seat, action)

    def apply_again(self, seat: int, action: Action) -> list[Event]:
        """``apply`` for an action this game's own history has taken before, from the same start
        (undo's base and a load's rebuilding steps a replay just checked): games on the kit skip
        the checks, the rules being deterministic; this fallback checks anyway."""
        return self.apply(seat, action)

    def well_formed(self, seat: int, action: Action) -> Action:
        """``action`` as this game's own typed record, or ``IllegalAction`` before anything is
        looked at: a seat that is not a plain ``int``, anything but one of ``action_types``, a
        field of the wrong type. Legality compares by ``==``, under which ``1.0 == 1 == True``:
        ``Play(space=1.0)`` would pass it and fail halfway through ``_apply``, and ``False`` as a
        seat would be recorded and the save no longer load."""
        if type(seat) is not int:
            raise IllegalAction.of("refuse.seat_type", "a seat is a whole number, got {seat}",
                                   seat=repr(seat))
        kind = type(action)
        if kind not in self.action_types:
            raise IllegalAction.of("refuse.not_an_action", "{action} is not an action of {game}",
                                   action=repr(action), game=self.game_id)
        decoder = _DECODERS.get(kind) or _DECODERS.setdefault(kind, msgspec.json.Decoder(kind))
        try:
            # A round trip through the notation checks every field against the Struct's types
            # strictly (no bool or float for an int); it costs well under a microsecond.
            return decoder.decode(_ENCODER.encode(action))
        except (msgspec.MsgspecError, TypeError, OverflowError) as err:
            raise IllegalAction.of("refuse.malformed",
                                   "{action} is not a well-formed {game} action: {err}",
                                   action=repr(action), game=self.game_id, err=err) from None

    @abc.abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal."""

    def why_illegal(self, seat: int, action: Action) -> str:
        """The reason ``action`` is refused (a ``Reason``: its i18n key and values); games
        override this with rule-specific reasons."""
        return not_legal(action)

    @abc.abstractmethod
    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see (``None``: a spectator). The UI draws only from this."""

    @abc.abstractmethod
    def result(self) -> Result | None:
        """``None`` until the end, then the ranking and score breakdowns."""

    def tempting(self, seat: int) -> list[Action]:
        """Moves a player at ``seat`` may reach for now that the rules refuse (a card too dear
        to buy): the table gives them targets, so a click on one says ``why_illegal`` instead
        of doing nothing. Not legal, never sent; the default: none."""
        return []

    def costly(self, seat: int, action: Action) -> Reason | None:
        """Why ``action`` deserves a second thought: it costs something undo will not give back
        (a purchase, a turn ended with moves left, a search given up), as a ``Reason`` the table
        asks to confirm with ("Confirm costly actions" in the settings); None: just do it. Each
        game's rules page lists its costly actions."""
        return None

    def can_undo(self, seat: int) -> bool:
        """The game's own veto on undo. ``Session`` already refuses to undo past another seat's
        action or a ``REVEALS`` event; a game overrides this only for barriers of its own."""
        return True

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        """Whether the privacy screen must come before ``seat`` decides on a screen ``viewer`` has
        been looking at (pass-and-play): the i18n key of the reason ("handoff.reason.turn"), or
        None when the two may see exactly the same things, so the table just names who is next.
        The default covers the screen at every change of seat; a game with public states overrides
        it (a chest's card or a sealed bid on screen still needs the cover)."""
        return None if seat == viewer else "handoff.reason.turn"

    def clone(self) -> Game:
        """An independent copy of the game (undo's base, search). The kit's games copy their state
        value; this fallback deep-copies everything."""
        return copy.deepcopy(self)

    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain data: for ``script`` output and determinism checks."""
        raise NotImplementedError

    # --- notation ---------------------------------------------------------------------------
    @classmethod
    def decode_action(cls, data: dict[str, Any]) -> Action:
        """A plain ``{"type": ...}`` dict back into this game's typed action."""
        tags = _TAGS.get(cls)
        if tags is None:
            tags = _TAGS[cls] = {t.__struct_config__.tag: t for t in cls.action_types}
        # By its tag straight to its type: converting to the union of every action type costs
        # ~100x more (msgspec sizes the union up each time), and a load decodes every action.
        kind = tags.get(data.get("type")) if isinstance(data, dict) else None
        if kind is not None:
            try:
                return msgspec.convert(data, kind)
            except msgspec.ValidationError:
                pass  # the union's own words for what is wrong, below
        try:
            return msgspec.convert(data, Union[cls.action_types])  # type: ignore[arg-type]
        except msgspec.ValidationError as err:
            raise IllegalAction.of("refuse.not_decodable", "not an action of {game}: {err}",
                                   game=cls.game_id, err=err) from None


# --- the refusals every game shares (their i18n keys: refuse.*) ---------------------------------
def game_over() -> Reason:
    return reason("refuse.game_over", "the game is over")


def not_to_act(seat: int, to_act: list[int]) -> Reason:
    return reason("refuse.not_your_turn", "seat {seat} is not to act now (to act: {to_act})",
                  seat=seat, to_act=to_act)


def not_legal(action: Action) -> Reason:
    return reason("refuse.not_legal", "{action} is not a legal action now",
                  action=to_dict(action))
