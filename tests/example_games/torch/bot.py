"""Torch's bot: ventures until it carries 3 gold, or carries any with a torch of 2 or less; fights
a monster when the torch outlasts it by 2, else flees."""

from __future__ import annotations

from dungeon_table.ai.phase_bot import PhaseBot
from dungeon_table.core.protocol import Action
from example_games.torch.cards import default
from example_games.torch.rules import Bank, Fight, Flee, Torch, TorchView


class CarefulBot(PhaseBot):
    game = Torch

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def _turn(self, view: TorchView, legal: list[Action]) -> Action:
        if Bank() in legal and (view.haul >= 3 or view.torch <= 2):
            return Bank()
        return legal[0]

    def _monster(self, view: TorchView, legal: list[Action]) -> Action:
        danger = default().room(view.monster or "").value
        return Fight() if Fight() in legal and view.torch - danger >= 2 else Flee()

    choosers = {"turn": _turn, "monster": _monster}
