"""The script runner: a game set up and played from a small YAML or dict (``dungeon-table script``).

Tests, tutorials and bug reports use the same format::

    game: lastdungeon
    seed: 7
    seats: [human]              # default: the game's minimum number of humans
    options: {difficulty: 0}
    stack: {hand_deck: [d_goblin, d_slime]}   # forced to the top, first listed drawn first
    actions:
      - {type: play, card: d_goblin, space: 1}  # `seat` may be left out when one seat is to act
      - {seat: 0, type: fight}

Seats of kind ``bot:<level>`` play by themselves whenever the next scripted action belongs to a
seat that is not to act yet, so a script lists only the humans' actions. An action the rules
refuse raises ``ScriptError`` with its index and the reason (the command exits 3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import msgspec

from dungeon_table.ai.random_bot import picks_by_position
from dungeon_table.ai.search_bot import decide, only_move
from dungeon_table.core import registry
from dungeon_table.core.bounded_yaml import Limits, read_yaml
from dungeon_table.core.errors import FileRefused, IllegalAction
from dungeon_table.core.protocol import Event, Game, to_dict
from dungeon_table.core.records import FORMAT, Record, Seed
from dungeon_table.core.session import bot_level, check_seats

# A script is a save with notes: the same limits.
SCRIPT_LIMITS = Limits("a script", max_bytes=1 << 20, max_depth=16)


class ScriptError(ValueError):
    """A script that cannot run; ``index`` is the failing action (``None``: the script itself)."""

    def __init__(self, index: int | None, reason: str) -> None:
        self.index = index
        self.reason = reason
        where = "script" if index is None else f"action {index}"
        super().__init__(f"{where}: {reason}")


class Script(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    game: str
    seed: Seed = 0
    seats: list[str] | None = None
    options: dict[str, Any] = {}
    stack: dict[str, list[Any]] = {}
    actions: list[dict[str, Any]] = []
    title: str = ""
    notes: str = ""


@dataclass
class ScriptResult:
    """The game after the script, its record, and every event with who acted and at which index."""

    game: Game
    record: Record
    events: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        result = self.game.result()
        return {
            "game": self.record.game,
            "seed": self.record.seed,
            "seats": list(self.record.seats),
            "actions": list(self.record.actions),
            "to_act": self.game.to_act(),
            "state": state_of(self.game),
            "events": self.events,
            "result": None if result is None else msgspec.to_builtins(result),
        }


def state_of(game: Game) -> Any:
    """``game.state_dict()``; the spectator's view for a game that has none yet."""
    try:
        return game.state_dict()
    except NotImplementedError:
        return msgspec.to_builtins(game.view(None))


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game seeded ``seed``: distinct per seat, reproducible."""
    return seed * 1009 + seat + 1


def seat_bots(spec: registry.GameSpec, seats: list[str], seed: int) -> dict[int, Any]:
    """A bot for every ``bot:<level>`` seat (``bot`` alone means ``best``)."""
    bots: dict[int, Any] = {}
    for seat, kind in enumerate(seats):
        level = bot_level(kind)
        if level is not None:
            bots[seat] = spec.make_bot(level, bot_seed(seed, seat))
    return bots


def load_script(path: Path | str) -> dict[str, Any]:
    """A script file as plain data; ``ScriptError`` if it is not readable YAML within the limits
    of a script (``core.bounded_yaml``)."""
    try:
        data = read_yaml(path, SCRIPT_LIMITS)
    except OSError as err:
        raise ScriptError(None, f"{path}: cannot read: {err.strerror}") from None
    except FileRefused as err:
        line = f":{err.line}" if err.line is not None else ""
        raise ScriptError(None, f"{path}{line}: {err.reason}") from None
    if not isinstance(data, dict):
        raise ScriptError(None, f"{path}: a script is a mapping with game, seed, seats, actions")
    return data


def run_script_file(path: Path | str) -> ScriptResult:
    return run_script(load_script(path))


def run_script(data: dict[str, Any]) -> ScriptResult:
    """Set up the game the script names and apply its actions; see the module docstring."""
    try:
        script = msgspec.convert(data, Script)
        spec = registry.get(script.game)
        seats = script.seats or ["human"] * spec.min_players
        check_seats(spec, seats)  # a bot level the game lacks, before any bot is made
        game = spec.new_game(seats, script.seed, script.options, script.stack)
    except (msgspec.ValidationError, ValueError, KeyError) as err:
        raise ScriptError(None, str(err)) from None
    record = Record(
        format=FORMAT,
        game=script.game,
        seed=script.seed,
        seats=seats,
        options=spec.with_defaults(script.options),
        stack=script.stack,
    )
    run = ScriptResult(game, record)
    bots = seat_bots(spec, seats, script.seed)
    for index, item in enumerate(script.actions):
        seat = _seat_of(game, item, index, bots, run)
        notation = {k: v for k, v in item.items() if k != "seat"}
        try:
            action = type(game).decode_action(notation)
            _apply(run, seat, action, index)
        except IllegalAction as err:
            raise ScriptError(index, str(err)) from None
    return run


def _apply(run: ScriptResult, seat: int, action: Any, index: int | None) -> list[Event]:
    events = run.game.apply(seat, action)
    run.record.append(seat, action)
    run.events += [{**to_dict(e), "action_index": index, "acting_seat": seat} for e in events]
    return events


def _seat_of(
    game: Game, item: dict[str, Any], index: int, bots: dict[int, Any], run: ScriptResult
) -> int:
    """The seat of a scripted action, letting bot seats play until that seat is to act."""
    seat = item.get("seat")
    if seat is None:
        to_act = game.to_act()
        if len(to_act) != 1:
            raise ScriptError(index, f"no `seat` given and seats {to_act} are to act")
        seat = to_act[0]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ScriptError(index, f"`seat` must be a seat number, got {seat!r}")
    while seat not in game.to_act() and game.result() is None:
        waiting = [s for s in game.to_act() if s in bots]
        if not waiting:
            break  # apply() reports whose turn it is
        bot_seat = waiting[0]
        _apply(run, bot_seat, decide(bots[bot_seat], game, bot_seat), None)
    return seat


def play_out(
    game: Game, bots: dict[int, Any], max_actions: int = 100_000, record: Record | None = None
) -> int:
    """Let the bots play ``game`` to its end (every seat to act must have a bot).

    Returns the number of actions made; stops early (the game unfinished) after ``max_actions``
    or when no seat is to act although there is no result. Appends to ``record`` if given.
    """
    made = 0
    # each seat's decision applied, worked out once (a seat to act with no bot: KeyError)
    steps = {seat: _step(bot, game, seat) for seat, bot in bots.items()}
    while made < max_actions:
        to_act = game.to_act()
        if not to_act:
            break  # over (nobody is to act once there is a result), or stuck
        seat = to_act[0]
        action = steps[seat]()
        if record is not None:
            record.append(seat, action)
        made += 1
    return made


def _step(bot: Any, game: Game, seat: int) -> Callable[[], Any]:
    """``apply(seat, decide(bot, game, seat))`` as a call of no arguments returning the action,
    the bot's kind read once (a bot that searches, one that reads its view, one that reads
    none); a game on the kit applies a chooser's pick through ``play_choice``, a random bot's
    position in the list through ``play_pick``."""
    searching = getattr(bot, "decide", None)
    if callable(searching):
        def searched() -> Any:
            action = searching(game, seat)
            game.apply(seat, action)
            return action
        return searched
    choose = bot.choose
    play_choice = getattr(game, "play_choice", None)
    if play_choice is None:  # a game of its own, not on the kit
        def chosen() -> Any:
            view = game.view(seat) if getattr(bot, "reads_view", True) else None
            action = choose(view, game.legal_actions(seat))
            game.apply(seat, action)
            return action
        return chosen
    if getattr(bot, "plays_forced", False):  # an only move played unread: no view built for it
        view = game.view

        def forced_or_chosen() -> Any:
            forced = only_move(game, seat)
            return forced if forced is not None else play_choice(seat, choose, view(seat))
        return forced_or_chosen
    if picks_by_position(bot):  # the kit need not look for the pick in the list
        play_choice, choose = game.play_pick, bot.pick  # type: ignore[attr-defined]
    if getattr(bot, "reads_view", True):
        view = game.view
        return lambda: play_choice(seat, choose, view(seat))
    return partial(play_choice, seat, choose)  # called in C: no frame of its own
