"""The contract between the generic table (``ui/table.py``) and a game's renderer.

A game's ``view.py`` (``registry.get(game_id).view_module``) exposes
``make_renderer(app, game_id) -> TableRenderer``. The renderer never applies rules: everything it
shows comes from the view and the legal actions. Its methods:

``layout(board: Rect, theme) -> None``
    The area it may draw in (the log column and the table buttons are the scene's).
``draw(surface, view, ui: UiState) -> None``
    The table after the last event, minus the parts ``ui.hidden`` names (animations bring them in).
    ``ui.names`` are the seats' names (typed at setup, else "Player 2" / "Bot 3"): the handoff
    screen and the whose-turn banner use them, so a table of several players shows them too.
``targets(view, legal) -> list[Target]``
    One hit region per legal action (cards, spaces, its own phase buttons); the scene outlines them
    in ``theme.LEGAL``, highlights hover and focus, and applies ``Target.action`` on a click.
    The target of a button drawn as the accent (primary) one sets ``primary=True``: the keyboard
    focus starts there, so Enter does the obvious next step.
``animations(events, before, after) -> list[Tween]``
    The events (already filtered to what the viewer may see) as tweens.
``preview(view, pos) -> Surface | None``
    The card under ``pos`` drawn about 2.5x with its full text, or None.
``log_lines(events, before, after) -> list[str]`` and ``log_heading(before, after) -> str | None``
    Translated log text for the events; a heading such as "Round 3" when a new round starts.
    A line that is itself a heading where it stands (a new turn starting among the events of the
    action that ended the last one) is a ``str`` subclass with ``heading = True``.
``summary(view, result) -> str | None`` (a module function, optional)
    One line on where a game stands, for the main menu's Continue and the Load list: the round and
    progress while it runs ("Round 7 · repelled 5"), the outcome once ``result`` is given ("won ·
    212 points"). Without it the shell says the outcome and points, else the number of actions.
``seat_colours(view) -> list[str]`` (a module function, optional)
    Each seat's colour name (keys of ``theme.CARD_COLOURS``) for the game-over table and chart;
    ``view`` is the spectator's view of the finished game. Without it the chart uses a palette.
``key(keycode, text) -> Action | bool | None`` (optional)
    A key the table does not use itself (digits, +, -, Backspace) while the viewer is to act: a
    legal action to apply (a typed price), True if only the renderer's own state changed (redraw),
    None if the key is not its.
``decision_key(view) -> str | None`` (optional)
    The i18n key of what the viewing seat decides now, as a phrase after a name
    ("handoff.reason.buy": "to buy"). When the table turns to another human without the privacy
    screen (the game's ``handoff_reason`` says the two see the same things) it shows a banner
    "Over to <name>" with this phrase under it; the privacy screen shows it under its reason.
``banner_area(view) -> Rect | None`` (optional)
    Where that banner may lie without hiding what a player reads at that moment (the market: the new
    viewer's own name line, which the banner repeats); None or absent: centred on the board.
``mouse(event) -> bool`` (optional)
    Mouse input the table does not use itself: ``MOUSEWHEEL`` over the board (with ``pos``, the
    pointer's last position), ``MOUSEMOTION`` with the middle or right button held,
    ``MOUSEBUTTONDOWN`` of button 2 or 3, and a button-1 click that hits no target. True if the
    renderer used it (a board zoomed about the pointer, panned, a zoom button pressed): the table
    then asks for the targets again and redraws. A wheel the renderer leaves scrolls the log.
``cancel_pick() -> bool`` (optional)
    Drop a local first step (a picked card); True if there was one. Esc does this before it opens
    the menu, as "back" does everywhere else.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import pygame

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Event
from dungeon_table.ui import theme
from dungeon_table.ui.anim import Tween


@dataclass
class Target:
    """A hit region bound to one legal action; ``label`` names it for keyboard users."""

    rect: pygame.Rect
    action: Action
    label: str = ""
    pick: Callable[[], None] | None = None  # a local step (pick a card first), not sent to the game
    # Actions it leads to (for hints): a local step's, or a stepping button's (price + 1 on the
    # way to every higher price), so the hint can point at it when no target sends the action.
    covers: list[Action] = field(default_factory=list)
    quiet: bool = False  # the renderer marks it legal itself (overlapping cards in a fan)
    z: int = 0  # drawn above targets of lower z where they overlap (a lifted card over its fan)
    # The phase's obvious next step (the game's accent button: End turn, Fight): the keyboard
    # focus starts on it, so Enter does it, and Enter with nothing focused shows it first.
    primary: bool = False

    def leads_to(self, action: Action | None) -> bool:
        if action is None:
            return False
        return (self.pick is None and action == self.action) or action in self.covers


@dataclass
class UiState:
    """What the scene tells the renderer about the moment: input, hints, animation."""

    seat: int | None = None
    legal: list[Action] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    hover: int | None = None
    focus: int | None = None
    hint: Action | None = None
    hidden: frozenset[str] = frozenset()
    animating: bool = False
    mouse: tuple[int, int] = (-1, -1)
    watching: bool = False  # a replay: show what was being decided, though nothing is legal
    names: list[str] = field(default_factory=list)  # each seat's name, as typed or "Player 2"
    clock_seconds: float = 0.0  # seconds on the game's clock (a view with a ``time_limit``)


class TableRenderer(Protocol):
    def layout(self, board: pygame.Rect, th: theme.Theme) -> None: ...
    def draw(self, surface: pygame.Surface, view: Any, ui: UiState) -> None: ...
    def targets(self, view: Any, legal: list[Action]) -> list[Target]: ...
    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]: ...
    def preview(self, view: Any, pos: tuple[int, int]) -> pygame.Surface | None: ...
    def log_lines(self, events: list[Event], before: Any, after: Any) -> list[str]: ...
    def log_heading(self, before: Any, after: Any) -> str | None: ...


def make_renderer(app: Any, game_id: str) -> TableRenderer:
    """The renderer of ``game_id``: its ``view_module``'s ``make_renderer``, imported now."""
    module = importlib.import_module(registry.get(game_id).view_module)
    return module.make_renderer(app, game_id)


def summary(game_id: str, view: Any, result: Any = None) -> str | None:
    """One line on where a game stands: its view module's ``summary(view, result)`` if it has
    one, else (for a finished game) the outcome and the winner's points, else None (the caller
    counts actions instead). A player thinks in rounds and points, not in actions."""
    module = importlib.import_module(registry.get(game_id).view_module)
    hook = getattr(module, "summary", None)
    line = hook(view, result) if hook is not None else None
    if line is None and result is not None:
        line = outcome_line(result)
    return line


def outcome_line(result: Any) -> str:
    """"won · 212 points" / "lost · 40 points" from a ``Result`` (the first-ranked seat's total)."""
    from dungeon_table.ui.i18n import t

    lines = result.breakdown[result.ranking[0]] if result.breakdown and result.ranking else []
    total = next((line.value for line in reversed(lines) if line.key == "score.total"), None)
    won = bool(result.winners) and result.outcome != "result.lost"
    key = "summary.won" if won else "summary.lost"
    return t(key, points=total) if total is not None else t(f"{key}_plain")
