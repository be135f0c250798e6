"""How the table looks: what must be visible and readable, checked on what was drawn."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import make_table

from dungeon_table.ui import i18n
from dungeon_table.ui.log_panel import LogPanel
from dungeon_table.ui.theme import Theme


class SpySurface(pygame.Surface):
    """A surface that remembers where every image was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        rect = super().blit(source, dest, *args, **kwargs)
        self.drawn.append(rect)
        return rect


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_log_lines_scroll_below_the_title_never_under_it(lang: str) -> None:
    i18n.set_language(lang)
    try:
        log = LogPanel()
        log.add([f"line {k} " * 6 for k in range(80)], heading="Round 1")
        log.layout(pygame.Rect(1000, 60, 260, 640), Theme.for_window((1280, 720), 1.0))
        surface = SpySurface((1280, 720))
        log.draw(surface)
        drawn = surface.drawn
        title = log._title()[1]
        lines = [r for r in drawn[2:] if r.h and r.x == log._body().x]
        assert lines, "the log draws its lines"
        assert min(r.top for r in lines) >= title.bottom, "no line overlaps the title"
        assert max(r.bottom for r in lines) <= log.rect.bottom
    finally:
        i18n.set_language("en")


def test_log_shows_whole_entries_at_its_top_edge() -> None:
    # A wrapped entry whose first line has scrolled away read as a fragment ("2、パワー9。").
    log = LogPanel()
    log.add([f"entry {k}: " + "words " * 20 for k in range(60)])
    log.layout(pygame.Rect(1000, 60, 260, 400), Theme.for_window((1280, 720), 1.0))
    surface = SpySurface((1280, 720))
    log.draw(surface)
    per_entry = {len(images) for images in log._shown}
    assert len(per_entry) == 1 and per_entry.pop() >= 2
    lines = [r for r in surface.drawn[2:] if r.h and r.x == log._body().x]
    assert lines and len(lines) % len(log._shown[0]) == 0


def _log_of(lines: list[str], heading: str | None = None) -> tuple[LogPanel, SpySurface]:
    log = LogPanel()
    log.add(lines, heading=heading)
    log.layout(pygame.Rect(1000, 60, 260, 640), Theme.for_window((1280, 720), 1.0))
    surface = SpySurface((1280, 720))
    log.draw(surface)
    return log, surface


def test_a_heading_line_inside_a_batch_is_set_as_a_heading_in_its_place() -> None:
    # An action that ends one turn and starts the next logs the last turn's damage, then the
    # new turn's heading, then its first line: the heading belongs between them.
    from dungeon_table.ui.log_panel import LogHeading

    log, surface = _log_of(["Red takes 3 damage.", LogHeading("Turn 5 · Blue"), "Blue explores."])
    assert [(e.text, e.heading) for e in log.entries] == [
        ("Red takes 3 damage.", False), ("Turn 5 · Blue", True), ("Blue explores.", False)]
    lines = sorted((r for r in surface.drawn[2:] if r.h and r.x == log._body().x),
                   key=lambda r: r.y)
    assert len(lines) == 3
    plain, heading, _after = (image for images in log._shown for image in images)
    assert heading.get_height() > plain.get_height(), "set in the heading's larger type"
    assert lines[1].y - lines[0].bottom == log._gap(), "with the heading's space above it"
    assert lines[2].y == lines[1].bottom, "the next line follows it at once"


def test_adding_lines_wraps_only_the_new_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    # A market game logs some 800 lines; wrapping them all again on every action made a whole
    # game spend most of its time measuring text.
    from dungeon_table.ui import fonts

    log, surface = _log_of([f"entry {k}: " + "words " * 12 for k in range(200)])
    wrapped: list[str] = []
    real_wrap = fonts.wrap
    monkeypatch.setattr(fonts, "wrap", lambda s, *a, **k: wrapped.append(s) or real_wrap(s, *a, **k))
    log.add(["the newest line"], heading="Round 9")
    log.draw(surface)
    assert wrapped == ["Round 9", "the newest line"]
    log.draw(surface)
    assert len(wrapped) == 2, "drawing again wraps nothing"


def test_the_log_wraps_again_for_a_new_width_scale_or_language() -> None:
    text = "entry: " + "words " * 12
    log, surface = _log_of([text])
    wide = len(log._shown[0])
    log.layout(pygame.Rect(1000, 60, 180, 640), Theme.for_window((1280, 720), 1.0))
    log.draw(surface)
    assert len(log._shown[0]) > wide, "a narrower panel wraps into more lines"
    log.layout(pygame.Rect(1000, 60, 180, 640), Theme.for_window((1280, 720), 1.5))
    log.draw(surface)
    larger = log._shown[0][0].get_height()
    log.layout(pygame.Rect(1000, 60, 180, 640), Theme.for_window((1280, 720), 1.0))
    log.draw(surface)
    assert log._shown[0][0].get_height() < larger, "a smaller scale renders smaller type"
    try:
        i18n.set_language("ja")
        before = log._shown[0]
        log.draw(surface)
        assert log._shown[0] is not before, "a new language lays the log out again"
    finally:
        i18n.set_language("en")


def _band_colours(image: pygame.Surface) -> int:
    """Distinct colours along a row of the colour band, away from corners and glyph."""
    w = image.get_width()
    y = round(image.get_height() * 0.04) + 3
    return len({tuple(image.get_at((x, y)))[:3] for x in range(w // 3, w * 2 // 3) if
                abs(x - w // 2) > w // 8})


def test_colour_blind_mode_patterns_the_bands_and_enlarges_the_glyph() -> None:
    from dungeon_table.ui import card_faces as cf
    from dungeon_table.ui.theme import CARD_COLOURS

    spec = cf.FaceSpec("Goblin", CARD_COLOURS["red"], "red", "Dungeon")
    try:
        cf.set_glyph_mode(False)
        plain = cf.face(spec, 140)
        cf.set_glyph_mode(True)
        marked = cf.face(spec, 140)
    finally:
        cf.set_glyph_mode(False)
    assert _band_colours(plain) == 1, "without the setting the band is one flat colour"
    assert _band_colours(marked) > 1, "with it the band carries its colour's pattern"
    patterns = set(cf.PATTERNS.values())
    assert len(patterns) == len(cf.PATTERNS), "every colour has a pattern of its own"


def test_the_glyphs_setting_changes_the_table_it_is_applied_to() -> None:
    from dungeon_table.ui import card_faces as cf

    app, scene = make_table(seed=2)
    off = app.surface.copy()
    app.settings.glyphs = True
    app.apply_settings(save=False)
    app.step([])
    assert cf.glyph_mode()
    on = app.surface.copy()
    app.settings.glyphs = False
    app.apply_settings(save=False)
    app.step([])
    assert not cf.glyph_mode()
    assert pygame.image.tobytes(on, "RGB") != pygame.image.tobytes(off, "RGB")
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(off, "RGB")


def _table_after(seed: int, steps: int, size: tuple[int, int] = (1280, 720)):  # noqa: ANN202
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.shot import play_steps
    from dungeon_table.ui.table import TableScene

    session = play_steps("lastdungeon", seed, steps)
    app = App(surface=pygame.Surface(size), settings=Settings(anim_speed=0))
    scene = TableScene(app, session, ["human"])
    app.push(scene)
    app.step([])
    return scene


def test_a_card_played_on_the_treasure_is_drawn_over_it() -> None:
    scene = _table_after(seed=1, steps=90)  # the best bot has played Villager on the treasure
    view, r = scene.view, scene.renderer
    space = len(view.spaces) - 1
    assert view.spaces[space].kind == "treasure" and view.spaces[space].card
    shown = [(rect, card) for rect, (card, _) in r.shown]
    slot = r.space_rect(space)
    assert shown.index((slot, view.spaces[space].card)) > next(
        i for i, (_, card) in enumerate(shown) if card == r.cards.treasure.id), "drawn on top"


@pytest.mark.parametrize("n", [8, 10, 12])
def test_both_numbers_show_on_every_card_of_a_crowded_fan(n: int) -> None:
    from dungeon_table.ui import card_faces as cf

    scene = _table_after(seed=2, steps=52)
    r = scene.renderer
    rects = r.hand_rects(n)
    corners = r.looks.spec(r.cards.dungeon[0].id, "hand").corners
    assert {c.pos for c in corners} == {"tl", "bl"}, "cost and damage down the left edge"
    badge = round(r.geo.hand_cw * 0.04) + 2 * max(6, round(r.geo.hand_cw * 0.13))
    # a hand in two rows (the play-test's large hands): each row's cards side by side
    strips = [b.x - a.x for a, b in zip(rects, rects[1:], strict=False) if a.y == b.y]
    assert min(strips) >= min(badge, rects[0].w), \
        f"{n} cards: a {min(strips)} px strip hides {badge} px badges"
    assert rects[-1].right <= r.geo.hand.right + cf.pile_depth(1, 1)


def test_switching_language_retells_the_log_in_it() -> None:
    scene = _table_after(seed=1, steps=12)
    app = scene.app
    english = [e.text for e in scene.log.entries]
    try:
        app.settings.lang = "ja"
        app.apply_settings(save=False)
        japanese = [e.text for e in scene.log.entries]
    finally:
        app.settings.lang = "en"
        app.apply_settings(save=False)
    assert len(japanese) == len(english) and japanese != english
    assert all(not text.isascii() for text in japanese), "every line in the new language"


def test_a_lost_fight_keeps_its_cards_in_view_then_stacks_them() -> None:
    from dungeon_table.core import registry
    from dungeon_table.core.session import Session
    from dungeon_table.games.lastdungeon import model as m
    from dungeon_table.ui.anim import MoveCard, Together
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    session = Session.new("lastdungeon", ["human"], 3)
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1))
    scene = TableScene(app, session, ["human"])
    app.push(scene)
    bot = registry.get("lastdungeon").make_bot("best", 3)
    while True:  # play on to a fight the adventurer survives
        view, legal = session.game.view(0), session.game.legal_actions(0)
        action = bot.choose(view, legal)
        played = [s.card for s in view.spaces if s.card]
        if isinstance(action, m.Fight) and played and view.total_damage < view.adventurer.power:
            break
        scene.act(0, action)
        scene.anim.skip_all()
    scene.act(0, action)
    queue = list(scene.anim._queue)
    fight = queue[0]
    assert isinstance(fight, Together)
    held = [p for p in fight.parts if isinstance(p, MoveCard) and p.start == p.end]
    assert len(held) >= len(played), "each card stays on its space while its damage rises"
    moves = [p for t in queue[1:] if isinstance(t, Together) for p in t.parts
             if isinstance(p, MoveCard) and p.start != p.end]
    assert len(moves) >= len(played), "then they slide onto the adventurer's stack"


def test_a_large_ui_scale_keeps_the_table_labels_whole() -> None:
    from dungeon_table.ui import fonts, table_parts
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.shot import play_steps
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0, ui_scale=1.5))
    scene = TableScene(app, play_steps("lastdungeon", 1, 60), ["human"])
    app.push(scene)
    fit = Theme.for_window((1280, 720)).scale
    assert app.theme.scale > fit * 1.4, "menus take the whole setting"
    assert scene.th.scale <= fit * table_parts.TABLE_MAX_UI_SCALE + 1e-9
    shown: list[str] = []
    real = fonts.text

    def spy(s: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        shown.append(s)
        return real(s, *args, **kwargs)

    fonts.text = spy
    try:
        app.request_redraw()
        app.step([])
    finally:
        fonts.text = real
    assert shown and not [s for s in shown if s.endswith("…")], "no label cut short"


def test_a_card_being_paid_for_on_the_treasure_hides_the_treasure_text() -> None:
    """The faded card on its way to the treasure space was drawn over the treasure card, whose
    name and text showed through it: two cards' words on top of each other. Under the faded
    card there must be plain mat, as on a room (the treasure only peeks out at its edge)."""
    seen = {}
    for space in (1, 3):  # Armory (a room), then the treasure; the adventurer is on neither
        app, scene = make_table(7)
        action = scene.game.decode_action({"type": "play", "card": "d_golem", "space": space})
        assert scene.act(0, action) and scene.view.pending is not None, "golem costs 2: pay"
        app.draw()
        slot = scene.renderer.space_rect(space)
        seen[space] = [tuple(app.surface.get_at((slot.x + slot.w * k // 8, slot.centery)))
                       for k in range(1, 7)]
    assert seen[1] == seen[3], "the ghost on the treasure looks as it does on a room"


def test_a_finished_game_shows_no_verdict_for_a_fight_that_will_not_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the last adventurer was repelled the meter still read "23 short: it will advance"
    (the replay's last step, the table under the game-over screen)."""
    from dungeon_table.core import registry
    from dungeon_table.core.session import Session
    from dungeon_table.games.lastdungeon.ui import draw
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    session = Session.new("lastdungeon", ["bot:greedy"], 6)
    bot = registry.get("lastdungeon").make_bot("greedy", 6)
    while session.game.result() is None:
        seat = session.game.to_act()[0]
        session.apply(seat, bot.choose(session.game.view(seat), session.game.legal_actions(seat)))
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    scene = TableScene(app, session, ["human"], bot_delay_ms=0)
    app.scenes.append(scene)
    scene.on_resize(app.size)
    verdicts = []
    monkeypatch.setattr(draw.tabletop, "meter", lambda *a: verdicts.append(a[-1].verdict))
    scene.draw(app.surface)
    assert scene.view.phase == "over" and verdicts == []


def test_a_picked_card_is_not_outlined_like_the_keyboard_focus() -> None:
    """After Enter picked a card, the card and the space the focus moved to wore the same amber
    outline: two things looked focused."""
    from ui_events import key

    from dungeon_table.games.lastdungeon.ui.draw import CHOSEN
    from dungeon_table.ui import theme

    app, scene = make_table(7)
    app.step([key(pygame.K_TAB), key(pygame.K_RETURN)])
    card = scene.renderer.picked
    assert card is not None and scene.ui.focus is not None
    picked = next(tg.rect for tg in scene.ui.targets if tg.pick and tg.action.card == card)
    app.draw()
    column = {tuple(app.surface.get_at((picked.centerx, y)))[:3]
              for y in range(picked.y - scene.th.px(1.2), picked.y + 1)}
    assert CHOSEN in column and theme.ACCENT not in column, column


def test_after_the_fight_the_meter_says_repelled_not_what_the_fight_will_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Choosing scout or crystallise, the meter still read "This fight repels it!": the fight
    was over, so it says that it repelled."""
    from dungeon_table.core.session import Session
    from dungeon_table.games.lastdungeon.ui import draw
    from dungeon_table.ui.i18n import t
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=0))
    session = Session.new("lastdungeon", ["human"], 7, {"difficulty": -20})  # every power 1
    scene = TableScene(app, session, ["human"], bot_delay_ms=0)
    app.push(scene)
    assert scene.act(0, scene.game.decode_action({"type": "play", "card": "d_goblin", "space": 1}))
    assert scene.act(0, scene.game.decode_action({"type": "fight"}))
    assert scene.view.phase == "repelled"
    verdicts = []
    monkeypatch.setattr(draw.tabletop, "meter", lambda *a: verdicts.append(a[-1].verdict))
    scene.draw(app.surface)
    assert verdicts == [t("ld.meter.repelled")]


def _riders(tween) -> int:  # noqa: ANN001
    """How many stacked cards a tween carries along (a Walk's riders, or its parts')."""
    from dungeon_table.ui.anim import Together, Walk

    if isinstance(tween, Walk):
        return len(tween.riders)
    if isinstance(tween, Together):
        return max((_riders(p) for p in tween.parts), default=0)
    return 0


def test_the_stacked_cards_stay_with_the_adventurer_while_it_walks() -> None:
    """While the adventurer walked (and while the fight before it played out) the cards stacked
    on it vanished: the walk hides the adventurer's place, stack and all. They ride along now."""
    from dungeon_table.core import registry
    from dungeon_table.core.session import Session
    from dungeon_table.games.lastdungeon import model as m
    from dungeon_table.ui.anim import Walk
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings
    from dungeon_table.ui.table import TableScene

    session = Session.new("lastdungeon", ["human"], 3)
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=1))
    scene = TableScene(app, session, ["human"])
    app.push(scene)
    bot = registry.get("lastdungeon").make_bot("best", 3)
    while True:  # play on to a lost fight against an adventurer that carries a stack already
        view, legal = session.game.view(0), session.game.legal_actions(0)
        action = bot.choose(view, legal)
        if isinstance(action, m.Fight) and view.adventurer.stack \
                and view.total_damage < view.adventurer.power:
            break
        scene.act(0, action)
        scene.anim.skip_all()
    before = len(view.adventurer.stack)
    scene.act(0, action)
    after = len(session.game.view(0).adventurer.stack)
    queue = list(scene.anim._queue)
    walk = next(i for i, tw in enumerate(queue) if isinstance(tw, Walk) and len(tw.path) > 1)
    assert _riders(queue[walk]) == after, "the whole stack walks with the adventurer"
    assert all(_riders(tw) >= before for tw in queue[:walk]), "and stays in view till then"
    surface = pygame.Surface((1280, 720))
    alone = pygame.Surface((1280, 720))
    queue[walk].draw(surface, 0.5)
    bare = Walk(image=queue[walk].image, path=queue[walk].path)
    bare.draw(alone, 0.5)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(alone, "RGB")


def test_piles_side_by_side_have_their_captions_on_one_baseline() -> None:
    """A full deck beside an empty or thin discard: the captions are placed from the piles'
    places, not lifted by however deep each pile is drawn."""
    from dungeon_table.ui import card_faces as cf
    from dungeon_table.ui import tabletop

    th = Theme.for_window((1280, 720))
    surface = pygame.Surface((1280, 720))
    face = cf.edge(80)
    deck = tabletop.labelled_pile(surface, pygame.Rect(100, 300, 80, 112), face, 58, "Deck 58",
                                  th, face)
    empty = tabletop.labelled_pile(surface, pygame.Rect(200, 300, 80, 112), None, 0,
                                   "Discard 0", th)
    one = tabletop.labelled_pile(surface, pygame.Rect(300, 300, 80, 112), face, 1, "Discard 1", th)
    assert deck.bottom == empty.bottom == one.bottom
    assert deck.bottom < 300 - cf.pile_depth(58, 80), "clear of the deck's depth"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_relic_cards_whole_text_fits_its_preview(lang: str) -> None:
    """The mend card's text lost its last line on the card shown large at 1280x720."""
    from dungeon_table.games.relic.ui.faces import RelicLooks
    from dungeon_table.ui import card_faces as cf

    i18n.set_language(lang)
    looks = RelicLooks()
    spec = looks.spec("char_medic_1")
    drawn: list[cf.BodyText] = []
    real = cf._draw_body
    try:
        cf._draw_body = lambda surf, text, rect: drawn.append(text) or real(surf, text, rect)
        for width in (103, 227, 283):
            cf._render_face(spec, width)
    finally:
        cf._draw_body = real
    assert all(text.fits for text in drawn), [text.lines for text in drawn]


def test_a_text_too_long_for_the_card_ends_in_an_ellipsis_not_mid_line() -> None:
    from dungeon_table.ui import card_faces as cf

    text = cf._fit_body("word " * 200, 140, pygame.Rect(0, 0, 120, 60))
    assert not text.fits and text.lines[-1].endswith("…")
    assert text.font is not None
    assert len(text.lines) * text.font.get_linesize() <= 60 + text.font.get_linesize()


def test_a_long_japanese_card_text_fits_the_card_shown_large() -> None:
    """Dungeon!'s magic sword lost its last lines in the preview: the emblem gives its room
    first, then the type shrinks (to no less than a legible size)."""
    from dungeon_table.ui import card_faces as cf

    body = ("2d6で10以上なら＋2、それ以外は＋1\n見付けた時にダイスを２つ振り、カードの数値以上なら"
            "＋２、それ以外は＋１。攻撃のダイスにボーナスを加える。\"－\"の怪物には１３以上で倒せる。"
            "使える剣は１本だけで、落としたら持っている別の剣が同じボーナスで代わる。ウィザードは使えない。")
    spec = cf.FaceSpec(title="魔法の剣", band=(74, 150, 84), glyph="star", band_label="レベル2",
                       corners=(cf.Corner("tr", "2", "level"),), body=body, footer="1,000 gp")
    drawn: list[cf.BodyText] = []
    real = cf._draw_body
    try:
        cf._draw_body = lambda surf, text, rect: drawn.append(text) or real(surf, text, rect)
        cf._render_face(spec, 268)
    finally:
        cf._draw_body = real
    assert drawn[0].fits and drawn[0].font is not None
    assert drawn[0].font.get_height() >= cf.BODY_MIN_PX
