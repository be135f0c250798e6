"""The solo games' statistics: ``stats.yaml`` in the data home, beside ``settings.yaml``.

For each solo game (Last Dungeon Pocket; each of Dungeon!'s solo modes) it keeps the games
played, the wins, the best score, the current and the best winning streak, and the daily runs
played. It is updated when a solo game ends at the table (``record_game``); a tutorial's game
does not count. Like the settings, the file is read with the bounded reader and checked against
its schema (``Stats``); a file that fails is set aside into ``damaged/`` with its reason
(``core.damaged``) and counting starts afresh, so a damaged file never stops the app.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import msgspec
import yaml

from dungeon_table.core import damaged, paths
from dungeon_table.core.bounded_yaml import Limits, read_yaml
from dungeon_table.core.errors import FileRefused
from dungeon_table.core.records import write_atomic
from dungeon_table.core.tutorial import tutorial_for

# A few lines per solo game: four games' worth fits in a fraction of this.
STATS_LIMITS = Limits("a statistics file", max_bytes=16 * 1024, max_depth=4)
Count = Annotated[int, msgspec.Meta(ge=0, le=10**9)]
Score = Annotated[int, msgspec.Meta(ge=-(10**9), le=10**9)]
Key = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$")]
# Dungeon!'s modes played alone (the others seat several heroes).
DUNGEON_SOLO_MODES = ("treasure_hunt", "time_attack", "hunter")


class GameStats(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    games: Count = 0
    wins: Count = 0
    best_score: Score | None = None
    streak: Count = 0  # wins in a row, up to the last game
    best_streak: Count = 0
    daily: Count = 0  # daily runs played


class Stats(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: Annotated[int, msgspec.Meta(ge=1, le=1)] = 1
    games: dict[Key, GameStats] = {}


def stats_path() -> Path:
    return paths.data_home() / "stats.yaml"


def load(path: Path | None = None) -> Stats:
    """The statistics so far; empty when there is no file or it cannot be read, and empty
    after setting aside a file that is refused (past a limit, outside the schema)."""
    path = path or stats_path()
    try:
        data = read_yaml(path, STATS_LIMITS)
        return msgspec.convert(data if data is not None else {}, Stats)
    except FileRefused as err:
        damaged.set_aside(path, f"{err.where()}{err.reason}")
    except msgspec.ValidationError as err:
        damaged.set_aside(path, str(err))
    except OSError:
        pass  # no file yet
    return Stats()


def save(stats: Stats, path: Path | None = None) -> None:
    text = yaml.safe_dump(msgspec.to_builtins(stats), sort_keys=True, allow_unicode=True)
    write_atomic(path or stats_path(), text)


def solo_key(record: Any) -> str | None:
    """The statistics line a game counts on (``lastdungeon``, ``dungeon.hunter``), or None for a
    game that is not a solo game."""
    if len(record.seats) != 1:
        return None
    if record.game == "dungeon":
        mode = record.options.get("mode")
        return f"dungeon.{mode}" if mode in DUNGEON_SOLO_MODES else None
    return record.game


def counted(stats: Stats, record: Any, result: Any, daily: bool) -> Stats:
    """``stats`` with one more finished game: a win when seat 0 is among the winners, its
    score the total of its breakdown."""
    key = solo_key(record)
    if key is None or result is None:
        return stats
    line = stats.games.get(key) or GameStats()
    won = 0 in result.winners
    score = _total(result)
    line.games += 1
    line.wins += int(won)
    line.streak = line.streak + 1 if won else 0
    line.best_streak = max(line.best_streak, line.streak)
    if score is not None:
        line.best_score = score if line.best_score is None else max(line.best_score, score)
    line.daily += int(daily)
    stats.games[key] = line
    return stats


def is_daily(seed: int) -> bool:
    """A daily run's seed is its UTC date, ``YYYYMMDD`` (``core.rng.daily_seed``); any other
    game's is drawn below a million, so a date is a daily run even once midnight has passed."""
    try:
        time.strptime(str(seed), "%Y%m%d")
    except ValueError:
        return False
    return len(str(seed)) == 8


def _total(result: Any) -> int | None:
    lines = result.breakdown[0] if result.breakdown else []
    totals = [line.value for line in lines if line.key == "score.total"]
    return int(totals[-1]) if totals else None


def record_game(session: Any, path: Path | None = None) -> bool:
    """Count ``session``'s finished game if it is a solo game and not a tutorial; True when
    counted. A file that cannot be written is left as it was (the game is saved anyway)."""
    record = session.record
    if tutorial_for(session) is not None or solo_key(record) is None:
        return False
    stats = counted(load(path), record, session.game.result(), is_daily(record.seed))
    try:
        save(stats, path)
    except OSError:
        return False
    return True
