"""(5) The battle phase: the player commits characters from hand against one enemy on its field,
chooses their TS (the best is preselected), sets each committed wild card's skill, and fights,
or with nothing committed goes to the end phase. The arithmetic is ``battle.py``'s.

A fight with a card's own banish among the committed cards first prompts once (banish "may" be
used): the battle is kept until the answer resolves it (``resolve_fight``). Win or lose, the
committed characters are discarded and their discard skills prompt one by one.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import refuse
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic import skills
from dungeon_table.games.relic.base import RelicBase, distinct
from dungeon_table.games.relic.battle import banish_card, best_ts, preview, ts_options
from dungeon_table.games.relic.cards import BATTLE_SKILLS
from dungeon_table.games.relic.state import Battle, Prompt


def legal(game: RelicBase, seat: int) -> list[Action]:
    battle = fight_of(game)
    hand = [c for c in game.player(seat).hand if c not in battle.committed]
    out: list[Action] = [m.Commit(card=c) for c in distinct(
        c for c in hand if game.kind(c) == "character")]
    out += [m.Withdraw(card=c) for c in battle.committed]
    out += [m.ChooseTs(ts=t) for t in ts_options(game.cards, battle.committed) if t != battle.ts]
    for card in battle.committed:
        if game.cards.card(card).skill == "wild":
            current = battle.wild.get(card, "")
            out += [m.WildAs(card=card, skill=s) for s in (*BATTLE_SKILLS, "") if s != current]
    out.append(m.Fight() if battle.committed else m.EndPhase())
    return out


def fight_of(game: RelicBase) -> Battle:
    """The battle under way (there is one in the battle phase and at a banish prompt)."""
    battle = game.state.battle
    assert battle is not None
    return battle


def _retune(game: RelicBase) -> None:
    battle = fight_of(game)
    battle.ts = best_ts(game.cards, battle.enemy, battle.committed, battle.wild, battle.ts)


def commit(game: RelicBase, seat: int, action: m.Commit) -> list[Event]:
    fight_of(game).committed.append(action.card)
    _retune(game)
    return [m.Committed(seat=seat, card=action.card)]


def withdraw(game: RelicBase, seat: int, action: m.Withdraw) -> list[Event]:
    battle = fight_of(game)
    battle.committed.remove(action.card)
    battle.wild.pop(action.card, None)
    _retune(game)
    return [m.Withdrawn(seat=seat, card=action.card)]


def choose_ts(game: RelicBase, seat: int, action: m.ChooseTs) -> list[Event]:
    fight_of(game).ts = action.ts
    return [m.TsChosen(seat=seat, ts=action.ts)]


def wild_as(game: RelicBase, seat: int, action: m.WildAs) -> list[Event]:
    battle = fight_of(game)
    if action.skill:
        battle.wild[action.card] = action.skill
    else:
        battle.wild.pop(action.card, None)
    _retune(game)
    return [m.WildChosen(seat=seat, card=action.card, skill=action.skill)]


def fight(game: RelicBase, seat: int, action: m.Fight) -> list[Event]:
    battle = fight_of(game)
    out = preview(game.cards, battle.enemy, battle.committed, battle.ts, battle.wild)
    if out.banish_optional:  # banish "may" be used: its owner chooses before it resolves
        card = banish_card(game.cards, battle.committed)
        game.state.prompts.insert(0, Prompt(card, "banish", "banish"))
        game.state.phase = "prompt"
        return []
    return resolve_fight(game, seat, banish=out.banish)


def resolve_fight(game: RelicBase, seat: int, banish: bool) -> list[Event]:
    """The fight as the preview has it, the banish used or not; then the discard skills."""
    state, battle = game.state, fight_of(game)
    foe = game.cards.card(battle.enemy)
    out = preview(game.cards, battle.enemy, battle.committed, battle.ts, battle.wild)
    outcome, fired = out.outcome, out.skills
    if out.banish and not banish:
        outcome, fired = out.fight, [s for s in out.skills if s != "banish"]
    player = game.player(seat)
    fought = list(battle.committed)
    events: list[Event] = [m.Fought(
        seat=seat, enemy=battle.enemy, owner=battle.owner, cards=fought,
        ts=battle.ts, bp=out.bp, enemy_ts=foe.ts or "", enemy_bp=foe.bp, outcome=outcome,
        skills=fired)]
    if outcome != "lost":
        player.enemies.remove((battle.enemy, battle.owner))
    if outcome == "won":
        player.defeated.append(battle.enemy)
    elif outcome == "banished":
        state.discard.append(battle.enemy)
        events.append(m.Discarded(seat=seat, cards=[battle.enemy], reason="banish"))
    for card in fought:
        player.hand.remove(card)
        state.discard.append(card)
    events.append(m.Discarded(seat=seat, cards=fought, reason="battle"))
    used_wild = set(battle.wild)  # a wild card used in battle has spent its skill
    state.battle = None
    skills.queue_discard_skills(game, seat, [c for c in fought if c not in used_wild])
    return events + skills.run_prompts(game, seat, "end")


# --- refusals -----------------------------------------------------------------------------------
def no_commit(game: RelicBase, seat: int, action: m.Commit) -> str | None:
    if game.state.battle and action.card in game.state.battle.committed:
        return refuse("relic.refuse.already_committed", "{card} is already committed",
                      card=action.card)
    return game.not_in_hand(seat, action.card, "character")


def not_committed(game: RelicBase, seat: int, action: m.Withdraw) -> str:
    return refuse("relic.refuse.not_committed_battle", "{card} is not committed to this battle",
                  card=action.card)


def no_ts(game: RelicBase, seat: int, action: m.ChooseTs) -> str:
    if game.state.battle and action.ts == game.state.battle.ts:
        return refuse("relic.refuse.already_chosen_ts", "{ts} is already the chosen TS",
                      ts=action.ts)
    return refuse("relic.refuse.no_committed_character_has",
                  "no committed character has the TS {ts}",
                  ts=action.ts)


def no_wild_card(game: RelicBase, seat: int, action: m.WildAs) -> str | None:
    """Why ``action.card`` cannot be a wild card used as ``action.skill`` at all."""
    if action.card not in game.player(seat).hand:
        return refuse("relic.refuse.not_hand", "{card} is not in your hand", card=action.card)
    if game.cards.card(action.card).skill != "wild":
        return refuse("relic.refuse.has_no_wild_skill", "{card} has no wild skill",
                      card=action.card)
    if action.skill == "shield":
        return refuse("relic.refuse.wild_may_any_skill", "wild may be any skill but shield")
    return None


def no_wild_in_battle(game: RelicBase, seat: int, action: m.WildAs) -> str:
    return (no_wild_card(game, seat, action)
            or refuse("relic.refuse.wild_in_battle", "in battle a wild card is banish, feint "
                      "or pierce (or nothing), once committed"))


def nothing_committed(game: RelicBase, seat: int, action: m.Fight) -> str:
    return refuse("relic.refuse.commit_least_one_character", "commit at least one character first")


def committed_already(game: RelicBase, seat: int, action: m.EndPhase) -> str:
    return refuse("relic.refuse.characters_committed_fight_withdraw",
                  "characters are committed: fight, or withdraw them first")
