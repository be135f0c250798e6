"""Where a tutorial's caption lies, step by step, as a newcomer meets it: never over a figure the
player reads to decide (the play-test: "Watch the burst odds" was written over the burst odds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tutorial_helpers import click_step, open_tutorial, settle


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("lesson", ["market", "market_professional"])
def test_no_caption_covers_the_burst_odds_or_a_purse(lesson: str, lang: str) -> None:
    app, table = open_tutorial(lesson, lang)
    overlay = table.tutorial
    covered = []
    for n in range(len(overlay.guide.actions)):
        settle(app, table)
        app.step([])
        box, figures = overlay.caption_box, table.renderer.figures
        assert box is not None and figures, n
        covered += [(n, tuple(f)) for f in figures if box.colliderect(f)]
        click_step(app, table)
    assert covered == []
