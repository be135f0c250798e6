"""Arranging Last Dungeon games for the rule tests: fully stacked decks, scripts, quick repels."""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import Event, to_dict
from dungeon_table.core.script import run_script
from dungeon_table.core.zones import Deck
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.rules import LastDungeon

# Every deck stacked, so setup does not depend on the shuffle:
#   hand d_golem d_skeleton d_pit d_goblin, draw pile d_slime (top) d_bat
#   rooms: 1 e_armory (+1 damage), 2 e_forge (cost -1); expansions e_cavein then e_library;
#   deck events e_shortcut (after level 1), e_tavern (after 2), e_pickpocket (after 3)
#   starting crystals (face down) crystal_l1 = a1_thief 1, crystal_l2 = a2_knight 2,
#   crystal_l3 = a3_paladin 3; first adventurer a1_villager (5)
STACK: dict[str, list[str]] = {
    "hand_deck": ["d_golem", "d_skeleton", "d_pit", "d_goblin", "d_slime", "d_bat"],
    "events": ["e_armory", "e_forge", "e_cavein", "e_library", "e_shortcut", "e_tavern",
               "e_pickpocket"],
    "level1": ["a1_thief", "a1_villager", "a1_squire", "a1_hunter", "a1_acolyte"],
    "level2": ["a2_knight", "a2_mage", "a2_warrior", "a2_priest", "a2_ranger"],
    "level3": ["a3_paladin", "a3_sage", "a3_ninja", "a3_swordmaster", "a3_berserker"],
}


def script(actions: list[dict[str, Any]], stack: dict[str, list[str]] | None = None,
           **options: Any) -> tuple[LastDungeon, list[dict[str, Any]]]:
    """Run a script on the stacked game; the game and the events as plain dicts."""
    run = run_script({"game": "lastdungeon", "seed": 1, "options": options,
                      "stack": {**STACK, **(stack or {})}, "actions": actions})
    assert isinstance(run.game, LastDungeon)
    return run.game, run.events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in ("action_index", "acting_seat")}
            for e in events if e["type"] == kind]


def act(game: LastDungeon, *actions: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply plain-notation actions to a game in hand; the events as plain dicts."""
    events: list[Event] = []
    for notation in actions:
        events += game.apply(0, LastDungeon.decode_action(notation))
    return [to_dict(e) for e in events]


def beat(game: LastDungeon) -> list[dict[str, Any]]:
    """Repel the adventurer standing now (tests use a low difficulty so one card or two do)."""
    events: list[dict[str, Any]] = []
    assert game.state.adventurer is not None
    while game.total_damage() < game.state.adventurer.power:
        plays = [a for a in game.legal_actions(0) if isinstance(a, m.Play)]
        if not plays:
            break
        best = max(plays, key=lambda a: game.cards.playable(a.card)[1])
        events += [to_dict(e) for e in game.apply(0, best)]
        while game.phase == "pay_cost":             # pay with whatever comes first
            events += [to_dict(e) for e in game.apply(0, game.legal_actions(0)[0])]
    events += act(game, {"type": "fight"})
    if game.phase == "repelled":
        events += act(game, {"type": "crystallise"})
    return events


def from_top(deck: Deck) -> list[str]:
    """A deck's cards in the order they will be drawn."""
    return list(reversed(deck.cards))


def every_card(game: LastDungeon) -> list[str]:
    """Every card id wherever it lies, once per place it is found."""
    state = game.state
    crystals = [state.face_down.get(c, c) for c, _ in state.crystals]
    removed = [state.face_down.get(c, c) for c in state.removed]
    cards = [*state.hand, *state.draw_pile.cards, *state.discard, *state.played.values(),
             *state.adventurer_deck.cards, *crystals, *removed,
             *(r for r in state.rooms if r), *state.expansion_rooms]
    if state.pending and state.pending.kind == "event":   # a discard event waiting
        cards.append(state.pending.card or "")
    if state.adventurer:
        cards += [state.adventurer.card, *state.adventurer.stack]
    return cards
