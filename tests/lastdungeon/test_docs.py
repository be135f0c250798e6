"""The rules page matches the card file, and its script example runs."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from dungeon_table.core.script import run_script
from dungeon_table.games.lastdungeon.cards import load

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "lastdungeon.md"


def rows() -> dict[str, list[str]]:
    """Table rows of the page by card id: the cells after the id."""
    out = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`(\w+)`", cells[0]) if cells else None
        if match and len(cells) > 3:
            out[match.group(1)] = cells[1:]
    return out


def test_card_tables_match_the_yaml() -> None:
    cards, table = load(), rows()
    for d in cards.dungeon:
        assert table[d.id] == [d.name.en, d.name.ja, str(d.cost), str(d.damage)]
    for a in cards.adventurers:
        assert table[a.id] == [str(a.level), a.name.en, a.name.ja, str(a.power),
                               str(a.scout_cost), str(a.damage), str(a.cost), str(a.crystal)]
    for e in cards.events:
        assert table[e.id][0].startswith(e.room_name.en)
        assert table[e.id][3] == f"{e.event.kind} {e.event.value}"
    hero = cards.hero
    assert f"power {hero.front.power}; back" in PAGE.read_text(encoding="utf-8")
    assert f"power {hero.back.power}." in PAGE.read_text(encoding="utf-8")


def test_script_example_runs() -> None:
    text = PAGE.read_text(encoding="utf-8")
    example = text.split("## Script example")[1].split("```yaml")[1].split("```")[0]
    run = run_script(yaml.safe_load(example))
    state = run.game.state_dict()
    assert "a1_villager" in state["hand"]             # scouted onto the pile, drawn in phase E
    assert state["removed"] == ["crystal_l1"] and state["adventurer"]["card"] != "a1_villager"


def test_every_test_named_by_the_audit_table_exists() -> None:
    audit = PAGE.read_text(encoding="utf-8").split("## The audit")[1].split("\n## ")[0]
    named = set(re.findall(r"`(test_\w+)`", audit))
    defined = {m for path in PAGE.parents[2].glob("tests/lastdungeon/test_*.py")
               for m in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)}
    assert len(named) > 20 and named - defined == set()
