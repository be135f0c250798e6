"""Relic's play-test fixes: a depth's cards lie inside the outline of its slot (the outline was
one card's place, the next free one, so a depth's first card sat up and left of it), slots side by
side never overlap; the points on a seat's header say what they count. At 3-4 players the other
seats' depths are rows that never overlap, each card a chip with its name whole; the status
panel's prompt ends above the variant line, and what is done in the dungeon phase is a line
of its own."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pygame
import pytest

from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui import draw as relic_draw
from dungeon_table.games.relic.ui.faces import RelicLooks
from dungeon_table.games.relic.ui.layout import DEPTHS, PER_DEPTH
from dungeon_table.games.relic.ui.table import RelicRenderer
from dungeon_table.ui import fonts, i18n, theme
from dungeon_table.ui.renderer import UiState

sys.path.insert(0, str(Path(__file__).parent))
from relic_views import DUNGEON, legal_for, make_view  # noqa: E402
from test_relic_table import Labels  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (1024, 768)]


def renderer(size: tuple[int, int]) -> RelicRenderer:
    r = RelicRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_every_dungeon_card_lies_inside_its_depths_slot(n: int, size: tuple[int, int]) -> None:
    r = renderer(size)
    for seat, sg in r.geo(make_view("dungeon", n=n)).seats.items():
        slots = [sg.depth_slot(d) for d in range(1, DEPTHS + 1)]
        for d, slot in enumerate(slots):
            for k in range(PER_DEPTH):
                assert slot.contains(sg.dungeon_rect(d * PER_DEPTH + k)), (seat, d, k)
        if not sg.stacked:  # side by side: no slot reaches into the next column
            columns = [*slots, sg.enemies]
            assert all(a.right <= b.x for a, b in zip(columns, columns[1:], strict=False))


def test_the_outlines_drawn_are_the_slots_that_hold_the_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    outlines: list[pygame.Rect] = []
    monkeypatch.setattr(relic_draw.tabletop, "empty_place",
                        lambda surface, rect, th: outlines.append(pygame.Rect(rect)))
    view = make_view("dungeon", n=2)
    r = renderer((1280, 720))
    ui = UiState(seat=view.seat, legal=legal_for(view), targets=[])
    r.draw(pygame.Surface((1280, 720)), view, ui)
    for seat, sg in r.geo(view).seats.items():
        for index in range(len(view.players[seat].dungeon)):
            card = sg.dungeon_rect(index)
            assert any(o.contains(card) for o in outlines), (seat, index, card)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_header_points_say_what_they_count(lang: str) -> None:
    i18n.set_language(lang)
    try:
        view = make_view("dungeon", n=2)
        mine, theirs = relic_draw.points_label(view, 0), relic_draw.points_label(view, 1)
        hand, pile = ("hand", "score pile") if lang == "en" else ("手札", "得点札")
        assert mine.startswith(str(view.players[0].points)) and hand in mine and pile in mine
        assert theirs.startswith(str(view.players[1].points))
        assert hand not in theirs  # another seat's hand is not counted: it is hidden
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("first_draw", [False, True])
def test_the_status_prompt_never_runs_into_the_variant_line(
        lang: str, size: tuple[int, int], first_draw: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The play-test's fault: in Japanese the play phase's prompt ran over "バリアント"."""
    i18n.set_language(lang)
    try:
        view = make_view("play", n=4)
        if first_draw:
            cards = [c.dungeon[0].card for c in view.players]
            view = msgspec.structs.replace(view, turn=2, first_draw=[cards])
        labels = Labels(monkeypatch)
        r = renderer(size)
        surface = pygame.Surface(size)
        ui = UiState(seat=view.seat, legal=legal_for(view), targets=[])
        r.draw(surface, view, ui)
        status = r.geo(view).status
        inside = [(s, rect) for s, _w, rect, *_ in labels.drawn if status.contains(rect)]
        variant = [rect for s, rect in inside if s == i18n.t("relic.variant")]
        assert len(variant) == 1
        others = [(s, rect) for s, rect in inside if rect is not variant[0]]
        assert not [s for s, rect in others if rect.colliderect(variant[0])]
        prompt = relic_draw.prompt_text(r, view, ui).replace(" ", "")
        assert prompt in "".join(s for s, _rect in others).replace(" ", ""), \
            "the whole prompt is there"
    finally:
        i18n.set_language("en")


# --- 3-4 players: the other seats' narrow areas list each depth in a row of its own ------------
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_no_depth_row_or_outline_overlaps_another(n: int, size: tuple[int, int]) -> None:
    """The play-test's faults at 3-4 players: a D1 card covered D2, the empty depths' outlines
    overlapped one another."""
    r = renderer(size)
    for seat, sg in r.geo(make_view("dungeon", n=n)).seats.items():
        slots = [sg.depth_slot(d) for d in range(1, DEPTHS + 1)]
        assert not [(a, b) for k, a in enumerate(slots) for b in slots[k + 1:]
                    if a.colliderect(b)], (seat, slots)
        assert not [(a, b) for k, a in enumerate(sg.depths) for b in sg.depths[k + 1:]
                    if a.colliderect(b)], (seat, sg.depths)
        for index in range(DEPTHS * PER_DEPTH):
            assert sg.depths[index // PER_DEPTH].contains(sg.dungeon_rect(index)), (seat, index)
        if sg.hand is not None:
            assert not sg.hand.colliderect(slots[-1].union(sg.depths[-1])), seat


def full_dungeons(n: int, looks: RelicLooks) -> m.RelicView:
    """Every seat's nine places face up, the longest names first (in the language drawn)."""
    longest = sorted(DUNGEON, key=lambda c: -len(looks.name(c)))[:DEPTHS * PER_DEPTH]
    view = make_view("dungeon", n=n)
    players = [msgspec.structs.replace(p, searched=[], forfeited=[], dungeon=[
        m.DungeonCardView(card=c, depth=k // PER_DEPTH + 1, face_down=False)
        for k, c in enumerate(longest)]) for p in view.players]
    return msgspec.structs.replace(view, players=players)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_narrow_seats_dungeon_cards_keep_their_names_whole_inside_their_rows(
        n: int, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn as chips the height of a third of their row: the name in one piece ("Pillare|d
    Hall" was broken inside a word), never cut, inside its place; hovering shows the card."""
    i18n.set_language(lang)
    try:
        looks = RelicLooks()
        view = full_dungeons(n, looks)
        r = renderer(size)
        labels = Labels(monkeypatch)
        surface = pygame.Surface(size)
        r.draw(surface, view, UiState(seat=view.seat, legal=legal_for(view), targets=[]))
        shown = list(r.shown)
        others = [(seat, sg) for seat, sg in r.geo(view).seats.items() if seat != view.seat]
        assert others and all(sg.stacked for _seat, sg in others)
        for seat, sg in others:
            for index, card in enumerate(view.players[seat].dungeon):
                place = sg.dungeon_rect(index)
                name = looks.name(card.card)
                assert place.h >= fonts.line_height("small", r.th.scale), "a line high"
                drawn = [(width, role, bold) for s, width, rect, role, bold in labels.drawn
                         if s == name and place.x <= rect.x and rect.right <= place.right
                         and place.collidepoint(rect.center)]  # in its line
                assert drawn, (seat, index, name, "not drawn whole inside its place")
                assert all(width is None or fonts.shrink_to_fit(
                    name, role, width, r.th.scale, bold) == (name, role, r.th.scale)
                    for width, role, bold in drawn), (seat, name, "cut to fit")
                assert (place, card.card) in shown, "hovering the chip previews the card"
    finally:
        i18n.set_language("en")


def test_a_card_flies_to_a_chip_at_a_cards_size() -> None:
    """The animations fly and turn a card of the seat's size over a chip's centre: a card the
    width of a whole row would cover the seat."""
    r = renderer((1280, 720))
    for sg in r.geo(make_view("dungeon", n=4)).seats.values():
        for index in range(DEPTHS * PER_DEPTH):
            spot, place = sg.card_spot(index), sg.dungeon_rect(index)
            assert spot.center == place.center or not sg.stacked
            assert spot.size == ((sg.cw, sg.ch) if sg.stacked else place.size)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_narrow_seats_depth_marks_are_whole_in_japanese(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """"深度3✓" is wider than the marks' column: it takes two lines there instead of "深…"."""
    i18n.set_language("ja")
    try:
        view = make_view("dungeon", n=4)
        r = renderer(size)
        labels = Labels(monkeypatch)
        r.draw(pygame.Surface(size), view, UiState(seat=view.seat, legal=legal_for(view),
                                                   targets=[]))
        for seat, sg in r.geo(view).seats.items():
            if seat == view.seat:
                continue
            column = pygame.Rect(sg.area.x, sg.depths[0].y, sg.depths[0].x - sg.area.x,
                                 sg.depths[-1].bottom - sg.depths[0].y)
            marks = [(s, width) for s, width, rect, *_ in labels.drawn if column.contains(rect)]
            for depth in range(1, DEPTHS + 1):
                text, _colour = relic_draw.depth_mark(view.players[seat], depth, view, False,
                                                      True)
                assert text in "".join(s for s, _w in marks), (seat, text, marks)
            assert not [s for s in labels.cut(r.th.scale) if s in {s for s, _w in marks}]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_viewers_flat_row_tags_a_long_name_on_two_lines_of_whole_words(
        n: int, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its cards cover nothing: "Crystal …" (cut to one line) reads "Crystal / Cavern"."""
    i18n.set_language(lang)
    try:
        looks = RelicLooks()
        view = full_dungeons(n, looks)
        r = renderer(size)
        sg = r.geo(view).seats[r.bottom(view)]
        assert sg.flat
        relic_draw.tag_image.cache_clear()  # the tags' texts are drawn, not taken from the cache
        labels = Labels(monkeypatch)
        r.draw(pygame.Surface(size), view, UiState(seat=view.seat, legal=legal_for(view),
                                                   targets=[]))
        room = sg.cw - r.th.px(0.5)
        tags = [s for s, width, *_ in labels.drawn if width == room]
        assert tags and not [s for s in labels.cut(r.th.scale) if s in tags], tags
        names = {looks.name(c.card) for c in view.players[view.seat].dungeon}
        joined = {" ".join(tags[k:k + 2]) if lang == "en" else "".join(tags[k:k + 2])
                  for k in range(len(tags))} | set(tags)
        assert names <= joined, (names - joined, tags)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_dungeon_phases_done_list_stands_on_a_line_of_its_own(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The play-test read "…on an opponent's field Done: dungeon set.": two sentences run
    together, the prompt having no full stop of its own."""
    i18n.set_language(lang)
    try:
        view = make_view("dungeon", n=2, dungeon_set_done=True)
        labels = Labels(monkeypatch)
        r = renderer((1280, 720))
        r.draw(pygame.Surface((1280, 720)), view,
               UiState(seat=view.seat, legal=legal_for(view), targets=[]))
        status = r.geo(view).status
        lines = [s for s, _w, rect, *_ in labels.drawn if status.contains(rect)]
        done = i18n.t("relic.done_list", done=i18n.t("relic.set.dungeon"))
        assert done in lines, lines
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_cascades_name_tags_show_each_name_whole(
        size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players: a depth's cards overlap, each tag one line. The play-test read "Crystal C…"
    and "Sealed Va…" there; a covered card's tag now reaches over the strip above the cards
    after it, the last card's takes two lines."""
    i18n.set_language(lang)
    try:
        looks = RelicLooks()
        view = full_dungeons(2, looks)
        r = renderer(size)
        assert not any(sg.flat or sg.stacked for sg in r.geo(view).seats.values())
        relic_draw.tag_image.cache_clear()  # the tags' texts are drawn, not taken from the cache
        labels = Labels(monkeypatch)
        r.draw(pygame.Surface(size), view, UiState(seat=view.seat, legal=legal_for(view),
                                                   targets=[]))
        names = {looks.name(c.card) for p in view.players for c in p.dungeon}
        parts = {s for s in labels.texts() if any(s in name for name in names)}
        assert not [s for s in labels.cut(r.th.scale) if s in parts]
        glue = " " if lang == "en" else ""
        tags = labels.texts()
        joined = set(tags) | {glue.join(tags[k:k + 2]) for k in range(len(tags))}
        assert names <= joined, names - joined
    finally:
        i18n.set_language("en")
