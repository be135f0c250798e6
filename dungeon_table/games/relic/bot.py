"""Relic expedition's bots (``random`` comes from the GameSpec); their play is in ``bot_play``.

``greedy`` judges each decision by itself; ``delver`` (the best) keeps the dungeon's next search
in view: see ``bot_play``. Both see only their seat's view, the legal actions and the card file.
The delver that serves the Hint also says why (``explain``: docs/rules/relic.md, "What the hint
says"), from the same battle plan and worths its choosers use.
"""

from __future__ import annotations

from dungeon_table.ai.explain import Explains
from dungeon_table.core.protocol import Action
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.games.relic import bot_play
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.bot_cards import facts
from dungeon_table.games.relic.bot_play import GreedyBot


class DelverBot(Explains, bot_play.DelverBot):
    """The delver, with the Hint's words."""

    def explain(self, view: m.RelicView, legal: list[Action], action: Action) -> Reason | None:
        if isinstance(action, m.BattlePhase):
            return self.explain_battle(view, action.enemy, "relic.why.battle",
                                       "battle {enemy}: the plan wins ({bp} BP against "
                                       "{enemy_bp}, TS {ts})")
        if isinstance(action, (m.Commit, m.ChooseTs, m.Fight)) and view.battle is not None:
            return self.explain_battle(view, view.battle.enemy, "relic.why.fight",
                                       "the plan that wins: {bp} BP against {enemy_bp}, TS {ts}")
        if isinstance(action, m.Withdraw):
            return reason("relic.why.withdraw", "withdraw {card}: the winning plan does without it",
                          card=facts(action.card).name)
        if isinstance(action, m.DungeonPhase):
            return reason("relic.why.dungeon_phase", "dungeon phase: a card in your hand is worth "
                          "setting now")
        if isinstance(action, m.DoubleDraw):
            return reason("relic.why.double_draw", "double draw: no battle can be won now and "
                          "nothing is worth setting")
        if isinstance(action, m.SetDungeon):
            return reason("relic.why.set_dungeon", "set {card}: one dungeon card nearer the next "
                          "search", card=facts(action.card).name)
        if isinstance(action, m.SetEnemy):
            return reason("relic.why.set_enemy", "set {card} on an opponent: it holds up the "
                          "player nearest the end", card=facts(action.card).name)
        return self.explain_turn(view, action)

    def explain_battle(self, view: m.RelicView, enemy: str, key: str, text: str) -> Reason | None:
        plan = self.battle_plan(view, enemy)
        if plan is None:
            return None
        bp = sum(facts(card).bp for card in plan.cards)
        return reason(key, text, enemy=facts(enemy).name, bp=bp, enemy_bp=facts(enemy).bp,
                      ts=plan.ts)

    def explain_turn(self, view: m.RelicView, action: Action) -> Reason | None:
        """Searching, the end phase and the steps that close a phase."""
        if isinstance(action, m.Search):
            return reason("relic.why.search", "search: a search scores points and brings the end "
                          "nearer")
        if isinstance(action, m.Discard):
            return reason("relic.why.discard", "discard {card}: the card least worth keeping",
                          card=facts(action.card).name)
        if isinstance(action, m.EndTurn):
            return reason("relic.why.end_turn", "end the turn: every card left is worth keeping")
        if isinstance(action, m.EndPhase):
            return reason("relic.why.end_phase", "end the phase: nothing more here is worth doing")
        return None


BOTS: dict = {"greedy": GreedyBot, "delver": DelverBot}
BEST = "delver"
