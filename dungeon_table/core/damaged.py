"""Files refused as damaged are set aside, never deleted: nothing a player had is lost.

A save or a settings file the bounded reader or its schema refuses is moved into a ``damaged/``
folder beside it, with the reason in a text file next to it, so the app starts cleanly next time
and the file can still be looked at or mended by hand::

    saves/autosave-market.yaml  ->  saves/damaged/autosave-market.yaml
                                    saves/damaged/autosave-market.yaml.reason.txt

The main menu names the files set aside in this run (``this_run``); Load lists every file set
aside in the saves folder (``listed``).
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

FOLDER = "damaged"
REASON = ".reason.txt"
_REASON_BYTES = 4096  # what is read of a reason file (it is one line the app wrote)


@dataclass(frozen=True)
class SetAside:
    """A file moved aside: its name where it was, where it is now, why, and when."""

    name: str
    path: Path
    reason: str
    when: float


_this_run: list[SetAside] = []


def set_aside(path: Path, reason: str) -> SetAside | None:
    """Move ``path`` into ``damaged/`` beside it (a free name: an earlier file of the same name
    stays) and write ``reason`` next to it; None if it cannot be moved (it then stays where it
    is, still refused). ``reason`` may start with the file's own path: that part is dropped."""
    reason = reason.removeprefix(f"{path}: ").strip()
    folder = path.parent / FOLDER
    try:
        folder.mkdir(exist_ok=True)
        target = _free_name(folder, path.name)
        os.replace(path, target)
    except OSError:
        return None
    with contextlib.suppress(OSError):
        (folder / (target.name + REASON)).write_text(reason + "\n", encoding="utf-8")
    item = SetAside(path.name, target, reason, time.time())
    _this_run.append(item)
    return item


def _free_name(folder: Path, name: str) -> Path:
    target = folder / name
    stem, dot, suffix = name.rpartition(".")
    if not dot:
        stem, suffix = name, ""
    n = 2
    while target.exists():
        target = folder / (f"{stem}-{n}.{suffix}" if dot else f"{stem}-{n}")
        n += 1
    return target


def this_run() -> list[SetAside]:
    """The files set aside since the app started, in order."""
    return list(_this_run)


def forget_this_run() -> None:
    """A fresh start (tests: every test is an app of its own)."""
    _this_run.clear()


def listed(folder: Path) -> list[SetAside]:
    """Every file set aside in ``folder`` (a saves folder, say), newest first."""
    inside = folder / FOLDER
    try:
        files = [p for p in inside.iterdir() if p.is_file() and not p.name.endswith(REASON)]
    except OSError:
        return []
    items = []
    for path in files:
        note = inside / (path.name + REASON)
        try:
            with open(note, encoding="utf-8", errors="replace") as handle:
                reason = handle.read(_REASON_BYTES).strip()
            when = note.stat().st_mtime
        except OSError:
            reason, when = "", path.stat().st_mtime
        items.append(SetAside(path.name, path, reason, when))
    return sorted(items, key=lambda item: item.when, reverse=True)
