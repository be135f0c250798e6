"""Learn to play: a guided first game, as content (``cards/tutorials/<game>.yaml``).

A tutorial is a script (``core/script.py``: a game, a fixed seed, seats, options and stacked
decks, so it always deals the same instructive hands) whose actions are *steps*: the action the
player must take, in the notation, the i18n key of its caption (what to do, in the rulebook's
words) and of its "why" line (shown once the step is done), and optionally another action whose
target to point at. Bot seats play by themselves between the steps, with the same seeds as at
the table, so the game runs the same every time::

    game: lastdungeon
    seed: 7
    seats: [human]
    stack: {hand_deck: [d_goblin, d_slime, d_bat, d_golem]}
    steps:
      - action: {type: play, card: d_goblin, space: 1}
        caption: tutorial.lastdungeon.play
        why: tutorial.lastdungeon.play_why

A game's first tutorial is ``<game>.yaml``; a further part, teaching a branch the first one
leaves out, is ``<game>_<part>.yaml`` (``dungeon_spells``), listed after it (``lessons``). A
tutorial that plays to the game's end says how it ends, and the check holds it to that::

    ends: {outcome: dungeon.result.returned, winners: [0]}

``done`` is then the closing caption the results screen shows (what happened, how a real game
ends); without ``ends`` the table shows it after the last step and the player plays on freely.

A file is read like a card file (``core.cards.load_cards``: bounded YAML, a schema, each problem
with its file, line and field), then played through: a step the rules refuse at its moment is
reported at its ``action`` line with the rule's reason, so a tutorial that no longer fits the
rules is caught by ``cards check`` and the tests, not by a player.

``Guide`` is the engine side of the table's tutorial: which step the game is at (counted from
the human's actions in the session, so undo and a resumed autosave need nothing more), which
action is taught now, and whether an action may be taken. Pure Python; the overlay that dims
the table and draws the caption is ``ui/tutorial.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec

from dungeon_table.core import paths, registry
from dungeon_table.core.cards import CARDS_DIR, load_cards
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, Game
from dungeon_table.core.records import Seed
from dungeon_table.core.script import seat_bots
from dungeon_table.core.seating import Seating
from dungeon_table.core.session import check_seats

TUTORIALS_DIR = CARDS_DIR / "tutorials"
# A caption's key: tutorial.<game>.<name> (the catalogues' tutorial part holds them).
Key = Annotated[str, msgspec.Meta(pattern=r"^tutorial\.[a-z][a-z0-9_]*\.[a-z0-9_.]+$")]
MAX_STEPS = 200
# A tutorial whose bots would play on for ever between two steps is refused, not run.
MAX_BOT_MOVES = 2_000


class TutorialStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One taught action: what the player must do, what the table says, and why it was right."""

    action: dict[str, Any]
    caption: Key
    why: Key
    point: dict[str, Any] | None = None  # the action whose target to outline (default: action)


class TutorialEnd(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How the tutorial's game ends once its last step is taken (``Result.outcome`` and
    ``winners``): the steps walk the player to the game's end and the results screen."""

    outcome: str
    winners: list[int]


class Tutorial(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    game: str
    seed: Seed
    seats: Annotated[list[str], msgspec.Meta(min_length=1, max_length=8)]
    options: dict[str, Any] = {}
    stack: dict[str, list[Any]] = {}
    title: Key
    done: Key  # the closing line once the last step is done: what happened, how a game ends
    ends: TutorialEnd | None = None  # the game is over after the last step, this way
    steps: Annotated[list[TutorialStep], msgspec.Meta(min_length=1, max_length=MAX_STEPS)]

    @property
    def human(self) -> int:
        return self.seats.index("human")


def tutorial_path(lesson: str) -> Path:
    """A lesson's file: ``<game>.yaml`` (the game's first tutorial) or ``<game>_<part>.yaml``."""
    return TUTORIALS_DIR / f"{lesson}.yaml"


def available() -> list[str]:
    """The games that have a tutorial file (``<game>.yaml``), in the registry's order."""
    return [game_id for game_id in registry.game_ids() if tutorial_path(game_id).exists()]


def lessons() -> list[str]:
    """Every tutorial, in the registry's order of games: a game's first tutorial, then its
    further parts (``dungeon_spells``: a branch the first one leaves out), by name."""
    found: list[str] = []
    for game_id in registry.game_ids():
        if tutorial_path(game_id).exists():
            found.append(game_id)
        found += sorted(p.stem for p in TUTORIALS_DIR.glob(f"{game_id}_*.yaml"))
    return found


def game_of(lesson: str) -> str:
    """The game a lesson teaches, from its name (``market_professional`` → ``market``)."""
    return lesson.split("_", 1)[0]


def load_tutorial(lesson: str | None = None, path: Path | None = None) -> Tutorial:
    """The tutorial ``lesson`` (a game id for the game's first one; or the file ``path``),
    checked and played through; ``CardFileError`` naming the file, line and field of the
    first problem."""
    return load_cards(path or tutorial_path(lesson or ""), Tutorial, check=check_tutorial)


def check_tutorial(tutorial: Tutorial) -> list[tuple[str, str]]:
    """The problems of a decoded tutorial as ``(field path, message)``: a setup the game
    refuses, other than exactly one human seat, or a step the rules refuse when it comes."""
    try:
        spec = registry.get(tutorial.game)
    except (ValueError, KeyError) as err:
        return [("$.game", str(err))]
    if tutorial.seats.count("human") != 1:
        return [("$.seats", "a tutorial has exactly one human seat (the others bot:<level>)")]
    try:
        check_seats(spec, list(tutorial.seats))
        game = spec.new_game(list(tutorial.seats), tutorial.seed, dict(tutorial.options),
                             {k: list(v) for k, v in tutorial.stack.items()})
    except (ValueError, KeyError, TypeError) as err:
        return [("$.seats", f"the game refuses this setup: {err}")]
    walk = Walk(tutorial, game)
    for index, step in enumerate(tutorial.steps):
        where = f"$.steps[{index}]"
        try:
            action = type(game).decode_action(dict(step.action))
            if step.point is not None:
                type(game).decode_action(dict(step.point))
        except (IllegalAction, msgspec.ValidationError, ValueError) as err:
            return [(f"{where}.action", f"not an action of {tutorial.game}: {err}")]
        problem = walk.bots_until_human()
        if problem:
            return [(f"{where}.action", problem)]
        if action not in game.legal_actions(tutorial.human):
            reason = _why_illegal(game, tutorial.human, action)
            return [(f"{where}.action", f"not legal at this step: {reason}")]
        game.apply(tutorial.human, action)
    return _check_end(tutorial, game, walk)


def _check_end(tutorial: Tutorial, game: Game, walk: Walk) -> list[tuple[str, str]]:
    """With ``ends``: the game is over after the last step (and the bots' replies), as said."""
    if tutorial.ends is None:
        return []
    walk.bots_until_human()
    result = game.result()
    if result is None:
        return [("$.ends", "the game is not over after the last step")]
    got = TutorialEnd(result.outcome, list(result.winners))
    if got != tutorial.ends:
        return [("$.ends", f"the game ends {result.outcome} won by {list(result.winners)}")]
    return []


def _why_illegal(game: Game, seat: int, action: Action) -> str:
    try:
        game.clone().apply(seat, action)
    except IllegalAction as err:
        return str(err)
    return "not among the legal actions"


class Walk:
    """Bots playing a tutorial's game between its steps in the table's order (bots first, one
    after another: ``core.seating``), with the table's seeds, so the check and the table agree."""

    def __init__(self, tutorial: Tutorial, game: Game) -> None:
        self.game = game
        self.human = tutorial.human
        self.bots = seat_bots(registry.get(tutorial.game), list(tutorial.seats), tutorial.seed)
        self.seating = Seating((self.human,), frozenset(self.bots))

    def bots_until_human(self) -> str | None:
        """Let the bots play until the human decides; the problem if that never comes."""
        for _ in range(MAX_BOT_MOVES):
            if self.game.result() is not None:
                return "the game is over before this step"
            seat = self.seating.next_decider(self.game, self.human)
            if seat == self.human:
                return None
            if seat is None:
                return "nobody is to act"
            legal = self.game.legal_actions(seat)
            self.game.apply(seat, self.bots[seat].choose(self.game.view(seat), legal))
        return f"the bots play more than {MAX_BOT_MOVES} moves before this step"


def autosave_path(lesson: str) -> Path:
    """A tutorial in progress: ``saves/tutorials/<lesson>.yaml``, apart from the games Continue
    and Load list (Learn to play resumes it)."""
    folder = paths.saves_dir() / "tutorials"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{lesson}.yaml"


def fits(tutorial: Tutorial, record: Any) -> bool:
    """A saved tutorial game was set up by this tutorial (an older file's is started afresh)."""
    return (record.game == tutorial.game and record.seed == tutorial.seed
            and list(record.seats) == list(tutorial.seats)
            and dict(record.options) == {**dict(record.options), **tutorial.options}
            and {k: list(v) for k, v in record.stack.items()}
            == {k: list(v) for k, v in tutorial.stack.items()})


class Guide:
    """Where a tutorial's game stands: the step taught now, and what the table may accept."""

    def __init__(self, tutorial: Tutorial, game_class: type[Game]) -> None:
        self.tutorial = tutorial
        self.human = tutorial.human
        self.actions = [game_class.decode_action(dict(s.action)) for s in tutorial.steps]
        self.points = [game_class.decode_action(dict(s.point)) if s.point else a
                       for s, a in zip(tutorial.steps, self.actions, strict=True)]

    def index(self, movers: list[int]) -> int:
        """How many steps are done: the human's actions so far (``movers``: each action's seat)."""
        return sum(1 for seat in movers if seat == self.human)

    def step(self, movers: list[int]) -> TutorialStep | None:
        """The step taught now; None once every step is done (the player plays on freely)."""
        index = self.index(movers)
        return self.tutorial.steps[index] if index < len(self.actions) else None

    def taught(self, movers: list[int]) -> Action | None:
        index = self.index(movers)
        return self.actions[index] if index < len(self.actions) else None

    def pointed(self, movers: list[int]) -> Action | None:
        index = self.index(movers)
        return self.points[index] if index < len(self.points) else None

    def last_why(self, movers: list[int]) -> str | None:
        """The "why" key of the step just done (None before the first)."""
        index = self.index(movers)
        return self.tutorial.steps[index - 1].why if 0 < index <= len(self.actions) else None

    def followed(self, steps: list[Any]) -> bool:
        """The human's actions in ``steps`` (a session's) are the tutorial's own so far: a game
        saved by an older version of the file is not resumed out of step with it."""
        mine = [step.action for step in steps if step.seat == self.human]
        return mine[: len(self.actions)] == self.actions[: len(mine)]

    def finished(self, movers: list[int]) -> bool:
        return self.index(movers) >= len(self.actions)

    def allows(self, movers: list[int], seat: int, action: Action) -> bool:
        """Only the taught action is accepted from the human while steps remain; bots and free
        play after the last step take any legal action."""
        taught = self.taught(movers)
        return seat != self.human or taught is None or action == taught




def tutorial_for(session: Any) -> Tutorial | None:
    """The tutorial a session plays (set by Learn to play), else None."""
    tutorial = getattr(session, "tutorial", None)
    return tutorial if isinstance(tutorial, Tutorial) else None
