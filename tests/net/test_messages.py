"""The wire: every message survives encoding, and a bad one is refused in words before it means
anything: by its size first (unread), then as JSON, then by its type and fields."""

from __future__ import annotations

import msgspec
import pytest

from dungeon_table.net import messages as msg

CLIENT_MESSAGES = [
    msg.Hello(protocol=msg.PROTOCOL, code="ACDE34", seat=2, name="Ann"),
    msg.Hello(protocol=msg.PROTOCOL, code="ACDE34", token="t" * 24),
    msg.Act(seat=1, step=7, action={"type": "buy", "slot": 2}),
    msg.Ping(nonce=3),
    msg.Leave(),
]
HOST_MESSAGES = [
    msg.Welcome(protocol=msg.PROTOCOL, code="ACDE34", seat=0, token="t", game="market",
                seats=[msg.SeatInfo(seat=0, kind="player", name="Ann", connected=True)],
                options={"chests": True}),
    msg.State(step=3, view={"round": 1}, legal=[{"type": "stop"}], to_act=[0, 2]),
    msg.Events(step=3, events=[{"type": "drew", "seat": 0}]),
    msg.Presence(seats=[msg.SeatInfo(seat=1, kind="open")]),
    msg.Refused(reason="not your turn", step=3, stale=False),
    msg.Error(reason="slow down"),
    msg.Pong(nonce=3),
    msg.Goodbye(reason="the host has stopped"),
]


@pytest.mark.parametrize("message", CLIENT_MESSAGES, ids=lambda m: type(m).__name__)
def test_a_client_message_reads_back_as_sent(message: msg.Message) -> None:
    assert msg.decode_client(msg.encode(message)) == message


@pytest.mark.parametrize("message", HOST_MESSAGES, ids=lambda m: type(m).__name__)
def test_a_host_message_reads_back_as_sent(message: msg.Message) -> None:
    assert msg.decode_host(msg.encode(message)) == message


def test_a_message_past_the_limit_is_refused_by_its_size_before_it_is_read() -> None:
    # Not even JSON: had it been parsed, the refusal would be about JSON.
    with pytest.raises(msg.BadMessage, match="more than the 16,384 bytes allowed"):
        msg.decode_client(b"{" * (msg.MAX_CLIENT_BYTES + 1))
    with pytest.raises(msg.BadMessage, match="of more than the 16,384 bytes allowed"):
        msg.decode_client("x" * (msg.MAX_CLIENT_BYTES + 1))
    # Japanese text counts in bytes: 6,000 characters are 18,000 bytes.
    act = msg.Act(seat=0, step=0, action={"type": "say", "text": "あ" * 6000})
    with pytest.raises(msg.BadMessage, match="18,0"):
        msg.decode_client(msg.encode(act))


@pytest.mark.parametrize(("data", "words"), [
    (b"not json", "malformed"),
    (b"", "truncated"),
    (b"[1, 2]", "Expected `object`"),
    (b'{"type": "teleport"}', "Invalid value 'teleport'"),
    (b'{"no": "type"}', "missing required field `type`"),
    (b'{"type": "act", "seat": "0", "step": 1, "action": {}}', "Expected `int`, got `str`"),
    (b'{"type": "act", "seat": 9, "step": 1, "action": {}}', "Expected `int` <= 7"),
    (b'{"type": "hello", "protocol": 1, "code": ""}', "length >= 1"),
    (b"[" * 5000 + b"]" * 5000, "not a message"),
])
def test_a_malformed_message_is_refused_with_what_is_wrong(data: bytes, words: str) -> None:
    with pytest.raises(msg.BadMessage, match="not a message of this protocol") as refused:
        msg.decode_client(data)
    assert words in str(refused.value)


def test_a_hello_of_another_version_is_told_so_whatever_else_it_holds() -> None:
    later = {"type": "hello", "protocol": 2, "code": "ACDE34", "invite": {"new": "field"},
             "seat": "a later shape"}
    with pytest.raises(msg.VersionMismatch) as refused:
        msg.decode_client(msgspec.json.encode(later))
    assert str(refused.value) == msg.version_words(2)
    assert "protocol 1 and your app speaks 2" in str(refused.value)
    plain = msg.Hello(protocol=0, code="ACDE34")
    with pytest.raises(msg.VersionMismatch, match="speaks 0"):
        msg.decode_client(msg.encode(plain))


def test_a_host_message_past_its_limit_is_refused() -> None:
    with pytest.raises(msg.BadMessage, match="allowed"):
        msg.decode_host(b" " * (msg.MAX_HOST_BYTES + 1))
