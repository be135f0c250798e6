"""Dungeon!'s card files (``cards/dungeon/``): monsters, treasures and the rules' numbers.

The board (``board.yaml``) is read by ``board.py``; everything else the engine counts lives here::

    cards = load()
    cards.monster("giant_rats~2").need.fighter    # 3 (copies share their card's data)
    cards.monster_ids(1)                          # ["giant_rats", "hobgoblins", ...]
    cards.treasure("huge_ruby").gp                # 8000
    cards.hero("rogue").find_faces                # [3, 4, 5, 6]
    cards.rules.defeat(9).result                  # "wounded"

``load(path)`` with one file checks that file alone (``dungeon-table cards check``).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, overload

import msgspec

from dungeon_table.core.bounded_yaml import load_yaml
from dungeon_table.core.cards import CARD_LIMITS, CARDS_DIR, Text, decode_cards
from dungeon_table.core.errors import CardFileError, FileRefused, Problem
from dungeon_table.core.icon_names import Icon
from dungeon_table.games.dungeon import board  # the board's file has the board's schema
from dungeon_table.games.dungeon.model import DEFEATS, HEROES, SPELLS

CARD_DIR = CARDS_DIR / "dungeon"
MONSTER_FILE = CARD_DIR / "monsters.yaml"
TREASURE_FILE = CARD_DIR / "treasures.yaml"
RULES_FILE = CARD_DIR / "rules.yaml"
BOARD_NAME = "board.yaml"

LEVELS = (1, 2, 3, 4, 5, 6)
MONSTERS_PER_LEVEL = (7, 8, 11, 12, 16, 7)
TREASURES_PER_LEVEL = (9, 9, 16, 18, 16, 12)
SPELL_CARDS = 24
COPY = "~"  # copies of one card: <id>, <id>~2, <id>~3...
MAX_MINUTES = 240  # the longest time attack, as the file offers it or the ``minutes`` option takes
SPECIALS = ("sword", "secret_door", "crystal_ball", "esp")
SWORD_LEVELS = (1, 2, 4, 6)
SINGLE_SPECIALS = {"secret_door": 1, "crystal_ball": 4, "esp": 5}  # special -> its level
Trap = Literal["cage", "pit"]
Special = Literal["sword", "secret_door", "crystal_ball", "esp"]
Drop = Literal["none", "one", "half", "all"]

# The ranges a number may take (msgspec refuses anything else at load, naming file, line and
# field). The bounds keep every game fast: each move a hero may make is listed, so ``moves``
# is the one that costs (5, as printed: about 0.1 ms for legal_actions; 1000: half a second).
Tokens = Annotated[int, msgspec.Meta(ge=0, le=11)]  # lose-turn tokens (11 in the box)


# --- monsters.yaml ----------------------------------------------------------------------------
class Need(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The 2d6 each hero needs; ``None`` is the card's "-" (only a magic sword hits: 13)."""

    rogue: int | None
    cleric: int | None
    fighter: int | None
    wizard: int | None

    def of(self, hero: str) -> int | None:
        return getattr(self, hero)


class Monster(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A monster card, or a trap (``trap`` set, no numbers). ``fireball``/``lightning`` ``None``:
    that spell cannot hurt it."""

    id: str
    name: Text
    level: int
    count: int = 1
    need: Need | None = None
    fireball: int | None = None
    lightning: int | None = None
    trap: Trap | None = None
    lose_turns: list[Tokens] | None = None  # cage: tokens by die face 1..6
    pit_level: int | None = None         # pit: the level of the chamber fallen into
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)

    def need_of(self, hero: str) -> int | None:
        """The 2d6 ``hero`` needs; ``None``: "-" (and for a trap, which is not fought)."""
        return self.need.of(hero) if self.need is not None else None

    def spell_need(self, spell: str) -> int | None:
        """The 2d6 a fireball or lightning needs; ``None``: it cannot hurt this card."""
        return {"fireball": self.fireball, "lightning": self.lightning}.get(spell)

    def cage_tokens(self, die: int) -> int:
        """A cage trap's lose-turn tokens for ``die`` (1-6)."""
        assert self.lose_turns is not None, f"{self.id} is not a cage"
        return self.lose_turns[die - 1]


class MonsterFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    monsters: list[Monster]


# --- treasures.yaml ---------------------------------------------------------------------------
class Treasure(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A treasure card worth ``gp``; ``special`` gives a power (rules.yaml's ``specials``)."""

    id: str
    name: Text
    level: int
    gp: Annotated[int, msgspec.Meta(ge=1, le=100_000)]
    count: int = 1
    special: Special | None = None
    sword_plus_two: int | None = None  # a sword: the lowest 2d6 giving +2 (else +1)
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)

    def sword_bonus(self, total: int) -> int:
        """A magic sword's bonus for a 2d6 ``total``."""
        assert self.sword_plus_two is not None, f"{self.id} is not a magic sword"
        return 2 if total >= self.sword_plus_two else 1


class TreasureFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    treasures: list[Treasure]


# --- rules.yaml -------------------------------------------------------------------------------
class Hero(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Text
    colour: str
    target: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]   # gp to win with
    pawns: Annotated[int, msgspec.Meta(ge=1, le=8)]            # of each class, for up to 8 seats
    find_faces: list[int] | None = None  # None: the rules' find_faces
    spells: bool = False
    sword: bool = True
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class Defeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One row of the defeat table: 2d6 ``low``..``high`` gives ``result`` (``model.DEFEATS``)."""

    result: str
    low: int
    high: int
    drop: Drop = "none"
    push_back: bool = False
    lose_turns: Tokens = 0
    great_hall: bool = False
    killed: bool = False


class Spell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Text
    count: Annotated[int, msgspec.Meta(ge=0, le=SPELL_CARDS)]
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class Spellbook(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dice: Annotated[int, msgspec.Meta(ge=1, le=4)]
    plus: Annotated[int, msgspec.Meta(ge=0, le=SPELL_CARDS)]


class SpecialText(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Text
    text: Text


class TreasureHunt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    levels: list[int]
    deaths_allowed: Annotated[int, msgspec.Meta(ge=0, le=9)]


class TimeAttack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    minutes: list[Annotated[int, msgspec.Meta(ge=1, le=MAX_MINUTES)]]


class HunterMode(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hunters: list[Annotated[int, msgspec.Meta(ge=1, le=5)]]    # drawn from one level's monsters
    default_hunters: int
    level: int
    steps: Annotated[int, msgspec.Meta(ge=1, le=20)]           # spaces a hunter moves a turn


class Modes(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    treasure_hunt: TreasureHunt
    time_attack: TimeAttack
    hunter: HunterMode


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    heroes: list[Hero]
    moves: Annotated[int, msgspec.Meta(ge=1, le=12)]
    find_faces: list[int]
    find_moves_left: Annotated[int, msgspec.Meta(ge=0, le=12)]
    slots: Annotated[int, msgspec.Meta(ge=1, le=24)]
    chamber_capacity: Annotated[int, msgspec.Meta(ge=1, le=9)]
    room_capacity: Annotated[int, msgspec.Meta(ge=1, le=9)]
    no_sword_target: Annotated[int, msgspec.Meta(ge=2, le=14)]     # 2d6 and a sword's +2 reach 14
    lose_turn_tokens: Annotated[int, msgspec.Meta(ge=1, le=99)]
    defeat_table: list[Defeat]
    spells: list[Spell]
    spellbook: Spellbook
    refill_dice: Annotated[int, msgspec.Meta(ge=0, le=4)]          # d6 of spells retaken
    teleport_reach: Annotated[int, msgspec.Meta(ge=0, le=5)]       # levels up or down
    specials: dict[str, SpecialText]
    modes: Modes
    round_limit: Annotated[int, msgspec.Meta(ge=1, le=500)]        # random games play to it

    def defeat(self, total: int) -> Defeat:
        """The defeat table's row for a 2d6 ``total``."""
        return next(row for row in self.defeat_table if row.low <= total <= row.high)

    def spell(self, spell_id: str) -> Spell:
        return next(s for s in self.spells if s.id == spell_id)

    def find_faces_of(self, hero: str) -> list[int]:
        """The die faces on which ``hero`` finds a secret door."""
        faces = next(h for h in self.heroes if h.id == hero).find_faces
        return faces if faces is not None else self.find_faces


# --- all three --------------------------------------------------------------------------------
class DungeonCards(msgspec.Struct, frozen=True):
    """The three files together, with lookups by (expanded) card id."""

    monsters: list[Monster]
    treasures: list[Treasure]
    rules: Rules

    def monster(self, card_id: str) -> Monster:
        """A monster card by id; ``giant_rats~2`` is a copy of ``giant_rats``."""
        return _index(self).monsters[base_id(card_id)]

    def treasure(self, card_id: str) -> Treasure:
        return _index(self).treasures[base_id(card_id)]

    def monster_ids(self, level: int) -> list[str]:
        """Every monster card of ``level``, copies expanded, in file order (a deck unshuffled)."""
        return [i for m in self.monsters if m.level == level for i in copy_ids(m.id, m.count)]

    def treasure_ids(self, level: int) -> list[str]:
        return [i for t in self.treasures if t.level == level for i in copy_ids(t.id, t.count)]

    def hero(self, name: str) -> Hero:
        return _index(self).heroes[name]

    def gp(self, card_id: str) -> int:
        return self.treasure(card_id).gp

    def spell_deck(self) -> list[str]:
        """The 24 spell cards as kinds (``fireball`` ... ``teleport``), in file order."""
        return [s.id for s in self.rules.spells for _ in range(s.count)]


def base_id(card_id: str) -> str:
    """The card a copy's id names: ``giant_rats~2`` -> ``giant_rats``."""
    return card_id.partition(COPY)[0]


def copy_ids(card_id: str, count: int) -> list[str]:
    return [card_id] + [f"{card_id}{COPY}{n}" for n in range(2, count + 1)]


class _Index(msgspec.Struct, frozen=True):
    monsters: dict[str, Monster]
    treasures: dict[str, Treasure]
    heroes: dict[str, Hero]


_INDEXES: dict[int, tuple[DungeonCards, _Index]] = {}


def _index(cards: DungeonCards) -> _Index:
    known = _INDEXES.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    index = _Index(
        {m.id: m for m in cards.monsters},
        {t.id: t for t in cards.treasures},
        {h.id: h for h in cards.rules.heroes},
    )
    _INDEXES[id(cards)] = (cards, index)
    return index


# --- cross-checks -----------------------------------------------------------------------------
Problems = list[tuple[str, str]]


def _check_ids(items: list[Any], key: str) -> Problems:
    problems: Problems = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item.id in seen:
            problems.append((f"$.{key}[{i}].id", f"duplicate id {item.id!r}"))
        if COPY in item.id:
            problems.append((f"$.{key}[{i}].id", f"ids may not hold {COPY!r} (copies' ids do)"))
        seen.add(item.id)
        if not 1 <= item.count <= 9:
            problems.append((f"$.{key}[{i}].count", f"count {item.count} is not 1-9"))
        if item.level not in LEVELS:
            problems.append((f"$.{key}[{i}].level", f"level {item.level} is not 1-6"))
    return problems


def _check_per_level(items: list[Any], key: str, wanted: tuple[int, ...]) -> Problems:
    found = Counter()
    for item in items:
        found[item.level] += item.count
    return [
        (f"$.{key}", f"level {level} has {found[level]} card(s), expected {count}")
        for level, count in zip(LEVELS, wanted, strict=True)
        if found[level] != count
    ]


def _in_range(value: int | None) -> bool:
    return value is None or 2 <= value <= 12


def _check_monster(i: int, card: Monster, raw: dict[str, Any]) -> Problems:
    here = f"$.monsters[{i}]"
    numbers = ("need", "fireball", "lightning")
    if card.trap is not None:
        problems = [(f"{here}.{key}", "a trap has no combat numbers") for key in numbers
                    if key in raw]
        if card.trap == "cage" and (card.lose_turns is None or len(card.lose_turns) != 6
                                    or min(card.lose_turns) < 0):
            problems.append((f"{here}.lose_turns", "a cage needs 6 token counts (faces 1-6), >= 0"))
        if card.trap == "pit" and (card.pit_level is None or card.pit_level not in LEVELS):
            problems.append((f"{here}.pit_level", "a pit needs the chamber's level, 1-6"))
        if card.trap == "pit" and card.lose_turns is not None:
            problems.append((f"{here}.lose_turns", "only a cage takes lose_turns"))
        if card.trap == "cage" and card.pit_level is not None:
            problems.append((f"{here}.pit_level", "only a pit takes pit_level"))
        return problems
    problems = [(here, f"a monster needs {key!r} (null for \"-\")") for key in numbers
                if key not in raw]
    for key in ("lose_turns", "pit_level"):
        if key in raw:
            problems.append((f"{here}.{key}", "only a trap takes this"))
    if card.need is not None:
        for hero in HEROES:
            if not _in_range(card.need.of(hero)):
                problems.append((f"{here}.need.{hero}", "a need is 2-12 or null"))
    for spell in ("fireball", "lightning"):
        if not _in_range(card.spell_need(spell)):
            problems.append((f"{here}.{spell}", "a spell's need is 2-12 or null"))
    return problems


def check_monsters(content: MonsterFile, raw: Any) -> Problems:
    """Unique ids, the counts of the box, traps well formed, needs within 2-12 or null."""
    cards = content.monsters
    problems = _check_ids(cards, "monsters") + _check_per_level(cards, "monsters",
                                                                  MONSTERS_PER_LEVEL)
    raws = raw["monsters"] if isinstance(raw, dict) else []
    for i, card in enumerate(cards):
        problems += _check_monster(i, card, raws[i] if i < len(raws) else {})
    return problems


def check_treasures(content: TreasureFile) -> Problems:
    """Unique ids, the counts of the box, the specials where the rulings put them."""
    cards = content.treasures
    problems = _check_ids(cards, "treasures") + _check_per_level(cards, "treasures",
                                                                   TREASURES_PER_LEVEL)
    for i, card in enumerate(cards):
        here = f"$.treasures[{i}]"
        is_sword = card.special == "sword"
        if is_sword != (card.sword_plus_two is not None):
            problems.append((f"{here}.sword_plus_two", "a magic sword, and only one, has this"))
        if is_sword and not _in_range(card.sword_plus_two):
            problems.append((f"{here}.sword_plus_two", "the 2d6 for +2 is 2-12"))
        if card.special is not None and card.count != 1:
            problems.append((f"{here}.count", "a special treasure is a single card"))
    swords = sorted(t.level for t in cards if t.special == "sword")
    if tuple(swords) != SWORD_LEVELS:
        problems.append(("$.treasures", f"magic swords at levels {SWORD_LEVELS}, found {swords}"))
    for special, level in SINGLE_SPECIALS.items():
        levels = [t.level for t in cards if t.special == special]
        if levels != [level]:
            problems.append(("$.treasures", f"one {special} card at level {level}, found {levels}"))
    return problems


def check_rules(rules: Rules) -> Problems:
    """The heroes and spells the notation names, a defeat table covering 2-12, sane numbers."""
    problems: Problems = []
    if [h.id for h in rules.heroes] != list(HEROES):
        problems.append(("$.heroes", f"the heroes are {', '.join(HEROES)}, in this order"))
    for i, hero in enumerate(rules.heroes):
        if hero.find_faces is not None and not _faces(hero.find_faces):
            problems.append((f"$.heroes[{i}].find_faces", "die faces are 1-6, each once"))
    if not _faces(rules.find_faces):
        problems.append(("$.find_faces", "die faces are 1-6, each once"))
    if [s.id for s in rules.spells] != list(SPELLS):
        problems.append(("$.spells", f"the spells are {', '.join(SPELLS)}, in this order"))
    if sum(s.count for s in rules.spells) != SPELL_CARDS:
        problems.append(("$.spells", f"expected {SPELL_CARDS} spell cards"))
    problems += _check_defeats(rules.defeat_table)
    if sorted(rules.specials) != sorted(SPECIALS):
        problems.append(("$.specials", f"texts for exactly {', '.join(SPECIALS)}"))
    if rules.find_moves_left > rules.moves:
        problems.append(("$.find_moves_left", f"at most the {rules.moves} moves of a turn"))
    hunter = rules.modes.hunter
    if hunter.default_hunters not in hunter.hunters:
        problems.append(("$.modes.hunter.default_hunters", f"not one of {hunter.hunters}"))
    if hunter.level not in LEVELS:
        problems.append(("$.modes.hunter.level", "a level is 1-6"))
    if not rules.modes.time_attack.minutes:
        problems.append(("$.modes.time_attack.minutes", "at least one limit"))
    if not set(rules.modes.treasure_hunt.levels) <= set(LEVELS):
        problems.append(("$.modes.treasure_hunt.levels", "levels are 1-6"))
    return problems


def _faces(faces: list[int]) -> bool:
    return bool(faces) and len(set(faces)) == len(faces) and set(faces) <= set(range(1, 7))


def _check_defeats(table: list[Defeat]) -> Problems:
    problems: Problems = []
    if [row.result for row in table] != list(DEFEATS):
        problems.append(("$.defeat_table", f"the results are {', '.join(DEFEATS)}, in order"))
    expected_low = 2
    for i, row in enumerate(table):
        if row.low != expected_low or row.high < row.low:
            problems.append((f"$.defeat_table[{i}]", f"expected a range from {expected_low}"))
        expected_low = row.high + 1
    if expected_low != 13:
        problems.append(("$.defeat_table", "the ranges must end at 12"))
    return problems


# --- loading ----------------------------------------------------------------------------------
def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        problem = Problem(str(path), None, "", f"cannot read: {err.strerror}")
        raise CardFileError([problem]) from None


def load_monsters(path: Path = MONSTER_FILE) -> MonsterFile:
    text = _read(path)
    try:
        raw = load_yaml(text, str(path), CARD_LIMITS)
    except FileRefused:
        raw = None  # decode_cards reports it with its line
    return decode_cards(text, str(path), MonsterFile, lambda c: check_monsters(c, raw))


def load_treasures(path: Path = TREASURE_FILE) -> TreasureFile:
    return decode_cards(_read(path), str(path), TreasureFile, check_treasures)


def load_rules(path: Path = RULES_FILE) -> Rules:
    return decode_cards(_read(path), str(path), Rules, check_rules)


_FILE_LOADERS = {
    MONSTER_FILE.name: load_monsters, TREASURE_FILE.name: load_treasures,
    RULES_FILE.name: load_rules,
}


@overload
def load() -> DungeonCards: ...
@overload
def load(path: Path) -> Any: ...
@lru_cache(maxsize=4)
def load(path: Path | None = None) -> Any:
    """With no path: all three files of ``cards/dungeon/`` as ``DungeonCards``, checked once
    (``CardFileError`` naming file, line and field). With one file (``cards check``): that file
    alone, checked and returned (``board.yaml`` is checked by the board's own loader). With a
    directory: its three files."""
    if path is None or path.is_dir():
        folder = path or CARD_DIR
        monsters = load_monsters(folder / MONSTER_FILE.name)
        treasures = load_treasures(folder / TREASURE_FILE.name)
        return DungeonCards(monsters.monsters, treasures.treasures,
                            load_rules(folder / RULES_FILE.name))
    if path.name == BOARD_NAME:
        loader = getattr(board.load_board, "__wrapped__", board.load_board)
        return loader(path)
    if path.name not in _FILE_LOADERS:
        raise CardFileError([Problem(str(path), None, "", "not a Dungeon! card file (expected "
                                     "monsters.yaml, treasures.yaml, rules.yaml or board.yaml)")])
    return _FILE_LOADERS[path.name](path)
