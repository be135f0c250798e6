"""Games built only from the kit, to prove it is complete: each subfolder is one game, found by the
same discovery as the app's (``registry.discover("example_games")``, which ``tests/conftest.py``
calls so every generic suite plays them). Nothing outside its folder names it."""
