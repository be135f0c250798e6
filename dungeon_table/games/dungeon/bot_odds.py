"""What the Dungeon! bots know of the cards: each monster's odds for a class, the defeat table's
chances, and what a level's next monster and treasure may be, from the card files and the view.

    odds = card_odds()
    odds.hit("troll", "fighter", bonus=1)       # 0.58: 2d6 + 1 against 8 (``odds.chance``)
    odds.defeat["killed"]                       # 1/36
    pool = monster_pool(view, 4)                # the cards a level-4 draw may turn up
    treasure_worth(view, 4)                     # the mean gp of the next level-4 treasure

Everything here is public: card faces, the discard piles and the slots in the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dungeon_table.games.dungeon import cards as card_files
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.cards import base_id
from dungeon_table.games.dungeon.odds import TWO_D6, attack_number, chance

LEVELS = range(1, 7)


@dataclass(frozen=True)
class Foe:
    """One monster card's printed numbers (None: the card's "-")."""

    level: int
    need: dict[str, int | None]
    fireball: int | None
    lightning: int | None
    trap: str            # cage, pit or ""
    cage_turns: float    # a cage's mean lose-turn tokens
    pit_level: int


class CardOdds:
    """The card files read once, in the terms a bot weighs a fight in."""

    def __init__(self) -> None:
        cards = card_files.load()
        rules = cards.rules
        self.foes: dict[str, Foe] = {}
        for card in cards.monsters:
            need = {h: card.need_of(h) for h in m.HEROES}
            cage = sum(card.lose_turns) / 6 if card.lose_turns else 0.0
            self.foes[card.id] = Foe(card.level, need, card.fireball, card.lightning,
                                     card.trap or "", cage, card.pit_level or card.level)
        self.monster_ids = {lv: cards.monster_ids(lv) for lv in LEVELS}
        self.treasure_ids = {lv: cards.treasure_ids(lv) for lv in LEVELS}
        self.gp = {t.id: t.gp for t in cards.treasures}
        self.treasure_level = {t.id: t.level for t in cards.treasures}
        self.special = {t.id: t.special or "" for t in cards.treasures}
        self.target = {h.id: h.target for h in rules.heroes}
        self.find = {h: len(rules.find_faces_of(h)) / 6 for h in m.HEROES}
        self.defeat = {result: 0.0 for result in m.DEFEATS}
        for total, p in TWO_D6.items():
            self.defeat[rules.defeat(total).result] += p
        self.moves = rules.moves
        self.dash = rules.no_sword_target
        self.round_limit = rules.round_limit
        self.hunt_deaths = rules.modes.treasure_hunt.deaths_allowed
        self.hunter_steps = rules.modes.hunter.steps
        self.hunter_level = rules.modes.hunter.level

    def foe(self, card: str) -> Foe:
        return self.foes[base_id(card)]

    def hit(self, card: str, hero: str, bonus: int = 0) -> float:
        """The chance ``hero`` (its sword's ``bonus``) beats ``card`` with one attack."""
        need = attack_number(self.foe(card).need[hero], bonus, self.dash)
        return chance(need, bonus)

    def spell_hit(self, card: str, spell: str) -> float:
        foe = self.foe(card)
        need = foe.fireball if spell == "fireball" else foe.lightning
        return chance(need) if need and not foe.trap else 0.0

    def worth(self, card: str) -> int:
        return self.gp[base_id(card)]


@lru_cache(maxsize=1)
def card_odds() -> CardOdds:
    return CardOdds()


def monster_pool(view: m.DungeonView, level: int) -> list[str]:
    """The cards the next draw of ``level`` may be: the deck is every card of the level but the
    discards and those out on the board; an empty deck is its discards reshuffled."""
    odds = card_odds()
    deck = view.decks[level - 1]
    if not deck.monsters:
        return list(deck.discard_pile)
    out = set(deck.discard_pile)
    out.update(s.monster for s in view.slots if s.monster)
    out.update(h.card for h in view.hunters if h.card)
    pool = [c for c in odds.monster_ids[level] if c not in out]
    return pool or list(odds.monster_ids[level])


def treasure_worth(view: m.DungeonView, level: int) -> float:
    """The mean gp of the next treasure of ``level``: its deck is every treasure of the level but
    those held and those lying under monsters (a crystal ball's hidden card is not known)."""
    odds = card_odds()
    out = {c for h in view.heroes for c in h.treasures}
    out.update(c for s in view.slots for c in (*s.dropped, s.treasure) if c)
    pool = [c for c in odds.treasure_ids[level] if c not in out]
    if not pool:
        return 0.0
    return sum(odds.worth(c) for c in pool) / len(pool)


def hunted_chance(view: m.DungeonView, level: int) -> float:
    """Treasure hunt: the chance that the next treasure of ``level`` is the hunted one."""
    if not view.hunt_treasure or card_odds().treasure_level[base_id(view.hunt_treasure)] != level:
        return 0.0
    left = view.decks[level - 1].treasures
    return 1 / left if left else 0.0
