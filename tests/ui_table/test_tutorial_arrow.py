"""A tutorial's arrow points at the step's target and at nothing else: beyond the target's
"Enter" key cap, on the side where it covers no other button or card's target (a stack of
buttons: the arrow above the taught one lay over the one above it, and seemed to point there).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tutorial_helpers import click_step, open_tutorial, settle

from dungeon_table.core import tutorial as lessons


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(tmp_path))


@pytest.mark.parametrize("lesson", lessons.lessons())
def test_the_arrow_lies_over_no_other_target(lesson: str) -> None:
    app, table = open_tutorial(lesson, "en")
    overlay = table.tutorial
    for n in range(1, len(overlay.guide.actions) + 1):
        settle(app, table)
        table.draw(app.surface)
        pointed = overlay.pointed()[0].rect
        others = [tg.rect for tg in (*table.ui.targets, *table.refused) if tg.rect != pointed]
        assert overlay.arrow_box.collidelist(others) < 0, f"step {n}"
        assert overlay.arrow_box.inflate(table.th.px(30), table.th.px(30)).colliderect(pointed), \
            "by the target"
        click_step(app, table)
