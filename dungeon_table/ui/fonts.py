"""One type family (Noto Sans CJK JP: Latin and Japanese), four sizes plus big numbers.

``font(role, scale)`` opens a font once per pixel size; ``text(...)`` caches rendered strings, so
labels that do not change cost nothing per frame; ``wrap`` breaks lines at spaces for English and
between phrases for Japanese (which has no spaces), by the kinsoku and phrase rules of
``linebreak``.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from dungeon_table.ui import linebreak

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
        for token in linebreak.phrases(paragraph):
            candidate = current + token
            if current and f.size(candidate.rstrip())[0] > width:
                lines.append(current.rstrip())
                current = token.lstrip() if not _is_cjk(token[0]) else token
            else:
                current = candidate
            current = _break_long_word(current, f, width, lines)
        lines.append(current.rstrip())
        _no_widow(lines, start, f, width)
    return tuple(lines)


def _no_widow(lines: list[str], start: int, f: pygame.font.Font, width: int) -> None:
    """A Japanese paragraph does not end on a line of one character and its 。 ("す / る。"):
    the last phrase of the line before goes down with it, where that still fits."""
    if len(lines) - start < 2:
        return
    last, before = lines[-1], lines[-2]
    if not last or not _is_cjk(last[0]) or len(last.rstrip("。、」）")) > 1:
        return
    pieces = linebreak.phrases(before)
    if len(pieces) < 2 or f.size(pieces[-1] + last)[0] > width:
        return
    lines[-2], lines[-1] = before[: -len(pieces[-1])], pieces[-1] + last


def _break_long_word(current: str, f: pygame.font.Font, width: int, lines: list[str]) -> str:
    """A phrase wider than the line (a long word, a long compound, the first of a paragraph
    too) is cut where it must be: at the last point that keeps words whole and starts no line
    with 。ー）, else where it fits; the full lines go to ``lines``, the rest is returned to carry
    on with."""
    while len(current.rstrip()) > 1 and f.size(current.rstrip())[0] > width:
        fit = len(current.rstrip()) - 1
        while fit > 1 and f.size(current[:fit])[0] > width:
            fit -= 1
        soft = [k for k in range(fit, 0, -1) if linebreak.may_cut(current, k)]
        cut = soft[0] if soft else fit
        while not soft and cut > 1 and current[cut] in linebreak.NO_START:
            cut -= 1
        lines.append(current[:cut])
        current = current[cut:]
    return current


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
