"""A phase's button the rules refuse now is shown disabled, not hidden (issue 14, item 3): in
each game, where its rules refuse one of the phase's buttons (relic's End turn with too many
cards, Last Dungeon's Expand without the crystals, the market's Stop before a reveal,
Dungeon!'s Seal before the wish list is full...), the button stands in the bar drawn disabled,
the keyboard focus never lands on it, the pointer resting on it shows the engine's reason, in
the player's language, and a click on it shows that reason and sends nothing."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from ui_events import click_at, key

from dungeon_table.core.session import Session
from dungeon_table.games.dungeon import model as dm
from dungeon_table.games.lastdungeon import model as lm
from dungeon_table.games.market import model as mm
from dungeon_table.games.relic import model as rm
from dungeon_table.ui import i18n
from dungeon_table.ui.reasons import say
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table import TableScene
from dungeon_table.ui.widgets import Button

SIZE = (1280, 720)
# Each game: its players, and the buttons a player expects there that the rules may refuse.
BUTTONS: dict[str, tuple[int, tuple[type, ...]]] = {
    "relic": (2, (rm.EndTurn, rm.Fight, rm.EndPhase, rm.DungeonPhase, rm.BattlePhase)),
    "lastdungeon": (1, (lm.Expand, lm.Retreat)),
    "market": (2, (mm.Stop,)),
    "dungeon": (1, (dm.SealWishes, dm.UnwishSpell, dm.EndTurn, dm.Refill, dm.CastSpell)),
}


def refused_button(game_id: str) -> tuple[Session, Any]:
    """A session of ``game_id`` played at random until seat 0 is to act with one of the
    game's buttons refused now; that session and the button's action."""
    players, kinds = BUTTONS[game_id]
    for seed in range(1, 40):
        session = Session.new(game_id, ["human"] + ["bot"] * (players - 1), seed)
        rng = random.Random(seed)
        for _ in range(500):
            game = session.game
            if game.result() is not None:
                break
            if 0 in game.to_act():
                found = [a for a in game.tempting(0) if isinstance(a, kinds)]
                if found:
                    return session, found[0]
            seat = rng.choice(game.to_act())
            session.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError(f"{game_id}: no refused button along these games")


def table_on(session: Session, lang: str) -> tuple[App, TableScene]:
    app = App(surface=pygame.Surface(SIZE), ticks=lambda: 1000,
              settings=Settings(lang=lang, anim_speed=0))
    i18n.set_language(lang)
    scene = TableScene(app, session, session.record.seats, bot_delay_ms=10**9)
    app.push(scene)
    app.step([])
    return app, scene


def disabled_fill() -> tuple[int, int, int]:
    return Button(pygame.Rect(0, 0, 9, 9), "", lambda: None, enabled=False).colours()[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", sorted(BUTTONS))
def test_a_refused_button_is_shown_disabled_and_says_why(game_id: str, lang: str) -> None:
    session, action = refused_button(game_id)
    app, scene = table_on(session, lang)
    assert scene.viewer == 0 and action in scene.renderer.refused
    found = [tg for tg in scene.refused if tg.action == action]
    assert found, "the refused button has a place on the table"
    rect = found[0].rect
    assert all(tg.action != action for tg in scene.ui.targets), "no focus, no Enter on it"
    assert not any(tg.rect.colliderect(rect) for tg in scene.ui.targets
                   if tg.pick is None and not tg.quiet), "it stands beside the legal buttons"
    scene.draw(app.surface)
    inside = (rect.x + 3, rect.y + rect.h // 2)
    assert tuple(app.surface.get_at(inside))[:3] == disabled_fill(), "drawn disabled"

    words = say(session.game.why_illegal(0, action), getattr(getattr(scene.renderer, "looks", None), "name", None))
    assert words and scene.why_refused(found[0]) == words
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0))])
    scene.draw(app.surface)
    assert any(note.inflate(60, 60).colliderect(rect) and not note.colliderect(rect)
               for note in scene.notes_drawn), "the reason is shown by the button on hover"
    if lang == "ja":
        assert not words.isascii(), f"in Japanese: {words}"

    steps = len(session.steps)
    app.step(click_at(rect.center))
    assert len(session.steps) == steps, "nothing is sent"
    assert scene.refusal is not None and scene.refusal.lines[0] == words

    seen = set()
    for _ in range(len(scene.ui.targets) + 1):
        app.step([key(pygame.K_TAB)])
        seen.add(scene.ui.targets[scene.ui.focus].action if scene.ui.focus is not None else None)
    assert action not in seen, "Tab skips it"
