"""The Hint says why: each game's best bot gives its choice with a reason (an i18n key with
values, in both catalogues), the very move ``choose`` makes, and the rules page documents every
reason it can give."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from dungeon_table.core import registry
from dungeon_table.ui import i18n

GAMES = ("dungeon", "lastdungeon", "market", "relic")
PREFIX = {"dungeon": "dungeon", "lastdungeon": "ld", "market": "market", "relic": "relic"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
REPO = Path(__file__).resolve().parents[2]


def hints(game_id: str, seeds: tuple[int, ...] = (1, 2), steps: int = 300):
    """(view, legal, action, reason) at the decisions of a few games the best bot mostly plays."""
    spec = registry.get(game_id)
    for seed in seeds:
        game = spec.new_game(["human"] * spec.min_players, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.result() is not None:
                break
            seat = game.to_act()[0]
            legal, view = game.legal_actions(seat), game.view(seat)
            bot = spec.make_bot("best", seed)
            action, why = bot.decide_with_reason(view, legal)
            assert action == spec.make_bot("best", seed).choose(view, legal)
            yield view, legal, action, why
            game.apply(seat, action if rng.random() < 0.8 else rng.choice(legal))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_best_bot_says_why_in_both_languages(game_id: str) -> None:
    keys: Counter[str] = Counter()
    for _view, _legal, _action, why in hints(game_id):
        keys[why.key] += 1
        for lang in ("en", "ja"):
            line = i18n.catalogs()[lang].get(why.key)
            assert line is not None, f"{why.key} has no {lang} line"
            assert set(PLACEHOLDER.findall(line)) <= set(why.values), (lang, why.key, line)
    own = [k for k in keys if k.startswith(f"{PREFIX[game_id]}.why.")]
    assert len(own) >= 8, keys
    assert keys["hint.why.plain"] < sum(keys.values()) / 4, keys


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_documents_every_reason(game_id: str) -> None:
    page = (REPO / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    section = page.split("## What the hint says", 1)[1].split("\n## ", 1)[0]
    keys = [k for k in i18n.catalogs()["en"] if k.startswith(f"{PREFIX[game_id]}.why.")]
    missing = [k for k in keys if f"`{k.split('.why.', 1)[1]}`" not in section]
    assert keys and not missing, missing


def test_the_market_s_stop_counts_the_cards_that_would_burst() -> None:
    """"Stop: 2 of the 9 unseen cards would burst you (22 %)": the count agrees with the odds."""
    stops = [(view, why) for view, _l, _a, why in hints("market", (1, 2, 3))
             if why.key == "market.why.stop"]
    assert stops
    for view, why in stops:
        assert why.values["pct"] == round(100 * view.burst_odds)
        assert 0 < why.values["bursting"] <= why.values["unseen"]


def test_last_dungeon_s_check_names_the_view_s_damage_and_power() -> None:
    checks = [(view, why) for view, _l, _a, why in hints("lastdungeon")
              if why.key.startswith("ld.why.check")]
    assert checks
    for view, why in checks:
        assert (why.values["damage"], why.values["power"]) == (view.total_damage,
                                                               view.adventurer.power)
        assert (why.key == "ld.why.check_repels") == (view.shortfall <= 0)
