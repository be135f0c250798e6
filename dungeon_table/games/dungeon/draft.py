"""The sealed spell draft: how wizards fill their spellbooks (at the start, after a death, a
refill) without anyone learning another's spells.

The source has two wizards pick their spells alternately, one at a time (ウィザードが２人いる
時、呪文の書を満たすまで交互に呪文を１つずつ選ぶ). Picked face to face, each pick would show in
what is left; on one screen, each would need the privacy screen, up to 24 times. So each wizard
writes a private wish list as long as its book (``wish_spell``, ``unwish_spell``) and seals it
(``seal_wishes``); when every list is in, the picks are made from them exactly as the source
alternates them: in seat order, round and round, each wizard taking the first spell of its list
the supply still holds. A wish whose spell is gone by its turn is skipped for the next one still
there; with none left on its list, the wizard takes what the supply holds, fireball first, then
lightning, then teleport. A book the supply cannot fill stays short.

    resolve([0, 1], {0: ["fireball"] * 7, 1: ["fireball"] * 8}, {0: 7, 1: 8},
            {"fireball": 9, "lightning": 9, "teleport": 6})
    # seat 0: 5 fireballs and 2 lightning bolts; seat 1: 4 fireballs and 4 lightning bolts
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Event
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.state import Draft

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon


def resolve(order: list[int], wishes: dict[int, list[str]], sizes: dict[int, int],
            supply: dict[str, int]) -> dict[int, list[str]]:
    """The spells each wizard of ``order`` takes from ``supply``, in the order taken (the
    module docstring gives the rule). ``supply`` is left as it was."""
    left = dict(supply)
    lists = {seat: list(wishes.get(seat, [])) for seat in order}
    taken: dict[int, list[str]] = {seat: [] for seat in order}
    while any(left.values()):
        turn = [seat for seat in order if len(taken[seat]) < sizes.get(seat, 0)]
        if not turn:
            break
        for seat in turn:
            spell = _next_pick(lists[seat], left)
            if spell:
                left[spell] -= 1
                taken[seat].append(spell)
    return taken


def _next_pick(wishes: list[str], left: dict[str, int]) -> str:
    """The first wish the supply still holds (taken off the list), else the first spell the
    supply holds in the order fireball, lightning, teleport (a wish used up for it); "" when the
    supply is empty."""
    wish = next((spell for spell in wishes if left.get(spell, 0) > 0), "")
    if wish:
        wishes.remove(wish)
        return wish
    if wishes:
        wishes.pop(0)
    return next((spell for spell in m.SPELLS if left.get(spell, 0) > 0), "")


def replaced(wishes: list[str], taken: list[str]) -> int:
    """How many wishes the book did not get."""
    met = Counter(wishes) & Counter(taken)
    return len(wishes) - sum(met.values())


class DraftRules:
    """Mixed into ``Dungeon``: rolling spellbooks and the sealed draft that fills them."""

    def roll_spellbooks(self: Dungeon, seats: list[int], then: str) -> list[Event]:
        """Each wizard's book holds 1d6 + 6 spells; then they write their wish lists."""
        events: list[Event] = []
        for seat in seats:
            die = self.roll(1)[0]
            size = die + self.t.spellbook_base
            self.heroes[seat].spellbook_size = size
            events.append(m.SpellbookRolled(seat=seat, die=die, size=size))
        return events + self.open_draft({seat: self.heroes[seat].spellbook_size
                                         for seat in seats}, then)

    def open_draft(self: Dungeon, sizes: dict[int, int], then: str) -> list[Event]:
        """The wizards of ``sizes`` (in seat order) write wish lists of those lengths."""
        order = sorted(seat for seat, size in sizes.items() if size > 0)
        self.draft = Draft(order=order, size={seat: sizes[seat] for seat in order},
                           wishes={seat: [] for seat in order}, then=then)
        if not order:
            return self.after_draft(then)
        self.phase = "spells"
        self.active = order[0]
        return []

    def wish_room(self: Dungeon, seat: int) -> dict[str, int]:
        """Spell -> how many more the list may take: the game's cards of that spell less those
        this wizard holds and has wished (all public to it, so nothing of another's book shows).
        Empty once the list is full."""
        wishes = self.draft.wishes.get(seat)
        if self.phase != "spells" or wishes is None or seat in self.draft.sealed \
                or len(wishes) >= self.draft.size[seat]:
            return {}
        held = self.heroes[seat].spells
        room = {spell: count - held.count(spell) - wishes.count(spell)
                for spell, count in self.t.spell_supply().items()}
        return {spell: n for spell, n in room.items() if n > 0}

    def list_full(self: Dungeon, seat: int) -> bool:
        wishes = self.draft.wishes.get(seat)
        return wishes is not None and len(wishes) == self.draft.size.get(seat, -1)

    # --- the actions ----------------------------------------------------------------------------
    def _do_WishSpell(self: Dungeon, seat: int, action: m.WishSpell) -> list[Event]:  # noqa: N802
        self.draft.wishes[seat].append(action.spell)
        return []  # nothing anyone else may learn; the seat's own view shows its list

    def _do_UnwishSpell(self: Dungeon, seat: int,  # noqa: N802
                        action: m.UnwishSpell) -> list[Event]:
        self.draft.wishes[seat].pop()
        return []

    def _do_SealWishes(self: Dungeon, seat: int,  # noqa: N802
                       action: m.SealWishes) -> list[Event]:
        self.draft.sealed.append(seat)
        events: list[Event] = [m.WishesSealed(seat=seat)]
        writing = self.draft.writing()
        if writing:
            self.active = writing[0]
            return events
        return events + self.fill_spellbooks()

    def fill_spellbooks(self: Dungeon) -> list[Event]:
        """Every list is in: the picks are made from them, each book told only to its wizard."""
        draft = self.draft
        taken = resolve(draft.order, draft.wishes, draft.size, self.spell_supply)
        events: list[Event] = []
        for seat in draft.order:
            for spell in taken[seat]:
                self.spell_supply[spell] -= 1
            self.heroes[seat].spells += taken[seat]
            others = tuple(s for s in range(self.n) if s != seat)
            events.append(m.SpellbookFilled(seat=seat, spells=list(taken[seat]),
                                            replaced=replaced(draft.wishes[seat], taken[seat]),
                                            to=(seat,)))
            if others:
                events.append(m.SpellbookFilledHidden(seat=seat, count=len(taken[seat]),
                                                      to=others))
        return events + self.after_draft(draft.then)

    def after_draft(self: Dungeon, then: str) -> list[Event]:
        """What the books were filled for goes on: the first turn, the next seat's turn after a
        death, the end of a refill's turn."""
        self.draft = Draft()
        if then == "setup":
            return self.start_turn(0, first=True)
        if then == "death":
            return self.next_turn()
        return self.end_turn()
