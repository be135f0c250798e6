"""Last Dungeon's words are its rules page's (play-test): "Retreat", never "Push back"; the hero
turned over is the Awakened Hero, in the log and on the banner."""

from __future__ import annotations

import pytest

from dungeon_table.games.lastdungeon import model as m
from dungeon_table.games.lastdungeon.cards import load
from dungeon_table.games.lastdungeon.ui.faces import CardLooks
from dungeon_table.games.lastdungeon.ui.log import log_line
from dungeon_table.ui import i18n
from dungeon_table.ui.i18n import t

LOOKS = CardLooks(load())
HERO = LOOKS.cards.hero


@pytest.fixture(params=["en", "ja"])
def lang(request: pytest.FixtureRequest) -> object:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_the_retreat_is_called_a_retreat() -> None:
    i18n.set_language("en")
    assert t("ld.button.retreat", n=2).startswith("Retreat")
    assert t("ld.prompt.pay_retreat", have=1, need=2).startswith("Retreat")
    line = log_line(LOOKS, m.Retreated(card=HERO.id, from_space=3, to_space=2))
    assert line is not None
    assert "retreat" in line.lower() and "push" not in line.lower()


def test_the_hero_turned_over_is_named_the_awakened_hero(lang: str) -> None:
    awakened = HERO.back.name.en if lang == "en" else HERO.back.name.ja
    legendary = HERO.front.name.en if lang == "en" else HERO.front.name.ja
    flipped = log_line(LOOKS, m.HeroFlipped(card=HERO.id, power=HERO.back.power))
    assert flipped is not None and legendary in flipped and awakened in flipped
    repelled = log_line(LOOKS, m.Repelled(card=HERO.id, side="back", power=23, total=25))
    assert repelled is not None and awakened in repelled and legendary not in repelled
    assert awakened in t("ld.banner.hero")
