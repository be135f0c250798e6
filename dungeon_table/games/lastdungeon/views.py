"""What the player sees (``LastDungeonView``) and the whole state as plain data (``state_dict``).

The view hides the order of the draw pile and the contents of the adventurer deck: only their
counts and the back of the adventurer deck's top card (its level, or "event") show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from dungeon_table.games.lastdungeon import model as m

if TYPE_CHECKING:
    from dungeon_table.games.lastdungeon.rules import LastDungeon


def deck_top(game: LastDungeon) -> str:
    """The visible back of the next adventurer-deck card: "level1".."level4", "event" or ""."""
    top = game.adventurers.top
    if top is None:
        return ""
    level = game.cards.level(top)
    return f"level{level}" if level else "event"


def _adventurer(game: LastDungeon) -> m.Adventurer | None:
    walker = game.walker
    if walker is None:
        return None
    hero = walker.card == game.cards.hero.id
    return m.Adventurer(
        card=walker.card, side=walker.side, level=game.cards.level(walker.card),  # type: ignore[arg-type]
        position=game.position, power=walker.power, stack=list(walker.stack),
        stacked_damage=walker.stacked_damage,
        scout_cost=0 if hero else game.cards.adventurer(walker.card).scout_cost,
    )


def _pending(game: LastDungeon) -> m.Pending | None:
    p = game.pending
    if p is None:
        return None
    return m.Pending(kind=p.kind, card=p.card, space=p.space, need=p.need,  # type: ignore[arg-type]
                     chosen=list(p.chosen))


def build_view(game: LastDungeon, seat: int | None) -> m.LastDungeonView:
    player = seat == 0
    return m.LastDungeonView(
        phase=game.phase,  # type: ignore[arg-type]
        round=game.round,
        spaces=[game.room(i) for i in range(len(game.rooms))],
        adventurer=_adventurer(game),
        deck_count=len(game.adventurers),
        deck_top=deck_top(game),
        hand=list(game.hand) if player else None,
        hand_costs=[game.cards.playable(c)[0] for c in game.hand] if player else [],
        draw_count=len(game.draw_pile),
        discard=list(game.discard),
        crystals=[m.Crystal(card=c, value=v) for c, v in game.crystals],
        removed=list(game.removed),
        expansions_left=game.cards.rules.max_expansions - game.expansions_used,
        expanded_this_round=game.expanded_this_round,
        retreated_this_round=game.retreated_this_round,
        pending=_pending(game),
        total_damage=game.total_damage(),
        shortfall=game.shortfall(),
        repelled=game.repelled,
        crystal_total=game.crystal_total,
        empower_next=game.empower_next,
        difficulty=game.difficulty,
        position=game.position,
    )


def build_state(game: LastDungeon) -> dict[str, Any]:
    """Everything, hidden parts included, as plain data (scripts, determinism checks)."""
    walker = game.walker
    return {
        "phase": game.phase,
        "round": game.round,
        "outcome": game.outcome,
        "rooms": list(game.rooms),
        "played": {str(k): v for k, v in sorted(game.played.items())},
        "expansion_rooms": list(game.expansion_rooms),
        "position": game.position,
        "adventurer_deck": list(reversed(game.adventurers.cards)),   # from the top
        "adventurer": None if walker is None else {
            "card": walker.card, "side": walker.side,
            "power": walker.power, "stack": list(walker.stack),
            "stacked_damage": walker.stacked_damage,
        },
        "hand": list(game.hand),
        "draw_pile": list(reversed(game.draw_pile.cards)),             # from the top
        "discard": list(game.discard),
        "crystals": [[c, v] for c, v in game.crystals],
        "face_down": dict(game.face_down),
        "removed": list(game.removed),
        "expansions_used": game.expansions_used,
        "expanded_this_round": game.expanded_this_round,
        "retreated_this_round": game.retreated_this_round,
        "pending": None if game.pending is None else msgspec.to_builtins(_pending(game)),
        "repelled": game.repelled,
        "empower_next": game.empower_next,
        "difficulty": game.difficulty,
        "history": list(game.history),
    }
