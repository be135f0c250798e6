"""Relic expedition (チーム桜刻館, RE regulation 3.1), 2-4 players: setup and the flow.

    game = Relic(["human", "human"], seed=7)
    game.apply(game.state.active, DoubleDraw())

The phases table below is the whole flow: each phase's legal actions, the handler of each action
it accepts and why one is refused live in its ``flow_<phase>.py``; the steps several phases take
(draw, start and finish a turn, search, the dungeon set, the skill prompts) in ``turn.py`` and
``skills.py``; the questions they ask of the state in ``base.py``; the pure arithmetic the views
and the bots share in ``battle.py`` (the fight) and ``field.py`` (depths, searches, enemy sets);
what a seat sees in ``views.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from dungeon_table.core.phased import OVER, Phase, offer
from dungeon_table.core.protocol import Action, Event, Result
from dungeon_table.core.reasons import Reason, refuse
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from dungeon_table.games.relic import (
    flow_battle,
    flow_dungeon,
    flow_end,
    flow_play,
    flow_prompt,
    flow_search,
    turn,
    views,
)
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.base import RelicBase, no_search
from dungeon_table.games.relic.cards import load
from dungeon_table.games.relic.state import Player, RelicState


class Relic(RelicBase):
    phases = {
        "search": Phase(
            flow_search.legal,
            {m.Search: flow_search.search, m.DeclineSearch: flow_search.decline},
            hint=refuse("relic.wants.search", "search, or decline the search"),
            checks={m.Search: no_search}),
        "play": Phase(
            flow_play.legal,
            {m.DungeonPhase: flow_play.dungeon_phase, m.BattlePhase: flow_play.battle_phase,
             m.DoubleDraw: flow_play.double_draw},
            hint=refuse("relic.wants.play", "choose the dungeon phase, a battle or a double draw"),
            checks={m.DungeonPhase: flow_play.no_dungeon_phase,
                    m.BattlePhase: flow_play.no_battle},
            offers=flow_play.offers),
        "dungeon": Phase(
            flow_dungeon.legal,
            {m.SetDungeon: flow_dungeon.set_dungeon, m.SetEnemy: flow_dungeon.set_enemy,
             m.EndPhase: turn.end_phase},
            hint=refuse("relic.wants.dungeon",
                        "set a dungeon card, set an enemy, or end the phase"),
            checks={m.SetDungeon: flow_dungeon.no_dungeon_set,
                    m.SetEnemy: flow_dungeon.no_enemy_set}),
        "battle": Phase(
            flow_battle.legal,
            {m.Commit: flow_battle.commit, m.Withdraw: flow_battle.withdraw,
             m.ChooseTs: flow_battle.choose_ts, m.WildAs: flow_battle.wild_as,
             m.Fight: flow_battle.fight, m.EndPhase: turn.end_phase},
            hint=refuse("relic.wants.battle", "commit characters, choose the TS, then fight"),
            checks={m.Commit: flow_battle.no_commit, m.Withdraw: flow_battle.not_committed,
                    m.ChooseTs: flow_battle.no_ts, m.WildAs: flow_battle.no_wild_in_battle,
                    m.Fight: flow_battle.nothing_committed,
                    m.EndPhase: flow_battle.committed_already},
            offers=offer(m.Fight(), m.EndPhase())),
        "prompt": Phase(
            flow_prompt.legal,
            {m.UseSkill: flow_prompt.use_skill, m.SkipSkill: flow_prompt.skip_skill,
             m.Mend: flow_prompt.mend, m.Done: flow_prompt.done,
             m.SetDungeon: flow_prompt.advance, m.WildAs: flow_prompt.wild_as},
            hint=refuse("relic.wants.prompt", "answer the skill's prompt"),
            checks={m.UseSkill: no_search, m.SetDungeon: flow_prompt.no_advance,
                    m.Mend: flow_prompt.no_mend, m.WildAs: flow_prompt.no_wild_on_discard}),
        "end": Phase(
            flow_end.legal,
            {m.Discard: flow_end.discard, m.EndTurn: flow_end.end_turn},
            hint=refuse("relic.wants.end", "discard down to 6, then end the turn"),
            checks={m.Discard: flow_end.no_discard, m.EndTurn: flow_end.hand_over_the_limit},
            offers=offer(m.EndTurn())),
        "over": OVER,
    }

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards = load()
        self.n = len(seats)
        self.variant = self.n >= 3
        self.rng = Rng(seed)
        self.state = RelicState(
            players=[Player(seat) for seat in range(self.n)],
            deck=Deck(self.cards.deck(2 if self.variant else 1)),
            history=[[] for _ in range(self.n)],
        )
        self.setup_events: list[Event] = self._setup()

    # --- setup ----------------------------------------------------------------------------------
    def _setup(self) -> list[Event]:
        state = self.state
        state.deck.shuffle(self.rng)
        self.stack_onto(state.deck, "first")
        events: list[Event] = []
        state.first = first = self._first_player_draw(events)
        events.append(m.FirstPlayer(seat=first))
        state.deck.shuffle(self.rng)
        self.stack_onto(state.deck, "deck")
        order = [(first + i) % self.n for i in range(self.n)]
        for _ in range(self.cards.hand_size):
            for seat in order:
                events += turn.draw(self, seat, "deal")
        # the chart opens on the points before the first turn (the characters dealt), as every
        # game's does: a point per round after it, so the axis ends on the last round
        state.history = [[points] for points in self.points()]
        events += turn.start_turn(self, first)
        return events

    def _first_player_draw(self, events: list[Event]) -> int:
        """Every seat draws; the highest face starts; the tied redraw. The cards go back."""
        deck = self.state.deck
        drawing = list(range(self.n))
        drawn: list[str] = []
        round_no = 0
        while len(drawing) > 1:
            round_no += 1
            cards = ["" for _ in range(self.n)]
            faces = [-1 for _ in range(self.n)]
            for seat in drawing:
                cards[seat] = deck.draw()
                faces[seat] = self.cards.card(cards[seat]).dice
            drawn += [c for c in cards if c]
            self.state.first_draw.append(cards)
            events.append(m.FirstPlayerDraw(cards=cards, faces=faces, round=round_no))
            best = max(faces)
            drawing = [s for s in drawing if faces[s] == best]
        for card in drawn:
            deck.put_top(card)
        return drawing[0]

    # --- the protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.state.phase == "over" else [self.state.active]

    def view(self, seat: int | None) -> m.RelicView:
        return views.build_view(self, seat)

    def result(self) -> Result | None:
        if self.state.phase != "over":
            return None
        breakdown = [self.breakdown(seat) for seat in range(self.n)]
        final = [lines[-1].value for lines in breakdown]
        ranking = sorted(range(self.n), key=lambda s: (-final[s], s))
        winners = [s for s in ranking if final[s] == final[ranking[0]]]
        outcome = "relic.result.win" if len(winners) == 1 else "relic.result.tie"
        history = [[*series, final[seat]] for seat, series in enumerate(self.state.history)]
        return Result(ranking=ranking, winners=winners, outcome=outcome, breakdown=breakdown,
                      history=history, history_key="relic.history.points")

    # --- what the generic suites (and search) ask ------------------------------------------
    def conserved(self) -> Counter[str]:
        """Every card, wherever it lies: the deck, the discard pile, the hands (a committed
        character is still in its hand), the dungeons, the fields, the treasures' cards, the
        score piles."""
        state = self.state
        cards = [*state.deck.cards, *state.discard]
        for p in state.players:
            cards += [*p.hand, *p.dungeon, *(card for card, _ in p.enemies),
                      *(t.card for t in p.treasures), *p.defeated]
        return Counter(cards)

    def standing(self) -> list[float]:
        """Each seat's points as they would be counted now (its hand's characters included)."""
        return [float(points) for points in self.points()]

    def redeal(self, seat: int | None, rng: random.Random) -> None:
        """The deck and the other seats' hands are hidden from ``seat``: their cards are
        shuffled together and dealt back, each hand keeping its size. A character committed to
        the battle is on the table, so it stays in its hand; once the game is over every hand's
        characters count in the points each seat sees, so only the deck is shuffled then."""
        state = self.state
        shown = set(state.battle.committed) if state.battle else set()
        hidden = [] if state.phase == "over" else [p for p in state.players if p.seat != seat]
        # Sorted first: the deal depends on which cards are hidden, not on where they lay.
        pool = sorted([*state.deck.cards, *(c for p in hidden for c in p.hand if c not in shown)])
        rng.shuffle(pool)
        for player in hidden:
            kept = [c for c in player.hand if c in shown]
            dealt = len(player.hand) - len(kept)
            player.hand, pool = kept + pool[:dealt], pool[dealt:]
        state.deck.cards = pool

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        # Hands are hidden: every change of seat between two humans is covered.
        return None if seat == viewer else "handoff.reason.turn"

    def tempting(self, seat: int) -> list[Action]:
        """The phase's buttons refused now (the kit's), and in the dungeon phase the dungeon
        cards in hand the rules will not set now (an enemy on the field, a full dungeon, the
        set done): a click says why."""
        offered = super().tempting(seat)
        if self.state.phase != "dungeon" or seat not in self.to_act():
            return offered
        legal = self.legal_actions(seat)
        return [*offered, *(action for card in self.player(seat).hand
                            if self.kind(card) == "dungeon"
                            and (action := m.SetDungeon(card=card)) not in legal)]

    def costly(self, seat: int, action: Action) -> Reason | None:
        """Giving up a depth's search, or a double draw while a battle or the dungeon phase is
        open: neither comes back (docs/rules/relic.md)."""
        if isinstance(action, m.DeclineSearch):
            return refuse("relic.costly.decline_search",
                          "give up this depth's search: it cannot be searched again")
        if isinstance(action, m.DoubleDraw) and any(
                isinstance(a, (m.BattlePhase, m.DungeonPhase)) for a in self.legal_actions(seat)):
            return refuse("relic.costly.double_draw",
                          "double draw: no battle and no dungeon phase this turn")
        return None
