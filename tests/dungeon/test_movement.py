"""Moving on the board: routes (doors free, a room one space, stopping where an encounter waits,
secret doors tried only when they pay), the path check's reasons, push-back and hunters' paths.

Most tests walk a small board whose every distance can be counted by hand::

      x 0123456789AB
    y0  ############
    y1  #aa+....+bb#      1a, 1b: rooms; 2C: a chamber (the Armory); s5-4: a secret door
    y2  #aa#.##.#bb#
    y3  ##+#.##.##+#
    y4  #@@+.*..+CC#
    y5  #@@#....#CC#
    y6  ############
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from dungeon_table.games.dungeon.board import Board, load_board, parse_board
from dungeon_table.games.dungeon.movement import (
    Route,
    check_path,
    hunter_path,
    routes,
    toward,
)

SMALL = """\
map: |
  ############
  #aa+....+bb#
  #aa#.##.#bb#
  ##+#.##.##+#
  #@@+.*..+CC#
  #@@#....#CC#
  ############
levels: |
  000000000000
  011111111110
  011010010110
  001010010120
  000111112220
  000011112220
  000000000000
legend:
  hall: {name: {en: Great Hall, ja: 大ホール}}
  2C: {name: {en: Armory, ja: 武器庫}}
"""
SECRET = "s5-4"


@dataclass
class Ctx:
    """What the engine knows: spaces that stop a move, where other heroes stand, doors found."""

    board: Board
    blocking: set[str] = field(default_factory=set)
    heroes: set[str] = field(default_factory=set)
    found: set[str] = field(default_factory=set)

    def blocks(self, space: str) -> bool:
        return space in self.blocking

    def may_stand(self, space: str) -> bool:
        return space not in self.heroes or self.board.spaces[space].kind in ("chamber", "hall")

    def door_open(self, door: str) -> bool:
        return door in self.found


@pytest.fixture(scope="module")
def small() -> Board:
    return parse_board(SMALL, "small.yaml")


# --- routes -------------------------------------------------------------------------------------


def test_doors_are_free_and_a_room_is_one_space(small: Board) -> None:
    found = routes(small, Ctx(small), "hall", 5)
    assert found["1a"] == Route(["1a"], [])
    assert found["c4-1"].path == ["1a", "c4-1"]
    assert found["c7-1"].path == ["1a", "c4-1", "c5-1", "c6-1", "c7-1"]
    assert found["1b"].secret_doors == [SECRET]  # six spaces away through 1a


def test_a_secret_door_is_tried_when_no_open_way_fits(small: Board) -> None:
    found = routes(small, Ctx(small), "hall", 5)
    assert found["2C"] == Route(["c4-4", "c6-4", "c7-4", "2C"], [SECRET])


def test_the_open_way_is_preferred_when_the_moves_allow_it(small: Board) -> None:
    found = routes(small, Ctx(small), "hall", 7)
    assert found["2C"].secret_doors == []
    assert len(found["2C"].path) == 7
    assert found["c6-4"] == Route(["c4-4", "c4-5", "c5-5", "c6-5", "c6-4"], [])


def test_a_found_secret_door_is_an_ordinary_one(small: Board) -> None:
    found = routes(small, Ctx(small, found={SECRET}), "hall", 5)
    assert found["2C"] == Route(["c4-4", "c6-4", "c7-4", "2C"], [])


def test_a_blocking_space_ends_the_move_and_is_never_passed(small: Board) -> None:
    found = routes(small, Ctx(small, blocking={"1a", "c6-4"}), "hall", 7)
    assert found["1a"].path == ["1a"]  # the encounter
    assert found["c4-1"].path == ["c4-4", "c4-3", "c4-2", "c4-1"]  # round, not through 1a
    assert found["c6-4"].path == ["c4-4", "c4-5", "c5-5", "c6-5", "c6-4"]  # no secret door
    assert "c7-4" in found and "c6-4" not in found["c7-4"].path


def test_another_heros_room_may_be_passed_but_not_stood_on(small: Board) -> None:
    found = routes(small, Ctx(small, heroes={"1a", "c4-4"}), "hall", 5)
    assert "1a" not in found and "c4-4" not in found
    assert found["c4-1"].path == ["1a", "c4-1"]
    assert found["c4-5"].path == ["c4-4", "c4-5"]


def test_a_blocking_room_another_hero_holds_is_no_place_to_stop(small: Board) -> None:
    ctx = Ctx(small, blocking={"1a"}, heroes={"1a"})
    assert "1a" not in routes(small, ctx, "hall", 5)
    assert check_path(small, ctx, "hall", ["1a"], 5) == "another hero stands in 1a"
    assert check_path(small, ctx, "hall", ["1a", "c4-1"], 5) == \
        "1a blocks the way: you would have to stop there"


def test_heroes_share_a_chamber_and_the_hall(small: Board) -> None:
    ctx = Ctx(small, heroes={"2C", "hall"}, found={SECRET})
    assert "2C" in routes(small, ctx, "c4-4", 5)
    assert "hall" in routes(small, ctx, "c4-4", 5)


def test_a_hero_may_leave_the_space_it_starts_in_even_if_it_blocks(small: Board) -> None:
    found = routes(small, Ctx(small, blocking={"1a"}), "1a", 2)
    assert set(found) == {"hall", "c4-1", "c5-1", "c4-2", "c4-4"}
    assert "1a" not in found


def test_no_moves_no_routes(small: Board) -> None:
    assert routes(small, Ctx(small), "hall", 0) == {}


def test_routes_on_the_real_board_reach_level_one_from_the_hall() -> None:
    board = load_board()
    found = routes(board, Ctx(board), board.hall, 5)
    assert any(board.spaces[s].level == 1 and board.spaces[s].kind == "room" for s in found)
    for destination, route in found.items():
        assert route.path[-1] == destination and len(route.path) <= 5
        assert check_path(board, Ctx(board), board.hall, route.path, 5) is None


# --- check_path ---------------------------------------------------------------------------------


def test_a_legal_path_has_no_reason(small: Board) -> None:
    assert check_path(small, Ctx(small), "hall", ["c4-4", "c6-4", "c7-4", "2C"], 5) is None


def test_too_long_a_path(small: Board) -> None:
    path = ["1a", "c4-1", "c5-1", "c6-1", "c7-1", "1b"]
    assert check_path(small, Ctx(small), "hall", path, 5) == \
        "that is 6 spaces and you have 5 moves"


def test_a_blocking_space_on_the_way(small: Board) -> None:
    ctx = Ctx(small, blocking={"1a"})
    assert check_path(small, ctx, "hall", ["1a", "c4-1"], 5) == \
        "1a blocks the way: you would have to stop there"
    assert check_path(small, ctx, "hall", ["1a"], 5) is None


def test_another_hero_on_the_last_space(small: Board) -> None:
    ctx = Ctx(small, heroes={"c4-1"})
    assert check_path(small, ctx, "hall", ["1a", "c4-1"], 5) == "another hero stands in c4-1"
    assert check_path(small, ctx, "hall", ["1a", "c4-1", "c5-1"], 5) is None


def test_spaces_not_joined(small: Board) -> None:
    assert check_path(small, Ctx(small), "hall", ["1a", "c4-2"], 5) == \
        "1a and c4-2 are not connected"
    assert check_path(small, Ctx(small), "c7-4", ["c8-4"], 5) == "there is no space 'c8-4'"
    assert check_path(small, Ctx(small), "c4-4", ["hall", "1a"], 5) is None  # hall's door


def test_a_chamber_is_named_in_a_reason(small: Board) -> None:
    reason = check_path(small, Ctx(small, blocking={"2C"}), "c7-5", ["c7-4", "2C", "1b"], 5)
    assert reason == "Armory blocks the way: you would have to stop there"


def test_an_empty_path(small: Board) -> None:
    assert check_path(small, Ctx(small), "hall", [], 5) == "the path is empty"


# --- push-back and hunters ----------------------------------------------------------------------


def test_a_push_back_goes_one_space_toward_where_the_hero_came_from(small: Board) -> None:
    # 2C opens on c7-4 and on 1b
    assert toward(small, Ctx(small), "2C", "c7-4") == "c7-4"  # it came in by that door
    assert toward(small, Ctx(small), "2C", "1a") == "1b"      # teleported from 1a: out that way
    assert toward(small, Ctx(small), "2C", "hall") == "1b"    # six spaces either way: smaller id
    assert toward(small, Ctx(small, found={SECRET}), "2C", "hall") == "c7-4"  # three by the door


def test_a_push_back_never_goes_through_an_unfound_secret_door(small: Board) -> None:
    assert toward(small, Ctx(small), "c6-4", "c4-4") == "c6-5"
    assert toward(small, Ctx(small, found={SECRET}), "c6-4", "c4-4") == "c4-4"


def test_a_hunter_takes_the_shortest_way_through_secret_doors_and_rooms(small: Board) -> None:
    assert hunter_path(small, "2C", "hall") == ["c7-4", "c6-4", "c4-4", "hall"]
    assert hunter_path(small, "1b", "c4-4", steps=3) == ["2C", "c7-4", "c6-4"]
    assert hunter_path(small, "hall", "hall") == []


def test_a_hunter_stops_on_reaching_its_target(small: Board) -> None:
    assert hunter_path(small, "c4-1", "1a") == ["1a"]


def test_a_hunter_goes_through_a_room_when_it_is_shortest(small: Board) -> None:
    assert hunter_path(small, "hall", "c5-1", steps=5) == ["1a", "c4-1", "c5-1"]


def test_hunter_paths_on_the_real_board_are_shortest() -> None:
    board = load_board()
    deep = board.rooms(6)[0]
    path = hunter_path(board, deep, board.hall, steps=200)
    assert path[-1] == board.hall and len(path) == board.distance_from_hall(deep)
    assert hunter_path(board, deep, board.hall) == path[:5]
