"""Dungeon!'s play-test fixes on the table: the slots' cards never cover each other's names
("Red Dragor"), nor run off the rail."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui.panels import slot_rects
from dungeon_table.ui import i18n

sys.path.insert(0, str(Path(__file__).parent))
from test_dungeon_view import SIZES, draw, hero, renderer  # noqa: E402


def slotted(n: int) -> m.DungeonView:
    slots = [m.SlotView(slot=k, space="6a", monster="red_dragon", face_down=False)
             for k in range(1, n + 1)]
    return m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=2,
                         round=2, to_act=[0], heroes=[hero(0, "fighter", "hall")],
                         defeat_tokens={}, slots=slots, decks=[])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("n", [1, 3, 6, 8, 10])
def test_slot_cards_lie_side_by_side_so_no_name_is_covered(n: int, lang: str,
                                                           size: tuple[int, int]) -> None:
    i18n.set_language(lang)
    view = slotted(n)
    r = renderer(size)
    draw(r, view, [m.EndTurn()], size)
    rects = slot_rects(r, view)
    assert len(rects) == n and all(r.geo.rail.contains(rect) for rect in rects)
    assert all(a.right <= b.x for a, b in zip(rects, rects[1:], strict=False)), \
        "a card over the next one's edge cuts its name"
    assert all(rect.w == rects[0].w for rect in rects)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [3, 9, 14])
def test_the_treasures_under_the_last_slot_stay_on_the_rail(n: int, size: tuple[int, int]) -> None:
    """Cards dropped under the last monster fan out past its right edge; they kept off the
    rail's end and lay over the side column (14 slots at 1920x1080, late in a long game)."""
    view = slotted(n)
    last = view.slots[-1]
    slots = [*view.slots[:-1], m.SlotView(slot=last.slot, space=last.space, monster=last.monster,
                                          face_down=False, treasure="esp_medallion",
                                          dropped=["gold_coffer", "gold_coffer"])]
    view = m.DungeonView(**{**{f: getattr(view, f) for f in view.__struct_fields__},
                            "slots": slots})
    r = renderer(size)
    draw(r, view, [m.EndTurn()], size)
    under = [rect for rect, card in r.shown if card.split("~")[0] in ("gold_coffer",
                                                                      "esp_medallion")]
    assert len(under) == 3
    assert all(r.geo.rail.contains(rect) for rect in under), (r.geo.rail, under)


def two_heroes(bot_space: str) -> m.DungeonView:
    return m.DungeonView(seat=0, n_players=2, mode="race", phase="move", active=1, turn=3,
                         round=2, to_act=[1], heroes=[hero(0, "fighter", "hall"),
                                                      hero(1, "rogue", bot_space)],
                         defeat_tokens={}, slots=[], decks=[])


def zoomed_on_the_hall(factor: float = 4.0) -> object:
    r = renderer()
    draw(r, two_heroes("c30-25"), [])
    hall = r.space_screen("hall")
    assert hall is not None
    r.camera.zoom_at(factor, hall.center)
    return r


def in_sight(r: object, space: str) -> bool:
    rect = r.space_screen(space)  # type: ignore[attr-defined]
    return rect is not None and r.geo.viewport.collidepoint(rect.center)  # type: ignore[attr-defined]


def test_a_zoomed_board_follows_a_bots_walk() -> None:
    r = zoomed_on_the_hall()
    assert not in_sight(r, "6B"), "the bot walks out of sight of the zoomed view"
    before, after = two_heroes("5l"), two_heroes("6B")
    r.animations([m.Moved(seat=1, path=["6B"], moves_left=0)], before, after)  # type: ignore[attr-defined]
    assert in_sight(r, "6B")


def test_a_zoomed_board_follows_a_bots_dice() -> None:
    r = zoomed_on_the_hall()
    view = two_heroes("6a")
    assert not in_sight(r, "6a")
    roll = m.AttackRolled(seat=1, card="goblins", dice=[3, 4], bonus=0, need=5, hit=True)
    r.animations([roll], view, view)  # type: ignore[attr-defined]
    assert in_sight(r, "6a")


def test_a_zoomed_board_stays_put_when_the_action_is_in_sight() -> None:
    r = zoomed_on_the_hall(2.0)
    origin = r.camera.origin  # type: ignore[attr-defined]
    before, after = two_heroes("c30-25"), two_heroes("hall")
    r.animations([m.Moved(seat=1, path=["hall"], moves_left=4)], before, after)  # type: ignore[attr-defined]
    assert r.camera.origin == origin  # type: ignore[attr-defined]


def test_colour_blind_mode_patterns_every_level_of_the_board_its_own_way() -> None:
    from dungeon_table.games.dungeon.ui import board_art
    from dungeon_table.ui import card_faces as cf

    r = renderer()
    board, c = r.board, 12
    assert len(set(board_art.LEVEL_PATTERNS.values())) == 6, "six levels, six patterns"

    def room_pixels(image: object, level: int) -> set[tuple[int, int, int]]:
        room = next(s for s in board.spaces.values() if s.kind == "room" and s.level == level)
        x, y = room.cells[len(room.cells) // 2]
        return {tuple(image.get_at((x * c + i, y * c + j)))[:3]  # type: ignore[attr-defined]
                for i in range(c) for j in range(c)}

    plain = board_art.render_board(board, c)
    try:
        cf.set_glyph_mode(True)
        marked = board_art.render_board(board, c)
        assert board_art.BoardArt().surface(board, c) is not None
    finally:
        cf.set_glyph_mode(False)
    for level in range(1, 7):
        assert room_pixels(marked, level) > room_pixels(plain, level), \
            f"level {level}'s rooms carry its pattern"
