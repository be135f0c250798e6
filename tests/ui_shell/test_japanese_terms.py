"""The app's Japanese reads like the printed rulebooks: their punctuation, their lists, their words.

Held over whole catalogues and every card text, so a line added later is held to it too.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from dungeon_table.core.cards import CARDS_DIR
from dungeon_table.ui import i18n

PLACEHOLDER = re.compile(r"\{\w+\}")
JAPANESE = re.compile(r"[\u3001-\u30ff\u4e00-\u9fff\uff01-\uff5e]")  # kana, kanji, 、。 and full-width forms
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
    from dungeon_table.ui.renderer import make_renderer

    i18n.set_language(lang)
    try:
        r = make_renderer(None, "lastdungeon")
        event = m.CardsDiscarded(cards=["d_goblin", "d_slime"], reason="event")
        line = r.log_line(event, None, None)
        listed = f"{r.looks.name('d_goblin')}{sep}{r.looks.name('d_slime')}"
    finally:
        i18n.set_language("en")
    assert line is not None and listed in line, line


# --- the glossaries --------------------------------------------------------------------------
REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "dungeon_table" / "ui" / "i18n"
# Each game's texts: its own catalogue, its keys in the shared ones, its card files.
GAMES = {
    "lastdungeon": ("last_dungeon_pocket_rules_ja.txt", ("game.lastdungeon", "option.difficulty"),
                    ["lastdungeon.yaml"]),
    "market": ("dungeon_market_rules_ja.txt",
               ("game.market", "option.chests", "option.professional", "option.gems_defend",
                "option.chest_buyer_gets_card", "option.ghosts_enter", "handoff.reason."),
               ["market.yaml"]),
    "relic": ("relic_card_game_rules_ja.txt", ("game.relic",), ["relic.yaml"]),
    "dungeon": ("dungeon_board_game_rules_ja.txt", ("game.dungeon",), ["dungeon"]),
}


def seeds_dir() -> Path | None:
    """The rulebooks, ``shared/seeds`` beside the checkout (or beside a folder above it)."""
    for parent in REPO.parents:
        if (parent / "shared" / "seeds").is_dir():
            return parent / "shared" / "seeds"
    return None


def glossary(game: str) -> list[tuple[str, str, list[str], list[str]]]:
    """The rows of ``docs/rules/<game>.md``'s glossary: (rulebook term, English, not ja, not en)."""
    text = (REPO / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) != 4 or set(cells[0]) <= set("-") or cells[0].startswith("rulebook"):
            continue
        nots = [[p.replace("\\|", "|") for p in re.findall(r"`([^`]+)`", cell)]
                for cell in cells[2:]]
        rows.append((cells[0], cells[1], nots[0], nots[1]))
    return rows


def game_texts(game: str, lang: str) -> list[tuple[str, str]]:
    """(where, text) of everything this game shows in ``lang``: its catalogue, its rules help,
    its keys in the shared catalogues, its card texts."""
    _seed, keys, cards = GAMES[game]
    found: list[tuple[str, str]] = []
    for path in sorted(I18N.glob(f"{lang}.*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        mine = path.name in (f"{lang}.{game}.yaml", f"{lang}.{game}-reasons.yaml")
        found += [(f"{path.name}: {key}", str(value)) for key, value in data.items()
                  if mine or key.startswith((f"rules.{game}.", f"tutorial.{game}.",
                                             f"first_game.{game}", *keys))]
    for name in cards:
        for path in sorted((Path(CARDS_DIR) / name).rglob("*.yaml")) if not name.endswith(
                ".yaml") else [Path(CARDS_DIR) / name]:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            found += [(w, s) for w, s in _texts_in(data, path.name, lang)]
    return found


def _texts_in(node: object, where: str, lang: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield where, value
            else:
                yield from _texts_in(value, f"{where}.{key}", lang)
    elif isinstance(node, list):
        for k, value in enumerate(node):
            label = value.get("id", k) if isinstance(value, dict) else k
            yield from _texts_in(value, f"{where}[{label}]", lang)


def _plain(text: str) -> str:
    """Without spaces (the relic rulebook's text has one between most characters) and with
    full-width digits as plain ones (６枚 is 6枚)."""
    return re.sub(r"\s", "", unicodedata.normalize("NFKC", text))


def _around(text: str, found: re.Match[str]) -> str:
    return text[max(0, found.start() - 12):found.end() + 12].replace("\n", " ")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_glossary_term_is_the_rulebook_s_own(game: str) -> None:
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the rulebooks (shared/seeds) are not beside this checkout")
    rulebook = _plain((seeds / GAMES[game][0]).read_text(encoding="utf-8"))
    rows = glossary(game)
    assert len(rows) >= 15, "a glossary per game"
    missing = [term for term, *_ in rows
               if not term.endswith("†") and _plain(term) not in rulebook]
    assert not missing, f"not in the rulebook: {missing}"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_text_names_a_rule_otherwise_than_the_glossary(game: str, lang: str) -> None:
    """「戦闘」 for ダメージ計算と撃退判定, 「ジョブ」 for ジョブアイテム, 「トレジャー表」 for 得点表:
    an owner of the printed game had to translate our game back into theirs."""
    banned = [(term, pattern) for term, english, not_ja, not_en in glossary(game)
              for pattern in (not_ja if lang == "ja" else not_en)]
    wrong = [f"{where}: «{_around(PLACEHOLDER.sub('§', text), found)}» (the glossary says {term})"
             for where, text in game_texts(game, lang) for term, pattern in banned
             for found in re.finditer(pattern, PLACEHOLDER.sub("§", text))]
    assert not wrong, "\n".join(wrong[:40])
