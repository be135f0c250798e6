"""Sound at the real tables: every game plays a whole game through its table with sound, the
sounds of an event hidden from the screen's seat are never heard there, and nothing plays while
the privacy screen is up but its own cue. A recording device on a clock the test moves."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
import pytest

from dungeon_table.core import registry
from dungeon_table.core.session import Session
from dungeon_table.core.sound_table import SoundFile, SoundTable, shipped_table
from dungeon_table.ui import event_sounds
from dungeon_table.ui.scene import App
from dungeon_table.ui.scenes.handoff import SETTLE_MS, HandoffScene
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.sound import Recorder
from dungeon_table.ui.sound_render import listen, mix
from dungeon_table.ui.table import TableScene

GAMES = {
    "lastdungeon": ["human"],
    "market": ["human", "bot:best", "bot:best"],
    "relic": ["human", "bot:best"],
    "dungeon": ["human", "bot:best"],
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_sounds_through_its_table(game_id: str) -> None:
    heard = listen(game_id, GAMES[game_id], seed=3)
    assert heard.finished
    names = [p.name for p in heard.played]
    assert set(names) <= shipped_table().sounds() | {"win", "lose"}
    assert len(set(names)) >= 5, names
    assert names[-1] in ("win", "lose"), "the game ends on its fanfare"
    starts = [p.at_ms for p in heard.played]
    assert starts == sorted(starts) and starts[-1] < heard.ms
    track = mix(heard.played)
    assert max(abs(x) for x in track) < 1.0, "the mix never clips"


class Rig:
    """A table on a clock the test moves, its sounds written down."""

    def __init__(self, game_id: str, seats: list[str], seed: int, speed: float = 1.0) -> None:
        self.ms = 1000
        self.app = App(surface=pygame.Surface((1280, 720)), settings=Settings(anim_speed=speed),
                       ticks=lambda: self.ms)
        self.device = Recorder(lambda: self.ms)
        self.app.sound.device = self.device
        self.session = Session.new(game_id, seats, seed)
        self.scene = TableScene(self.app, self.session, seats, bot_delay_ms=200)
        self.app.push(self.scene)
        self.bot = registry.get(game_id).make_bot("best", seed)

    def run(self, ms: int) -> None:
        end = self.ms + ms
        while self.ms < end:
            self.app.step([])
            self.ms += 16

    def play_human(self) -> None:
        """The screen's seat decides (the best bot's choice) once the table has settled."""
        scene = self.scene
        while scene.anim.busy or not scene.ui.legal:
            self.run(16)
        scene.act(scene.viewer, self.bot.choose(scene.view, scene.ui.legal))

    def heard_since(self, ms: int) -> list[str]:
        return [p.name for p in self.device.played if p.at_ms >= ms]


def _tag(event: Any) -> str:
    return type(event).__struct_config__.tag


def _bot_turn_with_a_hidden_draw(rig: Rig) -> tuple[list[Any], int]:
    """Play until a bot's action includes a draw the screen's seat may not see (the bot's own,
    or the next turn's told to the bot alone): that action's events, and when it came."""
    while True:
        if rig.scene.ui.legal:
            rig.play_human()
        steps, start = len(rig.session.steps), rig.ms
        rig.run(16)
        if len(rig.session.steps) > steps and rig.session.steps[-1].seat == 1:
            events = rig.session.steps[-1].events
            if any(_tag(e) in ("drew", "drew_hidden") and not e.visible_to(0) for e in events):
                return events, start


def test_the_sounds_of_events_hidden_from_the_screen_are_never_heard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A draw is told twice: as the card to its drawer, as "drew" to the others. Each here has
    # a sound of its own, so a sound of either reaching the wrong screen would be heard.
    events_of = registry.get("relic").game_class.event_types
    games = {"relic": {**{cls.__struct_config__.tag: "silent" for cls in events_of},
                       "drew": "coins", "drew_hidden": "burst"}}
    monkeypatch.setattr(event_sounds, "_shipped", lambda: SoundTable(SoundFile(games=games)))
    rig = Rig("relic", ["human", "bot:best"], seed=5)
    events, start = _bot_turn_with_a_hidden_draw(rig)
    rig.run(4000)  # its animations, to the end; the human is to act and does not
    told = {"drew": "coins", "drew_hidden": "burst"}
    visible = Counter(told[_tag(e)] for e in events if _tag(e) in told and e.visible_to(0))
    hidden = Counter(told[_tag(e)] for e in events if _tag(e) in told and not e.visible_to(0))
    assert hidden, "the action holds a draw the screen may not see"
    assert Counter(rig.heard_since(start)) == visible


def test_nothing_plays_while_the_privacy_screen_is_up_but_its_cue() -> None:
    rig = Rig("relic", ["human", "human"], seed=5)
    rig.run(SETTLE_MS + 100)
    if isinstance(rig.app.top, HandoffScene):  # the first player comes behind the screen
        rig.app.top.reveal()
    while not isinstance(rig.app.top, HandoffScene):
        rig.play_human()
        rig.run(16)
    covered = rig.ms
    assert rig.heard_since(covered - 16) == ["privacy"]
    assert all(p.faded_ms is not None for p in rig.device.played[:-1]
               if p.at_ms < covered and p.name != "privacy"), "what was ringing faded"
    rig.run(SETTLE_MS + 500)
    button = rig.app.top.widgets[0]
    button.press()  # the reveal button's click is not heard either
    assert rig.heard_since(covered - 16)[:1] == ["privacy"]
    assert "click" not in rig.heard_since(covered - 16)


def test_a_hint_button_clicks_softly_and_a_skip_does_not_silence_it() -> None:
    rig = Rig("lastdungeon", ["human"], seed=5)
    rig.run(100)
    hint = next(b for b in rig.scene.bar.visible() if "Hint" in str(b.label()))
    hint.press()
    rig.scene.anim.skip_all()
    clicks = [p for p in rig.device.played if p.name == "click"]
    assert len(clicks) == 1 and clicks[0].faded_ms is None


def test_the_replay_plays_each_steps_sounds_and_a_jump_plays_none() -> None:
    from dungeon_table.ui.scenes.replay import ReplayScene

    ms = [0]
    app = App(surface=pygame.Surface((1280, 720)), settings=Settings(), ticks=lambda: ms[0])
    device = Recorder(lambda: ms[0])
    app.sound.device = device
    session = Session.new("lastdungeon", ["human"], 3)
    bot = registry.get("lastdungeon").make_bot("best", 3)
    for _ in range(12):
        session.apply(0, bot.choose(session.game.view(0), session.game.legal_actions(0)))
    replay = ReplayScene(app, session.record)
    app.push(replay)
    replay.goto(6)  # a jump: no animation, no sound
    assert device.played == []
    for _ in range(6):
        replay.forward()
        while app.step([]):
            ms[0] += 16
    assert len(device.played) >= 6
