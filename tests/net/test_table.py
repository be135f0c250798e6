"""One hosted table without the network: seats claimed with tokens, stale and replayed actions
refused, a seat sent nothing when only what it cannot see changed, and the code and tokens kept
beside the autosave so a restarted host resumes the same table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from dungeon_table.core import registry
from dungeon_table.core.errors import DamagedSave, IllegalAction
from dungeon_table.core.protocol import to_dict
from dungeon_table.net import messages as msg
from dungeon_table.net.table import (
    TABLE_FILE,
    JoinRefused,
    Stale,
    Table,
    normal_code,
    read_table_file,
)


def hello(table: Table, **fields: Any) -> msg.Hello:
    return msg.Hello(protocol=msg.PROTOCOL, code=fields.pop("code", table.code), **fields)


def states(out: dict[int, list[msg.Message]], seat: int) -> list[msg.State]:
    return [m for m in out.get(seat, []) if isinstance(m, msg.State)]


def play_until(table: Table, done: Any, level: str = "random") -> None:
    """Random bots play every seat until ``done(game)``."""
    spec = registry.get(table.session.record.game)
    bots = {s: spec.make_bot(level, s) for s in range(len(table.seats))}
    game = table.game
    for _ in range(5000):
        if done(game):
            return
        seat = game.to_act()[0]
        table.session.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    raise AssertionError("never reached")


# --- claiming seats ----------------------------------------------------------------------------
def test_a_seat_is_claimed_once_and_then_only_with_its_token() -> None:
    table = Table.new("market", ["human", "human", "bot:random"], seed=1)
    seat, token = table.claim(hello(table, seat=1, name="Bea"))
    assert seat == 1 and len(token) == 24
    assert table.claim(hello(table, token=token)) == (1, token)
    assert table.claim(hello(table, token=token, seat=1)) == (1, token)
    assert table.session.names == ["", "Bea", ""]
    refusals = {
        "this is table": hello(table, code="QQQQQQ", seat=0),
        "that token holds no seat": hello(table, token="x" * 24),
        "that token is for seat 2, not seat 1": hello(table, token=token, seat=0),
        "seat 2 is taken": hello(table, seat=1),
        "seat 3 is a bot's": hello(table, seat=2),
        "seats 1-3, not 5": hello(table, seat=4),
        "the name holds a control character": hello(table, seat=0, name="A\x00"),
    }
    for words, refused in refusals.items():
        with pytest.raises(JoinRefused, match=words):
            table.claim(refused)
    assert table.claim(hello(table))[0] == 0  # the first free seat
    with pytest.raises(JoinRefused, match="every seat at this table is taken"):
        table.claim(hello(table))


def test_a_code_is_six_characters_without_look_alikes_and_typed_any_case() -> None:
    table = Table.new("relic", ["human", "human"], seed=1)
    assert len(table.code) == 6 and set(table.code) <= set(msg.CODE_ALPHABET)
    assert not set("0O1IL5S8B2Z") & set(msg.CODE_ALPHABET)
    assert normal_code(f" {table.code[:3].lower()} {table.code[3:]}") == table.code
    assert table.claim(hello(table, code=table.code.lower()))[0] == 0


# --- acting -------------------------------------------------------------------------------------
def test_a_replayed_action_is_refused_as_stale_and_changes_nothing() -> None:
    table = Table.new("relic", ["human", "human"], seed=3)
    first = table.game.to_act()[0]
    table.claim(hello(table, seat=first))
    (state,) = states(table.connect(first), first)
    action = state.legal and msgspec.json.decode(msgspec.json.encode(state.legal))[0]
    out = table.act(first, state.step, action)
    assert states(out, first)[0].step == state.step + 1
    before = (len(table.session.record.actions), table.game.state_dict())
    with pytest.raises(Stale, match=f"chosen at step {state.step}"):
        table.act(first, state.step, action)
    with pytest.raises(Stale):
        table.act(first, state.step + 5, action)  # a step not yet sent
    assert (len(table.session.record.actions), table.game.state_dict()) == before


def test_an_action_of_another_game_or_malformed_is_refused_and_changes_nothing() -> None:
    table = Table.new("market", ["human", "human"], seed=3)
    seat = table.game.to_act()[0]
    table.claim(hello(table, seat=seat))
    step = states(table.connect(seat), seat)[0].step
    before = table.game.state_dict()
    for notation, words in [({"type": "seal_wishes"}, "not an action of market"),
                            ({"type": "buy", "slot": "two"}, "not an action of market"),
                            ({"type": "buy", "slot": 2**70}, None),
                            ({"kind": "explore"}, "not an action of market"),
                            ({"type": "stop"}, "reveal at least one card")]:
        with pytest.raises(IllegalAction, match=words):
            table.act(seat, step, notation)
    assert table.game.state_dict() == before and table.session.record.actions == []


def test_a_player_cannot_send_the_clocks_time_up_of_a_time_attack() -> None:
    table = Table.new("dungeon", ["human"], seed=3, options={"mode": "time_attack"})
    table.claim(hello(table, seat=0))
    table.connect(0)
    play_until(table, lambda game: len(table.session.record.actions) >= 5)
    step = table.seats[0].step
    with pytest.raises(IllegalAction):
        table.act(0, step, {"type": "time_up"})
    assert table.game.result() is None


def test_another_seats_sealed_defence_sends_this_seat_nothing_until_it_is_confirmed() -> None:
    table = Table.new("market", ["human"] * 3, seed=5)
    play_until(table, lambda game: game.phase == "defend" and len(game.to_act()) >= 2)
    chooser, other = table.game.to_act()[:2]
    for seat in (chooser, other):
        table.claim(hello(table, seat=seat))
        table.connect(seat)
    step = table.seats[chooser].step
    toggles = [to_dict(a) for a in table.game.legal_actions(chooser)
               if to_dict(a)["type"] in ("guard", "unguard")]
    assert toggles, "the chooser has an item to add or take back"
    out = table.act(chooser, step, toggles[0])
    assert list(out) == [chooser]  # the other seat is sent nothing at all
    assert table.seats[other].step == 1
    out = table.act(chooser, table.seats[chooser].step, {"type": "defend"})
    assert other in out  # a defence confirmed is public: who is still to act changed
    assert [e["type"] for m in out[other] if isinstance(m, msg.Events) for e in m.events] == \
        ["defence_chosen"]


def test_a_seat_handed_to_a_bot_has_no_choices_until_handed_back() -> None:
    table = Table.new("relic", ["human", "human"], seed=3)
    seat = table.game.to_act()[0]
    table.claim(hello(table, seat=seat))
    table.connect(seat)
    assert table.bot_to_act() is None
    out = table.hand_to_bot(seat, "greedy")
    assert states(out, seat)[0].legal == msgspec.Raw(b"[]")
    assert table.bot_to_act() == seat
    with pytest.raises(IllegalAction, match="a bot plays seat"):
        table.act(seat, table.seats[seat].step, {"type": "dungeon_phase"})
    assert table.presence()[seat].bot == "greedy"
    out = table.hand_back(seat)
    assert states(out, seat)[0].legal != msgspec.Raw(b"[]")
    assert table.bot_to_act() is None


# --- surviving a restart --------------------------------------------------------------------------
def test_a_resumed_table_has_its_code_tokens_stand_ins_and_every_action(tmp_path: Path) -> None:
    table = Table.new("market", ["human", "human", "bot:random"], seed=9, folder=tmp_path)
    _, token = table.claim(hello(table, seat=0, name="Ann"))
    table.hand_to_bot(1, "greedy")
    play_until(table, lambda game: len(table.session.record.actions) >= 40)
    again = Table.resume(tmp_path)
    assert again.code == table.code
    assert again.claim(hello(again, token=token)) == (0, token)
    assert again.seats[1].stand_in == "greedy" and again.bot_to_act() in (None, 1, 2)
    assert again.session.record.actions == table.session.record.actions
    assert again.game.state_dict() == table.game.state_dict()
    assert (tmp_path / TABLE_FILE).stat().st_mode & 0o077 == 0  # the tokens: the owner's alone


@pytest.mark.parametrize(("text", "words"), [
    ("code: [1, 2\n", "bad YAML"),
    ("code: ACDE34\nseats: [{token: 5}]\n", "Expected `str | null`, got `int` - at `$.seats[0].token`"),
    ("code: ACDE34\nseats: []\nextra: 1\n", "unknown field `extra`"),
    ("code: ACDE34\nseats: [*a]\n", "aliases are not allowed in a table file"),
    ("code: ACDE34\nseats: []\n" + "#" * 20_000, "more than the 16 KB a table file may have"),
])
def test_a_damaged_table_file_is_refused_naming_the_file_and_kept(tmp_path: Path, text: str,
                                                                  words: str) -> None:
    path = tmp_path / TABLE_FILE
    path.write_text(text)
    with pytest.raises(DamagedSave) as refused:
        read_table_file(path)
    assert str(refused.value).startswith(f"{path}: damaged save, ")
    assert words in str(refused.value)
    assert path.read_text() == text


def test_a_table_file_for_another_number_of_seats_is_refused(tmp_path: Path) -> None:
    Table.new("relic", ["human", "human"], seed=1, folder=tmp_path)
    path = tmp_path / TABLE_FILE
    path.write_text(path.read_text().replace("seats:\n", "seats:\n- {token: null}\n"))
    with pytest.raises(DamagedSave, match="3 seats for a game of 2"):
        Table.resume(tmp_path)
