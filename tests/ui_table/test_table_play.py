"""The table played the way a person plays it: clicks and keys posted to the app, never the engine."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_helpers import make_table, visible_point
from ui_events import click_at, key

from dungeon_table.core.protocol import to_dict
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.ui.scenes.gameover import GameOverScene


def _hinted(scene) -> int:  # noqa: ANN001
    focus = scene.ui.focus
    assert focus is not None, "the hint highlights a target"
    return focus


def test_a_whole_game_by_hints_clicks_and_enter_reaches_game_over() -> None:
    app, scene = make_table(seed=3)
    moves = 0
    while not isinstance(app.top, GameOverScene):
        assert moves < 600, "the game should end"
        app.step([key(pygame.K_h)])
        index = _hinted(scene)
        if moves % 2:
            app.step([key(pygame.K_RETURN)])  # keyboard: hint, Enter
        else:
            app.step(click_at(visible_point(scene, index)))  # mouse: click what the hint shows
        moves += 1
    assert scene.game.result() is not None
    assert scene.log.entries, "the log tells the game"


def test_tab_moves_focus_through_legal_targets_and_enter_picks() -> None:
    app, scene = make_table(seed=5)
    app.step([key(pygame.K_TAB)])
    assert scene.ui.focus == 0
    app.step([key(pygame.K_TAB), key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert scene.ui.focus == 0


def _free_play(scene) -> m.Play | None:  # noqa: ANN001
    """A play that is placed at once and reveals nothing: cost 0 on a room that draws nothing."""
    view = scene.view
    for action in scene.ui.legal:
        if isinstance(action, m.Play):
            space = view.spaces[action.space]
            cost = view.hand_costs[view.hand.index(action.card)] + space.cost_delta
            if cost <= 0 and not space.draw_on_play:
                return action
    return None


def test_ctrl_z_restores_the_view_before_a_play() -> None:
    for seed in range(1, 40):
        app, scene = make_table(seed=seed)
        play = _free_play(scene)
        if play is not None:
            break
    assert play is not None
    before = scene.game.view(0)
    card = next(i for i, tg in enumerate(scene.ui.targets)
                if tg.pick is not None and tg.action.card == play.card)
    app.step(click_at(visible_point(scene, card)))
    space = next(i for i, tg in enumerate(scene.ui.targets)
                 if tg.action == play and tg.pick is None)
    app.step(click_at(scene.ui.targets[space].rect.center))
    assert scene.game.view(0) != before
    assert scene.bar.undo.enabled
    app.step([key(pygame.K_z, pygame.KMOD_CTRL)])
    assert scene.game.view(0) == before
    assert scene.view == before


def test_a_refused_action_shows_why_and_changes_nothing() -> None:
    app, scene = make_table(seed=2)
    before = scene.game.view(0)
    scene.act(0, m.Scout())  # not legal in the action phase
    words = scene.say(scene.game.why_illegal(0, m.Scout()))  # translated, by the input
    assert scene.refusal is not None and scene.refusal.lines[0] == words
    assert scene.game.view(0) == before
    app.step([])


def _motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _rest(app) -> None:  # noqa: ANN001
    """Let the pointer (or the focus) rest until the preview's timer wakes the loop."""
    from dungeon_table.ui.table_parts import HOVER_PREVIEW_MS

    pygame.time.wait(HOVER_PREVIEW_MS + 20)
    app.step([])


def test_hovering_a_hand_card_shows_it_large_beside_the_cursor() -> None:
    app, scene = make_table(seed=4)
    plain = app.surface.copy()
    rect = scene.renderer.hand_rects(len(scene.view.hand))[-1]
    pos = (rect.centerx, rect.centery)
    app.step([_motion(pos)])
    _rest(app)
    image = scene.renderer.preview(scene.view, pos)
    assert image is not None
    assert image.get_width() >= 2 * scene.renderer.geo.cw
    # Beside the cursor, on the side where it hides least of what may be clicked (play-test:
    # it covered the other cards of the hand)
    from dungeon_table.ui.table_parts import preview_rect

    where = preview_rect(image.get_size(), pygame.Rect(pos, (0, 0)), app.surface.get_size(),
                         scene.th, [tg.rect for tg in scene.ui.targets])
    x, y, (w, h) = where.x, where.y, image.get_size()
    centre = (w // 2, h // 2)
    shown = app.surface.get_at((x + centre[0], y + centre[1]))
    assert shown[:3] == image.get_at(centre)[:3] != plain.get_at((x + centre[0], y + centre[1]))[:3]


def test_the_preview_waits_for_the_pointer_to_rest_and_then_leaves_the_loop_idle() -> None:
    """A pointer crossing the cards on its way to a button shows no large card over them."""
    app, scene = make_table(seed=4)
    rects = scene.renderer.hand_rects(len(scene.view.hand))
    for rect in rects:  # across the hand, a motion every 40 ms
        app.step([_motion(rect.center)])
        assert scene.preview._spot() is None, "no preview while the pointer moves"
        pygame.time.wait(40)
    drawn = app.frames_drawn
    _rest(app)
    assert app.frames_drawn == drawn + 1 and scene.preview.shown is not None
    assert app._wait_timeout() == 0, "no timer left: the idle loop waits for input"
    app.step([])
    assert app.frames_drawn == drawn + 1, "resting on: nothing more is drawn"
    app.step([_motion((rects[-1].centerx + 1, rects[-1].centery))])
    assert scene.preview.shown is not None, "a jiggle within the same card keeps it up"


def test_the_keyboard_focus_resting_on_a_card_shows_it_large_beside_it() -> None:
    app, scene = make_table(seed=4)
    app.step([key(pygame.K_TAB)])
    assert scene.ui.focus is not None and scene.preview._spot() is None
    _rest(app)
    target = scene.ui.targets[scene.ui.focus]
    assert scene.preview.shown is not None, "the focused card is shown large"
    spot = scene.preview._spot()
    assert spot is not None and target.rect.collidepoint(spot[0]) and spot[1] == target.rect


def test_animations_play_and_space_finishes_them() -> None:
    app, scene = make_table(seed=6)
    app.settings.anim_speed = 1.0
    seen_busy = False
    for _ in range(40):
        if scene.game.result() is not None:
            break
        app.step([key(pygame.K_h)])
        app.step([key(pygame.K_RETURN)])
        app.step([])  # a frame with the tweens drawn part-way
        seen_busy = seen_busy or scene.anim.busy
        while scene.anim.busy:
            app.step([key(pygame.K_SPACE)])  # each press finishes the current tween
        app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)])
    assert seen_busy


def test_escape_opens_the_pause_menu_over_the_table() -> None:
    from dungeon_table.ui.scenes.pause import PauseScene

    app, scene = make_table(seed=8)
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene)
    assert app.find(type(scene)) is scene


def test_escape_puts_a_picked_card_back_before_it_opens_the_menu() -> None:
    """A keyboard player who picked the wrong card pressed Esc to go back and got the pause menu
    with the card still picked; Esc is "back" on every other screen."""
    from dungeon_table.ui.scenes.pause import PauseScene

    app, scene = make_table(seed=8)
    app.step([key(pygame.K_TAB), key(pygame.K_RETURN)])  # pick the first hand card
    assert scene.renderer.picked is not None
    spaces = [tg for tg in scene.ui.targets if tg.pick is None]
    app.step([key(pygame.K_ESCAPE)])
    assert app.top is scene and scene.renderer.picked is None
    assert len([tg for tg in scene.ui.targets if tg.pick is None]) < len(spaces), "no space offered"
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene)


def test_a_failed_autosave_is_told_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dungeon_table.core import session as session_module
    from dungeon_table.ui.i18n import t

    def refuse(record: object, path: object) -> None:
        raise OSError(28, "No space left on device")

    app, scene = make_table(seed=2)
    scene.session.autosave = tmp_path / "autosave-lastdungeon.yaml"
    monkeypatch.setattr(session_module, "save_record", refuse)
    action = scene.ui.legal[0]
    assert scene.act(0, action)
    assert scene.session.record.actions[-1] == {"seat": 0, **to_dict(action)}
    reason = scene.session.autosave_error
    assert reason and "No space left" in reason
    assert scene.toast is not None and scene.toast[0] == t("table.autosave_failed", reason=reason)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_log_names_spaces_as_the_table_shows_them(lang: str) -> None:
    """The spaces carry names on screen (Armory, Entrance, Treasure), never numbers, yet the log
    said "Goblin placed on space 1" and "Squire enters at space 0"."""
    from dungeon_table.ui import i18n

    app, scene = make_table(7, lang=lang)
    try:
        armory = scene.view.spaces[1]
        assert armory.kind == "room"
        scene.act(0, scene.game.decode_action({"type": "play", "card": "d_goblin", "space": 1}))
        scene.act(0, scene.game.decode_action({"type": "fight"}))
        text = "\n".join(entry.text for entry in scene.log.entries)
        room = scene.renderer.cards.event(armory.room).room_name
        assert getattr(room, lang) in text, text
        assert ("space 1" if lang == "en" else "スペース1") not in text, text
    finally:
        i18n.set_language("en")


def test_an_expansion_is_logged_by_the_room_name_its_space_shows() -> None:
    """The log said "Rousing Song opens" (the event side) while the new space read "Tavern
    Cellar" (the room side of the same card)."""
    app, scene = make_table(7)
    scene.act(0, scene.game.decode_action({"type": "expand"}))
    scene.act(0, scene.game.decode_action({"type": "pay", "crystal": "crystal_l3"}))
    new = scene.view.spaces[3]  # the treasure moved on to 4; the set-aside room fills 3
    assert new.kind == "room" and scene.view.spaces[4].kind == "treasure"
    text = "\n".join(entry.text for entry in scene.log.entries)
    event_card = scene.renderer.cards.event(new.room)
    assert event_card.room_name.en in text and event_card.name.en not in text, text


def test_a_picked_card_is_drawn_and_hit_over_its_neighbour() -> None:
    """A picked card rose in the fan but stayed under the next card, which cut its name; where
    they overlap, the pointer must find the card that is seen there."""
    from dungeon_table.core import registry
    from dungeon_table.ui import tabletop

    app, scene = make_table(seed=11)
    bot = registry.get("lastdungeon").make_bot("greedy", 11)
    while len(scene.view.hand) < 7 or not any(isinstance(a, m.Play) for a in scene.ui.legal):
        assert scene.game.result() is None
        scene.act(0, bot.choose(scene.game.view(0), scene.ui.legal))  # to a crowded hand
    app.step([])
    hand = scene.view.hand
    picks = [i for i, tg in enumerate(scene.ui.targets) if tg.pick is not None]
    first = picks[0]
    app.step(click_at(visible_point(scene, first)))
    assert scene.renderer.picked == hand[0]
    mine = next(tg for tg in scene.ui.targets if tg.pick and tg.action.card == hand[0])
    nxt = next(tg for tg in scene.ui.targets if tg.pick and tg.action.card == hand[1])
    overlap = mine.rect.clip(nxt.rect)
    assert overlap.w > 0, "hand cards overlap in the fan"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=overlap.center, rel=(0, 0),
                                 buttons=(0, 0, 0))])
    assert scene.ui.targets[scene.ui.hover] is mine
    drawn = []
    original = tabletop.cf.blit_card
    tabletop.cf.blit_card = lambda s, image, rect, lifted=False: drawn.append(rect.copy())
    try:
        tabletop.draw_fan(app.surface, [pygame.Surface((4, 4))] * len(hand),
                          scene.renderer.hand_rects(len(hand), {0}), scene.th, {0}, set())
    finally:
        tabletop.cf.blit_card = original
    assert drawn[-1] == mine.rect, "the picked card is drawn last, over the fan"
