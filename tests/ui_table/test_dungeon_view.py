"""The Dungeon! table drawn from real games: nothing is drawn that the seat's view does not hold
(another wizard's spells, a scried card); the events of played games are one line each and
tweens that draw; zoom and pan never lose the board. (Every legal action's target and every
event type's line, for every game: ``test_renderer_all_games.py``.)"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pygame
import pytest

import dungeon_table.games.dungeon  # noqa: F401 - registers the game
from dungeon_table.core import registry
from dungeon_table.core.protocol import Action
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.ui import faces, log
from dungeon_table.games.dungeon.ui.table import DungeonRenderer
from dungeon_table.ui import i18n, theme
from dungeon_table.ui.renderer import Target, UiState

SIZES = [(1280, 720), (1920, 1080)]


def renderer(size: tuple[int, int] = (1280, 720)) -> DungeonRenderer:
    r = DungeonRenderer(None)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), theme.Theme.for_window(size))
    return r


def draw(r: DungeonRenderer, view: m.DungeonView, legal: list[Action],
         size: tuple[int, int] = (1280, 720)) -> tuple[pygame.Surface, list[Target]]:
    targets = r.targets(view, legal)
    surface = pygame.Surface(size)
    ui = UiState(seat=view.seat, legal=legal, targets=targets, hover=0 if targets else None,
                 names=[f"Player {k + 1}" for k in range(view.n_players)], clock_seconds=61.0)
    r.draw(surface, view, ui)
    return surface, targets


def states(n: int, mode: str, seed: int, steps: int, every: int) -> list[tuple[Any, int]]:
    """Views and legal actions of the seat to act, every ``every`` actions of a random game."""
    game = registry.new_game("dungeon", ["human"] * n, seed, {"mode": mode})
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    for step in range(steps):
        to_act = game.to_act()
        if not to_act:
            break
        seat = to_act[0]
        legal = game.legal_actions(seat)
        if step % every == 0 or len({type(a) for a in legal}) > 2:
            found.append((game.view(seat), legal))
        game.apply(seat, rng.choice(legal))
    return found


def test_the_crystal_ball_switch_turns_the_board_into_scry_targets() -> None:
    r = renderer()
    view = m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=1,
                         round=1, to_act=[0], heroes=[hero(0, "fighter", "hall")],
                         defeat_tokens={}, slots=[], decks=[], scry_targets=["1a", "1b"])
    legal: list[Action] = [m.Scry(space="1a"), m.Scry(space="1b"), m.EndTurn()]
    targets = r.targets(view, legal)
    switch = [tg for tg in targets if tg.pick is not None]
    assert len(switch) == 1 and set(switch[0].covers) == {m.Scry(space="1a"), m.Scry(space="1b")}
    assert not [tg for tg in targets if tg.pick is None and isinstance(tg.action, m.Scry)]
    switch[0].pick()
    on = r.targets(view, legal)
    assert {tg.action for tg in on if tg.pick is None} >= {m.Scry(space="1a"),
                                                           m.Scry(space="1b")}
    assert r.cancel_pick() and not r.cancel_pick()


def hero(seat: int, cls: str, space: str, **kw: Any) -> m.HeroView:
    base: dict[str, Any] = {"treasures": [], "gp": 0, "target": 10000, "sword": "",
                            "sword_bonus": 0, "lose_turns": 0, "spell_count": 0,
                            "spellbook_size": 0, "spells": [], "found_doors": [],
                            "secret_door_card": False, "deaths": 0}
    base.update(kw)
    return m.HeroView(seat=seat, hero=cls, pawn=f"{cls}-1", space=space, **base)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nothing_is_drawn_that_the_view_does_not_hold(lang: str, monkeypatch: Any) -> None:
    """Every card face drawn is one the view names; another wizard's spells and a face-down
    slot stay hidden (their backs and counts only)."""
    i18n.set_language(lang)
    drawn: list[str] = []
    real_face = faces.face

    def spy(card: str, width: int, hero_: str = "") -> pygame.Surface:
        drawn.append(card)
        return real_face(card, width, hero_)

    monkeypatch.setattr(faces, "face", spy)
    for view, legal in states(2, "race", seed=5, steps=400, every=5):
        drawn.clear()
        draw(renderer(), view, legal)
        held = view_held_cards(view)
        assert set(drawn) <= held, set(drawn) - held
        assert all(not other.spells for other in view.heroes if other.seat != view.seat)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_another_wizard_s_wish_list_never_reaches_the_screen(lang: str) -> None:
    """Two games that differ only in seat 0's wish list look the same, pixel for pixel, to the
    other wizard (writing its own), to the fighter and to a spectator."""
    i18n.set_language(lang)
    games = []
    for spells in (["fireball"] * 5, ["teleport", "lightning", "teleport", "fireball", "teleport"]):
        game = registry.new_game("dungeon", ["human"] * 3, 4, {"heroes": "wizard,fighter,wizard"})
        for spell in spells:
            game.apply(0, m.WishSpell(spell=spell))
        games.append(game)

    def screen(game: Any, seat: int | None) -> bytes:
        legal = game.legal_actions(seat) if seat is not None else []
        return pygame.image.tobytes(draw(renderer(), game.view(seat), legal)[0], "RGB")

    for seat in (2, 1, None):
        assert screen(games[0], seat) == screen(games[1], seat), seat
    assert screen(games[0], 0) != screen(games[1], 0)  # its own list it sees


def view_held_cards(view: m.DungeonView) -> set[str]:
    held: set[str] = set()
    for h in view.heroes:
        held.update(h.treasures)
    for slot in view.slots:
        held.update(c for c in (slot.monster, slot.treasure, *slot.dropped) if c)
    for part in (view.encounter, view.doorway):
        if part is not None:
            held.add(part.card)
    held.update(h.card for h in view.hunters if h.card)
    return held


def test_another_wizards_spells_are_a_count_only() -> None:
    from dungeon_table.games.dungeon.ui.panels import spells_text

    mine = hero(0, "wizard", "hall", spells=["fireball", "fireball", "teleport"], spell_count=3,
                spellbook_size=9)
    theirs = hero(1, "wizard", "hall", spells=[], spell_count=3, spellbook_size=9)
    assert "2" in spells_text(mine) and i18n.t("dungeon.spell_short.teleport", n=1) in \
        spells_text(mine)
    assert spells_text(theirs) == i18n.t("dungeon.panel.spells", n=3, size=9)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_of_played_games_is_one_line_and_animates(lang: str) -> None:
    """Each event one line (a turn's start: its heading, in its place); every mode's events met.
    That every type has a line in both catalogues: ``test_renderer_all_games.py``."""
    i18n.set_language(lang)
    seen: set[str] = set()
    r = renderer()
    for n, mode, viewer in [(1, "hunter", 0), (1, "treasure_hunt", 0), (3, "race", None),
                            (2, "race", 1)]:
        game = registry.new_game("dungeon", ["human"] * n, 11 + n, {"mode": mode})
        rng = random.Random(n)
        before = game.view(viewer)
        for _ in range(1500):
            if not game.to_act():
                break
            seat = game.to_act()[0]
            events = game.apply(seat, rng.choice(game.legal_actions(seat)))
            after = game.view(viewer)
            seen_events = [e for e in events if e.visible_to(viewer)]
            lines = log.lines(seen_events, before, after)
            assert len(lines) == len(seen_events)
            assert not [ln for ln in lines if "{" in ln or "dungeon." in ln], lines
            tweens = r.animations(seen_events, before, after)
            for tween in tweens:
                for t in (0.0, 0.3, 0.7, 1.0):
                    tween.draw(pygame.Surface((1280, 720)), t)
            seen.update(type(e).__struct_config__.tag for e in seen_events)
            before = after
    assert {"moved", "attack_rolled", "counter_attack", "treasure_gained", "turn_ended",
            "pushed_back", "hero_killed", "monster_slotted"} <= seen


def test_zoom_and_pan_keep_the_board_on_screen() -> None:
    r = renderer((1920, 1080))
    cam = r.camera
    vp = r.geo.viewport
    assert vp.contains(cam.board_rect())
    rng = random.Random(3)
    for _ in range(300):
        if rng.random() < 0.4:
            cam.zoom_at(rng.choice([1.25, 0.8, 2.0, 0.5]),
                        (rng.randint(vp.x, vp.right), rng.randint(vp.y, vp.bottom)))
        else:
            cam.pan(rng.randint(-3000, 3000), rng.randint(-3000, 3000))
        board = cam.board_rect()
        shown = board.clip(vp)
        # a board wider (taller) than the window covers it; a smaller one lies wholly inside
        assert shown.w == min(vp.w, board.w) and shown.h == min(vp.h, board.h)
        assert 1.0 <= cam.zoom <= 5.0
    cam.fit()
    assert vp.contains(cam.board_rect())


def test_the_wheel_zooms_about_the_pointer_and_the_keys_zoom_and_fit() -> None:
    r = renderer((1920, 1080))
    vp = r.geo.viewport
    pos = (vp.x + vp.w // 3, vp.y + vp.h // 3)
    under = r.camera.to_board(pos)
    pygame.mouse.set_pos(pos)
    r.camera.zoom_at(1.25 ** 2, pos)
    after = r.camera.to_board(pos)
    assert abs(after[0] - under[0]) < 0.1 and abs(after[1] - under[1]) < 0.1
    assert r.key(pygame.K_MINUS, "-") is True
    assert r.key(0, "0") is True and r.camera.zoom == 1.0
    assert r.key(pygame.K_F1, "") is None


def test_summary_and_seat_colours() -> None:
    view = m.DungeonView(seat=None, n_players=2, mode="race", phase="move", active=0, turn=3,
                         round=2, to_act=[0], heroes=[hero(0, "rogue", "hall", gp=1500),
                                                      hero(1, "wizard", "1a")],
                         defeat_tokens={}, slots=[], decks=[])
    assert "1,500" in DungeonRenderer.summary(view)
    assert DungeonRenderer.seat_colours(view) == ["green", "purple"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_header_counts_the_turns_the_log_headings_count(lang: str) -> None:
    """「ラウンド18」 stood over a log whose last heading said 「ターン14」: two counts, two words."""
    i18n.set_language(lang)
    view = m.DungeonView(seat=0, n_players=2, mode="race", phase="move", active=1, turn=14,
                         round=7, to_act=[1], heroes=[hero(0, "rogue", "hall"),
                                                      hero(1, "wizard", "1a")],
                         defeat_tokens={}, slots=[], decks=[])
    heading = log.lines([m.TurnStarted(seat=1, turn=14)], None, view)[0]
    number = heading.split("·")[0].split("・")[0].strip()
    assert number in log.mode_line(view) and number in DungeonRenderer.summary(view), (number, heading)
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_has_its_name_and_a_face_in_both_languages(lang: str) -> None:
    i18n.set_language(lang)
    cards = faces.catalogue()
    assert len([c for c in cards.values() if c.kind != "treasure"]) >= 20
    assert len([c for c in cards.values() if c.kind == "treasure"]) >= 20
    for card in cards.values():
        assert faces.name(card.id) == card.name[lang], card.id
        image = faces.face(f"{card.id}~2", 120, "fighter")
        assert image.get_width() == 120
    traps = [c for c in cards.values() if c.kind == "trap"]
    assert {c.trap for c in traps} == {"cage", "pit"}


def test_a_hovered_card_is_previewed_large() -> None:
    r = renderer((1920, 1080))
    view, legal = next((v, lg) for v, lg in states(2, "race", seed=9, steps=300, every=1)
                       if v.encounter is not None)
    draw(r, view, legal, (1920, 1080))
    rect, card = next((rect, card) for rect, card in r.shown if card == view.encounter.card)
    image = r.preview(view, rect.center)
    assert image is not None and image.get_width() > rect.w * 1.5
    assert r.preview(view, (1, 1)) is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_and_the_result_lines_are_written(lang: str) -> None:
    book = i18n.catalogs()[lang]
    assert len(book["rules.dungeon.body"]) > 1500
    for reason in ("returned", "found", "killed_twice", "out_of_reach", "hunted", "time_up",
                   "round_limit"):
        assert f"dungeon.result.{reason}" in book


def test_the_board_is_rendered_once_per_zoom_not_per_frame(monkeypatch: Any) -> None:
    from dungeon_table.games.dungeon.ui import board_art

    rendered: list[int] = []
    real = board_art.render_board

    def counting(board: Any, cell: int) -> pygame.Surface:
        rendered.append(cell)
        return real(board, cell)

    monkeypatch.setattr(board_art, "render_board", counting)
    r = renderer((1920, 1080))
    view, legal = states(4, "race", seed=3, steps=40, every=40)[0]
    for _ in range(5):
        draw(r, view, legal, (1920, 1080))
    assert len(rendered) == 1
    r.camera.zoom_at(2.0, r.geo.viewport.center)
    for _ in range(3):
        draw(r, view, legal, (1920, 1080))
    r.camera.fit()
    draw(r, view, legal, (1920, 1080))
    assert len(rendered) == 2, "each zoom's board is kept"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_game_has_its_summary_line(lang: str) -> None:
    i18n.set_language(lang)
    game = registry.new_game("dungeon", ["human"], 3, {"mode": "hunter"})
    rng = random.Random(3)
    while game.to_act():
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    result = game.result()
    assert result is not None
    line = DungeonRenderer.summary(game.view(None), result)
    assert line and "{" not in line and "dungeon." not in line
    assert i18n.has(result.outcome, lang)


def test_the_time_attack_clock_counts_down_and_turns_red_under_five_minutes() -> None:
    view, legal = states(1, "time_attack", seed=2, steps=10, every=10)[0]
    assert view.time_limit > 300
    r = renderer((1920, 1080))

    def clock_reds(seconds: float) -> int:
        surface = pygame.Surface((1920, 1080))
        r.draw(surface, view, UiState(seat=view.seat, legal=legal, targets=r.targets(view, legal),
                                      clock_seconds=seconds))
        vp = r.geo.viewport
        corner = surface.subsurface(pygame.Rect(vp.right - 200, vp.y, 200, 80))
        return sum(1 for x in range(0, 200, 2) for y in range(0, 80, 2)
                   if corner.get_at((x, y))[:3] == theme.DANGER)

    assert clock_reds(0) == 0
    assert clock_reds(view.time_limit - 120) > 20


def test_a_zoomed_board_brings_the_hero_to_decide_into_sight() -> None:
    r = renderer((1920, 1080))
    view, legal = next((v, lg) for v, lg in states(1, "race", seed=4, steps=200, every=1)
                       if v.phase == "move" and v.heroes[0].space != "hall")
    space = r.board.spaces[view.heroes[0].space]
    r.camera.zoom_at(3.0, r.geo.viewport.center)
    away_x = -10_000 if space.centre[0] < r.board.width / 2 else 10_000
    away_y = -10_000 if space.centre[1] < r.board.height / 2 else 10_000
    r.camera.pan(away_x, away_y)  # the far corner of the board in sight
    assert not r.geo.viewport.collidepoint(r.camera.to_screen(*space.centre))
    r.targets(view, legal)
    assert r.geo.viewport.collidepoint(r.camera.to_screen(*space.centre))
    r.camera.pan(away_x, away_y)  # the player pans away on purpose: the targets follow, not it
    r.targets(view, legal)
    assert not r.geo.viewport.collidepoint(r.camera.to_screen(*space.centre))


def test_no_board_target_lies_under_a_zoom_button() -> None:
    r = renderer((1280, 720))
    view, legal = next((v, lg) for v, lg in states(2, "race", seed=8, steps=200, every=1)
                       if len(v.moves) > 6)
    for zoom in (1.0, 2.0, 3.0):
        r.camera.fit()
        r.camera.zoom_at(zoom, r.geo.zoom_buttons[0].center)
        for target in r.targets(view, legal):
            assert not any(target.rect.colliderect(b) for b in r.geo.zoom_buttons)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_killed_heros_turn_ends_without_a_space(lang: str) -> None:
    i18n.set_language(lang)
    view = m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=3,
                         round=3, to_act=[0], heroes=[hero(0, "cleric", "")], defeat_tokens={},
                         slots=[], decks=[])
    line = log.line_for(m.TurnEnded(seat=0, space=""), view)
    assert line == i18n.t("dungeon.log.turn_ended_off", who=log.who(view, 0))
    assert line != log.line_for(m.TurnEnded(seat=0, space="1a"), view)


def waiting_view(hunter: int = 0) -> tuple[m.DungeonView, list[Action]]:
    waiting = m.EncounterView(space="c30-25", card="goblins", source="slot", slot=1, need=3,
                              bonus=0, chance=0.97, hunter=hunter)
    view = m.DungeonView(seat=0, n_players=1, mode="hunter" if hunter else "race", phase="move",
                         active=0, turn=4, round=4, to_act=[0],
                         heroes=[hero(0, "fighter", "c30-25")], defeat_tokens={}, slots=[],
                         decks=[], moves_left=5, moves={"c29-25": ["c29-25"]}, waiting=waiting)
    return view, [m.Attack(), m.Move(path=("c29-25",)), m.EndTurn()]


@pytest.mark.parametrize("hunter", [0, 1])
def test_a_monster_waiting_at_the_turns_start_is_shown_with_its_odds(
        hunter: int, monkeypatch: Any) -> None:
    """Attack or walk away: the panel shows the card faced and the chance, not just the moves."""
    from dungeon_table.games.dungeon.ui import decide

    said: list[str] = []
    real = decide.info_lines

    def spy(r: Any, surface: Any, area: Any, rows: list[Any]) -> None:
        said.extend(text for text, _colour, _role in rows)
        real(r, surface, area, rows)

    monkeypatch.setattr(decide, "info_lines", spy)
    view, legal = waiting_view(hunter)
    r = renderer()
    draw(r, view, legal)
    assert any(card == "goblins" for _rect, card in r.shown)
    key = "dungeon.enc.waiting_hunter" if hunter else "dungeon.enc.waiting"
    assert i18n.t(key, n=hunter) in said
    assert "97%" in said and i18n.t("dungeon.moves_left", n=5) in said


def test_a_space_both_walked_to_and_teleported_to_is_a_walk_on_the_board() -> None:
    view = m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=2,
                         round=2, to_act=[0], heroes=[hero(0, "wizard", "c25-23")],
                         defeat_tokens={}, slots=[], decks=[], moves_left=5,
                         moves={"1A": ["c25-22", "1A"]})
    walk = m.Move(path=("c25-22", "1A"))
    legal: list[Action] = [walk, m.Teleport(to="1A"), m.Teleport(to="3A"), m.EndTurn()]
    r = renderer()
    targets = r.targets(view, legal)
    spot = r.space_rect("1A")
    assert spot is not None
    on_1a = [tg for tg in targets if tg.rect.colliderect(spot) and r.geo.viewport.contains(tg.rect)]
    assert [tg.action for tg in on_1a] == [walk]
    assert any(tg.action == m.Teleport(to="1A") for tg in targets), "it keeps its button"


@pytest.mark.parametrize("size", SIZES)
def test_the_board_window_holds_the_board_key_and_buttons_and_the_rail_takes_the_rest(
        size: tuple[int, int]) -> None:
    """No band of empty felt under the board: the slots' cards grow into it instead."""
    from dungeon_table.ui.table_parts import side_column

    th = theme.Theme.for_window(size)
    r = DungeonRenderer(None)
    r.layout(pygame.Rect(0, 0, side_column(size, th).x - th.px(1), size[1]), th)
    vp, board = r.geo.viewport, r.camera.board_rect()
    assert vp.contains(board)
    assert board.y - vp.y >= 2 * r.camera.cell, "the level key's rows above the board"
    assert not any(b.colliderect(board) for b in r.geo.zoom_buttons)
    assert vp.bottom - board.bottom <= th.px(12)
    assert r.geo.card_w >= th.px(12)
    assert r.geo.rail.bottom <= size[1] and r.geo.rail.y > vp.bottom


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_panel_title_too_long_for_the_class_moves_it_to_its_own_line(lang: str) -> None:
    from dungeon_table.games.dungeon.ui.panels import panel_title
    from dungeon_table.ui import fonts

    i18n.set_language(lang)
    fighter = hero(0, "fighter", "hall")
    wide, line = panel_title("Player 1", fighter, 1000, 1.0)
    assert line == "" and faces.hero_name("fighter") in wide
    narrow, line = panel_title("Player 1", fighter, 90, 1.0)
    assert narrow == "Player 1" and faces.hero_name("fighter") in line
    width = fonts.font("small", 1.0, True).size(wide)[0]
    assert panel_title("Player 1", fighter, width, 1.0) == (wide, "")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_many_teleport_buttons_name_their_chamber_whole(lang: str) -> None:
    """Two columns of teleports at 1280x720: a caption too long for its button names the
    chamber by its id rather than being cut."""
    from dungeon_table.games.dungeon.ui.decide import choice_rects, choices
    from dungeon_table.ui import fonts

    i18n.set_language(lang)
    view = m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=2,
                         round=2, to_act=[0], heroes=[hero(0, "wizard", "3A")],
                         defeat_tokens={}, slots=[], decks=[], moves_left=5)
    legal: list[Action] = [m.Teleport(to=c) for c in ("3B", "4A", "4B", "1A", "2B")]
    legal += [m.Attack(), m.EndTurn()]
    r = renderer()
    listed = choices(r, view, legal)
    rects = choice_rects(r, view, len(listed))
    for choice, rect in zip(listed, rects, strict=True):
        shown = fonts.shrink_to_fit(choice.caption, "body", rect.w - r.th.px(2), r.th.scale,
                                    choice.primary)[0]
        assert shown == choice.caption, choice.caption


def test_hunters_have_their_cards_at_the_rails_end() -> None:
    hunters = [m.HunterView(hunter=1, space="c30-25", card="blue_dragon", path=[]),
               m.HunterView(hunter=2, space="c10-3", card="", path=["c10-4"])]
    slots = [m.SlotView(slot=k, space="1a", monster="goblins", face_down=False)
             for k in range(1, 7)]
    view = m.DungeonView(seat=0, n_players=1, mode="hunter", phase="move", active=0, turn=2,
                         round=2, to_act=[0], heroes=[hero(0, "fighter", "hall")],
                         defeat_tokens={}, slots=slots, decks=[], hunters=hunters)
    from dungeon_table.games.dungeon.ui.panels import hunter_rects, slot_rects

    r = renderer()
    draw(r, view, [m.EndTurn()])
    ends = hunter_rects(r, view)
    assert len(ends) == 2 and all(r.geo.rail.contains(rect) for rect in ends)
    assert max(rect.right for rect in slot_rects(r, view)) < ends[0].x
    shown = [card for _rect, card in r.shown]
    assert "blue_dragon" in shown, "a hunter that has attacked shows its monster"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tall_chambers_japanese_name_stands_upright(lang: str, monkeypatch: Any) -> None:
    """English along a tall chamber is turned to read upwards; Japanese is written down it,
    each character upright (no name of the board has a long-vowel bar to turn)."""
    from dungeon_table.games.dungeon.ui import board_art

    i18n.set_language(lang)
    turned: list[int] = []
    real = pygame.transform.rotate

    def spy(image: pygame.Surface, angle: float) -> pygame.Surface:
        turned.append(round(angle))
        return real(image, angle)

    monkeypatch.setattr(pygame.transform, "rotate", spy)
    r = renderer()
    board_art.render_board(r.board, 11)
    assert (len(turned) > 0) == (lang == "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_the_class_tiles_text_stays_whole_inside_its_tile(
        lang: str, size: tuple[int, int], monkeypatch: Any) -> None:
    """Four seats choosing: each class card's name, target and note are inside the card, not
    one of them cut."""
    from dungeon_table.games.dungeon.ui import decide
    from dungeon_table.ui import tabletop

    i18n.set_language(lang)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = tabletop.label

    def spy(surface: pygame.Surface, s: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, s, *args, **kw)
        drawn.append((s, rect))
        return rect

    monkeypatch.setattr(tabletop, "label", spy)
    game = registry.new_game("dungeon", ["human"] * 4, 1, {})
    view, legal = game.view(0), game.legal_actions(0)
    r = renderer(size)
    draw(r, view, legal, size)
    tiles = [rect for rect, _action in decide.hero_tiles(r, view, legal)]
    assert len(tiles) == 4
    inside = [(s, rect) for s, rect in drawn if any(tile.colliderect(rect) for tile in tiles)]
    assert len(inside) >= 12
    for s, rect in inside:
        assert any(tile.contains(rect) for tile in tiles), s
        assert not s.endswith("…"), s


def test_the_doorways_spells_say_their_chance_as_the_fight_does() -> None:
    from dungeon_table.games.dungeon.odds import chance as two_dice_chance

    assert two_dice_chance(2) == 1.0 and two_dice_chance(7) == 21 / 36
    assert two_dice_chance(12) == 1 / 36 and two_dice_chance(13) == 0.0
    line = i18n.t("dungeon.door.spell_need", spell="Fireball", n=3, chance=97)
    assert "3" in line and "97%" in line


def test_the_moves_less_obvious_buttons_are_explained() -> None:
    from dungeon_table.games.dungeon.ui.decide import move_notes

    walk: list[Action] = [m.Move(path=("c29-25",)), m.EndTurn()]
    assert move_notes(walk, scrying=False) == []
    legal = walk + [m.Peek(space="1a", using="spell"), m.Scry(space="2b"), m.Refill()]
    assert move_notes(legal, scrying=False) == [
        i18n.t("dungeon.note.peek_spell"), i18n.t("dungeon.note.scry"),
        i18n.t("dungeon.note.refill")]
    assert move_notes(legal, scrying=True) == [i18n.t("dungeon.note.scrying")]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_counter_attack_says_who_struck_what_it_did_and_stays_on_the_board(lang: str) -> None:
    from dungeon_table.games.dungeon.ui import anim

    i18n.set_language(lang)
    view, _legal = states(1, "race", seed=3, steps=30, every=30)[0]
    r = renderer()
    for result in ("miss", "stunned", "wounded", "badly_wounded", "killed"):
        event = m.CounterAttack(seat=0, card="purple_worm", dice=[6, 5], result=result)
        banners = [tw for tw in anim.tweens_for(r, [event], view, view)
                   if isinstance(tw, anim.Banner)]
        assert len(banners) == 1
        assert banners[0].image.get_width() <= r.geo.viewport.w
    assert i18n.has("dungeon.defeat_means.badly_wounded", lang)


def test_the_level_key_slots_gp_figure_and_defeat_tokens_explain_themselves() -> None:
    view, legal = next((v, lg) for v, lg in states(2, "race", seed=5, steps=400, every=5)
                       if v.defeat_tokens and v.heroes[0].hero)
    r = renderer()
    draw(r, view, legal)
    texts = [text for _rect, text in r.shown.tips]
    deck = view.decks[0]
    assert i18n.t("dungeon.tip.level", level=deck.level, monsters=deck.monsters,
                  treasures=deck.treasures) in texts
    assert any(text.startswith(i18n.t("dungeon.tip.defeat", n=1)[:8]) for text in texts)
    assert i18n.t("dungeon.tip.slots") in texts
    for rect, _text in r.shown.tips:
        if any(rect.collidepoint(c.center) for c, _card in r.shown):
            continue  # a card under the same point is previewed first
        image = r.preview(view, rect.center)
        assert image is not None and image is r.preview(view, rect.center), "kept, not redrawn"
        assert image.get_width() < r.geo.card_w * 4


def test_a_hero_rich_enough_is_told_to_go_home() -> None:
    from dungeon_table.games.dungeon.ui.panels import status_bits

    rich = hero(0, "rogue", "1a", gp=10500, treasures=["silver_cup"])
    assert status_bits(rich)[0][0] == i18n.t("dungeon.panel.go_home")
    assert not status_bits(rich, over=True)
    assert not status_bits(hero(0, "rogue", "1a", gp=9000))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_log_names_a_pawn_as_players_do_not_by_its_id(lang: str) -> None:
    i18n.set_language(lang)
    view = m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=1,
                         round=1, to_act=[0], heroes=[hero(0, "rogue", "hall")], defeat_tokens={},
                         slots=[], decks=[])
    chosen = log.line_for(m.HeroChosen(seat=0, hero="rogue", pawn="rogue-2"), view)
    killed = log.line_for(m.HeroKilled(seat=0, pawn="rogue-2", deaths=1), view)
    for line in (chosen, killed):
        assert "#2" in line and "rogue-2" not in line


def test_hunters_at_one_space_stand_apart_and_beside_the_hero(monkeypatch: Any) -> None:
    from dungeon_table.games.dungeon.ui import pieces

    spots: list[tuple[int, tuple[float, float]]] = []
    monkeypatch.setattr(pieces, "draw_hunter",
                        lambda _s, centre, _radius, n: spots.append((n, centre)))
    hunters = [m.HunterView(hunter=k, space="c30-25", card="", path=[]) for k in (1, 2, 3)]
    view = m.DungeonView(seat=0, n_players=1, mode="hunter", phase="move", active=0, turn=2,
                         round=2, to_act=[0], heroes=[hero(0, "fighter", "c30-25")],
                         defeat_tokens={}, slots=[], decks=[], hunters=hunters)
    r = renderer()
    pieces.draw_hunters(r, pygame.Surface((1280, 720)), view, frozenset())
    hero_at = pieces.space_point(r, "c30-25")
    assert hero_at is not None and len(spots) == 3
    radius = pieces.standee_radius(r)
    places = [centre for _n, centre in spots] + [hero_at]
    for k, a in enumerate(places):
        for b in places[k + 1:]:
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 2 * radius, (a, b)


def test_a_hunters_card_turns_up_in_the_rail_when_its_reveal_plays() -> None:
    from dungeon_table.games.dungeon.ui import anim
    from dungeon_table.games.dungeon.ui.panels import draw_rail

    hunters = [m.HunterView(hunter=1, space="c30-25", card="blue_dragon", path=[])]
    view = m.DungeonView(seat=0, n_players=1, mode="hunter", phase="combat", active=0, turn=2,
                         round=2, to_act=[0], heroes=[hero(0, "fighter", "c30-25")],
                         defeat_tokens={}, slots=[], decks=[], hunters=hunters)
    r = renderer()
    event = m.HunterRevealed(hunter=1, card="blue_dragon", space="c30-25")
    hides = frozenset().union(*(tw.hides for tw in anim.tweens_for(r, [event], view, view)))
    assert hides == {"hunter_card:1"}
    surface = pygame.Surface((1280, 720))
    draw_rail(r, surface, view, hides)
    assert "blue_dragon" not in [card for _rect, card in r.shown]
    draw_rail(r, surface, view)
    assert "blue_dragon" in [card for _rect, card in r.shown]


def test_two_heroes_in_the_great_hall_stand_side_by_side() -> None:
    from dungeon_table.games.dungeon.ui.pieces import hero_spots

    view = m.DungeonView(seat=0, n_players=2, mode="race", phase="move", active=0, turn=1,
                         round=1, to_act=[0], heroes=[hero(0, "rogue", "hall"),
                                                      hero(1, "fighter", "hall")],
                         defeat_tokens={}, slots=[], decks=[])
    r = renderer()
    spots = hero_spots(r, view)
    assert spots[0][1] == spots[1][1] and spots[0][0] < spots[1][0]


def test_doors_stairs_and_secret_doors_explain_themselves_on_hover() -> None:
    view, legal = states(1, "race", seed=3, steps=1, every=1)[0]
    r = renderer()
    draw(r, view, legal)
    board = r.board
    first: dict[str, tuple[int, int]] = {}
    for y in range(board.height):
        for x in range(board.width):
            first.setdefault(board.cell(x, y)[0], (x, y))
    for kind in ("door", "stairs", "secret"):
        pos = r.camera.cell_rect(*first[kind]).center
        assert r._feature_at(pos) == kind
        assert r.preview(view, pos) is r._tip(i18n.t(f"dungeon.tip.{kind}"))
    assert r._feature_at(r.camera.cell_rect(*first["rock"]).center) == ""


def test_a_waiting_monsters_odds_stay_in_sight_in_the_smallest_panel(monkeypatch: Any) -> None:
    """Eight heroes at 1280x720 leave the decision panel a few lines: the chance to hit is
    drawn before the notes, which are what an overfull panel cuts."""
    from dungeon_table.games.dungeon.ui import decide
    from dungeon_table.ui import tabletop

    drawn: list[str] = []
    real = tabletop.label

    def spy(surface: pygame.Surface, s: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(s)
        return real(surface, s, *args, **kw)

    monkeypatch.setattr(tabletop, "label", spy)
    view, _legal = waiting_view()
    view = msgspec.structs.replace(view, n_players=8, heroes=[
        hero(k, "rogue", "hall") for k in range(8)])
    legal: list[Action] = [m.Attack(), *(m.Teleport(to=c) for c in ("2A", "2B", "3B", "4A")),
                           m.EndTurn()]
    draw(renderer(), view, legal)
    assert "97%" in drawn
    assert decide.prompt(view, ["P"] * 8) == i18n.t("dungeon.prompt.move_waiting")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_monster_beaten_in_a_chamber_says_no_treasure_comes(lang: str) -> None:
    """A newcomer hit the Skeleton in the Armory and got nothing, unsaid: a chamber has no
    treasure of its own (the rules), and the log now says so; a room's line stays as it was."""
    i18n.set_language(lang)
    try:
        view = m.DungeonView(seat=0, n_players=1, mode="race", phase="move", active=0, turn=1,
                             round=1, to_act=[0], heroes=[hero(0, "fighter", "1A")],
                             defeat_tokens={}, slots=[], decks=[])
        chamber = log.line_for(m.MonsterDefeated(seat=0, space="1A", card="skeleton", tokens=1),
                               view)
        room = log.line_for(m.MonsterDefeated(seat=0, space="1a", card="skeleton", tokens=1),
                            view)
        names = log.fields(m.MonsterDefeated(seat=0, space="1A", card="skeleton", tokens=1), view)
        assert chamber == i18n.t("dungeon.log.monster_defeated_chamber", **names)
        assert room == i18n.t("dungeon.log.monster_defeated", **log.fields(
            m.MonsterDefeated(seat=0, space="1a", card="skeleton", tokens=1), view))
        assert chamber != room.replace("1a", "1A")
    finally:
        i18n.set_language("en")
