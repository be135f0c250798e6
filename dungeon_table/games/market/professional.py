"""The Professional expansion's job items: effects, EXP, levels, the reveal limit, the peek.
A mixin of ``Market``; the state lives there. (The auction is with the burst, in ``burst.py``.)

A job's effect at a level is the whole effect of that level (``cards/market.yaml``); LV0 does
nothing. Levels are bought with EXP at the start and end of the own turn, and right after winning
a job (that job only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.market import model as m
from dungeon_table.games.market.cards import Effect
from dungeon_table.games.market.state import Levelling

if TYPE_CHECKING:
    from dungeon_table.games.market.rules import Market

    _Base = Market
else:
    _Base = object


class JobRules(_Base):
    def effects(self, seat: int, kind: str) -> list[Effect]:
        """The effects of ``kind`` that ``seat``'s jobs give at their present levels."""
        if not self.professional:
            return []
        found: list[Effect] = []
        for job_id, level in self.state.players[seat].jobs.items():
            if level >= 1:
                at = self.cards.job(job_id).levels[level - 1]
                found += [e for e in at.effects if e.kind == kind]
        return found

    def amount(self, seat: int, kind: str) -> int:
        return sum(e.amount for e in self.effects(seat, kind))

    def reveal_limit(self, seat: int) -> int:
        """Distinct colours among the equipment, +1 with any gem, +1; capped; job bonuses after
        the cap. 0 without the Professional expansion."""
        if not self.professional:
            return 0
        player = self.state.players[seat]
        colours = {self.card_of[c].colour for c in player.equipment}
        base = len(colours) + (1 if player.gems else 0) + 1
        return min(base, self.cards.setup.reveal_limit_cap) + self.amount(seat, "extra_reveal")

    # --- EXP and levels -------------------------------------------------------------------------
    def next_cost(self, level: int) -> int:
        """EXP for the next level; 0 at the top."""
        costs = self.cards.level_costs
        return costs[level] if level < len(costs) else 0

    def levellable(self, seat: int, only: str | None = None) -> list[str]:
        player = self.state.players[seat]
        return [job for job, level in player.jobs.items()
                if (only is None or job == only) and level < len(self.cards.level_costs)
                and player.exp >= self.next_cost(level)]

    def _gain_exp(self, revealed: int, events: list[Event]) -> None:
        """The active player's EXP at the end of exploration (the count comes from the caller:
        face-up cards, minus attackers, plus sword kills), plus its Sage bonus."""
        gained = max(0, revealed) + self.amount(self.state.active, "exp_bonus")
        if gained:
            player = self.state.players[self.state.active]
            player.exp += gained
            events.append(m.ExpGained(seat=self.state.active, exp=gained, total=player.exp))

    def _open_levelling(self, seat: int, only: str | None, then: str,
                        events: list[Event]) -> bool:
        """Open a ``level`` phase if ``seat`` can afford a level now; False if skipped."""
        if not self.professional or not self.levellable(seat, only):
            return False
        self.state.levelling = Levelling(seat, only, then)
        self.state.phase = "level"
        return True

    def _legal_level(self, seat: int) -> list[Action]:
        assert self.state.levelling is not None
        jobs = self.levellable(seat, self.state.levelling.only)
        return [*(m.LevelUp(job=job) for job in jobs), m.Done()]

    def _do_levelup(self, seat: int, action: m.LevelUp, events: list[Event]) -> None:
        player = self.state.players[seat]
        level = player.jobs[action.job]
        cost = self.next_cost(level)
        player.exp -= cost
        player.jobs[action.job] = level + 1
        events.append(m.LevelledUp(seat=seat, job=action.job, level=level + 1, exp_spent=cost))
        assert self.state.levelling is not None
        if not self.levellable(seat, self.state.levelling.only):
            self._after_levelling(events)  # nothing more to afford: no decision left

    def _do_done(self, seat: int, action: m.Done, events: list[Event]) -> None:
        self._after_levelling(events)

    def _after_levelling(self, events: list[Event]) -> None:
        assert self.state.levelling is not None
        then, self.state.levelling = self.state.levelling.then, None
        if then == "explore":
            self._begin_exploring(events)
        elif then == "end_turn":
            self._finish_turn(events)
        else:
            self._next_turn(events)

    # --- start-of-turn effects ------------------------------------------------------------------
    def _heal(self, seat: int, events: list[Event]) -> None:
        """Cleric: life at the start of the owner's turn, never above its starting life."""
        player = self.state.players[seat]
        for job_id, level in player.jobs.items():
            if level < 1:
                continue
            amount = sum(e.amount for e in self.cards.job(job_id).levels[level - 1].effects
                         if e.kind == "heal")
            healed = min(amount, player.max_life - player.life)
            if healed > 0:
                player.life += healed
                events.append(m.HealedByJob(seat=seat, job=job_id, amount=healed,
                                            life=player.life))

    def peek_card(self, seat: int | None) -> str:
        """The deck's top card if ``seat``'s job lets it look now (its own exploration)."""
        if (seat != self.state.active or self.state.phase != "explore" or not self.state.deck
                or not self.effects(seat, "peek")):
            return ""
        return self.state.deck.top or ""

    def _offer_peek(self, events: list[Event]) -> None:
        card = self.peek_card(self.state.active)
        if card:
            events.append(m.TopPeeked(card=card, to=(self.state.active,)))
