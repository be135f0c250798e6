"""Undo in Last Dungeon never crosses a draw or a reveal: which steps may be taken back, and why.

Hidden in this game: the draw pile, the adventurer deck, and the two expansion rooms set aside on the
treasure (the view shows only how many are left). Every event that brings one of them to light sets
``REVEALS``, so the session refuses to undo the action that caused it.
"""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Event
from dungeon_table.core.session import Session
from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.rules import LastDungeon

from .ld_helpers import STACK

FIGHT = {"type": "fight"}


def session(*actions: dict[str, Any], **options: Any) -> Session:
    s = Session.new("lastdungeon", ["human"], 1, options=options, stack=STACK)
    for notation in actions:
        s.apply(0, LastDungeon.decode_action(notation))
    return s


def test_exactly_the_revealing_events_set_reveals() -> None:
    reveals = {cls.__name__ for cls in m.EVENTS if cls.REVEALS}
    assert reveals == {"AdventurerEntered", "EventResolved", "CardsDrawn", "Expanded"}


def test_a_free_play_can_be_undone() -> None:
    s = session({"type": "play", "card": "d_goblin", "space": 1})
    assert s.can_undo(0)
    s.undo()
    assert s.game.state_dict() == session().game.state_dict()


def test_a_draw_room_play_cannot_be_undone() -> None:
    rest = [e for e in STACK["events"] if e != "e_library"]
    stack = {**STACK, "events": ["e_library", *rest]}                   # space 1 draws 1
    s = Session.new("lastdungeon", ["human"], 1, stack=stack)
    s.apply(0, m.Play(card="d_goblin", space=1))
    assert not s.can_undo(0)
    with pytest.raises(IllegalAction, match="cannot be undone"):
        s.undo()


def test_an_expansion_cannot_be_undone_as_it_shows_the_set_aside_room() -> None:
    s = session({"type": "expand"})
    assert s.can_undo(0)                          # choosing to expand shows nothing yet
    s.apply(0, m.Pay(crystal="crystal_l3"))
    assert "e_cavein" not in str(session().game.view(0))
    assert not s.can_undo(0)


def test_a_retreat_can_be_undone_before_anything_is_drawn() -> None:
    s = session(FIGHT, {"type": "retreat"}, {"type": "pay", "crystal": "crystal_l2"})
    assert s.can_undo(0)


def test_a_fight_that_draws_cannot_be_undone() -> None:
    s = session(FIGHT)
    assert not s.can_undo(0)


def test_a_repel_that_reveals_the_next_adventurer_cannot_be_undone() -> None:
    s = session({"type": "play", "card": "d_goblin", "space": 1},
                {"type": "play", "card": "d_pit", "space": 2}, FIGHT)
    assert s.can_undo(0)                          # repelled: scout or crystallise, nothing seen
    s.apply(0, m.Crystallise())
    assert not s.can_undo(0)


def test_every_step_that_shows_hidden_cards_reveals() -> None:
    """Over a whole stacked game: whenever the draw pile, the adventurer deck or the set-aside
    rooms lose a card to the open table, that step carries a REVEALS event."""
    s = session(difficulty=-20)
    game = s.game
    seen = {"draw": 0, "deck": 0, "expansion": 0}
    while game.to_act():
        hidden = (len(game.state.draw_pile), len(game.state.adventurer_deck),
                  len(game.state.expansion_rooms))
        action = _first_useful(game)
        events: list[Event] = s.apply(0, action)
        game = s.game
        after = (len(game.state.draw_pile), len(game.state.adventurer_deck),
                 len(game.state.expansion_rooms))
        drew = after[0] < hidden[0] or any(isinstance(e, m.CardsDrawn) for e in events)
        seen["draw"] += drew
        seen["deck"] += after[1] != hidden[1]
        seen["expansion"] += after[2] != hidden[2]
        if drew or after[1:] != hidden[1:]:
            assert any(e.REVEALS for e in events), (action, events)
    # The walk met every kind of hidden pile: 14 adventurer sides, events, both expansions.
    assert seen["draw"] > 10 and seen["deck"] > 10 and seen["expansion"] == 2


def _first_useful(game: LastDungeon) -> Any:
    """Play, expand and retreat when possible (so every kind of step happens), else the first."""
    legal = game.legal_actions(0)
    for kind in (m.Expand, m.Retreat, m.Play):
        found = [a for a in legal if isinstance(a, kind)]
        if found and not (kind is m.Retreat and game.state.retreated_this_round):
            return found[0]
    return legal[0]
