"""Keys the table does not use itself reach the renderer: a price typed on the keyboard is
applied as the legal ``price`` action it stands for, through the table as a player would type it."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from stub_renderer import StubRenderer, stub_table
from ui_events import click_at, key, key_up

from dungeon_table.core.protocol import to_dict
from dungeon_table.core.session import Session
from dungeon_table.games.market import model as m
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.table import TableScene


def pricing_table() -> tuple[App, TableScene]:
    """Two humans; seat 0 has revealed one card and stopped: it prices its find."""
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(lang="en", anim_speed=0))
    session = Session.new("market", ["human", "human"], 1,
                          stack={"deck": ["red_shield_1", "blue_helm_1"]})
    session.apply(0, m.Explore())
    session.apply(0, m.Stop())
    scene = TableScene(app, session, ["human", "human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    return app, scene


def test_typed_digits_become_the_price_action_of_the_picked_card() -> None:
    app, scene = pricing_table()
    assert scene.game.view(0).phase == "price"
    picks = [i for i, tg in enumerate(scene.ui.targets) if tg.pick is not None]
    assert picks, "the find is a target to pick before pricing it"
    app.step(click_at(scene.ui.targets[picks[0]].rect.center))
    app.step([key(pygame.K_7, unicode="7")])
    slot = scene.game.view(0).discovery[0]
    assert slot.price == 7
    assert scene.game.view(0).players[0].coins == 15 - 7, "the coins lie on the card"


def test_a_key_nobody_uses_changes_nothing() -> None:
    app, scene = pricing_table()
    before = scene.game.state_dict()
    app.step([key(pygame.K_q, unicode="q")])
    assert scene.game.state_dict() == before


class _Suggests:
    """A hint bot that always suggests one action."""

    def __init__(self, action: m.Action) -> None:
        self.action = action

    def choose(self, view: object, legal: list) -> m.Action:
        assert self.action in legal
        return self.action


def test_a_stepping_button_leads_to_every_action_it_covers() -> None:
    from dungeon_table.ui.renderer import Target

    plus = Target(pygame.Rect(0, 0, 10, 10), m.SetPrice(slot=0, price=1),
                  covers=[m.SetPrice(slot=0, price=p) for p in range(1, 14)])
    assert plus.leads_to(m.SetPrice(slot=0, price=1)) and plus.leads_to(m.SetPrice(slot=0, price=13))
    assert not plus.leads_to(m.SetPrice(slot=1, price=13)) and not plus.leads_to(None)
    button = Target(pygame.Rect(0, 0, 10, 10), m.Explore())
    assert button.leads_to(m.Explore()) and not button.leads_to(m.Stop())


def test_a_hinted_price_several_steps_away_is_reached_by_h_then_enter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The price buttons step by one; the hint wants 5G. H lands on "+", each Enter steps once
    # and stays on it, and the last step is the hinted price itself.
    from dungeon_table.core.registry import GameSpec

    app, scene = pricing_table()
    hinted = m.SetPrice(slot=0, price=5)
    monkeypatch.setattr(GameSpec, "make_bot", lambda spec, name, seed: _Suggests(hinted))
    app.step([key(pygame.K_h)])
    assert scene.ui.focus is not None
    assert scene.ui.targets[scene.ui.focus].action == m.SetPrice(slot=0, price=1), "on +"
    for price in range(1, 6):
        app.step([key(pygame.K_RETURN)])
        assert scene.game.view(0).discovery[0].price == price
    assert scene.ui.hint is None, "the hint is reached: done"
    focus = scene.ui.focus  # back on the phase's primary button, if it has one
    assert focus is None or scene.ui.targets[focus].primary


def test_after_picking_a_card_the_focus_follows_the_hint_to_its_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Two finds, the second already at 5G; the hint wants it at 7G. H points at that card, Enter
    # picks it, and the focus goes on to its "+" (not to "-", the first of its steps).
    from dungeon_table.core.registry import GameSpec

    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(lang="en", anim_speed=0))
    session = Session.new("market", ["human", "human"], 1,
                          stack={"deck": ["red_shield_1", "blue_helm_1", "green_armour_1"]})
    for action in (m.Explore(), m.Explore(), m.Stop(), m.SetPrice(slot=1, price=5)):
        session.apply(0, action)
    scene = TableScene(app, session, ["human", "human"], bot_delay_ms=0)
    app.push(scene)
    app.step([])
    scene.renderer.price_slot = 0
    scene._refresh()
    hinted = m.SetPrice(slot=1, price=7)
    monkeypatch.setattr(GameSpec, "make_bot", lambda spec, name, seed: _Suggests(hinted))
    app.step([key(pygame.K_h)])
    assert scene.ui.targets[scene.ui.focus].pick is not None, "the card to price comes first"
    app.step([key(pygame.K_RETURN)])
    assert scene.ui.targets[scene.ui.focus].action == m.SetPrice(slot=1, price=6)


# --- the primary target: where the keyboard focus starts ------------------------------------------


class _PrimaryDraw(StubRenderer):
    """The toy's table: one target per legal action, ``draw`` the accent (primary) button."""

    def table_targets(self, view: object, legal: list) -> list:
        return [dataclasses.replace(target, primary=to_dict(target.action)["type"] == "draw")
                for target in super().table_targets(view, legal)]

    def log_line(self, event: object, before: object, after: object) -> None:
        return None


@pytest.fixture
def primary_table():  # noqa: ANN201
    from core import toy

    with stub_table(toy.SPEC, _PrimaryDraw):
        app = App(surface=pygame.Surface((1280, 720)), settings=Settings(lang="en", anim_speed=0))
        scene = TableScene(app, Session.new("toy", ["human", "bot:random"], 3), bot_delay_ms=0)
        app.push(scene)
        app.step([])
        yield app, scene


def _focused_type(scene: TableScene) -> str | None:
    from dungeon_table.core.protocol import to_dict

    if scene.ui.focus is None:
        return None
    return to_dict(scene.ui.targets[scene.ui.focus].action)["type"]


def test_the_focus_starts_on_the_primary_and_enter_does_it(primary_table) -> None:  # noqa: ANN001
    app, scene = primary_table
    assert _focused_type(scene) == "draw", "the accent button, not the first card"
    app.step([key(pygame.K_RETURN)])
    assert [type(step.action).__name__ for step in scene.session.steps] == ["Draw"]


def test_an_enter_held_on_does_not_do_the_primary_the_table_focused(primary_table) -> None:  # noqa: ANN001
    app, scene = primary_table
    app._track_keys(key(pygame.K_RETURN))  # the Enter of the last move, still held down
    assert _focused_type(scene) == "draw" and scene.focus_auto
    app.step([key(pygame.K_RETURN)])  # it repeats: no new press
    assert scene.session.steps == [], "a held key did not draw"
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert len(scene.session.steps) == 1


def test_enter_with_nothing_focused_shows_the_focus_first(primary_table) -> None:  # noqa: ANN001
    app, scene = primary_table
    app.step([key(pygame.K_RETURN)])  # draw: no primary is left
    assert scene.ui.focus is None
    app.step([key_up(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert scene.ui.focus == 0 and len(scene.session.steps) == 1, "shown, nothing done"


def test_the_focus_ring_shows_on_an_accent_button() -> None:
    from dungeon_table.ui import theme
    from dungeon_table.ui.table_parts import ring

    surface = pygame.Surface((200, 120))
    surface.fill(theme.FELT)
    button = pygame.Rect(50, 40, 100, 40)
    surface.fill(theme.ACCENT, button)
    th = theme.Theme()
    ring(surface, button, theme.TEXT, th)
    colours = {tuple(surface.get_at((x, button.centery)))[:3] for x in range(button.right, 200)}
    assert theme.FELT_DARK in colours and theme.TEXT in colours, "a dark gap, then a light ring"



def test_an_enter_held_with_nothing_focused_shows_the_focus_and_does_nothing(primary_table) -> None:  # noqa: ANN001
    app, scene = primary_table
    app.step([key(pygame.K_RETURN), key_up(pygame.K_RETURN)])  # draw: no primary is left
    app.step([key(pygame.K_RETURN), key(pygame.K_RETURN), key(pygame.K_RETURN)])  # held
    assert scene.ui.focus == 0 and len(scene.session.steps) == 1, "shown, nothing done"
