"""dungeon_table: four dungeon games on one table, every rule enforced."""

__version__ = "0.1.0"
