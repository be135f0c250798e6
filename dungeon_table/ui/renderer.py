"""The renderer base every game's table is built on, and the contract with the generic table.

A game's renderer module (``registry.get(game_id).view_module``, by convention its
``games/<id>/ui/table.py``) names its renderer class ``Renderer``: a ``TableRenderer``
subclass, built as ``Renderer(app)`` by ``make_renderer``. The generic table (``ui/table.py``)
and the replay viewer call the methods below directly; every one has a default here, so a game
writes only its own layout, drawing, targets and words. The renderer never applies rules:
everything it shows comes from the view and the legal actions.

What the table calls:

``layout(area: Rect, theme) -> None``
    The area it may draw in (the log column and the table buttons are the scene's). The base
    keeps ``area`` and ``th``, empties the geometry cache (``cached_geo``) and calls ``arrange()``,
    where a game with one layout computes it.
``draw(surface, view, ui: UiState) -> None``
    The table after the last event, minus the parts ``ui.hidden`` names (animations bring them
    in). The base empties ``shown`` and calls ``draw_table``; nothing before ``layout``.
    ``ui.names`` are the seats' names (typed at setup, else "Player 2" / "Bot 3").
``targets(view, legal) -> list[Target]``
    One hit region per legal action (cards, spaces, its own phase buttons), from the game's
    ``table_targets`` (the base answers nothing before ``layout`` or with nothing legal). The
    phase's buttons the rules refuse now (``Game.tempting``) are in ``refused``, set by the
    table before it asks: a game lays its buttons out with them (``shows``), draws them
    disabled (``tabletop.draw_buttons(..., refused)``) and gives them targets only when they are
    in ``legal`` (``button_targets``): the table asks once more with them added, for the hover
    and the click that say the engine's reason. The
    scene outlines them in ``theme.LEGAL``, highlights hover and focus, and applies
    ``Target.action`` on a click. The target of the accent button sets ``primary=True``: the
    keyboard focus starts there, so Enter does the obvious next step.
``animations(events, before, after) -> list[Tween]``
    The events (already filtered to what the viewer may see) as tweens; default none.
``preview(view, pos) -> Surface | None``
    The card under ``pos`` drawn about 2.5x with its full text; ``shown.at(pos)`` says what
    was drawn there. Default none.
``log_lines(events, before, after) -> list[str]`` and ``log_heading(before, after) -> str | None``
    Translated log text: ``log_line`` per event, by default the catalogue's
    ``<prefix>.log.<tag>`` (or ``<prefix>.log.<tag>_<variant>``, see ``log_key``) filled with
    ``log_fields``; a heading such as "Round 3" when a new round starts. An event told by another
    line is named in ``log_told_by`` (a turn's start is its heading). A line that is a heading
    where it stands (a new turn starting among the events of the action that ended the last one)
    is a ``LogHeading``.
``key(keycode, text) -> Action | bool | None``
    A key the table does not use itself (digits, +, -, Backspace): a legal action to apply (a
    typed price), True if only the renderer's own state changed (redraw), None if not its key.
``mouse(event) -> bool``
    Mouse input the table does not use itself: ``MOUSEWHEEL`` over the board (with ``pos``),
    ``MOUSEMOTION`` with the middle or right button held, ``MOUSEBUTTONDOWN`` of button 2 or 3,
    and a button-1 click that hits no target. True if the renderer used it (a board zoomed,
    panned): the table then asks for the targets again and redraws. A wheel it leaves scrolls
    the log.
``cancel_pick() -> bool``
    Drop a local first step (``picked``, set by a ``picker``); True if there was one. Esc does
    this before it opens the menu, and the table when it turns to another seat.
``decision_key(view) -> str | None``
    The i18n key of what the viewing seat decides now, as a phrase after a name
    ("handoff.reason.buy": "to buy"): the "Over to <name>" banner and the privacy screen say it.
``banner_area(view) -> Rect | None``
    Where that banner may lie without hiding what a player reads then; None: centred on the board.
``summary(view, result) -> str | None`` (a class method: the menu calls it without a table)
    One line on where a game stands for Continue and Load: the round and progress while it runs,
    the outcome once ``result`` is given. The base says the outcome and the points, else None
    (the shell then counts actions).
``seat_colours(view) -> list[str]`` (a class method)
    Each seat's colour name (keys of ``theme.CARD_COLOURS``) for the game-over table and chart;
    ``view`` is the spectator's view of the finished game. The base: none (a palette is used).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import pygame

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Event, Result
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.anim import Tween
from dungeon_table.ui.i18n import t
from dungeon_table.ui.log_panel import LogHeading

__all__ = ["LogHeading", "Shown", "TableRenderer", "Target", "UiState", "event_fields",
           "event_tag", "in_language", "log_key", "make_renderer", "outcome_line",
           "renderer_class", "summary"]

T = TypeVar("T")
G = TypeVar("G")


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


@dataclass
class Shown(Generic[T]):
    """What was drawn last and where, in drawing order, for hover previews: ``at(pos)`` is what
    lies on top there (a card id, or whatever the game needs to draw it large)."""

    items: list[tuple[pygame.Rect, T]] = field(default_factory=list)

    def add(self, rect: pygame.Rect, what: T) -> None:
        self.items.append((rect, what))

    def at(self, pos: tuple[int, int]) -> T | None:
        return next((what for rect, what in reversed(self.items) if rect.collidepoint(pos)), None)

    def clear(self) -> None:
        self.items.clear()

    def __iter__(self) -> Iterator[tuple[pygame.Rect, T]]:
        return iter(self.items)


class TableRenderer:
    """The default of every hook of the contract (the module docstring) and the skeleton every
    table shares. Subclasses set ``prefix`` (their catalogue keys' first part: "relic", "ld")
    and write ``draw_table`` and ``table_targets``; the rest as they need."""

    prefix: ClassVar[str] = ""
    # Event types whose line is another key of the game's log: ``turn_started`` is the turn's
    # heading (``<prefix>.log.heading``); a game adds those it tells inside another line.
    log_told_by: ClassVar[Mapping[str, str]] = {"turn_started": "heading"}
    # The values of this game's reasons that are ids (a hero class, a spell, a colour), by
    # placeholder, each with the catalogue key naming it ("{id}" is the value): a refusal in
    # Japanese must not show "fireball" or "red" (card ids are named by ``looks.name``).
    value_names: ClassVar[Mapping[str, str]] = {}

    def __init__(self, app: Any) -> None:
        self.app = app
        self.area: pygame.Rect | None = None  # where the table may draw, once laid out
        self.th = theme.Theme()
        self.shown: Shown[Any] = Shown()
        # figures the player reads to decide (burst odds, a purse): a tutorial's caption, placed
        # by ``ui/tutorial.py``, never covers them; the game adds them as it draws
        self.figures: list[pygame.Rect] = []
        self.picked: Any = None  # a local first step (a card picked, waiting for its place)
        # The moves the rules refuse the viewer now that it may reach for (``Game.tempting``:
        # the phase's buttons among them), set by the table: buttons drawn disabled, not hidden.
        self.refused: list[Action] = []
        self._geos: dict[Any, Any] = {}

    # --- layout ------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect, th: theme.Theme) -> None:
        self.area = pygame.Rect(area)
        self.th = th
        self._geos.clear()
        self.arrange()

    def arrange(self) -> None:
        """Compute the layout for ``area`` and ``th`` (a game with one layout keeps it here)."""

    def cached_geo(self, key: Any, build: Callable[[], G]) -> G:
        """The layout for one shape of table (players, the viewer's seat...), built once per
        ``layout``: a window resize or a new scale builds it afresh."""
        if key not in self._geos:
            self._geos[key] = build()
        geo: G = self._geos[key]
        return geo

    @staticmethod
    def bottom(view: Any) -> int:
        """The seat along the bottom edge: the viewer; a spectator (a replay of several humans)
        sits at the first seat, so the table does not turn round every turn."""
        return int(view.seat) if view.seat is not None else 0

    # --- drawing and targets -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: Any, ui: UiState) -> None:
        if self.area is None:
            return
        self.shown.clear()
        self.figures.clear()
        self.draw_table(surface, view, ui)

    def draw_table(self, surface: pygame.Surface, view: Any, ui: UiState) -> None:
        """The game's own drawing (``area`` is laid out; ``shown`` is empty, to be filled)."""

    def targets(self, view: Any, legal: list[Action]) -> list[Target]:
        if self.area is None or not legal:
            return []
        return self.table_targets(view, legal)

    def table_targets(self, view: Any, legal: list[Action]) -> list[Target]:
        """The game's own hit regions, one per legal action or local step (``legal`` is not
        empty)."""
        return []

    def shows(self, action: Action, legal: list[Action]) -> bool:
        """Whether a phase button for ``action`` stands on the table: legal now, or refused now
        (drawn disabled: a player should not wonder where it went)."""
        return action in legal or action in self.refused

    def with_refused(self, legal: list[Action]) -> list[Action]:
        """``legal`` and then the refused moves: what a row of buttons is laid out from."""
        return [*legal, *(action for action in self.refused if action not in legal)]

    @staticmethod
    def button_targets(rects: Iterable[pygame.Rect], buttons: Iterable[tuple[Action, str, bool]],
                       legal: list[Action]) -> list[Target]:
        """The targets of a row of phase buttons, (action, caption, primary) each, laid out with
        the refused ones among them: only those in ``legal`` (a disabled one takes no focus)."""
        return [Target(rect, action, caption, primary=primary)
                for rect, (action, caption, primary) in zip(rects, buttons, strict=True)
                if action in legal]

    def preview(self, view: Any, pos: tuple[int, int]) -> pygame.Surface | None:
        return None

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        return []

    # --- local picks -------------------------------------------------------------------------
    def picker(self, item: Any) -> Callable[[], None]:
        """A target's ``pick``: pick ``item`` (a card to place next), or put it back if it is
        the one picked."""
        def pick() -> None:
            self.picked = None if self.picked == item else item
        return pick

    def cancel_pick(self) -> bool:
        picked, self.picked = self.picked is not None, None
        return picked

    # --- input the table leaves --------------------------------------------------------------
    def key(self, keycode: int, text: str) -> Action | bool | None:
        return None

    def mouse(self, event: pygame.event.Event) -> bool:
        return False

    # --- words -------------------------------------------------------------------------------
    def name_value(self, key: str, value: Any) -> str | None:
        """An id among a reason's values (``key`` its placeholder) in the language of the
        moment, by ``value_names``; None when it is not one of them (a number, a card; a list
        is named item by item)."""
        template = self.value_names.get(key) if isinstance(value, str) else None
        name_key = template.format(id=value) if template is not None else None
        return t(name_key) if name_key is not None and i18n.has(name_key, "en") else None

    def decision_key(self, view: Any) -> str | None:
        return None

    def banner_area(self, view: Any) -> pygame.Rect | None:
        return None

    def thinking_area(self, view: Any) -> pygame.Rect | None:
        """Where "<name> is thinking…" lies while a bot's search runs, at its foot: the panel
        that holds the player's buttons, empty while a bot moves (at the board's top, the
        default, it hid the names and scores of the seats above)."""
        return None

    def log_heading(self, before: Any, after: Any) -> str | None:
        return None

    def log_lines(self, events: list[Event], before: Any, after: Any) -> list[str]:
        return [line for event in events if (line := self.log_line(event, before, after))]

    def log_line(self, event: Event, before: Any, after: Any) -> str | None:
        """The event's catalogue line (``log_key``) filled with ``log_fields``; None when the
        game has none for it (said by another line)."""
        key = self.log_key(event, self.log_variants(event))
        if key is None:
            return None
        return t(key, **self.log_fields(event, before, after)) or None

    def log_variants(self, event: Event) -> Iterable[str | None]:
        """The variants of the event's line to try, in order (an outcome, a reason)."""
        return ()

    def log_fields(self, event: Event, before: Any, after: Any) -> dict[str, Any]:
        """The placeholders of the event's line: its fields (a game adds names)."""
        return event_fields(event)

    def log_key(self, event: Event, variants: Iterable[str | None] = ()) -> str | None:
        return log_key(self.prefix, event, variants)

    @classmethod
    def summary(cls, view: Any, result: Result | None = None) -> str | None:
        return outcome_line(result) if result is not None else None

    @classmethod
    def seat_colours(cls, view: Any) -> list[str]:
        return []


# --- the log's words, shared by every game's log module --------------------------------------
def event_tag(event: Event) -> str:
    """The event's type in the notation (``"turn_started"``)."""
    return str(type(event).__struct_config__.tag)


def event_fields(event: Event) -> dict[str, Any]:
    """An event's fields by name, without its audience (``to``)."""
    return {name: getattr(event, name) for name in event.__struct_fields__ if name != "to"}


def log_key(prefix: str, event: Event, variants: Iterable[str | None] = ()) -> str | None:
    """The catalogue key of the event's log line: ``<prefix>.log.<tag>_<variant>`` for the first
    variant the catalogues have (in this language or English), else ``<prefix>.log.<tag>``;
    None when the English catalogue has neither (the game tells it in another line)."""
    key = f"{prefix}.log.{event_tag(event)}"
    for variant in variants:
        if variant and (i18n.has(f"{key}_{variant}") or i18n.has(f"{key}_{variant}", "en")):
            return f"{key}_{variant}"
    return key if i18n.has(key, "en") else None


def in_language(text: Any) -> str:
    """A card file's ``{en, ja}`` text in the current language (English where it has none)."""
    return str(getattr(text, i18n.language(), "") or text.en)


# --- finding a game's renderer -----------------------------------------------------------------
def renderer_class(game_id: str) -> type[TableRenderer]:
    """The ``Renderer`` of ``game_id``'s renderer module, imported now (only the UI does)."""
    module = importlib.import_module(registry.get(game_id).renderer_module)
    found: type[TableRenderer] = module.Renderer
    return found


def make_renderer(app: Any, game_id: str) -> TableRenderer:
    """A fresh renderer of ``game_id`` for ``app``'s table."""
    return renderer_class(game_id)(app)


def summary(game_id: str, view: Any, result: Result | None = None) -> str | None:
    """One line on where a game stands: its renderer's ``summary`` (else the outcome and the
    winner's points once it is over, else None: the caller counts actions). A player thinks in
    rounds and points, not in actions."""
    line = renderer_class(game_id).summary(view, result)
    if line is None and result is not None:
        line = outcome_line(result)
    return line


def outcome_line(result: Result) -> str:
    """"won · 212 points" / "lost · 40 points" from a ``Result`` (the first-ranked seat's total)."""
    lines = result.breakdown[result.ranking[0]] if result.breakdown and result.ranking else []
    total = next((line.value for line in reversed(lines) if line.key == "score.total"), None)
    won = bool(result.winners) and result.outcome != "result.lost"
    key = "summary.won" if won else "summary.lost"
    return t(key, points=total) if total is not None else t(f"{key}_plain")
