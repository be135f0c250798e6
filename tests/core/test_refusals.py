"""Every refusal the engines raise carries an i18n key the catalogues know, in English and in
Japanese, with no placeholder its values leave empty; ``str()`` stays the English sentence.

Random games of every title, and at their states a fuzz of illegal actions: another phase's
moves, a legal move by a seat not to act, every field of a seen action nudged (a price one
higher, a card that does not exist), malformed seats and actions."""

from __future__ import annotations

import random
import re
from collections import Counter

import msgspec
import pytest

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, Game
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.ui import i18n
from dungeon_table.ui.reasons import say

GAMES = ("dungeon", "lastdungeon", "market", "relic")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def nudged(action: Action, rng: random.Random) -> list[Action]:
    """``action`` with each field changed in turn: a number up and down, a text unknown."""
    out: list[Action] = []
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            out += [msgspec.structs.replace(action, **{name: value + d}) for d in (1, -1, 40)]
        elif isinstance(value, str):
            out.append(msgspec.structs.replace(action, **{name: "no_such_thing"}))
        elif isinstance(value, list) and value:
            out.append(msgspec.structs.replace(action, **{name: value[:-1]}))
            out.append(msgspec.structs.replace(action, **{name: [*value, "no_such_thing"]}))
    return out


def refusals(game: Game, seat: int, tries: list[Action]) -> list[IllegalAction]:
    legal = game.legal_actions(seat)
    found = []
    for action in tries:
        if action in legal:
            continue
        try:
            game.clone().apply(seat, action)
        except IllegalAction as err:
            found.append(err)
        except (TypeError, ValueError):  # a nudge outside the action's own type: not a refusal
            continue
    return found


def assert_translated(err: IllegalAction) -> None:
    assert err.key, f"a refusal without a key: {err}"
    assert str(err) == str(err.reason)
    for lang in ("en", "ja"):
        line = i18n.catalogs()[lang].get(err.key)
        assert line is not None, f"{err.key} has no {lang} line ({err})"
        empty = set(PLACEHOLDER.findall(line)) - set(err.values)
        assert not empty, f"{lang} {err.key}: {empty} have no value ({line})"
    for value in err.values.values():
        if isinstance(value, Reason):
            assert value.key in i18n.catalogs()["ja"], value.key


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_raised_has_english_and_japanese_text(game_id: str) -> None:
    spec = registry.get(game_id)
    rng = random.Random(7)
    keys: Counter[str] = Counter()
    for seed in (1, 2):
        game = spec.new_game(["human"] * spec.max_players, seed)
        pool: list[Action] = []
        for _ in range(400):
            if game.result() is not None:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            pool += rng.sample(legal, min(3, len(legal)))
            tries = rng.sample(pool, min(25, len(pool)))
            tries += [n for a in rng.sample(legal, min(3, len(legal))) for n in nudged(a, rng)]
            errors = refusals(game, seat, tries)
            others = [s for s in range(len(game.seats)) if s not in game.to_act()]
            if others:
                errors += refusals(game, others[0], legal[:2])
            errors += refusals(game, False, legal[:1])  # type: ignore[arg-type]
            for err in errors:
                assert_translated(err)
                keys[err.key] += 1
            game.apply(seat, rng.choice(legal))
    assert len(keys) >= 5, keys  # the fuzz reaches the rules' own reasons, not only the shared


def test_a_refusal_reads_as_before_and_carries_its_key() -> None:
    err = IllegalAction.of("market.refuse.too_poor", "that costs {cost}G and you have {coins}G",
                           cost=5, coins=3)
    assert str(err) == "that costs 5G and you have 3G"
    assert (err.key, err.values) == ("market.refuse.too_poor", {"cost": 5, "coins": 3})
    assert IllegalAction("plain words").key == ""


@pytest.mark.parametrize("lang, shown", [("en", "That costs 5G and you have 3G"),
                                         ("ja", "5Gかかりますが、所持金は3Gです")])
def test_the_table_says_a_refusal_in_the_player_s_language(lang: str, shown: str) -> None:
    i18n.set_language(lang)
    try:
        assert say(reason("market.refuse.too_poor", "that costs {cost}G and you have {coins}G",
                          cost=5, coins=3)) == shown
    finally:
        i18n.set_language("en")


def test_a_phase_s_hint_inside_a_refusal_is_translated_too() -> None:
    game = registry.get("market").new_game(["human", "human"], 1)
    seat = game.to_act()[0]
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, game.decode_action({"type": "pass"}))
    assert caught.value.key == "refuse.not_now"
    i18n.set_language("ja")
    try:
        assert say(caught.value.reason) == "いまはその操作はできません：探索するか、やめてマーケットフェイズに進んでください"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_tempting_move_is_refused_with_a_reason_the_table_can_say(game_id: str) -> None:
    """``Game.tempting`` offers the table moves to say "why not" about: never a legal one, and
    each refused with a key both catalogues know; ``costly`` only ever asks about legal ones."""
    spec = registry.get(game_id)
    rng = random.Random(3)
    tempted = costly = 0
    for seed in (1, 2, 3):
        game = spec.new_game(["human"] * spec.min_players, seed)
        for _ in range(300):
            if game.result() is not None:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            for action in game.tempting(seat):
                assert action not in legal
                why = game.why_illegal(seat, action)
                assert why.key in i18n.catalogs()["ja"], why
                tempted += 1
            for action in legal:
                asked = game.costly(seat, action)
                if asked is not None:
                    assert asked.key in i18n.catalogs()["ja"] and asked.key in i18n.catalogs()["en"]
                    costly += 1
            game.apply(seat, rng.choice(legal))
    assert costly, "some move asks first in every game"
    assert tempted or game_id == "dungeon"
