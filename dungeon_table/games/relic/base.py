"""What every phase of Relic expedition reads: the card data, and the questions the rules ask of
the state (may this seat set a dungeon card, search, end its turn; which fields take an enemy;
may a skill fire).

The phases (``flow_*.py``) and the steps they share (``turn.py``, ``skills.py``) are plain
functions over a ``RelicBase``; ``rules.py`` builds the concrete game on it (setup, the phases
table, the view, the result). Nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from dungeon_table.core.phased import PhasedGame
from dungeon_table.core.protocol import Action, ScoreLine
from dungeon_table.core.reasons import refuse
from dungeon_table.games.relic import field
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.cards import DISCARD_SKILLS, RelicCards
from dungeon_table.games.relic.state import Player, Prompt, RelicState

# The prompt each discard skill waits with. A banish prompts too (kind "banish": use_skill /
# skip_skill), but at the fight, not on discard.
PROMPT_KIND = {"delve": "use", "mend": "mend", "advance": "advance", "wild": "wild"}


class RelicBase(PhasedGame[RelicState]):
    game_id: ClassVar[str] = "relic"
    action_types = m.ACTIONS
    event_types = m.EVENTS
    stack_decks = ("first", "deck")
    state_type = RelicState

    cards: RelicCards
    n: int          # seats
    variant: bool   # 3-4 players: two sets

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def kind(self, card: str) -> str:
        return self.cards.card(card).kind

    # --- the dungeon and the search -------------------------------------------------------------
    def search_depth(self, seat: int) -> int:
        """The depth a search now would take: 0 unless the search conditions hold."""
        player = self.player(seat)
        if player.enemies:
            return 0
        return field.search_open(len(player.dungeon), player.searched, player.forfeited)

    def can_set_dungeon(self, seat: int) -> bool:
        """The dungeon-set condition: no enemy on the field and room for another card; and no
        double draw this turn (after it no card goes onto the field, an advance's included)."""
        player = self.player(seat)
        return (not player.enemies and len(player.dungeon) < field.MAX_DUNGEON
                and not (self.state.double_drawn and seat == self.state.active))

    def forfeits(self, seat: int) -> int:
        """The depth whose search the next dungeon card would forfeit (0: none)."""
        player = self.player(seat)
        return field.forfeited_by_next(len(player.dungeon), player.searched, player.forfeited)

    def dungeon_cards(self, seat: int) -> list[str]:
        """Dungeon cards in hand that could be set now (one action per distinct card)."""
        if not self.can_set_dungeon(seat):
            return []
        return distinct(c for c in self.player(seat).hand if self.kind(c) == "dungeon")

    def enemy_targets(self, seat: int, enemy: str) -> list[int]:
        """Opponents whose field may take ``enemy`` from ``seat``."""
        level = self.cards.card(enemy).level
        return [p.seat for p in self.state.players if p.seat != seat
                and field.takes_enemy(level, p.depth, (owner for _, owner in p.enemies), seat)]

    def enemy_sets(self, seat: int) -> list[m.SetEnemy]:
        hand = distinct(c for c in self.player(seat).hand if self.kind(c) == "enemy")
        return [m.SetEnemy(card=card, target=target)
                for card in hand for target in self.enemy_targets(seat, card)]

    def may_end_turn(self, seat: int) -> bool:
        """At most the hand limit, or nothing left to discard but injuries."""
        hand = self.player(seat).hand
        return (len(hand) <= self.cards.hand_limit
                or all(self.kind(c) == "injury" for c in hand))

    # --- the skills -----------------------------------------------------------------------------
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

    # --- why a card cannot be played (the refusals several phases share) ----------------------
    def not_in_hand(self, seat: int, card: str, kind: str) -> str | None:
        if card not in self.player(seat).hand:
            return refuse("relic.refuse.not_hand", "{card} is not in your hand", card=card)
        if self.kind(card) != kind:
            return refuse("relic.refuse.not_card", "{card} is not a {kind} card",
                          card=card, kind=kind)
        return None

    def no_dungeon_set(self, seat: int, card: str) -> str | None:
        """Why ``card`` may not go onto ``seat``'s dungeon, whichever way it is set (the dungeon
        phase or an advance)."""
        if self.state.double_drawn:
            return refuse("relic.refuse.after_double_draw_no",
                          "after a double draw no card goes onto the field this turn")
        if self.player(seat).enemies:
            return refuse("relic.refuse.enemy_field_no_dungeon",
                          "an enemy is on your field: no dungeon set until it is gone")
        if len(self.player(seat).dungeon) >= field.MAX_DUNGEON:
            return refuse("relic.refuse.dungeon_already_holds_cards",
                          "your dungeon already holds {max_dungeon} cards",
                          max_dungeon=field.MAX_DUNGEON)
        return self.not_in_hand(seat, card, "dungeon")

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
        return [self.points_of(seat) for seat in range(self.n)]

    def points_of(self, seat: int, hand: bool = True) -> int:
        """``breakdown``'s total without its lines (every view and playout step asks it);
        without the hand's characters if not ``hand`` (what the other seats see)."""
        player = self.player(seat)
        card = self.cards.card
        total = (sum(t.points for t in player.treasures)
                 + sum(card(c).level for c in player.defeated))
        if hand:
            total += sum(f.level for c in player.hand if (f := card(c)).kind == "character")
        return total


def no_search(game: RelicBase, seat: int, action: Action) -> str:
    """Why a search (at the turn's start, or a delve's) is refused."""
    return refuse("relic.refuse.dungeon_not_cards_depth", "the dungeon is not at 3, 6 or 9 "
                  "cards, that depth was searched, or an enemy blocks")


def distinct(cards: Iterable[str]) -> list[str]:
    """Cards in order, without repeats (both sets' copies have different ids anyway)."""
    return list(dict.fromkeys(cards))
