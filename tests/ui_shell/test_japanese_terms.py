"""The app's Japanese reads like the printed rulebooks: their punctuation, their lists, their words.

Held over whole catalogues and every card text, so a line added later is held to it too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from dungeon_table.core.cards import CARDS_DIR
from dungeon_table.ui import i18n

PLACEHOLDER = re.compile(r"\{\w+\}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
HALF_WIDTH = re.compile(r"[()!?]|(?<!\d):|:(?!\d)|[\u3040-\u30ff\u4e00-\u9fff], ")


def card_texts(node: object, where: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every ``ja`` text in a card file's data."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ja" and isinstance(value, str):
                yield where, value
            else:
                yield from card_texts(value, f"{where}.{key}")
    elif isinstance(node, list):
        for k, value in enumerate(node):
            label = value.get("id", k) if isinstance(value, dict) else k
            yield from card_texts(value, f"{where}[{label}]")


def card_files() -> list[Path]:
    return sorted(Path(CARDS_DIR).rglob("*.yaml"))


def japanese_texts() -> list[tuple[str, str]]:
    """(where, text): every Japanese catalogue value (by key) and card text (by file and path)."""
    i18n.reload()
    found = list(i18n.catalogs()["ja"].items())
    for path in card_files():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += card_texts(data, path.relative_to(CARDS_DIR).as_posix())
    return found


def test_japanese_text_uses_full_width_punctuation() -> None:
    """「深度1:サーチ可」「(ダブルドロー)」「使う?」: half-width marks in Japanese read as a
    translation; the rulebooks write ：（）！？ and list with 、."""
    wrong = [f"{where}: {text}" for where, text in japanese_texts()
             if JAPANESE.search(text) and HALF_WIDTH.search(PLACEHOLDER.sub("", text))]
    assert not wrong, "\n".join(wrong[:40])


@pytest.mark.parametrize("lang, sep", [("ja", "、"), ("en", ", ")])
def test_a_list_in_a_log_line_is_joined_by_the_catalogue_separator(lang: str, sep: str) -> None:
    """Last Dungeon joined discarded cards with ", " in code: 「ゴブリン, スライムを捨てた」."""
    from dungeon_table.games.lastdungeon import model as m
    from dungeon_table.games.lastdungeon.view import make_renderer
    from dungeon_table.games.lastdungeon.view_anim import log_line

    i18n.set_language(lang)
    try:
        r = make_renderer(None, "lastdungeon")
        line = log_line(r, m.CardsDiscarded(cards=["d_goblin", "d_slime"], reason="event"))
        listed = f"{r.name('d_goblin')}{sep}{r.name('d_slime')}"
    finally:
        i18n.set_language("en")
    assert line is not None and listed in line, line
