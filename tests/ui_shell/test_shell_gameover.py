"""The game-over screen for games of 2-4 players: every score line per player, the winners (ties
share), a chart line per player in the player's colour, all inside 1280x720 in both languages."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from shell_helpers import finished_market, menu_app

from dungeon_table.core import registry
from dungeon_table.core.protocol import Result, ScoreLine
from dungeon_table.ui import fonts, i18n, theme
from dungeon_table.ui.renderer import TableRenderer
from dungeon_table.ui.scenes import gameover_parts
from dungeon_table.ui.scenes.gameover import GameOverScene, count_text, seat_colours

COLOURS = ["red", "blue", "yellow", "green", "purple"]
LABELS = {
    "en": {"score.life_rank": "Life rank", "score.five_colours": "Five-colour set",
           "score.swords": "Swords", "score.gems": "Gems", "score.coins": "Coins",
           "score.jobs": "Job items", "score.extra": "Extra line", "score.bonus": "Bonus", "chart.life": "Life",
           **{f"score.kinds.{c}": f"Kinds: {c}" for c in COLOURS}},
    "ja": {"score.life_rank": "ライフ順位", "score.five_colours": "5色セット", "score.swords": "剣",
           "score.gems": "宝玉", "score.coins": "所持金", "score.jobs": "ジョブアイテム",
           "score.extra": "追加の行", "score.bonus": "ボーナス", "chart.life": "ライフ",
           **{f"score.kinds.{c}": f"種類ボーナス（{c}）" for c in COLOURS}},
}


@pytest.fixture
def labels() -> Iterator[None]:
    """Score labels as a game's catalog gives them (the shell does not own them)."""
    saved = {lang: dict(book) for lang, book in i18n.catalogs().items()}
    for lang, extra in LABELS.items():  # the game's own texts where it has them
        i18n.catalogs()[lang].update({k: v for k, v in extra.items()
                                      if k not in i18n.catalogs()[lang]})
    yield
    for lang, book in saved.items():
        i18n.catalogs()[lang].clear()
        i18n.catalogs()[lang].update(book)


def _lines(seat: int) -> list[ScoreLine]:
    lines = [ScoreLine("score.life_rank", [4, 0, -2, -4][seat]),
             ScoreLine("score.five_colours", 10, 2),
             *(ScoreLine(f"score.kinds.{c}", 7, 4) for c in COLOURS),
             ScoreLine("score.swords", 6, 2), ScoreLine("score.gems", 5, 3),
             ScoreLine("score.coins", 4, 23), ScoreLine("score.jobs", 5, 1),
             ScoreLine("score.extra", 1), ScoreLine("score.bonus", 2)]
    return [*lines, ScoreLine("score.total", sum(line.value for line in lines) + seat % 2)]


def _result(players: int, winners: list[int]) -> Result:
    return Result(ranking=list(range(players)), winners=winners, outcome="result.won",
                  breakdown=[_lines(s) for s in range(players)],
                  history=[[40 - 3 * i - s for i in range(12)] for s in range(players)],
                  history_key="chart.life")


class _Session:
    """What the game-over screen reads of a session, for a result made by hand."""

    def __init__(self, result: Result, game_id: str = "lastdungeon") -> None:
        seats = ["human", "bot:random", "human", "bot:random"][: len(result.breakdown)]
        self.game = types.SimpleNamespace(result=lambda: result, view=lambda seat: None)
        self.record = types.SimpleNamespace(game=game_id, seats=seats, seed=1, options={}, stack={},
                                            actions=[])
        self.names = ["Ann", "", "Cy", ""][: len(seats)]

    def save(self, path: Any) -> None:
        pass


def _show(result: Result, lang: str = "en", size: tuple[int, int] = (1280, 720),
          game_id: str = "lastdungeon") -> GameOverScene:
    i18n.set_language(lang)
    app = menu_app(size=size)
    i18n.set_language(lang)
    scene = GameOverScene(app, _Session(result, game_id))
    app.push(scene)
    app.step([])
    return scene


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_players_and_thirteen_lines_fit_at_1280x720(
    labels: None, lang: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cut: list[str] = []
    fit = fonts.fit

    def spy(s: str, *args, **kwargs) -> str:  # noqa: ANN002, ANN003
        out = fit(s, *args, **kwargs)
        if out != s:
            cut.append(s)
        return out

    monkeypatch.setattr(fonts, "fit", spy)
    drawn: list[pygame.Rect] = []
    real = gameover_parts.draw_table

    def keep(surface, area, *args):  # noqa: ANN001, ANN002, ANN202
        drawn.append(area)
        return real(surface, area, *args)

    import dungeon_table.ui.scenes.gameover as gameover

    monkeypatch.setattr(gameover, "draw_table", keep)
    scene = _show(_result(4, [1]), lang)
    scene.app.draw()
    assert len(gameover_parts.score_rows(scene.result)) == 14  # 13 lines and the total
    panel = scene.panel_rect()
    assert scene.app.surface.get_rect().contains(panel)
    table = drawn[-1]
    rows = gameover_parts.row_height(scene.result, scene.th, table.h) * 15
    assert panel.contains(table) and rows <= table.h, "every row inside the panel"
    assert all(panel.contains(w.rect) for w in scene.widgets)
    assert cut == [], "no label, name or count cut short"


def test_a_tie_shares_the_win_and_both_columns_are_marked(labels: None) -> None:
    scene = _show(_result(3, [0, 2]))
    assert scene.headline() == "Ann & Cy share the win!"
    assert scene.look.winners == {0, 2}
    i18n.set_language("ja")
    assert scene.headline() == "AnnとCyが勝利を分け合いました！"
    alone = _show(_result(2, [1]))
    assert alone.headline() == "Bot 2 wins!"


def test_the_chart_draws_a_line_per_player_in_the_players_colour(
    labels: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game's renderer names its seats' colours (the market's are red, blue, yellow,
    green by seat); the chart and the name headers use them."""
    class Coloured(TableRenderer):
        @classmethod
        def seat_colours(cls, view: object) -> list[str]:
            return ["green", "purple", "red"]

    module = types.ModuleType("stub_colour_view")
    module.Renderer = Coloured  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "stub_colour_view", module)
    import dataclasses

    spec = registry.get("lastdungeon")
    monkeypatch.setitem(registry._REGISTRY, "coloured",
                        dataclasses.replace(spec, game_id="coloured",
                                            view_module="stub_colour_view"))
    assert seat_colours("coloured", None, 3) == ["green", "purple", "red"]
    assert seat_colours("lastdungeon", None, 3) == gameover_parts.PALETTE, "the fallback"
    scene = _show(_result(3, [0]), game_id="coloured")
    scene.app.draw()
    surface = scene.app.surface
    panel = scene.panel_rect()
    right = pygame.Rect(panel.centerx, panel.y, panel.w // 2, panel.h)  # the chart's side
    found = {name: 0 for name in COLOURS}
    for x in range(right.x, right.right, 2):
        for y in range(right.y, right.bottom, 2):
            pixel = tuple(surface.get_at((x, y)))[:3]
            for name in COLOURS:
                if pixel == theme.CARD_COLOURS[name]:
                    found[name] += 1
    assert found["green"] > 20 and found["purple"] > 20 and found["red"] > 20
    assert found["blue"] == 0 and found["yellow"] == 0


def test_a_game_may_word_its_counts_itself(labels: None) -> None:
    line = ScoreLine("score.purse", 4, 23)
    assert count_text(line) == "× 23"
    i18n.catalogs()["en"]["score.purse.count"] = "{n}G"
    assert count_text(line) == "23G"
    assert count_text(ScoreLine("score.swords", 6, 2)) == "2 × 3"


def test_lines_only_some_players_have_keep_the_games_order() -> None:
    """The market lists kinds only for the colours a player holds: with the first player
    holding no green, green kinds went to the foot of the table, after the jobs. Rows follow
    the game's catalog (red, blue, yellow, green...); a key it lacks stays after its neighbour."""
    first = [ScoreLine("score.kinds.red", 1, 2), ScoreLine("score.kinds.yellow", 0, 1),
             ScoreLine("score.swords", 0), ScoreLine("score.total", 1)]
    second = [ScoreLine("score.kinds.green", 3, 3), ScoreLine("score.kinds.blue", 0, 1),
              ScoreLine("score.unlisted", 2), ScoreLine("score.swords", 3, 1),
              ScoreLine("score.total", 6)]
    result = Result(ranking=[1, 0], winners=[1], outcome="result.won",
                    breakdown=[first, second])
    assert gameover_parts.score_rows(result) == [
        "score.kinds.red", "score.kinds.blue", "score.unlisted", "score.kinds.yellow",
        "score.kinds.green", "score.swords", "score.total"]


def test_nothing_counted_shows_no_count() -> None:
    assert count_text(ScoreLine("score.gems", 0, 0)) == ""
    assert count_text(ScoreLine("score.repelled", 0, 0)) == ""


def test_large_totals_are_grouped_by_thousands() -> None:
    # Dungeon!'s targets: "20000" is hard to read beside "6500"
    assert gameover_parts.value_text(ScoreLine("score.total", 20000)) == "20,000"
    assert gameover_parts.value_text(ScoreLine("score.total", 6500)) == "6,500"
    assert gameover_parts.value_text(ScoreLine("score.total", 160)) == "160"
    assert gameover_parts.value_text(None) == "—"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_large_ui_scale_cuts_no_name_or_count_of_a_four_player_game(
    lang: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At UI scale 150 % and 1280x720 "Alexandra", "Bot 2" and "smallest colour 1" ended in
    "…": the screen now holds its scale to a little above the window's, as the table does."""
    from dungeon_table.ui.scene import App
    from dungeon_table.ui.scenes.menu import MainMenuScene
    from dungeon_table.ui.settings import Settings

    session = finished_market()
    session.names = ["Alexandra", "", "花子", ""]
    cut: list[str] = []
    fit = fonts.fit

    def spy(s: str, *args, **kwargs) -> str:  # noqa: ANN002, ANN003
        out = fit(s, *args, **kwargs)
        if out != s:
            cut.append(s)
        return out

    monkeypatch.setattr(fonts, "fit", spy)
    for scale in (1.25, 1.5):
        app = App(surface=pygame.Surface((1280, 720)),
                  settings=Settings(lang=lang, anim_speed=0, ui_scale=scale))
        app.push(MainMenuScene(app))
        scene = GameOverScene(app, session)
        app.push(scene)
        app.step([])
        app.draw()
        assert all(scene.panel_rect().contains(w.rect) for w in scene.widgets)
    assert cut == []


# every solo outcome a game names: "<game>.result.*", and Last Dungeon's "result.won"/"lost"
OUTCOMES = sorted([(k.split(".")[0], k) for k in i18n.catalogs()["en"]
                   if k.split(".")[1:2] == ["result"] and k.split(".")[0] in registry.game_ids()]
                  + [("lastdungeon", "result.won"), ("lastdungeon", "result.lost")])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_solo_games_headline_is_whole_at_1280x720(lang: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's first results read "Back in the Great Hall with enough gold: a…": the
    headline takes smaller type, then two lines, before it loses a letter."""
    drawn: list[tuple[str, int]] = []
    text = fonts.text

    def spy(s: str, *args, **kwargs) -> pygame.Surface:  # noqa: ANN002, ANN003
        image = text(s, *args, **kwargs)
        drawn.append((s, image.get_width()))
        return image

    monkeypatch.setattr(fonts, "text", spy)
    assert len(OUTCOMES) >= 10
    for game_id, outcome in OUTCOMES:
        result = Result(ranking=[0], winners=[0], outcome=outcome,
                        breakdown=[[ScoreLine("score.total", 1)]], history=[[0, 1]],
                        history_key="chart.life")
        scene = _show(result, lang, game_id=game_id)
        drawn.clear()
        scene.app.draw()
        panel = scene.panel_rect()
        lines, _role, _scale = scene.headline_lines()
        assert "".join(lines).replace(" ", "") == i18n.t(outcome).replace(" ", ""), outcome
        widths = [w for s, w in drawn if s in lines]
        assert len(widths) == len(lines) and max(widths) <= panel.w - 2 * scene.th.px(4)
