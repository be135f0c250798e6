"""A player's field as the rules read it, pure: the dungeon's depth, the search its card count
opens or the next card forfeits, and whether the field may take an enemy.

The rules ask these of the state (``base.py``), the views of each card's depth, and the bots of
the players a view shows, so each is written once, over plain numbers::

    depth(4)                                  # 2: 1-3 cards are depth 1, 4-6 depth 2, 7-9 depth 3
    search_open(6, searched=[1], forfeited=[])   # 2
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

MAX_DUNGEON = 9
PER_DEPTH = 3


def depth(count: int) -> int:
    """The depth of a dungeon of ``count`` cards: 0 with none; 1-3 cards: 1, 4-6: 2, 7-9: 3."""
    return (count + PER_DEPTH - 1) // PER_DEPTH


def search_open(count: int, searched: Collection[int], forfeited: Collection[int]) -> int:
    """The depth a dungeon of ``count`` cards may search: at 3, 6 or 9 cards, that depth neither
    searched nor forfeited; else 0. (An enemy on the field blocks it besides.)"""
    reached = count // PER_DEPTH
    if count == 0 or count % PER_DEPTH or reached in searched or reached in forfeited:
        return 0
    return reached


def forfeited_by_next(count: int, searched: Collection[int], forfeited: Collection[int]) -> int:
    """The depth whose search the next dungeon card would forfeit (0: none): the 4th or 7th card
    set before the search that the 3rd or 6th opened."""
    return search_open(count, searched, forfeited) if count < MAX_DUNGEON else 0


def takes_enemy(level: int, field_depth: int, owners: Iterable[int], setter: int) -> bool:
    """Whether a field of ``field_depth`` whose enemies were set by ``owners`` may take an enemy
    of ``level`` from ``setter``: at most one of a player's enemies on a field, and the level at
    most the depth. (Never the setter's own field: the caller picks the opponents.)"""
    return level <= field_depth and setter not in owners
