"""The log folds a line repeated in a row into one line with a count (play-test: "takes a spell"
eight times in a row filled the panel)."""

from __future__ import annotations

import pygame

from dungeon_table.ui import i18n
from dungeon_table.ui.log_panel import LogHeading, LogPanel
from dungeon_table.ui.theme import Theme


def _drawn(log: LogPanel) -> list[str]:
    log.layout(pygame.Rect(1000, 60, 260, 640), Theme.for_window((1280, 720), 1.0))
    log.draw(pygame.Surface((1280, 720)))
    return [entry.shown() for entry in log.entries]


def test_a_line_repeated_eight_times_in_a_row_is_one_line_times_eight() -> None:
    i18n.set_language("en")
    log = LogPanel()
    log.add(["Cleric (P1) takes a spell."] * 8 + ["Cleric (P1) ends the turn."])
    assert _drawn(log) == ["Cleric (P1) takes a spell. × 8", "Cleric (P1) ends the turn."]


def test_repeats_added_after_the_line_was_drawn_fold_into_it_and_redraw_it() -> None:
    i18n.set_language("en")
    log = LogPanel()
    log.add(["Red explores."])
    _drawn(log)
    first_height = log._height
    log.add(["Red explores."])
    log.add(["Red explores."])
    assert _drawn(log) == ["Red explores. × 3"]
    assert len(log._shown) == 1 and log._height >= first_height


def test_lines_apart_or_under_another_heading_do_not_fold() -> None:
    i18n.set_language("en")
    log = LogPanel()
    log.add(["Red explores.", "Blue explores.", "Red explores."])
    log.add(["Red explores."], heading="Turn 2")
    log.add([LogHeading("Turn 3"), LogHeading("Turn 3")])
    assert _drawn(log) == ["Red explores.", "Blue explores.", "Red explores.", "Turn 2",
                           "Red explores.", "Turn 3", "Turn 3"]


def test_japanese_folds_with_its_own_count() -> None:
    i18n.set_language("ja")
    try:
        log = LogPanel()
        log.add(["クレリックが呪文を得る。"] * 2)
        assert _drawn(log) == ["クレリックが呪文を得る。　×2"]
    finally:
        i18n.set_language("en")
