"""Every Japanese line the app shows breaks only between phrases, never inside a word.

A reader of 「見つけ／た物」, 「番号／トークン」 or 「（ダメージ／3）。」 stumbles; so does one whose
line starts with 。 or ー. The whole catalogues and every card text are wrapped here at the widths
the table uses (the log, the prompts, the panels: 7 to 26 characters of small and body type, at
1280×720 and 1920×1080) and every break point is read against the rule, stated on its own below
rather than borrowed from the wrapper:
- a line may end after a space or a full-width clause mark (、。：）」…), before an opening
  bracket, or where kana are followed by something that is not kana (the end of a phrase),
  except okurigana inside a compound (捨て場, 見習い剣士: one or two kana between kanji, the
  last no particle), and a number keeps its unit (10,000 gp);
- anywhere else is inside a word, allowed only when that word alone is wider than the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from dungeon_table.core.cards import CARDS_DIR
from dungeon_table.ui import fonts, i18n

SCALES = {"1280x720": 2 / 3, "1920x1080": 1.0}
ROLES = ("small", "body")
WIDTHS_EM = (7, 10, 14, 19, 26)  # line widths in characters of the role's type

CLAUSE_END = set("、。，．・：；？！…）」』】〕〉》］｝")
OPENERS = set("（「『【〔〈《［｛")
NEVER_STARTS = set("、。，．・：；？！…ー）」』】〕〉》］｝ぁぃぅぇぉっゃゅょァィゥェォッャュョ")
NEVER_ENDS = OPENERS | set("＋－")
NUMERIC = re.compile(r"^(n|points|need|depth|value|total|amount|slot|level|gp|count|die|damage|"
                     r"price|power|bp|enemy_bp|round|rounds|turn|have|life|lost|bonus|steps|size|"
                     r"cost|exp|exp_spent|added|min|max|limit|left|moves_left|remainder|repelled|"
                     r"stacked|placed|x|each|got|deaths|draws|tokens|chance)$")


def _kana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


def _japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


def _sample(match: re.Match[str]) -> str:
    """A placeholder filled the way the game fills it: a number, or a name."""
    return "12" if NUMERIC.match(match.group(1)) else "スケルトン"


def _card_texts(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ja" and isinstance(value, str):
                yield value
            else:
                yield from _card_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _card_texts(value)


def japanese_lines() -> list[tuple[str, str]]:
    """(where, text) of every Japanese catalogue value and card text, placeholders filled."""
    i18n.reload()
    found = [(key, value) for key, value in i18n.catalogs()["ja"].items()]
    for path in sorted(Path(CARDS_DIR).rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [(path.name, text) for text in _card_texts(data)]
    out = []
    for where, text in found:
        for paragraph in re.sub(r"\{(\w+)\}", _sample, text).split("\n"):
            if _japanese(paragraph):
                out.append((where, paragraph.strip()))
    return out


PARTICLES = set("のはがをにへとでもやかば")


def _kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch == "々"


def _okurigana(text: str, k: int) -> bool:
    """``text[:k]`` ends in one or two kana after a kanji, no particle, and a kanji follows."""
    run = k
    while run > 0 and _kana(text[run - 1]):
        run -= 1
    return (k - run <= 2 and run > 0 and _kanji(text[run - 1]) and _kanji(text[k])
            and text[k - 1] not in PARTICLES)


UNIT = re.compile(r"\d [A-Za-z]{1,3}\b")


def may_end_at(text: str, k: int) -> bool:
    """Whether a line may end between ``text[k - 1]`` and ``text[k]``."""
    a, b = text[k - 1], text[k]
    if b in NEVER_STARTS or a in NEVER_ENDS:
        return False
    if a.isspace() and UNIT.match(text, k - 2):
        return False
    if a.isspace() or a in CLAUSE_END or b in OPENERS:
        return True
    return _kana(a) and not _kana(b) and not _okurigana(text, k)


def bad_breaks(text: str, lines: list[str], width: int, measure) -> list[str]:
    """Each break inside a word that would have fitted the line, shown as before／after."""
    bad, at = [], 0
    for line in lines[:-1]:
        at = text.index(line, at) + len(line)
        if (text[at].isspace() and may_end_at(text, at + 1)) or may_end_at(text, at):
            continue
        head = at - 1
        while head > 0 and not may_end_at(text, head):
            head -= 1
        tail = at + 1
        while tail < len(text) and not may_end_at(text, tail):
            tail += 1
        if measure(text[head:tail].strip()) <= width:
            bad.append(f"{text[max(0, at - 6):at]}／{text[at:at + 6]}")
    return bad


def test_the_rule_catches_the_breaks_seen_on_screen() -> None:
    seen = [("見つけ", "た物"), ("番号", "トークン"), ("（ダメージ", "3）。"), ("財宝", "。"),
            ("「", "戦闘」"), ("ゴーレ", "ム"), ("3", "枚"), ("ダンジョン", "ー"),
            ("2枚を捨て", "場へ。"), ("見習い", "剣士"), ("ローグ 10,000 ", "gp、")]
    for before, after in seen:
        assert bad_breaks(before + after, [before, after], 10**6, len), (before, after)
    assert not bad_breaks("冒険者を撃退", ["冒険者を", "撃退"], 10**6, len)


@pytest.mark.parametrize("size", sorted(SCALES))
@pytest.mark.parametrize("role", ROLES)
def test_every_japanese_line_breaks_between_phrases(role: str, size: str) -> None:
    f = fonts.font(role, SCALES[size])
    em = f.size("あ")[0]
    wrong = []
    for where, text in japanese_lines():
        for width in (n * em for n in WIDTHS_EM):
            if f.size(text)[0] <= width:
                break  # one line: nothing to break, nor at any wider width
            lines = fonts.wrap_lines(text, f, width)
            assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", text), (where, lines)
            wrong += [f"{where} @{width}px: {b}"
                      for b in bad_breaks(text, lines, width, lambda s: f.size(s)[0])]
    assert not wrong, "\n".join(sorted(set(wrong))[:40])
