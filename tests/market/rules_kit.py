"""Set-ups the Dungeon Market rule tests share: stacked scripts, whole turns, chosen defences.

Seats 0-3 play red, blue, yellow, green and start with that colour's ``*_gauntlet_1``; the tests
attack mostly with purple, which no starting gauntlet guards. Printed attacks
(cards/market.yaml): gauntlet 1/2/2, shield 3/3, helm 3/4, armour 4/4, sword 5, ghost 3; defences:
gauntlet 1, shield 2, helm 2, armour 3. Every game is set up through the script format
(``core/script.py``), the rest of a test applies plain-notation actions to the game in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dungeon_table.core.protocol import Game, to_dict
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import load

from .helpers import DONE, EXPLORE, OPEN, PASS, STOP, script

__all__ = ["EXPLORE", "OPEN", "PASS", "STOP"]  # re-exported for the rule tests

Actions = list[dict[str, Any]]
Step = dict[str, Any] | Callable[[Game], Actions]


def play(steps: Sequence[Step] = (), players: int = 3, deck: Sequence[str] = (),
         options: dict[str, Any] | None = None, jobs: list[str] | None = None,
         reshuffle: list[str] | None = None, seed: int = 1) -> tuple[Game, Actions]:
    """A stacked game played through ``steps``: the game and every event as a plain dict.

    Steps up to the first function go through the script runner; the rest are applied to the game
    in hand, a function (``confirm_defences``, ``no_defence``) where the seats still to act depend
    on the game (a seat with nothing to defend with is in at once)."""
    steps = list(steps)
    first = next((i for i, step in enumerate(steps) if callable(step)), len(steps))
    game, events = script(steps[:first], players, list(deck), options, jobs, reshuffle, seed)
    events = [{k: v for k, v in e.items() if k not in ("action_index", "acting_seat")}
              for e in events]
    return game, events + act(game, *steps[first:])


def act(game: Game, *steps: Step) -> Actions:
    """Apply plain-notation actions (``seat`` may be left out when one seat is to act) and
    step functions such as ``confirm_defences``."""
    events: Actions = []
    for step in steps:
        if callable(step):
            events += step(game)
            continue
        notation = dict(step)
        seat = notation.pop("seat", None)
        if seat is None:
            (seat,) = game.to_act()
        events += [to_dict(e) for e in game.apply(seat, type(game).decode_action(notation))]
    return events


def of_type(events: Actions, kind: str) -> Actions:
    return [e for e in events if e["type"] == kind]


# --- script pieces ---------------------------------------------------------------------------
def explore(times: int) -> Actions:
    return [EXPLORE] * times


def buy(slot: int) -> dict[str, Any]:
    return {"type": "buy", "slot": slot}


def price(slot: int, coins: int) -> dict[str, Any]:
    return {"type": "price", "slot": slot, "price": coins}


def buy_steps(players: int) -> int:
    """Buy steps in a market: each other player once; 2 players: opponent, active, opponent."""
    return 3 if players == 2 else players - 1


def market_turn(reveals: int, players: int = 3, keep: int = 0,
                buys: list[int | None] | None = None) -> Actions:
    """A whole turn without a burst: reveal, stop, price the first ``keep`` slots at 1G (nobody
    buys them, so the active player must: its coin goes to the deposit), open the market, then
    each buy step takes the slot ``buys`` names or passes (``None``: every step passes; once the
    area is empty the round ends, so ``buys`` stops there)."""
    steps = [None] * buy_steps(players) if buys is None else buys
    return [*explore(reveals), STOP, *(price(slot, 1) for slot in range(keep)), OPEN,
            *(PASS if slot is None else buy(slot) for slot in steps)]


def confirm_defences(game: Game) -> Actions:
    """Every seat still choosing confirms the defence preselected for it (the suggestion)."""
    events: Actions = []
    while game.view(None).phase == "defend":
        events += act(game, {"seat": game.to_act()[0], "type": "defend"})
    return events


def defend_with(game: Game, seat: int, uses: list[tuple[str, str]] = ()) -> Actions:
    """``seat`` defends with exactly ``uses`` (item, attack colour) and confirms; a seat with
    nothing that could guard is already in and must be given no ``uses``."""
    if game.view(seat).phase != "defend" or seat not in game.to_act():
        assert not uses, f"seat {seat} is not choosing a defence"
        return []
    pending = game.view(seat).defence
    events = act(game, *({"seat": seat, "type": "unguard", "item": u.item} for u in pending.uses))
    events += act(game, *({"seat": seat, "type": "guard", "item": item, "attack": attack}
                          for item, attack in uses))
    return events + act(game, {"seat": seat, "type": "defend"})


def no_defence(game: Game) -> Actions:
    """Every seat still choosing takes the burst undefended."""
    events: Actions = []
    while game.view(None).phase == "defend":
        events += defend_with(game, game.to_act()[0])
    return events


def player(game: Game, seat: int) -> m.PlayerView:
    return game.view(seat).players[seat]


def held(game: Game, seat: int) -> list[tuple[str, bool]]:
    """A seat's equipment as (card, used), sorted."""
    return sorted((h.card, h.used) for h in game.view(seat).players[seat].equipment)


def gems(game: Game, seat: int) -> list[tuple[str, bool]]:
    return sorted((h.card, h.used) for h in game.view(seat).players[seat].gems)


def lives(game: Game) -> list[int]:
    return [p.life for p in game.view(None).players]


def coins(game: Game) -> list[int]:
    return [p.coins for p in game.view(None).players]


# --- whole decks ------------------------------------------------------------------------------
COLOURS = ("red", "blue", "yellow", "green", "purple")


def dungeon_deck(players: int) -> list[str]:
    """The dungeon deck after setup (no chests): monsters less the starting gauntlets, gems,
    and with 2 players the ghosts."""
    cards = load()
    starting = {f"{colour}_gauntlet_1" for colour in COLOURS[:players]}
    kinds = {"monster", "gem"} | ({"ghost"} if players == 2 else set())
    return [c for c in cards.all_ids() if cards.card(c).kind in kinds and c not in starting]


def quiet_chunks(deck: list[str]) -> list[list[str]]:
    """``deck`` cut into turns that reveal no two cards of a colour (so no burst): at most one
    monster per colour, one gem, and a ghost only first (it forces the next reveal)."""
    cards = load()
    by_colour = {colour: [c for c in deck if cards.card(c).colour == colour
                          and cards.card(c).kind == "monster"] for colour in COLOURS}
    ghosts = [c for c in deck if cards.card(c).kind == "ghost"]
    gem_ids = [c for c in deck if cards.card(c).kind == "gem"]
    chunks: list[list[str]] = []
    while any(by_colour.values()) or ghosts or gem_ids:
        chunk = []
        ghost_colour = ""
        if ghosts:
            ghost = ghosts.pop(0)
            ghost_colour = cards.card(ghost).colour
            chunk.append(ghost)
        chunk += [queue.pop(0) for colour, queue in by_colour.items()
                  if queue and colour != ghost_colour]
        if gem_ids:
            chunk.append(gem_ids.pop(0))
        assert len(chunk) > 1 or not ghost_colour, "a ghost may not end a turn"
        chunks.append(chunk)
    return chunks


def drain(chunks: list[list[str]], players: int) -> Actions:
    """A market turn revealing each chunk in turn, nobody buying."""
    return [action for chunk in chunks for action in market_turn(len(chunk), players)]


# --- Professional -----------------------------------------------------------------------------
PRO = {"professional": True}


def bids(amounts: list[int]) -> Actions:
    """Every seat's sealed bid, seat 0 first."""
    return [{"seat": seat, "type": "bid", "amount": amount} for seat, amount in enumerate(amounts)]


def level_up(game: Game, job: str, times: int = 1) -> Actions:
    """The seat in its level phase raises ``job`` ``times`` levels, then is done if still asked."""
    events: Actions = []
    for _ in range(times):
        events += act(game, {"type": "level_up", "job": job})
    return events + finish_levelling(game)


def finish_levelling(game: Game) -> Actions:
    """``done`` while a level phase still waits (it closes by itself once nothing is affordable)."""
    if game.view(None).phase == "level":
        return act(game, DONE)
    return []


def prelude(job: str, *, level: bool = True, deck_after: tuple[str, ...] = (),
            jobs_after: tuple[str, ...] = ()) -> Game:
    """Turn 1: seat 0 reveals two gems (2 EXP, the limit ends it), nobody buys. Turn 2: seat 1
    bursts Dark Elf 3 + Gargoyle 4: lives 33/32/33, the deposit's 5 shared 1 each and 2 to seat 1
    (lowest). Seat 1 auctions ``job``, seat 0 wins it for 1G and raises it to LV1 (``level``).
    Then turn 3, seat 2 to explore; coins 15/18/16, deposit 1."""
    actions = [*explore(2), OPEN, PASS, PASS, *explore(2), confirm_defences,
               {"type": "auction", "job": job}, *bids([1, 0, 0])]
    game, _ = play(actions, options=PRO, jobs=[job, *jobs_after],
                   deck=["gem_1a", "gem_1b", "purple_helm_1", "purple_armour_1", *deck_after])
    if level:
        level_up(game, job)
    else:
        finish_levelling(game)
    return game


def effect(job: str, kind: str, level: int = 1) -> int:
    """What a job's ``kind`` effect amounts to at ``level``: the designed numbers live in the card
    file (and are tuned there), the tests check what each primitive does with them."""
    return sum(e.amount for e in load().job(job).levels[level - 1].effects if e.kind == kind)


# Gems the prelude leaves in the deck, for quiet reveals.
SPARE_GEMS = ("gem_1c", "gem_2a", "gem_2b", "gem_2c", "gem_3a", "gem_3b", "gem_3c")
