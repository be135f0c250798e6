"""The numbers the rules look up, read once from the card files and the board.

``Tables`` answers in the rules' words (``need``, ``find_need``, ``defeat_result``...) so the
rules modules never walk the card schema themselves; speed matters too (a random game asks these
thousands of times), so the lookups are plain dicts.
"""

from __future__ import annotations

from functools import lru_cache

from dungeon_table.games.dungeon.board import Board, load_board
from dungeon_table.games.dungeon.cards import DungeonCards, base_id, load

# A bound on the hands ``Tables._hand`` keeps (a few hundred come up in a game).
MAX_HANDS = 20_000


class Tables:
    def __init__(self, cards: DungeonCards, board: Board) -> None:
        self.cards = cards
        self.board = board
        rules = cards.rules
        self.moves = rules.moves
        self.slots = rules.slots
        self.chamber_capacity = rules.chamber_capacity
        self.round_limit = rules.round_limit
        self.pawns = max(h.pawns for h in rules.heroes)
        self.spellbook_base = rules.spellbook.plus
        self.no_sword_target = rules.no_sword_target
        self.modes = rules.modes
        self._targets = {h.id: h.target for h in rules.heroes}
        self._find = {h.id: min(rules.find_faces_of(h.id)) for h in rules.heroes}
        self._defeats = {total: rules.defeat(total).result for total in range(2, 13)}
        self._monsters = {base_id(i): cards.monster(i) for lv in range(1, 7)
                          for i in cards.monster_ids(lv)}
        self._treasures = {base_id(i): cards.treasure(i) for lv in range(1, 7)
                           for i in cards.treasure_ids(lv)}
        # Defeat tokens that clear a space (rooms 1, chambers 3); corridors and the hall: none.
        self.tokens_to_clear = {sid: 1 if sp.kind == "room" else self.chamber_capacity
                                for sid, sp in board.spaces.items()
                                if sp.kind in ("room", "chamber")}
        self.clearable = frozenset(self.tokens_to_clear)  # every room and chamber
        self._needs = {mid: {h: c.need_of(h) for h in self._targets}
                       for mid, c in self._monsters.items()}
        # Every copy's special, by its own id: what a hero holds is asked at every step.
        self._special_of = {card: self._treasures[base_id(card)].special or ""
                            for lv in range(1, 7) for card in cards.treasure_ids(lv)}
        self._hands: dict[tuple[str, ...], tuple[frozenset[str], int]] = {}  # ``_hand``
        self._gp_of = {card: self._treasures[base_id(card)].gp
                       for lv in range(1, 7) for card in cards.treasure_ids(lv)}

    def __eq__(self, other: object) -> bool:
        """Card data compares by value (a deep copy is the same data)."""
        return type(other) is Tables and _data(self) == _data(other)

    __hash__ = None  # type: ignore[assignment]

    # --- the board ------------------------------------------------------------------------------
    def cleared(self, space: str, tokens: int) -> bool:
        """Whether ``space`` with ``tokens`` defeat tokens is cleared: a room with one, a chamber
        with three; corridors and the Great Hall always (the engine and the bots both ask)."""
        needed = self.tokens_to_clear.get(space, 0)
        return not needed or tokens >= needed

    # --- monsters -------------------------------------------------------------------------------
    def monster_ids(self, level: int) -> list[str]:
        return self.cards.monster_ids(level)

    def monster_level(self, card: str) -> int:
        return self._monsters[base_id(card)].level

    def need(self, card: str, hero: str) -> int | None:
        """The 2d6 ``hero`` needs against ``card``; ``None`` is the card's "-"."""
        return self._needs[base_id(card)][hero]

    def spell_need(self, card: str, spell: str) -> int | None:
        return self._monsters[base_id(card)].spell_need(spell)

    def trap(self, card: str) -> str:
        """``cage``, ``pit`` or "" for a monster."""
        return self._monsters[base_id(card)].trap or ""

    def cage_tokens(self, card: str, die: int) -> int:
        return self._monsters[base_id(card)].cage_tokens(die)

    def pit_level(self, card: str) -> int:
        level = self._monsters[base_id(card)].pit_level
        return level if level is not None else self.monster_level(card)

    # --- treasures ------------------------------------------------------------------------------
    def treasure_ids(self, level: int) -> list[str]:
        return self.cards.treasure_ids(level)

    def treasure_level(self, card: str) -> int:
        return self._treasures[base_id(card)].level

    def gp(self, card: str) -> int:
        found = self._gp_of.get(card)
        return found if found is not None else self._treasures[base_id(card)].gp

    def total_gp(self, treasures: list[str]) -> int:
        hand = self._hands.get(tuple(treasures))
        return (hand if hand is not None else self._hand(treasures))[1]

    def special(self, card: str) -> str:
        return self._treasures[base_id(card)].special or ""

    def holds(self, treasures: list[str], special: str) -> bool:
        hand = self._hands.get(tuple(treasures))
        return special in (hand if hand is not None else self._hand(treasures))[0]

    def _hand(self, treasures: list[str]) -> tuple[frozenset[str], int]:
        """The specials among ``treasures`` and their gold, kept per hand: a hero's hand is
        asked about at nearly every step (the ESP, the secret door card) and counted at every
        round's start, and it changes a few times a game."""
        special_of = self._special_of
        hand = (frozenset(special_of[card] if card in special_of else self.special(card)
                          for card in treasures),
                sum(map(self.gp, treasures)))
        if len(self._hands) >= MAX_HANDS:
            self._hands.clear()
        self._hands[tuple(treasures)] = hand
        return hand

    def holds_secret_door_card(self, treasures: list[str]) -> bool:
        return self.holds(treasures, "secret_door")

    def sword_bonus(self, card: str, total: int) -> int:
        """A magic sword's bonus for its 2d6 ``total`` (the card's own rule: +2 from its
        number up, else +1)."""
        return self._treasures[base_id(card)].sword_bonus(total)

    # --- heroes, spells, the defeat table -------------------------------------------------------
    def target(self, hero: str) -> int:
        return self._targets[hero]

    def find_need(self, hero: str) -> int:
        """The lowest die face that finds a secret door for ``hero``."""
        return self._find[hero]

    def defeat_result(self, total: int) -> str:
        return self._defeats[total]

    def spell_supply(self) -> dict[str, int]:
        return {s.id: s.count for s in self.cards.rules.spells}


def _data(tables: Tables) -> dict[str, object]:
    return {name: value for name, value in vars(tables).items() if name != "_hands"}


@lru_cache(maxsize=1)
def load_tables() -> Tables:
    return Tables(load(), load_board())
