"""What a seat sees (``DungeonView``) and the whole state as plain data.

Hidden from a seat: the other wizards' spellbooks (a count shows) and wish lists, crystal-ball
cards it did not
scry (until a hero enters), the decks' order, the hunters' cards until they attack, and the
choices of the seat to act (moves, peeks...) unless it is that seat.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.state import Hero, Slot

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


def build_view(game: Dungeon, seat: int | None) -> m.DungeonView:
    acting = seat is not None and seat in game.to_act()
    base = m.DungeonView(
        seat=seat,
        n_players=game.n,
        mode=game.mode,
        phase=game.phase,  # type: ignore[arg-type]
        active=game.active,
        turn=game.turn_no,
        round=game.round,
        to_act=game.to_act(),
        heroes=[_hero(game, h, seat) for h in game.heroes],
        defeat_tokens=dict(sorted(game.tokens.items())),
        slots=[_slot(s, seat) for _, s in sorted(game.slots.items())],
        decks=[m.DeckView(level=lv, monsters=len(game.monsters[lv]),
                          monster_discards=len(game.monster_discards[lv]),
                          treasures=len(game.treasures[lv]),
                          discard_pile=list(game.monster_discards[lv])) for lv in range(1, 7)],
        hunters=[m.HunterView(hunter=h.hunter, space=h.space,
                              card=h.card if h.revealed else "", path=game.hunter_route(h),
                              dropped=list(h.dropped))
                 for h in game.hunters],
        encounter=_encounter(game, acting),
        doorway=_doorway(game, acting),
        draft_order=list(game.draft.order) if game.phase == "spells" else [],
        spell_wishes=list(game.draft.wishes.get(seat, [])) if seat is not None else [],
        hunt_treasure=game.hunt_treasure,
        time_limit=game.time_limit(),
        clock_running=bool(game.time_limit()) and game.turn_no > 0 and game.phase != "over",
        crystal_ball_used=game.turn.crystal_ball_used,
        esp_used=game.turn.esp_used,
        spell_cast=game.turn.spell_cast,
        end_reason=game.end_reason,
        winners=list(game.winners),
    )
    if not acting:
        return base
    assert seat is not None
    return _with_choices(game, seat, base)


def _with_choices(game: Dungeon, seat: int, base: m.DungeonView) -> m.DungeonView:
    import msgspec

    routes = game.routes(seat) if game.phase == "move" else {}
    hero = game.heroes[seat]
    drafting = game.phase == "spells"
    return msgspec.structs.replace(
        base,
        moves_left=game.turn.moves_left if game.phase in ("move", "doorway") else 0,
        moves={dest: list(r.path) for dest, r in sorted(routes.items())},
        secret_doors_on={dest: list(r.secret_doors) for dest, r in sorted(routes.items())
                         if r.secret_doors},
        peek_targets={u: t for u in ("esp", "spell") if (t := game.peek_targets(seat, u))},
        scry_targets=game.scry_targets(seat),
        can_end_turn=game.can_end_turn(seat),
        can_refill=game.can_refill(seat),
        pit_choices=list(game.pit_choices) if game.phase == "pit" else [],
        hero_choices=game.hero_choices(seat) if game.phase == "choose_hero" else [],
        wish_room=game.wish_room(seat),
        spells_to_take=game.draft.size.get(seat, 0) if drafting else 0,
        waiting=_waiting(game, seat),
        secret_door_need=0 if game.t.holds_secret_door_card(hero.treasures) or not hero.hero
        else game.t.find_need(hero.hero),
    )


def _hero(game: Dungeon, hero: Hero, seat: int | None) -> m.HeroView:
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


def chance(need: int, bonus: int) -> float:
    """The chance that 2d6 + ``bonus`` reaches ``need`` (0 when it cannot be hit)."""
    if need <= 0:
        return 0.0
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + bonus >= need)
    return hits / 36


def _encounter(game: Dungeon, acting: bool) -> m.EncounterView | None:
    """Public (everyone sees what the hero faces), but for the spells it could use."""
    enc = game.encounter
    if enc is None or game.phase != "combat":
        return None
    need, bonus = game.attack_need(game.active, enc.card)
    return m.EncounterView(space=enc.space, card=enc.card, source=enc.source, slot=enc.slot,
                           need=need, bonus=bonus, chance=chance(need, bonus), hunter=enc.hunter,
                           teleport_to=game.teleport_targets(game.active) if acting else [])


def _waiting(game: Dungeon, seat: int) -> m.EncounterView | None:
    """The odds against what waits in the hero's own space, before it decides to attack."""
    if not game.waiting_here(seat):
        return None
    space = game.heroes[seat].space
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


def _doorway(game: Dungeon, acting: bool) -> m.DoorwayView | None:
    enc = game.encounter
    if enc is None or game.phase != "doorway":
        return None
    return m.DoorwayView(space=enc.space, card=enc.card, using=enc.using,
                         spell_need=game.spell_needs(game.active) if acting else {},
                         trap=bool(game.t.trap(enc.card)))


def build_state(game: Dungeon) -> dict[str, Any]:
    """Everything, hidden parts included, as plain data (scripts, determinism checks)."""
    return {
        "phase": game.phase,
        "mode": game.mode,
        "turn": game.turn_no,
        "round": game.round,
        "active": game.active,
        "to_act": game.to_act(),
        "heroes": [asdict(h) for h in game.heroes],
        "monsters": {lv: list(d.cards) for lv, d in game.monsters.items()},
        "monster_discards": {lv: list(d) for lv, d in game.monster_discards.items()},
        "treasures": {lv: list(d.cards) for lv, d in game.treasures.items()},
        "tokens": dict(sorted(game.tokens.items())),
        "slots": [asdict(s) for _, s in sorted(game.slots.items())],
        "spell_supply": dict(game.spell_supply),
        "draft": asdict(game.draft),
        "encounter": asdict(game.encounter) if game.encounter else None,
        "pit_choices": list(game.pit_choices),
        "hunters": [asdict(h) for h in game.hunters],
        "hunters_to_move": list(game.hunters_to_move),
        "hunt_treasure": game.hunt_treasure,
        "turn_state": asdict(game.turn),
        "dice": list(game.dice),
        "end_reason": game.end_reason,
        "winners": list(game.winners),
        "gp": [game.gp(s) for s in range(game.n)],
    }
