"""The dungeon set, the battle and the skills that may fire: a mixin of ``Relic``.

Discard skills (delve, advance, mend; a wild card as one of them) queue as prompts, in the order
the cards were discarded. A prompt waits for its owner unless every seat can see that its
condition does not hold (no search possible, no dungeon set allowed, an empty hand): then it passes
by itself. Whether the hand holds an injury or a dungeon card is the owner's secret, so a mend or
an advance with nothing in the hand to act on still waits, with only "let it pass" to answer: the
other seats see the same prompt and the same pass either way. A mend dungeon card prompts when set. Once the queue is empty the turn goes back to ``resume``. A fight with a
card's own banish among the committed cards first prompts once (use or skip: banish "may" be
used), the battle kept until the answer resolves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.battle import banish_card, best_ts, preview
from dungeon_table.games.relic.cards import DISCARD_SKILLS
from dungeon_table.games.relic.state import Battle, Prompt

if TYPE_CHECKING:
    from dungeon_table.games.relic.rules import Relic

    _Base = Relic
else:
    _Base = object

PROMPT_KIND = {"delve": "use", "mend": "mend", "advance": "advance", "wild": "wild"}
# banish prompts too (kind "banish": use_skill / skip_skill), but at the fight, not on discard


class SkillRules(_Base):
    # --- dungeon set ----------------------------------------------------------------------------
    def set_dungeon(self, seat: int, card: str, via: str) -> list[Event]:
        player = self.player(seat)
        events: list[Event] = []
        lost = self.forfeits(seat)
        if lost:
            player.forfeited.append(lost)
            events.append(m.SearchForfeited(seat=seat, depth=lost))
        player.hand.remove(card)
        player.dungeon.append(card)
        events.append(m.DungeonSet(seat=seat, card=card, count=len(player.dungeon),
                                   depth=player.depth, via=via))
        if self.cards.card(card).skill == "mend":
            self.state.prompts.insert(0, Prompt(card, "mend", "mend"))
        return events

    def _do_SetDungeon(self, seat: int, action: m.SetDungeon) -> list[Event]:  # noqa: N802
        if self.state.phase == "prompt":
            prompt = self.state.prompts.pop(0)
            events: list[Event] = [m.SkillFired(seat=seat, card=prompt.card, skill="advance")]
            return events + self.set_dungeon(seat, action.card, "advance") + self.run_prompts(
                seat, self.state.resume)
        self.state.dungeon_set_done = True
        return self.set_dungeon(seat, action.card, "phase") + self.run_prompts(seat, "dungeon")

    # --- battle ---------------------------------------------------------------------------------
    def _do_BattlePhase(self, seat: int, action: m.BattlePhase) -> list[Event]:  # noqa: N802
        owner = next(o for c, o in self.player(seat).enemies if c == action.enemy)
        self.state.battle = Battle(enemy=action.enemy, owner=owner)
        self.state.phase = "battle"
        return [m.PhaseChosen(seat=seat, phase="battle")]

    def _retune(self) -> None:
        battle = self.state.battle
        assert battle is not None
        battle.ts = best_ts(self.cards, battle.enemy, battle.committed, battle.wild, battle.ts)

    def _do_Commit(self, seat: int, action: m.Commit) -> list[Event]:  # noqa: N802
        assert self.state.battle is not None
        self.state.battle.committed.append(action.card)
        self._retune()
        return [m.Committed(seat=seat, card=action.card)]

    def _do_Withdraw(self, seat: int, action: m.Withdraw) -> list[Event]:  # noqa: N802
        assert self.state.battle is not None
        self.state.battle.committed.remove(action.card)
        self.state.battle.wild.pop(action.card, None)
        self._retune()
        return [m.Withdrawn(seat=seat, card=action.card)]

    def _do_ChooseTs(self, seat: int, action: m.ChooseTs) -> list[Event]:  # noqa: N802
        assert self.state.battle is not None
        self.state.battle.ts = action.ts
        return [m.TsChosen(seat=seat, ts=action.ts)]

    def _do_WildAs(self, seat: int, action: m.WildAs) -> list[Event]:  # noqa: N802
        events: list[Event] = [m.WildChosen(seat=seat, card=action.card, skill=action.skill)]
        if self.state.phase == "battle":
            assert self.state.battle is not None
            if action.skill:
                self.state.battle.wild[action.card] = action.skill
            else:
                self.state.battle.wild.pop(action.card, None)
            self._retune()
            return events
        self.state.prompts[0] = Prompt(action.card, action.skill, PROMPT_KIND[action.skill])
        return events + self.run_prompts(seat, self.state.resume)

    def _do_Fight(self, seat: int, action: m.Fight) -> list[Event]:  # noqa: N802
        battle = self.state.battle
        assert battle is not None
        out = preview(self.cards, battle.enemy, battle.committed, battle.ts, battle.wild)
        if out.banish_optional:  # banish "may" be used: its owner chooses before it resolves
            card = banish_card(self.cards, battle.committed)
            self.state.prompts.insert(0, Prompt(card, "banish", "banish"))
            self.state.phase = "prompt"
            return []
        return self.resolve_fight(seat, banish=out.banish)

    def resolve_fight(self, seat: int, banish: bool) -> list[Event]:
        """The fight as the preview has it, the banish used or not; then the discard skills."""
        battle = self.state.battle
        assert battle is not None
        foe = self.cards.card(battle.enemy)
        out = preview(self.cards, battle.enemy, battle.committed, battle.ts, battle.wild)
        outcome, skills = out.outcome, out.skills
        if out.banish and not banish:
            outcome, skills = out.fight, [s for s in out.skills if s != "banish"]
        player = self.player(seat)
        fought = list(battle.committed)
        events: list[Event] = [m.Fought(
            seat=seat, enemy=battle.enemy, owner=battle.owner, cards=fought,
            ts=battle.ts, bp=out.bp, enemy_ts=foe.ts or "", enemy_bp=foe.bp, outcome=outcome,
            skills=skills)]
        if outcome != "lost":
            player.enemies.remove((battle.enemy, battle.owner))
        if outcome == "won":
            player.defeated.append(battle.enemy)
        elif outcome == "banished":
            self.state.discard.append(battle.enemy)
            events.append(m.Discarded(seat=seat, cards=[battle.enemy], reason="banish"))
        for card in fought:
            player.hand.remove(card)
            self.state.discard.append(card)
        events.append(m.Discarded(seat=seat, cards=fought, reason="battle"))
        used_wild = set(battle.wild)  # a wild card used in battle has spent its skill
        self.state.battle = None
        self.queue_discard_skills(seat, [c for c in fought if c not in used_wild])
        return events + self.run_prompts(seat, "end")

    # --- prompts --------------------------------------------------------------------------------
    def queue_discard_skills(self, seat: int, cards: list[str]) -> None:
        for card in cards:
            skill = self.cards.card(card).skill
            if skill == "mend" and self.kind(card) == "dungeon":
                continue  # a dungeon card's mend fires when it is set, not when discarded
            if skill in DISCARD_SKILLS or skill == "wild":
                self.state.prompts.append(Prompt(card, skill, PROMPT_KIND[skill]))

    def prompt_holds(self, seat: int, prompt: Prompt) -> bool:
        """Whether the skill can do anything now (else it passes by itself)."""
        hand = self.player(seat).hand
        if prompt.kind == "banish":
            return True
        if prompt.kind == "use":
            return bool(self.search_depth(seat))
        if prompt.kind == "mend":
            return any(self.kind(c) == "injury" for c in hand)
        if prompt.kind == "advance":
            return self.can_set_dungeon(seat) and any(self.kind(c) == "dungeon" for c in hand)
        return bool(self.wild_choices(seat))

    def prompt_may_hold(self, seat: int, prompt: Prompt) -> bool:
        """Whether the skill may do anything as far as the other seats can tell: its condition
        on what they see (the search check, the dungeon-set condition, a hand not empty). What
        the hidden hand holds does not count here: that the skill has no target must not show."""
        if prompt.kind in ("use", "banish"):
            return self.prompt_holds(seat, prompt)  # nothing hidden decides these
        hand = bool(self.player(seat).hand)
        if prompt.kind == "mend":
            return hand
        if prompt.kind == "advance":
            return hand and self.can_set_dungeon(seat)
        return any(self.prompt_may_hold(seat, Prompt("", s, PROMPT_KIND[s]))
                   for s in DISCARD_SKILLS)

    def wild_choices(self, seat: int) -> list[str]:
        """The discard skills a wild card could be used as now."""
        return [s for s in DISCARD_SKILLS
                if self.prompt_holds(seat, Prompt("", s, PROMPT_KIND[s]))]

    def run_prompts(self, seat: int, resume: str) -> list[Event]:
        """Pass the prompts every seat can see cannot fire; stop at one its owner must answer
        (``prompt_may_hold``), else resume."""
        self.state.resume = resume
        events: list[Event] = []
        while self.state.prompts and self.state.phase != "over":
            prompt = self.state.prompts[0]
            if not prompt.used and self.prompt_may_hold(seat, prompt):
                self.state.phase = "prompt"
                return events
            if not prompt.used:
                events.append(m.SkillPassed(seat=seat, card=prompt.card, skill=prompt.skill,
                                            reason="no_target"))
            self.state.prompts.pop(0)
        if self.state.phase != "over":
            self.state.phase = resume
        return events

    def _do_UseSkill(self, seat: int, action: m.UseSkill) -> list[Event]:  # noqa: N802
        prompt = self.state.prompts.pop(0)
        if prompt.kind == "banish":
            return self.resolve_fight(seat, banish=True)
        events: list[Event] = [m.SkillFired(seat=seat, card=prompt.card, skill=prompt.skill)]
        events += self.search(seat, "delve")
        return events if self.state.phase == "over" else events + self.run_prompts(seat, self.state.resume)

    def _do_SkipSkill(self, seat: int, action: m.SkipSkill) -> list[Event]:  # noqa: N802
        prompt = self.state.prompts.pop(0)
        events: list[Event] = [m.SkillPassed(seat=seat, card=prompt.card, skill=prompt.skill,
                                             reason="skipped")]
        if prompt.kind == "banish":  # the fight is decided on TS and BP
            return events + self.resolve_fight(seat, banish=False)
        return events + self.run_prompts(seat, self.state.resume)

    def _do_Mend(self, seat: int, action: m.Mend) -> list[Event]:  # noqa: N802
        prompt = self.state.prompts[0]
        events: list[Event] = []
        if not prompt.used:
            events.append(m.SkillFired(seat=seat, card=prompt.card, skill="mend"))
        prompt.used = True
        self.player(seat).hand.remove(action.card)
        self.state.discard.append(action.card)
        events.append(m.Discarded(seat=seat, cards=[action.card], reason="mend"))
        # It goes on until Done, whether injuries are left or not (that is the hand's secret);
        # only an emptied hand, which every seat sees, ends it.
        if not self.prompt_may_hold(seat, prompt):
            self.state.prompts.pop(0)
            events += self.run_prompts(seat, self.state.resume)
        return events

    def _do_Done(self, seat: int, action: m.Done) -> list[Event]:  # noqa: N802
        prompt = self.state.prompts.pop(0)
        events: list[Event] = []
        if not prompt.used:
            events.append(m.SkillPassed(seat=seat, card=prompt.card, skill=prompt.skill,
                                        reason="skipped"))
        return events + self.run_prompts(seat, self.state.resume)
