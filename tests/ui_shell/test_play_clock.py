"""The game clock of the table (Dungeon!'s time attack): it counts only while the table is on top,
keeps its seconds in the session, and sends ``time_up`` when the limit is reached."""

from __future__ import annotations

from types import SimpleNamespace

from dungeon_table.ui.renderer import UiState
from dungeon_table.ui.table_parts import CLOCK_MAX_STEP_S, PlayClock


class FakeSession:
    def __init__(self) -> None:
        self.clock = 0.0
        self.saves = 0

    def add_play_time(self, seconds: float, save: bool = False) -> None:
        self.clock += seconds
        self.saves += save


class FakeGame:
    def __init__(self) -> None:
        self.over = False

    def result(self) -> object | None:
        return "over" if self.over else None

    def to_act(self) -> list[int]:
        return [0]

    def decode_action(self, data: dict) -> str:
        return data["type"]


class FakeScene:
    def __init__(self, limit: int) -> None:
        self.view = SimpleNamespace(time_limit=limit)
        self.game = FakeGame()
        self.session = FakeSession()
        self.ui = UiState()
        self.sent: list[tuple[int, str]] = []
        self.app = SimpleNamespace(request_redraw=lambda: None, set_timer=lambda ms: None)

    def act(self, seat: int, action: str) -> bool:
        self.sent.append((seat, action))
        self.game.over = True
        return True


def run(clock: PlayClock, *times_ms: int) -> None:
    for now in times_ms:
        clock.update(now)


def test_it_counts_the_time_between_frames_on_top() -> None:
    scene = FakeScene(limit=1800)
    clock = PlayClock(scene)
    run(clock, 1000, 1500, 2500)
    assert scene.session.clock == 1.5
    assert scene.ui.clock_seconds == 1.5


def test_a_pause_does_not_count() -> None:
    scene = FakeScene(limit=1800)
    clock = PlayClock(scene)
    run(clock, 0, 1000)
    clock.stop()  # the pause menu came up
    run(clock, 600_000, 601_000)  # ten minutes later it is back on top
    assert scene.session.clock == 2.0


def test_a_long_gap_counts_as_a_short_step() -> None:
    scene = FakeScene(limit=1800)
    clock = PlayClock(scene)
    run(clock, 0, 3_600_000)  # the laptop slept
    assert scene.session.clock == CLOCK_MAX_STEP_S


def test_reaching_the_limit_sends_time_up_once() -> None:
    scene = FakeScene(limit=3)
    clock = PlayClock(scene)
    run(clock, 0, 1000, 2000, 3000, 4000, 5000)
    assert scene.sent == [(0, "time_up")]


def test_a_game_without_a_limit_has_no_clock() -> None:
    scene = FakeScene(limit=0)
    clock = PlayClock(scene)
    run(clock, 0, 5000)
    assert scene.session.clock == 0.0 and scene.sent == []


def test_it_saves_every_ten_seconds_of_play() -> None:
    scene = FakeScene(limit=1800)
    clock = PlayClock(scene)
    run(clock, *range(0, 25_001, 1000))
    assert scene.session.saves == 2


def test_it_waits_while_the_game_holds_it() -> None:
    # Dungeon!: choosing the hero and filling the spellbook are not timed
    scene = FakeScene(limit=1800)
    scene.view.clock_running = False
    clock = PlayClock(scene)
    run(clock, 1000, 5000)
    assert scene.session.clock == 0.0
    scene.view.clock_running = True
    run(clock, 6000, 7000)
    assert scene.session.clock == 1.0
