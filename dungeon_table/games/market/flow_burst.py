"""The burst phase (バーストフェイズ): the attacks, every seat's defence, damage, the deposit
share; then (Professional, while a job is face up) the job auction (``flow_auction.py``).

Defence is simultaneous and sealed: each seat's pending choice starts as the suggested set and is
changed item by item (``guard``/``unguard``) until the seat confirms (``defend``); the ``defended``
events of all seats come out together once every seat is in.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.market import flow_jobs as jobs
from dungeon_table.games.market import flow_turn as turn
from dungeon_table.games.market import model as m
from dungeon_table.games.market.base import MarketBase
from dungeon_table.games.market.defence import Kit, suggest
from dungeon_table.games.market.state import Attackers, Burst


# --- the attacks ---------------------------------------------------------------------------------
def start_burst(game: MarketBase, slots: list[int], events: list[Event]) -> None:
    state = game.state
    attackers: Attackers = {}
    for slot in slots:
        card = game.card_of[state.area[slot].card]  # type: ignore[union-attr]
        attackers.setdefault(card.colour, []).append((slot, card.attack))
    # One attack per colour, in the colours' order; its value the sum of its attackers.
    attacks = [m.Attack(colour=c, value=sum(a for _, a in attackers[c]),
                        slots=[s for s, _ in attackers[c]])
               for c in game.cards.colours if c in attackers]
    events.append(m.ExplorationEnded(reason="burst"))
    events.append(m.BurstStarted(attacks=attacks))
    kits = [game.kit(s) for s in range(game.n)]  # nothing changes them until the burst resolves
    # Nothing that could guard: there is no choice to make (the suggestion is empty: it picks
    # only items that guard), and the seat is in at once.
    guards = [_could_guard(kit, attacks, game.gems_defend) for kit in kits]
    suggested = [suggest(kit, attacks, attackers, game.gems_defend) if guarding else []
                 for kit, guarding in zip(kits, guards, strict=True)]
    state.burst = Burst(attacks, attackers, slots, suggested, [list(v) for v in suggested],
                        [not guarding for guarding in guards])
    state.phase = "defend"
    events += [m.DefenceChosen(seat=seat) for seat, guarding in enumerate(guards) if not guarding]
    if all(state.burst.confirmed):
        resolve_burst(game, events)


# --- choosing the defence ------------------------------------------------------------------------
def _could_guard(kit: Kit, attacks: list[m.Attack], gems_defend: bool) -> bool:
    """Some item of ``kit`` guards against one of ``attacks``."""
    return any(kit.can_guard(item, attack.colour, gems_defend)
               for item in kit.items for attack in attacks)


def guard_actions(game: MarketBase, seat: int) -> list[Action]:
    burst = game.state.burst
    assert burst is not None
    kit = game.kit(seat)
    pending = {item for item, _ in burst.pending[seat]}
    return [m.Guard(item=item.id, attack=attack.colour)
            for item in kit.items if item.id not in pending
            for attack in burst.attacks
            if kit.can_guard(item, attack.colour, game.gems_defend)]


def legal(game: MarketBase, seat: int) -> list[Action]:
    burst = game.state.burst
    assert burst is not None
    unguard = [m.Unguard(item=item) for item, _ in burst.pending[seat]]
    return [*guard_actions(game, seat), *unguard, m.Defend()]


def guard(game: MarketBase, seat: int, action: m.Guard) -> list[Event]:
    burst = game.state.burst
    assert burst is not None
    burst.pending[seat].append((action.item, action.attack))
    return []


def unguard(game: MarketBase, seat: int, action: m.Unguard) -> list[Event]:
    burst = game.state.burst
    assert burst is not None
    burst.pending[seat] = [(i, a) for i, a in burst.pending[seat] if i != action.item]
    return []


def defend(game: MarketBase, seat: int, action: m.Defend) -> list[Event]:
    burst = game.state.burst
    assert burst is not None
    burst.confirmed[seat] = True
    events: list[Event] = [m.DefenceChosen(seat=seat)]
    if all(burst.confirmed):
        resolve_burst(game, events)
    return events


def why_not_guard(game: MarketBase, seat: int, action: m.Guard) -> str | None:
    burst = game.state.burst
    assert burst is not None
    player = game.state.players[seat]
    if action.item not in player.equipment and action.item not in player.gems:
        return refuse("market.refuse.hold_no", "you hold no {item}", item=action.item)
    if action.item in player.used:
        return refuse("market.refuse.already_used_turned_sideways",
                      "{item} is already used (turned sideways)",
                      item=action.item)
    chosen = dict(burst.pending[seat])
    if action.item in chosen:
        return refuse("market.refuse.already_guards_attack",
                      "{item} already guards the {chosen} attack",
                      item=action.item, chosen=chosen[action.item])
    if action.attack not in [a.colour for a in burst.attacks]:
        return refuse("market.refuse.there_no_attack_burst",
                      "there is no {attack} attack in this burst",
                      attack=action.attack)
    card = game.cards.card(action.item)
    if card.kind == "gem":
        return refuse("market.refuse.gems_do_not_defend",
                      "gems do not defend in this game (house rule gems_defend is off)")
    return refuse("market.refuse.guards_only_against_attack",
                  "a {colour} {loot} guards only against the {colour} attack",
                  colour=card.colour, loot=card.loot)


def why_not_unguard(game: MarketBase, seat: int, action: m.Unguard) -> str | None:
    return refuse("market.refuse.not_defence", "{item} is not in your defence", item=action.item)


# --- damage and what follows ---------------------------------------------------------------------
def resolve_burst(game: MarketBase, events: list[Event]) -> None:
    state = game.state
    burst = state.burst
    assert burst is not None
    killed: set[int] = set()
    for player in state.players:
        result = game.outcome(player.seat, burst.pending[player.seat])
        for use in result.uses:
            if use.used:
                player.used.append(use.item)
            if use.killed >= 0:
                killed.add(use.killed)
        player.life -= result.damage
        events.append(m.Defended(seat=player.seat, uses=result.uses, damage=result.damage,
                                 life=player.life, job_guard=result.job_guard))
    if game.professional:
        # A sword's kill lies face down in the area and counts for the active player's EXP.
        for slot in killed:
            state.area[slot].killed = True  # type: ignore[union-attr]
        jobs.gain_exp(game, len(state.area) - len(burst.slots) + len(killed), events)
    knocked = [p.seat for p in state.players if p.life <= 0]
    if knocked:  # the game ends now: no deposit share, no auction
        turn.end_game(game, "knocked_out", knocked, events)
        return
    share_deposit(game, events)
    discard_area(game, "burst", events)
    if game.professional and state.jobs_up:
        state.phase = "auction"
        return
    turn.finish_turn(game, events)


def share_deposit(game: MarketBase, events: list[Event]) -> None:
    """Banker jobs take their part first (active player, then clockwise); the rest is split
    equally; the remainder goes to the lowest life (ties: the active player, then clockwise)."""
    state = game.state
    bonus = [0] * game.n
    for seat in game.clockwise_from(state.active):
        take = min(state.deposit, game.amount(seat, "burst_share"))
        bonus[seat] = take
        state.deposit -= take
        state.players[seat].coins += take
    each, remainder = divmod(state.deposit, game.n)
    lowest = min(p.life for p in state.players)
    to = next(s for s in game.clockwise_from(state.active) if state.players[s].life == lowest)
    shares = [each + (remainder if s == to else 0) for s in range(game.n)]
    for seat, share in enumerate(shares):
        state.players[seat].coins += share
    state.deposit = 0
    events.append(m.DepositShared(shares=shares, remainder_to=to, remainder=remainder,
                                  job_bonus=bonus if any(bonus) else []))


def discard_area(game: MarketBase, reason: str, events: list[Event]) -> None:
    """Every card left in the area to the discard pile; chest cards come to light."""
    state = game.state
    cards = [c for _, s in game.slots() for c in ([s.card, s.hidden] if s.hidden else [s.card])]
    state.area = [None] * len(state.area)
    if cards:
        state.discard += cards
        events.append(m.AreaDiscarded(cards=cards, reason=reason))
