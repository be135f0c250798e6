"""One copy of the app per data home: the second is refused, a killed one never blocks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dungeon_table.core.instance import HomeInUse, HomeLock


def test_a_second_lock_on_the_same_home_is_refused_naming_the_holder(tmp_path: Path) -> None:
    first, second = HomeLock(tmp_path), HomeLock(tmp_path)
    first.acquire()
    with pytest.raises(HomeInUse, match=f"already open on {tmp_path} \\(process {os.getpid()}\\)"):
        second.acquire()
    assert not second.held
    first.release()
    second.acquire()  # the first copy closed: the home is free
    assert second.held
    second.release()


def test_another_home_is_not_locked(tmp_path: Path) -> None:
    first, other = HomeLock(tmp_path / "a"), HomeLock(tmp_path / "b")
    first.acquire()
    other.acquire()
    assert first.held and other.held
    first.release()
    other.release()


def test_the_lock_of_a_killed_app_does_not_block_the_next_start(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys, time, pathlib\n"
         "from dungeon_table.core.instance import HomeLock\n"
         "lock = HomeLock(pathlib.Path(sys.argv[1]))\nlock.acquire()\n"
         "print('held', flush=True)\ntime.sleep(60)", str(tmp_path)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        with pytest.raises(HomeInUse, match=f"process {child.pid}"):
            HomeLock(tmp_path).acquire()
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    lock = HomeLock(tmp_path)
    deadline = time.monotonic() + 30
    while not lock.held:  # the system drops a dead process's lock (at once, on Linux)
        try:
            lock.acquire()
        except HomeInUse:
            assert time.monotonic() < deadline, "the stale lock never went"
            time.sleep(0.05)
    assert (tmp_path / "app.lock").read_text(encoding="utf-8").strip() == str(os.getpid())
    lock.release()
