"""The relic table's finer points: a wild card's chosen skill from the rules to the card, its
preview and the log; a narrow score pile wraps a long enemy name; opponents' headers, dungeons and
hands at every size and player count."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgspec
import pygame
import pytest

from dungeon_table.core.session import Session
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui import draw as relic_draw
from dungeon_table.games.relic.ui import log
from dungeon_table.games.relic.ui.faces import RelicLooks, catalogue
from dungeon_table.games.relic.ui.table import RelicRenderer
from dungeon_table.ui import fonts, i18n, tabletop, theme
from dungeon_table.ui.renderer import UiState
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table import TableScene

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))
from relic.helpers import FIRST_SEAT_0, deal_order  # noqa: E402
from relic.rules_kit import FILL_0, FILL_1, act, battle, commit, hand_of, script  # noqa: E402
from relic_views import ENEMIES, PHASES, WILD, legal_for, make_view  # noqa: E402
from ui_events import key, key_up  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]


def renderer(size: tuple[int, int] = (1280, 720)) -> RelicRenderer:
    r = RelicRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


def draw(r: RelicRenderer, view: m.RelicView, size: tuple[int, int] = (1280, 720),
         names: list[str] | None = None) -> pygame.Surface:
    legal = legal_for(view)
    surface = pygame.Surface(size)
    ui = UiState(seat=view.seat, legal=legal, targets=r.targets(view, legal),
                 names=names or [])
    r.draw(surface, view, ui)
    return surface


class Labels:
    """Every text the table draws through ``label`` and ``pill``: (text, width, rect)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[tuple[str, int | None, pygame.Rect, str, bool]] = []
        real_label, real_pill = tabletop.label, tabletop.pill

        def label(surface: Any, s: str, role: str, colour: Any, scale: float,
                  bold: bool = False, width: int | None = None, **where: Any) -> pygame.Rect:
            rect = real_label(surface, s, role, colour, scale, bold, width, **where)
            self.drawn.append((s, width, rect, role, bold))
            return rect

        def pill(surface: Any, text: str, colour: Any, th: theme.Theme,
                 **where: Any) -> pygame.Rect:
            rect = real_pill(surface, text, colour, th, **where)
            self.drawn.append((text, None, rect, "small", True))
            return rect

        monkeypatch.setattr(relic_draw, "label", label)
        monkeypatch.setattr(relic_draw.tabletop, "pill", pill)

    def texts(self) -> list[str]:
        return [s for s, *_ in self.drawn]

    def cut(self, scale: float) -> list[str]:
        """Texts that had to shrink or lose letters to fit their width."""
        return [s for s, width, _rect, role, bold in self.drawn if width is not None
                and fonts.shrink_to_fit(s, role, max(1, width), scale, bold) != (s, role, scale)]


# --- a wild card's chosen skill ------------------------------------------------------------------
def test_the_engines_battle_view_carries_each_wild_cards_choice() -> None:
    game, _ = script([], hands=[hand_of(["char_prodigy_2", "char_lancer_1"], FILL_0), FILL_1])
    game.player(0).enemies.append(("enemy_colossus_1", 1))
    act(game, 0, battle("enemy_colossus_1"), commit("char_prodigy_2"), commit("char_lancer_1"))
    view = game.view(0).battle
    assert view is not None and view.wild == ["char_prodigy_2"] and view.wild_as == [""]
    act(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": "feint"})
    for seat in (0, 1, None):  # committed cards are played face up: every seat sees the choice
        seen = game.view(seat).battle
        assert seen is not None and seen.wild_as == ["feint"]
    act(game, 0, {"type": "wild_as", "card": "char_prodigy_2", "skill": ""})
    assert game.view(1).battle.wild_as == [""]


def wild_battle(skill: str) -> m.RelicView:
    view = PHASES["battle"]()
    assert view.battle is not None
    return msgspec.structs.replace(view, battle=msgspec.structs.replace(
        view.battle, wild=[WILD], wild_as=[skill]))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_labels_a_wild_card_with_its_chosen_skill(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(lang)
    looks = RelicLooks()
    badge = i18n.t("relic.wild.badge", skill=looks.skill_name("pierce"))
    labels = Labels(monkeypatch)
    r = renderer()
    draw(r, wild_battle(""))
    assert badge not in labels.texts(), "no choice yet: no badge"
    labels.drawn.clear()
    draw(r, wild_battle("pierce"))
    card = next(rect for rect, card in r.shown if card == WILD)
    tags = [rect for s, _w, rect, *_ in labels.drawn if s == badge]
    assert len(tags) == 1 and card.colliderect(tags[0]), "the badge lies on the wild card"
    plain = looks.face(WILD, round(r.geo(wild_battle("")).hand_cw * 2.2))
    shown = r.preview(wild_battle("pierce"), card.center)
    assert shown is not None and shown.get_size() == plain.get_size()
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(plain, "RGB"), \
        "the hover preview carries the badge too"


def test_the_log_says_what_a_wild_card_played_as() -> None:
    i18n.set_language("en")
    looks = RelicLooks()
    before = wild_battle("pierce")
    assert before.battle is not None
    fought = m.Fought(seat=0, enemy=before.battle.enemy, owner=1, cards=before.battle.committed,
                      ts="scissors", bp=9, enemy_ts="paper", enemy_bp=4, outcome="won",
                      skills=["pierce"])
    line = log.lines(looks, [fought], before, make_view("end"))[0]
    assert f"{looks.name(WILD)} as {looks.skill_name('pierce')}" in line
    unset = log.lines(looks, [m.WildChosen(seat=0, card=WILD, skill="")], before, before)[0]
    assert looks.name(WILD) in unset and not unset.endswith(" as .")


# --- the banish prompt ---------------------------------------------------------------------------
def banish_table(lang: str) -> tuple[App, TableScene]:
    """Seat 0 fights the bats (rock 2) with an exorcist and a captain (rock 8: a win) and has
    pressed fight: the exorcist's banish waits for a yes or no."""
    i18n.set_language(lang)
    hands = [hand_of(["char_exorcist_1", "char_captain_1"], FILL_0),
             hand_of(["enemy_bats_2"], FILL_1)]
    stack = {"first": FIRST_SEAT_0[:2],
             "deck": deal_order(hands, ["dungeon_well_1", "dungeon_well_2"])}
    session = Session.new("relic", ["human", "human"], 1, stack=stack)
    turns = [(0, [m.DungeonPhase(), m.SetDungeon(card="dungeon_mural_2"), m.EndPhase(),
                  m.EndTurn()]),
             (1, [m.DungeonPhase(), m.SetEnemy(card="enemy_bats_2", target=0), m.EndPhase(),
                  m.EndTurn()]),
             (0, [m.BattlePhase(enemy="enemy_bats_2"), m.Commit(card="char_exorcist_1"),
                  m.Commit(card="char_captain_1"), m.Fight()])]
    for seat, actions in turns:
        for action in actions:
            session.apply(seat, action)
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(lang=lang, anim_speed=0))
    scene = TableScene(app, session, ["human", "human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_banish_prompt_says_what_each_answer_does(lang: str) -> None:
    _app, scene = banish_table(lang)
    view = scene.game.view(0)
    assert view.prompt is not None and view.prompt.kind == "banish"
    assert view.battle is not None, "the battle stays in the panel while the banish is asked"
    r = scene.renderer
    buttons = {type(a): (caption, primary) for a, caption, primary in r.buttons(view, scene.ui.legal)}
    win = i18n.t("relic.outcome.won")
    assert buttons[m.UseSkill] == (i18n.t("relic.button.banish"), False)
    assert buttons[m.SkipSkill] == (i18n.t("relic.button.fight_on", outcome=win), True)
    text = relic_draw.prompt_text(r, view, scene.ui)
    assert r.looks.name("enemy_bats_2") in text and win in text


@pytest.mark.parametrize(("answer", "outcome"), [(m.UseSkill(), "banished"),
                                                 (m.SkipSkill(), "won")])
def test_the_banish_is_answered_from_the_keyboard(answer: m.Action, outcome: str) -> None:
    app, scene = banish_table("en")
    for _ in range(len(scene.ui.targets) + 1):
        focus = scene.ui.focus
        if focus is not None and scene.ui.targets[focus].action == answer:
            break
        app.step([key(pygame.K_TAB)])
    app.step([key(pygame.K_RETURN)])
    player = scene.game.player(0)
    assert scene.game.phase == "end" and not player.enemies
    assert player.defeated == (["enemy_bats_2"] if outcome == "won" else [])
    assert ("enemy_bats_2" in scene.game.state.discard) == (outcome == "banished")


def test_in_the_end_phase_the_focus_starts_on_end_turn_and_enter_ends_it() -> None:
    # the play-test's fault: Enter did nothing and Tab went to a hand card first
    app, scene = banish_table("en")
    answer = next(i for i, t in enumerate(scene.ui.targets) if t.action == m.SkipSkill())
    scene.ui.focus = answer
    app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])
    assert scene.game.phase == "end"
    focus = scene.ui.focus
    assert focus is not None and scene.ui.targets[focus].action == m.EndTurn()
    turn = scene.game.view(0).turn
    app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])
    assert scene.game.view(None).turn == turn + 1


# --- a discard skill with nothing in the hand to act on ----------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_mend_with_no_injury_in_hand_says_so_and_done_is_the_answer(lang: str) -> None:
    """The engine asks even then (the other seats must not learn the hand holds no injury): the
    prompt says there is nothing to discard, and Done stands out where the focus starts."""
    i18n.set_language(lang)
    hands = [hand_of(["char_medic_1", "dungeon_gate_1"], ["enemy_boulder_2", "enemy_colossus_2",
                                                          "enemy_blades_1", "char_captain_1"]),
             FILL_1]
    session = Session.new("relic", ["human", "human"], 1,
                          stack={"first": FIRST_SEAT_0[:2], "deck": deal_order(hands)})
    for action in (m.DungeonPhase(), m.SetDungeon(card="dungeon_gate_1"), m.EndPhase(),
                   m.Discard(card="char_medic_1")):
        session.apply(0, action)
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(lang=lang, anim_speed=0))
    scene = TableScene(app, session, ["human", "human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    view, r = scene.game.view(0), scene.renderer
    assert scene.ui.legal == [m.Done()]
    assert relic_draw.prompt_text(r, view, scene.ui) == i18n.t(
        "relic.prompt.mend_none", skill=r.looks.skill_name("mend"))
    focus = scene.ui.focus
    assert focus is not None and scene.ui.targets[focus].action == m.Done()
    app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])
    assert scene.game.phase == "end"


# --- the score pile ----------------------------------------------------------------------------
def long_named_enemy() -> str:
    looks = RelicLooks()
    return max(ENEMIES, key=lambda c: len(looks.name(c)))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_narrow_score_pile_wraps_a_long_enemy_name_instead_of_cutting_it(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(lang)
    looks = RelicLooks()
    enemy = long_named_enemy()
    view = make_view("play", n=4)
    players = list(view.players)
    players[1] = msgspec.structs.replace(players[1], defeated=[enemy], treasures=[])
    view = msgspec.structs.replace(view, players=players)
    r = renderer()
    pile = r.geo(view).seats[1].score
    line = i18n.t("relic.defeated_line", name=looks.name(enemy),
                  n=catalogue()[0][enemy].level)
    assert fonts.font("small", r.th.scale).size(line)[0] > pile.w * 0.9, \
        "the pile is narrower than the line: it must wrap"
    labels = Labels(monkeypatch)
    draw(r, view)
    inside = [(s, w) for s, w, rect, *_ in labels.drawn if pile.contains(rect)]
    joined = "".join(s for s, _w in inside).replace(" ", "")
    assert line.replace(" ", "") in joined, "the whole name is there, over several lines"
    cut = [s for s in labels.cut(r.th.scale) if s in {text for text, _w in inside}]
    assert not cut, f"lines in the pile cut to fit: {cut}"


# --- the seats' areas ----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_seats_header_shows_its_whole_name(n: int, size: tuple[int, int], lang: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(lang)
    names = [("Player {}" if lang == "en" else "プレイヤー{}").format(k + 1) for k in range(n)]
    view = make_view("dungeon", n=n)
    r = renderer(size)
    labels = Labels(monkeypatch)
    draw(r, view, size, names)
    headers = [relic_draw.header_name(view, UiState(seat=0, names=names), s) for s in range(n)]
    drawn = [s for s, *_ in labels.drawn]
    assert all(any(h in s for s in drawn) for h in headers), (headers, drawn)
    cut = [s for s in labels.cut(r.th.scale) if any(h in s for h in headers)]
    assert not cut, f"a seat's name cut to fit its header: {cut}"


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_each_dungeon_cards_name_tag_stays_visible_and_inside_its_depth(
        n: int, size: tuple[int, int]) -> None:
    view = make_view("dungeon", n=n)
    r = renderer(size)
    for seat, sg in r.geo(view).seats.items():
        assert sg.tag_h >= r.th.px(1), "every dungeon card gets its name tag"
        rects = [sg.dungeon_rect(k) for k in range(9)]
        for k, rect in enumerate(rects):
            assert sg.depths[k // 3].contains(rect), (seat, k, "a card leaves its depth")
            tag = pygame.Rect(rect.x, rect.y, rect.w, sg.tag_h)
            later = [other for other in rects[k + 1:] if other.colliderect(tag)]
            assert not later, (seat, k, "a later card covers the name tag")
        if sg.stacked:  # the rows overlap on purpose, each leaving its tags' strip
            continue
        groups = [rects[d * 3].unionall(rects[d * 3:d * 3 + 3]) for d in range(3)]
        assert not any(a.colliderect(b) for d, a in enumerate(groups) for b in groups[d + 1:])


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_another_seats_hand_is_a_fan_of_backs_with_its_count(
        n: int, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("en")
    view = make_view("dungeon", n=n)
    r = renderer(size)
    labels = Labels(monkeypatch)
    draw(r, view, size)
    for seat, sg in r.geo(view).seats.items():
        if seat == r.bottom(view):
            assert sg.hand is None
            continue
        assert sg.hand is not None and sg.area.contains(sg.hand)
        count = view.players[seat].hand_count
        fan = relic_draw.other_hand_rects(sg.hand, count, r.th)
        assert len(fan) == min(count, 9) and all(sg.area.contains(rect) for rect in fan)
        assert fan[0].w >= r.th.px(5), "backs big enough to read as cards"
        assert fan[-1].x - fan[0].x >= fan[0].w, "fanned out, not a pile"
        tag = next(rect for s, _w, rect, *_ in labels.drawn
                   if s == i18n.t("relic.hand_count", n=count) and sg.hand.colliderect(rect))
        assert tag.colliderect(fan[0].unionall(fan)), "the count lies on the fan"


def test_two_wild_cards_choices_sit_under_their_names(monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("en")
    looks = RelicLooks()
    other = WILD + "-b"
    view = wild_battle("feint")
    assert view.battle is not None
    view = msgspec.structs.replace(view, battle=msgspec.structs.replace(
        view.battle, committed=[*view.battle.committed, other], wild=[WILD, other],
        wild_as=["feint", ""]))
    legal = [a for a in legal_for(view) if not isinstance(a, m.WildAs)]
    legal += [m.WildAs(card=c, skill=s) for c in (WILD, other)
              for s in ("", "banish", "feint", "pierce")]
    r = renderer((1920, 1080))
    labels = Labels(monkeypatch)
    surface = pygame.Surface((1920, 1080))
    r.draw(surface, view, UiState(seat=0, legal=legal, targets=r.targets(view, legal)))
    bg = r.battle_geo(view)
    assert [card for _row, card in bg.wild_rows] == [WILD, other]
    heads = [rect for s, _w, rect, *_ in labels.drawn
             if s == i18n.t("relic.wild.label", card=looks.name(WILD))]
    assert len(heads) == 2, "each wild card's row is named"
    for (row, card), chips in zip(bg.wild_rows, (bg.wild[:4], bg.wild[4:]), strict=True):
        assert all(chip.y >= row.bottom for chip in chips), card
    assert bg.wild[4].y > bg.wild[0].y, "the second card's chips on a row of their own"


def test_the_score_pile_names_each_treasure(monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("en")
    labels = Labels(monkeypatch)
    view = make_view("play")
    draw(renderer((1920, 1080)), view, (1920, 1080))
    name = RelicLooks().treasure_name("old_tome")
    assert any(name in s for s in labels.texts()), "the treasure's name is in the pile"


@pytest.mark.parametrize("n", [2, 4])
def test_no_empty_outline_is_drawn_across_a_card(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, pygame.Rect]] = []
    real_place, real_blit = tabletop.empty_place, relic_draw.cf.blit_card
    monkeypatch.setattr(relic_draw.tabletop, "empty_place",
                        lambda surface, rect, th: (drawn.append(("outline", rect)),
                                                   real_place(surface, rect, th)))
    monkeypatch.setattr(relic_draw.cf, "blit_card",
                        lambda surface, image, rect, lifted=False: (
                            drawn.append(("card", rect)), real_blit(surface, image, rect, lifted)))
    view = make_view("dungeon", n=n)
    draw(renderer(), view)
    for k, (kind, rect) in enumerate(drawn):
        if kind == "outline":
            under = [card for what, card in drawn[:k] if what == "card" and card.colliderect(rect)]
            assert not under, (rect, under)


def test_the_status_names_every_round_of_the_first_player_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("en")
    cards = [c.id for c in catalogue()[0].values()]
    rounds = [[cards[0], cards[1], cards[2]], ["", cards[3], cards[4]]]
    view = msgspec.structs.replace(make_view("play", n=3), turn=1, first_draw=rounds)
    labels = Labels(monkeypatch)
    draw(renderer((1920, 1080)), view, (1920, 1080))
    text = " ".join(labels.texts())
    looks = RelicLooks()
    assert looks.name(cards[0]) in text, "the first round, where Red was out-drawn"
    assert i18n.t("relic.first_draw.redraw", draws="").strip() in text
