"""Where a tutorial's caption lies, step by step, as a newcomer meets it: never over a figure the
player reads to decide (the play-test: "Watch the burst odds" was written over the burst odds;
relic's over its points table, Last Dungeon's "17 against 20" over the damage meter)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tutorial_helpers import click_step, open_tutorial, settle

from dungeon_table.core import tutorial as lessons
from dungeon_table.ui import i18n


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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_why_line_is_a_bare_number(lang: str) -> None:
    """"4." and "16." stood alone above the next step: a newcomer cannot tell what they count
    (the damage, against the adventurer's power)."""
    i18n.set_language(lang)
    try:
        bare = [(lesson, step.why) for lesson in lessons.lessons()
                for step in lessons.load_tutorial(lesson).steps
                if step.why and re.fullmatch(r"[\d\s.。]+", i18n.t(step.why))]
        assert bare == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lesson", ["dungeon_spells", "lastdungeon"])
def test_the_arrow_stands_over_no_other_target(lesson: str) -> None:
    """"+ Teleport" under "+ Fireball", Crystallise under Scout: an arrow above the taught button
    stood over the one above it and seemed to point at that one; it points from the side."""
    app, table = open_tutorial(lesson, "ja")
    overlay = table.tutorial
    crossed = []
    for n in range(len(overlay.guide.actions)):
        settle(app, table)
        app.step([])
        table.draw(app.surface)
        pointed = overlay.pointed()
        crossed += [n for tg in table.ui.targets
                    if tg not in pointed and tg.rect.colliderect(overlay.arrow_box)]
        click_step(app, table)
    assert crossed == []
