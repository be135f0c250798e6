"""The solo games' statistics: counted at a game's end, kept in the data home, a damaged file
set aside."""

from __future__ import annotations

from pathlib import Path

from dungeon_table.core import damaged, paths, registry, stats, tutorial
from dungeon_table.core.protocol import Result, ScoreLine
from dungeon_table.core.records import Record
from dungeon_table.core.script import seat_bots
from dungeon_table.core.session import Session


def record(game: str = "lastdungeon", seats: int = 1, seed: int = 7, **options: object) -> Record:
    return Record(game=game, seed=seed, seats=["human"] * seats, options=dict(options))


def result(won: bool, score: int) -> Result:
    return Result(ranking=[0], winners=[0] if won else [], outcome="result.won",
                  breakdown=[[ScoreLine("score.repelled", score), ScoreLine("score.total", score)]])


def test_wins_streaks_best_score_and_daily_runs_are_counted() -> None:
    s = stats.Stats()
    for won, score, seed in ((True, 120, 7), (True, 90, 20261202), (False, 40, 9), (True, 150, 3)):
        s = stats.counted(s, record(seed=seed), result(won, score), stats.is_daily(seed))
    line = s.games["lastdungeon"]
    assert (line.games, line.wins, line.best_score, line.streak, line.best_streak, line.daily) \
        == (4, 3, 150, 1, 2, 1)


def test_only_solo_games_count() -> None:
    assert stats.solo_key(record()) == "lastdungeon"
    assert stats.solo_key(record("dungeon", mode="hunter")) == "dungeon.hunter"
    assert stats.solo_key(record("dungeon", mode="race")) is None
    assert stats.solo_key(record("market", seats=2)) is None


def test_a_daily_seed_is_a_date() -> None:
    assert stats.is_daily(20261202) and not stats.is_daily(123456) and not stats.is_daily(20261399)


def test_the_file_round_trips_in_the_data_home() -> None:
    s = stats.counted(stats.Stats(), record(), result(True, 80), False)
    stats.save(s)
    assert stats.stats_path().parent == paths.data_home()
    assert stats.load() == s


def test_a_damaged_file_is_set_aside_and_counting_starts_afresh() -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("format: 1\ngames: {lastdungeon: {games: -3}}\n", encoding="utf-8")
    assert stats.load() == stats.Stats()
    assert not path.exists()
    kept = damaged.listed(paths.data_home())
    assert [item.name for item in kept] == ["stats.yaml"] and "games" in kept[0].reason


def test_a_file_past_the_reader_limits_is_set_aside() -> None:
    path: Path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("a: &x [1]\nb: *x\n", encoding="utf-8")
    assert stats.load() == stats.Stats() and not path.exists()


def finished(game: str, seats: list[str], seed: int, options: dict | None = None) -> Session:
    session = Session.new(game, seats, seed, options)
    bots = seat_bots(registry.get(game), ["bot:random"] * len(seats), seed)
    while session.game.result() is None:
        seat = session.game.to_act()[0]
        session.apply(seat, bots[seat].choose(session.game.view(seat),
                                              session.game.legal_actions(seat)))
    return session


def test_record_game_counts_a_finished_solo_game_and_not_a_tutorial() -> None:
    session = finished("lastdungeon", ["human"], 5)
    assert stats.record_game(session)
    assert stats.load().games["lastdungeon"].games == 1
    session.tutorial = tutorial.load_tutorial("lastdungeon")
    assert not stats.record_game(session)
    assert stats.load().games["lastdungeon"].games == 1
