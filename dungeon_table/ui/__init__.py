"""The app (pygame-ce): loop and scenes, animation layer, widgets and theme, fonts, i18n catalogs.

The command line imports only ``dungeon_table.ui.entry`` (``run_app``, ``render_shot``), and only
for the commands that open a window or draw, so nothing here loads for ``simulate`` or ``script``.
"""

import os

# pygame prints a banner on import; the app's own output (and the command line's JSON) stays clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
