"""A skill's prompt, answered by its owner: a delve (use it: a search, the turn going on), a mend
(discard injuries, any number, until done), an advance (set a dungeon card), a wild card on
discard (which skill it is), or a fight's banish (use it, or fight it out on TS and BP).

With nothing in the hand for it, a mend or an advance still waits, with only "let it pass" to
answer (see ``skills.py``). Each answer goes on with the next prompt, then back to ``resume``.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.relic import flow_battle, skills, turn
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.base import PROMPT_KIND, RelicBase, distinct
from dungeon_table.games.relic.state import Prompt


def legal(game: RelicBase, seat: int) -> list[Action]:
    prompt = game.state.prompts[0]
    hand = game.player(seat).hand
    if prompt.kind in ("use", "banish"):
        return [m.UseSkill(), m.SkipSkill()]
    if prompt.kind == "mend":
        return [*(m.Mend(card=c) for c in distinct(c for c in hand if game.kind(c) == "injury")),
                m.Done()]
    if prompt.kind == "advance":
        return [*(m.SetDungeon(card=c) for c in game.dungeon_cards(seat)), m.SkipSkill()]
    return [*(m.WildAs(card=prompt.card, skill=s) for s in game.wild_choices(seat)),
            m.SkipSkill()]


def go_on(game: RelicBase, seat: int) -> list[Event]:
    """The next prompt, or back to the phase the prompts came from."""
    return skills.run_prompts(game, seat, game.state.resume)


def use_skill(game: RelicBase, seat: int, action: m.UseSkill) -> list[Event]:
    prompt = game.state.prompts.pop(0)
    if prompt.kind == "banish":
        return flow_battle.resolve_fight(game, seat, banish=True)
    events: list[Event] = [m.SkillFired(seat=seat, card=prompt.card, skill=prompt.skill)]
    events += turn.search(game, seat, "delve")
    return events if game.state.phase == "over" else events + go_on(game, seat)


def skip_skill(game: RelicBase, seat: int, action: m.SkipSkill) -> list[Event]:
    prompt = game.state.prompts.pop(0)
    events: list[Event] = [m.SkillPassed(seat=seat, card=prompt.card, skill=prompt.skill,
                                         reason="skipped")]
    if prompt.kind == "banish":  # the fight is decided on TS and BP
        return events + flow_battle.resolve_fight(game, seat, banish=False)
    return events + go_on(game, seat)


def mend(game: RelicBase, seat: int, action: m.Mend) -> list[Event]:
    prompt = game.state.prompts[0]
    events: list[Event] = []
    if not prompt.used:
        events.append(m.SkillFired(seat=seat, card=prompt.card, skill="mend"))
    prompt.used = True
    game.player(seat).hand.remove(action.card)
    game.state.discard.append(action.card)
    events.append(m.Discarded(seat=seat, cards=[action.card], reason="mend"))
    # It goes on until Done, whether injuries are left or not (that is the hand's secret);
    # only an emptied hand, which every seat sees, ends it.
    if not game.prompt_may_hold(seat, prompt):
        game.state.prompts.pop(0)
        events += go_on(game, seat)
    return events


def done(game: RelicBase, seat: int, action: m.Done) -> list[Event]:
    prompt = game.state.prompts.pop(0)
    events: list[Event] = []
    if not prompt.used:
        events.append(m.SkillPassed(seat=seat, card=prompt.card, skill=prompt.skill,
                                    reason="skipped"))
    return events + go_on(game, seat)


def advance(game: RelicBase, seat: int, action: m.SetDungeon) -> list[Event]:
    """An advance sets a dungeon card; it does not use up the dungeon phase's own set."""
    prompt = game.state.prompts.pop(0)
    events: list[Event] = [m.SkillFired(seat=seat, card=prompt.card, skill="advance")]
    return events + skills.set_dungeon(game, seat, action.card, "advance") + go_on(game, seat)


def wild_as(game: RelicBase, seat: int, action: m.WildAs) -> list[Event]:
    """A wild card discarded: the skill it is used as takes its prompt's place."""
    events: list[Event] = [m.WildChosen(seat=seat, card=action.card, skill=action.skill)]
    game.state.prompts[0] = Prompt(action.card, action.skill, PROMPT_KIND[action.skill])
    return events + go_on(game, seat)


# --- refusals -----------------------------------------------------------------------------------
def no_advance(game: RelicBase, seat: int, action: m.SetDungeon) -> str | None:
    if game.state.prompts[0].kind != "advance":
        return refuse("relic.refuse.set_dungeon_answers_advance",
                      "set_dungeon answers an advance prompt only")
    return game.no_dungeon_set(seat, action.card)


def no_mend(game: RelicBase, seat: int, action: m.Mend) -> str | None:
    if game.state.prompts and game.state.prompts[0].kind != "mend":
        return refuse("relic.refuse.mend_answers_mend_prompt", "mend answers a mend prompt only")
    return game.not_in_hand(seat, action.card, "injury")


def no_wild_on_discard(game: RelicBase, seat: int, action: m.WildAs) -> str:
    return flow_battle.no_wild_card(game, seat, action) or refuse(
        "relic.refuse.wild_on_discard", "{skill} cannot fire now (wild on discard: delve, "
        "advance or mend whose condition holds)", skill=action.skill)
