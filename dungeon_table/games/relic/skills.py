"""The dungeon set and the skills that may fire after it or after a discard, as steps the phases
share.

Discard skills (delve, advance, mend; a wild card as one of them) queue as prompts, in the order
the cards were discarded. A prompt waits for its owner unless every seat can see that its
condition does not hold (no search possible, no dungeon set allowed, an empty hand): then it passes
by itself. Whether the hand holds an injury or a dungeon card is the owner's secret, so a mend or
an advance with nothing in the hand to act on still waits, with only "let it pass" to answer: the
other seats see the same prompt and the same pass either way. A mend dungeon card prompts when
set. Once the queue is empty the turn goes back to ``resume``.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.base import PROMPT_KIND, RelicBase
from dungeon_table.games.relic.cards import DISCARD_SKILLS
from dungeon_table.games.relic.state import Prompt


def set_dungeon(game: RelicBase, seat: int, card: str, via: str) -> list[Event]:
    """``card`` onto ``seat``'s dungeon (``via`` the phase or an advance): the 4th or 7th card
    forfeits the search not made, and a mend dungeon card prompts at once."""
    player = game.player(seat)
    events: list[Event] = []
    lost = game.forfeits(seat)
    if lost:
        player.forfeited.append(lost)
        events.append(m.SearchForfeited(seat=seat, depth=lost))
    player.hand.remove(card)
    player.dungeon.append(card)
    events.append(m.DungeonSet(seat=seat, card=card, count=len(player.dungeon),
                               depth=player.depth, via=via))
    if game.cards.card(card).skill == "mend":
        game.state.prompts.insert(0, Prompt(card, "mend", "mend"))
    return events


def queue_discard_skills(game: RelicBase, seat: int, cards: list[str]) -> None:
    for card in cards:
        skill = game.cards.card(card).skill
        if skill == "mend" and game.kind(card) == "dungeon":
            continue  # a dungeon card's mend fires when it is set, not when discarded
        if skill in DISCARD_SKILLS or skill == "wild":
            game.state.prompts.append(Prompt(card, skill, PROMPT_KIND[skill]))


def run_prompts(game: RelicBase, seat: int, resume: str) -> list[Event]:
    """Pass the prompts every seat can see cannot fire; stop at one its owner must answer
    (``prompt_may_hold``), else resume."""
    state = game.state
    state.resume = resume
    events: list[Event] = []
    while state.prompts and state.phase != "over":
        prompt = state.prompts[0]
        if not prompt.used and game.prompt_may_hold(seat, prompt):
            state.phase = "prompt"
            return events
        if not prompt.used:
            events.append(m.SkillPassed(seat=seat, card=prompt.card, skill=prompt.skill,
                                        reason="no_target"))
        state.prompts.pop(0)
    if state.phase != "over":
        state.phase = resume
    return events
