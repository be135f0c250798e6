"""The legal actions of the seat to act, phase by phase (kept short: one click each)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.battle import ts_options
from dungeon_table.games.relic.cards import BATTLE_SKILLS

if TYPE_CHECKING:
    from dungeon_table.games.relic.rules import Relic


def legal_actions(game: Relic, seat: int) -> list[Action]:
    return _PHASES[game.state.phase](game, seat)


def _search(game: Relic, seat: int) -> list[Action]:
    return [m.Search(), m.DeclineSearch()]


def dungeon_cards(game: Relic, seat: int) -> list[str]:
    """Dungeon cards in hand that could be set now (one action per distinct card)."""
    if not game.can_set_dungeon(seat):
        return []
    return _distinct(c for c in game.player(seat).hand if game.kind(c) == "dungeon")


def enemy_sets(game: Relic, seat: int) -> list[m.SetEnemy]:
    hand = _distinct(c for c in game.player(seat).hand if game.kind(c) == "enemy")
    return [m.SetEnemy(card=card, target=target)
            for card in hand for target in game.enemy_targets(seat, card)]


def _play(game: Relic, seat: int) -> list[Action]:
    out: list[Action] = []
    if dungeon_cards(game, seat) or enemy_sets(game, seat):
        out.append(m.DungeonPhase())
    player = game.player(seat)
    if any(game.kind(c) == "character" for c in player.hand):
        out += [m.BattlePhase(enemy=card) for card, _ in player.enemies]
    out.append(m.DoubleDraw())
    return out


def _dungeon(game: Relic, seat: int) -> list[Action]:
    out: list[Action] = []
    if not game.state.dungeon_set_done:
        out += [m.SetDungeon(card=c) for c in dungeon_cards(game, seat)]
    if not game.state.enemy_set_done:
        out += enemy_sets(game, seat)
    out.append(m.EndPhase())
    return out


def _battle(game: Relic, seat: int) -> list[Action]:
    battle = game.state.battle
    assert battle is not None
    hand = [c for c in game.player(seat).hand if c not in battle.committed]
    out: list[Action] = [m.Commit(card=c) for c in _distinct(
        c for c in hand if game.kind(c) == "character")]
    out += [m.Withdraw(card=c) for c in battle.committed]
    out += [m.ChooseTs(ts=t) for t in ts_options(game.cards, battle.committed) if t != battle.ts]
    for card in battle.committed:
        if game.cards.card(card).skill == "wild":
            current = battle.wild.get(card, "")
            out += [m.WildAs(card=card, skill=s) for s in (*BATTLE_SKILLS, "") if s != current]
    out.append(m.Fight() if battle.committed else m.EndPhase())
    return out


def _prompt(game: Relic, seat: int) -> list[Action]:
    prompt = game.state.prompts[0]
    hand = game.player(seat).hand
    if prompt.kind in ("use", "banish"):
        return [m.UseSkill(), m.SkipSkill()]
    if prompt.kind == "mend":
        return [*(m.Mend(card=c) for c in _distinct(c for c in hand if game.kind(c) == "injury")),
                m.Done()]
    if prompt.kind == "advance":
        return [*(m.SetDungeon(card=c) for c in dungeon_cards(game, seat)), m.SkipSkill()]
    return [*(m.WildAs(card=prompt.card, skill=s) for s in game.wild_choices(seat)),
            m.SkipSkill()]


def _end(game: Relic, seat: int) -> list[Action]:
    hand = game.player(seat).hand
    out: list[Action] = [m.Discard(card=c) for c in _distinct(
        c for c in hand if game.kind(c) != "injury")]
    if game.may_end_turn(seat):
        out.append(m.EndTurn())
    return out


def _distinct(cards):  # type: ignore[no-untyped-def]
    """Cards in order, without repeats (both sets' copies have different ids anyway)."""
    return list(dict.fromkeys(cards))


_PHASES = {"search": _search, "play": _play, "dungeon": _dungeon, "battle": _battle,
           "prompt": _prompt, "end": _end, "over": lambda game, seat: []}
