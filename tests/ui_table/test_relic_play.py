"""The relic table on real games: random games of 2-4 players give states in which every legal
action has a target, every phase draws in both languages and sizes, nothing is drawn that the
seat's own view does not hold, and the events of whole games animate and log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core.protocol import Action
from dungeon_table.core.session import Session
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.view import RelicRenderer
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.renderer import UiState

SIZES = [(1280, 720), (1920, 1080)]


def game_steps(players: int, seed: int, limit: int = 600,
               ) -> Iterator[tuple[Session, int, list[Any], m.RelicView | None]]:
    """(session, seat, events of the last step, the seat's view before it) at every decision."""
    session = Session.new("relic", ["human"] * players, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    events: list[Any] = []
    before: m.RelicView | None = None
    for _ in range(limit):
        to_act = session.game.to_act()
        if not to_act:
            return
        seat = to_act[0]
        yield session, seat, events, before
        before = session.game.view(seat)
        events = session.apply(seat, bots[seat].choose(before, session.game.legal_actions(seat)))


def renderer(size: tuple[int, int] = (1280, 720)) -> RelicRenderer:
    r = RelicRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


def check_targets(r: RelicRenderer, view: m.RelicView, legal: list[Action]) -> None:
    targets = r.targets(view, legal)
    missing = [a for a in legal if not any(tg.leads_to(a) for tg in targets)]
    assert not missing, (view.phase, missing)
    assert r.board is not None
    for tg in targets:
        assert tg.action in legal and r.board.contains(tg.rect), (view.phase, tg)
    for tg in [tg for tg in targets if tg.pick is not None]:
        tg.pick()
        after = r.targets(view, legal)
        assert any(t.pick is None and t.action in tg.covers for t in after), (view.phase, tg)
        r.cancel_pick()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_every_legal_action_has_a_target_and_nothing_hidden_is_drawn(
        players: int) -> None:
    r = renderer()
    phases: set[str] = set()
    seeds = range(8) if players == 2 else range(2)
    steps = (step for seed in seeds for step in game_steps(players, seed=seed))
    for session, seat, _events, _before in steps:
        view = session.game.view(seat)
        legal = session.game.legal_actions(seat)
        phases.add("prompt" if view.prompt else view.phase)
        check_targets(r, view, legal)
        surface = pygame.Surface((1280, 720))
        r.draw(surface, view, UiState(seat=seat, legal=legal, targets=r.targets(view, legal)))
        public = {d.card for p in view.players for d in p.dungeon if not d.face_down}
        public |= {e.card for p in view.players for e in p.enemies} | set(view.discard)
        public |= set(view.hand)
        if view.battle is not None:
            public |= {view.battle.enemy, *view.battle.committed}
        drawn = {card for _rect, card in r.shown.cards}
        assert drawn <= public, drawn - public
    assert {"play", "dungeon", "end"} <= phases, phases
    if players == 2:
        assert {"search", "battle", "prompt"} <= phases, phases


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_whole_games_draw_animate_and_log(lang: str, size: tuple[int, int]) -> None:
    i18n.set_language(lang)
    r = renderer(size)
    surface = pygame.Surface(size)
    seen: set[str] = set()
    for k, (session, seat, events, before) in enumerate(game_steps(2, seed=5)):
        view = session.game.view(seat)
        if k % 4 == 0:
            legal = session.game.legal_actions(seat)
            r.draw(surface, view, UiState(seat=seat, legal=legal, targets=r.targets(view, legal)))
        if before is None or not events:
            continue
        mine = list(events)
        lines = r.log_lines(mine, before, view)
        assert all(line and "{" not in line for line in lines), lines
        queue = AnimQueue()
        queue.extend(r.animations(mine, before, view))
        for now in range(0, 20000, 250):
            queue.update(now)
            queue.draw(surface)
        seen |= {type(e).__name__ for e in mine}
    assert {"Drew", "DungeonSet", "TurnStarted"} <= seen, seen
