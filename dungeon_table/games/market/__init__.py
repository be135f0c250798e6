"""Dungeon Market (ダンジョンマーケット): 2-4 adventurers explore, burst, and trade their loot."""
