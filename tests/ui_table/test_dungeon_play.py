"""The Dungeon! table driven through pygame events only: a game is played by clicking its
targets, the wheel over the board zooms about the pointer (over the log it scrolls the log), a
right-drag pans, the Fit button and the 0 key show the whole board again."""

from __future__ import annotations

import random
from typing import Any

import pygame
from table_helpers import visible_point
from ui_events import click_at, key

import dungeon_table.games.dungeon  # noqa: F401 - registers the game

SIZE = (1280, 720)


def make_table(seed: int, seats: list[str], *, options: dict[str, Any] | None = None,
               lang: str = "en") -> tuple[Any, Any]:
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface(SIZE), settings=Settings(lang=lang, anim_speed=0))
    session = Session.new("dungeon", seats, seed, options or {})
    scene = TableScene(app, session, seats, bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)


def motion(pos: tuple[int, int], rel: tuple[int, int] = (0, 0),
           buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)


def test_a_game_is_played_by_clicking_the_targets() -> None:
    app, scene = make_table(seed=4, seats=["human"])
    rng = random.Random(4)
    for _ in range(80):
        if scene.game.result() is not None:
            break
        targets = [i for i, tg in enumerate(scene.ui.targets) if tg.pick is None]
        assert targets, scene.view.phase
        before = len(scene.session.steps)
        point = visible_point(scene, rng.choice(targets))
        app.step(click_at(point))
        app.step([])
        if scene.confirming is not None:  # a costly move (the turn ended early) asks first
            app.step(click_at(point))
            app.step([])
        assert len(scene.session.steps) == before + 1
    assert len(scene.session.steps) >= 40


def test_the_wheel_zooms_the_board_about_the_pointer_and_scrolls_the_log_elsewhere() -> None:
    app, scene = make_table(seed=2, seats=["human"], options={"heroes": "fighter"})
    assert scene.view.phase == "move"
    r = scene.renderer
    vp = r.geo.viewport
    pos = (vp.x + vp.w // 4, vp.y + vp.h // 3)
    under = r.camera.to_board(pos)
    moves = {tg.action: tg.rect.copy() for tg in scene.ui.targets}
    app.step([motion(pos), wheel(2)])
    assert r.camera.zoom > 1.4
    now = r.camera.to_board(pos)
    assert abs(now[0] - under[0]) < 0.2 and abs(now[1] - under[1]) < 0.2
    moved = {tg.action: tg.rect for tg in scene.ui.targets}
    assert any(moved.get(a) != rect for a, rect in moves.items()), "the targets follow the zoom"
    zoom = r.camera.zoom
    app.step([motion(scene.log.rect.center), wheel(1)])
    assert r.camera.zoom == zoom


def test_a_right_drag_pans_and_fit_shows_the_whole_board_again() -> None:
    app, scene = make_table(seed=2, seats=["human"])
    r = scene.renderer
    vp = r.geo.viewport
    app.step([motion(vp.center), wheel(3)])
    origin = r.camera.origin
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=vp.center, button=3),
              motion((vp.centerx + 40, vp.centery + 30), rel=(40, 30), buttons=(0, 0, 1))])
    assert r.camera.origin != origin
    fit = r.geo.zoom_buttons[2]
    app.step(click_at(fit.center))
    assert r.camera.zoom == 1.0 and vp.contains(r.camera.board_rect())
    app.step([motion(vp.center), wheel(2)])
    app.step([key(pygame.K_0, unicode="0")])
    assert r.camera.zoom == 1.0


def test_a_game_with_a_bot_is_played_through_hint_click_and_enter() -> None:
    """The hint lights a target, Enter or a click applies it; the bot plays between; the table
    always draws the engine's view of the seat at the screen."""
    app, scene = make_table(seed=6, seats=["human", "bot:random"], lang="ja")
    decisions = 0
    for _ in range(3000):
        if scene.game.result() is not None or decisions >= 120:
            break
        if not scene.ui.legal or scene.bot_due is not None:
            app.step([])
            continue
        assert scene.view == scene.game.view(scene.viewer)
        app.step([key(pygame.K_h)])
        index = scene.ui.focus
        assert index is not None, "the hint lights a target"
        if scene.ui.targets[index].pick is not None:  # the crystal ball's switch, then a space
            app.step([key(pygame.K_RETURN)])
            index = scene.ui.focus
            assert index is not None
        if decisions % 2:
            app.step([key(pygame.K_RETURN)])
        else:
            app.step(click_at(visible_point(scene, index)))
        decisions += 1
    assert decisions >= 120 or scene.game.result() is not None
    assert len(scene.session.steps) > decisions, "the bot played too"


def test_the_board_zooms_from_the_keys_while_a_bot_plays() -> None:
    from dungeon_table.core.session import Session
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface(SIZE), settings=Settings(lang="en", anim_speed=0))
    seats = ["bot:random", "human"]
    session = Session.new("dungeon", seats, 3, {"heroes": "fighter,rogue"})
    scene = TableScene(app, session, seats, bot_delay_ms=60_000)  # the bot is still thinking
    app.push(scene)
    app.step([])
    assert scene.game.to_act() == [0] and scene.ui.legal == []
    app.step([key(pygame.K_PLUS, unicode="+")])
    assert scene.renderer.camera.zoom > 1.0, "watching, the player may still look closer"
    assert len(scene.session.steps) == 0


def test_two_human_wizards_write_their_wish_lists_with_one_privacy_screen_each() -> None:
    """The sealed draft: the wizard at the screen writes its list by keys (1, 2, 3, Backspace,
    Enter), the other after one privacy screen by clicking; the books are filled, and the first
    turn comes behind one more screen: two in all, where picking spell by spell took one a
    spell."""
    from ui_events import key_up

    from dungeon_table.games.dungeon import model as m
    from dungeon_table.ui.scenes.handoff import HandoffScene

    app, scene = make_table(seed=4, seats=["human"] * 3,
                            options={"heroes": "wizard,fighter,wizard"})
    screens: list[int] = []
    keys = [key(pygame.K_1, unicode="1")] * 3 + [key(pygame.K_BACKSPACE)]
    for _ in range(200):
        if isinstance(app.top, HandoffScene):
            screens.append(scene.game.to_act()[0])
            app.top.reveal()
        elif scene.held is not None:  # what the seal revealed (its book) has been seen
            app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])
        elif scene.viewer == 0 and 0 in scene.game.to_act():
            if m.SealWishes() in scene.ui.legal:
                app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])
            elif keys:  # three fireballs, one too many: taken off again
                app.step([keys.pop(0)])
            else:
                app.step([key(pygame.K_2, unicode="2")])
        elif scene.game.phase == "move":
            break  # seat 0's first turn, on its own screen
        elif scene.viewer == 2 and 2 in scene.game.to_act():
            wanted = m.SealWishes() if m.SealWishes() in scene.ui.legal else m.WishSpell(
                spell="teleport" if len(scene.view.spell_wishes) < 6 else "fireball")
            index = next(i for i, tg in enumerate(scene.ui.targets) if tg.action == wanted)
            app.step(click_at(visible_point(scene, index)))
        app.step([])
    assert (scene.game.phase, scene.viewer, screens) == ("move", 0, [2, 0])
    assert [h.spellbook_size for h in scene.game.state.heroes] == [9, 0, 9]  # the seed's dice
    assert sorted(scene.game.state.heroes[0].spells) == ["fireball"] * 2 + ["lightning"] * 7
    assert sorted(scene.game.state.heroes[2].spells) == ["fireball"] * 3 + ["teleport"] * 6


def test_enter_wishes_again_for_the_spell_just_wished_and_seals_a_full_list() -> None:
    """Keyboard alone: Tab to a spell, Enter adds it and the focus stays on it, so Enter adds
    another; once the list is full the focus is on the seal."""
    from ui_events import key_up

    from dungeon_table.games.dungeon import model as m

    app, scene = make_table(seed=4, seats=["human"], options={"heroes": "wizard"})
    enter = [key(pygame.K_RETURN), key_up(pygame.K_RETURN)]
    app.step([key(pygame.K_TAB), key_up(pygame.K_TAB)])
    focused = scene.ui.targets[scene.ui.focus].action
    assert focused == m.WishSpell(spell="lightning")
    size = scene.view.spells_to_take
    for _ in range(size):
        app.step(enter)
    assert scene.view.spell_wishes == ["lightning"] * size
    assert scene.ui.targets[scene.ui.focus].action == m.SealWishes()
    app.step(enter)
    assert sorted(scene.game.state.heroes[0].spells) == ["lightning"] * size
