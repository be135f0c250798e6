"""What a seat sees (``DungeonView``).

Hidden from a seat: the other wizards' spellbooks (a count shows) and wish lists, crystal-ball
cards it did not scry (until a hero enters), the decks' order, the hunters' cards until they
attack, and the choices of the seat to act (moves, peeks...) unless it is that seat.
"""

from __future__ import annotations

import msgspec

from dungeon_table.games.dungeon import (
    flow_choose_hero,
    flow_combat,
    flow_doorway,
    flow_move,
    flow_spells,
    hunters,
    modes,
)
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import LEVELS, DungeonBase
from dungeon_table.games.dungeon.odds import chance
from dungeon_table.games.dungeon.state import Hero, Slot


def build_view(game: DungeonBase, seat: int | None) -> m.DungeonView:
    state = game.state
    to_act = game.to_act()
    acting = seat is not None and seat in to_act
    time_limit = modes.time_limit(game)
    base = m.DungeonView(
        seat=seat,
        n_players=game.n,
        mode=game.mode,
        phase=state.phase,  # type: ignore[arg-type]
        active=state.active,
        turn=state.turn_no,
        round=state.round,
        to_act=to_act,
        heroes=[_hero(game, h, seat) for h in state.heroes],
        defeat_tokens=dict(sorted(state.tokens.items())),
        slots=[_slot(s, seat) for _, s in sorted(state.slots.items())],
        decks=[m.DeckView(level=lv, monsters=len(state.monsters[lv]),
                          monster_discards=len(state.monster_discards[lv]),
                          treasures=len(state.treasures[lv]),
                          discard_pile=list(state.monster_discards[lv])) for lv in LEVELS],
        hunters=[m.HunterView(hunter=h.hunter, space=h.space,
                              card=h.card if h.revealed else "",
                              path=hunters.hunter_route(game, h), dropped=list(h.dropped))
                 for h in state.hunters],
        encounter=_encounter(game, acting),
        doorway=_doorway(game, acting),
        draft_order=list(state.draft.order) if state.phase == "spells" else [],
        spell_wishes=list(state.draft.wishes.get(seat, [])) if seat is not None else [],
        hunt_treasure=state.hunt_treasure,
        time_limit=time_limit,
        clock_running=bool(time_limit) and state.turn_no > 0 and state.phase != "over",
        crystal_ball_used=state.turn.crystal_ball_used,
        esp_used=state.turn.esp_used,
        spell_cast=state.turn.spell_cast,
        end_reason=state.end_reason,
        winners=list(state.winners),
    )
    if not acting:
        return base
    assert seat is not None
    return _with_choices(game, seat, base)


def _with_choices(game: DungeonBase, seat: int, base: m.DungeonView) -> m.DungeonView:
    state = game.state
    phase = state.phase
    routes = game.routes(seat) if phase == "move" else {}
    hero = state.heroes[seat]
    drafting = phase == "spells"
    return msgspec.structs.replace(
        base,
        moves_left=state.turn.moves_left if phase in ("move", "doorway") else 0,
        moves={dest: list(r.path) for dest, r in sorted(routes.items())},
        secret_doors_on={dest: list(r.secret_doors) for dest, r in sorted(routes.items())
                         if r.secret_doors},
        peek_targets={u: t for u in ("esp", "spell")
                      if (t := flow_move.peek_targets(game, seat, u))},
        scry_targets=flow_move.scry_targets(game, seat),
        can_end_turn=flow_move.can_end_turn(game, seat),
        can_refill=flow_move.can_refill(game, seat),
        pit_choices=list(state.pit_choices) if phase == "pit" else [],
        hero_choices=flow_choose_hero.hero_choices(game, seat) if phase == "choose_hero" else [],
        wish_room=flow_spells.wish_room(game, seat),
        spells_to_take=state.draft.size.get(seat, 0) if drafting else 0,
        waiting=_waiting(game, seat),
        secret_door_need=0 if game.t.holds_secret_door_card(hero.treasures) or not hero.hero
        else game.t.find_need(hero.hero),
    )


def _hero(game: DungeonBase, hero: Hero, seat: int | None) -> m.HeroView:
    return m.HeroView(
        seat=hero.seat, hero=hero.hero, pawn=hero.pawn, space=hero.space,
        treasures=list(hero.treasures), gp=game.gp(hero.seat), target=game.target(hero.seat),
        sword=hero.sword, sword_bonus=hero.sword_bonus, lose_turns=hero.lose_turns,
        spell_count=len(hero.spells), spellbook_size=hero.spellbook_size,
        spells=sorted(hero.spells) if hero.seat == seat else [],
        found_doors=list(hero.found_doors),
        secret_door_card=game.t.holds_secret_door_card(hero.treasures), deaths=hero.deaths,
    )


def _slot(slot: Slot, seat: int | None) -> m.SlotView:
    hidden = slot.face_down and seat != slot.scrier
    return m.SlotView(slot=slot.slot, space=slot.space, monster="" if hidden else slot.monster,
                      face_down=slot.face_down, treasure="" if hidden else slot.treasure,
                      dropped=list(slot.dropped))


def _encounter(game: DungeonBase, acting: bool) -> m.EncounterView | None:
    """Public (everyone sees what the hero faces), but for the spells it could use."""
    state = game.state
    enc = state.encounter
    if enc is None or state.phase != "combat":
        return None
    need, bonus = game.attack_need(state.active, enc.card)
    teleports = flow_combat.teleport_targets(game, state.active) if acting else []
    return m.EncounterView(space=enc.space, card=enc.card, source=enc.source, slot=enc.slot,
                           need=need, bonus=bonus, chance=chance(need, bonus), hunter=enc.hunter,
                           teleport_to=teleports)


def _waiting(game: DungeonBase, seat: int) -> m.EncounterView | None:
    """The odds against what waits in the hero's own space, before it decides to attack."""
    if not flow_move.waiting_here(game, seat):
        return None
    space = game.state.heroes[seat].space
    slot, hunter = game.slot_at(space), game.hunter_at(space)
    if hunter is not None:
        card, source, number = hunter.card if hunter.revealed else "", "hunter", 0
    else:
        assert slot is not None
        hidden = slot.face_down and slot.scrier != seat
        card, source, number = "" if hidden else slot.monster, "slot", slot.slot
    need, bonus = game.attack_need(seat, card) if card else (0, 0)
    return m.EncounterView(space=space, card=card, source=source, slot=number, need=need,
                           bonus=bonus, chance=chance(need, bonus),
                           hunter=hunter.hunter if hunter is not None else 0)


def _doorway(game: DungeonBase, acting: bool) -> m.DoorwayView | None:
    state = game.state
    enc = state.encounter
    if enc is None or state.phase != "doorway":
        return None
    needs = flow_doorway.spell_needs(game, state.active) if acting else {}
    return m.DoorwayView(space=enc.space, card=enc.card, using=enc.using, spell_need=needs,
                         spell_chance={spell: chance(need) for spell, need in needs.items()},
                         trap=bool(game.t.trap(enc.card)))
