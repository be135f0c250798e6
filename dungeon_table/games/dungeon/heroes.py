"""Setting heroes up: classes chosen in seat order (two pawns each), a new hero after a death;
then the wizards' spellbooks (``draft.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


class HeroRules:
    """Mixed into ``Dungeon``."""

    def preset_heroes(self: Dungeon) -> list[str]:
        text = str(self.options.get("heroes", "") or "")
        return [h.strip() for h in text.split(",") if h.strip()]

    def start_space(self: Dungeon, seat: int) -> str:
        """The Great Hall, or the space a script's ``start`` deck names (the first pawn only)."""
        hero = self.heroes[seat]
        if seat < len(self.starts) and not hero.deaths:
            return self.starts[seat]
        return self.board.hall

    def pawns_in_use(self: Dungeon) -> set[str]:
        return {h.pawn for h in self.heroes if h.pawn}

    def hero_choices(self: Dungeon, seat: int) -> list[str]:
        """Classes with an unused pawn. A killed hero's pawn is not one (the source: choose a new
        hero, the same one only when none is left), so it comes back only then."""
        used = self.pawns_in_use()
        free = [h for h in m.HEROES
                if any(f"{h}-{i}" not in used for i in range(1, self.t.pawns + 1))]
        own = self.heroes[seat].hero
        return free or [own]

    def take_pawn(self: Dungeon, seat: int, hero_class: str) -> list[Event]:
        """An unused pawn of the class; the seat's own (killed) pawn when none is left."""
        hero = self.heroes[seat]
        used = self.pawns_in_use()
        pawns = [f"{hero_class}-{i}" for i in range(1, self.t.pawns + 1)]
        hero.hero = hero_class
        hero.pawn = next((p for p in pawns if p not in used), hero.pawn or pawns[0])
        hero.space, hero.came_from = self.start_space(seat), ""
        return [m.HeroChosen(seat=seat, hero=hero_class, pawn=hero.pawn)]

    def after_heroes_chosen(self: Dungeon) -> list[Event]:
        """Wizards roll their spellbooks and fill them by the sealed draft; then seat 0 starts."""
        wizards = [h.seat for h in self.heroes if h.hero == "wizard"]
        return self.roll_spellbooks(wizards, "setup")

    # --- setup actions --------------------------------------------------------------------------
    def _do_ChooseHero(self: Dungeon, seat: int, action: m.ChooseHero) -> list[Event]:  # noqa: N802
        events = self.take_pawn(seat, action.hero)
        if self.turn_no:  # a new hero after a death: a wizard fills a new book
            if action.hero == "wizard":
                return events + self.roll_spellbooks([seat], "death")
            return events + self.next_turn()
        if seat + 1 < self.n:
            self.active = seat + 1
            return events
        return events + self.after_heroes_chosen()
