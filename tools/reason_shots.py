"""The table saying why, as a player sees it: ``out/reasons/<what>-<lang>.png``.

    python tools/reason_shots.py [--lang en|ja|both] [--size 1280x720]

Last Dungeon: a click on a card the hand cannot pay for (the refusal by the card), the hint's
reason by its outline, the confirm step of a costly check, Ctrl+Z with nothing to undo; Dungeon
Market: a card too dear to buy, and the confirm step of a purchase; every game: a phase button
the rules refuse now, drawn disabled with its reason by the pointer resting on it
(``disabled-<game>-<lang>.png``). The states come from the same random plays the tests use
(``tests/ui_table/test_table_reasons.py``, ``test_disabled_buttons.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui_table")]


def market_buyer() -> object:
    """A two-seat market (a bot opposite) where the human buys, with a card too dear."""
    from dungeon_table.core.session import Session
    from dungeon_table.games.market import model as m

    for seed in range(1, 60):
        session = Session.new("market", ["human", "bot:greedy"], seed)
        rng = random.Random(seed)
        for _ in range(400):
            game = session.game
            if game.result() is not None:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if seat == 0 and game.phase == "buy" and game.tempting(0) and any(
                    isinstance(a, m.Buy) for a in legal):
                return session
            session.apply(seat, rng.choice(legal))
    raise SystemExit("no market state with a card too dear")


def main() -> None:
    # Imported here: the project and the tests are found through the sys.path set above.
    from test_disabled_buttons import refused_button
    from test_disabled_buttons import table_on as disabled_table
    from test_table_reasons import costly_fight, fight_index, ld_session, table_on
    from ui_events import click_at, key

    from dungeon_table.core.session import Session
    from dungeon_table.games.market import model as m
    from dungeon_table.ui import scenes  # noqa: F401 - registers the screens
    from dungeon_table.ui.table import TableScene

    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="both")
    parser.add_argument("--out", default=str(ROOT / "out" / "reasons"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["DUNGEON_TABLE_HOME"] = tempfile.mkdtemp()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))

    def ld_refusal(lang: str) -> tuple:
        app, scene, _ = table_on(ld_session(lambda s: bool(s.game.tempting(0))
                                            and s.game.phase == "actions"), lang)
        app.step(click_at(scene.refused[0].rect.center))
        return app, scene

    def ld_hint(lang: str) -> tuple:
        app, scene, _ = table_on(Session.new("lastdungeon", ["human"], 5), lang)
        app.step([key(pygame.K_h)])
        return app, scene

    def ld_confirm(lang: str) -> tuple:
        app, scene, _ = table_on(costly_fight(), lang)
        app.step(click_at(scene.ui.targets[fight_index(scene)].rect.center))
        return app, scene

    def ld_undo(lang: str) -> tuple:
        app, scene, _ = table_on(Session.new("lastdungeon", ["human"], 5), lang)
        app.step([key(pygame.K_z, pygame.KMOD_CTRL)])
        return app, scene

    def market(lang: str, buy: bool) -> tuple:
        app, _scene, _ = table_on(Session.new("lastdungeon", ["human"], 1), lang)
        session = market_buyer()
        scene = TableScene(app, session, ["human", "bot:greedy"], bot_delay_ms=0)
        app.push(scene)
        app.step([])
        targets = [tg for tg in scene.ui.targets if isinstance(tg.action, m.Buy)] if buy \
            else scene.refused
        app.step(click_at(targets[0].rect.center))
        return app, scene

    def disabled(game_id: str) -> object:
        def make(lang: str) -> tuple:
            session, action = refused_button(game_id)
            app, scene = disabled_table(session, lang)
            rect = next(tg.rect for tg in scene.refused if tg.action == action)
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0))])
            return app, scene
        return make

    shots = {f"disabled-{game}": disabled(game)
             for game in ("dungeon", "lastdungeon", "market", "relic")}
    shots |= {"ld-refusal": ld_refusal, "ld-hint": ld_hint, "ld-confirm": ld_confirm,
             "ld-undo": ld_undo, "market-refusal": lambda lang: market(lang, False),
             "market-confirm": lambda lang: market(lang, True)}
    for lang in (["en", "ja"] if args.lang == "both" else [args.lang]):
        for name, make in shots.items():
            app, scene = make(lang)
            scene.draw(app.surface)
            pygame.image.save(app.surface, str(out / f"{name}-{lang}.png"))
            print(name, lang)


if __name__ == "__main__":
    main()
