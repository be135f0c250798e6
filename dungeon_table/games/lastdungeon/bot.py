"""Bots for Last Dungeon Pocket: they see only the view and the legal actions."""

from __future__ import annotations

import random
from typing import Any

from dungeon_table.core.protocol import Action
from dungeon_table.games.lastdungeon import model as m


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: m.LastDungeonView, legal: list[Action]) -> Action:
        for action in legal:
            if isinstance(action, m.Play):
                return action
        return legal[-1]


class PlannerBot(GreedyBot):
    name = "planner"

    def choose(self, view: Any, legal: list[Action]) -> Action:
        return super().choose(view, legal)
