"""Hand-made relic views for the table tests: every phase, 2-4 players, with the legal lists the
engine gives for them (shared by the view tests and the look checks)."""

from __future__ import annotations

from typing import Any

from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui.faces import catalogue


def cards_of(kind: str, skill: str | None = None) -> list[str]:
    """The deck's card ids of a kind (and skill), in file order: the deck is tuned, its ids
    may change, these views follow it."""
    return [c.id for c in catalogue()[0].values()
            if c.kind == kind and (skill is None or c.skill == skill)]


DUNGEON = cards_of("dungeon")
CHARS = cards_of("character")
ENEMIES = cards_of("enemy")
WILD = cards_of("character", "wild")[0]
STRONG = max(CHARS, key=lambda c: catalogue()[0][c].bp)
INJURY = cards_of("injury")[0]
HANDS = [CHARS[0], STRONG, DUNGEON[0], ENEMIES[0], INJURY, WILD, DUNGEON[-1]]


def dungeon(seat: int, searched: list[int]) -> list[m.DungeonCardView]:
    # the fourth seat's dungeon is of the second set (3-4 players play with two)
    cards = [DUNGEON[1:6], DUNGEON[6:13], DUNGEON[13:15], [c + "-b" for c in DUNGEON[:9]]][seat]
    return [m.DungeonCardView(card=c, depth=k // 3 + 1, face_down=(k // 3 + 1) in searched)
            for k, c in enumerate(cards)]


def player(seat: int) -> m.PlayerView:
    searched = [[1], [1, 2], [], [1, 2]][seat]
    treasures = [m.TreasureView(depth=d, card=CHARS[1], face=4 if d == 1 else 0,
                                points=4 if d == 1 else 0, treasure="old_tome" if d == 1 else "")
                 for d in searched]
    enemies = [m.EnemyView(card=ENEMIES[-1], owner=1)] if seat == 0 else []
    if seat == 1:
        enemies = [m.EnemyView(card=ENEMIES[1], owner=0),
                   m.EnemyView(card=ENEMIES[2] + "-b", owner=2)]
    return m.PlayerView(
        seat=seat, dungeon=dungeon(seat, searched), depth=[2, 3, 1, 3][seat], searched=searched,
        forfeited=[2] if seat == 2 else [], enemies=enemies, treasures=treasures,
        defeated=[ENEMIES[3]] if seat == 1 else [], hand_count=[7, 5, 6, 4][seat],
        points=[9, 6, 0, 4][seat])


def battle(committed: list[str] | None = None) -> m.BattleView:
    committed = [STRONG, WILD] if committed is None else committed
    return m.BattleView(enemy=ENEMIES[-1], enemy_owner=1, enemy_ts="paper", enemy_bp=4,
                        shield=True, committed=committed, ts="scissors" if committed else "",
                        ts_options=["paper", "scissors"] if committed else [],
                        bp=9 if committed else 0, feint=False, pierce=True, banish=False,
                        outcome="won" if committed else "", skills=["pierce"] if committed else [],
                        wild=[WILD] if committed else [])


def banish_view() -> m.RelicView:
    """A banish prompt after ``fight``: the fight would win, the exorcist may banish instead."""
    exorcist = cards_of("character", "banish")[0]
    fight = m.BattleView(enemy=ENEMIES[0], enemy_owner=1, enemy_ts="rock", enemy_bp=2,
                         shield=False, committed=[exorcist, STRONG], ts="rock",
                         ts_options=["rock", "scissors"], bp=8, feint=False, pierce=False,
                         banish=True, outcome="banished", skills=["banish"],
                         fight_outcome="won", banish_optional=True)
    return make_view("prompt", battle=fight,
                     hand=[c for c in HANDS if c not in (exorcist, STRONG)],
                     prompt=m.PromptView(card=exorcist, skill="banish", kind="banish"))


def make_view(phase: str = "play", n: int = 2, seat: int | None = 0, **fields: Any) -> m.RelicView:
    hand = list(HANDS) if seat is not None else []
    base: dict[str, Any] = dict(
        seat=seat, n_players=n, variant=n > 2, phase=phase, active=0, turn=9, to_act=[0],
        first_player=0, players=[player(s) for s in range(n)], hand=hand, deck_count=23,
        discard=[CHARS[2], ENEMIES[4]], search_depth=0, forfeits=0,
        dungeon_set_done=False, enemy_set_done=False, battle=None, prompt=None,
        last_search=m.TreasureView(depth=1, card=CHARS[1], face=4, points=4,
                                   treasure="old_tome"), last_search_seat=0)
    base.update(fields)
    if phase == "battle" and "battle" not in fields:
        base["hand"] = [c for c in hand if c not in (STRONG, WILD)]
        base["battle"] = battle()
    return m.RelicView(**base)


def legal_for(view: m.RelicView) -> list[Action]:
    """The kind of legal list the engine gives for these views."""
    if view.seat is None or view.seat not in view.to_act:
        return []
    hand = view.hand
    if view.prompt is not None:
        p = view.prompt
        if p.kind in ("use", "banish"):
            return [m.UseSkill(), m.SkipSkill()]
        if p.kind == "mend":
            return [m.Mend(card=c) for c in hand if c.startswith("injury")] + [m.Done()]
        if p.kind == "advance":
            return [m.SetDungeon(card=c) for c in hand if c.startswith("dungeon")] + [
                m.SkipSkill()]
        return [m.WildAs(card=p.card, skill=s) for s in ("delve", "advance", "mend")] + [
            m.SkipSkill()]
    if view.phase == "search":
        return [m.Search(), m.DeclineSearch()]
    if view.phase == "play":
        return [m.DungeonPhase(), m.DoubleDraw()] + [
            m.BattlePhase(enemy=e.card) for e in view.players[view.seat].enemies]
    if view.phase == "dungeon":
        out: list[Action] = [m.SetDungeon(card=c) for c in hand if c.startswith("dungeon")]
        out += [m.SetEnemy(card=c, target=s) for c in hand if c.startswith("enemy")
                for s in range(view.n_players) if s != view.seat]
        return out + [m.EndPhase()]
    if view.phase == "battle" and view.battle is not None:
        b = view.battle
        out = [m.Commit(card=c) for c in hand if c.startswith("char")]
        out += [m.Withdraw(card=c) for c in b.committed]
        out += [m.ChooseTs(ts=ts) for ts in b.ts_options if ts != b.ts]
        out += [m.WildAs(card=c, skill=s) for c in b.wild for s in ("banish", "feint", "pierce",
                                                                     "")]
        return out + ([m.Fight()] if b.committed else [m.EndPhase()])
    if view.phase == "end":
        return [m.Discard(card=c) for c in hand if not c.startswith("injury")] + [m.EndTurn()]
    return []


PHASES = {
    "search": lambda: make_view("search", search_depth=2),
    "play": lambda: make_view("play"),
    "dungeon": lambda: make_view("dungeon", forfeits=2, dungeon_set_done=False),
    "dungeon_4p": lambda: make_view("dungeon", n=4),
    "battle": lambda: make_view("battle"),
    "battle_empty": lambda: make_view("battle", battle=battle([])),
    "battle_3p": lambda: make_view("battle", n=3),
    "end": lambda: make_view("end"),
    "use": lambda: make_view("prompt", prompt=m.PromptView(card=CHARS[0], skill="delve",
                                                           kind="use")),
    "mend": lambda: make_view("prompt", prompt=m.PromptView(card=cards_of("dungeon", "mend")[0],
                                                            skill="mend", kind="mend")),
    "advance": lambda: make_view("prompt", prompt=m.PromptView(card=cards_of("character", "advance")[0],
                                                               skill="advance", kind="advance")),
    "wild": lambda: make_view("prompt", prompt=m.PromptView(card=WILD, skill="wild",
                                                            kind="wild", queued=1)),
    "banish": banish_view,
    "watching": lambda: make_view("dungeon", n=3, seat=1, active=0, to_act=[0]),
    "spectator": lambda: make_view("battle", seat=None, n=4),
    "over": lambda: make_view("over", to_act=[], end_reason="depth3"),
}
