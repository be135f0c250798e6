"""The shell's screens: main menu, setup, settings, load, handoff, game over, replay, rules, pause."""
