"""The shell's screens: main menu, setup, settings, load, handoff, game over, replay, rules, pause.

Importing this package registers every screen, and the table, by name (``ui/screens.py``): the
app (``entry.py``) imports it once, and each scene opens the others by name, importing none.
"""

from dungeon_table.ui import remote_table, table
from dungeon_table.ui.scenes import (
    gameover,
    handoff,
    host_join,
    in_use,
    learn,
    load,
    menu,
    pause,
    replay,
    rules_help,
    settings,
    setup,
    stats,
)

# Every module above registers its screen as it is imported.
__all__ = ["gameover", "handoff", "host_join", "in_use", "learn", "load", "menu", "pause", "replay",
           "remote_table", "rules_help", "settings", "setup", "stats", "table"]
