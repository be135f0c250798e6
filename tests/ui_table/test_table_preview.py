"""The card shown large (hover or keyboard focus) lies wholly inside the window, at 1280x720 too."""

from __future__ import annotations

import pygame
import pytest

from dungeon_table.ui.table_parts import preview_rect, uncovered_point
from dungeon_table.ui.theme import Theme

WINDOW = pygame.Rect(0, 0, 1280, 720)


def test_beside_a_target_as_wide_as_the_board_the_card_goes_above_it() -> None:
    """A whole row as one target (a seat's field): neither its right nor its left had room, and
    the card was drawn off the window's left edge."""
    row = pygame.Rect(10, 450, 1000, 150)
    rect = preview_rect((280, 392), row, WINDOW.size, Theme())
    assert WINDOW.contains(rect) and rect.bottom <= row.y


def test_a_card_taller_than_the_window_is_shrunk_to_fit() -> None:
    rect = preview_rect((600, 840), pygame.Rect(100, 300, 0, 0), WINDOW.size, Theme())
    assert WINDOW.contains(rect) and rect.h < 720
    assert abs(rect.w / rect.h - 600 / 840) < 0.01, "its shape kept"


def test_beside_the_pointer_at_the_bottom_right_it_turns_left_and_up() -> None:
    rect = preview_rect((280, 392), pygame.Rect(1270, 715, 0, 0), WINDOW.size, Theme())
    assert WINDOW.contains(rect) and rect.right < 1270


@pytest.mark.parametrize("game_id, steps", [("relic", 9), ("market", 6), ("lastdungeon", 5),
                                            ("dungeon", 4)])
def test_every_previewed_card_of_a_table_fits_the_window(game_id: str, steps: int) -> None:
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.shot import play_steps
    from dungeon_table.ui.table import TableScene

    session = play_steps(game_id, seed=4, steps=steps)
    app = App(surface=pygame.Surface(WINDOW.size), settings=Settings(anim_speed=0))
    scene = TableScene(app, session, session.record.seats, bot_delay_ms=0)
    scene.game_over_shown = True
    app.push(scene)
    app.step([])
    checked = 0
    for i, target in enumerate(scene.ui.targets):  # the keyboard focus on each target
        image = scene.renderer.preview(scene.view, uncovered_point(scene.ui.targets, i))
        if image is not None:
            assert WINDOW.contains(preview_rect(image.get_size(), target.rect, WINDOW.size,
                                                scene.th)), (game_id, target.label)
    for x in range(0, scene.board.w, 16):  # the pointer resting anywhere on the board
        for y in range(0, scene.board.h, 16):
            image = scene.renderer.preview(scene.view, (x, y))
            if image is not None:
                checked += 1
                spot = preview_rect(image.get_size(), pygame.Rect(x, y, 0, 0), WINDOW.size,
                                    scene.th)
                assert WINDOW.contains(spot), (game_id, x, y)
    assert checked or game_id == "dungeon", "some card on the table is previewed"


def test_the_preview_takes_the_side_that_covers_no_target_to_click() -> None:
    """Play-test: the card shown large lay over the spaces the picked card could go to."""
    pointer = pygame.Rect(600, 500, 0, 0)
    spaces = [pygame.Rect(620 + 60 * k, 300, 50, 300) for k in range(6)]  # right of the pointer
    rect = preview_rect((280, 392), pointer, WINDOW.size, Theme(), spaces)
    assert WINDOW.contains(rect) and not any(rect.colliderect(s) for s in spaces)
    assert rect.right <= pointer.x, "it went to the left, the free side"


def test_with_nothing_to_avoid_the_preview_stays_right_of_the_pointer() -> None:
    pointer = pygame.Rect(300, 300, 0, 0)
    assert preview_rect((280, 392), pointer, WINDOW.size, Theme()).x > pointer.x


def test_the_enter_badge_moves_off_a_neighbours_label() -> None:
    from dungeon_table.ui.table_parts import key_tag

    surface = pygame.Surface(WINDOW.size)
    focused = pygame.Rect(500, 400, 200, 50)
    label_above = pygame.Rect(480, 340, 240, 58)  # a number, a label just above the button
    tag = key_tag(surface, focused, Theme(), [focused, label_above])
    assert not tag.colliderect(label_above) and not tag.colliderect(focused)
    plain = key_tag(surface, focused, Theme())
    assert plain.bottom <= focused.y, "above the target when nothing is in the way"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_picked_cards_spaces_stay_clear_of_the_preview(size: tuple[int, int]) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from table_helpers import make_table
    from ui_events import click_at

    app, scene = make_table(seed=4, size=size)
    card = scene.renderer.hand_rects(len(scene.view.hand))[0]
    app.step(click_at((card.x + 6, card.centery)))  # picked: its spaces light up
    spaces = [tg.rect for tg in scene.ui.targets if tg.rect.y < card.y - card.h // 2]
    assert spaces, "a picked card offers spaces"
    window = pygame.Rect((0, 0), size)
    for tg in scene.ui.targets:
        image = scene.renderer.preview(scene.view, tg.rect.center)
        if image is None or tg.rect in spaces:
            continue
        rect = preview_rect(image.get_size(), pygame.Rect(tg.rect.center, (0, 0)), size,
                            scene.th, [t.rect for t in scene.ui.targets])
        assert window.contains(rect)
        assert not any(rect.colliderect(s) for s in spaces), tg.label
