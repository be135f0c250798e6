"""Card files: semantic nonsense -- numbers no game can play, a board with a room no one can
enter -- is refused by `cards check` and at load, naming the file, the line and the field.

Each case breaks one number of a real card file (copied to a temporary folder) the way the
issue found it broken: a negative purse left a bid with no legal action, 10^20 coins hung the
price list, a reveal cap of 0 never ended, 1000 moves took half a second per legal_actions."""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeon_table.cli import main
from dungeon_table.core import registry
from dungeon_table.core.cards import CARDS_DIR
from dungeon_table.core.errors import CardFileError

# (card file, the text as printed, the same text broken, the field, the problem)
NONSENSE = [
    ("market.yaml", "  coins: 15 ", "  coins: -15 ", "$.setup.coins",
     "must be at least 0 (got -15)"),
    ("market.yaml", "  coins: 15 ", "  coins: 1000000000000000000 ", "$.setup.coins",
     "must be at most 50 (got 1000000000000000000)"),
    ("market.yaml", "  reveal_limit_cap: 7 ", "  reveal_limit_cap: 0 ", "$.setup.reveal_limit_cap",
     "must be at least 1 (got 0)"),
    ("market.yaml", "{id: gauntlet, copies: 3,", "{id: gauntlet, copies: -3,", "$.loots[0].copies",
     "must be at least 1 (got -3)"),
    ("market.yaml", "level_costs: [2, 2, 2, 13]", "level_costs: [2, 2, 2, 0]", "$.level_costs[3]",
     "must be at least 1 (got 0)"),
    ("lastdungeon.yaml", "level: 1, power: 5, scout_cost: 1,", "level: 1, power: 0, scout_cost: 1,",
     "$.adventurers[0].power", "must be at least 1 (got 0)"),
    ("lastdungeon.yaml", "level: 1, power: 5, scout_cost: 1,",
     "level: 1, power: 5, scout_cost: -1,", "$.adventurers[0].scout_cost",
     "must be at least 0 (got -1)"),
    ("lastdungeon.yaml", "  retreat_crystals: 2 ", "  retreat_crystals: 0 ",
     "$.rules.retreat_crystals", "must be at least 1 (got 0)"),
    ("relic.yaml", "ts: rock, bp: 2, level: 1, face: 1, skill: delve,",
     "ts: rock, bp: 200, level: 1, face: 1, skill: delve,", "$.cards[30].bp",
     "must be at most 20 (got 200)"),
    ("relic.yaml", "hand_size: 6 ", "hand_size: 0 ", "$.hand_size", "must be at least 1 (got 0)"),
    ("dungeon/rules.yaml", "moves: 5 ", "moves: 1000 ", "$.moves",
     "must be at most 12 (got 1000)"),
    ("dungeon/rules.yaml", "    count: 9\n", "    count: 900\n", "$.spells[0].count",
     "must be at most 24 (got 900)"),
    ("dungeon/rules.yaml", "minutes: [30, 25, 20, 15]", "minutes: [30, 0, 20, 15]",
     "$.modes.time_attack.minutes[1]", "must be at least 1 (got 0)"),
    ("dungeon/rules.yaml", "    steps: 5 ", "    steps: 0 ", "$.modes.hunter.steps",
     "must be at least 1 (got 0)"),
    ("dungeon/treasures.yaml", "    gp: 250\n", "    gp: -250\n", "$.treasures[0].gp",
     "must be at least 1 (got -250)"),
]


def broken_copy(tmp_path: Path, name: str, printed: str, broken: str) -> tuple[Path, int]:
    """The card file with ``printed`` replaced once by ``broken``, and the line it is on."""
    text = (CARDS_DIR / name).read_text(encoding="utf-8")
    assert text.count(printed) >= 1, f"{name} no longer prints {printed!r}"
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(printed, broken, 1), encoding="utf-8")
    return path, text[: text.index(printed)].count("\n") + 1


def owner(name: str) -> registry.GameSpec:
    return registry.get("dungeon" if "/" in name else name.removesuffix(".yaml"))


@pytest.mark.parametrize(("name", "printed", "broken", "field", "message"), NONSENSE)
def test_a_number_no_game_can_play_is_refused_at_load_with_file_line_and_field(
    name: str, printed: str, broken: str, field: str, message: str, tmp_path: Path
) -> None:
    path, line = broken_copy(tmp_path, name, printed, broken)
    _, loader = owner(name).card_check()
    assert loader is not None
    with pytest.raises(CardFileError) as caught:
        loader(path)
    assert [str(p) for p in caught.value.problems] == [f"{path}:{line}: {field}: {message}"]


@pytest.mark.parametrize(("name", "printed", "broken", "field", "message"),
                         [NONSENSE[0], NONSENSE[10]])
def test_cards_check_reports_the_nonsense_and_exits_1(
    name: str, printed: str, broken: str, field: str, message: str, tmp_path: Path,
    capsys: pytest.CaptureFixture,
) -> None:
    path, line = broken_copy(tmp_path, name, printed, broken)
    assert main(["cards", "check", str(path)]) == 1
    assert f"{path}:{line}: {field}: {message}" in capsys.readouterr().out


# Room 6a's only door, walled up: the room is still drawn, and no hero could ever enter it.
WALLED = ("  ######aaa+.+AAAAAAA+.", "  ######aaa#.+AAAAAAA+.")


def test_a_room_whose_doors_are_all_walled_up_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path, _ = broken_copy(tmp_path, "dungeon/board.yaml", *WALLED)
    map_line = path.read_text(encoding="utf-8").splitlines().index("map: |") + 1
    expected = (f"{path}:{map_line + 2}: $.map: room 6a at x=6 cannot be reached from the Great "
                "Hall (no door or corridor leads to it)")
    assert main(["cards", "check", str(path)]) == 1
    assert expected in capsys.readouterr().out.splitlines()
    _, loader = registry.get("dungeon").card_check()
    with pytest.raises(CardFileError) as caught:
        loader(path)  # type: ignore[misc]
    assert [str(p) for p in caught.value.problems] == [expected]


def test_every_real_card_file_still_passes(capsys: pytest.CaptureFixture) -> None:
    assert main(["cards", "check"]) == 0
    brought = sum(len(registry.get(g).card_check()[0]) for g in registry.game_ids()
                  if not registry.get(g).in_app)  # the example game's own file
    assert f"{7 + brought} card file(s) OK" in capsys.readouterr().out
