"""The relic bots' decisions, phase by phase (``bot.py`` names the levels).

``GreedyBot`` judges each decision by itself: it searches whenever it can, sets a dungeon card
whenever that forfeits no search, sets the highest enemy it may on an opponent, fights an enemy
on its field with the cheapest characters that win (the fewest levels spent, since characters in
hand score their level), declines a banish when the fight wins anyway (a defeat scores the
enemy's level), mends every injury and discards what it holds most of.
``DelverBot`` (the best) plans a turn ahead: it keeps the dungeon cards its dungeon still needs
and an enemy in reserve, sets the enemy that is hardest to beat where it blocks a search that is
due, double draws instead of a dungeon phase that would only spend a card, fires its discard
skills (delve, advance, mend) by discarding on purpose, and spends its characters' levels in
battle only where the blocked search is worth more. With 3-4 players, where the one depth-3
search mostly decides the game, it aims its enemies at the opponent nearest that search and keeps
its last one for that player, double draws for a fighter when held up with no fight to make, and
saves its scouts for the depth-3 search.

Both are stateless and use no chance: each call recomputes from the view and the legal actions.
"""

from __future__ import annotations

from dungeon_table.ai.phase_bot import PhaseBot
from dungeon_table.core.protocol import Action
from dungeon_table.games.relic import field
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.bot_cards import HAND_LIMIT, Plan, facts, plan_battle
from dungeon_table.games.relic.rules import Relic

# How near an opponent is to the depth-3 search that ends the game (the delver's threat): a
# point a dungeon card, more once at depth 3, less for each enemy of another seat holding it up.
THREAT_PER_CARD = 1.0
THREAT_DEEP = 5.0
THREAT_HELD_UP = 3.0
# Held up with no fight to make, the delver still sets an enemy on a player this near the end
# (dungeon cards); on anyone else it would rather double draw for a fighter.
STUCK_SET_AT = 8
# The end of a step when nothing better is found.
_ENDINGS: tuple[Action, ...] = (m.Done(), m.SkipSkill(), m.EndTurn(), m.EndPhase(),
                                m.DeclineSearch())


class GreedyBot(PhaseBot):
    """One-step judgement per decision: see the module docstring."""

    name = "greedy"
    game = Relic

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: m.RelicView, legal: list[Action]) -> Action:
        """The phase's chooser (``choosers``); an answer that is not legal falls back on the
        step's own ending."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        action = super().choose(view, legal)
        if action in legal:
            return action
        return next((a for a in _ENDINGS if a in legal), legal[0])

    # --- what the view says ---------------------------------------------------------------
    @staticmethod
    def me(view: m.RelicView) -> int:
        return view.seat if view.seat is not None else view.active

    def mine(self, view: m.RelicView) -> m.PlayerView:
        return view.players[self.me(view)]

    def blocked(self, view: m.RelicView) -> bool:
        """An opponent's enemy on the bot's field: no search, no dungeon set."""
        return bool(self.mine(view).enemies)

    def card_cost(self, view: m.RelicView, card: str) -> float:
        """What spending a character in battle loses: its level (its points in hand)."""
        return facts(card).level + 0.1 * facts(card).bp

    # --- turn start -----------------------------------------------------------------------
    def _search(self, view: m.RelicView, legal: list[Action]) -> Action:
        return m.Search()

    # --- play phase -----------------------------------------------------------------------
    def _play(self, view: m.RelicView, legal: list[Action]) -> Action:
        for action in legal:
            if isinstance(action, m.BattlePhase) and self.battle_plan(view, action.enemy):
                return action
        if m.DungeonPhase() in legal and self.dungeon_worth(view):
            return m.DungeonPhase()
        return m.DoubleDraw()

    def dungeon_worth(self, view: m.RelicView) -> bool:
        """Whether the dungeon phase would set anything."""
        return self.dungeon_to_set(view) is not None or self.enemy_to_set(view) is not None

    def battle_plan(self, view: m.RelicView, enemy: str) -> Plan | None:
        committed = list(view.battle.committed) if view.battle else []
        chars = [c for c in view.hand if facts(c).kind == "character"] + committed
        return plan_battle(enemy, chars, {c: self.card_cost(view, c) for c in chars})

    # --- dungeon phase --------------------------------------------------------------------
    def _dungeon(self, view: m.RelicView, legal: list[Action]) -> Action:
        card = self.dungeon_to_set(view)
        if card is not None and m.SetDungeon(card=card) in legal:
            return m.SetDungeon(card=card)
        enemy = self.enemy_to_set(view)
        if enemy is not None and enemy in legal:
            return enemy
        return m.EndPhase()

    def dungeon_to_set(self, view: m.RelicView) -> str | None:
        """A dungeon card to set, if one may go down without forfeiting a search."""
        if view.dungeon_set_done or self.blocked(view) or view.forfeits:
            return None
        if len(self.mine(view).dungeon) >= field.MAX_DUNGEON:
            return None
        dungeons = [c for c in view.hand if facts(c).kind == "dungeon"]
        if not dungeons:
            return None
        injured = any(facts(c).kind == "injury" for c in view.hand)
        # a mend dungeon heals as it is set: set it when hurt, keep it otherwise
        return min(dungeons, key=lambda c: ((facts(c).skill == "mend") != injured, c))

    def enemy_to_set(self, view: m.RelicView) -> m.SetEnemy | None:
        if view.enemy_set_done:
            return None
        me = self.me(view)
        best: tuple[float, m.SetEnemy] | None = None
        for target in view.players:
            if target.seat == me:
                continue
            seat, owners = target.seat, [e.owner for e in target.enemies]
            for card in view.hand:
                f = facts(card)
                if f.kind != "enemy" or not field.takes_enemy(f.level, target.depth, owners, me):
                    continue
                worth = self.enemy_worth(view, card, seat)
                if best is None or worth > best[0]:
                    best = (worth, m.SetEnemy(card=card, target=seat))
        return best[1] if best else None

    def enemy_worth(self, view: m.RelicView, card: str, target: int) -> float:
        f = facts(card)
        return f.level + 0.01 * f.bp - 0.001 * target

    # --- battle ---------------------------------------------------------------------------
    def _battle(self, view: m.RelicView, legal: list[Action]) -> Action:
        battle = view.battle
        if battle is None:
            return m.EndPhase()
        plan = self.battle_plan(view, battle.enemy)
        if plan is None:
            if battle.committed and m.Fight() in legal:
                return m.Fight()  # cannot happen by choice: nothing is committed without a plan
            return m.EndPhase()
        for card in battle.committed:
            if card not in plan.cards:
                return m.Withdraw(card=card)
        for card in plan.cards:
            if card not in battle.committed:
                return m.Commit(card=card)
        for card, skill in plan.wild:
            action = m.WildAs(card=card, skill=skill)
            if action in legal:
                return action
        if battle.ts != plan.ts and m.ChooseTs(ts=plan.ts) in legal:
            return m.ChooseTs(ts=plan.ts)
        return m.Fight()

    # --- skills ---------------------------------------------------------------------------
    def _prompt(self, view: m.RelicView, legal: list[Action]) -> Action:
        prompt = view.prompt
        if prompt is None:
            return m.SkipSkill()
        if prompt.kind == "use":
            return m.UseSkill()
        if prompt.kind == "banish":  # a won fight scores the enemy; banish only what would win
            won = view.battle is not None and view.battle.fight_outcome == "won"
            return m.SkipSkill() if won else m.UseSkill()
        if prompt.kind == "mend":
            mends = [a for a in legal if isinstance(a, m.Mend)]
            return mends[0] if mends else m.Done()
        if prompt.kind == "advance":
            card = self.advance_card(view)
            return m.SetDungeon(card=card) if card else m.SkipSkill()
        if prompt.kind == "wild":
            for skill in ("delve", "advance", "mend"):
                action = m.WildAs(card=prompt.card, skill=skill)
                if action in legal:
                    return action
        return m.SkipSkill()

    def advance_card(self, view: m.RelicView) -> str | None:
        if view.forfeits:
            return None
        dungeons = sorted(c for c in view.hand if facts(c).kind == "dungeon")
        return dungeons[0] if dungeons else None

    # --- end phase ------------------------------------------------------------------------
    def _end(self, view: m.RelicView, legal: list[Action]) -> Action:
        options = [a for a in legal if isinstance(a, m.Discard)]
        if not options:
            return m.EndTurn()
        worst = min(options, key=lambda a: (self.keep_worth(view, a.card), a.card))
        over = self.hand_over(view) > 0
        if over or self.keep_worth(view, worst.card) < 0 or m.EndTurn() not in legal:
            return worst
        return m.EndTurn()

    @staticmethod
    def hand_over(view: m.RelicView) -> int:
        return len(view.hand) - HAND_LIMIT

    def keep_worth(self, view: m.RelicView, card: str) -> float:
        """How much the bot would rather keep ``card`` (below 0: discard it even under the limit)."""
        f = facts(card)
        same = sum(1 for c in view.hand if facts(c).kind == f.kind)
        if f.kind == "character":
            return 2.0 + f.level + 0.1 * f.bp
        if f.kind == "dungeon":
            return 2.5 - 0.5 * same
        if f.kind == "enemy":
            return 1.5 - 0.5 * same + 0.1 * f.level
        return 10.0

    choosers = {"search": _search, "play": _play, "dungeon": _dungeon, "battle": _battle,
                "prompt": _prompt, "end": _end}


class DelverBot(GreedyBot):
    """Plans the turn with the dungeon's next search in mind: see the module docstring."""

    name = "delver"

    @staticmethod
    def many(view: m.RelicView) -> bool:
        """3-4 players: several opponents race for the one depth-3 search."""
        return view.n_players >= 3

    # --- enemies --------------------------------------------------------------------------
    def enemy_worth(self, view: m.RelicView, card: str, target: int) -> float:
        """An enemy that is hard to beat, on the player nearest the end or whose search is due."""
        f = facts(card)
        player = view.players[target]
        count = len(player.dungeon)
        due = field.search_open(count, player.searched, player.forfeited) > 0
        hard = 0.5 * f.bp + (3.0 if f.skill == "shield" else 0.0) - 0.6 * f.level
        return hard + (4.0 if due else 0.0) + player.points * 0.05 + self.threat(view, target)

    def threat(self, view: m.RelicView, seat: int) -> float:
        """How near ``seat`` is to the depth-3 search that ends the game (0: it searched it)."""
        player = view.players[seat]
        if 3 in player.searched:
            return 0.0
        count = len(player.dungeon)
        held_up = sum(1 for e in player.enemies if e.owner != self.me(view))
        return (THREAT_PER_CARD * count + (THREAT_DEEP if field.depth(count) == 3 else 0.0)
                - THREAT_HELD_UP * held_up)

    def leader(self, view: m.RelicView) -> int:
        """The opponent nearest the end (the lowest seat among equals)."""
        me = self.me(view)
        return max((p.seat for p in view.players if p.seat != me),
                   key=lambda seat: (self.threat(view, seat), -seat))

    def enemy_to_set(self, view: m.RelicView) -> m.SetEnemy | None:
        """With several opponents, the last enemy in hand is kept for the leader: an enemy on
        anyone else slows a player who is not the one about to end the game."""
        action = super().enemy_to_set(view)
        if action is None or not self.many(view):
            return action
        held = sum(1 for c in view.hand if facts(c).kind == "enemy")
        leader = self.threat(view, action.target) >= self.threat(view, self.leader(view))
        return action if leader or held > 1 else None

    # --- the play phase -------------------------------------------------------------------
    def dungeon_worth(self, view: m.RelicView) -> bool:
        """A dungeon phase that only sets an enemy while held up loses the double draw that may
        bring the fighter; it is worth it only against a player about to end the game."""
        if self.dungeon_to_set(view) is not None:
            return True
        action = self.enemy_to_set(view)
        if action is None:
            return False
        if not self.blocked(view) or not self.many(view):
            return True
        player = view.players[action.target]
        return len(player.dungeon) >= STUCK_SET_AT and 3 not in player.searched

    # --- the hand -------------------------------------------------------------------------
    def keep_worth(self, view: m.RelicView, card: str) -> float:
        f = facts(card)
        if self.fires_usefully(view, card):
            return -0.5
        mine = self.mine(view)
        if f.kind == "dungeon":
            held = sum(1 for c in view.hand if facts(c).kind == "dungeon")
            needed = field.MAX_DUNGEON - len(mine.dungeon)
            return (3.0 - 0.6 * held) if held <= needed else -0.5
        if f.kind == "enemy":
            held = sum(1 for c in view.hand if facts(c).kind == "enemy")
            hard = 0.3 * f.bp + (1.0 if f.skill == "shield" else 0.0)
            return 2.0 - 0.8 * held + hard
        return super().keep_worth(view, card)

    def fires_usefully(self, view: m.RelicView, card: str) -> bool:
        """Discarding ``card`` now would fire a skill worth more than the card."""
        f = facts(card)
        if f.kind == "dungeon":
            return False
        if view.search_depth == 3 and f.skill in ("delve", "wild"):
            return True  # the search that ends the game, before anyone can block it
        if f.level > 1:
            return False
        if f.skill == "delve":
            # with several opponents a scout waits for depth 3, where an enemy blocks longest
            return view.search_depth > 0 and not self.many(view)
        if f.skill == "advance":  # the card it sets opens a search
            mine = self.mine(view)
            has_dungeon = any(facts(c).kind == "dungeon" for c in view.hand)
            opens = field.search_open(len(mine.dungeon) + 1, mine.searched, mine.forfeited)
            return has_dungeon and not self.blocked(view) and not view.forfeits and opens > 0
        return False
