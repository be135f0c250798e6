"""The card file of Dungeon Market (``cards/market.yaml``): schema, cross-checks, loading.

Every number of the game lives in the YAML; the rules read them from here::

    cards = load()
    cards.card("red_shield_1").defence      # 2
    cards.job("sage").levels[3].vp          # 7 (index 0 = LV1)
    cards.level_costs                       # [2, 2, 2, 13]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from dungeon_table.core.cards import CARDS_DIR, Text, load_cards
from dungeon_table.core.icon_names import Icon
from dungeon_table.core.registry import Option

CARD_FILE = CARDS_DIR / "market.yaml"

Kind = Literal["monster", "ghost", "gem", "chest"]
Colour = Literal["red", "blue", "yellow", "green", "purple", ""]
Loot = Literal["gauntlet", "shield", "helm", "armour", "sword", ""]
EffectKind = Literal[
    "guard", "guard_any", "heal", "extra_reveal", "exp_bonus", "commission", "discount",
    "burst_share", "peek", "vp",
]

COLOURS = ("red", "blue", "yellow", "green", "purple")
LOOTS = ("gauntlet", "shield", "helm", "armour", "sword")
GEM_VALUES = (1, 2, 3)

# The ranges a number may take (msgspec refuses anything else at load, naming file, line and
# field). Coins are bounded because every coin is a choice: a price is listed per slot and coin
# value, a bid per coin held (4 purses of 50 and a deposit of 50 still list a few hundred).
Coins = Annotated[int, Meta(ge=0, le=50)]         # a purse, the deposit, the unpriced price
Strength = Annotated[int, Meta(ge=0, le=20)]      # an attack, a defence, an effect's amount
Life = Annotated[int, Meta(ge=1, le=99)]
Points = Annotated[int, Meta(ge=-99, le=99)]      # a score line's points (a rank may cost some)
Exp = Annotated[int, Meta(ge=1, le=99)]           # EXP for the next level


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A dungeon card. Monsters: colour, attack, loot and the loot's defence (a sword: 0, it
    cancels a monster instead). Ghosts: colour and attack. Gems: value. Chests: nothing."""

    id: str
    kind: Kind
    name: Text
    colour: Colour = ""
    loot: Loot = ""
    attack: Strength = 0
    defence: Strength = 0
    value: Strength = 0
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One job effect primitive (the kinds are listed at the top of the YAML's jobs)."""

    kind: EffectKind
    amount: Strength
    colour: Colour = ""


class JobLevel(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A job at one level: its complete effect there (not added to the lower levels) and VP."""

    effects: list[Effect]
    vp: Annotated[int, Meta(ge=0, le=99)] = 0


class Job(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Text
    levels: list[JobLevel]  # index 0 = LV1 .. 3 = LV4
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class Named(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: Text
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class LootKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Loot
    copies: Annotated[int, Meta(ge=1, le=9)]
    defence: Strength
    name: Text
    icon: Icon | None = None  # its picture; None: its kind's (assets/icons/cards.yaml)


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    life: Life
    life_two_players: Life
    coins: Coins
    deposit: Coins
    unpriced_price: Coins
    reveal_limit_cap: Annotated[int, Meta(ge=1, le=20)]   # 0 would end every exploration at once
    job_row: Annotated[int, Meta(ge=1, le=12)]            # face-up jobs, of the 12


class Score(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rank_points: list[Points]
    kinds_bonus: list[Points]
    five_colour_multiplier: Annotated[int, Meta(ge=0, le=99)]
    sword_bonus: Annotated[int, Meta(ge=0, le=99)]
    coin_divisor: Annotated[int, Meta(ge=1, le=99)]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The options' defaults (``GameSpec.options``)."""

    chests: bool
    professional: bool
    gems_defend: bool
    chest_buyer_gets_card: bool
    ghosts_enter: str


class MarketCards(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    setup: Setup
    level_costs: list[Exp]
    score: Score
    options: Options
    option_values: dict[str, list[Any]]
    colour_names: list[Named] = msgspec.field(name="colours")
    loot_kinds: list[LootKind] = msgspec.field(name="loots")
    cards: list[Card] = msgspec.field(default_factory=list)
    jobs: list[Job] = msgspec.field(default_factory=list)

    # --- lookups ------------------------------------------------------------------------------
    @property
    def colours(self) -> list[str]:
        return [c.id for c in self.colour_names]

    @property
    def loots(self) -> list[str]:
        return [str(loot.id) for loot in self.loot_kinds]

    def card(self, card_id: str) -> Card:
        return _index(self)[0][card_id]

    def by_id(self) -> dict[str, Card]:
        """Every card by id (for loops that look up many: one dict, no call per card)."""
        return _index(self)[0]

    def job(self, job_id: str) -> Job:
        return _index(self)[1][job_id]

    def memo(self) -> dict[Hashable, Any]:
        """Figures worked out from these cards alone, kept for this loaded file beside its
        lookups (``card_rules.equipment_points``)."""
        return _index(self)[2]

    def job_at(self, job_id: str, level: int) -> JobLevel | None:
        """What a job held at ``level`` gives (LV1 is ``levels[0]``); None at LV0: a job just
        won does nothing until it is raised."""
        return self.job(job_id).levels[level - 1] if level >= 1 else None

    def all_ids(self) -> list[str]:
        """Every dungeon card id, in file order."""
        return [c.id for c in self.cards]

    def ids_of(self, kind: str) -> list[str]:
        return [c.id for c in self.cards if c.kind == kind]

    def colour_name(self, colour: str) -> Text:
        return next(c.name for c in self.colour_names if c.id == colour)

    def loot_name(self, card_id: str) -> Text:
        """What a monster drops, named as the table speaks of it: Red Gauntlet, 赤の小手."""
        card = self.card(card_id)
        loot = next(k.name for k in self.loot_kinds if k.id == card.loot)
        colour = self.colour_name(card.colour)
        return Text(en=f"{colour.en} {loot.en}", ja=f"{colour.ja}の{loot.ja}")

    def starting_gauntlet(self, colour: str) -> str:
        return f"{colour}_gauntlet_1"


# Lookups by id, built once per loaded file (the struct holds lists, so it is not hashable).
_Index = tuple[dict[str, Card], dict[str, Job], dict[Hashable, Any]]
_INDEXES: dict[int, tuple[MarketCards, _Index]] = {}


def _index(cards: MarketCards) -> _Index:
    known = _INDEXES.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    index = ({c.id: c for c in cards.cards}, {j.id: j for j in cards.jobs}, {})
    _INDEXES[id(cards)] = (cards, index)
    return index


# --- cross-checks -----------------------------------------------------------------------------
Problems = list[tuple[str, str]]


def check(cards: MarketCards) -> Problems:
    """What the schema cannot say: unique ids, the counts of the box, consistent numbers."""
    return [
        *_check_ids(cards), *_check_tables(cards), *_check_cards(cards), *_check_counts(cards),
        *_check_jobs(cards), *_check_numbers(cards),
    ]


def _check_ids(cards: MarketCards) -> Problems:
    problems: Problems = []
    seen: set[str] = set()
    places = [(f"$.cards[{i}].id", c.id) for i, c in enumerate(cards.cards)]
    places += [(f"$.jobs[{i}].id", j.id) for i, j in enumerate(cards.jobs)]
    for where, card_id in places:
        if card_id in seen:
            problems.append((where, f"duplicate id {card_id!r}"))
        seen.add(card_id)
    return problems


def _check_tables(cards: MarketCards) -> Problems:
    problems: Problems = []
    if tuple(cards.colours) != COLOURS:
        problems.append(("$.colours", f"the colours are {', '.join(COLOURS)}, in this order"))
    if tuple(cards.loots) != LOOTS:
        problems.append(("$.loots", f"the loots are {', '.join(LOOTS)}, in this order"))
    return problems


def _check_cards(cards: MarketCards) -> Problems:
    """Each card has exactly the fields its kind uses, and monster ids say what they are."""
    problems: Problems = []
    defence = {k.id: k.defence for k in cards.loot_kinds}
    for i, card in enumerate(cards.cards):
        here = f"$.cards[{i}]"
        coloured = card.kind in ("monster", "ghost")
        if coloured and not card.colour:
            problems.append((f"{here}.colour", f"a {card.kind} needs a colour"))
        if not coloured and card.colour:
            problems.append((f"{here}.colour", f"a {card.kind} has no colour"))
        if (card.kind == "monster") != bool(card.loot):
            problems.append((f"{here}.loot", "monsters, and only monsters, drop a loot"))
        if coloured and card.attack < 1:
            problems.append((f"{here}.attack", "a monster attacks for at least 1"))
        if card.kind == "monster" and card.loot and card.defence != defence.get(card.loot):
            problems.append((f"{here}.defence",
                             f"a {card.loot} defends {defence.get(card.loot)}, not {card.defence}"))
        if card.kind == "gem" and card.value not in GEM_VALUES:
            problems.append((f"{here}.value", f"a gem is worth 1, 2 or 3, not {card.value}"))
        problems += _check_card_id(card, here)
    return problems


def _check_card_id(card: Card, here: str) -> Problems:
    if card.kind == "monster" and not card.id.startswith(f"{card.colour}_{card.loot}_"):
        return [(f"{here}.id", f"a {card.colour} {card.loot} is named {card.colour}_{card.loot}_N")]
    if card.kind == "ghost" and card.id != f"{card.colour}_ghost":
        return [(f"{here}.id", f"the {card.colour} ghost is named {card.colour}_ghost")]
    return []


def _check_counts(cards: MarketCards) -> Problems:
    problems: Problems = []
    copies = {k.id: k.copies for k in cards.loot_kinds}
    monsters = Counter((c.colour, c.loot) for c in cards.cards if c.kind == "monster")
    for colour in COLOURS:
        for loot in LOOTS:
            found, wanted = monsters[(colour, loot)], copies.get(loot, 0)
            if found != wanted:
                problems.append(("$.cards", f"{colour} has {found} {loot} monster(s), expected "
                                 f"{wanted}"))
        if f"{colour}_gauntlet_1" not in {c.id for c in cards.cards}:
            problems.append(("$.cards", f"{colour}_gauntlet_1 (a starting gauntlet) is missing"))
    ghosts = Counter(c.colour for c in cards.cards if c.kind == "ghost")
    if sorted(ghosts) != sorted(COLOURS) or set(ghosts.values()) != {1}:
        problems.append(("$.cards", "expected one ghost of each colour"))
    gems = Counter(c.value for c in cards.cards if c.kind == "gem")
    if gems != Counter({v: 3 for v in GEM_VALUES}):
        problems.append(("$.cards", "expected three gems each of value 1, 2 and 3"))
    chests = sum(1 for c in cards.cards if c.kind == "chest")
    if chests != 3:
        problems.append(("$.cards", f"expected 3 treasure chests, found {chests}"))
    return problems


def _check_jobs(cards: MarketCards) -> Problems:
    problems: Problems = []
    if len(cards.jobs) != 12:
        problems.append(("$.jobs", f"expected 12 job items, found {len(cards.jobs)}"))
    for i, job in enumerate(cards.jobs):
        if len(job.levels) != 4:
            problems.append((f"$.jobs[{i}].levels", f"a job has 4 levels, found {len(job.levels)}"))
        for n, level in enumerate(job.levels):
            for e, effect in enumerate(level.effects):
                where = f"$.jobs[{i}].levels[{n}].effects[{e}]"
                if (effect.kind == "guard") != bool(effect.colour):
                    problems.append((f"{where}.colour", "guard, and only guard, names a colour"))
    return problems


def _check_numbers(cards: MarketCards) -> Problems:
    problems: Problems = []
    expected = {"$.level_costs": (cards.level_costs, 4), "$.score.rank_points":
                (cards.score.rank_points, 4), "$.score.kinds_bonus": (cards.score.kinds_bonus, 6)}
    for where, (values, count) in expected.items():
        if len(values) != count:
            problems.append((where, f"expected {count} numbers, found {len(values)}"))
    values = cards.option_values.get("ghosts_enter", [])
    if cards.options.ghosts_enter not in values:
        problems.append(("$.options.ghosts_enter", f"not one of option_values: {values}"))
    for key in cards.option_values:
        if key not in msgspec.structs.asdict(cards.options):
            problems.append((f"$.option_values.{key}", f"there is no option {key!r}"))
    return problems


@lru_cache(maxsize=1)
def load(path: Path = CARD_FILE) -> MarketCards:
    """The card file, loaded and checked once (``CardFileError`` naming file, line and field)."""
    return load_cards(path, MarketCards, check)


def default_options() -> dict[str, Any]:
    """The options and their defaults, as ``GameSpec.options`` takes them."""
    return msgspec.structs.asdict(load().options)


def option_specs() -> dict[str, Option]:
    """Each option declared from the file: its default (its kind: on/off or a word) and, for
    one listed under ``option_values``, the only values it takes."""
    cards = load()
    return {name: Option(default, choices=tuple(cards.option_values.get(name, ())),
                         min_players=FEWEST_PLAYERS.get(name, 0), when=APPLIES_WHEN.get(name, {}))
            for name, default in msgspec.structs.asdict(cards.options).items()}


# Options that only change a game of this many players or more: two players never reshuffle
# (``MarketBase.can_refill``), so when the ghosts join cannot matter to them.
FEWEST_PLAYERS = {"ghosts_enter": 3}
# Options that mean something only under another's value: a chest's hidden card needs chests
# (Professional fixes them on, so its setup offers the house rule too).
APPLIES_WHEN: dict[str, dict[str, tuple[Any, ...]]] = {"chest_buyer_gets_card": {"chests": (True,)}}
