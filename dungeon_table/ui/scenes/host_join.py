"""The menu's way to remote tables: "Host a table" and "Join a table", and the result at a
remote seat (``ui/remote_table.py`` plays the seat)."""

from __future__ import annotations

from typing import Any

from dungeon_table.ui import screens
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.gameover import GameOverScene
from dungeon_table.ui.widgets import Widget


class RemoteGameOverScene(GameOverScene):
    """The result at a remote table: the host keeps the record (nothing to save or replay here,
    no game to start again from this seat), so the only way on is back to the menu."""

    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app, session)
        self.saved = ""  # nothing saved here: the host keeps the game

    def build(self) -> list[Widget]:
        return super().build()[-1:]


screens.register("remote_game_over", RemoteGameOverScene)
