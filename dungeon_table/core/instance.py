"""One app per data home: a second copy is refused, so no game can silently vanish.

Two windows on the same ``DUNGEON_TABLE_HOME`` wrote the same ``autosave-market.yaml`` in turn,
and one of the two games then existed nowhere. The app holds a lock on ``<data home>/app.lock``
while it runs; a second copy finds it held and says so (on the command line and in its window)
instead of opening the saves::

    lock = HomeLock(paths.data_home())
    lock.acquire()          # HomeInUse(home, pid) while another copy runs
    ...
    lock.release()

The lock is the operating system's (``flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows), held by the open file: when the app is killed the system drops it, so a stale lock
never blocks the next start. The file itself stays and only says which process held it last.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO

LOCK_NAME = "app.lock"


class HomeInUse(RuntimeError):
    """Another copy of the app holds this data home (``pid``: its process, when known)."""

    def __init__(self, home: Path, pid: int | None) -> None:
        self.home = home
        self.pid = pid
        held = f"process {pid}" if pid else "another process"
        super().__init__(
            f"dungeon_table is already open on {home} ({held}); two copies would write over each "
            "other's games. Close it first, or set DUNGEON_TABLE_HOME to another folder."
        )


class HomeLock:
    """The lock of one data home, held from ``acquire`` to ``release`` (or the process's end)."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.path = home / LOCK_NAME
        self._file: IO[str] | None = None

    @property
    def held(self) -> bool:
        return self._file is not None

    def acquire(self) -> None:
        """Take the lock, or ``HomeInUse`` if another copy holds it. ``OSError`` if the home
        cannot be written at all."""
        if self._file is not None:
            return
        self.home.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held while the app runs
        if not _try_lock(handle):
            pid = _pid_in(handle)
            handle.close()
            raise HomeInUse(self.home, pid)
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                _unlock(self._file)
            self._file.close()
            self._file = None


def _pid_in(handle: IO[str]) -> int | None:
    """The process the lock file names (the copy holding it wrote its pid there)."""
    try:
        handle.seek(0)
        return int(handle.read(32).strip() or 0) or None
    except (OSError, ValueError):
        return None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(handle: IO[str]) -> bool:
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: IO[str]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
