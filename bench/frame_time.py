"""Frame time of a game's table at 1920x1080 without a window: median and p99.

A busy mid-game state (Last Dungeon: cards on the spaces, damage stacked on the adventurer,
crystals, a full hand; Dungeon Market: four players' equipment, gems and jobs, a full discovery
area; relic: four dungeons, enemies and score piles; Dungeon!: eight heroes with their treasure,
slots and cleared rooms on the whole board; a long log), a full redraw per frame, as the app does
while animating::

    python bench/frame_time.py [--game market] [--frames 500] [--size 1920x1080] [--lang en]
    python bench/frame_time.py --game market --pictures   # the same table drawn without pictures too

``--pictures`` measures what the pictures cost (issue 13: at most 1.2x): the busy table is drawn
with its pictures and again with every picture switched off (``ui.icons`` answering None, as the
tables were before), in turns of ``--frames`` each, eight turns of each, every figure against the
felt-only baseline of the same turn, all in the process's own CPU time (``time.process_time``:
the other processes of a shared machine add nothing to it); the median of the turns' ratios is
the pictures' cost.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from dungeon_table.core import registry  # noqa: E402
from dungeon_table.core.session import Session  # noqa: E402


def lastdungeon_busy(view: object) -> int:
    return (sum(1 for s in view.spaces if s.card) * 3 + len(view.crystals)  # type: ignore[attr-defined]
            + (len(view.adventurer.stack) * 2 if view.adventurer else 0)  # type: ignore[attr-defined]
            + len(view.hand or []))  # type: ignore[attr-defined]


def market_busy(view: object) -> int:
    held = sum(len(p.equipment) + len(p.gems) + len(p.jobs) for p in view.players)  # type: ignore[attr-defined]
    return held + 3 * len(view.discovery)  # type: ignore[attr-defined]


def relic_busy(view: object) -> int:
    on_fields = sum(len(p.dungeon) + len(p.enemies) + len(p.treasures) + len(p.defeated)
                    for p in view.players)  # type: ignore[attr-defined]
    return on_fields + len(view.hand)  # type: ignore[attr-defined]


def dungeon_busy(view: object) -> int:
    held = sum(len(h.treasures) for h in view.heroes)  # type: ignore[attr-defined]
    return held + 2 * len(view.slots) + len(view.defeat_tokens) + len(view.moves)  # type: ignore[attr-defined]


GAMES = {  # game -> (seats, options, how busy a view is)
    "lastdungeon": (["human"], {}, lastdungeon_busy),
    "market": (["human"] * 4, {"professional": True}, market_busy),
    "relic": (["human"] * 4, {}, relic_busy),
    "dungeon": (["human"] * 8, {"heroes": "rogue,cleric,fighter,wizard,rogue,cleric,fighter,wizard"},
                dungeon_busy),
}


def busy_session(game_id: str, seed: int = 11, limit: int = 400) -> Session:
    """Play the best bot until the table is full: the most cards on show mid-game."""
    seats, options, busyness = GAMES[game_id]
    spec = registry.get(game_id)
    bot = spec.make_bot("best", seed)
    session = Session.new(game_id, seats, seed, options)
    best, best_at = -1, 0
    for step in range(limit):  # find the busiest moment, then replay up to it
        game = session.game
        if not game.to_act():
            break
        seat = game.to_act()[0]
        view = game.view(seat)
        busy = busyness(view)
        if busy > best:
            best, best_at = busy, step
        session.apply(seat, bot.choose(view, game.legal_actions(seat)))
    replay = Session.new(game_id, seats, seed, options)
    for seat, action in [(s.seat, s.action) for s in session.steps[:best_at]]:
        replay.apply(seat, action)
    return replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lastdungeon", choices=sorted(GAMES))
    parser.add_argument("--frames", type=int, default=500)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--pictures", action="store_true",
                        help="compare the table with its pictures and without them")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))

    from dungeon_table.ui.scene import App
    from dungeon_table.ui.settings import Settings

    session = busy_session(args.game)
    app = App(surface=pygame.Surface(size).convert(), settings=Settings(lang=args.lang))
    if args.pictures:
        compare_pictures(app, session, args.game, args.frames)
        return
    scene = table_scene(app, session, args.game)
    times = frame_times(scene, app.surface, args.frames)
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    view = scene.view
    print(f"{args.game} table {size[0]}x{size[1]} {args.lang}: "
          f"{GAMES[args.game][2](view)} things on show, {len(session.steps)} actions in")
    print(f"frames {len(times)}: median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms, "
          f"max {times[-1]:.2f} ms")
    floor = baseline_ms(app.surface, args.frames)
    print(f"baseline (the felt alone, one full-screen blit): median {floor:.2f} ms; "
          f"the table costs {statistics.median(times) / floor:.1f}x that")


def table_scene(app: object, session: Session, game_id: str) -> object:
    """The table as the app shows it, its caches warm (every face and text rendered once)."""
    from dungeon_table.ui.table import TableScene

    scene = TableScene(app, session, session.record.seats)  # type: ignore[arg-type]
    scene.game_over_shown = True
    app.push(scene)  # type: ignore[attr-defined]
    if game_id == "lastdungeon":
        rect = scene.renderer.hand_rects(len(scene.view.hand or []))[0]
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0)))  # a hover preview on show as well
    for _ in range(20):
        scene.draw(app.surface)  # type: ignore[attr-defined]
    return scene


def frame_times(scene: object, surface: pygame.Surface, frames: int,
                clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """``frames`` full redraws, each in ms by ``clock``, sorted."""
    times = []
    for _ in range(frames):
        start = clock()
        scene.draw(surface)  # type: ignore[attr-defined]
        times.append((clock() - start) * 1000)
    return sorted(times)


def compare_pictures(app: object, session: Session, game_id: str, frames: int) -> None:
    """The table with its pictures and without, in turns, each against the felt of its turn."""
    from dungeon_table.ui import icons

    with_pictures = table_scene(app, session, game_id)
    shown = icons.picture
    icons.picture = lambda *args, **kwargs: None  # type: ignore[assignment]
    without = table_scene(app, session, game_id)  # its faces rendered without a picture
    icons.picture = shown  # type: ignore[assignment]
    on, off, felt = [], [], []
    cpu = time.process_time  # the drawing's own CPU time: other processes' load adds none
    for _ in range(8):
        on.append(statistics.median(frame_times(with_pictures, app.surface, frames, cpu)))  # type: ignore[attr-defined]
        felt.append(baseline_ms(app.surface, frames, cpu))  # type: ignore[attr-defined]
        icons.picture = lambda *args, **kwargs: None  # type: ignore[assignment]
        blit = icons.blit_icon
        icons.blit_icon = lambda *args, **kwargs: None  # type: ignore[assignment]
        off.append(statistics.median(frame_times(without, app.surface, frames, cpu)))  # type: ignore[attr-defined]
        icons.picture, icons.blit_icon = shown, blit  # type: ignore[assignment]
    ratios = [a / b for a, b in zip(on, off, strict=True)]
    print(f"{game_id}: with pictures median {statistics.median(on):.2f} ms "
          f"({statistics.median(on) / statistics.median(felt):.1f}x the felt), without "
          f"{statistics.median(off):.2f} ms ({statistics.median(off) / statistics.median(felt):.1f}x); "
          f"the pictures cost {statistics.median(ratios):.2f}x "
          f"(turns: {', '.join(f'{r:.2f}' for r in ratios)})")


def baseline_ms(surface: pygame.Surface, frames: int,
                clock: Callable[[], float] = time.perf_counter) -> float:
    """The floor of any full redraw on this machine, measured in the same process: blitting the
    cached felt background over the whole frame (machines here are shared; compare ratios)."""
    from dungeon_table.ui import theme

    felt = theme.felt_background(surface.get_size())
    times = []
    for _ in range(frames):
        start = clock()
        surface.blit(felt, (0, 0))
        times.append((clock() - start) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    main()
