"""What the player sees: ``LastDungeonView``, built from the state and the rules' queries.

The view hides the order of the draw pile and the contents of the adventurer deck: only their
counts and the back of the adventurer deck's top card (its level, or "event") show.
"""

from __future__ import annotations

from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.base import LastDungeonBase


def deck_top(game: LastDungeonBase) -> str:
    """The visible back of the next adventurer-deck card: "level1".."level4", "event" or ""."""
    top = game.state.adventurer_deck.top
    if top is None:
        return ""
    level = game.cards.level(top)
    return f"level{level}" if level else "event"


def _adventurer(game: LastDungeonBase) -> m.Adventurer | None:
    walker = game.state.adventurer
    if walker is None:
        return None
    hero = walker.card == game.cards.hero.id
    return m.Adventurer(
        card=walker.card, side=walker.side, level=game.cards.level(walker.card),  # type: ignore[arg-type]
        position=game.state.position, power=walker.power, stack=list(walker.stack),
        stacked_damage=walker.stacked_damage,
        scout_cost=0 if hero else game.cards.adventurer(walker.card).scout_cost,
    )


def _pending(game: LastDungeonBase) -> m.Pending | None:
    p = game.state.pending
    if p is None:
        return None
    return m.Pending(kind=p.kind, card=p.card, space=p.space, need=p.need,  # type: ignore[arg-type]
                     chosen=list(p.chosen), paid=game.paid())


def build_view(game: LastDungeonBase, seat: int | None) -> m.LastDungeonView:
    state, player = game.state, seat == 0
    return m.LastDungeonView(
        phase=state.phase,  # type: ignore[arg-type]
        round=state.round,
        spaces=[game.room(i) for i in range(len(state.rooms))],
        adventurer=_adventurer(game),
        deck_count=len(state.adventurer_deck),
        deck_top=deck_top(game),
        hand=list(state.hand) if player else None,
        hand_costs=[game.index.playable[c][0] for c in state.hand] if player else [],
        draw_count=len(state.draw_pile),
        discard=list(state.discard),
        crystals=[m.Crystal(card=c, value=v) for c, v in state.crystals],
        removed=list(state.removed),
        expansions_left=game.cards.rules.max_expansions - state.expansions_used,
        expanded_this_round=state.expanded_this_round,
        retreated_this_round=state.retreated_this_round,
        pending=_pending(game),
        total_damage=game.total_damage(),
        shortfall=game.shortfall(),
        repelled=state.repelled,
        crystal_total=game.crystal_total,
        empower_next=state.empower_next,
        difficulty=game.difficulty,
        position=state.position,
        free_spaces=game.free_spaces(),
    )
