"""Dungeon!'s play-test fixes on the table: the slots' cards never cover each other's names
("Red Dragor")."""

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
