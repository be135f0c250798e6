"""Dungeon!'s bots (``random`` comes from the GameSpec); their play is in ``bot_play``.

``greedy`` walks to the nearest room it beats half the time and fights what it meets; ``delver``
(the best) weighs every target by its class's odds, the defeat table's risks, the gp still
needed and the walk: see ``bot_play`` and ``bot_judge``. Both see only their seat's view, the
legal actions and the card files. The delver that serves the Hint also says why (``explain``:
docs/rules/dungeon.md, "What the hint says"), from the same judge, targets and odds.
"""

from __future__ import annotations

from dungeon_table.ai.explain import Explains, percent
from dungeon_table.core.cards import Text
from dungeon_table.core.protocol import Action
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.games.dungeon import bot_play
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.board import HALL
from dungeon_table.games.dungeon.bot_judge import Judge, Target
from dungeon_table.games.dungeon.bot_play import TARGETS_TRIED, GreedyBot
from dungeon_table.games.dungeon.tables import load_tables


class DelverBot(Explains, bot_play.DelverBot):
    """The delver, with the Hint's words."""

    def explain(self, view: m.DungeonView, legal: list[Action], action: Action) -> Reason | None:
        if view.phase == "move" and isinstance(action, (m.Move, m.Peek, m.Attack)):
            return self.explain_move(view, legal, action)
        if isinstance(action, m.CastSpell) and view.doorway is not None:
            p = self.judge(view).odds.spell_hit(view.doorway.card, action.spell)
            return reason("dungeon.why.cast", "cast the spell from the doorway: {pct} % that it "
                          "defeats the monster", pct=percent(p))
        if isinstance(action, m.Enter):
            return reason("dungeon.why.enter", "enter: the fight is worth its risk")
        if isinstance(action, m.Hold):
            return reason("dungeon.why.hold", "hold back: this fight is worth less than the turn")
        if isinstance(action, m.Attack) and view.encounter is not None:
            return reason("dungeon.why.attack", "attack: {pct} % to defeat it with each roll",
                          pct=percent(self.judge(view).hit(view.encounter.card)))
        if isinstance(action, m.Teleport):
            return reason("dungeon.why.teleport", "teleport to {space}: the fight is a bad one "
                          "and that chamber is safe", space=self.space_name(action.to))
        if isinstance(action, m.EndTurn):
            return reason("dungeon.why.end_turn", "end the turn: nothing is worth going on for "
                          "this turn")
        if isinstance(action, m.Refill):
            return reason("dungeon.why.refill", "refill the spellbook before setting out again")
        return None

    def explain_move(self, view: m.DungeonView, legal: list[Action],
                     action: Action) -> Reason | None:
        """The target the delver makes for: the first of its targets its move approaches."""
        judge = self.judge(view)
        if judge.done() or judge.me.space == HALL and isinstance(action, m.Move) and \
                self.refill_trip(judge, self.pick_targets(judge)):
            return reason("dungeon.why.home", "head for the Great Hall: the gp to win is in hand "
                          "or the spellbook is empty")
        for target in self.pick_targets(judge)[:TARGETS_TRIED]:
            if self.approach(view, judge, target, legal) == action:
                return self.toward(judge, target, action)
        if isinstance(action, m.Move) and action.path and action.path[-1] == HALL:
            return reason("dungeon.why.home", "head for the Great Hall: the gp to win is in hand "
                          "or the spellbook is empty")
        return None

    def toward(self, judge: Judge, target: Target, action: Action) -> Reason:
        odds = sum(judge.hit(card) for card in target.cards) / max(1, len(target.cards))
        values = {"space": self.space_name(target.space), "level": target.level,
                  "pct": percent(odds), "gp": round(target.treasure + target.dropped)}
        if isinstance(action, m.Peek):
            return reason("dungeon.why.peek", "look into {space} first: what waits there decides "
                          "the fight", **values)
        if isinstance(action, m.Attack):
            return reason("dungeon.why.attack_waiting", "attack the monster here: {pct} % to "
                          "defeat it with each roll", **values)
        return reason("dungeon.why.toward", "head for {space} (level {level}): {pct} % to "
                      "defeat what waits there with each roll, about {gp} gp", **values)

    def space_name(self, space: str) -> Text | str:
        found = load_tables().board.spaces.get(space)
        return found.name if found is not None and found.name is not None else space


BOTS: dict = {"greedy": GreedyBot, "delver": DelverBot}
BEST = "delver"
