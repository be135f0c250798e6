"""Why an action is refused, in the words of the rules ("retreat needs 2 crystals, you have 1").

Called only when ``legal_actions`` does not contain the action, so it can take its time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action, to_dict
from dungeon_table.games.lastdungeon import model as m

if TYPE_CHECKING:
    from dungeon_table.games.lastdungeon.rules import LastDungeon

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "actions": (m.Play, m.Expand, m.Retreat, m.Fight),
    "pay_cost": (m.Discard, m.Cancel),
    "pay_crystals": (m.Pay, m.Cancel),
    "repelled": (m.Scout, m.Crystallise),
    "event_discard": (m.Discard,),
}
PHASE_HINT = {
    "actions": "play, expand, retreat or fight",
    "pay_cost": "discard cards to pay the cost, or cancel",
    "pay_crystals": "pay crystals, or cancel",
    "repelled": "scout or crystallise the repelled adventurer",
    "event_discard": "discard a card for the event",
}


def why_illegal(game: LastDungeon, action: Action) -> str:
    allowed = PHASE_ACTIONS.get(game.phase, ())
    if not isinstance(action, allowed):
        return f"{to_dict(action)['type']} is not possible now: {PHASE_HINT.get(game.phase, '')}"
    check = _CHECKS.get(type(action))
    reason = check(game, action) if check else None
    return reason or f"{to_dict(action)} is not a legal action now"


def _play(game: LastDungeon, action: m.Play) -> str | None:
    if action.card not in game.hand:
        return f"{action.card} is not in your hand"
    if not 0 <= action.space <= game.treasure:
        return f"there is no space {action.space}"
    position = game.position
    if action.space <= position:
        return f"space {action.space} is not right of the adventurer (on space {position})"
    if action.space in game.played:
        return f"space {action.space} is taken"
    cost, others = game.cost_at(action.card, action.space), len(game.hand) - 1
    return f"{action.card} costs {cost} there, you have {others} other cards"


def _crystals(game: LastDungeon, what: str, need: int) -> str | None:
    have = game.crystal_total
    if have < need:
        return f"{what} needs {need} crystals, you have {have}"
    return None


def _expand(game: LastDungeon, action: m.Expand) -> str | None:
    if game.expanded_this_round:
        return "only one expansion a round"
    if game.expansions_used >= game.cards.rules.max_expansions:
        return f"the dungeon expands only {game.cards.rules.max_expansions} times a game"
    return _crystals(game, "expansion", game.cards.rules.expand_crystals)


def _retreat(game: LastDungeon, action: m.Retreat) -> str | None:
    if game.retreated_this_round:
        return "only one retreat a round"
    if game.position == 0:
        return "the adventurer is at the entrance and cannot go further back"
    return _crystals(game, "retreat", game.cards.rules.retreat_crystals)


def _discard(game: LastDungeon, action: m.Discard) -> str | None:
    pending = game.pending
    if action.card not in game.hand:
        return f"{action.card} is not in your hand"
    if pending and action.card == pending.card and pending.kind == "play":
        return f"{action.card} is the card being played"
    if pending and action.card in pending.chosen:
        return f"{action.card} is already chosen"
    return None


def _pay(game: LastDungeon, action: m.Pay) -> str | None:
    if action.crystal not in dict(game.crystals):
        return f"{action.crystal} is not one of your crystals"
    if game.pending and action.crystal in game.pending.chosen:
        return f"{action.crystal} is already chosen"
    return None


def _scout(game: LastDungeon, action: m.Scout) -> str | None:
    if game.walker is None or game.walker.card == game.cards.hero.id:
        return "the hero cannot be scouted"
    return _crystals(game, "scouting", game.cards.adventurer(game.walker.card).scout_cost)


_CHECKS = {
    m.Play: _play, m.Expand: _expand, m.Retreat: _retreat, m.Discard: _discard, m.Pay: _pay,
    m.Scout: _scout,
}
