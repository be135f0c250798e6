"""Where a game stands, as its player counts it: rounds and repelled adventurers on Continue,
won / lost and the points in Load (the game's ``summary`` hook), not a count of actions."""

from __future__ import annotations

from shell_helpers import click, menu_app

from dungeon_table.core import paths, registry
from dungeon_table.core.protocol import Result, ScoreLine
from dungeon_table.core.session import Session
from dungeon_table.games.lastdungeon.ui.table import LastDungeonRenderer
from dungeon_table.ui import i18n, renderer
from dungeon_table.ui.scenes.load import LoadScene


def _played(seed: int, until_over: bool, path=None) -> Session:  # noqa: ANN001
    session = Session.new("lastdungeon", ["bot:greedy"], seed, autosave=path)
    bot = registry.get("lastdungeon").make_bot("greedy", seed)
    steps = 0
    while session.game.result() is None and (until_over or steps < 40):
        seat = session.game.to_act()[0]
        session.apply(seat, bot.choose(session.game.view(seat), session.game.legal_actions(seat)))
        steps += 1
    return session


def test_continue_says_the_round_and_the_repelled_not_the_actions() -> None:
    session = _played(3, until_over=False, path=paths.autosave_path("lastdungeon"))
    view = session.game.view(None)
    app = menu_app()
    detail = app.top.continue_detail()
    assert f"Round {view.round} · repelled {view.repelled}" in detail, detail
    assert "actions" not in detail
    i18n.set_language("ja")
    assert f"ラウンド{view.round}・撃退{view.repelled}" in app.top.continue_detail()


def test_load_marks_a_finished_game_lost_with_its_round_and_points() -> None:
    lost = _played(4, until_over=True)
    lost.save(paths.saves_dir() / "lastdungeon-lost.yaml")
    running = _played(5, until_over=False)
    running.save(paths.saves_dir() / "lastdungeon-running.yaml")
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    assert isinstance(load, LoadScene)
    heads = {info.path.stem: load.row_head(info) for info in load.saves}
    total = lost.game.result().breakdown[0][-1].value
    assert f"lost in round {lost.game.view(None).round} · {total} points" in heads[
        "lastdungeon-lost"]
    assert "Round " in heads["lastdungeon-running"]


def test_the_hook_says_won_with_the_points_in_both_languages() -> None:
    view = _played(3, until_over=False).game.view(None)
    won = Result(ranking=[0], winners=[0], outcome="result.won",
                 breakdown=[[ScoreLine("score.total", 212)]])
    assert LastDungeonRenderer.summary(view, won) == "won · 212 points"
    i18n.set_language("ja")
    assert renderer.summary("lastdungeon", view, won) == "勝利・212点"
    assert renderer.outcome_line(won) == "勝利・212点", "the shell's fallback, for other games"


def test_load_replays_only_the_rows_it_shows() -> None:
    """A replay is ~7 ms: a folder of many saves must not replay them all to open the list."""
    for n in range(12):
        Session.new("lastdungeon", ["human"], n).save(paths.saves_dir() / f"lastdungeon-{n}.yaml")
    app = menu_app()
    click(app, "menu.load")
    load = app.top
    described = [info.described for info in load.saves]
    assert sum(described) == min(load.rows(), 12) < 12
