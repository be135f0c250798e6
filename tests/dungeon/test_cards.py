"""Dungeon!'s card files: the box's counts, ids and copies, the specials, the rules' numbers, and
every kind of mistake named with file, line and field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dungeon_table.core.errors import CardFileError, Problem
from dungeon_table.games.dungeon import cards as dc
from dungeon_table.games.dungeon.model import DEFEATS, HEROES, SPELLS

CARDS = dc.load()


# --- the box ----------------------------------------------------------------------------------
def test_monsters_by_level_match_the_box() -> None:
    counts = tuple(len(CARDS.monster_ids(level)) for level in dc.LEVELS)
    assert counts == (7, 8, 11, 12, 16, 7)
    assert sum(counts) == 61


def test_treasures_by_level_match_the_box() -> None:
    counts = tuple(len(CARDS.treasure_ids(level)) for level in dc.LEVELS)
    assert counts == (9, 9, 16, 18, 16, 12)
    assert sum(counts) == 80


def test_spells_are_nine_fireballs_nine_lightning_bolts_six_teleports() -> None:
    deck = CARDS.spell_deck()
    assert len(deck) == 24
    assert [deck.count(s) for s in SPELLS] == [9, 9, 6]
    assert CARDS.rules.spell("lightning").name.ja == "ライトニングボルト"


def test_ids_are_unique_across_every_deck() -> None:
    ids = [i for level in dc.LEVELS for i in CARDS.monster_ids(level) + CARDS.treasure_ids(level)]
    assert len(ids) == len(set(ids)) == 141


def test_copies_share_their_card_and_name_it() -> None:
    assert "black_pudding~3" in CARDS.monster_ids(5)
    assert "black_pudding~4" not in CARDS.monster_ids(5)
    assert CARDS.monster("black_pudding~3") is CARDS.monster("black_pudding")
    assert CARDS.treasure("sack_of_gold~2").gp == 500
    assert dc.base_id("huge_ruby~3") == "huge_ruby" and dc.base_id("huge_ruby") == "huge_ruby"
    assert dc.copy_ids("ogre", 3) == ["ogre", "ogre~2", "ogre~3"]


def test_classic_figures_are_kept() -> None:
    rats = CARDS.monster("giant_rats")
    assert (rats.name.en, rats.name.ja) == ("Giant Rats", "大ネズミ")
    assert [rats.need_of(h) for h in HEROES] == [5, 4, 3, 6]
    assert (rats.fireball, rats.lightning) == (2, 7)
    assert CARDS.monster("gargoyle").spell_need("fireball") is None
    assert CARDS.monster("black_pudding").need_of("rogue") is None  # "-"
    red = CARDS.monster("red_dragon")
    assert [red.need_of(h) for h in HEROES] == [None, None, 11, 12]
    assert CARDS.treasure("gold_necklace").gp == 9000


def test_every_card_is_named_in_both_languages() -> None:
    named = [*CARDS.monsters, *CARDS.treasures, *CARDS.rules.heroes, *CARDS.rules.spells]
    assert all(card.name.en and card.name.ja for card in named)
    assert all(t.text.en and t.text.ja for t in CARDS.rules.specials.values())


def test_traps_are_well_formed_and_on_levels_one_to_five() -> None:
    traps = [m for m in CARDS.monsters if m.trap is not None]
    assert {m.level for m in traps} == {1, 2, 3, 4, 5}
    for trap in traps:
        assert trap.need is None and trap.fireball is None and trap.lightning is None
        if trap.trap == "cage":
            assert trap.lose_turns is not None and len(trap.lose_turns) == 6
        else:
            assert trap.pit_level in (trap.level, trap.level + 1)
    cage = CARDS.monster("cage_trap_1")
    assert [cage.cage_tokens(die) for die in range(1, 7)] == cage.lose_turns


def test_level_six_holds_no_trap_for_the_hunters() -> None:
    assert all(CARDS.monster(i).trap is None for i in CARDS.monster_ids(6))


# --- specials ---------------------------------------------------------------------------------
def test_magic_swords_at_levels_one_two_four_six_with_their_tables() -> None:
    swords = [t for t in CARDS.treasures if t.special == "sword"]
    assert [(t.level, t.sword_plus_two) for t in swords] == [(1, 12), (2, 10), (4, 9), (6, 7)]
    deep = CARDS.treasure("magic_sword_6")
    assert (deep.sword_bonus(6), deep.sword_bonus(7), deep.sword_bonus(12)) == (1, 2, 2)
    assert CARDS.treasure("magic_sword_1").sword_bonus(11) == 1


def test_the_single_specials_and_their_levels() -> None:
    specials = {t.special: t.level for t in CARDS.treasures if t.special not in (None, "sword")}
    assert specials == {"secret_door": 1, "crystal_ball": 4, "esp": 5}
    assert all(t.gp > 0 for t in CARDS.treasures)


# --- gp: the targets can be reached -----------------------------------------------------------
def test_header_states_each_levels_total_and_mean() -> None:
    header = dc.TREASURE_FILE.read_text(encoding="utf-8")
    for level in dc.LEVELS:
        gps = [CARDS.gp(i) for i in CARDS.treasure_ids(level)]
        mean = round(sum(gps) / len(gps))
        line = f"level {level}: {len(gps):3d} cards, {sum(gps):7,d} gp, mean {mean:5,d}"
        assert re.search(re.escape(line), header), line


def test_values_grow_by_level_and_targets_need_deep_treasures() -> None:
    means = [sum(map(CARDS.gp, CARDS.treasure_ids(lv))) / len(CARDS.treasure_ids(lv))
             for lv in dc.LEVELS]
    assert means == sorted(means)
    fighter, wizard = CARDS.hero("fighter").target, CARDS.hero("wizard").target
    assert 2 * means[5] < fighter <= 3 * means[5]  # a few deep treasures, at their mean
    assert 3 * means[5] < wizard <= 4 * means[5]  # one more for a wizard
    assert 3 * means[4] < fighter and 4 * means[4] < wizard
    level_one = sum(map(CARDS.gp, CARDS.treasure_ids(1)))
    assert level_one < CARDS.hero("rogue").target  # the shallow deck alone never wins


# --- the rules' numbers -----------------------------------------------------------------------
def test_heroes_colours_targets_and_pawns() -> None:
    heroes = CARDS.rules.heroes
    assert [(h.id, h.colour, h.target, h.pawns) for h in heroes] == [
        ("rogue", "green", 10000, 2), ("cleric", "blue", 10000, 2),
        ("fighter", "red", 20000, 2), ("wizard", "purple", 30000, 2),
    ]
    assert [h.name.ja for h in heroes] == ["ローグ", "クレリック", "ファイター", "ウィザード"]
    assert [h.id for h in heroes if h.spells] == ["wizard"]
    assert [h.id for h in heroes if not h.sword] == ["wizard"]


def test_secret_door_faces() -> None:
    assert CARDS.rules.find_faces_of("rogue") == [3, 4, 5, 6]
    assert CARDS.rules.find_faces_of("fighter") == [5, 6]


@pytest.mark.parametrize(
    ("total", "result"),
    [(2, "miss"), (5, "miss"), (6, "stunned"), (7, "stunned"), (8, "wounded"), (10, "wounded"),
     (11, "badly_wounded"), (12, "killed")],
)
def test_defeat_table(total: int, result: str) -> None:
    assert CARDS.rules.defeat(total).result == result


def test_defeat_table_effects() -> None:
    rows = {row.result: row for row in CARDS.rules.defeat_table}
    assert [rows[r].drop for r in DEFEATS] == ["none", "one", "one", "half", "all"]
    assert rows["wounded"].push_back and rows["wounded"].lose_turns == 1
    assert rows["badly_wounded"].great_hall and rows["killed"].killed
    assert not any(rows[r].push_back or rows[r].lose_turns for r in DEFEATS if r != "wounded")


def test_numbers_of_the_rules() -> None:
    rules = CARDS.rules
    numbers = (rules.moves, rules.slots, rules.chamber_capacity, rules.no_sword_target)
    assert numbers == (5, 12, 3, 13)
    assert (rules.spellbook.dice, rules.spellbook.plus) == (1, 6)
    assert rules.modes.time_attack.minutes == [30, 25, 20, 15]
    assert rules.modes.hunter.hunters == [1, 2, 3] and rules.modes.hunter.default_hunters == 1
    assert (rules.modes.hunter.level, rules.modes.hunter.steps) == (6, 5)
    assert rules.modes.treasure_hunt.deaths_allowed == 1
    assert rules.round_limit == 200


# --- loading one file, and broken files -------------------------------------------------------
def test_each_file_loads_alone_for_cards_check() -> None:
    loader = dc.load.__wrapped__
    assert isinstance(loader(dc.MONSTER_FILE), dc.MonsterFile)
    assert isinstance(loader(dc.TREASURE_FILE), dc.TreasureFile)
    assert isinstance(loader(dc.RULES_FILE), dc.Rules)
    assert isinstance(loader(dc.CARD_DIR), dc.DungeonCards)


def test_a_stranger_file_in_the_folder_is_refused(tmp_path: Path) -> None:
    stray = tmp_path / "extras.yaml"
    stray.write_text("x: 1\n", encoding="utf-8")
    assert "not a Dungeon! card file" in broken(stray)[0].message


def broken(path: Path) -> list[Problem]:
    with pytest.raises(CardFileError) as caught:
        dc.load.__wrapped__(path)
    return list(caught.value.problems)


def edit(tmp_path: Path, source: Path, old: str, new: str, nth: int = 1) -> Path:
    """``source`` copied to ``tmp_path`` with the ``nth`` ``old`` replaced by ``new``."""
    text = source.read_text(encoding="utf-8")
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    path = tmp_path / source.name
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return path


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    hits = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if needle in line]
    return hits[nth - 1]


def test_a_duplicate_monster_id_names_file_line_and_field(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "id: hobgoblins", "id: giant_rats")
    problems = broken(path)
    assert [(p.file, p.line, p.path) for p in problems] == [
        (str(path), line_of(path, "id: giant_rats", 2), "$.monsters[1].id")
    ]
    assert "duplicate id 'giant_rats'" in problems[0].message


def test_a_wrong_count_names_the_level(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "count: 3", "count: 4")
    [problem] = broken(path)
    assert problem.path == "$.monsters" and "level 4 has 13 card(s), expected 12" in problem.message


def test_a_need_out_of_range(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "fighter: 3, wizard: 6", "fighter: 13, wizard: 6")
    [problem] = broken(path)
    assert problem.path == "$.monsters[0].need.fighter"
    assert problem.line == line_of(path, "fighter: 13")


def test_a_monster_without_its_spell_numbers(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "    lightning: 7\n", "")
    [problem] = broken(path)
    assert problem.path == "$.monsters[0]" and "'lightning'" in problem.message
    assert problem.line == line_of(path, "id: giant_rats")


def test_a_trap_with_combat_numbers_or_a_short_table(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "lose_turns: [0, 0, 1, 1, 1, 2]",
                "lose_turns: [0, 1]\n    fireball: 3")
    problems = broken(path)
    assert [p.path for p in problems] == ["$.monsters[6].fireball", "$.monsters[6].lose_turns"]
    assert problems[0].line == line_of(path, "lose_turns: [0, 1]") + 1


def test_a_pit_without_its_level(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "    pit_level: 2\n", "")
    [problem] = broken(path)
    assert problem.path == "$.monsters[12].pit_level"


def test_an_unknown_field_or_trap_kind(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.MONSTER_FILE, "trap: cage", "trap: net", nth=2)
    [problem] = broken(path)
    assert problem.path == "$.monsters[6].trap" and problem.line == line_of(path, "trap: net")
    path = edit(tmp_path, dc.TREASURE_FILE, "gp: 250", "gp: 250\n    weight: 3")
    [problem] = broken(path)
    assert problem.path == "$.treasures[0].weight" and "unknown field" in problem.message


def test_a_sword_without_its_table_and_a_missing_special(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.TREASURE_FILE, "    sword_plus_two: 12\n", "")
    [problem] = broken(path)
    assert problem.path == "$.treasures[4].sword_plus_two"
    path = edit(tmp_path, dc.TREASURE_FILE, "special: esp", "special: crystal_ball")
    messages = [p.message for p in broken(path)]
    assert "one crystal_ball card at level 4, found [4, 5]" in messages
    assert "one esp card at level 5, found []" in messages


def test_a_gap_in_the_defeat_table(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.RULES_FILE, "low: 6, high: 7", "low: 6, high: 6")
    [problem] = broken(path)
    assert problem.path == "$.defeat_table[2]" and problem.line == line_of(path, "result: wounded")


def test_a_wrong_spell_count(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.RULES_FILE, "count: 6", "count: 5")
    [problem] = broken(path)
    assert problem.path == "$.spells" and "24 spell cards" in problem.message


def test_bad_yaml_names_its_line(tmp_path: Path) -> None:
    path = edit(tmp_path, dc.RULES_FILE, "moves: 5", "moves: [5")
    [problem] = broken(path)
    assert problem.file == str(path) and problem.line is not None and "bad YAML" in problem.message


def test_cards_check_covers_every_file_of_the_folder() -> None:
    """``card_files=("dungeon/*.yaml",)`` with this module's ``load``: each file checks clean
    (the board's through the board's own loader)."""
    from dungeon_table.cli import check_card_file
    from dungeon_table.core.registry import GameSpec

    class Game:  # stands for the game class: only its package is looked at
        __module__ = "dungeon_table.games.dungeon.rules"

    spec = GameSpec("dungeon", "dungeon", 1, 8, Game, {}, "random", "",  # type: ignore[arg-type]
                    card_files=("dungeon/*.yaml",))
    files, loader = spec.card_check()
    assert {dc.MONSTER_FILE, dc.TREASURE_FILE, dc.RULES_FILE} <= set(files)
    assert loader is dc.load.__wrapped__
    assert all(check_card_file(spec, path) == [] for path in files)


def test_cards_check_from_the_command_line_once_registered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dungeon_table.cli import main
    from dungeon_table.core import registry

    if "dungeon" not in registry.game_ids():
        pytest.skip("Dungeon! is not registered yet")
    assert main(["cards", "check", str(dc.MONSTER_FILE)]) == 0
    assert main(["cards", "check", str(dc.CARD_DIR)]) == 0
    assert "card file(s) OK" in capsys.readouterr().out
