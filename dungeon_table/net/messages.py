"""The wire: what a client and a host say to each other, one JSON text per WebSocket message.

Every message is a msgspec Struct tagged by ``type``; the two directions are two tagged unions::

    client                                  host
    hello {protocol, code, seat|token} ->
                                        <-  welcome {seat, token, game, seats, options}
                                        <-  state {step, view, legal, to_act, result}
    act {seat, step, action}           ->
                                        <-  events {step, events}    (only those it may see)
                                        <-  state {step, ...}        (or refused {reason, step})
    ping {nonce}                       ->   <- pong {nonce}
    leave                              ->   <- goodbye {reason}

``step`` is the seat's own count of the updates it was sent, not the number of actions in the
game: an action another seat makes unseen (a wish added to a sealed list) would otherwise show
in every seat's count. A client acts with the step of the state it chose from; the host refuses
the action when that seat's choices have changed since (a replayed or stale action).

An incoming message is refused by its size before it is decoded (``decode_client``,
``decode_host``), then by its shape (JSON, a known ``type``, each field's type). A ``hello`` of
another protocol version is answered in words (``version_words``) whatever else it holds.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

from dungeon_table.core.records import NAME_CHARS

PROTOCOL = 1
# What a client may send: a hello or an act is well under 1 KB (Dungeon!'s longest move carries a
# path of a few dozen rooms). What a host may send: a view (an eight-hero Dungeon! view is about
# 20 KB) with its legal actions.
MAX_CLIENT_BYTES = 16 * 1024
MAX_HOST_BYTES = 4 << 20
# A table code: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 8/B, 2/Z).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6

Code = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=7)]
Step = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Name = Annotated[str, msgspec.Meta(max_length=NAME_CHARS)]


class Message(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every message; a subclass sets ``tag``: its ``type`` on the wire."""


# --- client -> host ----------------------------------------------------------------------------
class Hello(Message, tag="hello"):
    """Join the table ``code``: with ``token`` to come back to a seat already claimed, else with
    ``seat`` to claim that free seat, else the first free seat. ``name`` is shown to the table."""

    protocol: int
    code: Code
    seat: Seat | None = None
    token: Token | None = None
    name: Name = ""


class Act(Message, tag="act"):
    """An action in the game's notation (``{"type": "buy", "slot": 2}``) for ``seat``, chosen
    from the state of ``step``."""

    seat: Seat
    step: Step
    action: dict[str, Any]


class Ping(Message, tag="ping"):
    nonce: int = 0


class Leave(Message, tag="leave"):
    """The player leaves; the seat stays theirs (its token still works) until they come back."""


ClientMessage = Union[Hello, Act, Ping, Leave]


# --- host -> client ----------------------------------------------------------------------------
class SeatInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One seat as the table shows it. ``kind``: ``open`` (nobody has claimed it), ``player``
    (claimed), ``bot`` (a bot of the game's setup, of ``level``). ``bot`` is the level of a bot
    standing in for a player who left, ``""`` otherwise; ``connected`` says whether the player
    is there; ``searches``: the bot that plays the seat now thinks for the host's thinking time
    (an expert), so a window says so while it is to act."""

    seat: int
    kind: str
    name: str = ""
    connected: bool = False
    bot: str = ""
    level: str = ""
    searches: bool = False


class Welcome(Message, tag="welcome"):
    """The seat is this client's: keep ``token`` to come back to it."""

    protocol: int
    code: str
    seat: int
    token: str
    game: str
    seats: list[SeatInfo]
    options: dict[str, Any]


class State(Message, tag="state"):
    """What ``seat`` sees now: its view (the game's view Struct as plain data), its legal actions
    in the notation, the seats to act, and the result once the game is over."""

    step: int
    view: Any
    legal: list[dict[str, Any]]
    to_act: list[int]
    result: Any = None


class Events(Message, tag="events"):
    """What happened, in the game's event notation: only the events this seat may see."""

    step: int
    events: list[dict[str, Any]]


class Presence(Message, tag="presence"):
    """Who sits where changed: a player joined, left, or a bot stands in."""

    seats: list[SeatInfo]


class Refused(Message, tag="refused"):
    """The last act was refused and nothing changed; ``reason`` says why. ``stale``: it was
    chosen from a state that has changed since (the newer state has been sent): choose again."""

    reason: str
    step: int
    stale: bool = False


class Error(Message, tag="error"):
    """A message the host could not take. ``fatal``: the host closes the connection after it."""

    reason: str
    fatal: bool = False


class Pong(Message, tag="pong"):
    nonce: int = 0


class Goodbye(Message, tag="goodbye"):
    """The host ends this connection (the player left, joined from elsewhere, the host stops)."""

    reason: str


HostMessage = Union[Welcome, State, Events, Presence, Refused, Error, Pong, Goodbye]


# --- encoding and decoding -----------------------------------------------------------------------
class BadMessage(ValueError):
    """A message that is refused before it means anything: too big, not JSON, of no known type,
    a field of the wrong type. The text says which, for the sender."""


class VersionMismatch(BadMessage):
    """A hello of another protocol version."""


_ENCODER = msgspec.json.Encoder()
_CLIENT = msgspec.json.Decoder(ClientMessage)
_HOST = msgspec.json.Decoder(HostMessage)
_PROBE = msgspec.json.Decoder(dict[str, Any])


def encode(message: Message) -> str:
    """One message as the text the WebSocket carries."""
    return _ENCODER.encode(message).decode("utf-8")


def decode_client(data: str | bytes) -> ClientMessage:
    """A client's message, or ``BadMessage`` (``VersionMismatch`` for another version's hello)."""
    raw = _checked_size(data, MAX_CLIENT_BYTES)
    try:
        message = _CLIENT.decode(raw)
    except (msgspec.MsgspecError, RecursionError) as err:
        _check_version(raw)
        raise BadMessage(f"not a message of this protocol: {_short(err)}") from None
    if isinstance(message, Hello) and message.protocol != PROTOCOL:
        raise VersionMismatch(version_words(message.protocol))
    return message


def decode_host(data: str | bytes) -> HostMessage:
    """A host's message, or ``BadMessage``."""
    raw = _checked_size(data, MAX_HOST_BYTES)
    try:
        return _HOST.decode(raw)
    except (msgspec.MsgspecError, RecursionError) as err:
        raise BadMessage(f"not a message of this protocol: {_short(err)}") from None


def version_words(theirs: object) -> str:
    """What a client of another protocol version is told."""
    return (f"this table speaks dungeon_table network protocol {PROTOCOL} and your app speaks "
            f"{theirs}: host and players need the same version of dungeon_table")


def _checked_size(data: str | bytes, limit: int) -> bytes:
    """The message as bytes, refused unread past ``limit`` (before any decoding)."""
    if isinstance(data, str):
        if len(data) > limit:  # a character is at least one byte: too big whatever it holds
            raise BadMessage(f"a message of more than the {limit:,} bytes allowed")
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > limit:
        raise BadMessage(f"a message of {len(data):,} bytes, more than the {limit:,} bytes allowed")
    return data


def _check_version(raw: bytes) -> None:
    """``VersionMismatch`` when ``raw`` is a hello of another protocol, whatever else is wrong in
    it (a later version may add or change fields): that is what its sender must be told."""
    try:
        probe = _PROBE.decode(raw)
    except (msgspec.MsgspecError, RecursionError):
        return
    version = probe.get("protocol")
    if probe.get("type") == "hello" and version != PROTOCOL:
        raise VersionMismatch(version_words(version))


def _short(err: Exception, limit: int = 200) -> str:
    text = " ".join(str(err).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
