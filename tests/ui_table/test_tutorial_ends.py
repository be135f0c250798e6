"""Learn to play reaches the end of the game: the relic and Last Dungeon tutorials, played
through the table by posted clicks in English and Japanese, finish their game the way the
rulebooks end one, with the results screen on top, and teach the decisions a first game meets
(relic's enemy set, mend, banish and wild; Last Dungeon's event discard)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tutorial_helpers import click_step, open_tutorial, settle

from dungeon_table.core import tutorial as lessons
from dungeon_table.ui.scenes.gameover import GameOverScene


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))


def play_to_the_end(game_id: str, lang: str) -> tuple[Any, Any]:
    """Every step clicked as pointed at; the game over after the last one, not before."""
    app, table = open_tutorial(game_id, lang)
    steps = len(table.tutorial.guide.actions)
    for index in range(steps):
        settle(app, table)
        assert table.game.result() is None, f"the game ended before step {index}"
        click_step(app, table)
    settle(app, table)
    return app, table


def taught(game_id: str) -> set[str]:
    return {str(step.action["type"]) for step in lessons.load_tutorial(game_id).steps}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_relic_tutorial_ends_with_the_depth_3_search(lang: str) -> None:
    """A depth-3 search ends the game at the end of that turn (the search ends the turn):
    you, with treasures from depths 1, 2 and 3 (6 + 8 + 15) and the Bat Swarm's level, 30
    points against the bot's 14."""
    app, table = play_to_the_end("relic", lang)
    game = table.game
    result = game.result()
    assert result is not None and game.state.phase == "over"
    me = game.state.players[0]
    assert (len(me.dungeon), me.searched) == (9, [1, 2, 3])
    assert [(t.depth, t.points) for t in me.treasures] == [(1, 6), (2, 8), (3, 15)]
    assert me.defeated == ["enemy_bats_2"]  # the banished Boulder scored nothing
    assert (result.winners, result.ranking) == ([0], [0, 1])
    assert [lines[-1].value for lines in result.breakdown] == [30, 14]
    assert isinstance(app.top, GameOverScene)


def test_the_relic_tutorial_teaches_every_kind_of_decision() -> None:
    assert {"dungeon_phase", "battle_phase", "double_draw", "set_dungeon", "set_enemy",
            "commit", "fight", "use_skill", "mend", "done", "wild_as", "discard", "end_phase",
            "end_turn", "search"} <= taught("relic")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_last_dungeon_tutorial_ends_with_the_hero_on_the_treasure(lang: str) -> None:
    """An adventurer reaching the treasure loses the game: the Legendary Hero, with every card
    you own stacked on it (17 damage against its 20), after four adventurers repelled."""
    app, table = play_to_the_end("lastdungeon", lang)
    game = table.game
    state = game.state
    assert state.outcome == "lost" and state.position == game.treasure
    assert state.adventurer is not None and state.adventurer.card == "hero"
    assert state.adventurer.stacked_damage == 17 and state.hand == []
    assert state.repelled == 4
    assert game.result().outcome == "result.lost"
    assert isinstance(app.top, GameOverScene)


def test_the_last_dungeon_tutorial_teaches_every_kind_of_decision() -> None:
    assert {"play", "discard", "fight", "scout", "crystallise", "pay", "expand",
            "retreat"} <= taught("lastdungeon")


def test_play_again_after_a_tutorial_deals_a_real_game() -> None:
    """The results' Play again after the short dungeon of Last Dungeon's tutorial starts a game
    of the game's own options (all three levels), not the lesson's."""
    app, table = play_to_the_end("lastdungeon", "en")
    results = app.top
    assert isinstance(results, GameOverScene) and table.session.record.options["levels"] == 1
    results.again()
    game = app.top.game
    assert app.top.session.record.options.get("levels", 3) == 3
    assert getattr(app.top.session, "tutorial", None) is None
    assert game.levels == 3 and "hero" in game.state.adventurer_deck.cards
    assert len(game.state.adventurer_deck) == 15


def test_the_short_dungeon_resumes_as_it_was_dealt() -> None:
    """A Last Dungeon tutorial left at the hero's entry resumes from its autosave with its short
    dungeon (the ``levels`` option kept in the save): the hero next, no level-2 card."""
    app, table = open_tutorial("lastdungeon", "en")
    for _ in range(27):  # up to the Pickpocket's discard: the hero enters
        settle(app, table)
        click_step(app, table)
    settle(app, table)
    assert table.game.state.adventurer.card == "hero"
    _app, again = open_tutorial("lastdungeon", "en")
    assert len(again.session.steps) == len(table.session.steps)
    assert again.game.state.adventurer.card == "hero" and again.game.levels == 1
