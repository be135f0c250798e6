"""A session: a running game together with its record.

Every action goes through the session, so the record (and the autosave) always matches the game::

    s = Session.new("lastdungeon", ["human"], seed=7, autosave=autosave_path("lastdungeon"))
    events = s.apply(0, action)     # appended to the record, autosaved
    if s.can_undo(0):
        s.undo()                    # rebuilt from the record without its last action
    s = Session.load(path)          # replays a save; SaveError if anything is wrong

Undo never crosses an action whose events reveal something (a card drawn, a die rolled), another
seat's action, nor the end of a seat's turn, so undo can never be used to peek. It costs the same
at any length: a second game (the *base*) follows the record up to its latest reveal, which undo
can never cross, and undo copies the base and replays the few actions since (no copy of the game
per step). The autosave appends each action's line to the file; the file is written whole only
when the setup, the names, the clock or the history change (undo).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dungeon_table.core import registry
from dungeon_table.core.errors import CardFileError, IllegalAction, SaveError
from dungeon_table.core.protocol import Action, Event, Game
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.core.records import (
    FORMAT,
    Record,
    append_action,
    damaged,
    load_record,
    save_record,
    shorten,
)


@dataclass(frozen=True)
class Step:
    """One applied action and what it caused: the unit of undo and of the replay viewer."""

    seat: int
    action: Action
    events: list[Event]

    @property
    def reveals(self) -> bool:
        """Hidden information came to light here: undo may not cross this step."""
        return any(event.REVEALS for event in self.events)


# After a load, the base (the game at the last reveal) is made from a copy of the game taken this
# many steps before the end of the replay. Reveals come every few steps (at most 13 apart in random
# games of Last Dungeon, the relic game and Dungeon!, 8 between market bots); only random market
# bots setting prices went longer (156), and such a load replays the start again for its base.
UNDO_TAIL = 64


def start(record: Record, source: str = "<record>") -> Game:
    """A fresh game from the record's setup; ``SaveError`` if the game is unknown, ``DamagedSave``
    if the game refuses the setup (seats, options, the stack)."""
    spec = checked_spec(record, source)
    try:
        return spec.new_game(record.seats, record.seed, record.options, record.stack)
    except CardFileError as err:  # the game's own card file is broken, not this save
        raise SaveError(f"{source}: {record.game} cannot be set up: {err}") from None
    except (ValueError, KeyError, TypeError) as err:
        raise damaged(source, f"the game refuses this setup: {err}") from None


def checked_spec(record: Record, source: str = "<record>") -> registry.GameSpec:
    """The record's game with its seats and options checked, without building it: ``SaveError``
    for a game this version lacks, ``DamagedSave`` for seats or options the game refuses."""
    try:
        spec = registry.get(record.game)
    except ValueError as err:
        raise SaveError(f"{source}: {err}") from None
    try:
        check_setup(spec, record)
    except CardFileError as err:
        raise SaveError(f"{source}: {record.game} cannot be set up: {err}") from None
    except ValueError as err:
        raise damaged(source, f"the game refuses this setup: {err}") from None
    return spec


def check_setup(spec: registry.GameSpec, record: Record) -> None:
    """``ValueError`` unless the seats are ones the game takes (``check_seats``) and the options
    are the game's own, with values of their declared kind (``GameSpec.check_options``)."""
    check_seats(spec, record.seats)
    spec.check_options(record.options)


def bot_level(kind: str) -> str | None:
    """The level of a seat's kind: ``bot:<level>``, ``bot`` alone the game's strong one
    (``best``); None for anything else (a human)."""
    bot, _, level = kind.partition(":")
    return (level or "best") if bot == "bot" else None


def check_seats(spec: registry.GameSpec, seats: list[str]) -> None:
    """``ValueError`` unless the game takes that many seats and each is ``human``, ``bot`` (the
    strongest) or ``bot:<level>`` with a level the game has."""
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise ValueError(f"{spec.game_id} takes {spec.min_players}-{spec.max_players} seats, "
                         f"got {len(seats)}")
    levels = spec.bot_names()
    for kind in seats:
        if kind != "human" and bot_level(kind) not in levels:
            known = ", ".join(f"bot:{name}" for name in levels)
            raise ValueError(f"unknown seat {kind!r} (known: human, {known})")


def steps_of(game: Game, record: Record, source: str = "<record>") -> Iterator[Step]:
    """Apply the record's actions to ``game`` (fresh from ``start``), yielding each step.

    Raises ``SaveError`` naming the action index when the rules refuse an action, so a save made
    by older, different rules is reported rather than silently diverging.
    """
    for index, (seat, notation) in enumerate(record.entries()):
        try:
            action = type(game).decode_action(notation)
            events = game.apply(seat, action)
        except IllegalAction as err:
            brief = shorten(f"{{seat: {seat}, {_brief(notation)}}}", 100)
            raise SaveError(f"{source}: action {index} {brief} refused: {shorten(str(err))}") from None
        yield Step(seat, action, events)


def replay(record: Record, source: str = "<record>") -> tuple[Game, list[Step]]:
    """The game after every action of the record, and the steps that led there."""
    game = start(record, source)
    return game, list(steps_of(game, record, source))


def _brief(notation: dict[str, Any]) -> str:
    return ", ".join(f"{key}: {value}" for key, value in notation.items())


class Session:
    """A ``Game`` and its ``Record`` kept in step; autosaves after every change when asked to."""

    def __init__(
        self, record: Record, autosave: Path | str | None = None, source: str = "<record>"
    ) -> None:
        self.record = record
        self.autosave = Path(autosave) if autosave is not None else None
        self.source = source
        # One Step per recorded action, with its events: what undo and the replay viewer read.
        self.game, self.steps, early = self._replay_keeping(len(record.actions) - UNDO_TAIL)
        self.base, self.base_count = self._base_from(early)
        # A failed autosave must not end the game in progress: the UI can show this instead.
        self.autosave_error: str | None = None
        # The autosave's size in bytes and its number of actions as this session last wrote it
        # (None: unknown, so the next autosave writes it whole).
        self._on_disk: tuple[int, int] | None = None

    @property
    def spec(self) -> registry.GameSpec:
        """The registered game (its bots, name key, options)."""
        return registry.get(self.record.game)

    @property
    def names(self) -> list[str]:
        """Seat display names chosen at setup; kept in the save so Continue shows them again."""
        return list(self.record.names)

    @names.setter
    def names(self, names: list[str]) -> None:
        self.record.names = list(names)
        self._autosave()

    # --- making and loading -----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        stack: dict[str, list[Any]] | None = None,
        autosave: Path | str | None = None,
    ) -> Session:
        """A fresh game. Bad setups raise ``ValueError`` (unknown game, seat count, options)."""
        spec = registry.get(game_id)
        record = Record(
            format=FORMAT,
            game=game_id,
            seed=seed,
            seats=list(seats),
            options=spec.with_defaults(options),
            stack={k: list(v) for k, v in (stack or {}).items()},
        )
        session = cls(record, autosave, source=f"<new {game_id}>")
        session._autosave()
        return session

    @classmethod
    def load(cls, path: Path | str, autosave: Path | str | None = None) -> Session:
        """Replay a save file; ``SaveError`` naming the file and the problem."""
        return cls(load_record(path), autosave, source=str(path))

    # --- playing ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply through the rules (``IllegalAction`` leaves everything unchanged), then record."""
        events = self.game.apply(seat, action)
        self.record.append(seat, action)
        self.steps.append(Step(seat, action, events))
        self._follow_floor()
        self._autosave(appended=True)
        return events

    def can_undo(self, seat: int) -> bool:
        """Undo is offered to ``seat`` when the last action was its own, revealed nothing, and
        ``seat`` is still to act (once the turn has passed, the screen may have changed hands)."""
        if not self.steps:
            return False
        last = self.steps[-1]
        if last.seat != seat or last.reveals or seat not in self.game.to_act():
            return False
        return bool(self.game.can_undo(seat))

    def why_no_undo(self, seat: int) -> Reason | None:
        """Why ``seat`` cannot undo now, truthfully (None: it can): nothing done yet, another
        player acted since, the turn has passed, the last action rolled dice or revealed cards,
        or the game's own rule. The table says it when Ctrl+Z or Undo finds nothing to take."""
        if not self.steps:
            return reason("undo.why.nothing", "nothing to undo yet")
        last = self.steps[-1]
        if last.seat != seat:
            return reason("undo.why.other_player", "another player has acted since your last move")
        if last.reveals:
            revealing = [e for e in last.events if e.REVEALS]
            if any(_rolls(e) for e in revealing):
                return reason("undo.why.dice", "the dice were rolled: a roll cannot be taken back")
            return reason("undo.why.revealed", "cards were revealed: undo cannot hide them again")
        if seat not in self.game.to_act():
            return reason("undo.why.turn_passed", "your turn has passed")
        if not self.game.can_undo(seat):
            return reason("undo.why.rules", "the rules do not let this move be taken back")
        return None

    def undo(self) -> None:
        """Take back the last action (``IllegalAction`` if it may not be taken back)."""
        if not self.steps:
            raise IllegalAction("nothing to undo")
        if not self.can_undo(self.steps[-1].seat):
            raise IllegalAction("the last action cannot be undone (it revealed something)")
        self.record.actions.pop()
        self.steps.pop()
        self.game = self._rebuilt()
        self._autosave()

    # --- the base: the game at the latest point undo can never cross -------------------------
    def _floor(self) -> int:
        """How many steps undo can never take back: those up to the latest one that revealed
        something (a card drawn, a die rolled)."""
        for index in range(len(self.steps) - 1, -1, -1):
            if self.steps[index].reveals:
                return index + 1
        return 0

    def _replay_keeping(self, mark: int) -> tuple[Game, list[Step], tuple[int, Game]]:
        """The record replayed, and a copy of the game as it stood after ``mark`` steps (the
        last reveal is nearly always later: the base is then made from it with a few steps)."""
        mark = max(0, mark)
        game = start(self.record, self.source)
        early = (0, start(self.record, self.source)) if mark == 0 else None  # cheaper than a copy
        steps: list[Step] = []
        for step in steps_of(game, self.record, self.source):
            steps.append(step)
            if len(steps) == mark:
                early = (mark, game.clone())
        assert early is not None
        return game, steps, early

    def _base_from(self, early: tuple[int, Game]) -> tuple[Game, int]:
        """The base after a load: the game at the last reveal, from the copy taken near the end
        of the replay and the few steps after it."""
        floor = self._floor()
        count, base = early
        if count > floor:  # a long run of actions since the last reveal: replay from the start
            count, base = 0, start(self.record, self.source)
        self._advance(base, count, floor)
        return base, floor

    def _advance(self, game: Game, begin: int, end: int) -> None:
        """Apply steps ``begin`` .. ``end - 1`` (already applied once: they are legal, and the
        rules are not asked again)."""
        for step in self.steps[begin:end]:
            game.apply_again(step.seat, step.action)

    def _follow_floor(self) -> None:
        """After a revealing step, the base catches up to it: nothing before can be undone."""
        if self.steps[-1].reveals:
            self.base, self.base_count = self.game.clone(), len(self.steps)

    def _rebuilt(self) -> Game:
        """The game after every remaining step: a copy of the base and the few steps after it
        (undo never goes below the base, which stands at a reveal)."""
        game = self.base.clone()
        self._advance(game, self.base_count, len(self.steps))
        return game

    # --- the game clock ------------------------------------------------------------------------
    @property
    def clock(self) -> float:
        """Seconds of play counted so far on the game's clock (time attack)."""
        return self.record.clock

    def add_play_time(self, seconds: float, save: bool = False) -> None:
        """Count ``seconds`` of play; ``save`` writes the autosave now (the table does it every
        few seconds and when it stops, so closing or killing the app loses at most those)."""
        self.record.clock = round(self.record.clock + max(0.0, seconds), 3)
        if save:
            self._autosave()

    # --- saving and replaying ---------------------------------------------------------------
    def save(self, path: Path | str) -> None:
        """Write the record atomically to ``path``."""
        save_record(self.record, path)

    def _autosave(self, appended: bool = False) -> None:
        """Write the autosave: only the new action's line when ``appended`` and the file is as
        this session left it with every action before, else the whole record atomically."""
        if self.autosave is None:
            return
        count = len(self.record.actions)
        try:
            size = None
            if appended and self._on_disk is not None and self._on_disk[1] == count - 1 > 0:
                try:
                    size = append_action(self.autosave, self.record.actions[-1], self._on_disk[0])
                except OSError:
                    size = None  # written whole below
            if size is None:
                size = save_record(self.record, self.autosave)
            self._on_disk = (size, count)
            self.autosave_error = None
        except OSError as err:
            self._on_disk = None
            self.autosave_error = f"{self.autosave}: {err}"

    def game_at(self, count: int) -> Game:
        """A fresh game after the first ``count`` actions (0: the setup), for the replay viewer."""
        if not 0 <= count <= len(self.steps):
            raise IndexError(f"step {count} is outside 0..{len(self.steps)}")
        game, _ = replay(self.record.truncated(count), self.source)
        return game


def _rolls(event: Event) -> bool:
    """A revealing event that is a roll of the dice (``CageRolled``, a ``roll`` field)."""
    fields = getattr(event, "__struct_fields__", ())
    return type(event).__name__.endswith("Rolled") or any(
        name in fields for name in ("roll", "rolls", "die", "dice"))
