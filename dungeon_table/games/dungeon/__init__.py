"""Dungeon!: heroes delve a six-level dungeon for treasure and race back to the Great Hall."""

from __future__ import annotations

from dungeon_table.ai.random_bot import RandomBot
from dungeon_table.ai.search_bot import expert
from dungeon_table.core.registry import GameSpec, LazyOptions, Option, register
from dungeon_table.games.dungeon import cards
from dungeon_table.games.dungeon.bot import BEST, BOTS
from dungeon_table.games.dungeon.bot_expert import root_candidates
from dungeon_table.games.dungeon.bot_play import RacerBot
from dungeon_table.games.dungeon.cards import MAX_MINUTES
from dungeon_table.games.dungeon.model import HEROES, MODES
from dungeon_table.games.dungeon.rules import Dungeon


def option_specs() -> dict[str, Option]:
    """The options and what each takes, from cards/dungeon/rules.yaml (read on first use, so a
    broken card file is reported where the game is set up, not when the app starts).
    ``heroes``: classes per seat, comma-separated ("fighter,wizard"); "" chooses at the table
    (scripts, tests and the command line: setup leaves the choice to the table). Each solo mode's
    option is shown at setup only with its mode."""
    modes = cards.load().rules.modes
    minutes = modes.time_attack.minutes
    return {
        "mode": Option("race", choices=MODES),
        "hunters": Option(modes.hunter.default_hunters, choices=tuple(modes.hunter.hunters),
                          when={"mode": ("hunter",)}),
        "hunt_level": Option(modes.treasure_hunt.levels[0],
                             choices=tuple(modes.treasure_hunt.levels),
                             when={"mode": ("treasure_hunt",)}),
        # Any whole number of minutes up to four hours; setup offers the file's limits.
        "minutes": Option(minutes[0], low=1, high=MAX_MINUTES, offered=tuple(minutes),
                          when={"mode": ("time_attack",)}),
        "heroes": Option("", check=_heroes_problem, at_setup=False),
    }


def _heroes_problem(text: str) -> str | None:
    """Every name in the list is a hero class (how many, and pawns enough, the game checks
    against its seats)."""
    unknown = [name for name in (n.strip() for n in text.split(",")) if name and name not in HEROES]
    if unknown:
        return f"names no hero {unknown[0]!r} (heroes: {', '.join(HEROES)})"
    return None


SPEC = register(
    GameSpec(
        game_id="dungeon",
        name_key="game.dungeon",
        min_players=1,
        max_players=8,
        game_class=Dungeon,
        # The expert searches every decision but the moves (bot_expert.py), which are its
        # guide's (the racer: the delver, taking the rogue in a race); its playouts run 24
        # actions, played on by random bots, scored by gold towards the target (docs/bots.md).
        bots={"random": RandomBot, **BOTS,
              "expert": expert(RandomBot, depth=24, guide=RacerBot,
                               candidates=root_candidates)},
        best=BEST,
        view_module="dungeon_table.games.dungeon.ui.table",
        option_specs=LazyOptions(option_specs),
        # The board is a card file too: cards.load hands board.yaml to the board's parser.
        card_files=("dungeon/*.yaml",),
        card_loader=cards.load,
    )
)
