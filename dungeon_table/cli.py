"""The ``dungeon-table`` command.

``simulate``, ``script``, ``cards check`` and ``replay --check`` never import pygame; the commands
that open a window or draw import ``dungeon_table.ui.entry`` only when they run.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from fnmatch import fnmatch
from pathlib import Path, PurePath
from typing import Any

import yaml

from dungeon_table.ai.search_bot import DEFAULT_THINKING, THINKING_SECONDS, Budget, SearchBot
from dungeon_table.core import registry
from dungeon_table.core import tutorial as lessons
from dungeon_table.core.errors import CardFileError, DamagedSave, Problem, SaveError
from dungeon_table.core.protocol import Game, Result, ScoreLine
from dungeon_table.core.records import FORMAT, Record, load_record, save_record
from dungeon_table.core.rng import daily_seed
from dungeon_table.core.script import (
    ScriptError,
    play_out,
    run_script_file,
    seat_bots,
    state_of,
)
from dungeon_table.core.session import Session, start, steps_of
from dungeon_table.core.session import check_seats as check_seat_kinds  # ValueError, not usage
from dungeon_table.net import console
from dungeon_table.net.client import JoinError, join_table
from dungeon_table.net.host import BOT_DELAY, DEFAULT_PORT

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_ILLEGAL = 0, 1, 2, 3


class UsageError(ValueError):
    """Bad arguments: printed and exit 2, like argparse's own errors."""


# --- argument parsing -------------------------------------------------------------------------
def parse_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with a YAML value: ``difficulty=-1`` -> ``("difficulty", -1)``."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    try:
        return key, yaml.safe_load(value) if value else ""
    except yaml.YAMLError:
        return key, value


def parse_seed(text: str) -> int:
    """An integer, or ``daily``: today's date in UTC (``20261130``), the same run for everyone."""
    if text == "daily":
        return daily_seed()
    try:
        seed = int(text) if len(text) <= 20 else None
    except ValueError:
        seed = None
    if seed is None or not -(2**63) <= seed < 2**63:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError(f"a seed is a 64-bit integer or 'daily', got {shown!r}")
    return seed


def parse_size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 1920x1080, got {text!r}")
    return int(width), int(height)


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _seat_kinds(text: str) -> list[str]:
    """``human,bot:greedy,bot`` -> seat kinds; a bare ``bot`` is the strongest, ``bot:best``."""
    return ["bot:best" if name == "bot" else name for name in _names(text)]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dungeon-table", description="Four dungeon games on one table, with bots."
    )
    parser.add_argument("--lang", choices=["en", "ja"], help="language of the app")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    lang = {"choices": ["en", "ja"], "default": argparse.SUPPRESS, "help": "en or ja"}

    play = sub.add_parser("play", help="open the app straight at a table")
    play.add_argument("game")
    play.add_argument("--seats", type=_seat_kinds, help="e.g. human,bot:planner (default: humans)")
    play.add_argument("--seed", type=parse_seed, help="integer or 'daily' (default: random)")
    play.add_argument("--option", type=parse_option, action="append", default=[])
    play.add_argument("--lang", **lang)

    sim = sub.add_parser("simulate", help="bot games without a window, with statistics")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, help="number of seats (default: the minimum)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=parse_seed, default=1, help="seed of the first game")
    sim.add_argument("--bot", default="random", help="level for every seat (random, best, ...)")
    sim.add_argument("--bots", type=_names, help="a level per seat: random,greedy,...")
    sim.add_argument("--option", type=parse_option, action="append", default=[])
    sim.add_argument("--save-dir", type=Path, help="keep every game's save here")
    sim.add_argument("--max-actions", type=int, default=10_000, help="give up a game after this many")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")
    sim.add_argument("--playouts", type=int, default=None,
                     help="the expert's playouts a decision (default: 1 s a decision); fixed, "
                          "the same games on any machine")
    sim.add_argument("--workers", type=int, default=None,
                     help="processes to play on (default: every core); the same figures as one")

    script = sub.add_parser("script", help="run a script; print state, events, result as JSON")
    script.add_argument("file", type=Path)
    script.add_argument("--json", action="store_true", help="compact JSON on one line")

    replay = sub.add_parser("replay", help="the replay viewer, or --check without a window")
    replay.add_argument("save", type=Path)
    replay.add_argument("--check", action="store_true", help="verify the save replays exactly")
    replay.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    replay.add_argument("--lang", **lang)

    shot = sub.add_parser("shot", help="bots play K actions, then the table is drawn to a PNG")
    shot.add_argument("game")
    shot.add_argument("--seed", type=parse_seed, default=1)
    shot.add_argument("--steps", type=int, default=20)
    shot.add_argument("--size", type=parse_size, default=(1920, 1080))
    shot.add_argument("--lang", **lang)  # or before the command; English if neither
    shot.add_argument("--out", type=Path, required=True)
    shot.add_argument("--players", type=int, help="that many human seats (default: the minimum)")
    shot.add_argument("--seats", type=_names, help="seat kinds, as for play: human,bot:best,...")
    shot.add_argument("--option", type=parse_option, action="append", default=[])
    shot.add_argument("--rules", action="store_true",
                      help="draw the game's rules help instead, a PNG a page (OUT-1.png, ...)")

    host = sub.add_parser("host", help="serve a table to players on other machines")
    host.add_argument("game")
    host.add_argument("--seats", type=_seat_kinds,
                      help="human (a player joins) or bot:LEVEL per seat (default: humans)")
    host.add_argument("--option", type=parse_option, action="append", default=[])
    host.add_argument("--seed", type=parse_seed, help="integer or 'daily' (default: random)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT,
                      help=f"TCP port to listen on (default {DEFAULT_PORT}; 0: any free)")
    host.add_argument("--bind", default="0.0.0.0",
                      help="address to listen on (default: every one; 127.0.0.1: this machine)")
    host.add_argument("--resume", nargs="?", const="", metavar="CODE",
                      help="carry on a kept table (no CODE: this game's newest unfinished one)")
    host.add_argument("--thinking", choices=list(THINKING_SECONDS), default=DEFAULT_THINKING,
                      help="an expert bot's time a move: fast 0.3 s, normal 1 s, deep 3 s")
    host.add_argument("--bot-delay", type=float, default=BOT_DELAY, help=argparse.SUPPRESS)

    join = sub.add_parser("join", help="open a table another machine hosts, as one seat")
    join.add_argument("address", help="the host's address, e.g. 192.168.1.20 or 192.168.1.20:47323")
    join.add_argument("code", help="the table code the host printed")
    join.add_argument("--seat", type=int, help="the seat to take, 1 to 8 (default: the first free)")
    join.add_argument("--name", default="", help="your name at the table")
    join.add_argument("--token", help="a seat's token, to come back to it")
    join.add_argument("--lang", **lang)

    cards = sub.add_parser("cards", help="card files")
    cards_sub = cards.add_subparsers(dest="cards_command", metavar="check", required=True)
    check = cards_sub.add_parser("check", help="validate card files; every problem with its line")
    check.add_argument("path", nargs="?", type=Path, help="a card file or folder (default: all)")
    check.add_argument("--game", help="the game whose schema applies (default: by file name)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = {
        None: cmd_app,
        "play": cmd_play,
        "simulate": cmd_simulate,
        "script": cmd_script,
        "replay": cmd_replay,
        "shot": cmd_shot,
        "cards": cmd_cards_check,
        "host": cmd_host,
        "join": cmd_join,
    }[args.command]
    try:
        return command(args)
    except UsageError as err:
        print(f"dungeon-table: {err}", file=sys.stderr)
        return EXIT_USAGE
    except CardFileError as err:  # a game's card file, read when the game is first set up
        print("\n".join(f"dungeon-table: {problem}" for problem in err.problems), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader stopped early (`... --json | head`): end quietly, as other tools do, rather
        # than with a traceback; stdout goes to devnull so the exit flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _spec(game_id: str) -> registry.GameSpec:
    try:
        return registry.get(game_id)
    except ValueError as err:
        raise UsageError(str(err)) from None


# --- the window -------------------------------------------------------------------------------
def _ui_entry() -> Any:
    """``dungeon_table.ui.entry``, imported only now (it brings pygame); ``None`` if missing."""
    try:
        from dungeon_table.ui import entry  # here, not at the top: only these commands load pygame
    except ImportError as err:
        print(f"dungeon-table: UI not available ({err})", file=sys.stderr)
        return None
    return entry


def cmd_app(args: argparse.Namespace) -> int:
    entry = _ui_entry()
    return EXIT_USAGE if entry is None else int(entry.run_app(lang=args.lang) or 0)


def cmd_play(args: argparse.Namespace) -> int:
    spec = _spec(args.game)
    seats = args.seats or ["human"] * spec.min_players
    check_seats(spec, seats)
    options = dict(args.option)
    check_options(spec, options)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    play = {"game": spec.game_id, "seats": seats, "seed": seed, "options": options}
    entry = _ui_entry()
    return EXIT_USAGE if entry is None else int(entry.run_app(play=play, lang=args.lang) or 0)


def check_seats(spec: registry.GameSpec, seats: list[str]) -> None:
    """Seat kinds are ``human`` or ``bot:<level>`` with a level the game knows."""
    try:
        check_seat_kinds(spec, seats)
    except ValueError as err:
        raise UsageError(str(err)) from None


def check_options(spec: registry.GameSpec, options: dict[str, Any]) -> None:
    """Before a window opens or a game is played: every option is one the game has, with a value
    its declaration takes (``GameSpec.check_options``, which ``new_game`` applies again)."""
    try:
        spec.check_options(options)
    except ValueError as err:
        raise UsageError(str(err)) from None


def cmd_shot(args: argparse.Namespace) -> int:
    spec = _spec(args.game)
    entry = _ui_entry()
    if entry is None:
        return EXIT_USAGE
    seats = args.seats or ["human"] * (args.players or spec.min_players)
    check_seats(spec, seats)
    options = dict(args.option)
    check_options(spec, options)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    lang = args.lang or "en"  # a picture is drawn in one language, not the settings'
    if args.rules:
        for path in entry.render_rules_shots(spec.game_id, args.size, lang, args.out):
            print(path)
        return EXIT_OK
    entry.render_shot(spec.game_id, args.seed, args.steps, args.size, lang, args.out,
                      seats=seats, options=options)
    print(args.out)
    return EXIT_OK


# --- remote tables ----------------------------------------------------------------------------
def cmd_host(args: argparse.Namespace) -> int:
    spec = _spec(args.game)
    seats = args.seats or ["human"] * spec.min_players
    check_seats(spec, seats)
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise UsageError(f"{spec.game_id} is played by {spec.min_players}-{spec.max_players}, "
                         f"not {len(seats)}")
    options = dict(args.option)
    check_options(spec, options)
    if not 0 <= args.port <= 65535:
        raise UsageError(f"a port is 0-65535, not {args.port}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    hosting = console.host_table(spec.game_id, seats, seed, options, args.bind, args.port,
                                 args.resume, args.bot_delay, args.thinking)
    try:
        asyncio.run(hosting)
    except console.HostRefused as err:
        raise UsageError(str(err)) from None
    except KeyboardInterrupt:
        pass  # Ctrl+C: host_table has said goodbye to the players on its way out
    return EXIT_OK


def cmd_join(args: argparse.Namespace) -> int:
    if args.seat is not None and not 1 <= args.seat <= 8:
        raise UsageError(f"a seat is 1-8, not {args.seat}")
    seat = None if args.seat is None else args.seat - 1
    try:
        table = join_table(args.address, args.code, seat=seat, token=args.token, name=args.name)
    except (JoinError, ValueError, TimeoutError) as err:
        raise UsageError(f"cannot join {args.code} at {args.address}: {err}") from None
    welcome = table.welcome
    assert welcome is not None  # joined
    print(f"seat {welcome.seat + 1} of table {welcome.code}; to come back to it after closing "
          f"the window: dungeon-table join {args.address} {welcome.code} --token {welcome.token}")
    entry = _ui_entry()
    if entry is None:
        table.close()
        return EXIT_USAGE
    return int(entry.run_remote(table, lang=args.lang) or 0)


# --- simulate ---------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    spec = _spec(args.game)
    players = len(args.bots) if args.bots else (args.players or spec.min_players)
    levels = args.bots or [args.bot] * players
    seats = [f"bot:{level}" for level in levels]
    check_seats(spec, seats)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    options = dict(args.option)
    check_options(spec, options)
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.playouts is not None and args.playouts < 1:
        raise UsageError("--playouts must be at least 1")
    workers = args.workers or os.cpu_count() or 1
    stats = simulate(spec, seats, args.games, args.seed, options, args.save_dir, args.max_actions,
                     workers, args.playouts)
    if args.json:
        print(json.dumps(stats))
    else:
        print(format_stats(stats))
    return EXIT_OK if stats["finished"] == stats["games"] else EXIT_FAIL


def simulate(
    spec: registry.GameSpec,
    seats: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    save_dir: Path | None = None,
    max_actions: int = 10_000,
    workers: int = 1,
    playouts: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games from seeds ``seed, seed+1, ...``; the figures as plain data.

    Each game's save goes to ``save_dir`` if given; a game still going after ``max_actions`` is
    counted as unfinished. ``workers`` processes share the seeds; each game depends on its seed
    alone and the outcomes are gathered in seed order, so the figures (but the time) are those
    of one worker. ``playouts`` fixes the expert's search (else 1 s a decision)."""
    wins = [0] * len(seats)
    lengths: list[int] = []
    scores: list[list[int]] = [[] for _ in seats]
    finished = 0
    began = time.perf_counter()
    task = (spec.game_id, seats, options, save_dir, max_actions, playouts)
    for length, outcome in _outcomes(spec, task, range(seed, seed + games), workers):
        lengths.append(length)
        if outcome is None:
            continue
        winners, totals = outcome
        finished += 1
        for seat in winners:
            wins[seat] += 1
        for seat, total in enumerate(totals):
            scores[seat].append(total)
    seconds = time.perf_counter() - began
    return {
        "game": spec.game_id,
        "seats": seats,
        "seed": seed,
        "games": games,
        "finished": finished,
        "wins_by_seat": wins,
        "mean_actions": statistics.fmean(lengths),
        "min_actions": min(lengths),
        "max_actions": max(lengths),
        "scores_by_seat": [_spread(s) for s in scores],
        "seconds": seconds,
        "games_per_second": games / seconds if seconds > 0 else float("inf"),
    }


Outcome = tuple[int, "tuple[list[int], list[int]] | None"]  # length; winners and totals, or None


def _outcomes(spec: registry.GameSpec, task: tuple[Any, ...], seeds: range,
              workers: int) -> list[Outcome]:
    """Every seed's game played, in seed order: here, or spread over ``workers`` processes in
    contiguous runs of seeds (each game depends on its seed alone)."""
    workers = max(1, min(workers, len(seeds)))
    if workers == 1:
        return _play_seeds(task, seeds)
    spec.new_game(task[1], seeds[0], task[2])  # a broken card file is reported here, not in a worker
    size = -(-len(seeds) // (workers * 4))  # four runs a worker keep every core busy to the end
    runs = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    with ProcessPoolExecutor(workers) as pool:
        parts = pool.map(_play_seeds, [task] * len(runs), runs)
        return [outcome for part in parts for outcome in part]


def _play_seeds(task: tuple[Any, ...], seeds: range) -> list[Outcome]:
    """The games of ``seeds`` (a worker's share): each one's length, winners and score totals."""
    game_id, seats, options, save_dir, max_actions, playouts = task
    spec = registry.get(game_id)
    out: list[Outcome] = []
    for game_seed in seeds:
        length, result = _play_one(spec, seats, game_seed, options, save_dir, max_actions,
                                   playouts)
        totals = None if result is None else (
            list(result.winners), [total_score(lines) for lines in result.breakdown])
        out.append((length, totals))
    return out


def _play_one(
    spec: registry.GameSpec,
    seats: list[str],
    seed: int,
    options: dict[str, Any],
    save_dir: Path | None,
    max_actions: int,
    playouts: int | None = None,
) -> tuple[int, Result | None]:
    """One bot game: its length in actions and its result (``None``: unfinished), saved to
    ``save_dir/<game>-<seed>.yaml`` if given."""
    game = spec.new_game(seats, seed, options)
    record = None
    if save_dir is not None:
        record = Record(format=FORMAT, game=spec.game_id, seed=seed, seats=seats,
                        options=spec.with_defaults(options))
    bots = seat_bots(spec, seats, seed)
    for bot in bots.values():
        if playouts is not None and isinstance(bot, SearchBot):
            bot.budget = Budget(iterations=playouts)
    length = play_out(game, bots, max_actions, record)
    if record is not None and save_dir is not None:
        save_record(record, save_dir / f"{spec.game_id}-{seed}.yaml")
    return length, game.result()


def total_score(lines: list[ScoreLine]) -> int:
    """The ``score.total`` line of a breakdown (the last line if none is called so)."""
    for line in lines:
        if line.key == "score.total":
            return int(line.value)
    return int(lines[-1].value) if lines else 0


def _spread(values: list[int]) -> dict[str, float] | None:
    if not values:
        return None
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.pstdev(values),
        "min": min(values),
        "max": max(values),
    }


def format_stats(stats: dict[str, Any]) -> str:
    games, finished = stats["games"], stats["finished"]
    lines = [
        f"{stats['game']}: {games} games from seed {stats['seed']}, {finished} finished",
        "wins by seat:",
    ]
    for seat, (kind, won) in enumerate(zip(stats["seats"], stats["wins_by_seat"], strict=True)):
        lines.append(f"  seat {seat} ({kind}): {won} ({100 * won / games:.1f} %)")
    lines.append(
        f"game length: mean {stats['mean_actions']:.1f} actions "
        f"(min {stats['min_actions']}, max {stats['max_actions']})"
    )
    lines.append("score spread:")
    for seat, spread in enumerate(stats["scores_by_seat"]):
        if spread is not None:
            lines.append(
                f"  seat {seat}: mean {spread['mean']:.1f}, sd {spread['stdev']:.1f}, "
                f"min {spread['min']}, max {spread['max']}"
            )
    lines.append(f"speed: {stats['games_per_second']:.1f} games/s ({stats['seconds']:.2f} s)")
    return "\n".join(lines)


# --- script -----------------------------------------------------------------------------------
def cmd_script(args: argparse.Namespace) -> int:
    try:
        run = run_script_file(args.file)
    except ScriptError as err:
        print(f"dungeon-table: {args.file}: {err}", file=sys.stderr)
        return EXIT_ILLEGAL if err.index is not None else EXIT_USAGE
    print(json.dumps(run.to_json(), ensure_ascii=False, indent=None if args.json else 2))
    return EXIT_OK


# --- replay -----------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    if args.digests:
        return _print_digests(args.save)
    if args.check:
        return check_replay(args.save)
    entry = _ui_entry()
    if entry is None:
        return EXIT_USAGE
    return int(entry.run_app(replay=str(args.save), lang=args.lang) or 0)


def state_digests(path: Path) -> list[str]:
    """A digest of the state after every action of a save (the first: after setup)."""
    record = load_record(path)
    game = start(record, str(path))
    digests = [_digest(game)]
    for _ in steps_of(game, record, str(path)):
        digests.append(_digest(game))
    return digests


def _digest(game: Game) -> str:
    text = json.dumps(state_of(game), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _print_digests(path: Path) -> int:
    try:
        print(json.dumps(state_digests(path)))
    except SaveError as err:
        print(f"dungeon-table: {err}", file=sys.stderr)
        return _save_error_exit(err)
    return EXIT_OK


def _save_error_exit(err: SaveError) -> int:
    """A damaged file is a bad file (2); a whole save that does not replay fails the check (1)."""
    return EXIT_USAGE if isinstance(err, DamagedSave) else EXIT_FAIL


def check_replay(path: Path) -> int:
    """Replay a save here and in a second process (other hash seed); compare every state."""
    try:
        session = Session.load(path)
        here = state_digests(path)
    except SaveError as err:
        print(f"dungeon-table: {err}", file=sys.stderr)
        return _save_error_exit(err)
    there = _digests_elsewhere(path)
    if there is None:
        return EXIT_FAIL
    for index, (a, b) in enumerate(zip(here, there, strict=True)):
        if a != b:
            where = "the setup" if index == 0 else f"action {index - 1}"
            print(f"dungeon-table: {path}: replays diverge at {where}", file=sys.stderr)
            return EXIT_FAIL
    print(summary(path, session))
    return EXIT_OK


def _digests_elsewhere(path: Path) -> list[str] | None:
    env = {**os.environ, "PYTHONHASHSEED": str(random.SystemRandom().randrange(1, 2**31))}
    # The child finds this very package even when it runs from a source tree, not installed.
    here = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "dungeon_table", "replay", "--digests", str(path)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"dungeon-table: second replay failed: {done.stderr.strip()}", file=sys.stderr)
        return None
    return list(json.loads(done.stdout))


def summary(path: Path, session: Session) -> str:
    """The final state of a replayed save in a few lines."""
    record, game = session.record, session.game
    lines = [
        f"{path}: {record.game}, seed {record.seed}, seats {', '.join(record.seats)}",
        f"replayed {len(record.actions)} actions: identical in two processes",
    ]
    result = game.result()
    if result is None:
        lines.append(f"in progress: seats to act {game.to_act()}")
    else:
        totals = [total_score(lines) for lines in result.breakdown]
        lines.append(f"over: {result.outcome}, winners {result.winners}, scores {totals}")
    return "\n".join(lines)


# --- cards check ------------------------------------------------------------------------------
def cmd_cards_check(args: argparse.Namespace) -> int:
    if args.path is None:
        specs = [_spec(game_id) for game_id in registry.game_ids()]
        jobs = [(spec, f) for spec in specs for f in spec.card_check()[0]]
    else:
        jobs = [(_spec(args.game) if args.game else _owner(p), p)
                for p in paths_given(args.path) if p.parent.name != "tutorials"]
    problems: list[Problem] = []
    for spec, path in jobs:
        problems += check_card_file(spec, path)
    # the tutorials (cards/tutorials/<game>.yaml) are content too: checked and played through
    tutorials = ([lessons.tutorial_path(name) for name in lessons.lessons()] if args.path is None
                 else [p for p in paths_given(args.path) if p.parent.name == "tutorials"])
    for path in tutorials:
        problems += check_tutorial_file(path)
    for problem in problems:
        print(problem)
    counts = [f"{len(jobs)} card file(s)"] if jobs or not tutorials else []
    counts += [f"{len(tutorials)} tutorial(s)"] if tutorials else []
    if problems:
        print(f"{len(problems)} problem(s) in {', '.join(counts)}", file=sys.stderr)
        return EXIT_FAIL
    print(", ".join(f"{count} OK" for count in counts))
    return EXIT_OK


def paths_given(path: Path) -> list[Path]:
    return sorted(path.rglob("*.yaml")) if path.is_dir() else [path]


def check_tutorial_file(path: Path) -> list[Problem]:
    try:
        lessons.load_tutorial(path=path)
    except CardFileError as err:
        return list(err.problems)
    return []


def _owner(path: Path) -> registry.GameSpec:
    """The game whose card file this is, by its name (``lastdungeon.yaml``, ``dungeon/x.yaml``)."""
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        files, _ = spec.card_check()
        patterns = spec.card_files or tuple(f.name for f in files)
        for pattern in patterns:
            depth = len(PurePath(pattern).parts)
            if fnmatch("/".join(path.resolve().parts[-depth:]), pattern):
                return spec
    raise UsageError(f"{path}: no game has a card file of this name; say which with --game")


def check_card_file(spec: registry.GameSpec, path: Path) -> list[Problem]:
    _, loader = spec.card_check()
    if loader is None:
        return [Problem(str(path), None, "", f"{spec.game_id} has no card schema")]
    try:
        loader(path)
    except CardFileError as err:
        return list(err.problems)
    except Exception as err:  # a loader bug must still name the file
        return [Problem(str(path), None, "", f"{type(err).__name__}: {err}")]
    return []
