"""Arranging Dungeon Market games for the rule tests: stacked decks, scripts, quick steps.

Every game is set up and played through the script runner, so a test reads like a script::

    game = run([{"type": "explore"}, {"type": "explore"}],
               players=3, deck=["red_shield_1", "red_helm_1"])
    game.state.players[0].life            # 40 - ...

``deck`` lists the dungeon deck from the top (first listed = first revealed); in a 3-4 player
game the ghosts are not in it until the first reshuffle (``reshuffle`` orders that deck), in a
2-player game they are. ``jobs`` orders the job deck (first three face up). Seats may be left out
of an action while one seat is to act; during ``defend`` and ``bid`` (several seats) give ``seat``.
"""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import Event, to_dict
from dungeon_table.core.script import run_script
from dungeon_table.games.market.rules import Market

EXPLORE: dict[str, Any] = {"type": "explore"}
STOP: dict[str, Any] = {"type": "stop"}
OPEN: dict[str, Any] = {"type": "open_market"}
PASS: dict[str, Any] = {"type": "pass"}
DONE: dict[str, Any] = {"type": "done"}


def script(
    actions: list[dict[str, Any]],
    players: int = 3,
    deck: list[str] | None = None,
    options: dict[str, Any] | None = None,
    jobs: list[str] | None = None,
    reshuffle: list[str] | None = None,
    seed: int = 1,
    seats: list[str] | None = None,
) -> tuple[Market, list[dict[str, Any]]]:
    """Run a script on a stacked game: the game and its events as plain dicts (each with
    ``action_index`` and ``acting_seat``)."""
    stack: dict[str, list[str]] = {}
    for name, cards in (("deck", deck), ("jobs", jobs), ("reshuffle", reshuffle)):
        if cards:
            stack[name] = list(cards)
    run = run_script({
        "game": "market", "seed": seed, "seats": seats or ["human"] * players,
        "options": options or {}, "stack": stack, "actions": actions,
    })
    assert isinstance(run.game, Market)
    return run.game, run.events


def run(actions: list[dict[str, Any]], players: int = 3, deck: list[str] | None = None,
        options: dict[str, Any] | None = None, jobs: list[str] | None = None,
        reshuffle: list[str] | None = None, seed: int = 1,
        seats: list[str] | None = None) -> Market:
    """``script`` without the events: the game after the actions."""
    return script(actions, players, deck, options, jobs, reshuffle, seed, seats)[0]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type, without the script's bookkeeping keys."""
    return [{k: v for k, v in e.items() if k not in ("action_index", "acting_seat")}
            for e in events if e["type"] == kind]


def act(game: Market, seat: int, *actions: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply plain-notation actions for ``seat`` to a game in hand; the events as plain dicts."""
    events: list[Event] = []
    for notation in actions:
        events += game.apply(seat, Market.decode_action(notation))
    return [to_dict(e) for e in events]


def confirm_all(game: Market) -> list[dict[str, Any]]:
    """Every seat still choosing confirms the defence it has pending (the suggested set unless
    changed): the burst resolves."""
    events: list[dict[str, Any]] = []
    for seat in list(game.to_act()):
        events += act(game, seat, {"type": "defend"})
    return events


def bid_all(game: Market, bids: list[int]) -> list[dict[str, Any]]:
    """Every seat bids its amount in ``bids`` (seat order)."""
    events: list[dict[str, Any]] = []
    for seat, amount in enumerate(bids):
        events += act(game, seat, {"type": "bid", "amount": amount})
    return events


def pass_all(game: Market) -> list[dict[str, Any]]:
    """Every buyer still to come passes: the market closes."""
    events: list[dict[str, Any]] = []
    while game.phase == "buy":
        events += act(game, game.to_act()[0], PASS)
    return events


def coins_total(game: Market) -> int:
    """Coins in purses, the deposit and on priced cards: constant through a game."""
    on_cards = sum(s.price for _, s in game.slots())
    return sum(p.coins for p in game.state.players) + game.state.deposit + on_cards


def every_card(game: Market) -> list[str]:
    """Every dungeon card wherever it lies, once per place it is found."""
    area = [c for _, s in game.slots() for c in ([s.card, s.hidden] if s.hidden else [s.card])]
    owned = [c for p in game.state.players for c in (*p.equipment, *p.gems)]
    state = game.state
    return [*state.deck.cards, *state.discard, *state.ghosts_aside, *state.removed, *area, *owned]
