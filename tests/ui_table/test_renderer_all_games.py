"""Every registered game's renderer through the same checks (the table's side of OpenSpiel's
``random_sim_test``).

States are sampled from random playouts of each shape of table a game has (its fewest and most
players, each of its options that change what is on the table): the first state of every phase,
a few more along the way, and the last. Each is drawn for the seat to act, for a seat watching
another decide and for a spectator, in English and Japanese at 1280x720 and 1920x1080, and the
last action's animations play to their end; from the seat to act, every legal action is reached from
a target (directly, by a stepping button's ``covers``, or through a local pick whose own targets
then send it), every target (before and after a pick) is a legal action inside the renderer's
area. Every event type has a log line in both catalogues, and the lines of the events the
playouts met leave no placeholder unfilled and no key untranslated.

Kept to seconds: a few states per table shape, one playout each.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pygame
import pytest

from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Event, Game
from dungeon_table.ui import fonts, i18n
from dungeon_table.ui.anim import AnimQueue, Tween
from dungeon_table.ui.bot_runner import draw_thinking
from dungeon_table.ui.renderer import TableRenderer, Target, UiState, make_renderer, renderer_class
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table_parts import board_area, table_theme

SIZES = [(1280, 720), (1920, 1080)]
LANGS = ["en", "ja"]
PLAYOUT = 300  # actions per playout at most
EVERY = 60  # a state sampled this often, beside the first of each phase
PER_SHAPE = 4  # states per table shape beside the first of each phase
UNFILLED = re.compile(r"\{[a-z_]+\}")


def game_ids() -> list[str]:
    return registry.game_ids()


@dataclass
class Moment:
    """A game stopped at one state: the seat to act and its legal actions, and the last action's
    events with its mover's and a spectator's views before it (what the table animates)."""

    game: Game
    seat: int
    legal: list[Action]
    mover: int | None = None
    events: list[Event] = field(default_factory=list)
    before: dict[int | None, Any] = field(default_factory=dict)


def shapes(spec: registry.GameSpec) -> list[tuple[int, dict[str, Any]]]:
    """The tables a game can be: its fewest and most players, and each option that changes
    what is on it (an on/off option on, each other value setup offers)."""
    out: list[tuple[int, dict[str, Any]]] = [(spec.min_players, {}), (spec.max_players, {})]
    for name, option in spec.option_specs.items():
        if isinstance(option.default, bool):
            out.append((spec.max_players, {name: True}))
        for value in option.values():  # what setup offers
            if value != option.default:
                out.append((spec.min_players, {name: value}))
    return list({repr(shape): shape for shape in out}.values())


def phase_of(view: Any) -> Any:
    return msgspec.to_builtins(view).get("phase") if view is not None else None


def moments(game_id: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Moment]:
    """A random playout's states: the first of each phase, and one every ``EVERY`` actions."""
    game = registry.new_game(game_id, ["human"] * players, seed, options)
    rnd = random.Random(seed)
    seen: set[Any] = set()
    last, extra = Moment(game, 0, []), 0
    for step in range(PLAYOUT):
        if game.result() is not None:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        phase = phase_of(game.view(seat))
        again = phase in seen and step % EVERY == EVERY - 1 and extra < PER_SHAPE
        if phase not in seen or again:
            seen.add(phase)
            extra += again
            # a copy: the playout goes on after it (the game's own clone: a deep copy of a
            # Dungeon! game, its board and card data with it, took half a minute of the suite)
            yield Moment(game.clone(), seat, legal, last.mover, last.events, last.before)
        last = Moment(game, seat, legal, seat, before={seat: game.view(seat), None: game.view(None)})
        last.events = game.apply(seat, rnd.choice(legal))
    to_act = game.to_act()
    seat = to_act[0] if to_act else 0
    yield Moment(game, seat, game.legal_actions(seat), last.mover, last.events, last.before)


def sampled(game_id: str) -> list[Moment]:
    spec = registry.get(game_id)
    return [moment for k, (players, options) in enumerate(shapes(spec))
            for moment in moments(game_id, players, options, seed=17 + k)]


_SAMPLES: dict[str, list[Moment]] = {}


def samples(game_id: str) -> list[Moment]:
    if game_id not in _SAMPLES:
        _SAMPLES[game_id] = sampled(game_id)
    return _SAMPLES[game_id]


def laid_out(game_id: str, size: tuple[int, int]) -> TableRenderer:
    """The game's renderer laid out as the table lays it out in a window of ``size``."""
    app = App(surface=pygame.Surface(size), settings=Settings(anim_speed=0))
    renderer = make_renderer(app, game_id)
    th = table_theme(app)
    renderer.layout(board_area(size, th), th)
    return renderer


def draw(renderer: TableRenderer, view: Any, seat: int | None, legal: list[Action],
         size: tuple[int, int]) -> list[Target]:
    targets = renderer.targets(view, legal) if seat is not None else []
    ui = UiState(seat=seat, legal=legal, targets=targets, hover=0 if targets else None,
                 names=[f"Player {k + 1}" for k in range(8)])
    renderer.draw(pygame.Surface(size), view, ui)
    return targets


# --- drawing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", game_ids())
def test_random_states_draw_for_every_viewer_and_their_animations_end(game_id: str,
                                                                      lang: str) -> None:
    i18n.set_language(lang)
    phases = set()
    for size in SIZES:
        renderer = laid_out(game_id, size)
        for moment in samples(game_id):
            view = moment.game.view(moment.seat)
            phases.add(phase_of(view))
            draw(renderer, view, moment.seat, moment.legal, size)
            watching = [s for s in range(len(moment.game.seats)) if s != moment.seat][:1]
            for seat in watching:
                draw(renderer, moment.game.view(seat), seat, [], size)
            draw(renderer, moment.game.view(None), None, [], size)
            renderer.preview(view, (size[0] // 3, size[1] // 2))
            if moment.mover is not None:
                seen = [e for e in moment.events if e.visible_to(moment.mover)]
                play_out(renderer.animations(seen, moment.before[moment.mover],
                                             moment.game.view(moment.mover)), size)
    assert phases


def play_out(tweens: list[Tween], size: tuple[int, int]) -> None:
    """The tweens drawn frame by frame (10 fps) until they are over, at most 20 s."""
    queue, surface = AnimQueue(), pygame.Surface(size)
    queue.extend(tweens)
    for now in range(0, 20_000, 100):
        queue.update(now)
        queue.draw(surface)
        if not queue.busy:
            return
    raise AssertionError(f"animations still running after 20 s: {tweens}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", game_ids())
def test_the_thinking_tag_stands_in_the_buttons_panel_over_no_card(
        game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a bot searches, "<name> is thinking…" stands at the foot of the panel that holds
    the player's buttons on their own move (at the board's top it hid the names and scores of
    the seats above), whole (relic's narrow column cut it to "Bot 2 is th…"), over no card drawn
    and no figure the player reads."""
    i18n.set_language(lang)
    lines: list[str] = []
    real_text = fonts.text
    monkeypatch.setattr(fonts, "text", lambda s, *a, **k: lines.append(s) or real_text(s, *a, **k))
    for size in SIZES:
        renderer = laid_out(game_id, size)
        board = renderer.area
        assert board is not None
        for moment in samples(game_id):
            others = [s for s in range(len(moment.game.seats)) if s != moment.seat]
            view = moment.game.view(others[0] if others else moment.seat)
            surface = pygame.Surface(size)
            renderer.draw(surface, view, UiState(seat=(others or [moment.seat])[0],
                                                 names=["Player 1", "Player 2", "Player 3",
                                                        "Player 4"]))
            area = renderer.thinking_area(view)
            assert area is not None, "the tag would cover the seats at the board's top"
            lines.clear()
            tag = draw_thinking(surface, renderer.th, board, "Player 4", area)
            phase = phase_of(view)
            said = i18n.t("table.thinking", name="Player 4").replace(" ", "")
            assert "".join(lines).replace(" ", "") == said, (size, lines)
            assert area.contains(tag), (phase, size, tag, area)
            covered = [item for rect, item in renderer.shown if tag.colliderect(rect)]
            assert not covered, (phase, size, "a card under the tag", covered)
            assert not [f for f in renderer.figures if tag.colliderect(f)], (phase, size)


# --- targets ----------------------------------------------------------------------------------
def sent(action: Action, targets: list[Target]) -> bool:
    return any(tg.pick is None and tg.action == action for tg in targets)


def check_targets(renderer: TableRenderer, view: Any, legal: list[Action]) -> None:
    """Every legal action is sent by a target or lies on a target's way (``covers``: the steps
    of a stepping button, the card to pick first); each pick keeps every target legal and on the
    table, brings at least one action it covers within one click, and still leads to the rest."""
    targets = renderer.targets(view, legal)
    area = renderer.area
    assert area is not None
    phase = phase_of(view)
    for tg in targets:
        assert tg.action in legal, (phase, "a target bound to an illegal action", tg)
        assert area.contains(tg.rect), (phase, "a target off the table", tg)
    missing = [a for a in legal if not any(tg.leads_to(a) for tg in targets)]
    assert not missing, (phase, "legal actions no target reaches", missing)
    for tg in [tg for tg in targets if tg.pick is not None]:
        renderer.cancel_pick()
        tg.pick()
        after = renderer.targets(view, legal)
        assert all(t.action in legal and area.contains(t.rect) for t in after), (phase, tg)
        assert any(sent(a, after) for a in tg.covers), (phase, "a pick that leads nowhere", tg)
        lost = [a for a in tg.covers if not any(t.leads_to(a) for t in after)]
        assert not lost, (phase, "a pick covers what it does not lead to", tg, lost)
    renderer.cancel_pick()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", game_ids())
def test_every_legal_action_is_reached_from_a_target_and_every_target_is_legal(
        game_id: str, size: tuple[int, int]) -> None:
    renderer = laid_out(game_id, size)
    for moment in samples(game_id):
        check_targets(renderer, moment.game.view(moment.seat), moment.legal)


# --- the log ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_every_event_type_has_a_log_line_in_both_languages(game_id: str) -> None:
    renderer = renderer_class(game_id)
    prefix = renderer.prefix
    assert prefix, f"{game_id}'s renderer names no catalogue prefix"
    books = i18n.catalogs()
    for event_type in registry.get(game_id).game_class.event_types:
        tag = event_type.__struct_config__.tag
        key = f"{prefix}.log.{renderer.log_told_by.get(tag, tag)}"
        for lang in LANGS:
            assert any(k == key or k.startswith(key + "_") for k in books[lang]), (lang, key)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", game_ids())
def test_the_lines_of_played_events_are_whole(game_id: str, lang: str) -> None:
    """No ``{placeholder}`` left unfilled, no catalogue key shown as itself."""
    i18n.set_language(lang)
    renderer = laid_out(game_id, SIZES[0])
    prefix = renderer.prefix
    for moment in samples(game_id):
        for viewer in (moment.mover, None):
            seen = [e for e in moment.events if e.visible_to(viewer)]
            before, after = moment.before.get(viewer), moment.game.view(viewer)
            lines = renderer.log_lines(seen, before, after) if before is not None else []
            heading = renderer.log_heading(before, after)
            for line in [*lines, *([heading] if heading else [])]:
                assert not UNFILLED.search(line) and f"{prefix}.log." not in line, line
