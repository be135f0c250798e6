"""One type family (Noto Sans CJK JP: Latin and Japanese), four sizes plus big numbers.

``font(role, scale)`` opens a font once per pixel size; ``text(...)`` caches rendered strings, so
labels that do not change cost nothing per frame; ``wrap`` breaks lines at spaces for English and
between any two characters for Japanese (which has no spaces), keeping closing punctuation on the
line it ends.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

# Design sizes at 1920×1080 (theme scale 1.0).
ROLE_SIZES: dict[str, int] = {
    "title": 64,
    "heading": 36,
    "body": 24,
    "small": 18,
    "number": 40,  # the numbers that matter: life, power, damage (drawn bold)
}

# Below these pixel sizes Japanese stops being comfortably legible, whatever the window size.
ROLE_MIN: dict[str, int] = {"small": 13, "body": 15}

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_CACHE_MAX = 1200

# Characters a Japanese line must not start with (kinsoku shori, the common subset).
_NO_LINE_START = set(
    "、。，．・：；？！ー）」』】〕〉》’”)]},.!?:;ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
)


# ...and characters it must not end with: an opening bracket or a sign (＋２) goes to the next
# line with what follows it.
_NO_LINE_END = set("（「『【〔〈《［｛“‘＋－±")


def _font_path() -> str:
    from noto_cjk_sans_jp_regular import FONT_PATH

    return str(FONT_PATH)


def size_for(role: str, scale: float = 1.0) -> int:
    if role not in ROLE_SIZES:
        raise ValueError(f"unknown font role {role!r} (known: {', '.join(ROLE_SIZES)})")
    return max(ROLE_MIN.get(role, 8), round(ROLE_SIZES[role] * scale))


def font(role: str, scale: float = 1.0, bold: bool = False) -> pygame.font.Font:
    """The font for a role at a scale; ``"number"`` is always bold. Cached per pixel size."""
    return font_px(size_for(role, scale), bold or role == "number")


def font_px(size: int, bold: bool = False) -> pygame.font.Font:
    """The project font at an exact pixel size (at least 6), opened once: card faces scale their
    type with the card's width rather than with the UI roles."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (max(6, size), bold)
    if key not in _fonts:
        f = pygame.font.Font(_font_path(), key[0])
        f.bold = bold  # the package ships one weight; pygame emboldens it
        _fonts[key] = f
    return _fonts[key]


def text(
    s: str,
    role: str,
    colour: tuple[int, int, int],
    scale: float = 1.0,
    bold: bool = False,
) -> pygame.Surface:
    """``s`` rendered anti-aliased on a transparent surface; the same call returns the cached one."""
    key = (s, role, tuple(colour), round(scale, 3), bold)
    cached = _texts.get(key)
    if cached is not None:
        _texts.move_to_end(key)
        return cached
    surface = font(role, scale, bold).render(s, True, colour)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    _texts[key] = surface
    if len(_texts) > _TEXT_CACHE_MAX:
        _texts.popitem(last=False)
    return surface


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3000 <= code <= 0x9FFF  # punctuation, kana, CJK ideographs
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
    )


def _is_katakana(ch: str) -> bool:
    """A katakana letter, the long-vowel mark ー included; ・ separates words, so it is not."""
    code = ord(ch)
    return (0x30A1 <= code <= 0x30FA or 0x30FC <= code <= 0x30FF or 0xFF66 <= code <= 0xFF9F
            or 0x31F0 <= code <= 0x31FF)


def _run_kind(ch: str) -> str:
    """What kind of unbreakable run ``ch`` belongs to: a katakana word, a full-width number or
    Latin word (１３, ＨＰ), else none ("" for other CJK, "latin" for the rest)."""
    code = ord(ch)
    if _is_katakana(ch):
        return "kana"
    if 0xFF10 <= code <= 0xFF19 or 0xFF21 <= code <= 0xFF3A or 0xFF41 <= code <= 0xFF5A:
        return "wide"
    return "" if _is_cjk(ch) else "latin"


# Small kana and the long-vowel mark continue the word before them; punctuation ends it.
_CONTINUES = set("ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")


def _tokens(line: str) -> list[str]:
    """Break points: a Latin word with its trailing space, a katakana word whole (ダンジョン
    with its ー and small kana), a full-width number whole (１３), any other CJK character
    alone. A character no line may start with (。、ー ッ ）) stays with what comes before it,
    an opening bracket or a sign (「（＋) with what follows."""
    tokens: list[str] = []
    word = ""
    for ch in line:
        kind = _run_kind(ch)
        if ch in _NO_LINE_START and (word or tokens):
            if word and (ch in _CONTINUES or kind == "latin"):
                word += ch  # inside the word (ダンジョー, a Latin word's comma)
            elif word:
                tokens.append(word + ch)
                word = ""
            else:
                tokens[-1] += ch
        elif ch == " ":
            tokens.append(word + " ")
            word = ""
        elif kind == "":
            if word:
                tokens.append(word)
                word = ""
            tokens.append(ch)
        else:
            if word and _run_kind(word[-1]) != kind:
                tokens.append(word)
                word = ""
            word += ch
    if word:
        tokens.append(word)
    return _join_openers(tokens)


def _join_openers(tokens: list[str]) -> list[str]:
    """An opening bracket (「（) ends no line: it goes with the token after it."""
    out: list[str] = []
    carry = ""
    for token in tokens:
        if token and token[-1] in _NO_LINE_END:
            carry += token
        else:
            out.append(carry + token)
            carry = ""
    if carry:
        out.append(carry)
    return out


def wrap(s: str, role: str, width: int, scale: float = 1.0, bold: bool = False) -> list[str]:
    """Lines of ``s`` that fit ``width`` pixels; ``\\n`` starts a new paragraph line."""
    return wrap_lines(s, font(role, scale, bold), width)


def wrap_lines(s: str, f: pygame.font.Font, width: int) -> list[str]:
    """``wrap`` measured in a given font (card faces size theirs by the card, not by a role).
    Panels wrap the same text every frame, so the lines are kept (fonts live as long as the
    app: ``font`` caches them, so a font is the same object each time)."""
    return list(_wrapped(s, f, width))


@lru_cache(maxsize=4096)
def _wrapped(s: str, f: pygame.font.Font, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in s.split("\n"):
        start = len(lines)
        current = ""
        for token in _tokens(paragraph):
            candidate = current + token
            if current and f.size(candidate.rstrip())[0] > width:
                lines.append(current.rstrip())
                current = token.lstrip() if not _is_cjk(token[0]) else token
            else:
                current = candidate
            current = _break_long_word(current, f, width, lines)
        lines.append(current.rstrip())
        _no_widow(lines, start)
    return tuple(lines)


def _no_widow(lines: list[str], start: int) -> None:
    """A Japanese paragraph does not end on a line of one character and its 。 ("す / る。"):
    the last character of the line before goes down with it (the line only gets shorter)."""
    if len(lines) - start < 2:
        return
    last, before = lines[-1], lines[-2]
    if not last or not _is_cjk(last[0]) or len(last.rstrip("。、」）")) > 1:
        return
    tokens = _tokens(before)
    if len(tokens) < 3 or len(tokens[-1]) != 1 or _run_kind(tokens[-1]) != "":
        return
    lines[-2], lines[-1] = before[:-1], tokens[-1] + last


def _break_long_word(current: str, f: pygame.font.Font, width: int, lines: list[str]) -> str:
    """A token wider than the line (a long word, a bracketed katakana word, the first of a
    paragraph too) is cut where it must be: at the last point that keeps words whole and starts
    no line with 。ー）, else where it fits; the full lines go to ``lines``, the rest is returned
    to carry on with."""
    while len(current.rstrip()) > 1 and f.size(current.rstrip())[0] > width:
        fit = len(current.rstrip()) - 1
        while fit > 1 and f.size(current[:fit])[0] > width:
            fit -= 1
        soft = [k for k in range(fit, 0, -1) if _soft_break(current, k)]
        cut = soft[0] if soft else fit
        while not soft and cut > 1 and current[cut] in _NO_LINE_START:
            cut -= 1
        lines.append(current[:cut])
        current = current[cut:]
    return current


def _soft_break(s: str, k: int) -> bool:
    """Whether a line may end between ``s[k - 1]`` and ``s[k]`` without cutting a word."""
    a, b = s[k - 1], s[k]
    if b in _NO_LINE_START or a in _NO_LINE_END:
        return False
    if _is_katakana(a) and _is_katakana(b):
        return False
    return a == " " or _is_cjk(a) or _is_cjk(b)


def line_height(role: str, scale: float = 1.0) -> int:
    """Distance between baselines of wrapped lines (the CJK font's own height is generous)."""
    return round(font(role, scale).get_linesize() * 0.92)


def fit(s: str, role: str, width: int, scale: float = 1.0, bold: bool = False) -> str:
    """``s`` shortened with an ellipsis so it fits ``width`` pixels (names in tight columns)."""
    f = font(role, scale, bold)
    if f.size(s)[0] <= width:
        return s
    # The longest prefix that fits with its ellipsis, found in a few measurements: shortening one
    # character at a time froze Continue 40 s on a 10,000-character name.
    low, high = 0, len(s)
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(s[:mid] + "…")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return s[:low] + "…"


def shrink_to_fit(
    s: str, role: str, width: int, scale: float = 1.0, bold: bool = False, floor: float = 0.8
) -> tuple[str, str, float]:
    """``s`` with a role and scale at which it fits ``width``: first smaller type (down to
    ``floor`` of its size, never below the legible minimum of small text), only then an ellipsis.
    Measured in the weight it is drawn in. Returns (text, role, scale) to draw with."""
    base = size_for(role, scale)
    for k in (1.0, 0.92, 0.86, floor):
        px = max(ROLE_MIN["small"], round(base * k))
        fit_role, fit_scale = (role, scale * k) if px >= size_for(role, scale * k) else (
            "small", px / ROLE_SIZES["small"])
        if font(fit_role, fit_scale, bold).size(s)[0] <= width:
            return s, fit_role, fit_scale
    return fit(s, fit_role, width, fit_scale, bold), fit_role, fit_scale
