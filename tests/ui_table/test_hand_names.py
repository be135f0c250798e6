"""A fanned hand never cuts a card's name: 「ゴーレ」「スライ」 were all a crowded hand showed."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import make_table

from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import i18n, tabletop


def shown_name(image: pygame.Surface, title: str, shown: int) -> str:
    """The name as it reads in the ``shown`` px of the card's left edge: the lines of its plate
    if it has one, else of its own centred title, each up to the last letter wholly visible."""
    w = image.get_width()
    plate = getattr(cf, "name_plate", lambda *_: None)(image, shown)
    if plate is not None:
        f, lines, x = cf.plate_layout(title, w, shown)
        lefts = [x] * len(lines)
    else:
        f, lines = cf._title_lines(title, w)
        lefts = [(w - f.size(line)[0]) // 2 for line in lines]
    read = ""
    for line, left in zip(lines, lefts, strict=True):
        read += next(line[:k] for k in range(len(line), -1, -1)
                     if left + f.size(line[:k])[0] <= shown)
    return read


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_crowded_hand_shows_every_name_whole(lang: str, size: tuple[int, int]) -> None:
    _app, scene = make_table(seed=3, lang=lang, size=size)
    r = scene.renderer
    g = r.geo
    cards = [d.id for d in r.cards.dungeon] + [a.id for a in r.cards.adventurers][:4]
    for n in range(4, len(cards) + 1):
        rects = tabletop.fan_rects(g.hand, n, g.hand_cw, g.th)
        for i, (rect, after) in enumerate(zip(rects, rects[1:], strict=False)):
            card = cards[i]
            image = r.looks.face(card, "hand", g.hand_cw)
            name = r.looks.name(card)
            read = shown_name(image, name, after.x - rect.x)
            assert read.replace(" ", "") == name.replace(" ", ""), (n, card, read)
    i18n.set_language("en")
