"""Where a tutorial's caption lies, step by step, as a newcomer meets it: never over a figure the
player reads to decide (the play-test: "Watch the burst odds" was written over the burst odds;
relic's over its points table, Last Dungeon's "17 against 20" over the damage meter)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tutorial_helpers import click_step, open_tutorial, settle


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("lesson", ["market", "market_professional", "relic", "lastdungeon"])
def test_no_caption_covers_a_figure_the_player_reads(lesson: str, lang: str) -> None:
    app, table = open_tutorial(lesson, lang)
    overlay = table.tutorial
    covered, with_figures = [], 0
    for n in range(len(overlay.guide.actions)):
        settle(app, table)
        app.step([])
        box, figures = overlay.caption_box, table.renderer.figures
        assert box is not None, n
        with_figures += bool(figures)  # (a battle takes the place of relic's points table)
        covered += [(n, tuple(f)) for f in figures if box.colliderect(f)]
        click_step(app, table)
    assert covered == [] and with_figures > len(overlay.guide.actions) // 2
