"""Every screen of the app by name, so one scene opens another without importing it.

Each scene module registers its screen when it is imported (``screens.register("menu",
MainMenuScene)``); the package ``dungeon_table.ui.scenes`` imports every one of them and the
table, and ``entry.py`` imports that package, so the app knows them all before its first frame.
A scene then opens another by name, with that scene's own arguments::

    screens.push(app, "setup", game_id)       # over this one
    screens.reset(app, "menu")                # the stack cleared down to it

So the screens import only what they use, and none imports another: the main menu opens the
table, the table's pause menu goes back to the main menu, and no module needs the other first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dungeon_table.ui.scene import App, Scene

# name -> the scene's class (or any callable taking the app first)
_SCREENS: dict[str, Callable[..., Scene]] = {}


def register(name: str, make: Callable[..., Scene]) -> None:
    """``make(app, ...)`` is the screen ``name`` (a scene class)."""
    _SCREENS[name] = make


def make(name: str, app: App, *args: Any, **kwargs: Any) -> Scene:
    """A new screen ``name`` for ``app``; ``LookupError`` for a name no scene registered (its
    module was not imported: the app imports them all through ``dungeon_table.ui.scenes``)."""
    try:
        factory = _SCREENS[name]
    except KeyError:
        raise LookupError(f"no screen {name!r} (known: {', '.join(sorted(_SCREENS))}); "
                          "import dungeon_table.ui.scenes to register them all") from None
    return factory(app, *args, **kwargs)


def push(app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Open ``name`` over the current screen; returns it."""
    scene = make(name, app, *args, **kwargs)
    app.push(scene)
    return scene


def replace(app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Open ``name`` in place of the current screen; returns it."""
    scene = make(name, app, *args, **kwargs)
    app.replace(scene)
    return scene


def reset(app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
    """Clear the stack and open ``name`` alone (back to the main menu); returns it."""
    scene = make(name, app, *args, **kwargs)
    app.reset(scene)
    return scene


def known() -> list[str]:
    return sorted(_SCREENS)
