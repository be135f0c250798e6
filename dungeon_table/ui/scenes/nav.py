"""Moving between screens: start, continue and load games, open the replay viewer.

Kept apart from the scenes so each screen imports only what it shows; the table itself is
opened by name (``ui/screens.py``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dungeon_table.core import damaged, paths
from dungeon_table.core.errors import DamagedSave, SaveError
from dungeon_table.core.records import load_record
from dungeon_table.core.rng import daily_seed as daily_seed  # the setup's daily run
from dungeon_table.core.session import Session, checked_spec
from dungeon_table.ui import renderer, screens
from dungeon_table.ui.scene import App


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def open_table(app: App, session: Any, names: list[str] | None = None, replace: bool = True) -> None:
    """Show ``session`` at the table; a handoff first when several humans share the screen."""
    seats = list(session.record.seats)
    # Only names typed at setup are kept; an unnamed seat is shown as "Player 2" in whatever
    # language is current (a default stored in the save would stay in the language of that day).
    given = names if names is not None else getattr(session, "names", None)
    session.names = [(n or "").strip() for n in (given or [])][: len(seats)]
    table: Any = screens.make("table", app, session, seats)
    if replace:
        app.replace(table)
    else:
        app.push(table)
    if len(table.humans) > 1 and session.game.result() is None and table.viewer is not None:
        # the human the table opens for (a bot may move first: it needs no screen); a game
        # continued says what that player is about to do, not "to start the game" (nothing
        # when the bots are deciding)
        reason = "handoff.reason.start"
        if session.steps:
            deciding = table.viewer in session.game.to_act()
            reason = (table.decision_key(table.viewer) or "handoff.reason.turn") if deciding else ""
        table.push_handoff(table.viewer, reason)


def start_game(
    app: App,
    game_id: str,
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    names: list[str] | None = None,
    replace: bool = True,
) -> None:
    """A new session (autosaved after every action, for Continue) at a fresh table."""
    autosave = paths.autosave_path(game_id)
    keep_unreadable(autosave, game_id)
    session = Session.new(game_id, seats, seed, options, autosave=autosave)
    open_table(app, session, names, replace=replace)


def keep_unreadable(autosave: Path, game_id: str) -> None:
    """The autosave a new or loaded game is about to write over is renamed to an ordinary save
    (listed in Load) when it holds something not kept elsewhere: one this version cannot replay
    (from a newer version, refused by changed rules: a newer version may still open it), or an
    unfinished game, which New game used to throw away without a word. A damaged one is set
    aside (``core.damaged``). A finished game was already saved by the game-over screen, and an
    untouched one holds nothing."""
    if not autosave.exists():
        return
    try:
        session = Session.load(autosave)
    except DamagedSave as err:
        damaged.set_aside(autosave, err.reason)
        return
    except (SaveError, ValueError):
        autosave.replace(paths.save_path(game_id))
        return
    if session.record.actions and session.game.result() is None and not _saved_already(autosave):
        autosave.replace(paths.save_path(game_id))


def _saved_already(autosave: Path) -> bool:
    """An ordinary save holds the very same game (Save & quit wrote one): a second copy in Load
    would only be clutter."""
    try:
        text = autosave.read_text(encoding="utf-8")
        return any(p.read_text(encoding="utf-8") == text for p in paths.saves_dir().glob("*.yaml")
                   if p != autosave and not p.name.startswith("autosave-"))
    except OSError:
        return False


# The names the app gives saves (``paths.save_path``): any other name is the player's own
AUTO_NAMED = re.compile(r"^(autosave-[\w-]+|[\w]+-\d{8}-\d{6}(-\d+)?)\.yaml$")


def named_by_player(path: Path) -> bool:
    """A save the player named (renamed from the app's ``<game>-<time>.yaml``): always kept."""
    return AUTO_NAMED.match(path.name) is None


def table_key(record: Any) -> tuple[Any, ...]:
    """What makes two saves the same table: the game, its seed, seats, options and stacked
    decks (the actions are how far it has gone)."""
    options = tuple(sorted((str(k), repr(v)) for k, v in record.options.items()))
    stack = tuple(sorted((str(k), repr(v)) for k, v in record.stack.items()))
    return (record.game, record.seed, tuple(record.seats), options, stack)


def save_game(session: Any) -> Path:
    """Save & quit, or a game over: a fresh save of ``session``, replacing this table's earlier
    saves (one entry per game in Load); a save the player named is never touched."""
    path = paths.save_path(session.record.game)
    session.save(path)
    key = table_key(session.record)
    for other in paths.saves_dir().glob(f"{session.record.game}-*.yaml"):
        if other == path or named_by_player(other):
            continue
        try:
            if table_key(load_record(other)) == key:
                other.unlink()
        except (SaveError, OSError, ValueError):
            continue  # one it cannot read is not this table's: Load lists it with why
    return path


@dataclass
class SaveInfo:
    """One file in the saves folder as the Load list shows it."""

    path: Path
    game: str = ""
    actions: int = 0
    modified: float = 0.0
    error: str | None = None
    finished: bool = False  # known for autosaves only: Continue is offered for unfinished ones
    record: Any = None  # the parsed save, replayed only when its row is first shown
    line: str | None = None  # "won · 212 points", "Round 7 · repelled 5" (see ``describe``)
    described: bool = False
    set_aside: bool = False  # damaged: moved into saves/damaged/ (``error`` says why)

    @property
    def autosave(self) -> bool:
        return self.path.name.startswith("autosave-")


def list_saves() -> list[SaveInfo]:
    """Every save, newest first; a file that does not parse is listed with its error, and one
    that is damaged is first set aside, then listed among the others set aside before."""
    infos = []
    for path in sorted(paths.saves_dir().glob("*.yaml")):
        info = SaveInfo(path=path)
        try:
            info.modified = path.stat().st_mtime
            record = load_record(path)
            info.game, info.actions, info.record = record.game, len(record.actions), record
            checked_spec(record, str(path))  # a game this version lacks: listed with that error
            if info.autosave:  # one per game: replaying it to see if it ended is cheap
                info.finished = continuable(record.game) is None
        except DamagedSave as err:
            damaged.set_aside(path, err.reason)
            continue
        except (SaveError, OSError, ValueError) as err:
            info.error = str(err)
        if info.path.exists():  # (``continuable`` sets aside an autosave it cannot replay)
            infos.append(info)
    infos = one_per_table(infos)
    infos += [SaveInfo(path=item.path, modified=item.when, error=item.reason, set_aside=True)
              for item in damaged.listed(paths.saves_dir())]
    return sorted(infos, key=lambda i: i.modified, reverse=True)


def one_per_table(infos: list[SaveInfo]) -> list[SaveInfo]:
    """The newest save of each table (an unfinished game's autosave rather than the save &
    quit copy beside it, which Continue would open the same); saves the player named, and
    those that cannot be read, all stay."""
    best: dict[tuple[Any, ...], SaveInfo] = {}
    kept: list[SaveInfo] = []
    for info in infos:
        if info.record is None or info.error is not None or named_by_player(info.path):
            kept.append(info)
            continue
        key = table_key(info.record)
        held = best.get(key)
        rank = (info.actions, info.autosave and not info.finished, info.modified)
        if held is None or rank > (held.actions, held.autosave and not held.finished,
                                   held.modified):
            best[key] = info
    return kept + list(best.values())


def summary(game_id: str, session: Any) -> str | None:
    """The game's one line on ``session`` (``renderer.summary``), or None when it cannot say."""
    try:
        return renderer.summary(game_id, session.game.view(None), session.game.result())
    except Exception:  # noqa: BLE001 - a line of detail must never take a menu down
        return None


def describe(info: SaveInfo) -> str | None:
    """``info``'s line: the save replayed (about 7 ms) the first time its row is drawn and kept,
    so a folder of hundreds of saves costs only the rows on screen."""
    if not info.described and info.record is not None and info.error is None:
        info.described = True
        try:
            info.line = summary(info.game, Session(info.record, source=str(info.path)))
        except (SaveError, ValueError):
            info.line = None  # Open says why; the row keeps its plain text
    return info.line


def continuable(game_id: str) -> Any | None:
    """The autosaved session of an unfinished ``game_id``, or None (none, finished or damaged: a
    damaged one is set aside, so it never stops the menu again)."""
    session = load_autosave(paths.autosave_path(game_id))
    return session if session is not None and session.game.result() is None else None


def load_autosave(path: Path) -> Session | None:
    """The session autosaved at ``path`` (it keeps autosaving there), or None: no file, or one
    that cannot be read; a damaged one is set aside, so it never stops the menu again."""
    if not path.exists():
        return None
    try:
        return Session.load(path, autosave=path)
    except DamagedSave as err:
        damaged.set_aside(path, err.reason)
        return None
    except (SaveError, OSError, ValueError):
        return None


def load_session(path: Path, keep_autosave: bool = True) -> Any:
    """A saved session to play on; later actions autosave to the game's autosave file. A damaged
    save is set aside (and ``DamagedSave`` raised, to say why)."""
    try:
        game_id = load_record(path).game
        autosave = paths.autosave_path(game_id) if keep_autosave else None
        session = Session.load(path, autosave=autosave)
    except DamagedSave as err:
        if path.parent == paths.saves_dir():
            damaged.set_aside(path, err.reason)
        raise
    if autosave is not None and autosave != path and session.game.result() is None:
        keep_unreadable(autosave, game_id)  # its next action autosaves over that file
        # (a finished save only opens the replay: the unfinished autosave stays for Continue)
    return session
