"""(3) The play choice, once a turn: the dungeon phase, the battle phase or a double draw. A
choice is offered only when it can do something: the dungeon phase needs a dungeon card or an
enemy that can be set, a battle an enemy on the player's field and a character in hand; the
double draw is always there. After a double draw no card goes onto the field this turn."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic import turn
from dungeon_table.games.relic.base import RelicBase
from dungeon_table.games.relic.state import Battle


def legal(game: RelicBase, seat: int) -> list[Action]:
    out: list[Action] = []
    if game.dungeon_cards(seat) or game.enemy_sets(seat):
        out.append(m.DungeonPhase())
    player = game.player(seat)
    if any(game.kind(c) == "character" for c in player.hand):
        out += [m.BattlePhase(enemy=card) for card, _ in player.enemies]
    out.append(m.DoubleDraw())
    return out


def offers(game: RelicBase, seat: int) -> list[Action]:
    """The play phase's buttons, whether the hand allows them or not: the dungeon phase, a
    battle with each enemy on this player's field, the double draw."""
    enemies = [m.BattlePhase(enemy=card) for card, _ in game.player(seat).enemies]
    return [m.DungeonPhase(), *enemies, m.DoubleDraw()]


def dungeon_phase(game: RelicBase, seat: int, action: m.DungeonPhase) -> list[Event]:
    game.state.phase = "dungeon"
    return [m.PhaseChosen(seat=seat, phase="dungeon")]


def battle_phase(game: RelicBase, seat: int, action: m.BattlePhase) -> list[Event]:
    owner = next(o for c, o in game.player(seat).enemies if c == action.enemy)
    game.state.battle = Battle(enemy=action.enemy, owner=owner)
    game.state.phase = "battle"
    return [m.PhaseChosen(seat=seat, phase="battle")]


def double_draw(game: RelicBase, seat: int, action: m.DoubleDraw) -> list[Event]:
    game.state.phase = "end"
    game.state.double_drawn = True
    return [m.PhaseChosen(seat=seat, phase="double_draw"), *turn.draw(game, seat, "double_draw")]


# --- refusals -----------------------------------------------------------------------------------
def no_dungeon_phase(game: RelicBase, seat: int, action: m.DungeonPhase) -> str:
    return refuse("relic.refuse.no_dungeon_card_enemy",
                  "no dungeon card or enemy in your hand can be set now")


def no_battle(game: RelicBase, seat: int, action: m.BattlePhase) -> str:
    if all(card != action.enemy for card, _ in game.player(seat).enemies):
        return refuse("relic.refuse.not_field", "{enemy} is not on your field", enemy=action.enemy)
    return refuse("relic.refuse.hold_no_character_fight", "you hold no character to fight with")
