"""Phase ``actions`` (A): play cards onto the spaces ahead, expand the dungeon, push the adventurer
back, or fight (B follows, in ``steps.py``).

A play that costs something waits in ``pay_cost``, an expansion or a retreat in ``pay_crystals``
(``flow_payment.py``); what they do once paid is here (``place``, ``lay_expansion``, ``push_back``).
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon import steps
from dungeon_table.games.lastdungeon.base import LastDungeonBase
from dungeon_table.games.lastdungeon.cards import cost_on_room
from dungeon_table.games.lastdungeon.state import Choice


def legal(game: LastDungeonBase, seat: int) -> list[Action]:
    state, numbers = game.state, game.cards.rules
    legal: list[Action] = []
    hand = state.hand
    others = len(hand) - 1   # a cost is paid with the other hand cards
    # ``cost_at`` for every card on every free space, each lookup made once (the hottest loop).
    printed = [game.index.playable[c][0] for c in hand]
    for space in game.free_spaces():
        delta = game.room_effect(space).cost_delta
        legal += [m.Play(card=c, space=space) for c, cost in zip(hand, printed, strict=True)
                  if cost_on_room(cost, delta) <= others]
    if (not state.expanded_this_round and state.expansions_used < numbers.max_expansions
            and game.crystal_total >= numbers.expand_crystals):
        legal.append(m.Expand())
    if (not state.retreated_this_round and state.position > 0
            and game.crystal_total >= numbers.retreat_crystals):
        legal.append(m.Retreat())
    legal.append(m.Fight())
    return legal


# --- play ---------------------------------------------------------------------------------------
def play(game: LastDungeonBase, seat: int, action: m.Play) -> list[Event]:
    events: list[Event] = []
    need = game.cost_at(action.card, action.space)
    if need == 0:
        place(game, action.card, action.space, 0, events)
    else:
        game.state.pending = Choice("play", action.card, action.space, need)
        game.state.phase = "pay_cost"
    return events


def place(game: LastDungeonBase, card: str, space: int, cost: int, events: list[Event]) -> None:
    """The card goes from the hand onto its space; a draw room draws at once."""
    state = game.state
    state.hand.remove(card)
    state.played[space] = card
    here = game.room(space)
    events.append(m.CardPlayed(card=card, space=space, cost=cost, damage=here.damage))
    if here.draw_on_play:
        state.hand += steps.draw(game, here.draw_on_play, events)


def play_refused(game: LastDungeonBase, seat: int, action: m.Play) -> str | None:
    state = game.state
    if action.card not in state.hand:
        return refuse("ld.refuse.not_hand", "{card} is not in your hand", card=action.card)
    if not 0 <= action.space <= game.treasure:
        return refuse("ld.refuse.there_no_space", "there is no space {space}", space=action.space)
    if action.space <= state.position:
        return refuse("ld.refuse.space_not_right_adventurer",
                      "space {space} is not right of the adventurer (on space {position})",
                      space=action.space, position=state.position)
    if action.space in state.played:
        return refuse("ld.refuse.space_taken", "space {space} is taken", space=action.space)
    cost, others = game.cost_at(action.card, action.space), len(state.hand) - 1
    return refuse("ld.refuse.costs_there_have_other",
                  "{card} costs {cost} there, you have {others} other cards",
                  card=action.card, cost=cost, others=others)


# --- expand -----------------------------------------------------------------------------------
def expand(game: LastDungeonBase, seat: int, action: m.Expand) -> list[Event]:
    game.state.pending = Choice("expand", need=game.cards.rules.expand_crystals)
    game.state.phase = "pay_crystals"
    return []


def lay_expansion(game: LastDungeonBase, events: list[Event]) -> None:
    """Paid: the treasure moves one space right; the set-aside room fills the space it left."""
    state = game.state
    room = state.expansion_rooms.pop(0)
    space = game.treasure
    state.rooms.insert(space, room)
    state.expansions_used += 1
    state.expanded_this_round = True
    events.append(m.Expanded(room=room, space=space, treasure=game.treasure))


def expand_refused(game: LastDungeonBase, seat: int, action: m.Expand) -> str | None:
    numbers = game.cards.rules
    if game.state.expanded_this_round:
        return refuse("ld.refuse.only_one_expansion_round", "only one expansion a round")
    if game.state.expansions_used >= numbers.max_expansions:
        return refuse("ld.refuse.dungeon_expands_only_times",
                      "the dungeon expands only {max_expansions} times a game",
                      max_expansions=numbers.max_expansions)
    return game.lacking_crystals("expansion", numbers.expand_crystals)


# --- retreat ----------------------------------------------------------------------------------
def retreat(game: LastDungeonBase, seat: int, action: m.Retreat) -> list[Event]:
    game.state.pending = Choice("retreat", need=game.cards.rules.retreat_crystals)
    game.state.phase = "pay_crystals"
    return []


def push_back(game: LastDungeonBase, events: list[Event]) -> None:
    """Paid: the adventurer, and its deck with it, move one space left."""
    state = game.state
    assert state.adventurer is not None
    state.position -= 1
    state.retreated_this_round = True
    events.append(m.Retreated(card=state.adventurer.card, from_space=state.position + 1,
                              to_space=state.position))


def retreat_refused(game: LastDungeonBase, seat: int, action: m.Retreat) -> str | None:
    if game.state.retreated_this_round:
        return refuse("ld.refuse.only_one_retreat_round", "only one retreat a round")
    if game.state.position == 0:
        return refuse("ld.refuse.adventurer_entrance_cannot_go",
                      "the adventurer is at the entrance and cannot go further back")
    return game.lacking_crystals("retreat", game.cards.rules.retreat_crystals)


# --- fight ------------------------------------------------------------------------------------
def fight(game: LastDungeonBase, seat: int, action: m.Fight) -> list[Event]:
    events: list[Event] = []
    steps.fight(game, events)
    return events
