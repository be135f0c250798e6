"""Take the icons the app uses out of the Game Icons set into ``assets/icons/``.

    npm install --prefix /tmp/icons-src @iconify-json/game-icons
    python tools/extract_icons.py /tmp/icons-src/node_modules

SOURCE is the package's ``icons.json``, its folder, or a ``node_modules`` that holds it. The icons
taken are those ``assets/icons/cards.yaml`` names (defaults, menu pictures, marks) and those the
card files under ``cards/`` name (each card's ``icon:``); each is written as ``<name>.svg``, a standalone
SVG drawn white on a transparent ground (the renderer tints it), and an SVG the table no longer
names is removed. ``LICENSE.md`` is rewritten with the package's name and version and the author
of every icon, from ``tools/icon_authors.yaml`` (the package does not carry authors). Running it
twice gives the same files, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dungeon_table.core.assets import load_icon_table, used_icon_names  # noqa: E402
from dungeon_table.core.cards import CARDS_DIR  # noqa: E402

PACKAGE = "@iconify-json/game-icons"
ICONS_DIR = ROOT / "assets" / "icons"
AUTHORS = ROOT / "tools" / "icon_authors.yaml"
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
    "{body}</svg>\n"
)


class ExtractError(Exception):
    """Something the person running the script must fix; the message says what."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="icons.json, its package folder or node_modules")
    parser.add_argument("--out", type=Path, default=ICONS_DIR, help="where the SVGs go")
    parser.add_argument("--table", type=Path, default=ICONS_DIR / "cards.yaml")
    parser.add_argument("--authors", type=Path, default=AUTHORS)
    parser.add_argument("--cards", type=Path, default=CARDS_DIR, help="the card files' folder")
    args = parser.parse_args(argv)
    try:
        written = extract(args.source, args.out, args.table, args.authors, args.cards)
    except ExtractError as err:
        print(f"extract_icons: {err}", file=sys.stderr)
        return 1
    print(f"{written} icons in {args.out}")
    return 0


def extract(source: Path, out: Path, table: Path, authors_file: Path, cards: Path = CARDS_DIR) -> int:
    icons_json = find_icons_json(source)
    package = json.loads((icons_json.parent / "package.json").read_text(encoding="utf-8"))
    icon_set = json.loads(icons_json.read_text(encoding="utf-8"))
    names = sorted(used_icon_names(load_icon_table(table, icons_dir=None), cards))
    svgs = {name: svg_text(icon_set, name) for name in names}
    authors = load_authors(authors_file, names)
    out.mkdir(parents=True, exist_ok=True)
    for stale in set(out.glob("*.svg")) - {out / f"{name}.svg" for name in names}:
        stale.unlink()
    for name, text in svgs.items():
        write_if_changed(out / f"{name}.svg", text)
    write_if_changed(out / "LICENSE.md", license_text(package, authors))
    return len(svgs)


def find_icons_json(source: Path) -> Path:
    """``icons.json`` at ``source``, in it, or in ``source/@iconify-json/game-icons``."""
    for candidate in (source, source / "icons.json", source / PACKAGE / "icons.json"):
        if candidate.is_file() and (candidate.parent / "package.json").is_file():
            return candidate
    raise ExtractError(f"no {PACKAGE} icons.json (with its package.json) at or in {source}")


def svg_text(icon_set: dict[str, Any], name: str) -> str:
    """The icon as a standalone SVG file, its paths filled white."""
    icon = icon_set["icons"].get(name)
    if icon is None:
        parent = icon_set.get("aliases", {}).get(name, {}).get("parent")
        hint = f" (an alias: name {parent!r} instead)" if parent else ""
        raise ExtractError(f"the set has no icon {name!r}{hint}; see assets/icons/cards.yaml and the card files")
    width = icon.get("width", icon_set.get("width", 16))
    height = icon.get("height", icon_set.get("height", 16))
    return SVG.format(w=width, h=height, body=icon["body"].replace("currentColor", "#fff"))


def load_authors(path: Path, names: list[str]) -> dict[str, Any]:
    """The people and the author of each icon used, or an error naming the icons without one."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    people, by_icon = data["people"], data["icons"]
    unknown = [name for name in names if by_icon.get(name) not in people]
    if unknown:
        raise ExtractError(
            f"{path} names no author for {', '.join(unknown)}: add each under icons: "
            "(the author is the folder of the icon in the set's repository, or the name on "
            "its page at game-icons.net)"
        )
    return {"people": people, "icons": {name: by_icon[name] for name in names}}


def license_text(package: dict[str, Any], authors: dict[str, Any]) -> str:
    people, by_icon = authors["people"], authors["icons"]
    used = sorted(set(by_icon.values()), key=lambda key: people[key]["name"].lower())
    lines = [
        "# Icons: Game Icons",
        "",
        "The SVG files in this folder are icons of the Game Icons set (https://game-icons.net) by",
        "the authors named below, used under the Creative Commons Attribution 3.0 licence",
        "(CC BY 3.0, https://creativecommons.org/licenses/by/3.0/); icons by an author marked CC0",
        "are in the public domain.",
        "",
        f"Source: the npm package `{package['name']}` {package['version']} ({package['license']}).",
        "Changes: each icon written as a standalone SVG file, filled white on a transparent ground",
        "(the set draws them white on black). Made by `tools/extract_icons.py`; do not edit by hand.",
        "",
        "## Authors",
        "",
    ]
    for key in used:
        person = people[key]
        link = f", {person['url']}" if person.get("url") else ""
        licence = f" ({person['licence']})" if person.get("licence") else ""
        lines.append(f"- {person['name']}{link}{licence}")
    lines += ["", "## Icons", "", "| icon | author |", "| --- | --- |"]
    lines += [f"| {name} | {people[key]['name']} |" for name, key in by_icon.items()]
    return "\n".join(lines) + "\n"


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (a rerun touches nothing)."""
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    sys.exit(main())
