"""The two halves of the game-over panel: the score table (a row per score line, a column per
player) and the chart of the game (a line per player in the player's colour and glyph).

Both draw from a ``Result`` and plain lists the scene hands them (names, colour names); they hold
no state, so the scene lays them out again on every resize.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from dungeon_table.core.protocol import Result, ScoreLine
from dungeon_table.ui import fonts, theme
from dungeon_table.ui.i18n import catalogs, has, t

# Seat colours when a game's view module does not name its own (``seat_colours(view)``).
PALETTE = ["red", "blue", "yellow", "green", "purple"]
MARKERS_UP_TO = 16  # a chart with more points marks only the last one of each line


def score_rows(result: Result) -> list[str]:
    """Every score key once, ``score.total`` last. Seats list only the lines they scored (the
    market's kinds of the colours held), so no seat's order is the whole order: the keys come
    in the order the game's catalog defines them (red, blue, yellow, green, purple kinds), and a
    key the catalog lacks stays after the key it follows in the seats' lists."""
    keys: list[str] = []
    for lines in result.breakdown:
        after = -1  # where the seat's previous key stands in ``keys``
        for line in lines:
            if line.key not in keys:
                keys.insert(after + 1, line.key)
            after = keys.index(line.key)
    order = _catalog_order()
    ranks: dict[str, float] = {}
    previous = -1.0
    for key in keys:
        previous = ranks[key] = float(order[key]) if key in order else previous + 1e-3
    keys.sort(key=lambda k: (k == "score.total", ranks[k]))
    return keys


def _catalog_order() -> dict[str, int]:
    """Each English catalog key's place: the order its game's catalog lists it in."""
    return {key: i for i, key in enumerate(catalogs().get("en", {}))}


def score_line(result: Result, seat: int, key: str) -> ScoreLine | None:
    for line in result.breakdown[seat] if seat < len(result.breakdown) else []:
        if line.key == key:
            return line
    return None


def count_text(line: ScoreLine | None) -> str:
    """How the points were earned, dim beside them: the game's own words when its catalog has
    ``<key>.count`` ("4 kinds", "23G"), else "13 × 10" for a line that counts things of equal
    worth (13 repelled, 10 points each), else "× 13"; "" when there is nothing to count."""
    if line is None or not line.count:
        return ""  # nothing counted ("0 gems" beside 0 says nothing the 0 does not)
    each = line.value // line.count
    own = f"{line.key}.count"
    if has(own) or has(own, "en"):
        return t(own, n=line.count, each=each)
    if each * line.count != line.value or each == 1:
        return t("gameover.count_only", n=line.count) if each != 1 else ""
    return t("gameover.count", n=line.count, each=each)


def value_text(line: ScoreLine | None) -> str:
    """A line's points, grouped by thousands (Dungeon!'s 20,000 gp, as its panels write them)."""
    if line is None:
        return "—"
    return f"{line.value:,}"


@dataclass
class TableLook:
    """What the score table shows: the seats' names and colours, the winners."""

    names: list[str]
    colours: list[str]
    winners: set[int]


def _cell_width(result: Result, seat: int, th: theme.Theme) -> int:
    widest = 0
    for key in score_rows(result):
        line = score_line(result, seat, key)
        value = fonts.font("body", th.scale, bold=True).size(value_text(line))[0]
        detail = count_text(line)
        detail_w = fonts.font("small", th.scale).size(detail)[0] + th.px(1.5) if detail else 0
        widest = max(widest, value + detail_w)
    return widest + th.px(3)


def _wanted(result: Result, look: TableLook, th: theme.Theme) -> tuple[int, int]:
    """The label column and one seat's column at their natural widths."""
    bold = fonts.font("body", th.scale, bold=True)
    label_w = max(bold.size(t(k))[0] for k in score_rows(result)) + th.px(2)
    seats = range(len(result.breakdown))
    names = [bold.size(look.names[s] if s < len(look.names) else "")[0] + th.px(6) for s in seats]
    col_w = max([_cell_width(result, s, th) for s in seats] + names + [th.px(12)])
    return label_w, col_w


def table_width(result: Result, look: TableLook, th: theme.Theme, room: int) -> int:
    """The width the table wants (labels, then a column per seat), at most ``room``."""
    label_w, col_w = _wanted(result, look, th)
    return min(room, label_w + len(result.breakdown) * col_w)


def row_height(result: Result, th: theme.Theme, room: int) -> int:
    """A row of body type with a little air, tighter when the rows would not fit ``room``."""
    rows = len(score_rows(result)) + 1
    loose = fonts.line_height("body", th.scale) + th.px(1)
    return loose if rows * loose <= room else max(fonts.line_height("small", th.scale),
                                                 room // rows)


def draw_table(surface: pygame.Surface, area: pygame.Rect, result: Result, look: TableLook,
               th: theme.Theme) -> None:
    seats = len(result.breakdown)
    rows = score_rows(result)
    row_h = row_height(result, th, area.h)
    label_wanted, col_wanted = _wanted(result, look, th)
    # short of room, the columns give way first, down to what leaves the labels 40 %
    col_w = min(col_wanted, (area.w - min(label_wanted, area.w * 2 // 5)) // max(1, seats))
    label_w = area.w - seats * col_w
    for seat in range(seats):
        x = area.x + label_w + seat * col_w
        cell = pygame.Rect(x, area.y, col_w, row_h)
        if seat in look.winners and seats > 1:
            band = pygame.Rect(x, area.y, col_w, row_h * (len(rows) + 1))
            theme.draw_panel(surface, band, th, theme.mix(theme.PANEL, theme.ACCENT, 0.18),
                             edge=theme.ACCENT, shadow=False)
        _draw_name(surface, cell, look, seat, th)
    y = area.y + row_h
    for key in rows:
        total = key == "score.total"
        if total:
            pygame.draw.line(surface, theme.PANEL_EDGE, (area.x, y), (area.right, y),
                             max(1, th.px(0.2)))
        label = fonts.fit(t(key), "body", label_w - th.px(1), th.scale, bold=total)
        image = fonts.text(label, "body", theme.TEXT, th.scale, total)
        surface.blit(image, image.get_rect(midleft=(area.x, y + row_h // 2)))
        for seat in range(seats):
            _draw_cell(surface, score_line(result, seat, key), total,
                       pygame.Rect(area.x + label_w + seat * col_w, y, col_w, row_h), th)
        y += row_h


def _draw_name(surface: pygame.Surface, cell: pygame.Rect, look: TableLook, seat: int,
               th: theme.Theme) -> None:
    """The player's glyph in its colour (the chart's key), then its name."""
    won = seat in look.winners
    colour_name = look.colours[seat % len(look.colours)]
    glyph_r = th.px(0.9)
    name = look.names[seat] if seat < len(look.names) else str(seat + 1)
    name = fonts.fit(name, "body", cell.w - 4 * glyph_r - th.px(1.5), th.scale, bold=won)
    image = fonts.text(name, "body", theme.ACCENT if won else theme.TEXT_DIM, th.scale, won)
    width = 3 * glyph_r + image.get_width()
    left = cell.centerx - width // 2
    theme.draw_glyph(surface, colour_name, (left + glyph_r, cell.centery), glyph_r,
                     theme.CARD_COLOURS.get(colour_name, theme.TEXT))
    surface.blit(image, image.get_rect(midleft=(left + 3 * glyph_r, cell.centery)))


def _draw_cell(surface: pygame.Surface, line: ScoreLine | None, total: bool, cell: pygame.Rect,
               th: theme.Theme) -> None:
    """The points right-aligned in the seat's column; how they were earned dim left of them."""
    text = value_text(line)
    image = fonts.text(text, "body", theme.GOLD if total else theme.TEXT, th.scale, total)
    value = surface.blit(image, image.get_rect(midright=(cell.right - th.px(1.5), cell.centery)))
    detail = count_text(line)
    if detail:
        room = value.x - th.px(1.5) - cell.x
        detail = fonts.fit(detail, "small", room, th.scale)
        small = fonts.text(detail, "small", theme.TEXT_DIM, th.scale)
        surface.blit(small, small.get_rect(midright=(value.x - th.px(1.5), value.centery)))


# --- the chart ---------------------------------------------------------------------------------
def draw_chart(surface: pygame.Surface, area: pygame.Rect, result: Result, colours: list[str],
               th: theme.Theme) -> None:
    """A line per seat over the game, labelled by ``history_key``; ties do not hide each other
    (each line sits a pixel or two apart from the others)."""
    theme.draw_panel(surface, area, th, theme.mix(theme.PANEL, theme.FELT_DARK, 0.35),
                     shadow=False)
    caption = t(result.history_key) if result.history_key else t("gameover.chart")
    image = fonts.text(fonts.fit(caption, "small", area.w - th.px(4), th.scale), "small",
                       theme.TEXT_DIM, th.scale)
    surface.blit(image, (area.x + th.px(2), area.y + th.px(1)))
    series_list = [series for series in result.history if series]
    if not series_list:
        return
    plot = area.inflate(-th.px(10), -th.px(10)).move(th.px(1), th.px(1))
    low = min(0, *(min(s) for s in series_list))
    high = max(1, *(max(s) for s in series_list))
    points_n = max(len(s) for s in series_list)
    _axes(surface, plot, low, high, points_n, result.history_key, th)
    seats = len(result.history)
    for seat, series in enumerate(result.history):
        if not series:
            continue
        name = colours[seat % len(colours)]
        colour = theme.CARD_COLOURS.get(name, theme.TEXT)
        nudge = round((seat - (seats - 1) / 2) * max(1, th.px(0.25))) if seats > 1 else 0
        points = [_point(plot, i, v, points_n, low, high, nudge) for i, v in enumerate(series)]
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, max(2, th.px(0.4)))
        marked = points if len(points) <= MARKERS_UP_TO else points[-1:]
        for p in marked:
            theme.draw_glyph(surface, name, p, th.px(0.9), colour)


def _point(plot: pygame.Rect, i: int, value: int, n: int, low: int, high: int,
           nudge: int) -> tuple[int, int]:
    x = plot.x + (plot.w * i // max(1, n - 1) if n > 1 else plot.w // 2)
    return x, plot.bottom - round((value - low) / (high - low) * plot.h) + nudge


def _axes(surface: pygame.Surface, plot: pygame.Rect, low: int, high: int, n: int,
          history_key: str, th: theme.Theme) -> None:
    edge = theme.PANEL_EDGE
    pygame.draw.line(surface, edge, plot.bottomleft, plot.bottomright, max(1, th.px(0.2)))
    pygame.draw.line(surface, edge, plot.bottomleft, plot.topleft, max(1, th.px(0.2)))
    if low < 0 < high:  # the zero line: where a life runs out
        y = plot.bottom - round(-low / (high - low) * plot.h)
        pygame.draw.line(surface, theme.mix(edge, theme.DANGER, 0.5), (plot.x, y),
                         (plot.right, y), 1)

    def label(s: str, **anchor: tuple[int, int]) -> None:
        image = fonts.text(s, "small", theme.TEXT_DIM, th.scale)
        surface.blit(image, image.get_rect(**anchor))

    for value, y in ((high, plot.top), (low, plot.bottom)):
        label(str(value), midright=(plot.x - th.px(1), y))
    # what one step of the x axis is: the game's word ("turn") if it has one, else "round"
    axis_key = f"{history_key}.axis"
    axis = t(axis_key) if history_key and (has(axis_key) or has(axis_key, "en")) else \
        t("gameover.round")
    first, last = axis_ends(n, axis)
    label(first, midtop=(plot.x, plot.bottom + th.px(0.5)))
    if last:
        label(last, midtop=(plot.right, plot.bottom + th.px(0.5)))


def axis_ends(points: int, axis: str) -> tuple[str, str]:
    """The x axis's two labels. Every game's series opens on the value before its first round
    (``Result.history``), so ``points`` points span ``points - 1`` rounds: "start" at the left,
    the last round at the right ("" when the game ended before one was played)."""
    rounds = points - 1
    return t("gameover.chart_start"), f"{axis} {rounds}" if rounds >= 1 else ""
