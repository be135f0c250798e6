"""Pictures on the table: the kit's icon cache, and every card of every game drawn with one."""

from __future__ import annotations

import pygame
import pytest

from dungeon_table.core import registry
from dungeon_table.core.assets import card_entries
from dungeon_table.core.icon_names import icon_path
from dungeon_table.games.dungeon.ui import faces as dungeon_faces
from dungeon_table.games.lastdungeon import cards as ld_cards
from dungeon_table.games.lastdungeon.ui.faces import CardLooks
from dungeon_table.games.market import cards as market_cards
from dungeon_table.games.market.ui.faces import MarketLooks
from dungeon_table.games.relic.ui.faces import RelicLooks
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import icons, theme


def test_an_icon_renders_at_two_sizes_in_its_tint_once() -> None:
    small = icons.icon("goblin-head", 24, theme.DANGER)
    large = icons.icon("goblin-head", 96, theme.DANGER)
    assert small.get_size() == (24, 24) and large.get_size() == (96, 96)
    inked = [tuple(large.get_at((x, y))) for x in range(96) for y in range(96)
             if large.get_at((x, y)).a == 255]
    assert inked and {colour[:3] for colour in inked} == {theme.DANGER}
    before = icons.cached_count()
    assert icons.icon("goblin-head", 96, theme.DANGER) is large  # kept, not drawn again
    assert icons.cached_count() == before
    assert icons.icon("goblin-head", 96, theme.GOLD) is not large  # another tint, another image


def test_blit_icon_centres_the_picture_and_draws_nothing_without_one() -> None:
    surface = pygame.Surface((100, 60), pygame.SRCALPHA)
    area = icons.blit_icon(surface, "rat", pygame.Rect(0, 0, 100, 60), share=0.5)
    assert area is not None and area.size == (30, 30) and area.center == (50, 30)
    assert icons.blit_icon(surface, None, pygame.Rect(0, 0, 100, 60)) is None


def test_a_card_without_an_icon_shows_its_kinds_default_never_nothing() -> None:
    assert icons.picture("dungeon", "monster", None) == "claw-slashes"
    assert icons.picture("dungeon", "monster", "rat") == "rat"
    assert icons.picture("a_game_the_table_does_not_know", "monster") is None


def _face_pictures(game_id: str) -> dict[str, str | None]:
    """Each card id of the game to the picture its face on the table shows."""
    if game_id == "lastdungeon":
        cards = ld_cards.load()
        looks = CardLooks(cards)
        shown = {d.id: looks.spec(d.id, "hand").icon for d in cards.dungeon}
        shown |= {a.id: looks.spec(a.id, "adventurer").icon for a in cards.adventurers}
        shown |= {e.id: looks.spec(e.id, "event").icon for e in cards.events}
        shown |= {p.id: looks.spec(p.id, "plain").icon for p in (cards.entrance, cards.treasure)}
        shown[cards.hero.id] = looks.spec(cards.hero.id, "adventurer", "back").icon
        return shown
    if game_id == "market":
        market = MarketLooks(market_cards.load())
        return {c.id: market.spec(c.id).icon for c in market.cards.cards}
    if game_id == "relic":
        relic = RelicLooks()
        return {card: relic.spec(card).icon for card in _relic_ids()}
    return {card: dungeon_faces.picture(card) for card in dungeon_faces.catalogue()}


def _relic_ids() -> list[str]:
    from dungeon_table.games.relic.ui.faces import catalogue  # the view's own reading of the file

    return list(catalogue()[0])


@pytest.mark.parametrize("game_id", ["lastdungeon", "market", "relic", "dungeon"])
def test_every_card_face_shows_its_own_picture_which_exists(game_id: str) -> None:
    shown = _face_pictures(game_id)
    named = card_entries(registry.get(game_id).card_check()[0])
    for card, picture in shown.items():
        assert picture and icon_path(picture).is_file(), card
        assert picture in named[card][1], f"{card} shows {picture}, its file names {named[card][1]}"


def test_a_face_draws_its_picture_large_in_its_colour() -> None:
    spec = cf.FaceSpec("Giant Rats", theme.CARD_COLOURS["red"], "red", "Level 1", icon="rat")
    plain = cf.face(cf.FaceSpec("Giant Rats", theme.CARD_COLOURS["red"], "red", "Level 1"), 160)
    pictured = cf.face(spec, 160)
    ink = cf._shade(theme.CARD_COLOURS["red"], 0.5)
    w, h = pictured.get_size()
    count = sum(1 for x in range(w) for y in range(h) if tuple(pictured.get_at((x, y)))[:3] == ink)
    assert count > w * h // 60  # the picture (its solid part) covers a good part of the card
    assert not any(tuple(plain.get_at((x, y)))[:3] == ink for x in range(w) for y in range(h))


def test_the_cache_keeps_the_most_recent_renders_within_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(icons, "CACHE_LIMIT", 8)
    kept = icons.icon("rat", 30)
    for size in range(40, 52):  # a zoom drawing the same picture at many sizes
        icons.icon("goblin-head", size)
    assert icons.cached_count() <= 8
    assert icons.icon("goblin-head", 51) is icons.icon("goblin-head", 51)
    assert icons.icon("rat", 30) is not kept  # the oldest was let go, and renders again


@pytest.mark.parametrize(("title", "width", "shown"), [("Skeleton", 110, 50), ("Villager", 120, 60),
                                                        ("Giant Bat", 110, 50)])
def test_a_name_plate_breaks_an_english_name_between_words_only(title: str, width: int,
                                                                 shown: int) -> None:
    """A crowded hand read "Skeleto / n": smaller type keeps each word whole."""
    _, lines, _ = cf.plate_layout(title, width, shown)
    assert all(word in title.split() for line in lines for word in line.split()), lines


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [110, 145, 200, 290])
def test_a_bottom_corners_label_lies_below_the_body_text(width: int, lang: str) -> None:
    """A market monster's "defence" sat on the loot text's last line ("attack of its colour.")."""
    from dungeon_table.ui import i18n

    i18n.set_language(lang)
    try:
        looks = MarketLooks(market_cards.load())
        w, h = cf.card_size(width)
        for card in looks.cards.ids_of("monster"):
            spec = looks.spec(card)
            for corner in [c for c in spec.corners if c.pos[0] == "b" and c.label]:
                assert cf.body_foot(spec, w, h) <= cf.corner_label_rect(corner, w, h).top, card
    finally:
        i18n.set_language("en")
