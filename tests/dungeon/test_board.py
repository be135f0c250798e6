"""The Dungeon! board file: the rulings' structure (six levels, rooms, two named chambers a level,
the Great Hall), every space reachable by more than one way, and a parser that names the line and
the problem in a broken file (a space the hall cannot reach among them)."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from dungeon_table.core.errors import CardFileError
from dungeon_table.games.dungeon.board import Board, load_board, parse_board

LEVELS = range(1, 7)
CHAMBER_NAMES = {
    "Armory": "武器庫", "The Crypt": "地下墓所", "Wizard's Lab": "魔法使いの研究室",
    "Wizard's Treasure": "魔法使いの宝物庫", "Kitchen": "厨房", "Guard Room": "衛兵詰所",
    "Store Room": "貯蔵庫", "Torture Chamber": "拷問部屋", "Queen's Annex": "女王の離れ",
    "Queen's Treasure": "女王の宝物庫", "King's Library": "王の書庫", "King's Treasure": "王の宝物庫",
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def reachable(board: Board, start: str, secret: bool = True, avoid: str = "") -> set[str]:
    """Spaces reachable from ``start`` (through secret doors only if ``secret``), never entering
    ``avoid``."""
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, passage in board.neighbours(here):
            if there in seen or there == avoid or (passage.kind == "secret" and not secret):
                continue
            seen.add(there)
            queue.append(there)
    return seen


def areas(board: Board) -> list[str]:
    return board.rooms() + board.chambers()


# --- structure ----------------------------------------------------------------------------------


def test_about_fifty_to_sixty_rooms_and_two_chambers_a_level(board: Board) -> None:
    assert 50 <= len(board.rooms()) <= 60
    for level in LEVELS:
        assert len(board.chambers(level)) == 2, level
        assert len(board.rooms(level)) >= 5, level
    assert board.rooms() == sorted(board.rooms(level=None))
    assert {board.spaces[s].level for s in areas(board)} == set(LEVELS)


def test_one_great_hall_with_its_name(board: Board) -> None:
    halls = [s for s in board.spaces.values() if s.kind == "hall"]
    assert [h.id for h in halls] == [board.hall] == ["hall"]
    assert halls[0].level == 0
    assert halls[0].name is not None
    assert (halls[0].name.en, halls[0].name.ja) == ("Great Hall", "大ホール")


def test_the_twelve_classic_chambers_each_named_once(board: Board) -> None:
    names = {}
    for chamber in board.chambers():
        name = board.spaces[chamber].name
        assert name is not None, chamber
        names[name.en] = name.ja
    assert names == CHAMBER_NAMES


def test_ids_follow_the_notation(board: Board) -> None:
    for space in board.spaces.values():
        if space.kind == "room":
            assert space.id == f"{space.level}{space.id[1]}" and space.id[1].islower()
        elif space.kind == "chamber":
            assert space.id == f"{space.level}{space.id[1]}" and space.id[1].isupper()
        elif space.kind == "corridor":
            x, y = space.cells[0]
            assert space.id == f"c{x}-{y}" and space.cells == ((x, y),)
            assert space.level in LEVELS
            assert space.centre == (x + 0.5, y + 0.5)


def test_rooms_are_at_least_two_by_two_and_chambers_bigger(board: Board) -> None:
    biggest_room = 0
    for room in board.rooms():
        cells = set(board.spaces[room].cells)
        assert any({(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= cells for x, y in cells), room
        biggest_room = max(biggest_room, len(cells))
    for chamber in board.chambers():
        assert len(board.spaces[chamber].cells) > biggest_room, chamber


def test_the_grid_fits_a_screen(board: Board) -> None:
    assert 48 <= board.width <= 72 and 30 <= board.height <= 44


def test_every_cell_names_its_space(board: Board) -> None:
    for space in board.spaces.values():
        for x, y in space.cells:
            kind, space_id, level = board.cell(x, y)
            assert (space_id, level) == (space.id, space.level)
            assert kind == ("stairs" if space.stairs else space.kind)
    assert board.cell(-1, 0) == ("rock", "", 0)
    assert board.cell(board.width, board.height) == ("rock", "", 0)


# --- doors and reachability -----------------------------------------------------------------------


def test_a_door_joins_exactly_the_two_spaces_on_its_opposite_sides(board: Board) -> None:
    doors = [p for s in board.spaces for _, p in board.neighbours(s) if p.kind != "open"]
    assert doors
    for passage in doors:
        assert passage.cell is not None and passage.a != passage.b
        x, y = passage.cell
        assert board.cell(x, y)[0] == passage.kind
        assert passage.door == ("d" if passage.kind == "door" else "s") + f"{x}-{y}"
        sides = [{board.cell(x, y - 1)[1], board.cell(x, y + 1)[1]},
                 {board.cell(x - 1, y)[1], board.cell(x + 1, y)[1]}]
        assert {passage.a, passage.b} in sides


def test_open_passages_join_neighbouring_corridor_squares(board: Board) -> None:
    for space in board.spaces.values():
        for other, passage in board.neighbours(space.id):
            if passage.kind == "open":
                (x, y), (u, v) = space.cells[0], board.spaces[other].cells[0]
                assert board.spaces[other].kind == "corridor" == space.kind
                assert abs(x - u) + abs(y - v) == 1


def test_secret_doors_are_listed_by_id_and_save_moves(board: Board) -> None:
    assert len(board.secret_doors) >= 8
    for door_id, passage in board.secret_doors.items():
        assert passage.door == door_id and passage.kind == "secret"
    # short cuts: at least half of them save three or more moves over the open way round
    saving = 0
    for passage in board.secret_doors.values():
        around = without_secrets_distance(board, passage.a, passage.b)
        saving += around - 1 >= 3
    assert saving >= len(board.secret_doors) // 2


def without_secrets_distance(board: Board, start: str, goal: str) -> int:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, passage in board.neighbours(here):
            if there not in seen and passage.kind != "secret":
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen.get(goal, 999)


def test_the_loader_itself_refuses_a_space_the_hall_cannot_reach(board: Board) -> None:
    """Reachability from the hall is the loader's check now (`tests/core/test_card_nonsense.py`
    walls a room up); the real board passes it, and the test's own walk agrees."""
    assert board.unreachable() == []
    assert set(board.spaces) == reachable(board, board.hall)


def test_every_room_and_chamber_is_reachable_without_secret_doors(board: Board) -> None:
    assert set(areas(board)) <= reachable(board, board.hall, secret=False)


def test_no_single_space_cuts_a_level_off_the_hall(board: Board) -> None:
    """Several routes to every level: whatever one space holds (a monster, a hunter), some room
    or chamber of each level can still be reached from the Great Hall without secret doors."""
    for avoid in board.spaces:
        if avoid == board.hall:
            continue
        seen = reachable(board, board.hall, secret=False, avoid=avoid)
        for level in LEVELS:
            assert set(areas(board)) & {s for s in seen if board.spaces[s].level == level}, \
                (avoid, level)


def test_deeper_levels_lie_further_from_the_hall(board: Board) -> None:
    mean = {level: sum(board.distance_from_hall(s) for s in board.rooms(level))
            / len(board.rooms(level)) for level in LEVELS}
    assert [mean[level] for level in LEVELS] == sorted(mean.values())
    assert min(board.distance_from_hall(s) for s in board.rooms(1)) <= 5
    assert board.distance_from_hall(board.hall) == 0


def test_dead_end_corridors_are_rare(board: Board) -> None:
    ends = [s.id for s in board.spaces.values()
            if s.kind == "corridor" and len(board.neighbours(s.id)) == 1]
    assert len(ends) <= 4, ends


def test_the_board_is_loaded_once(board: Board) -> None:
    assert load_board() is board


# --- the parser's errors ------------------------------------------------------------------------

GOOD = """\
map: |
  ##########
  #aa+..+@@#
  #aa#.##@@#
  ####..####
  #AAA+..+b#
  #AAA#..#b#
  ##########
levels: |
  0000000000
  0111110000
  0111100000
  0000110000
  0222222110
  0222022010
  0000000000
legend:
  hall: {name: {en: Great Hall, ja: 大ホール}}
  2A: {name: {en: Armory, ja: 武器庫}}
"""


def load_text(tmp_path: Path, text: str) -> Board:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return load_board(path)


def problem(tmp_path: Path, text: str) -> tuple[int | None, str]:
    with pytest.raises(CardFileError) as err:
        load_text(tmp_path, text)
    first = err.value.problems[0]
    assert first.file.endswith("board.yaml")
    return first.line, first.message


def test_a_small_board_parses(tmp_path: Path) -> None:
    board = load_text(tmp_path, GOOD)
    assert (board.width, board.height) == (10, 7)
    assert board.rooms() == ["1a", "1b"] and board.chambers() == ["2A"]
    assert sorted(other for other, _ in board.neighbours("1a")) == ["c4-1"]
    assert board.cell(7, 1) == ("hall", "hall", 0)
    assert board.cell(3, 1) == ("door", "", 1)
    assert board.distance_from_hall("1a") == 3
    assert board.distance_from_hall("2A") == 7


def test_a_ragged_row_is_named_by_its_line(tmp_path: Path) -> None:
    text = GOOD.replace("  #aa#.##@@#\n", "  #aa#.##@@##\n", 1)
    assert problem(tmp_path, text) == (4, "row 2 is 11 cells wide, not 10")


def test_an_unknown_character_is_named(tmp_path: Path) -> None:
    line, message = problem(tmp_path, GOOD.replace("#aa#.##@@#", "#aa#.#?@@#", 1))
    assert line == 4 and "unknown character '?' at x=6" in message


def test_a_door_without_two_sides_is_named(tmp_path: Path) -> None:
    text = GOOD.replace("####..####", "####..+###", 1)
    line, message = problem(tmp_path, text)
    assert line == 5 and "door at x=6" in message and "opposite sides" in message


def test_a_room_spanning_two_levels_is_named(tmp_path: Path) -> None:
    text = GOOD.replace("  0111100000\n", "  0121100000\n", 1)
    line, message = problem(tmp_path, text)
    assert line == 12 and "spans levels [1, 2]" in message and "x=2" in message


def test_a_letter_used_twice_on_a_level_is_named(tmp_path: Path) -> None:
    text = GOOD.replace("+b#", "+a#", 1).replace("#b#", "#a#", 1)
    line, message = problem(tmp_path, text)
    assert line == 6 and "letter 'a' is used twice on level 1 (at x=8)" in message


def test_a_chamber_without_a_name_is_named(tmp_path: Path) -> None:
    text = GOOD.replace("  2A: {name: {en: Armory, ja: 武器庫}}\n", "")
    line, message = problem(tmp_path, text)
    assert line == 17 and "chamber 2A" in message and "has no name" in message


def test_a_legend_for_a_missing_room_is_named(tmp_path: Path) -> None:
    text = GOOD + "  3z: {name: {en: Nowhere, ja: どこでもない}}\n"
    line, message = problem(tmp_path, text)
    assert line == 20 and "3z" in message


def test_a_field_of_the_wrong_type_is_named(tmp_path: Path) -> None:
    line, message = problem(tmp_path, GOOD.replace("legend:\n", "legend: 3\nx:\n", 1))
    assert line is not None and message


def test_the_hall_and_corridors_have_their_levels(tmp_path: Path) -> None:
    hall = GOOD.replace("  0111110000\n", "  0111110110\n", 1)
    hall = hall.replace("  0111100000\n", "  0111100110\n", 1)
    line, message = problem(tmp_path, hall)
    assert line == 11 and "the Great Hall at x=7 has level 1, not 0" in message
    corridor = GOOD.replace("  0000110000\n", "  0000010000\n", 1)
    line, message = problem(tmp_path, corridor)
    assert line == 13 and "corridor square at x=4 has level 0" in message


def test_broken_yaml_is_named_by_its_line(tmp_path: Path) -> None:
    line, message = problem(tmp_path, GOOD.replace("legend:\n", "legend: [\n", 1))
    assert line is not None and line >= 17 and "bad YAML" in message


def test_every_secret_door_cell_is_listed(board: Board) -> None:
    cells = {(x, y) for y in range(board.height) for x in range(board.width)
             if board.cell(x, y)[0] == "secret"}
    assert {p.cell for p in board.secret_doors.values()} == cells


def test_a_walled_up_room_is_named_by_its_line(tmp_path: Path) -> None:
    # Room 1b's only door becomes rock: the room is drawn, and no way leads in.
    line, message = problem(tmp_path, GOOD.replace("#AAA+..+b#", "#AAA+..#b#", 1))
    assert (line, message) == (6, "room 1b at x=8 cannot be reached from the Great Hall (no door "
                                  "or corridor leads to it)")


def test_a_cut_off_corridor_is_named_once(tmp_path: Path) -> None:
    text = GOOD.replace("  ####..####\n", "  ##########\n", 1)
    with pytest.raises(CardFileError) as err:
        load_text(tmp_path, text)
    messages = [p.message for p in err.value.problems]
    assert messages == [
        "room 1b at x=8 cannot be reached from the Great Hall (no door or corridor leads to it)",
        "chamber 2A at x=1 cannot be reached from the Great Hall (no door or corridor leads to it)",
        "the corridor at x=5 cannot be reached from the Great Hall (no door or corridor leads "
        "to it)"]


def test_parse_board_reads_text_directly() -> None:
    assert parse_board(GOOD).rooms() == ["1a", "1b"]
