"""(7) The end phase: discard any cards but injuries (their discard skills prompt), and end the
turn once the hand holds at most 6 cards, or only injuries beyond them."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic import skills, turn
from dungeon_table.games.relic.base import RelicBase, distinct


def legal(game: RelicBase, seat: int) -> list[Action]:
    hand = game.player(seat).hand
    out: list[Action] = [m.Discard(card=c) for c in distinct(
        c for c in hand if game.kind(c) != "injury")]
    if game.may_end_turn(seat):
        out.append(m.EndTurn())
    return out


def discard(game: RelicBase, seat: int, action: m.Discard) -> list[Event]:
    game.player(seat).hand.remove(action.card)
    game.state.discard.append(action.card)
    events: list[Event] = [m.Discarded(seat=seat, cards=[action.card], reason="end")]
    skills.queue_discard_skills(game, seat, [action.card])
    return events + skills.run_prompts(game, seat, "end")


def end_turn(game: RelicBase, seat: int, action: m.EndTurn) -> list[Event]:
    return turn.finish_turn(game)


# --- refusals -----------------------------------------------------------------------------------
def no_discard(game: RelicBase, seat: int, action: m.Discard) -> str | None:
    hand = game.player(seat).hand
    if action.card in hand and game.kind(action.card) == "injury":
        return refuse("relic.refuse.injury_card_cannot_discarded",
                      "an injury card cannot be discarded in the end phase (only by mend)")
    if action.card not in hand:
        return refuse("relic.refuse.not_hand", "{card} is not in your hand", card=action.card)
    return None


def hand_over_the_limit(game: RelicBase, seat: int, action: m.EndTurn) -> str:
    return refuse("relic.refuse.discard_down_cards_first",
                  "discard down to {hand_limit} cards first (injuries are kept)",
                  hand_limit=game.cards.hand_limit)
