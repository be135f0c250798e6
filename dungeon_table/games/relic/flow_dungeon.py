"""(4) The dungeon phase: a dungeon set and an enemy set, once each, then the end phase.

Dungeon set: not while any enemy is on one's own field, at most 9 cards; the 4th (7th) card with
depth 1 (2) not searched forfeits that search. Enemy set: onto an opponent with none of one's own
enemies there, the enemy's level at most that dungeon's depth.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic import skills
from dungeon_table.games.relic.base import RelicBase


def legal(game: RelicBase, seat: int) -> list[Action]:
    out: list[Action] = []
    if not game.state.dungeon_set_done:
        out += [m.SetDungeon(card=c) for c in game.dungeon_cards(seat)]
    if not game.state.enemy_set_done:
        out += game.enemy_sets(seat)
    out.append(m.EndPhase())
    return out


def set_dungeon(game: RelicBase, seat: int, action: m.SetDungeon) -> list[Event]:
    game.state.dungeon_set_done = True
    return (skills.set_dungeon(game, seat, action.card, "phase")
            + skills.run_prompts(game, seat, "dungeon"))


def set_enemy(game: RelicBase, seat: int, action: m.SetEnemy) -> list[Event]:
    game.player(seat).hand.remove(action.card)
    game.player(action.target).enemies.append((action.card, seat))
    game.state.enemy_set_done = True
    return [m.EnemySet(seat=seat, card=action.card, target=action.target)]


# --- refusals -----------------------------------------------------------------------------------
def no_dungeon_set(game: RelicBase, seat: int, action: m.SetDungeon) -> str | None:
    if game.state.dungeon_set_done:
        return refuse("relic.refuse.dungeon_set_done_turn",
                      "the dungeon set is done this turn (once per dungeon phase)")
    return game.no_dungeon_set(seat, action.card)


def no_enemy_set(game: RelicBase, seat: int, action: m.SetEnemy) -> str | None:
    if game.state.enemy_set_done:
        return refuse("relic.refuse.enemy_set_done_turn",
                      "the enemy set is done this turn (once per dungeon phase)")
    problem = game.not_in_hand(seat, action.card, "enemy")
    if problem:
        return problem
    if action.target == seat or not 0 <= action.target < game.n:
        return refuse("relic.refuse.enemy_goes_onto_opponent",
                      "an enemy goes onto an opponent's field")
    target = game.player(action.target)
    if any(owner == seat for _, owner in target.enemies):
        return refuse("relic.refuse.one_enemies_already_field",
                      "one of your enemies is already on that field")
    level = game.cards.card(action.card).level
    if level > target.depth:
        return refuse("relic.refuse.enemy_s_level_above",
                      "the enemy's level {level} is above that dungeon's depth {depth}",
                      level=level, depth=target.depth)
    return None
