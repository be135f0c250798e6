"""Keys the table does not use itself reach the renderer: a price typed on the keyboard is
applied as the legal ``price`` action it stands for, through the table as a player would type it."""

from __future__ import annotations

import pygame
from ui_events import click_at, key

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
