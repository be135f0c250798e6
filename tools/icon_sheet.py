"""A contact sheet of the icon table: every card's picture with its name under it, to judge them.

    python tools/icon_sheet.py --out /tmp/icons.png            # every game and the marks
    python tools/icon_sheet.py --game market --out /tmp/market.png

Copies of one card (same name and picture) are drawn once; a kind's default comes first, framed.
The PNG is for looking at, not for the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from dungeon_table.core import registry  # noqa: E402
from dungeon_table.core.assets import (  # noqa: E402
    GameIcons,
    card_entries,
    icon_path,
    load_icon_table,
)

CELL_W, CELL_H, ICON, COLUMNS = 132, 128, 76, 10
INK, FELT, LABEL, FAINT = (236, 226, 200), (28, 44, 36), (240, 236, 220), (150, 160, 150)
TINTS = [(236, 200, 120), (150, 200, 240), (200, 160, 230), (160, 220, 150), (240, 150, 130)]

Tile = tuple[str, str, str, bool]  # icon, label, small label, is a default


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("icons.png"))
    parser.add_argument("--game", help="one game id (default: every game and the marks)")
    args = parser.parse_args(argv)
    table = load_icon_table()
    sections = []
    if args.game is None:
        sections.append(("marks", [(icon, mark, "", False) for mark, icon in table.marks.items()]))
    for game_id in [args.game] if args.game else list(table.games):
        sections += game_sections(game_id, table.games[game_id])
    pygame.init()
    pygame.image.save(draw(sections), str(args.out))
    print(f"{sum(len(tiles) for _, tiles in sections)} pictures in {args.out}")
    return 0


def game_sections(game_id: str, game: GameIcons) -> list[tuple[str, list[Tile]]]:
    """The game's menu picture, its kinds' defaults, then every card's own picture (from its
    card file; copies of a card, which share it, once)."""
    sections = [(f"{game_id}: menu", [(game.menu, "menu", "", False)])]
    sections.append((f"{game_id}: defaults", [(icon, kind, "", True) for kind, icon in game.cards.items()]))
    tiles: list[Tile] = []
    seen: set[tuple[str, str]] = set()
    for card_id, (name, icons) in card_entries(registry.get(game_id).card_check()[0]).items():
        for icon in icons:
            if (name, icon) not in seen:
                seen.add((name, icon))
                tiles.append((icon, name, card_id, False))
    sections.append((f"{game_id}: cards", tiles))
    return sections


def draw(sections: list[tuple[str, list[Tile]]]) -> pygame.Surface:
    height = sum(CELL_H // 2 + rows_of(tiles) * CELL_H for _, tiles in sections)
    sheet = pygame.Surface((COLUMNS * CELL_W, height))
    sheet.fill(FELT)
    title, label, small = (pygame.font.Font(None, size) for size in (30, 18, 14))
    y = 0
    for number, (heading, tiles) in enumerate(sections):
        sheet.blit(title.render(heading, True, INK), (8, y + 20))
        y += CELL_H // 2
        tint = TINTS[number % len(TINTS)]
        for index, (icon, text, note, is_default) in enumerate(tiles):
            x, top = (index % COLUMNS) * CELL_W, y + (index // COLUMNS) * CELL_H
            draw_tile(sheet, (x, top), icon, tint, is_default)
            for line, (font, colour) in enumerate(((label, LABEL), (small, FAINT))):
                words = font.render((text, note or icon)[line][:22], True, colour)
                sheet.blit(words, (x + (CELL_W - words.get_width()) // 2, top + ICON + 14 + line * 15))
        y += rows_of(tiles) * CELL_H
    return sheet


def rows_of(tiles: list[Tile]) -> int:
    return (len(tiles) + COLUMNS - 1) // COLUMNS


def draw_tile(
    sheet: pygame.Surface, at: tuple[int, int], icon: str, tint: tuple[int, int, int], is_default: bool
) -> None:
    x, y = at
    left = x + (CELL_W - ICON) // 2
    if is_default:
        pygame.draw.rect(sheet, FAINT, (left - 4, y + 4, ICON + 8, ICON + 8), 2, border_radius=6)
    picture = pygame.image.load_sized_svg(str(icon_path(icon)), (ICON, ICON))
    picture.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
    sheet.blit(picture, (left, y + 8))


if __name__ == "__main__":
    sys.exit(main())
