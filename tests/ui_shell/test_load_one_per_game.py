"""Load lists one entry per game (play-test: every Save & quit of a table added a row beside its
autosave and the earlier ones): a save & quit or a game over replaces that table's earlier saves,
the list shows each table once with its summary line; a save the player named always stays."""

from __future__ import annotations

from shell_helpers import click, menu_app

from dungeon_table.core import paths
from dungeon_table.core.session import Session
from dungeon_table.ui.scenes import nav
from dungeon_table.ui.scenes.pause import PauseScene


def played(seed: int, steps: int) -> Session:
    session = Session.new("lastdungeon", ["human"], seed,
                          autosave=paths.autosave_path("lastdungeon"))
    for _ in range(steps):
        session.apply(0, session.game.legal_actions(0)[0])
    return session


def rows() -> list[nav.SaveInfo]:
    return [info for info in nav.list_saves() if info.game == "lastdungeon"]


def test_save_and_quit_twice_leaves_one_entry_for_the_table() -> None:
    session = played(11, 1)
    first = nav.save_game(session)
    session.apply(0, session.game.legal_actions(0)[0])
    second = nav.save_game(session)
    assert not first.exists() and second.exists(), "the earlier save gave way"
    listed = rows()
    assert len(listed) == 1, [info.path.name for info in listed]
    assert listed[0].actions == 2


def test_another_table_of_the_same_game_keeps_its_own_entry() -> None:
    nav.save_game(played(11, 1))
    nav.save_game(played(12, 1))  # the autosave now holds seed 12
    assert sorted(info.record.seed for info in rows()) == [11, 12]


def test_a_save_the_player_named_is_kept_beside_the_newer_one() -> None:
    session = played(11, 1)
    named = paths.saves_dir() / "before the boss.yaml"
    session.save(named)
    nav.save_game(session)
    assert named.exists()
    assert sorted(info.path.name == named.name for info in rows()) == [False, True]


def test_every_entry_has_its_summary_line_and_pause_save_quit_replaces() -> None:
    app = menu_app()
    session = played(11, 1)
    nav.save_game(session)
    nav.open_table(app, Session.load(paths.autosave_path("lastdungeon"),
                                      autosave=paths.autosave_path("lastdungeon")))
    app.top.session.apply(0, app.top.session.game.legal_actions(0)[0])
    app.push(PauseScene(app))
    app.step([])
    app.top.save_quit()
    app.step([])
    listed = rows()
    assert len(listed) == 1 and listed[0].actions == 2
    click(app, "menu.load")
    load = app.top
    assert [load.row_head(info) for info in load.saves if info.game == "lastdungeon"][0] \
        .count("·") >= 1, "the game's name, then where it stands"
    assert nav.describe(listed[0])
