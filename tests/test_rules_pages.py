"""Every registered game's rules page names each of its actions and events.

The page (``GameSpec.rules_path``: ``docs/rules/<id>.md``) is the contract between a game's rules
and its table: the actions with their fields, the view, the events. A type is named when its tag
starts a piece of code on the page (``set_enemy {card, target}``, ``turn_started``).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from dungeon_table.core import registry

REPO = Path(__file__).resolve().parents[1]
NAMED = re.compile(r"`([a-z][a-z0-9_]*)\b")


def page(spec: registry.GameSpec) -> Path:
    return REPO / spec.rules_path


def unnamed(spec: registry.GameSpec) -> list[str]:
    named = set(NAMED.findall(page(spec).read_text(encoding="utf-8")))
    kinds = [*spec.game_class.action_types, *spec.game_class.event_types]
    return [tag for tag in (kind.__struct_config__.tag for kind in kinds) if tag not in named]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_rules_page_names_every_action_and_event(game_id: str) -> None:
    spec = registry.get(game_id)
    assert page(spec).is_file(), f"{game_id} has no rules page at {spec.rules_path}"
    assert not unnamed(spec), f"{spec.rules_path} does not name {unnamed(spec)}"


def test_a_type_missing_from_the_page_is_found(tmp_path: Path) -> None:
    spec = registry.get("lastdungeon")
    text = page(spec).read_text(encoding="utf-8")
    cut = tmp_path / "lastdungeon.md"
    cut.write_text(text.replace("`scout`", "scouting").replace("`scout ", "scouting "),
                   encoding="utf-8")
    assert unnamed(dataclasses.replace(spec, rules_page=str(cut))) == ["scout"]
