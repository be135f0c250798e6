"""The table says why, in the player's language: a click the rules refuse shows the engine's
reason by the click (and fades), the hint says why beside its outline, a costly move asks first
(unless the setting is off), and Ctrl+Z that cannot undo says the true reason."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest
from table_helpers import SIZE, visible_point
from ui_events import click_at, key

from dungeon_table.core.session import Session
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.ui import i18n
from dungeon_table.ui.reasons import say
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table import TableScene
from dungeon_table.ui.table_parts import NOTE_MS


def table_on(session: Session, lang: str = "en", confirm: bool = True) -> tuple[App, Any,
                                                                                 list[int]]:
    clock = [1000]
    app = App(surface=pygame.Surface(SIZE), ticks=lambda: clock[0],
              settings=Settings(lang=lang, anim_speed=0, confirm_costly=confirm))
    i18n.set_language(lang)
    scene = TableScene(app, session, ["human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene, clock


def ld_session(until: Any, seed: int = 3, tries: int = 400) -> Session:
    """A solo Last Dungeon session played at random until ``until(session)`` holds."""
    session = Session.new("lastdungeon", ["human"], seed)
    rng = random.Random(seed)
    for _ in range(tries):
        if until(session):
            return session
        legal = session.game.legal_actions(0)
        session.apply(0, rng.choice([a for a in legal if not isinstance(a, m.Cancel)] or legal))
    raise AssertionError("no such state in this game")


def drawn(app: App, scene: Any) -> list[pygame.Rect]:
    scene.draw(app.surface)
    return scene.notes_drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_click_on_a_card_the_hand_cannot_pay_for_says_why_by_the_click(lang: str) -> None:
    session = ld_session(lambda s: s.game.phase == "actions"
                         and any(isinstance(a, m.Play) for a in s.game.tempting(0)))
    app, scene, clock = table_on(session, lang)
    plays = [tg for tg in scene.refused if isinstance(tg.action, m.Play)]
    assert plays, "the card too dear has a target of its own"
    target = plays[0]
    pos = target.rect.center
    before = len(session.steps)
    app.step(click_at(pos))
    assert len(session.steps) == before, "nothing is sent"
    words = say(session.game.why_illegal(0, target.action), scene.renderer.looks.name)
    assert scene.refusal is not None and scene.refusal.lines[0] == words
    card = scene.renderer.looks.name(target.action.card)
    assert card in words and target.action.card not in words, "the card by its name"
    if lang == "ja":
        assert "コスト" in words
    notes = drawn(app, scene)
    assert notes and not any(n.colliderect(tg.rect) for n in notes for tg in scene.ui.targets)
    clock[0] += NOTE_MS + 50
    app.step([])
    assert scene.refusal is None, "it fades"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hint_says_why_beside_the_outlined_target(lang: str) -> None:
    session = Session.new("lastdungeon", ["human"], 5)
    app, scene, _clock = table_on(session, lang)
    app.step([key(pygame.K_h)])
    assert scene.hint_reason is not None
    action, words = scene.hint_reason
    assert action == scene.ui.hint and words
    bot = scene.spec.make_bot("best", session.record.seed)
    assert words == say(bot.decide_with_reason(scene.view, scene.ui.legal)[1],
                        scene.renderer.looks.name)
    hinted = scene.ui.targets[scene.ui.focus].rect
    notes = drawn(app, scene)
    assert notes, "the reason is drawn"
    assert notes[0].inflate(120, 120).colliderect(hinted), "near the outlined target"
    assert not any(notes[0].colliderect(tg.rect) for tg in scene.ui.targets)


def fight_index(scene: Any) -> int:
    return next(i for i, tg in enumerate(scene.ui.targets) if isinstance(tg.action, m.Fight))


def costly_fight() -> Session:
    return ld_session(lambda s: s.game.costly(0, m.Fight()) is not None
                      and m.Fight() in s.game.legal_actions(0))


def test_a_costly_move_asks_first_and_the_second_click_does_it() -> None:
    session = costly_fight()
    app, scene, _clock = table_on(session)
    before = len(session.steps)
    point = visible_point(scene, fight_index(scene))
    app.step(click_at(point))
    assert len(session.steps) == before and scene.confirming is not None
    assert scene.confirming[1] == say(session.game.costly(0, m.Fight()))
    assert drawn(app, scene), "the confirm step is drawn by the button"
    app.step(click_at(point))
    assert len(session.steps) == before + 1, "the second click does it"


def test_esc_puts_a_costly_move_aside_and_the_setting_turns_asking_off() -> None:
    session = costly_fight()
    app, scene, _clock = table_on(session)
    before = len(session.steps)
    app.step(click_at(visible_point(scene, fight_index(scene))))
    app.step([key(pygame.K_ESCAPE)])
    assert scene.confirming is None and app.top is scene and len(session.steps) == before
    app2, scene2, _ = table_on(costly_fight(), confirm=False)
    steps = len(scene2.session.steps)
    app2.step(click_at(visible_point(scene2, fight_index(scene2))))
    assert len(scene2.session.steps) == steps + 1, "no question with the setting off"


@pytest.mark.parametrize("lang, words", [("en", "Cannot undo: nothing to undo yet"),
                                         ("ja", "取り消せません：まだ何もしていません")])
def test_ctrl_z_with_nothing_to_undo_says_so(lang: str, words: str) -> None:
    app, scene, _clock = table_on(Session.new("lastdungeon", ["human"], 5), lang)
    assert scene.bar.undo in scene.bar.visible() and not scene.bar.undo.enabled, \
        "Undo is shown disabled, not hidden"
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)])
    assert scene.refusal is not None and scene.refusal.lines[0] == words


def test_ctrl_z_after_a_reveal_says_cards_were_revealed() -> None:
    session = ld_session(lambda s: bool(s.steps) and s.steps[-1].reveals
                         and 0 in s.game.to_act())
    app, scene, _clock = table_on(session)
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)])
    assert scene.refusal is not None
    assert scene.refusal.lines[0] == "Cannot undo: cards were revealed: undo cannot hide them again"


def test_the_confirm_setting_is_kept(tmp_path: Any) -> None:
    from dungeon_table.ui import settings

    path = tmp_path / "settings.yaml"
    settings.save(Settings(confirm_costly=False), path)
    assert settings.load(path).confirm_costly is False
    assert Settings().confirm_costly is True, "on by default"



@pytest.mark.parametrize("game_id", ["dungeon", "relic"])
def test_a_hint_the_bot_does_not_explain_reads_in_japanese(game_id: str) -> None:
    """A move the best bot gives no reason for is named by its target's label, or, when no
    labelled target leads to it (a card, a space), as the outlined one: never by the engine's
    English word ("choose chamber")."""
    from dungeon_table.ai.explain import plainly
    from dungeon_table.core import registry

    spec = registry.get(game_id)
    session = Session.new(game_id, ["human"] * spec.min_players, 0)
    _app, scene, _clock = table_on(session, "ja")
    action = scene.ui.legal[0]
    words = scene._hint_words(plainly(action), None)
    assert words and not re.search(r"[a-z]{3,}", words), words
    labelled = next(i for i, tg in enumerate(scene.ui.targets) if tg.label)
    assert scene._hint_words(plainly(action), labelled) == scene.ui.targets[labelled].label
