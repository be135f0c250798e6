"""The relic table drawn from hand-made views: every phase draws in both languages and both
window sizes with 2-4 players, every legal action has a target, an enemy that may go to several
fields is picked first, nothing of another seat's hand is drawn, every event type has a log line
in both languages and tweens that finish, and every card of the deck has a name and a face."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pygame
import pytest

from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.faces import catalogue
from dungeon_table.games.relic.ui.table import RelicRenderer
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.renderer import Target, UiState

sys.path.insert(0, str(Path(__file__).parent))
from relic_views import CHARS, ENEMIES, HANDS, PHASES, STRONG, legal_for, make_view  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]


def renderer(size: tuple[int, int] = (1280, 720)) -> RelicRenderer:
    r = RelicRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


def draw(r: RelicRenderer, view: m.RelicView, legal: list[Action],
         targets: list[Target] | None = None, size: tuple[int, int] = (1280, 720),
         hidden: frozenset[str] = frozenset()) -> pygame.Surface:
    surface = pygame.Surface(size)
    ui = UiState(seat=view.seat, legal=legal, hidden=hidden,
                 targets=r.targets(view, legal) if targets is None else targets)
    r.draw(surface, view, ui)
    return surface


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phase", sorted(PHASES))
def test_every_phase_draws_and_every_legal_action_has_a_target(phase: str, lang: str,
                                                               size: tuple[int, int]) -> None:
    i18n.set_language(lang)
    view = PHASES[phase]()
    legal = legal_for(view)
    r = renderer(size)
    targets = r.targets(view, legal)
    draw(r, view, legal, targets, size)
    missing = [a for a in legal if not any(tg.leads_to(a) for tg in targets)]
    assert not missing, missing
    assert all(tg.action in legal for tg in targets), "every target is bound to a legal action"
    board = r.area
    assert board is not None
    assert all(board.contains(tg.rect) for tg in targets), "targets stay on the board"


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_every_dungeon_fits_in_its_area_and_the_cards_stay_readable(n: int,
                                                                     size: tuple[int, int]) -> None:
    view = make_view("dungeon", n=n)
    r = renderer(size)
    g = r.geo(view)
    for seat, sg in g.seats.items():
        rects = [sg.dungeon_rect(k) for k in range(9)]
        rects += sg.enemy_rects(len(view.players[seat].enemies))
        assert all(sg.area.contains(rect) for rect in rects), (seat, sg.area)
        assert sg.cw >= r.th.px(4), "a dungeon card is wide enough to tell what it is"
    areas = [sg.area for sg in g.seats.values()]
    assert not any(a.colliderect(b) for k, a in enumerate(areas) for b in areas[k + 1:])


def test_an_enemy_for_several_fields_is_picked_then_a_field_is_clicked() -> None:
    view = make_view("dungeon", n=3)
    legal = legal_for(view)
    r = renderer()
    enemy = HANDS[3]
    first = next(tg for tg in r.targets(view, legal) if tg.leads_to(
        m.SetEnemy(card=enemy, target=2)))
    assert first.pick is not None
    first.pick()
    actions = [tg.action for tg in r.targets(view, legal) if tg.pick is None]
    assert {m.SetEnemy(card=enemy, target=1), m.SetEnemy(card=enemy, target=2)} <= set(actions)
    assert r.cancel_pick() and r.picked is None


def test_two_players_set_an_enemy_with_one_click() -> None:
    view = make_view("dungeon")
    legal = legal_for(view)
    target = next(tg for tg in renderer().targets(view, legal)
                  if tg.action == m.SetEnemy(card=HANDS[3], target=1))
    assert target.pick is None


def test_another_seats_hand_is_never_drawn() -> None:
    """A seat's view holds only its own hand; the renderer draws none of another's cards even
    when a hand-made view holds them (a spectator sees no hand at all)."""
    drawn: list[str] = []
    r = renderer()
    for phase in ("dungeon", "spectator", "watching"):
        view = PHASES[phase]()
        draw(r, view, legal_for(view))
        drawn += [card for _rect, card in r.shown]
    spectator = PHASES["spectator"]()
    draw(r, spectator, [])
    public = {d.card for p in spectator.players for d in p.dungeon if not d.face_down}
    public |= {e.card for p in spectator.players for e in p.enemies} | set(spectator.discard)
    if spectator.battle is not None:
        public |= {spectator.battle.enemy, *spectator.battle.committed}
    assert {card for _rect, card in r.shown} <= public
    face_down = {d.card for p in spectator.players for d in p.dungeon if d.face_down}
    assert not face_down & {card for _rect, card in r.shown}, "searched depths lie face down"


def test_the_battle_shows_the_views_numbers() -> None:
    """The sums and the outcome are the view's, never worked out by the table."""
    view = make_view("battle", battle=msgspec.structs.replace(
        PHASES["battle"]().battle, bp=17, outcome="lost"))
    r = renderer((1920, 1080))
    legal = legal_for(view)
    draw(r, view, legal, size=(1920, 1080))
    assert view.battle is not None
    assert any(tg.action == m.Fight() for tg in r.targets(view, legal))
    assert i18n.t("relic.bp_ts", bp=17, ts=i18n.t("relic.ts.scissors")) == "17 BP Scissors"


def event_samples() -> list[m.Event]:
    enemy, char = ENEMIES[-1], CHARS[0]
    return [
        m.FirstPlayerDraw(cards=[char, STRONG], faces=[1, 6]),
        m.FirstPlayerDraw(cards=[char, ""], faces=[3, 0], round=2),
        m.FirstPlayer(seat=1), m.Drew(seat=0, card=HANDS[0], reason="deal"),
        m.Drew(seat=0, card=HANDS[1]), m.DrewHidden(seat=1, reason="double_draw"),
        m.TurnStarted(seat=0, turn=9), m.DrawSkipped(seat=0),
        m.SearchDeclined(seat=0, depth=1),
        m.Searched(seat=0, depth=1, card=CHARS[1], face=4, points=4, treasure="old_tome"),
        m.Searched(seat=1, depth=2, card=CHARS[1], face=0, points=0, treasure="", via="delve"),
        m.SearchForfeited(seat=0, depth=2), m.PhaseChosen(seat=0, phase="battle"),
        m.DungeonSet(seat=0, card=HANDS[2], count=6, depth=2),
        m.DungeonSet(seat=1, card=HANDS[6], count=8, depth=3, via="advance"),
        m.EnemySet(seat=0, card=HANDS[3], target=1), m.Committed(seat=0, card=STRONG),
        m.Withdrawn(seat=0, card=HANDS[0]), m.TsChosen(seat=0, ts="rock"),
        m.WildChosen(seat=0, card=HANDS[5], skill="pierce"),
        m.Fought(seat=0, enemy=enemy, owner=1, cards=[STRONG], ts="scissors", bp=9,
                 enemy_ts="paper", enemy_bp=4, outcome="won", skills=["pierce"]),
        m.Fought(seat=0, enemy=enemy, owner=1, cards=[STRONG], ts="rock", bp=2,
                 enemy_ts="paper", enemy_bp=4, outcome="lost"),
        m.Fought(seat=0, enemy=enemy, owner=1, cards=[HANDS[5]], ts="rock", bp=2,
                 enemy_ts="paper", enemy_bp=4, outcome="banished", skills=["banish"]),
        m.Discarded(seat=0, cards=[STRONG, HANDS[5]], reason="battle"),
        m.Discarded(seat=0, cards=[HANDS[4]], reason="mend"),
        m.SkillFired(seat=0, card=HANDS[0], skill="delve"),
        m.SkillPassed(seat=0, card=HANDS[0], skill="delve", reason="no_target"),
        m.TurnEnded(seat=0), m.GameEnded(reason="depth3", points=[12, 9]),
    ]


def test_every_event_type_has_a_sample() -> None:
    assert {type(e) for e in event_samples()} == set(m.EVENTS)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_logs_a_named_line_and_animates(lang: str) -> None:
    i18n.set_language(lang)
    r = renderer()
    before, after = make_view("battle"), make_view("dungeon")
    for event in event_samples():
        lines = r.log_lines([event], before, after)
        assert lines and all(lines), event
        assert not any("{" in line or "_" in line for line in lines), lines
        queue = AnimQueue()
        tweens = r.animations([event], before, after)
        assert tweens, event
        queue.extend(tweens)
        surface = pygame.Surface((1280, 720))
        for now in range(0, 5000, 100):
            queue.update(now)
            queue.draw(surface)
        assert not queue.busy, event


def test_every_card_has_a_name_and_a_face_in_both_languages() -> None:
    r = renderer()
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        for card in catalogue()[0]:
            assert r.looks.name(card) != card
            assert r.looks.name(card + "-b") == r.looks.name(card), "the second set's copy"
            assert r.looks.face(card, 120).get_width() == 120


def test_catalogues_have_the_same_keys() -> None:
    books = i18n.catalogs()
    en = {k for k in books["en"] if k.startswith("relic.")}
    ja = {k for k in books["ja"] if k.startswith("relic.")}
    assert en == ja, en ^ ja


def test_hooks_summary_decision_and_colours() -> None:
    view = make_view("battle")
    assert RelicRenderer.summary(view) == "Turn 9 · Red 9 · Blue 6", "whose points they are"
    assert RelicRenderer.seat_colours(view) == ["red", "blue"]
    r = renderer()
    key = r.decision_key(view)
    assert key is not None and i18n.has(key)
    assert r.banner_area(view) is not None
    assert r.preview(view, (-5, -5)) is None
    draw(r, view, legal_for(view))
    rect, card = r.shown.items[-1]
    image = r.preview(view, rect.center)
    assert image is not None and image.get_width() > rect.w


def test_hidden_cards_are_left_out_while_they_fly_in() -> None:
    view = make_view("dungeon")
    r = renderer()
    card = view.players[0].dungeon[-1].card
    draw(r, view, [], hidden=frozenset({f"card:{card}"}))
    assert card not in [c for _rect, c in r.shown]
