"""Where a line of text may end: between words in English, between phrases in Japanese.

Japanese has no spaces, and a break between any two characters cuts words ("見つけ／た物",
"番号／トークン", "ダメージ／3"). The rules here are the usual kinsoku shori (JIS X 4051's
core: no line starts with 、。）」ー or a small kana, none ends with （「) plus the phrase rule
that BudouX and most e-book readers approximate: a phrase (bunsetsu) is a run of kanji,
katakana, digits or Latin letters with the kana that trail it (okurigana, particles), so a line
may end only where kana are followed by something that is not kana::

    phrases("財宝カードを右にずらす")   # ["財宝カードを", "右に", "ずらす"]
    phrases("ダイス2個を振る。")        # ["ダイス2個を", "振る。"]
    phrases("2枚を捨て場へ")            # ["2枚を", "捨て場へ"]: okurigana inside a compound

A word with its counter (3枚, LV4, 10,000 gp) is one run and never split. No dictionary: the
rules read only the character classes, so wrapping stays a few microseconds a line.
"""

from __future__ import annotations

# No line may start with these (closing brackets, sentence marks, the long-vowel mark and
# small kana, half-width closers after a word).
NO_START = frozenset(
    "、。，．・：；？！ー〜～…‥）」』】〕〉》］｝”’"
    ")]},.!?:;%"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
# ...and none may end with these: an opening bracket or a sign goes down with what follows it.
NO_END = frozenset("（「『【〔〈《［｛“‘([{＋－±¥$#")
# A full-width mark after which a Japanese line may end (the sentence or clause is over).
_CLAUSE_END = frozenset("、。，．・：；？！…‥）」』】〕〉》］｝”’")
# The long-vowel mark and small kana continue the word before them, whatever its script.
_CONTINUES = frozenset("ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
# Particles: a phrase ends after them (the one-kana ones, enough to tell 捨て場 from 場を／捨て).
_PARTICLES = frozenset("のはがをにへとでもやかば")
# Kana that make a word honourific (お宝, ご注意): they belong to the word after them.
_PREFIXES = frozenset("おご")


def char_class(ch: str) -> str:
    """``hira``, ``kata``, ``kanji``, ``digit``, ``latin``, ``space`` or ``mark``."""
    code = ord(ch)
    if ch == " " or ch == "\u3000":
        return "space"
    if 0x3041 <= code <= 0x309F:
        return "hira"
    if (0x30A1 <= code <= 0x30FA or 0x30FC <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF
            or 0xFF66 <= code <= 0xFF9F):
        return "kata"
    if (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0xF900 <= code <= 0xFAFF
            or ch in "々〆〇ヶ"):
        return "kanji"
    if ch.isdigit():
        return "digit"
    if ch.isalpha():
        return "latin"
    return "mark"


def _class_at(s: str, k: int) -> str:
    """The class of ``s[k]``, where ー and a small kana take the class of the letter before them
    (すごーい is kana throughout)."""
    while k > 0 and s[k] in _CONTINUES:
        k -= 1
    return char_class(s[k])


def may_break(s: str, k: int) -> bool:
    """Whether a line may end between ``s[k - 1]`` and ``s[k]`` (0 < k < len(s))."""
    a, b = s[k - 1], s[k]
    if b in NO_START or a in NO_END:
        return False
    ca, cb = char_class(a), char_class(b)
    if ca == "space":
        return not _unit_after_number(s, k)
    if cb == "space":
        return False
    if a in _CLAUSE_END or b in "（「『【〔〈《［｛“‘":
        return True
    if _class_at(s, k - 1) == "hira" and cb not in ("hira", "mark"):
        return not _is_prefix(s, k - 1) and not (cb == "kanji" and _inside_compound(s, k))
    return False


def _inside_compound(s: str, k: int) -> bool:
    """The kana before ``s[k]`` are okurigana inside one word (捨て場, 見習い剣士, 落とし穴):
    one or two kana between kanji, the last of them no particle (冒険者を／撃退, 深度の／得点)."""
    run = k
    while run > 0 and char_class(s[run - 1]) == "hira":
        run -= 1
    return (k - run <= 2 and run > 0 and char_class(s[run - 1]) == "kanji"
            and s[k - 1] not in _PARTICLES)


def _unit_after_number(s: str, k: int) -> bool:
    """``s[k:]`` starts with a unit of at most three letters (gp, G, BP, EXP) and a number ends
    just before the space: 10,000 gp is one word on a line."""
    if k < 2 or not s[k - 2].isdigit():
        return False
    end = k
    while end < len(s) and char_class(s[end]) == "latin":
        end += 1
    return 0 < end - k <= 3 and (end == len(s) or char_class(s[end]) != "latin")


def _is_prefix(s: str, k: int) -> bool:
    """``s[k]`` is お or ご standing alone before a word (お宝, ご注意), not ending one (なお)."""
    return s[k] in _PREFIXES and (k == 0 or char_class(s[k - 1]) != "hira")


def phrases(s: str) -> list[str]:
    """``s`` cut at every point a line may end; the pieces join back to ``s``."""
    out: list[str] = []
    start = 0
    for k in range(1, len(s)):
        if may_break(s, k):
            out.append(s[start:k])
            start = k
    if s:
        out.append(s[start:])
    return out


def may_cut(s: str, k: int) -> bool:
    """A weaker rule, for a phrase too wide for the line: anywhere kinsoku allows, but still not
    inside a katakana word, a number or a Latin word."""
    a, b = s[k - 1], s[k]
    if b in NO_START or a in NO_END:
        return False
    ca, cb = _class_at(s, k - 1), char_class(b)
    if ca == cb and ca in ("kata", "digit", "latin"):
        return False
    return ca == "space" or ca in ("hira", "kata", "kanji") or cb in ("hira", "kata", "kanji")
