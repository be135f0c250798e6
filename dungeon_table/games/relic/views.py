"""What a seat sees (``RelicView``), built from the state.

Hidden from a seat: the other hands (a count shows), the deck's order. Everything on the table,
the discard pile and the search cards are public.
"""

from __future__ import annotations

from dungeon_table.games.relic import field
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.base import RelicBase
from dungeon_table.games.relic.battle import preview, ts_options
from dungeon_table.games.relic.state import Player, Treasure


def build_view(game: RelicBase, seat: int | None) -> m.RelicView:
    active = game.state.active
    acting = game.state.phase != "over"
    last = game.state.last_search
    return m.RelicView(
        seat=seat,
        n_players=game.n,
        variant=game.variant,
        phase=game.state.phase,  # type: ignore[arg-type]
        active=active,
        turn=game.state.turn,
        to_act=game.to_act(),
        first_player=game.state.first,
        players=[_player(game, p, seat) for p in game.state.players],
        hand=list(game.player(seat).hand) if seat is not None else [],
        deck_count=len(game.state.deck),
        discard=list(game.state.discard),
        search_depth=game.search_depth(active) if acting else 0,
        forfeits=game.forfeits(active) if acting and game.can_set_dungeon(active) else 0,
        dungeon_set_done=game.state.dungeon_set_done,
        enemy_set_done=game.state.enemy_set_done,
        battle=_battle(game),
        prompt=_prompt(game),
        last_search=_treasure(last.found) if last else None,
        last_search_seat=last.seat if last else -1,
        end_reason=game.state.end_reason,
        first_draw=[list(cards) for cards in game.state.first_draw],
    )


def _treasure(found: Treasure) -> m.TreasureView:
    return m.TreasureView(depth=found.depth, card=found.card, face=found.face,
                          points=found.points, treasure=found.treasure)


def _player(game: RelicBase, player: Player, seat: int | None) -> m.PlayerView:
    # Another seat's hand is hidden: its characters' levels are not shown in its points.
    points = game.points_of(player.seat, hand=player.seat == seat or game.state.phase == "over")
    return m.PlayerView(
        seat=player.seat,
        dungeon=[m.DungeonCardView(card=c, depth=(depth := field.depth(i)),
                                   face_down=depth in player.searched)
                 for i, c in enumerate(player.dungeon, 1)],
        depth=player.depth,
        searched=list(player.searched),
        forfeited=list(player.forfeited),
        enemies=[m.EnemyView(card=c, owner=o) for c, o in player.enemies],
        treasures=[_treasure(t) for t in player.treasures],
        defeated=list(player.defeated),
        hand_count=len(player.hand),
        points=points,
    )


def _battle(game: RelicBase) -> m.BattleView | None:
    battle = game.state.battle
    if battle is None or game.state.phase not in ("battle", "prompt"):  # prompt: banish or not
        return None
    foe = game.cards.card(battle.enemy)
    out = preview(game.cards, battle.enemy, battle.committed, battle.ts, battle.wild)
    wild = [c for c in battle.committed if game.cards.card(c).skill == "wild"]
    return m.BattleView(
        enemy=battle.enemy, enemy_owner=battle.owner, enemy_ts=foe.ts or "", enemy_bp=foe.bp,
        shield=out.shield, committed=list(battle.committed), ts=battle.ts,
        ts_options=ts_options(game.cards, battle.committed), bp=out.bp, feint=out.feint,
        pierce=out.pierce, banish=out.banish, outcome=out.outcome, skills=out.skills,
        wild=wild, wild_as=[battle.wild.get(c, "") for c in wild],
        fight_outcome=out.fight, banish_optional=out.banish_optional,
    )


def _prompt(game: RelicBase) -> m.PromptView | None:
    if game.state.phase != "prompt" or not game.state.prompts:
        return None
    prompt = game.state.prompts[0]
    return m.PromptView(card=prompt.card, skill=prompt.skill, kind=prompt.kind,
                        queued=len(game.state.prompts) - 1)
