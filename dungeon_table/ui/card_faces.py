"""Cards drawn from their definitions: faces, backs, sideways cards and their shadows, cached.

A game's view turns its YAML card definition into a ``FaceSpec`` (texts already translated, numbers
already chosen for the card kind) or a ``BackSpec``; this module only knows how a card looks:

    spec = FaceSpec(title="Pit Trap", band=CARD_COLOURS["red"], glyph="red", band_label="Dungeon",
                    corners=(Corner("tl", "1", "cost"), Corner("tr", "3", "damage")), body="...",
                    icon="spiky-pit")
    image = face(spec, 140)            # 140 x 196, rendered once, convert_alpha()ed
    blit_card(surface, image, rect)    # with its soft drop shadow

Every image is rendered once per (spec, width) - the spec carries the language - and kept.
A face is drawn around its picture (``icon``, from ``ui.icons``): large in the art box under the
name, tinted by the card's colour; the text below takes the room left (a long one takes a
smaller picture, then smaller type, and past that has the body, the picture faint behind it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from dungeon_table.ui import icons, theme
from dungeon_table.ui.fonts import font_px, wrap_lines

RATIO = 88 / 63
PAPER = (238, 230, 212)
PAPER_DARK = (214, 203, 180)
EDGE = (28, 24, 22)
INK = (40, 34, 30)
INK_DIM = (92, 84, 76)

# Badge colours for the corner numbers, by what the number means.
BADGE = {
    "cost": (70, 86, 112),
    "damage": (176, 48, 40),
    "power": (196, 112, 28),
    "scout": (112, 70, 150),
    "crystal": (36, 140, 168),
    "level": (60, 60, 60),
}


@dataclass(frozen=True)
class Corner:
    """A big number in a corner (``tl``/``tr``/``bl``/``br``), its kind (badge colour), a label."""

    pos: str
    value: str
    kind: str
    label: str = ""


@dataclass(frozen=True)
class FaceSpec:
    title: str
    band: tuple[int, int, int]
    glyph: str | None = None
    band_label: str = ""
    corners: tuple[Corner, ...] = ()
    body: str = ""
    footer: str = ""
    icon: str | None = None  # the card's picture (``ui.icons``); None: its colour glyph instead
    keep_clear: tuple[str, ...] = ()  # corners a game draws on itself ("bl"): no text runs there


@dataclass(frozen=True)
class BackSpec:
    """A card back: one pattern colour per deck, a big central value (a crystal's) and a label."""

    colour: tuple[int, int, int]
    value: str = ""
    label: str = ""
    gem: bool = False
    glyph: str | None = None


# Colour-blind mode: each card colour also gets its own pattern on the band and art (its glyph is
# always drawn; in this mode larger). Keyed by the colour name the glyph is looked up by.
PATTERNS = {"red": "diagonal", "blue": "dots", "yellow": "horizontal", "green": "vertical",
            "purple": "cross"}
_glyph_mode = [False]

_CACHE: dict[tuple[object, ...], pygame.Surface] = {}


def set_glyph_mode(on: bool) -> None:
    """Colour-blind mode (``settings.glyphs``): patterned colour bands, larger glyphs. Faces are
    cached per mode, so switching it costs one render per card."""
    _glyph_mode[0] = bool(on)


def glyph_mode() -> bool:
    return _glyph_mode[0]


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


def face(spec: FaceSpec, width: int) -> pygame.Surface:
    key = ("face", spec, width, glyph_mode())
    if key not in _CACHE:
        _CACHE[key] = _render_face(spec, width)
        _TITLES[_CACHE[key]] = (spec.title, round(_title_top(spec, width)))
    return _CACHE[key]


# Where each rendered face has its name: a fan that covers most of a card still shows its name
# whole (``name_plate``), so a hand never reads "ゴーレ" or "スライ".
_TITLES: dict[pygame.Surface, tuple[str, int]] = {}


def name_plate(image: pygame.Surface, shown: int) -> tuple[pygame.Surface, int] | None:
    """When a card's name does not fit the ``shown`` px of its left edge that the next card in a
    fan leaves visible: a plate with the name laid out in that width (wrapped between phrases,
    in smaller type as needed), and the height on the card to blit it at. None when the name
    shows whole already. Decided once per card image and width (a fan asks every frame)."""
    key = (image, shown)
    if key not in _PLATES:
        _PLATES[key] = _plate_for(image, shown)
    return _PLATES[key]


_PLATES: dict[tuple[pygame.Surface, int], tuple[pygame.Surface, int] | None] = {}


def _plate_for(image: pygame.Surface, shown: int) -> tuple[pygame.Surface, int] | None:
    title, top = _TITLES.get(image, ("", 0))
    w = image.get_width()
    if not title or shown >= w:
        return None
    f, lines = _title_lines(title, w)
    if max((w + f.size(line)[0]) // 2 for line in lines) <= shown - 2:
        return None
    return _render_plate(title, w, shown), top


def plate_layout(title: str, w: int, shown: int) -> tuple[pygame.font.Font, list[str], int]:
    """The name on a plate ``shown`` px wide of a card ``w`` px wide: the largest type at which
    it fits in at most two lines (three at 9 px), its lines, and their left margin."""
    margin = round(w * 0.05)
    room = max(4, shown - 2 * margin)
    size = round(w * 0.105)
    while True:
        f = font_px(size, bold=True)
        lines = wrap_lines(title, f, room)
        fits = len(lines) <= 2 and max(f.size(line)[0] for line in lines) <= room
        if (fits and not _splits_a_word(title, lines)) or size <= 9:
            return f, lines, margin
        size -= 1


def _splits_a_word(title: str, lines: list[str]) -> bool:
    """A Latin name broken inside a word ("Skeleto" / "n"): smaller type reads better. A
    Japanese name breaks between phrases by design (``linebreak``), never counted here."""
    words = set(title.split())
    return title.isascii() and any(word not in words for line in lines for word in line.split())


def _render_plate(title: str, w: int, shown: int) -> pygame.Surface:
    f, lines, margin = plate_layout(title, w, shown)
    step = round(f.get_linesize() * 0.92)
    plate = pygame.Surface((min(shown, w), step * len(lines) + 2), pygame.SRCALPHA)
    plate.fill((*PAPER, 255))
    for k, line in enumerate(lines):
        plate.blit(f.render(line, True, INK), (margin, k * step))
    return plate.convert_alpha() if pygame.display.get_surface() is not None else plate


def _badge_room(spec: FaceSpec, w: int) -> int:
    """How far a corner's badge (and its label, on a card large enough to letter it) reaches in:
    the label's whole line and a gap ("defence" sat on the loot text's last line)."""
    labels = w >= 110 and any(c.label for c in spec.corners)
    return round(w * 0.30) + (corner_label_font(w).get_height() + round(w * 0.02) if labels else 0)


def corner_label_font(w: int) -> pygame.font.Font:
    """The small type of a corner's label ("attack", "defence") on a card ``w`` wide."""
    return font_px(round(w * 0.06))


def corner_label_rect(c: Corner, w: int, h: int) -> pygame.Rect:
    """Where a corner's label lies: under a top badge, over a bottom one."""
    r = max(6, round(w * 0.13))
    m = round(w * 0.04) + r
    x = m if c.pos[1] == "l" else w - m
    y = m if c.pos[0] == "t" else h - m
    lab = corner_label_font(w).size(c.label)
    ly = y + r + lab[1] * 0.5 if c.pos[0] == "t" else y - r - lab[1] * 0.5
    return pygame.Rect(0, 0, *lab).move(round(x - lab[0] / 2), round(ly - lab[1] / 2))


def _title_top(spec: FaceSpec, width: int) -> float:
    """The y of a face's name: under the top corners' badges, else under the colour band."""
    w, h = card_size(width)
    badge = _badge_room(spec, w)
    band_bottom = (2 if w >= 90 else 1) + round(h * 0.2)
    tops = any(c.pos[0] == "t" for c in spec.corners)
    return (badge if tops else band_bottom) + h * 0.01


def back(spec: BackSpec, width: int) -> pygame.Surface:
    key = ("back", spec, width)
    if key not in _CACHE:
        _CACHE[key] = _render_back(spec, width)
    return _CACHE[key]


def sideways(image: pygame.Surface) -> pygame.Surface:
    """The same card turned a quarter clockwise (stacked damage lies across the adventurer): the
    left-edge numbers come to the top, where a cascade of sideways cards leaves them visible."""
    key = ("side", id(image))
    if key not in _CACHE:
        _CACHE[key] = pygame.transform.rotate(image, -90).convert_alpha()
    return _CACHE[key]


def shadow(size: tuple[int, int]) -> pygame.Surface:
    """A soft dark blur the size of a card, blitted a little below and right of it."""
    key = ("shadow", size)
    if key not in _CACHE:
        w, h = size
        pad = max(4, w // 12)
        small_size = (max(1, (w + 2 * pad) // 4), max(1, (h + 2 * pad) // 4))
        small = pygame.Surface(small_size, pygame.SRCALPHA)
        inner = pygame.Rect(pad // 4, pad // 4, max(1, w // 4), max(1, h // 4))
        pygame.draw.rect(small, (0, 0, 0, 120), inner, border_radius=max(1, w // 40))
        blurred = pygame.transform.gaussian_blur(small, max(1, pad // 8))
        big = pygame.transform.smoothscale(blurred, (w + 2 * pad, h + 2 * pad))
        _CACHE[key] = big.convert_alpha()
    return _CACHE[key]


def blit_card(
    surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, lifted: bool = False
) -> None:
    """A card with its shadow; ``lifted`` casts it further (hovered or chosen)."""
    sh = shadow(image.get_size())
    off = max(2, image.get_width() // (16 if lifted else 30))
    surface.blit(sh, sh.get_rect(center=(rect.centerx + off, rect.centery + off * 1.5)))
    surface.blit(image, rect.topleft)


def edge(width: int) -> pygame.Surface:
    """A plain card seen from its edge in a pile: paper and rim, no face."""
    key = ("edge", width)
    if key not in _CACHE:
        _CACHE[key] = _base(width)[0].convert_alpha()
    return _CACHE[key]


def pile_depth(count: int, width: int) -> int:
    """How far (px, up and right) the cards under the top one show: a hint, at most 3 layers."""
    return min(3, max(0, count - 1)) * max(2, width // 24)


def draw_pile(surface: pygame.Surface, top: pygame.Surface, rect: pygame.Rect, count: int,
              under: pygame.Surface | None = None) -> pygame.Rect:
    """A tidy pile: up to three cards squared under ``top`` (``under`` for a face-down deck,
    plain edges for a face-up pile), ``top`` on ``rect``. Returns the area it covers."""
    step = max(2, rect.w // 24)
    layers = pile_depth(count, rect.w) // step
    image = under if under is not None else edge(rect.w)
    sh = shadow(top.get_size())
    off = max(2, top.get_width() // 30)
    surface.blit(sh, sh.get_rect(center=(rect.centerx + off + layers * step,
                                         rect.centery + off * 1.5 - layers * step)))
    for k in range(layers, 0, -1):
        surface.blit(image, rect.move(k * step, -k * step).topleft)
    surface.blit(top, rect.topleft)
    return rect.union(rect.move(layers * step, -layers * step))


def _base(width: int) -> tuple[pygame.Surface, pygame.Rect, int]:
    w, h = card_size(width)
    radius = max(3, w // 14)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    edge = 2 if w >= 90 else 1
    pygame.draw.rect(surf, EDGE, rect, border_radius=radius)
    pygame.draw.rect(surf, PAPER, rect.inflate(-2 * edge, -2 * edge), border_radius=radius - edge)
    return surf, rect.inflate(-2 * edge, -2 * edge), radius


def body_foot(spec: FaceSpec, w: int, h: int) -> float:
    """The lowest y a face's body text may reach: above the bottom corners' badges and labels."""
    bottoms = any(c.pos[0] == "b" for c in spec.corners) or any(p[0] == "b" for p in spec.keep_clear)
    return h - (_badge_room(spec, w) if bottoms else round(w * 0.06)) - (
        h * 0.04 if spec.footer else 0)


def _render_face(spec: FaceSpec, width: int) -> pygame.Surface:
    surf, inner, radius = _base(width)
    w, h = surf.get_size()
    band = pygame.Rect(inner.x, inner.y, inner.w, round(h * 0.2))
    pygame.draw.rect(surf, spec.band, band, border_top_left_radius=radius - 2,
                     border_top_right_radius=radius - 2)
    pattern = PATTERNS.get(spec.glyph or "") if glyph_mode() else None
    if pattern:
        _draw_pattern(surf, band, pattern, _shade(spec.band, 0.72), max(4, w // 18))
        _restore_corners(surf, radius)
    pygame.draw.line(surf, _shade(spec.band, 0.6), band.bottomleft, (band.right, band.bottom), 2)
    if spec.glyph:
        size = band.h * (0.3 if glyph_mode() else 0.25)
        spot = (band.centerx, band.y + band.h * (0.36 if glyph_mode() else 0.42))
        if glyph_mode():  # a dark ring keeps the bigger glyph clear of the pattern
            theme.draw_glyph(surf, spec.glyph, spot, max(4, size + 2), _shade(spec.band, 0.45))
        theme.draw_glyph(surf, spec.glyph, spot, max(3, size), _ink_on(spec.band))
    tops = any(c.pos[0] == "t" for c in spec.corners)
    badge = _badge_room(spec, w)
    if spec.band_label:
        lab = font_px(round(w * 0.075)).render(spec.band_label, True, _ink_on(spec.band))
        corner = round(w * 0.31)  # a top corner's badge reaches this far in
        room = band.w - 2 * corner if tops else band.w - round(w * 0.1)
        if lab.get_width() > room > 0:
            lab = pygame.transform.smoothscale_by(lab, room / lab.get_width())
        surf.blit(lab, lab.get_rect(midbottom=(band.centerx, band.bottom - max(1, h // 80))))
    y = _draw_title(surf, spec.title, _title_top(spec, width), w)
    body_bottom = body_foot(spec, w, h)

    def body_rect(art: int) -> pygame.Rect:
        top = y + (art + h * 0.025 if art else h * 0.01)
        return pygame.Rect(inner.x + w * 0.06, top, inner.w - w * 0.12, body_bottom - top)

    art_h, text = _art_and_body(spec, w, h, body_rect)
    if art_h:
        _draw_art(surf, spec, pygame.Rect(inner.x + w * 0.1, y, inner.w - w * 0.2, art_h))
    elif spec.icon:
        _draw_watermark(surf, spec, body_rect(0))
    _draw_body(surf, text, body_rect(art_h))
    if spec.footer:  # centred in the room the bottom corners leave
        pad = round(w * 0.05)  # clear of the rounded edge
        taken = {c.pos for c in spec.corners} | set(spec.keep_clear)
        left = badge if "bl" in taken else pad
        right = w - (badge if "br" in taken else pad)
        ft = font_px(round(w * 0.07)).render(spec.footer, True, INK_DIM)
        if ft.get_width() > right - left:
            ft = pygame.transform.smoothscale_by(ft, (right - left) / ft.get_width())
        surf.blit(ft, ft.get_rect(midbottom=((left + right) // 2, h - h * 0.025)))
    for corner in spec.corners:
        _draw_corner(surf, corner, w, h)
    return surf.convert_alpha()


# The picture's share of the card's height, largest first: a text that does not fit under the
# largest takes a smaller picture, then smaller type (down to the body's floor); a text too long
# for even the smallest gets the whole body, the picture faint behind it (``_draw_watermark``).
ART_SHARES = (0.34, 0.28, 0.22, 0.17, 0.13)
EMBLEM_SHARE = 0.13  # a card without a picture: its colour glyph as a quiet emblem


def _art_and_body(spec: FaceSpec, w: int, h: int,
                  body_rect: Callable[[int], pygame.Rect]) -> tuple[int, BodyText]:
    """The art box's height and the body laid out under it."""
    if spec.icon:
        heights = [min(round(h * share), max(0, body_rect(0).h)) for share in ART_SHARES]
        for shrink in (False, True):
            for art_h in heights:
                text = _fit_body(spec.body, w, body_rect(art_h), shrink=shrink)
                if text.fits:
                    return art_h, text
        # no room for both: the whole text, the picture faint behind it (drawn by the caller)
        return 0, _fit_body(spec.body, w, body_rect(0))
    art_h = round(h * EMBLEM_SHARE)
    text = _fit_body(spec.body, w, body_rect(art_h), shrink=False)
    if not text.fits:  # a long text takes the emblem's room before it takes smaller type
        return 0, _fit_body(spec.body, w, body_rect(0))
    return art_h, text


def _title_lines(title: str, w: int) -> tuple[pygame.font.Font, list[str]]:
    """One line in the full size if it fits; else two lines, in smaller type as far as needed
    (a long Japanese name); at the smallest, the second line ends in an ellipsis."""
    f = font_px(round(w * 0.105), bold=True)
    lines = wrap_lines(title, f, round(w * 0.86))
    if len(lines) == 1:
        return f, lines
    for share in (0.09, 0.08, 0.07):
        f = font_px(round(w * share), bold=True)
        lines = wrap_lines(title, f, round(w * 0.88))
        if len(lines) <= 2:
            return f, lines
    last = lines[1]
    while last and f.size(last + "…")[0] > round(w * 0.88):
        last = last[:-1]
    return f, [lines[0], last + "…"]


def _draw_title(surf: pygame.Surface, title: str, top: float, w: int) -> float:
    f, lines = _title_lines(title, w)
    y = top
    for line in lines:
        img = f.render(line, True, INK)
        surf.blit(img, img.get_rect(midtop=(w // 2, round(y))))
        y += f.get_linesize() * 0.92
    return y + w * 0.02


def _draw_art(surf: pygame.Surface, spec: FaceSpec, rect: pygame.Rect) -> None:
    """The art box: the card's picture large, dark in its colour on a pale tint of it (its
    glyph instead on a card without one); colour-blind mode adds the colour's pattern."""
    tint = theme.mix(spec.band, PAPER, 0.72 if spec.icon is None else 0.78)
    pygame.draw.rect(surf, tint, rect, border_radius=max(2, rect.w // 16))
    pattern = PATTERNS.get(spec.glyph or "") if glyph_mode() else None
    if pattern:  # quieter behind a picture, which must stay clear
        _draw_pattern(surf, rect.inflate(-2, -2), pattern,
                      theme.mix(spec.band, PAPER, 0.5 if spec.icon is None else 0.66),
                      max(4, rect.h // 4))
    pygame.draw.rect(surf, theme.mix(spec.band, PAPER, 0.4), rect, 1, border_radius=max(2, rect.w // 16))
    if spec.icon:
        icons.blit_icon(surf, spec.icon, rect, _shade(spec.band, 0.5), share=0.9)
    elif spec.glyph:
        ink = theme.mix(spec.band, PAPER, 0.2)
        size = rect.h * (0.45 if glyph_mode() else 0.33)
        theme.draw_glyph(surf, spec.glyph, rect.center, max(4, size), ink)


WATERMARK_ALPHA = 80  # a picture behind a long text: seen, and the text still reads over it


def _draw_watermark(surf: pygame.Surface, spec: FaceSpec, rect: pygame.Rect) -> None:
    """The picture faint behind the body, on a card whose text leaves no room for the art box."""
    assert spec.icon is not None
    size = round(min(rect.w * 0.7, rect.h * 1.15))  # a little past the text's lines: it is faint
    if size < 8:
        return
    image = icons.icon(spec.icon, size, theme.mix(spec.band, PAPER, 0.2)).copy()
    image.set_alpha(WATERMARK_ALPHA)
    surf.blit(image, image.get_rect(center=rect.center))


@dataclass
class BodyText:
    """A card's text laid out: its font, its lines, and whether all of them fit."""

    font: pygame.font.Font | None
    lines: list[str]
    fits: bool


BODY_MIN_SHARE = 0.7  # the body type shrinks to 70 % of its size at most; past that it is cut
BODY_MIN_PX = 12  # ...or, on a card shown large, to this size, still read with ease


def _fit_body(body: str, width: int, rect: pygame.Rect, shrink: bool = True) -> BodyText:
    """The largest type at which ``body`` fits ``rect`` (down to ``BODY_MIN_SHARE`` of the
    card's own, or ``BODY_MIN_PX``; ``shrink=False``: the card's own only); at the smallest, the
    lines that fit, the last ending in an ellipsis."""
    if not body:
        return BodyText(None, [], True)
    start = max(1, round(width * 0.078))
    # large (previewed) cards may go down to a legible 12 px; small ones to BODY_MIN_SHARE
    floor = min(start, max(5, min(round(start * BODY_MIN_SHARE), BODY_MIN_PX)))
    floor = floor if shrink else start
    for size in range(start, floor - 1, -1):
        f = font_px(size)
        lines = wrap_lines(body, f, rect.w)
        if len(lines) * f.get_linesize() <= rect.h + f.get_linesize() * 0.3:
            return BodyText(f, lines, True)
    room = max(1, int((rect.h + f.get_linesize() * 0.3) // f.get_linesize()))
    shown = lines[:room]
    last = shown[-1]
    while last and f.size(last + "…")[0] > rect.w:
        last = last[:-1]
    return BodyText(f, shown[:-1] + [last + "…"], False)


def _draw_body(surf: pygame.Surface, text: BodyText, rect: pygame.Rect) -> None:
    if text.font is None:
        return
    y = rect.y
    for line in text.lines:
        img = text.font.render(line, True, INK)
        surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += text.font.get_linesize()


def _draw_corner(surf: pygame.Surface, c: Corner, w: int, h: int) -> None:
    r = max(6, round(w * 0.13))
    m = round(w * 0.04) + r
    x = m if c.pos[1] == "l" else w - m
    y = m if c.pos[0] == "t" else h - m
    colour = BADGE.get(c.kind, BADGE["level"])
    if c.kind == "crystal":
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, EDGE, pts, max(1, r // 8))
    else:
        pygame.draw.circle(surf, colour, (x, y), r)
        pygame.draw.circle(surf, EDGE, (x, y), r, max(1, r // 8))
    num = font_px(round(r * 1.35), bold=True).render(c.value, True, (255, 255, 255))
    surf.blit(num, num.get_rect(center=(x, y - r * 0.04)))
    if c.label and w >= 110:
        surf.blit(corner_label_font(w).render(c.label, True, INK_DIM), corner_label_rect(c, w, h))


def _render_back(spec: BackSpec, width: int) -> pygame.Surface:
    surf, inner, radius = _base(width)
    w, h = surf.get_size()
    pygame.draw.rect(surf, spec.colour, inner, border_radius=radius - 2)
    line = _shade(spec.colour, 0.8)
    step = max(6, w // 8)
    for k in range(-h, w + h, step):  # one lattice per deck: diagonal lines both ways
        pygame.draw.line(surf, line, (inner.x + k, inner.y), (inner.x + k + h, inner.bottom), 1)
        pygame.draw.line(surf, line, (inner.x + k + h, inner.y), (inner.x + k, inner.bottom), 1)
    frame = inner.inflate(-w * 0.12, -w * 0.12)
    pygame.draw.rect(surf, theme.mix(spec.colour, (255, 255, 255), 0.55), frame, max(1, w // 50),
                     border_radius=max(2, radius - 4))
    _restore_corners(surf, radius)
    centre = (w // 2, round(h * 0.46))
    r = round(w * 0.26)
    if spec.gem:
        pts = [(centre[0], centre[1] - r * 1.2), (centre[0] + r, centre[1] - r * 0.2),
               (centre[0] + r * 0.6, centre[1] + r), (centre[0] - r * 0.6, centre[1] + r),
               (centre[0] - r, centre[1] - r * 0.2)]
        pygame.draw.polygon(surf, (150, 226, 240), pts)
        pygame.draw.polygon(surf, (24, 70, 90), pts, max(1, w // 60))
    else:
        pygame.draw.circle(surf, _shade(spec.colour, 0.55), centre, r)
        light = theme.mix(spec.colour, (255, 255, 255), 0.55)
        pygame.draw.circle(surf, light, centre, r, max(1, w // 60))
        if spec.glyph and not spec.value:
            theme.draw_glyph(surf, spec.glyph, centre, r // 2, light)
    if spec.value:
        ink = (20, 50, 64) if spec.gem else (255, 255, 255)
        num = font_px(round(r * 1.2), bold=True).render(spec.value, True, ink)
        surf.blit(num, num.get_rect(center=centre))
    if spec.label:
        f = font_px(round(w * 0.1), bold=True)
        lab = f.render(spec.label, True, (255, 255, 255))
        pill = lab.get_rect(center=(w // 2, round(h * 0.8))).inflate(w * 0.1, 2)
        pygame.draw.rect(surf, _shade(spec.colour, 0.45), pill, border_radius=pill.h // 2)
        surf.blit(lab, lab.get_rect(center=pill.center))
    return surf.convert_alpha()


def _draw_pattern(surf: pygame.Surface, rect: pygame.Rect, kind: str, colour: tuple[int, int, int],
                  step: int) -> None:
    """Fill ``rect`` with one of the ``PATTERNS`` (lines, dots, hatching), clipped to it."""
    old_clip = surf.get_clip()
    surf.set_clip(rect)
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.bottom
    line = max(1, step // 5)
    if kind in ("diagonal", "cross"):
        for k in range(-rect.h, rect.w + rect.h, step):
            pygame.draw.line(surf, colour, (x0 + k, y1), (x0 + k + rect.h, y0), line)
            if kind == "cross":
                pygame.draw.line(surf, colour, (x0 + k, y0), (x0 + k + rect.h, y1), line)
    elif kind == "horizontal":
        for y in range(y0 + step // 2, y1, step):
            pygame.draw.line(surf, colour, (x0, y), (x1, y), line)
    elif kind == "vertical":
        for x in range(x0 + step // 2, x1, step):
            pygame.draw.line(surf, colour, (x, y0), (x, y1), line)
    elif kind == "dots":
        for row, y in enumerate(range(y0 + step // 2, y1, step)):
            for x in range(x0 + step // 2 + (step // 2 if row % 2 else 0), x1, step):
                pygame.draw.circle(surf, colour, (x, y), max(1, step // 5))
    surf.set_clip(old_clip)


def _restore_corners(surf: pygame.Surface, radius: int) -> None:
    """Redraw the dark rounded edge over pattern lines that ran past it."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, EDGE, surf.get_rect(), 2 if surf.get_width() >= 90 else 1,
                     border_radius=radius)


def _ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark or light ink, whichever reads on ``colour``."""
    lum = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return INK if lum > 150 else (250, 246, 236)


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (round(c[0] * k), round(c[1] * k), round(c[2] * k))
