"""The phase ``spells``, the sealed spell draft: how wizards fill their spellbooks (at the start,
after a death, a refill) without anyone learning another's spells.

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

from dungeon_table.core.protocol import Action, Event
from dungeon_table.core.reasons import Ids, refuse
from dungeon_table.games.dungeon import cycle
from dungeon_table.games.dungeon import model as m
from dungeon_table.games.dungeon.base import DungeonBase
from dungeon_table.games.dungeon.state import Draft


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


# --- opening and closing the draft -----------------------------------------------------------
def roll_spellbooks(game: DungeonBase, seats: list[int], then: str) -> list[Event]:
    """Each wizard's book holds 1d6 + 6 spells; then they write their wish lists."""
    heroes = game.state.heroes
    events: list[Event] = []
    for seat in seats:
        die = game.roll(1)[0]
        size = die + game.t.spellbook_base
        heroes[seat].spellbook_size = size
        events.append(m.SpellbookRolled(seat=seat, die=die, size=size))
    return events + open_draft(game, {seat: heroes[seat].spellbook_size for seat in seats}, then)


def open_draft(game: DungeonBase, sizes: dict[int, int], then: str) -> list[Event]:
    """The wizards of ``sizes`` (in seat order) write wish lists of those lengths."""
    state = game.state
    order = sorted(seat for seat, size in sizes.items() if size > 0)
    state.draft = Draft(order=order, size={seat: sizes[seat] for seat in order},
                        wishes={seat: [] for seat in order}, then=then)
    if not order:
        return after_draft(game, then)
    state.phase = "spells"
    state.active = order[0]
    return []


def fill_spellbooks(game: DungeonBase) -> list[Event]:
    """Every list is in: the picks are made from them, each book told only to its wizard."""
    state = game.state
    draft = state.draft
    taken = resolve(draft.order, draft.wishes, draft.size, state.spell_supply)
    events: list[Event] = []
    for seat in draft.order:
        for spell in taken[seat]:
            state.spell_supply[spell] -= 1
        state.heroes[seat].spells += taken[seat]
        others = tuple(s for s in range(game.n) if s != seat)
        events.append(m.SpellbookFilled(seat=seat, spells=list(taken[seat]),
                                        replaced=replaced(draft.wishes[seat], taken[seat]),
                                        to=(seat,)))
        if others:
            events.append(m.SpellbookFilledHidden(seat=seat, count=len(taken[seat]), to=others))
    return events + after_draft(game, draft.then)


def after_draft(game: DungeonBase, then: str) -> list[Event]:
    """What the books were filled for goes on: the first turn, the next seat's turn after a
    death, the end of a refill's turn."""
    game.state.draft = Draft()
    if then == "setup":
        return cycle.start_turn(game, 0, first=True)
    if then == "death":
        return cycle.next_turn(game)
    return cycle.end_turn(game)


# --- the phase -----------------------------------------------------------------------------
def legal(game: DungeonBase, seat: int) -> list[Action]:
    """The wish list: another wish while it is short, the last one off, seal it once full."""
    out: list[Action] = [m.WishSpell(spell=s) for s in wish_room(game, seat)]
    if game.state.draft.wishes.get(seat):
        out.append(m.UnwishSpell())
    if list_full(game, seat):
        out.append(m.SealWishes())
    return out


def wish_room(game: DungeonBase, seat: int) -> dict[str, int]:
    """Spell -> how many more the list may take: the game's cards of that spell less those
    this wizard holds and has wished (all public to it, so nothing of another's book shows).
    Empty once the list is full."""
    state = game.state
    draft = state.draft
    wishes = draft.wishes.get(seat)
    if state.phase != "spells" or wishes is None or seat in draft.sealed \
            or len(wishes) >= draft.size[seat]:
        return {}
    held = state.heroes[seat].spells
    room = {spell: count - held.count(spell) - wishes.count(spell)
            for spell, count in game.t.spell_supply().items()}
    return {spell: n for spell, n in room.items() if n > 0}


def list_full(game: DungeonBase, seat: int) -> bool:
    draft = game.state.draft
    wishes = draft.wishes.get(seat)
    return wishes is not None and len(wishes) == draft.size.get(seat, -1)


def wish_spell(game: DungeonBase, seat: int, action: m.WishSpell) -> list[Event]:
    game.state.draft.wishes[seat].append(action.spell)
    return []  # nothing anyone else may learn; the seat's own view shows its list


def unwish_spell(game: DungeonBase, seat: int, action: m.UnwishSpell) -> list[Event]:
    game.state.draft.wishes[seat].pop()
    return []


def seal_wishes(game: DungeonBase, seat: int, action: m.SealWishes) -> list[Event]:
    state = game.state
    state.draft.sealed.append(seat)
    events: list[Event] = [m.WishesSealed(seat=seat)]
    writing = state.draft.writing()
    if writing:
        state.active = writing[0]
        return events
    return events + fill_spellbooks(game)


# --- refusals ------------------------------------------------------------------------------
def why_not_wish_spell(game: DungeonBase, seat: int, action: m.WishSpell) -> str | None:
    if action.spell not in m.SPELLS:
        return refuse("dungeon.refuse.not_spell_spells",
                      "{spell} is not a spell (spells: {spells})",
                      spell=action.spell, spells=Ids(m.SPELLS))
    if list_full(game, seat):
        return refuse("dungeon.refuse.wish_list_full_seal",
                      "the wish list is full: seal it, or take the last wish off")
    count = game.t.spell_supply().get(action.spell, 0)
    return refuse("dungeon.refuse.game_has_spells_book",
                  "the game has {count} {spell} spells: your book and list hold them all",
                  count=count, spell=action.spell)


def why_not_unwish_spell(game: DungeonBase, seat: int, action: m.UnwishSpell) -> str | None:
    return refuse("dungeon.refuse.wish_list_empty", "the wish list is empty")


def why_not_seal_wishes(game: DungeonBase, seat: int, action: m.SealWishes) -> str | None:
    draft = game.state.draft
    wishes = draft.wishes.get(seat, [])
    return refuse("dungeon.refuse.wish_list_needs_more", "the wish list needs {n} more wishes",
                  n=draft.size.get(seat, 0) - len(wishes))
