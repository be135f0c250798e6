"""Relic expedition (チーム桜刻館, RE regulation 3.1), 2-4 players: the rules, phase by phase.

A turn: (1) search if the dungeon is at 3, 6 or 9 cards and nothing blocks it - then the turn
ends; else (2) draw (not the first player's first turn), (3) choose the dungeon phase, the battle
phase or a double draw, (7) the end phase discards down to 6. The game ends at the end of a turn
with a depth-3 search, or at once when the deck runs out.

    game = Relic(["human", "human"], seed=7)
    game.apply(game.active, DoubleDraw())

The battle arithmetic is in ``battle.py``, the fight and the skills in ``skills.py``, what a
seat sees in ``views.py``, why an action is refused in ``reasons.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from dungeon_table.core.protocol import Action, Event, Game, Result, ScoreLine
from dungeon_table.core.rng import Rng
from dungeon_table.core.zones import Deck
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.cards import RelicCards, load
from dungeon_table.games.relic.skills import SkillRules
from dungeon_table.games.relic.state import LastSearch, Player, RelicState, Treasure

STACK_DECKS = ("first", "deck")
MAX_DUNGEON = 9


class Relic(SkillRules, Game):
    game_id: ClassVar[str] = "relic"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = STACK_DECKS

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                 stack: dict[str, list[Any]] | None = None) -> None:
        super().__init__(seats, seed, options, stack)
        self.cards: RelicCards = load()
        self.n = len(seats)
        if not 2 <= self.n <= 4:
            raise ValueError(f"relic takes 2-4 seats, got {self.n}")
        self.variant = self.n >= 3
        self.rng = Rng(seed)
        self.state = RelicState(
            players=[Player(seat) for seat in range(self.n)],
            deck=Deck(self.cards.deck(2 if self.variant else 1)),
            history=[[] for _ in range(self.n)],
        )
        self.setup_events: list[Event] = self._setup()

    # --- setup ----------------------------------------------------------------------------------
    def _stack(self, name: str) -> None:
        try:
            self.state.deck.stack_top(str(card) for card in self.stack.get(name, []))
        except ValueError as err:
            raise ValueError(f"stack {name}: {err}") from None

    def _setup(self) -> list[Event]:
        self.state.deck.shuffle(self.rng)
        self._stack("first")
        events: list[Event] = []
        self.state.first = self._first_player_draw(events)
        events.append(m.FirstPlayer(seat=self.state.first))
        self.state.deck.shuffle(self.rng)
        self._stack("deck")
        order = [(self.state.first + i) % self.n for i in range(self.n)]
        for _ in range(self.cards.hand_size):
            for seat in order:
                events += self.draw(seat, "deal")
        events += self.start_turn(self.state.first)
        return events

    def _first_player_draw(self, events: list[Event]) -> int:
        """Every seat draws; the highest face starts; the tied redraw. The cards go back."""
        drawing = list(range(self.n))
        drawn: list[str] = []
        round_no = 0
        while len(drawing) > 1:
            round_no += 1
            cards = ["" for _ in range(self.n)]
            faces = [-1 for _ in range(self.n)]
            for seat in drawing:
                cards[seat] = self.state.deck.draw()
                faces[seat] = self.cards.card(cards[seat]).dice
            drawn += [c for c in cards if c]
            self.state.first_draw.append(cards)
            events.append(m.FirstPlayerDraw(cards=cards, faces=faces, round=round_no))
            best = max(faces)
            drawing = [s for s in drawing if faces[s] == best]
        for card in drawn:
            self.state.deck.put_top(card)
        return drawing[0]

    # --- the protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.state.phase == "over" else [self.state.active]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        from dungeon_table.games.relic.legal import legal_actions

        return legal_actions(self, seat)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        handler = getattr(self, f"_do_{type(action).__name__}")
        events: list[Event] = handler(seat, action)
        return events

    def why_illegal(self, seat: int, action: Action) -> str:
        from dungeon_table.games.relic.reasons import why_illegal

        return why_illegal(self, seat, action)

    # --- helpers the rules share ----------------------------------------------------------------
    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def kind(self, card: str) -> str:
        return self.cards.card(card).kind

    def search_depth(self, seat: int) -> int:
        """The depth a search now would take: 0 unless the search conditions hold."""
        player = self.player(seat)
        count = len(player.dungeon)
        depth = count // 3
        if count == 0 or count % 3 or player.enemies:
            return 0
        if depth in player.searched or depth in player.forfeited:
            return 0
        return depth

    def can_set_dungeon(self, seat: int) -> bool:
        """The dungeon-set condition: no enemy on the field and room for another card; and no
        double draw this turn (after it no card goes onto the field, an advance's included)."""
        player = self.player(seat)
        return (not player.enemies and len(player.dungeon) < MAX_DUNGEON
                and not (self.state.double_drawn and seat == self.state.active))

    def forfeits(self, seat: int) -> int:
        """The depth whose search the next dungeon card would forfeit (0: none)."""
        player = self.player(seat)
        count = len(player.dungeon)
        depth = count // 3
        if count in (3, 6) and depth not in player.searched and depth not in player.forfeited:
            return depth
        return 0

    def enemy_targets(self, seat: int, enemy: str) -> list[int]:
        """Opponents whose field may take ``enemy`` from ``seat``."""
        level = self.cards.card(enemy).level
        return [p.seat for p in self.state.players if p.seat != seat
                and all(owner != seat for _, owner in p.enemies) and level <= p.depth]

    def draw(self, seat: int, reason: str) -> list[Event]:
        """Draw one card into ``seat``'s hand; an emptied deck ends the game at once."""
        card = self.state.deck.draw()
        self.player(seat).hand.append(card)
        others = tuple(s for s in range(self.n) if s != seat)
        events: list[Event] = [m.Drew(seat=seat, card=card, reason=reason, to=(seat,)),
                               m.DrewHidden(seat=seat, reason=reason, to=others)]
        if not self.state.deck and self.state.phase != "over":
            events += self.end_game("deck_out")
        return events

    def end_game(self, reason: str) -> list[Event]:
        self.state.phase = "over"
        self.state.end_reason = reason
        self.state.prompts.clear()
        self.state.battle = None
        return [m.GameEnded(reason=reason, points=self.points())]

    # --- the turn -------------------------------------------------------------------------------
    def start_turn(self, seat: int) -> list[Event]:
        self.state.turn += 1
        self.state.active = seat
        self.state.dungeon_set_done = self.state.enemy_set_done = self.state.double_drawn = False
        self.state.battle = None
        self.state.prompts.clear()
        events: list[Event] = [m.TurnStarted(seat=seat, turn=self.state.turn)]
        if self.search_depth(seat):
            self.state.phase = "search"
            return events
        return events + self.draw_step(seat)

    def draw_step(self, seat: int) -> list[Event]:
        self.state.phase = "play"
        if self.state.turn == 1:
            return [m.DrawSkipped(seat=seat)]
        return self.draw(seat, "draw")

    def finish_turn(self) -> list[Event]:
        events: list[Event] = [m.TurnEnded(seat=self.state.active)]
        if self.state.depth3_searched:
            return events + self.end_game("depth3")
        following = (self.state.active + 1) % self.n
        if following == self.state.first:  # a round is over
            for seat, points in enumerate(self.points()):
                self.state.history[seat].append(points)
        return events + self.start_turn(following)

    def search(self, seat: int, via: str) -> list[Event]:
        """Turn the depth's cards down, draw the deck's top card, score its dice face."""
        player = self.player(seat)
        depth = self.search_depth(seat)
        player.searched.append(depth)
        card = self.state.deck.draw()
        face = self.cards.card(card).dice
        points, treasure = self.cards.treasure(depth, face)
        found = Treasure(depth=depth, card=card, face=face, points=points, treasure=treasure)
        player.treasures.append(found)
        self.state.last_search = LastSearch(seat, found)
        if depth == 3:
            self.state.depth3_searched = True
        events: list[Event] = [m.Searched(seat=seat, depth=depth, card=card, face=face,
                                          points=points, treasure=treasure, via=via)]
        if not self.state.deck:
            events += self.end_game("deck_out")
        return events

    def _do_Search(self, seat: int, action: m.Search) -> list[Event]:  # noqa: N802
        events = self.search(seat, "turn")
        return events if self.state.phase == "over" else events + self.finish_turn()

    def _do_DeclineSearch(self, seat: int, action: m.DeclineSearch) -> list[Event]:  # noqa: N802
        events: list[Event] = [m.SearchDeclined(seat=seat, depth=self.search_depth(seat))]
        return events + self.draw_step(seat)

    def _do_DungeonPhase(self, seat: int, action: m.DungeonPhase) -> list[Event]:  # noqa: N802
        self.state.phase = "dungeon"
        return [m.PhaseChosen(seat=seat, phase="dungeon")]

    def _do_DoubleDraw(self, seat: int, action: m.DoubleDraw) -> list[Event]:  # noqa: N802
        self.state.phase = "end"
        self.state.double_drawn = True
        return [m.PhaseChosen(seat=seat, phase="double_draw"), *self.draw(seat, "double_draw")]

    def _do_SetEnemy(self, seat: int, action: m.SetEnemy) -> list[Event]:  # noqa: N802
        self.player(seat).hand.remove(action.card)
        self.player(action.target).enemies.append((action.card, seat))
        self.state.enemy_set_done = True
        return [m.EnemySet(seat=seat, card=action.card, target=action.target)]

    def _do_EndPhase(self, seat: int, action: m.EndPhase) -> list[Event]:  # noqa: N802
        self.state.phase = "end"
        self.state.battle = None
        return []

    def _do_Discard(self, seat: int, action: m.Discard) -> list[Event]:  # noqa: N802
        self.player(seat).hand.remove(action.card)
        self.state.discard.append(action.card)
        events: list[Event] = [m.Discarded(seat=seat, cards=[action.card], reason="end")]
        self.queue_discard_skills(seat, [action.card])
        return events + self.run_prompts(seat, "end")

    def _do_EndTurn(self, seat: int, action: m.EndTurn) -> list[Event]:  # noqa: N802
        return self.finish_turn()

    def may_end_turn(self, seat: int) -> bool:
        """At most the hand limit, or nothing left to discard but injuries."""
        hand = self.player(seat).hand
        return (len(hand) <= self.cards.hand_limit
                or all(self.kind(c) == "injury" for c in hand))

    # --- scoring --------------------------------------------------------------------------------
    def breakdown(self, seat: int) -> list[ScoreLine]:
        player = self.player(seat)
        characters = [c for c in player.hand if self.kind(c) == "character"]
        lines = [
            ScoreLine("score.treasures", sum(t.points for t in player.treasures),
                      len(player.treasures)),
            ScoreLine("score.characters", sum(self.cards.card(c).level for c in characters),
                      len(characters)),
            ScoreLine("score.enemies", sum(self.cards.card(c).level for c in player.defeated),
                      len(player.defeated)),
        ]
        return [*lines, ScoreLine("score.total", sum(line.value for line in lines))]

    def points(self) -> list[int]:
        return [self.breakdown(seat)[-1].value for seat in range(self.n)]

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

    # --- views ----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> m.RelicView:
        from dungeon_table.games.relic.views import build_view

        return build_view(self, seat)

    def state_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = msgspec.to_builtins(self.state)
        return out

    @property
    def phase(self) -> str:
        return self.state.phase

    def handoff_reason(self, seat: int, viewer: int | None) -> str | None:
        # Hands are hidden: every change of seat between two humans is covered.
        return None if seat == viewer else "handoff.reason.turn"
