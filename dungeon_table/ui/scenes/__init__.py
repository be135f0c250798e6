"""The shell's screens: main menu, setup, settings, load, handoff, game over, replay, rules, pause,
credits.

Importing this package registers every screen, and the table, by name (``ui/screens.py``): the
app (``entry.py``) imports it once, and each scene opens the others by name, importing none.
"""

from dungeon_table.ui import table
from dungeon_table.ui.scenes import (
    credits,
    gameover,
    handoff,
    in_use,
    load,
    menu,
    pause,
    replay,
    rules_help,
    settings,
    setup,
)

# Every module above registers its screen as it is imported.
__all__ = ["credits", "gameover", "handoff", "in_use", "load", "menu", "pause", "replay", "rules_help",
           "settings", "setup", "table"]
