"""The icon table: every card of every game has a picture that exists, draws, and is credited."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pygame
import pytest

from dungeon_table.core import registry
from dungeon_table.core.assets import (
    ICON_TABLE,
    ICONS_DIR,
    card_entries,
    icon_path,
    load_icon_table,
    used_icon_names,
)
from dungeon_table.core.errors import CardFileError

ROOT = Path(__file__).resolve().parents[2]
EXTRACT = ROOT / "tools" / "extract_icons.py"
# Where the Game Icons npm package may be installed (CI has none: the committed SVGs are the truth).
PACKAGE_PLACES = [os.environ.get("GAME_ICONS_PACKAGE", ""), "/tmp/icons-src/node_modules"]

TABLE = load_icon_table()
# The app's games: the icon table is the app's (a game a test brings, the kit's example, draws
# without pictures, as every table does until issue 13 draws them).
APP_GAMES = sorted(g for g in registry.game_ids() if registry.get(g).in_app)


USED = used_icon_names(TABLE)


def game_cards(game_id: str) -> dict[str, tuple[str, list[str]]]:
    """Every card of the game's files: its English name and the icons it names."""
    return card_entries(registry.get(game_id).card_check()[0])


def test_every_game_has_pictures() -> None:
    assert sorted(TABLE.games) == APP_GAMES


@pytest.mark.parametrize("game_id", APP_GAMES)
def test_every_card_names_a_picture_of_its_own_that_exists(game_id: str) -> None:
    cards = game_cards(game_id)
    assert [card_id for card_id, (_, icons) in cards.items() if not icons] == []
    named = {icon for _, icons in cards.values() for icon in icons}
    assert sorted(icon for icon in named if not icon_path(icon).is_file()) == []


@pytest.mark.parametrize("game_id", APP_GAMES)
def test_distinct_cards_have_distinct_pictures(game_id: str) -> None:
    """Copies of one card (the same name) share a picture; two different cards never do."""
    cards_by_icon: dict[str, set[str]] = defaultdict(set)
    for name, icons in game_cards(game_id).values():
        for icon in icons:
            cards_by_icon[icon].add(name)
    shared = {icon: sorted(names) for icon, names in cards_by_icon.items() if len(names) > 1}
    assert shared == {}


def test_a_card_without_an_icon_shows_its_kinds_default() -> None:
    dungeon = TABLE.games["dungeon"]
    assert dungeon.picture("monster", None) == "claw-slashes"
    assert dungeon.picture("monster", "rat") == "rat"
    hero = game_cards("lastdungeon")["hero"][1]
    assert len(hero) == 2 and hero[0] != hero[1]  # each side of the hero its own


def test_the_table_marks_are_all_there() -> None:
    wanted = {"coins", "crystal", "life", "exp", "dice", "deck", "discard", "hunter"}
    assert wanted <= set(TABLE.marks)


def test_the_folder_holds_exactly_the_icons_the_table_and_the_card_files_name() -> None:
    assert {path.stem for path in ICONS_DIR.glob("*.svg")} == USED


def test_every_icon_is_credited_to_its_author() -> None:
    licence = (ICONS_DIR / "LICENSE.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0][2:] for line in licence.splitlines() if line.startswith("| ")}
    assert USED <= rows
    assert "@iconify-json/game-icons" in licence and "CC BY 3.0" in licence


@pytest.mark.parametrize("size", [24, 160])
def test_every_icon_draws_white_and_not_blank(size: int) -> None:
    pygame.init()
    for name in sorted(USED):
        image = pygame.image.load_sized_svg(str(icon_path(name)), (size, size))
        assert image.get_size() == (size, size), name
        inked = pygame.mask.from_surface(image, 128).count()
        assert size * size // 50 < inked < size * size * 49 // 50, f"{name} at {size}px: {inked}"
        x, y = image.get_bounding_rect().center
        colours = {tuple(image.get_at((x, y_)))[:3] for y_ in range(size) if image.get_at((x, y_)).a > 250}
        assert colours <= {(255, 255, 255)}, name


# --- a malformed table is refused, naming the file, the line and the field ---------------------

def refusal(tmp_path: Path, text: str, icons_dir: Path | None = None) -> str:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardFileError) as caught:
        load_icon_table(path, icons_dir=icons_dir)
    return str(caught.value)


def table_text(monster: str = "imp") -> str:
    return (
        "marks: {coins: two-coins}\n"
        "games:\n"
        "  toy:\n"
        "    menu: shop\n"
        "    cards:\n"
        f"      monster: {monster}\n"
    )


def test_an_icon_with_no_file_is_refused_at_its_line(tmp_path: Path) -> None:
    for name in ("shop", "two-coins"):
        (tmp_path / f"{name}.svg").write_text("<svg/>", encoding="utf-8")
    message = refusal(tmp_path, table_text("no-such-icon"), icons_dir=tmp_path)
    assert message == (
        f"{tmp_path / 'cards.yaml'}:6: $.games.toy.cards.monster: no icon 'no-such-icon': "
        f"{tmp_path / 'no-such-icon.svg'} does not exist"
    )


def test_a_malformed_icon_name_is_refused(tmp_path: Path) -> None:
    assert "$.games.toy.cards.monster: 'Slime.svg' is not an icon name" in refusal(
        tmp_path, table_text("Slime.svg")
    )


# --- tools/extract_icons.py -----------------------------------------------------------------

def fake_package(tmp_path: Path, icons: dict[str, str], aliases: dict[str, str]) -> Path:
    folder = tmp_path / "node_modules" / "@iconify-json" / "game-icons"
    folder.mkdir(parents=True)
    package = {"name": "@iconify-json/game-icons", "version": "9.9.9", "license": "CC-BY-3.0"}
    (folder / "package.json").write_text(json.dumps(package), encoding="utf-8")
    icon_set = {
        "prefix": "game-icons", "width": 512, "height": 512,
        "icons": {name: {"body": f'<path fill="currentColor" d="{d}"/>'} for name, d in icons.items()},
        "aliases": {name: {"parent": parent} for name, parent in aliases.items()},
    }
    (folder / "icons.json").write_text(json.dumps(icon_set), encoding="utf-8")
    return tmp_path / "node_modules"


def run_extract(tmp_path: Path, source: Path, authors: str) -> subprocess.CompletedProcess[str]:
    """The script on a table naming a default, a menu picture and a mark, and a card file
    naming the card's own picture (slime)."""
    table = tmp_path / "cards.yaml"
    table.write_text(table_text(), encoding="utf-8")
    (tmp_path / "card_files").mkdir(exist_ok=True)
    (tmp_path / "card_files" / "toy.yaml").write_text(
        "monsters:\n  - {id: slime, icon: slime}\n", encoding="utf-8")
    (tmp_path / "authors.yaml").write_text(authors, encoding="utf-8")
    command = [sys.executable, str(EXTRACT), str(source), "--out", str(tmp_path / "out"),
               "--table", str(table), "--authors", str(tmp_path / "authors.yaml"),
               "--cards", str(tmp_path / "card_files")]
    return subprocess.run(command, capture_output=True, text=True, check=False)


AUTHORS = "people: {lorc: {name: Lorc}}\nicons: {imp: lorc, shop: lorc, slime: lorc, two-coins: lorc}\n"
SHAPES = {"imp": "M0 0h9v9z", "shop": "M1 1h9z", "slime": "M2 2h9z", "two-coins": "M3 3h9z"}


def test_extraction_writes_standalone_white_svgs_and_drops_stale_ones(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "goblin.svg").write_text("<svg/>", encoding="utf-8")
    done = run_extract(tmp_path, fake_package(tmp_path, SHAPES, {}), AUTHORS)
    assert done.returncode == 0, done.stderr
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        "LICENSE.md", "imp.svg", "shop.svg", "slime.svg", "two-coins.svg"
    ]
    assert (tmp_path / "out" / "slime.svg").read_text(encoding="utf-8") == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">'
        '<path fill="#fff" d="M2 2h9z"/></svg>\n'
    )
    assert "`@iconify-json/game-icons` 9.9.9" in (tmp_path / "out" / "LICENSE.md").read_text()


def test_extraction_names_the_icon_an_alias_stands_for(tmp_path: Path) -> None:
    shapes = {name: d for name, d in SHAPES.items() if name != "slime"} | {"blob": "M0 0z"}
    aliased = run_extract(tmp_path, fake_package(tmp_path, shapes, {"slime": "blob"}), AUTHORS)
    assert aliased.returncode == 1
    assert "no icon 'slime' (an alias: name 'blob' instead)" in aliased.stderr

def test_extraction_names_an_icon_without_an_author(tmp_path: Path) -> None:
    source = fake_package(tmp_path, SHAPES, {})
    unknown = run_extract(tmp_path, source, AUTHORS.replace("imp: lorc, ", ""))
    assert unknown.returncode == 1 and "names no author for imp:" in unknown.stderr


def installed_package() -> Path | None:
    for place in filter(None, PACKAGE_PLACES):
        if (Path(place) / "@iconify-json" / "game-icons" / "icons.json").is_file():
            return Path(place)
    return None


@pytest.mark.skipif(installed_package() is None, reason="the Game Icons npm package is not here")
def test_extraction_reproduces_the_committed_icons(tmp_path: Path) -> None:
    out = tmp_path / "icons"
    command = [sys.executable, str(EXTRACT), str(installed_package()), "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True)
    made = {path.name: path.read_bytes() for path in out.iterdir()}
    committed = {path.name: path.read_bytes() for path in ICONS_DIR.iterdir() if path != ICON_TABLE}
    assert sorted(made) == sorted(committed)
    assert [name for name in made if made[name] != committed[name]] == []
