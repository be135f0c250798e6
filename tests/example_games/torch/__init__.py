"""Torch (松明): a tiny push-your-luck delve for two, the kit's example game (``rules.md``).

Everything the app needs is here: the rules (``rules.py``), the card file (``cards.yaml``, its
schema ``cards.py``), a bot (``bot.py``), the table (``ui/table.py``) and its words
(``ui/i18n/en.yaml``, ``ja.yaml``). This file is the registration: the game's ``SPEC``.
"""

from __future__ import annotations

from dungeon_table.ai.search_bot import expert
from dungeon_table.core.registry import GameSpec
from example_games.torch import bot, cards
from example_games.torch.rules import Torch

SPEC = GameSpec(
    game_id="torch",
    name_key="game.torch",
    min_players=2,
    max_players=2,
    game_class=Torch,
    bots={"careful": bot.CarefulBot, "expert": expert(bot.CarefulBot)},
    best="careful",
    card_files=(str(cards.CARD_FILE),),
    card_loader=cards.load,
    rules_page=str(cards.CARD_FILE.with_name("rules.md")),
)
