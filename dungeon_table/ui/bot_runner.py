"""A bot that searches, run off the UI thread, and the "thinking…" tag while it does.

    runner = BotRunner()
    if runner.takes(bot):
        runner.start(bot, game, seat, steps=len(session.steps), thinking="normal")
    ...                                    # every frame:
    done = runner.poll(len(session.steps)) # (seat, action) once, when the search has ended

The search runs on a worker thread over a clone of the game (``Game.clone``), so the table keeps
reading its own game for views and input while the worker plays its thousands of playouts; the
worker yields the interpreter every few milliseconds (``sys.getswitchinterval``), so a frame is
never held up for longer than that. A result is used only if the game is still at the step it
was asked for (an undo or a new game in the meantime drops it). Bots that decide in
milliseconds (every hand-written one) are not sent here: the table asks them directly.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import pygame

from dungeon_table.ai.search_bot import give_thinking_time, searches
from dungeon_table.core.protocol import Action, Game
from dungeon_table.ui import theme
from dungeon_table.ui.i18n import t
from dungeon_table.ui.table_parts import draw_banner

# The table looks for the answer this often: input wakes it at once anyway, and a frame drawn
# takes the interpreter from the search.
POLL_MS = 50


@dataclass
class Job:
    """One decision being searched: for which seat, at which step of the game."""

    seat: int
    steps: int
    thread: threading.Thread | None = None
    action: Action | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


class BotRunner:
    """At most one search at a time, for the table that owns it."""

    def __init__(self) -> None:
        self.job: Job | None = None

    @staticmethod
    def takes(bot: Any) -> bool:
        """Only a bot that searches needs the worker; the rest answer within a frame."""
        return searches(bot)

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is searching now, else None."""
        return self.job.seat if self.job is not None else None

    def start(self, bot: Any, game: Game, seat: int, steps: int,
              thinking: str = "normal") -> None:
        """Search ``seat``'s decision in ``game`` (at ``steps`` actions) on a worker thread, for
        the thinking time the settings name."""
        give_thinking_time(bot, thinking)
        job = Job(seat, steps)
        world = game.clone()  # the worker's own copy: the table's game stays the table's

        def work() -> None:
            try:
                job.action = bot.decide(world, seat)
            except BaseException as err:  # noqa: BLE001 - handed to the UI thread, raised there
                job.error = err
            job.done.set()

        job.thread = threading.Thread(target=work, name=f"bot-seat-{seat}", daemon=True)
        self.job = job
        job.thread.start()

    def poll(self, steps: int) -> tuple[int, Action] | None:
        """The finished decision as ``(seat, action)``, once; None while it runs or when there
        is none. A search of a step the game has left is dropped."""
        job = self.job
        if job is None or not job.done.is_set():
            return None
        self.job = None
        if job.error is not None:
            raise job.error
        if job.steps != steps or job.action is None:
            return None
        return job.seat, job.action

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the search ends (tests, and quitting): True if it has."""
        return self.job is None or self.job.done.wait(timeout)

    def drop(self) -> None:
        """Forget the search under way (its answer will not be used)."""
        self.job = None


def draw_thinking(surface: pygame.Surface, th: theme.Theme, board: pygame.Rect,
                  name: str, area: pygame.Rect | None = None) -> pygame.Rect:
    """The "<name> is thinking…" tag while its search runs: at the foot of ``area`` (the
    renderer's ``thinking_area``, where the player's buttons stand when it is their move), fitted
    to its width; with none, at the top of the board."""
    text = t("table.thinking", name=name)
    if area is None:
        return draw_banner(surface, th, board.centerx, board.y + th.px(2), (text, ""),
                           theme.ACCENT, 0.15)
    # wrap=None: a narrow column (relic's) takes it on two lines rather than "Bot 2 is th…"
    return draw_banner(surface, th, area.centerx, area.bottom - th.px(1), (text, ""),
                       theme.ACCENT, 0.15, wrap=None, width=area.w - th.px(2), rising=True)
