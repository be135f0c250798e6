"""The "Enter" key cap keeps off the figures a player reads to decide (the odds of a fight,
the moves left), not only off the targets: in Japanese the encounter's lines run down to the
primary button, and the cap drawn above the button covered the moves left."""

from __future__ import annotations

import pygame

from dungeon_table.ui import i18n
from dungeon_table.ui.scene import App
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.shot import play_steps
from dungeon_table.ui.table import TableScene
from dungeon_table.ui.table_parts import key_tag_spot


def test_the_key_cap_covers_none_of_a_waiting_monsters_figures_in_japanese() -> None:
    i18n.set_language("ja")
    try:
        # ``dungeon-table shot dungeon --steps 60 --players 3 --lang ja``: a werewolf waits in
        # the fighter's room, the panel lists the odds, where, and the moves left
        session = play_steps("dungeon", seed=1, steps=60, seats=["human"] * 3)
        surface = pygame.Surface((1280, 720))
        app = App(surface=surface, settings=Settings(anim_speed=0, lang="ja"))
        scene = TableScene(app, session, session.record.seats, bot_delay_ms=0)
        scene.game_over_shown = True
        app.push(scene)
        app.step([])
        assert session.game.view(session.game.to_act()[0]).waiting is not None
        figures = list(scene.renderer.figures)
        assert figures, "the encounter's lines are recorded as figures"
        focused = scene.ui.targets[scene.ui.focus].rect
        cap = key_tag_spot(surface.get_rect(), focused, scene.th, scene.key_tag_avoid())
        assert not any(cap.colliderect(figure) for figure in figures), (cap, figures)
    finally:
        i18n.set_language("en")
