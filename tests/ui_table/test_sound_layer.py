"""The sound layer's timing: each event's sound starts with the tween that shows it, at the
animation's speed; a skip stops it; sounds that start together are one quieter chord; with
animations off a batch is a short chord. A stand-in renderer and a recording device, on a clock
the test moves, so every time is exact."""

from __future__ import annotations

from typing import Any

import pytest

from dungeon_table.core.protocol import Event, Result
from dungeon_table.core.sound_table import SoundFile, SoundTable
from dungeon_table.ui.anim import AnimQueue, MoveCard, Pause, Together, Tween
from dungeon_table.ui.event_sounds import CHORD_GAIN, OFF_STAGGER_MS, EventSounds, outcome_sound
from dungeon_table.ui.settings import Settings
from dungeon_table.ui.sound import Recorder, SoundPlayer


class Placed(Event, frozen=True, tag="placed"):
    pass


class Drawn(Event, frozen=True, tag="drawn"):
    cards: list[str]


class Revealed(Event, frozen=True, tag="revealed"):
    pass


class Struck(Event, frozen=True, tag="struck"):
    damage: int


class Peeked(Event, frozen=True, tag="peeked"):
    pass


class Ended(Event, frozen=True, tag="ended"):
    pass


class Paid(Event, frozen=True, tag="paid"):
    pass


TABLE = SoundTable(SoundFile(games={"toy": {
    "placed": "card_place",
    "drawn": {"sound": "card_draw", "each": "cards"},
    "revealed": ["card_draw", {"sound": "card_flip", "at": 1}],
    "struck": [{"sound": "damage", "unless": {"damage": 0}}, {"sound": "miss", "when": {"damage": 0}}],
    "peeked": "card_flip",
    "ended": "outcome",
    "paid": "coins",
}}))


class Renderer:
    """Each event as the real renderers draw them: a placed card slides (250 ms), a deal is one
    tween whose cards set off 90 ms apart, a reveal flies then flips, a run of strikes is drawn
    as one tween (market's defences), a peek has no tween of its own, a payment one of no
    length (the queue never plays it)."""

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        out: list[Tween] = []
        struck = False
        for e in events:
            if isinstance(e, Struck):
                if not struck:
                    out.append(Together(parts=(Pause(duration=400.0),)))
                struck = True
                continue
            struck = False
            if isinstance(e, Drawn):
                out.append(Together(parts=tuple(
                    MoveCard(delay=90.0 * k, duration=260 + 90.0 * k) for k in range(len(e.cards)))))
            elif isinstance(e, Revealed):
                out += [MoveCard(duration=230), Pause(duration=180)]
            elif isinstance(e, (Placed, Ended)):
                out.append(MoveCard(duration=250))
            elif isinstance(e, Paid):
                out.append(Pause(duration=0))
        return out


class Rig:
    def __init__(self, speed: float = 1.0, settings: Settings | None = None) -> None:
        self.ms = 0
        self.settings = settings or Settings()
        self.device = Recorder(lambda: self.ms)
        self.player = SoundPlayer(lambda: self.settings, lambda: self.ms, lambda _ms: None,
                                  self.device)
        self.anim = AnimQueue(speed)
        self.renderer = Renderer()
        self.sounds = EventSounds(self.player, self.renderer, self.anim, "toy", TABLE)

    def show(self, events: list[Event], result: Result | None = None,
             listeners: tuple[int, ...] = (0,)) -> None:
        tweens = self.renderer.animations(events, None, None)
        self.anim.extend(tweens)
        self.sounds.cue(events, tweens, None, None, result, listeners)

    def run(self, until: int) -> None:
        while self.ms <= until:
            self.anim.update(self.ms)
            self.sounds.update(self.ms)
            self.ms += 5

    def heard(self) -> list[tuple[int, str]]:
        return [(p.at_ms, p.name) for p in self.device.played]


def test_each_sound_starts_with_the_tween_showing_its_event() -> None:
    rig = Rig()
    rig.show([Placed(), Placed(), Revealed(), Placed()])
    rig.run(2000)
    assert rig.heard() == [(0, "card_place"), (250, "card_place"), (500, "card_draw"),
                           (730, "card_flip"), (910, "card_place")]


def test_the_sounds_keep_the_animation_speed() -> None:
    rig = Rig(speed=2.0)
    rig.show([Placed(), Revealed()])
    rig.run(1000)
    assert rig.heard() == [(0, "card_place"), (125, "card_draw"), (240, "card_flip")]


@pytest.mark.parametrize(("speed", "apart"), [(1.0, 90), (2.0, 45)])
def test_the_third_card_dealt_sounds_with_the_third_card(speed: float, apart: int) -> None:
    rig = Rig(speed)
    rig.show([Placed(), Drawn(cards=["a", "b", "c"])])
    rig.run(2000)
    deal = round(250 / speed)
    assert rig.heard() == [(0, "card_place"), (deal, "card_draw"), (deal + apart, "card_draw"),
                           (deal + 2 * apart, "card_draw")]


def test_strikes_drawn_together_are_one_quieter_chord_not_four_hits() -> None:
    rig = Rig()
    rig.show([Placed(), *(Struck(damage=d) for d in (3, 2, 4, 1))])
    rig.run(2000)
    assert rig.heard() == [(0, "card_place"), (250, "damage")]
    volume = rig.settings.volume / 100
    assert [p.volume for p in rig.device.played] == pytest.approx([volume, CHORD_GAIN * volume])


def test_different_sounds_at_one_moment_are_each_heard_once_quieter() -> None:
    rig = Rig()
    rig.show([Placed(), Struck(damage=0), Struck(damage=3), Struck(damage=0)])
    rig.run(2000)
    chord = [(p.name, p.volume) for p in rig.device.played if p.at_ms == 250]
    volume = CHORD_GAIN * rig.settings.volume / 100
    assert sorted(chord) == [("damage", pytest.approx(volume)), ("miss", pytest.approx(volume))]


def test_an_event_without_a_tween_sounds_with_the_next() -> None:
    rig = Rig()
    rig.show([Placed(), Peeked(), Placed()])
    rig.run(2000)
    assert sorted(rig.heard()) == [(0, "card_place"), (250, "card_flip"), (250, "card_place")]


def test_a_tween_of_no_length_passes_its_sound_to_the_next() -> None:
    rig = Rig()
    rig.show([Placed(), Paid(), Placed(), Paid()])  # the last: with the last tween played
    rig.run(1000)
    assert sorted(rig.heard()) == [(0, "card_place"), (250, "card_place"), (250, "coins")]


def test_skipping_the_current_tween_fades_its_sounds_and_drops_those_still_to_come() -> None:
    rig = Rig()
    rig.show([Drawn(cards=["a", "b", "c"]), Placed()])
    rig.run(100)  # two cards dealt and heard
    rig.anim.finish_current()  # a click
    rig.run(1000)
    assert rig.heard() == [(0, "card_draw"), (90, "card_draw"), (105, "card_place")]
    assert [p.faded_ms for p in rig.device.played] == [105, 105, None]


def test_skipping_everything_silences_what_rings_and_what_was_to_come() -> None:
    rig = Rig()
    rig.show([Placed(), Placed(), Revealed()])
    rig.run(100)
    rig.anim.skip_all()  # Space held, or input that acts now
    rig.run(2000)
    assert rig.heard() == [(0, "card_place")]
    assert rig.device.played[0].faded_ms == 105


def test_with_animations_off_a_batch_is_a_short_quiet_chord() -> None:
    rig = Rig(speed=0)
    rig.show([Placed(), Drawn(cards=["a", "b"]), Placed(), Revealed()])
    assert rig.heard() == []  # from the next frame: a privacy screen in this one drops it
    rig.run(500)
    assert rig.heard() == [(0, "card_place"), (OFF_STAGGER_MS, "card_draw"),
                           (2 * OFF_STAGGER_MS, "card_flip")]
    volume = CHORD_GAIN * rig.settings.volume / 100
    assert [p.volume for p in rig.device.played] == pytest.approx([volume] * 3)


def test_a_lone_sound_with_animations_off_is_at_full_volume() -> None:
    rig = Rig(speed=0)
    rig.show([Placed()])
    rig.run(100)
    assert [(p.name, p.volume) for p in rig.device.played] == [
        ("card_place", pytest.approx(rig.settings.volume / 100))]


def test_sound_off_or_no_volume_plays_nothing() -> None:
    for settings in (Settings(sound=False), Settings(volume=0)):
        rig = Rig(settings=settings)
        rig.show([Placed(), Revealed()])
        rig.run(1000)
        assert rig.heard() == []


def test_the_volume_setting_scales_every_sound() -> None:
    rig = Rig(settings=Settings(volume=40))
    rig.show([Placed()])
    rig.run(100)
    assert rig.device.played[0].volume == pytest.approx(0.4)


def test_the_end_of_a_game_is_a_win_or_a_loss_for_the_seats_at_the_screen() -> None:
    result = Result(ranking=[1, 0], winners=[1], outcome="result.won", breakdown=[[], []])
    assert outcome_sound(result, [1]) == "win"
    assert outcome_sound(result, [0]) == "lose"
    assert outcome_sound(result, []) == "win"  # bots only: the spectator hears the fanfare
    rig = Rig()
    rig.show([Ended()], result, listeners=(0,))
    rig.run(100)
    assert rig.heard() == [(0, "lose")]


def test_nothing_plays_while_covered_but_the_privacy_cue() -> None:
    rig = Rig()
    rig.show([Placed(), Placed()])
    rig.run(100)
    rig.player.cover()
    rig.player.click()
    rig.run(1000)
    assert rig.heard() == [(0, "card_place"), (105, "privacy")]
    assert rig.device.played[0].faded_ms == 105
