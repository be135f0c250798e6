"""Why an action is refused, in the words of the rules ("an enemy is on your field").

Called only when ``legal_actions`` does not contain the action, so it can take its time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dungeon_table.core.protocol import Action
from dungeon_table.core.refusals import Refusals
from dungeon_table.games.relic import model as m

if TYPE_CHECKING:
    from dungeon_table.games.relic.rules import Relic

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "search": (m.Search, m.DeclineSearch),
    "play": (m.DungeonPhase, m.BattlePhase, m.DoubleDraw),
    "dungeon": (m.SetDungeon, m.SetEnemy, m.EndPhase),
    "battle": (m.Commit, m.Withdraw, m.ChooseTs, m.WildAs, m.Fight, m.EndPhase),
    "prompt": (m.UseSkill, m.SkipSkill, m.Mend, m.Done, m.SetDungeon, m.WildAs),
    "end": (m.Discard, m.EndTurn),
}
PHASE_HINT = {
    "search": "search, or decline the search",
    "play": "choose the dungeon phase, a battle or a double draw",
    "dungeon": "set a dungeon card, set an enemy, or end the phase",
    "battle": "commit characters, choose the TS, then fight",
    "prompt": "answer the skill's prompt",
    "end": "discard down to 6, then end the turn",
}


def why_illegal(game: Relic, seat: int, action: Action) -> str:
    return REFUSALS.explain(game, seat, action)


def _in_hand(game: Relic, seat: int, card: str, kind: str) -> str | None:
    if card not in game.player(seat).hand:
        return f"{card} is not in your hand"
    if game.kind(card) != kind:
        return f"{card} is not a {kind} card"
    return None


def _set_dungeon(game: Relic, seat: int, action: m.SetDungeon) -> str | None:
    if game.state.phase == "prompt" and game.state.prompts[0].kind != "advance":
        return "set_dungeon answers an advance prompt only"
    if game.state.double_drawn:
        return "after a double draw no card goes onto the field this turn"
    if game.state.phase == "dungeon" and game.state.dungeon_set_done:
        return "the dungeon set is done this turn (once per dungeon phase)"
    if game.player(seat).enemies:
        return "an enemy is on your field: no dungeon set until it is gone"
    if len(game.player(seat).dungeon) >= 9:
        return "your dungeon already holds 9 cards"
    return _in_hand(game, seat, action.card, "dungeon")


def _set_enemy(game: Relic, seat: int, action: m.SetEnemy) -> str | None:
    if game.state.enemy_set_done:
        return "the enemy set is done this turn (once per dungeon phase)"
    problem = _in_hand(game, seat, action.card, "enemy")
    if problem:
        return problem
    if action.target == seat or not 0 <= action.target < game.n:
        return "an enemy goes onto an opponent's field"
    target = game.player(action.target)
    if any(owner == seat for _, owner in target.enemies):
        return "one of your enemies is already on that field"
    level = game.cards.card(action.card).level
    if level > target.depth:
        return f"the enemy's level {level} is above that dungeon's depth {target.depth}"
    return None


def _battle_phase(game: Relic, seat: int, action: m.BattlePhase) -> str | None:
    if all(card != action.enemy for card, _ in game.player(seat).enemies):
        return f"{action.enemy} is not on your field"
    return "you hold no character to fight with"


def _commit(game: Relic, seat: int, action: m.Commit) -> str | None:
    if game.state.battle and action.card in game.state.battle.committed:
        return f"{action.card} is already committed"
    return _in_hand(game, seat, action.card, "character")


def _fight(game: Relic, seat: int, action: m.Fight) -> str | None:
    return "commit at least one character first"


def _end_phase(game: Relic, seat: int, action: m.EndPhase) -> str | None:
    if game.state.phase == "battle":
        return "characters are committed: fight, or withdraw them first"
    return None


def _discard(game: Relic, seat: int, action: m.Discard) -> str | None:
    if action.card in game.player(seat).hand and game.kind(action.card) == "injury":
        return "an injury card cannot be discarded in the end phase (only by mend)"
    if action.card not in game.player(seat).hand:
        return f"{action.card} is not in your hand"
    return None


def _end_turn(game: Relic, seat: int, action: m.EndTurn) -> str | None:
    limit = game.cards.hand_limit
    return f"discard down to {limit} cards first (injuries are kept)"


def _withdraw(game: Relic, seat: int, action: m.Withdraw) -> str | None:
    return f"{action.card} is not committed to this battle"


def _choose_ts(game: Relic, seat: int, action: m.ChooseTs) -> str | None:
    if game.state.battle and action.ts == game.state.battle.ts:
        return f"{action.ts} is already the chosen TS"
    return f"no committed character has the TS {action.ts}"


def _wild_as(game: Relic, seat: int, action: m.WildAs) -> str | None:
    if action.card not in game.player(seat).hand:
        return f"{action.card} is not in your hand"
    if game.cards.card(action.card).skill != "wild":
        return f"{action.card} has no wild skill"
    if action.skill == "shield":
        return "wild may be any skill but shield"
    if game.state.phase == "battle":
        return "in battle a wild card is banish, feint or pierce (or nothing), once committed"
    return f"{action.skill} cannot fire now (wild on discard: delve, advance or mend whose " \
        "condition holds)"


def _mend(game: Relic, seat: int, action: m.Mend) -> str | None:
    if game.state.prompts and game.state.prompts[0].kind != "mend":
        return "mend answers a mend prompt only"
    return _in_hand(game, seat, action.card, "injury")


def _dungeon_phase(game: Relic, seat: int, action: m.DungeonPhase) -> str | None:
    return "no dungeon card or enemy in your hand can be set now"


def _search(game: Relic, seat: int, action: Action) -> str | None:
    return "the dungeon is not at 3, 6 or 9 cards, that depth was searched, or an enemy blocks"


_CHECKS: dict[type[Action], Callable[[Any, int, Any], str | None]] = {
    m.SetDungeon: _set_dungeon,
    m.SetEnemy: _set_enemy,
    m.BattlePhase: _battle_phase,
    m.Commit: _commit,
    m.Fight: _fight,
    m.EndPhase: _end_phase,
    m.Discard: _discard,
    m.EndTurn: _end_turn,
    m.Search: _search,
    m.Withdraw: _withdraw,
    m.ChooseTs: _choose_ts,
    m.WildAs: _wild_as,
    m.Mend: _mend,
    m.DungeonPhase: _dungeon_phase,
    m.UseSkill: _search,
}

REFUSALS = Refusals(PHASE_ACTIONS, PHASE_HINT, _CHECKS)
