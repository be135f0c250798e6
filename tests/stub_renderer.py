"""A renderer for the core tests' toy games, so the generic table and the shell can be tested on
them: one target per legal action in a row, each event's notation as its log line.

    with stub_table(toy.SPEC, StubRenderer):      # "toy" plays at a table drawn by StubRenderer
        ...

(Not in a ``conftest.py``: the shell's and the table's tests both import it by name.)
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.core import registry
from dungeon_table.core.protocol import Action, Event, to_dict
from dungeon_table.ui.renderer import TableRenderer, Target


class StubRenderer(TableRenderer):
    """Draws nothing; one 50x70 target per legal action along y = 300; notation as log lines."""

    def table_targets(self, view: Any, legal: list[Action]) -> list[Target]:
        return [Target(pygame.Rect(20 + 60 * i, 300, 50, 70), a) for i, a in enumerate(legal)]

    def log_line(self, event: Event, before: Any, after: Any) -> str:
        return str(to_dict(event))


@contextmanager
def stub_table(spec: registry.GameSpec, renderer: type[TableRenderer],
               **changes: Any) -> Iterator[registry.GameSpec]:
    """``spec`` registered (with a ``random`` bot and ``changes``) to be drawn by ``renderer``,
    from a renderer module of its own; both gone afterwards."""
    name = f"stub_view_{changes.get('game_id', spec.game_id)}"
    module = types.ModuleType(name)
    module.Renderer = renderer  # type: ignore[attr-defined]
    sys.modules[name] = module
    stubbed = dataclasses.replace(spec, **{"bots": {"random": RandomBot}, **changes},
                                  view_module=name)
    registry.register(stubbed)
    try:
        yield stubbed
    finally:
        registry._REGISTRY.pop(stubbed.game_id, None)
        sys.modules.pop(name, None)
