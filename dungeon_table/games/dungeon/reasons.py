"""Why an action is refused, in the words of the rules ("a peek needs one move left").

Called only when ``legal_actions`` does not contain the action (or a move's path fails), so it
can take its time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dungeon_table.core.protocol import Action
from dungeon_table.core.refusals import Refusals
from dungeon_table.games.dungeon import model as m

if TYPE_CHECKING:
    from dungeon_table.games.dungeon.rules import Dungeon

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "choose_hero": (m.ChooseHero,),
    "spells": (m.WishSpell, m.UnwishSpell, m.SealWishes),
    "move": (m.Move, m.EndTurn, m.Attack, m.Peek, m.Scry, m.Refill, m.Teleport),
    "doorway": (m.CastSpell, m.Enter, m.Hold),
    "combat": (m.Attack, m.Teleport),
    "pit": (m.ChooseChamber,),
}
PHASE_HINT = {
    "choose_hero": "choose a hero",
    "spells": "write the spell wish list: wish for a spell, take the last off, or seal it",
    "move": "move, end the turn, or use what the hero holds",
    "doorway": "cast a spell at the monster seen, enter, or hold back",
    "combat": "attack the monster (a wizard in a chamber may teleport away)",
    "pit": "choose the chamber the pit drops you into",
}


def why_illegal(game: Dungeon, seat: int, action: Action) -> str:
    return REFUSALS.explain(game, seat, action)


def _choose_hero(game: Dungeon, seat: int, action: m.ChooseHero) -> str | None:
    if action.hero not in m.HEROES:
        return f"{action.hero} is not a hero (heroes: {', '.join(m.HEROES)})"
    if action.hero == game.heroes[seat].hero:
        return (f"no other {action.hero} pawn is free: a killed hero comes back only when no "
                "other hero is left")
    return f"both {action.hero} pawns are in play"


def _wish_spell(game: Dungeon, seat: int, action: m.WishSpell) -> str | None:
    if action.spell not in m.SPELLS:
        return f"{action.spell} is not a spell (spells: {', '.join(m.SPELLS)})"
    if game.list_full(seat):
        return "the wish list is full: seal it, or take the last wish off"
    count = game.t.spell_supply().get(action.spell, 0)
    return f"the game has {count} {action.spell} spells: your book and list hold them all"


def _unwish_spell(game: Dungeon, seat: int, action: m.UnwishSpell) -> str | None:
    return "the wish list is empty"


def _seal_wishes(game: Dungeon, seat: int, action: m.SealWishes) -> str | None:
    wishes = game.draft.wishes.get(seat, [])
    return f"the wish list needs {game.draft.size.get(seat, 0) - len(wishes)} more wishes"


def _move(game: Dungeon, seat: int, action: m.Move) -> str | None:
    return game.move_problem(seat, action)


def _end_turn(game: Dungeon, seat: int, action: m.EndTurn) -> str | None:
    return "another hero stands here: only a chamber or the Great Hall holds several"


def _attack(game: Dungeon, seat: int, action: m.Attack) -> str | None:
    if game.turn.moved:
        return "you attack a waiting monster only at the start of your turn, before moving"
    return "no monster waits in your space"


def _peek(game: Dungeon, seat: int, action: m.Peek) -> str | None:
    hero = game.heroes[seat]
    if action.using == "esp":
        if not game.t.holds(hero.treasures, "esp"):
            return "a peek with esp needs the ESP medallion"
        if game.turn.esp_used:
            return "the ESP medallion works once a turn"
    elif action.using == "spell":
        if not any(s in m.ATTACK_SPELLS for s in hero.spells):
            return "a spell peek needs a fireball or lightning bolt in your spellbook"
        if game.turn.spell_cast:
            return "a wizard casts one spell a turn"
    else:
        return "a peek uses esp or spell"
    if game.turn.moves_left < 1:
        return "a peek needs one move left"
    return f"{action.space} is not an uncleared room or chamber next to you with an open way in"


def _cast(game: Dungeon, seat: int, action: m.CastSpell) -> str | None:
    if action.spell not in m.ATTACK_SPELLS:
        return "from a doorway only a fireball or a lightning bolt is cast"
    if action.spell not in game.heroes[seat].spells:
        return f"no {action.spell} is left in your spellbook"
    if game.encounter is not None and game.t.trap(game.encounter.card):
        return "a trap cannot be spelled: enter or hold back"
    return f"a {action.spell} cannot hurt this monster (\"-\")"


def _teleport(game: Dungeon, seat: int, action: m.Teleport) -> str | None:
    hero = game.heroes[seat]
    if "teleport" not in hero.spells:
        return "no teleport is left in your spellbook"
    if game.turn.spell_cast:
        return "a wizard casts one spell a turn"
    space = game.board.spaces.get(hero.space)
    if space is None or space.kind != "chamber":
        return "a teleport starts from a chamber"
    return f"{action.to} is not a chamber one level up, the same level or one down"


def _scry(game: Dungeon, seat: int, action: m.Scry) -> str | None:
    if not game.t.holds(game.heroes[seat].treasures, "crystal_ball"):
        return "scrying needs the crystal ball"
    if game.turn.crystal_ball_used or game.turn.moved:
        return "the crystal ball is used instead of moving, once a turn"
    if not game.free_slot():
        return "every numbered slot is taken"
    return f"{action.space} is not an uncleared room or chamber without a number token"


def _refill(game: Dungeon, seat: int, action: m.Refill) -> str | None:
    hero = game.heroes[seat]
    if hero.hero != "wizard":
        return "only a wizard refills a spellbook"
    if hero.space != game.board.hall or not hero.ended_in_hall:
        return "a refill needs the last turn ended in the Great Hall"
    if game.turn.moved:
        return "a refill is taken at the start of the turn"
    return "your spellbook is full"


def _choose_chamber(game: Dungeon, seat: int, action: m.ChooseChamber) -> str | None:
    return f"{action.space} is not an uncleared chamber of the pit's level"


REFUSALS = Refusals(
    phase_actions=PHASE_ACTIONS,
    phase_hint=PHASE_HINT,
    checks={m.Move: _move, m.ChooseHero: _choose_hero, m.WishSpell: _wish_spell,
            m.UnwishSpell: _unwish_spell, m.SealWishes: _seal_wishes, m.EndTurn: _end_turn,
            m.Attack: _attack, m.Peek: _peek, m.CastSpell: _cast, m.Teleport: _teleport,
            m.Scry: _scry, m.Refill: _refill, m.ChooseChamber: _choose_chamber},
)
