"""Dungeon! end to end: random games with 1, 2, 4 and 8 heroes and in every solo mode run to
their end, scripted turns with stacked decks and dice, saves that replay to the same game.
(Rule-by-rule tests are the ``test_rules_*`` modules.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import dungeon_table.games.dungeon  # noqa: F401 - registers the game
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Event, to_dict
from dungeon_table.core.registry import get
from dungeon_table.core.script import run_script
from dungeon_table.games.dungeon import flow_combat, flow_move
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.movement import hunter_path
from dungeon_table.games.dungeon.rules import Dungeon
from dungeon_table.games.dungeon.state import Slot
from dungeon_table.games.dungeon.tables import load_tables

MAX_ACTIONS = 8000


def random_game(seats: int, seed: int, **options: Any) -> tuple[Dungeon, int]:
    game = get("dungeon").new_game(["human"] * seats, seed, options)
    assert isinstance(game, Dungeon)
    rng = random.Random(seed)
    for count in range(MAX_ACTIONS):
        if game.result() is not None:
            return game, count
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError(f"{seats} seats, seed {seed}, {options}: no end")


def script(actions: list[dict[str, Any]], seats: int = 1, **setup: Any) -> tuple[Dungeon, list]:
    """Run a script: ``setup`` holds options (heroes, mode...) and the stack (start, dice...)."""
    stack = {k: v for k, v in setup.items() if k in Dungeon.stack_decks}
    options = {k: v for k, v in setup.items() if k not in stack}
    run = run_script({"game": "dungeon", "seed": 3, "seats": ["human"] * seats,
                      "options": options, "stack": stack, "actions": actions})
    assert isinstance(run.game, Dungeon)
    return run.game, run.events


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# --- random games -----------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [1, 2, 4, 8])
def test_random_races_end_with_a_ranked_result(seats: int) -> None:
    for seed in range(2):
        game, _ = random_game(seats, seed)
        result = game.result()
        assert result is not None and game.to_act() == []
        assert sorted(result.ranking) == list(range(seats))
        assert result.ranking[: len(result.winners)] == result.winners
        assert game.state.end_reason in ("returned", "round_limit")
        # the opening point, then one per round played (the limit stops as round 201 starts)
        played = game.state.round - (game.state.end_reason == "round_limit")
        assert all(len(series) == played + 1 for series in result.history)


@pytest.mark.parametrize("mode", ["treasure_hunt", "time_attack", "hunter"])
def test_random_solo_games_end(mode: str) -> None:
    reasons = {"treasure_hunt": {"found", "killed_twice", "out_of_reach", "round_limit"},
               "time_attack": {"returned", "round_limit"},
               "hunter": {"returned", "hunted", "round_limit"}}
    for seed in range(3):
        game, _ = random_game(1, seed, mode=mode, hunters=2)
        assert game.state.end_reason in reasons[mode]
        assert game.result() is not None


def test_solo_modes_need_exactly_one_seat() -> None:
    with pytest.raises(ValueError, match="solo: 1 seat"):
        get("dungeon").new_game(["human", "human"], 1, {"mode": "hunter"})
    with pytest.raises(ValueError, match="heroes names 1 classes for 2 seats"):
        get("dungeon").new_game(["human", "human"], 1, {"heroes": "rogue"})
    with pytest.raises(ValueError, match="2 wizard pawns at most"):
        get("dungeon").new_game(["human"] * 3, 1, {"heroes": "wizard,wizard,wizard"})


# --- scripted turns ---------------------------------------------------------------------------
# The board is still being drawn: the scripts find their spaces on it instead of naming them.
TABLES = load_tables()
BOARD = TABLES.board


def door_into_room(level: int) -> tuple[str, str]:
    """A corridor square and the level's room its (plain) door opens into."""
    for room in BOARD.rooms(level):
        for other, passage in BOARD.neighbours(room):
            if passage.kind == "door" and BOARD.spaces[other].kind == "corridor":
                return other, room
    raise AssertionError(f"no room of level {level} opens on a corridor")


def secret_door_into(kind: str) -> tuple[str, str, str]:
    """(the near side, a room or chamber beyond a secret door, the door)."""
    for door, passage in sorted(BOARD.secret_doors.items()):
        for near, far in ((passage.a, passage.b), (passage.b, passage.a)):
            if BOARD.spaces[far].kind == kind and BOARD.spaces[near].kind != "room":
                return near, far, door
    raise AssertionError(f"no secret door opens into a {kind}")


def monster(level: int, hero: str = "fighter") -> str:
    """A level's monster (not a trap) that ``hero`` can hit."""
    return next(c for c in TABLES.monster_ids(level)
                if not TABLES.trap(c) and TABLES.need(c, hero) is not None)


def treasure(level: int) -> str:
    return next(c for c in TABLES.treasure_ids(level) if not TABLES.special(c))


def test_a_fighter_walks_into_a_room_beats_its_monster_and_takes_its_treasure() -> None:
    corridor, room = door_into_room(1)
    card, gold = monster(1), treasure(1)
    game, events = script(
        [{"type": "move", "path": [room]}, {"type": "attack"}],
        heroes="fighter", start=[corridor], monsters_1=[card], treasures_1=[gold], dice=[6, 6])
    assert types(events)[:4] == ["moved", "monster_revealed", "attack_rolled", "monster_defeated"]
    attack = next(e for e in events if e["type"] == "attack_rolled")
    assert (attack["dice"], attack["need"], attack["hit"]) == (
        [6, 6], TABLES.need(card, "fighter"), True)
    assert game.state.heroes[0].treasures == [gold] and game.state.tokens == {room: 1}
    assert game.state.monster_discards[1] == [card]
    assert types(events)[-2:] == ["turn_ended", "turn_started"]


def test_a_miss_brings_the_counter_attack_the_slot_and_the_push_back() -> None:
    corridor, room = door_into_room(1)
    card = monster(1, "rogue")
    game, events = script(
        [{"type": "move", "path": [room]}, {"type": "attack"}],
        heroes="rogue", start=[corridor], monsters_1=[card], dice=[1, 1, 4, 5])
    counter = next(e for e in events if e["type"] == "counter_attack")
    assert (counter["dice"], counter["result"]) == ([4, 5], "wounded")
    hero = game.state.heroes[0]
    assert hero.space == corridor and hero.lose_turns == 0  # the token went on the next turn
    assert "turn_lost" in types(events)
    assert game.state.slots[1].monster == card and game.state.slots[1].space == room
    view = game.view(0)
    assert view.slots[0].monster == card and view.defeat_tokens == {}


def test_a_rogue_finds_a_secret_door_on_a_three() -> None:
    near, chamber, door = secret_door_into("chamber")
    level = BOARD.spaces[chamber].level
    card = monster(level, "rogue")
    game, events = script([{"type": "move", "path": [chamber]}], heroes="rogue", start=[near],
                          **{f"monsters_{level}": [card]}, dice=[3])
    roll = next(e for e in events if e["type"] == "secret_door_rolled")
    assert (roll["door"], roll["die"], roll["need"], roll["found"]) == (door, 3, 3, True)
    assert game.state.heroes[0].found_doors == [door] and game.phase == "combat"
    need = TABLES.need(card, "rogue")
    assert game.view(0).encounter == m.EncounterView(
        space=chamber, card=card, source="draw", slot=0, need=need, bonus=0,
        chance=sum(a + b >= need for a in range(1, 7) for b in range(1, 7)) / 36)


def test_a_missed_secret_door_stops_the_hero_and_ends_the_turn() -> None:
    near, chamber, _ = secret_door_into("chamber")
    game, events = script([{"type": "move", "path": [chamber]}], heroes="fighter",
                          start=[near], dice=[4])
    assert types(events)[:2] == ["secret_door_rolled", "turn_ended"]
    assert game.state.heroes[0].space == near and game.state.heroes[0].found_doors == []


def test_a_move_goes_the_offered_way_and_a_refusal_says_why() -> None:
    game = get("dungeon").new_game(["human"], 5, {"heroes": "cleric"})
    corridor = BOARD.neighbours(BOARD.hall)[0][0]
    listed = {a.path[-1]: a.path for a in game.legal_actions(0) if isinstance(a, m.Move)}
    assert listed[corridor] == (corridor,)
    with pytest.raises(IllegalAction, match="goes the offered way"):
        game.apply(0, m.Move(path=[corridor, BOARD.hall, corridor]))
    _, room = door_into_room(6)
    with pytest.raises(IllegalAction, match="not connected"):
        game.apply(0, m.Move(path=[room]))
    game.apply(0, m.Move(path=[corridor]))  # a list or a tuple: the same move
    assert game.state.heroes[0].space == corridor and game.state.turn.moves_left == 4


def test_time_up_ends_a_time_attack_and_is_never_offered() -> None:
    game = get("dungeon").new_game(["human"], 2, {"mode": "time_attack", "minutes": 15})
    assert game.view(0).time_limit == 900
    assert m.TimeUp() not in game.legal_actions(0)
    seat = game.to_act()[0]
    events = game.apply(seat, game.decode_action({"type": "time_up"}))
    assert [to_dict(e)["type"] for e in events] == ["game_ended"]
    assert game.result() is not None and game.result().winners == []
    race = get("dungeon").new_game(["human"], 2, {})
    with pytest.raises(IllegalAction, match="time attack"):
        race.apply(race.to_act()[0], m.TimeUp())


def test_heroes_are_chosen_in_seat_order_and_wizards_write_their_wish_lists_at_once() -> None:
    game = get("dungeon").new_game(["human"] * 3, 4, {})
    assert game.to_act() == [0] and game.phase == "choose_hero"
    game.apply(0, m.ChooseHero(hero="wizard"))
    game.apply(1, m.ChooseHero(hero="wizard"))
    assert m.ChooseHero(hero="wizard") not in game.legal_actions(2)  # both pawns in play
    events = game.apply(2, m.ChooseHero(hero="rogue"))
    sizes = [e.size for e in events if isinstance(e, m.SpellbookRolled)]
    assert len(sizes) == 2 and all(7 <= s <= 12 for s in sizes)
    assert game.to_act() == [0, 1] and game.phase == "spells"
    for seat in (1, 0):
        fill_book(game, "fireball", seat)
    assert game.state.active == 0 and game.phase == "move"
    assert [len(h.spells) for h in game.state.heroes] == [*sizes, 0]
    assert game.view(1).heroes[0].spells == [] and game.view(0).heroes[0].spell_count == sizes[0]


# --- saves ------------------------------------------------------------------------------------
def test_a_save_replays_to_the_same_game(tmp_path: Path) -> None:
    from dungeon_table.core.session import Session

    auto = tmp_path / "dungeon.yaml"
    session = Session.new("dungeon", ["human", "human"], 11, {"heroes": "wizard,fighter"},
                          autosave=auto)
    rng = random.Random(11)
    for _ in range(300):
        if session.game.result() is not None:
            break
        seat = session.game.to_act()[0]
        session.apply(seat, rng.choice(session.game.legal_actions(seat)))
    again = Session.load(auto).game
    assert json.dumps(again.state_dict(), sort_keys=True) == json.dumps(
        session.game.state_dict(), sort_keys=True)


def test_events_are_tagged_records() -> None:
    game = get("dungeon").new_game(["human"], 1, {"mode": "hunter", "hunters": 3})
    assert [type(e) for e in game.setup_events] == [m.HunterAppeared] * 3
    assert all(isinstance(e, Event) for e in game.setup_events)


# --- the specials, the wizard and the solo modes, one turn each ------------------------------
def new(heroes: str, seats: int = 1, **stack: list[Any]) -> Dungeon:
    options: dict[str, Any] = {"heroes": heroes}
    options.update({k: stack.pop(k) for k in ("mode", "hunters", "hunt_level") if k in stack})
    game = get("dungeon").new_game(["human"] * seats, 3, options, stack)
    assert isinstance(game, Dungeon)
    return game


def names(events: list[Event]) -> list[str]:
    return [to_dict(e)["type"] for e in events]


def fill_book(game: Dungeon, spell: str, seat: int = 0) -> None:
    """Write ``seat``'s wish list all of ``spell`` (what the game holds of it, then the first
    spell there is room for) and seal it."""
    while m.SealWishes() not in game.legal_actions(seat):
        room = game.view(seat).wish_room
        game.apply(seat, m.WishSpell(spell=spell if spell in room else min(room)))
    game.apply(seat, m.SealWishes())


def test_a_magic_sword_is_rolled_for_and_adds_its_bonus() -> None:
    corridor, room = door_into_room(1)
    card = monster(1)
    game = new("fighter", start=[corridor], monsters_1=[card],
               treasures_1=["magic_sword_1"], dice=[6, 6, 6, 6])
    game.apply(0, m.Move(path=[room]))
    events = game.apply(0, m.Attack())
    sword = next(e for e in events if isinstance(e, m.SwordRolled))
    assert (sword.dice, sword.bonus) == ([6, 6], 2)
    assert (game.state.heroes[0].sword, game.state.heroes[0].sword_bonus) == ("magic_sword_1", 2)
    assert game.attack_need(0, card) == (TABLES.need(card, "fighter"), 2)


def test_the_esp_medallion_peeks_and_holding_back_discards_the_card() -> None:
    corridor, room = door_into_room(1)
    card = monster(1)
    game = new("rogue", start=[corridor], monsters_1=[card])
    game.state.heroes[0].treasures.append("esp_medallion")
    assert m.Peek(space=room, using="esp") in game.legal_actions(0)
    game.apply(0, m.Peek(space=room, using="esp"))
    assert game.phase == "doorway" and game.view(0).doorway.card == card
    assert game.legal_actions(0) == [m.Enter(), m.Hold()]
    events = game.apply(0, m.Hold())
    assert names(events)[:2] == ["monster_discarded", "turn_ended"]
    assert game.state.monster_discards[1] == [card] and game.state.heroes[0].space == corridor


def test_a_fireball_from_the_doorway_clears_the_room_and_the_wizard_walks_in() -> None:
    corridor, room = door_into_room(1)
    card = monster(1)
    gold = treasure(1)
    game = new("wizard", start=[corridor], monsters_1=[card], treasures_1=[gold], dice=[6])
    fill_book(game, "fireball")
    game.state.dice = [6, 6]
    game.apply(0, m.Peek(space=room, using="spell"))
    assert m.CastSpell(spell="fireball") in game.legal_actions(0)
    events = game.apply(0, m.CastSpell(spell="fireball"))
    assert names(events)[:3] == ["spell_cast", "moved", "monster_defeated"]
    assert game.state.heroes[0].space == room and game.state.heroes[0].treasures == [gold]
    assert game.state.spell_supply["fireball"] == 1  # 9 taken, one cast back


def test_a_spell_miss_leaves_the_monster_waiting_with_no_counter_attack() -> None:
    corridor, room = door_into_room(1)
    card = next(c for c in TABLES.monster_ids(1)
                if not TABLES.trap(c) and (TABLES.spell_need(c, "lightning") or 0) > 2)
    game = new("wizard", start=[corridor], monsters_1=[card], dice=[6])
    fill_book(game, "lightning")
    game.state.dice = [1, 1]
    game.apply(0, m.Peek(space=room, using="spell"))
    events = game.apply(0, m.CastSpell(spell="lightning"))
    assert "counter_attack" not in names(events) and "monster_slotted" in names(events)
    assert game.state.slots[1].monster == card and game.state.heroes[0].space == corridor


def test_teleport_leaves_a_chamber_s_monster_waiting() -> None:
    chamber = BOARD.chambers(2)[0]
    card = monster(2)
    game = new("wizard", start=[chamber], monsters_2=[card], dice=[6])
    fill_book(game, "teleport")
    game.state.slots[1] = Slot(slot=1, space=chamber, monster=game.state.monsters[2].draw())
    assert flow_move.waiting_here(game, 0)
    targets = flow_combat.teleport_targets(game, 0)
    assert targets and all(abs(BOARD.spaces[c].level - 2) <= 1 for c in targets)
    to = next(c for c in targets if BOARD.spaces[c].level == 1)
    game.state.monsters[1].stack_top([monster(1)])
    events = game.apply(0, m.Teleport(to=to))
    assert names(events)[:2] == ["spell_cast", "teleported"]
    assert game.state.heroes[0].space == to and game.phase == "combat"
    assert (game.state.slots[1].space, game.state.slots[1].monster) == (chamber, card)  # still waiting


def test_the_crystal_ball_draws_face_down_for_the_scrier_alone() -> None:
    _, room = door_into_room(3)
    game = new("cleric,rogue", seats=2, monsters_3=[monster(3)], treasures_3=[treasure(3)])
    game.state.heroes[0].treasures.append("crystal_ball")
    events = game.apply(0, m.Scry(space=room))
    scried = next(e for e in events if isinstance(e, m.Scried))
    assert scried.to == (0,) and scried.treasure == treasure(3)
    assert game.view(0).slots[0].monster == monster(3)
    assert game.view(1).slots[0] == m.SlotView(slot=1, space=room, monster="", face_down=True)
    assert game.state.active == 1


def test_a_wizard_ending_in_the_great_hall_refills_next_turn() -> None:
    game = new("wizard", dice=[1])  # a book of 7
    fill_book(game, "fireball")
    game.state.heroes[0].spells = game.state.heroes[0].spells[:2]
    game.apply(0, m.EndTurn())
    assert flow_move.can_refill(game, 0)
    game.state.dice = [6]
    events = game.apply(0, m.Refill())
    refill = next(e for e in events if isinstance(e, m.RefillRolled))
    assert (refill.die, refill.count) == (6, 5) and game.view(0).spells_to_take == 5
    fill_book(game, "lightning")
    assert len(game.state.heroes[0].spells) == 7 and game.phase == "move"


def test_a_cage_gives_the_room_s_treasure_and_lose_turn_tokens() -> None:
    corridor, room = door_into_room(1)
    game = new("fighter", start=[corridor], monsters_1=["cage_trap_1"],
               treasures_1=[treasure(1)], dice=[6])
    events = game.apply(0, m.Move(path=[room]))
    assert names(events)[:5] == ["moved", "monster_revealed", "trap_sprung", "treasure_gained",
                                 "cage_rolled"]
    tokens = TABLES.cage_tokens("cage_trap_1", 6)
    assert game.state.tokens[room] == 1 and game.state.heroes[0].treasures == [treasure(1)]
    assert "turn_lost" in names(events) or tokens == 0


def test_a_pit_drops_the_hero_into_a_chamber_of_its_level() -> None:
    corridor, room = door_into_room(2)
    game = new("fighter", start=[corridor], monsters_2=["pit_trap_2", monster(2)])
    game.apply(0, m.Move(path=[room]))
    assert game.phase == "pit" and game.state.pit_choices == BOARD.chambers(2)
    events = game.apply(0, m.ChooseChamber(space=BOARD.chambers(2)[1]))
    assert names(events)[:2] == ["fell_into_pit", "monster_revealed"]
    assert game.state.heroes[0].space == BOARD.chambers(2)[1] and game.phase == "combat"


def test_a_killed_hero_chooses_again_and_starts_in_the_great_hall() -> None:
    corridor, room = door_into_room(1)
    game = new("rogue,cleric", seats=2, start=[corridor], monsters_1=[monster(1, "rogue")],
               treasures_1=[treasure(1)], dice=[1, 1, 6, 6])
    game.state.heroes[0].treasures.append(treasure(2))
    game.apply(0, m.Move(path=[room]))
    events = game.apply(0, m.Attack())
    assert "hero_killed" in names(events) and game.phase == "choose_hero"
    assert game.state.slots[1].dropped == [treasure(2)]
    game.apply(0, m.ChooseHero(hero="fighter"))
    assert game.state.heroes[0].space == BOARD.hall and game.state.heroes[0].pawn == "fighter-1"
    assert game.state.active == 1 and game.state.heroes[0].deaths == 1


def test_treasure_hunt_is_won_by_finding_the_drawn_treasure() -> None:
    corridor, room = door_into_room(1)
    game = new("fighter", mode="treasure_hunt", start=[corridor], monsters_1=[monster(1)],
               dice=[6, 6])
    game.state.treasures[1].stack_top([game.state.hunt_treasure])
    game.apply(0, m.Move(path=[room]))
    events = game.apply(0, m.Attack())
    assert names(events)[-1] == "game_ended" and game.result().winners == [0]
    assert game.state.end_reason == "found"


def test_a_hunter_walks_to_the_hero_and_its_kill_loses_the_game() -> None:
    game = new("fighter", mode="hunter", hunters=1)
    hunter = game.state.hunters[0]
    assert game.view(0).hunters[0].card == ""
    near = hunter_path(BOARD, hunter.space, BOARD.hall, 3)[-1]  # three spaces from the hunter
    game.state.heroes[0].space = near
    game.state.tokens[near] = TABLES.tokens_to_clear.get(near, 0)
    assert game.view(0).hunters[0].path[-1] == near
    game.state.dice = [1, 1, 6, 6]
    events = game.apply(0, m.EndTurn())
    assert names(events)[-2:] == ["hunter_moved", "hunter_revealed"]
    assert game.phase == "combat" and game.view(0).encounter.hunter == 1
    assert game.view(0).hunters[0].card == hunter.card
    game.apply(0, m.Attack())
    assert game.state.end_reason == "hunted" and game.result().winners == []


def test_the_clock_s_time_up_is_saved_and_replayed(tmp_path: Path) -> None:
    from dungeon_table.core.session import Session

    auto = tmp_path / "time.yaml"
    session = Session.new("dungeon", ["human"], 4, {"mode": "time_attack", "heroes": "rogue"},
                          autosave=auto)
    session.apply(0, session.game.legal_actions(0)[0])
    session.apply(0, session.game.decode_action({"type": "time_up"}))
    again = Session.load(auto).game
    assert isinstance(again, Dungeon) and again.state.end_reason == "time_up"
    assert again.state_dict() == session.game.state_dict()


def test_a_pit_with_no_chamber_left_is_redrawn_without_its_treasure() -> None:
    corridor, room = door_into_room(2)
    other = monster(2)
    game = new("fighter", start=[corridor], monsters_2=["pit_trap_2", other],
               treasures_2=[treasure(2)])
    for chamber in BOARD.chambers(2):
        game.state.tokens[chamber] = TABLES.chamber_capacity
    events = game.apply(0, m.Move(path=[room]))
    assert names(events)[1:5] == ["monster_revealed", "monster_discarded", "fell_into_pit",
                                  "monster_revealed"]
    assert game.phase == "combat" and game.state.encounter.card == other
    assert game.state.heroes[0].treasures == [] and room not in game.state.tokens
    assert game.state.monster_discards[2] == ["pit_trap_2"]


def test_with_every_slot_taken_the_monster_is_discarded_and_drops_go_under_the_deck() -> None:
    corridor, room = door_into_room(1)
    card = monster(1, "rogue")
    game = new("rogue", start=[corridor], monsters_1=[card], dice=[1, 1, 6, 1])
    for number in range(1, TABLES.slots + 1):
        game.state.slots[number] = Slot(slot=number, space=f"x{number}", monster=f"m{number}")
    game.state.heroes[0].treasures = [treasure(3)]
    game.apply(0, m.Move(path=[room]))
    events = game.apply(0, m.Attack())
    assert names(events)[2:4] == ["monster_discarded", "treasure_dropped"]
    assert game.state.monster_discards[1] == [card] and game.state.treasures[3].cards[0] == treasure(3)


def test_a_dropped_active_sword_passes_its_bonus_to_another_held_sword() -> None:
    corridor, room = door_into_room(3)
    card = next(c for c in TABLES.monster_ids(3) if (TABLES.need(c, "fighter") or 0) > 4)
    game = new("fighter", start=[corridor], monsters_3=[card], dice=[1, 1, 6, 1])
    hero = game.state.heroes[0]
    hero.treasures = ["magic_sword_1", "magic_sword_2"]
    hero.sword, hero.sword_bonus = "magic_sword_1", 2
    game.rng.shuffle = lambda cards: cards.sort()  # the drop takes the first: magic_sword_1
    game.apply(0, m.Move(path=[room]))
    game.apply(0, m.Attack())  # 1+1+2 misses; 6+1 stunned: one treasure dropped
    assert hero.treasures == ["magic_sword_2"]
    assert (hero.sword, hero.sword_bonus) == ("magic_sword_2", 2)


def test_a_hero_starting_beside_its_waiting_monster_sees_the_odds_and_may_attack() -> None:
    corridor, room = door_into_room(1)
    card = monster(1, "rogue")
    game = new("rogue", start=[corridor], monsters_1=[card], dice=[1, 1, 3, 3])
    game.apply(0, m.Move(path=[room]))
    game.apply(0, m.Attack())  # a miss, then 6 on the defeat table: stunned, the hero stays
    view = game.view(0)
    need = TABLES.need(card, "rogue")
    assert game.state.heroes[0].space == room and view.waiting is not None
    assert (view.waiting.card, view.waiting.slot, view.waiting.need) == (card, 1, need)
    assert m.Attack() in game.legal_actions(0) and m.EndTurn() in game.legal_actions(0)
    game.state.dice = [6, 6]
    events = game.apply(0, m.Attack())
    assert names(events)[:3] == ["monster_revealed", "attack_rolled", "monster_defeated"]
    assert not game.state.slots and game.state.tokens == {room: 1}


def test_doors_passed_with_the_secret_door_card_stay_found_without_it() -> None:
    near, chamber, door = secret_door_into("chamber")
    level = BOARD.spaces[chamber].level
    game = new("fighter", start=[near], **{f"monsters_{level}": [monster(level)]})
    game.state.heroes[0].treasures.append("secret_door_card")
    assert game.view(0).secret_door_need == 0
    events = game.apply(0, m.Move(path=[chamber]))
    roll = next(e for e in events if isinstance(e, m.SecretDoorRolled))
    assert (roll.die, roll.found) == (0, True) and game.state.heroes[0].found_doors == [door]
    game.state.heroes[0].treasures.remove("secret_door_card")
    assert game.context(0).door_open(door)
