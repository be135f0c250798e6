"""The phase ``choose_hero``: classes chosen in seat order at setup (two pawns each), a new hero
after a death; then the wizards' spellbooks (``flow_spells.py``)."""

from __future__ import annotations

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import Ids, refuse
from dungeon_table.games.dungeon import cycle, flow_spells
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase


def legal(game: DungeonBase, seat: int) -> list[Action]:
    return [m.ChooseHero(hero=h) for h in hero_choices(game, seat)]


def hero_choices(game: DungeonBase, seat: int) -> list[str]:
    """Classes with an unused pawn. A killed hero's pawn is not one (the source: choose a new
    hero, the same one only when none is left), so it comes back only then."""
    used = pawns_in_use(game)
    free = [h for h in m.HEROES
            if any(f"{h}-{i}" not in used for i in range(1, game.t.pawns + 1))]
    own = game.state.heroes[seat].hero
    return free or [own]


def pawns_in_use(game: DungeonBase) -> set[str]:
    return {h.pawn for h in game.state.heroes if h.pawn}


def start_space(game: DungeonBase, seat: int) -> str:
    """The Great Hall, or the space a script's ``start`` deck names (the first pawn only)."""
    hero = game.state.heroes[seat]
    if seat < len(game.starts) and not hero.deaths:
        return game.starts[seat]
    return game.board.hall


def take_pawn(game: DungeonBase, seat: int, hero_class: str) -> list[Event]:
    """An unused pawn of the class; the seat's own (killed) pawn when none is left."""
    hero = game.state.heroes[seat]
    used = pawns_in_use(game)
    pawns = [f"{hero_class}-{i}" for i in range(1, game.t.pawns + 1)]
    hero.hero = hero_class
    hero.pawn = next((p for p in pawns if p not in used), hero.pawn or pawns[0])
    hero.space, hero.came_from = start_space(game, seat), ""
    return [m.HeroChosen(seat=seat, hero=hero_class, pawn=hero.pawn)]


def after_heroes_chosen(game: DungeonBase) -> list[Event]:
    """Wizards roll their spellbooks and fill them by the sealed draft; then seat 0 starts."""
    wizards = [h.seat for h in game.state.heroes if h.hero == "wizard"]
    return flow_spells.roll_spellbooks(game, wizards, "setup")


def choose_hero(game: DungeonBase, seat: int, action: m.ChooseHero) -> list[Event]:
    state = game.state
    events = take_pawn(game, seat, action.hero)
    if state.turn_no:  # a new hero after a death: a wizard fills a new book
        if action.hero == "wizard":
            return events + flow_spells.roll_spellbooks(game, [seat], "death")
        return events + cycle.next_turn(game)
    if seat + 1 < game.n:
        state.active = seat + 1
        return events
    return events + after_heroes_chosen(game)


def why_not_choose_hero(game: DungeonBase, seat: int, action: m.ChooseHero) -> str | None:
    if action.hero not in m.HEROES:
        return refuse("dungeon.refuse.not_hero_heroes", "{hero} is not a hero (heroes: {heroes})",
                      hero=action.hero, heroes=Ids(m.HEROES))
    if action.hero == game.state.heroes[seat].hero:
        return refuse("dungeon.refuse.no_other_pawn_free", "no other {hero} pawn is free: a "
                      "killed hero comes back only when no other hero is left", hero=action.hero)
    return refuse("dungeon.refuse.both_pawns_play", "both {hero} pawns are in play",
                  hero=action.hero)
