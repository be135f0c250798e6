"""Every refusal the engines raise carries an i18n key the catalogues know, in English and in
Japanese, with no placeholder its values leave empty; ``str()`` stays the English sentence.

Random games of every title, and at their states a fuzz of illegal actions: another phase's
moves, a legal move by a seat not to act, every field of a seen action nudged (a price one
higher, a card that does not exist), malformed seats and actions."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import msgspec
import pytest

from dungeon_table.core import registry
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action, Game
from dungeon_table.core.reasons import Reason, reason
from dungeon_table.ui import i18n
from dungeon_table.ui.reasons import say
from dungeon_table.ui.renderer import make_renderer

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


def fuzzed(game_id: str, seeds: tuple[int, ...] = (1, 2)) -> Iterator[IllegalAction]:
    """The refusals of random games of ``game_id`` (every seat) at a fuzz of illegal actions:
    earlier moves, nudged fields, a seat not to act, a malformed seat, the tempting moves."""
    spec = registry.get(game_id)
    rng = random.Random(7)
    for seed in seeds:
        game = spec.new_game(["human"] * spec.max_players, seed)
        pool: list[Action] = []
        for _ in range(400):
            if game.result() is not None:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            pool += rng.sample(legal, min(3, len(legal)))
            tries = rng.sample(pool, min(25, len(pool))) + game.tempting(seat)
            tries += [n for a in rng.sample(legal, min(3, len(legal))) for n in nudged(a, rng)]
            yield from refusals(game, seat, tries)
            others = [s for s in range(len(game.seats)) if s not in game.to_act()]
            if others:
                yield from refusals(game, others[0], legal[:2])
            yield from refusals(game, False, legal[:1])  # type: ignore[arg-type]
            game.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_raised_has_english_and_japanese_text(game_id: str) -> None:
    keys: Counter[str] = Counter()
    for err in fuzzed(game_id):
        assert_translated(err)
        keys[err.key] += 1
    assert len(keys) >= 5, keys  # the fuzz reaches the rules' own reasons, not only the shared


# An id left in English: snake_case ("crystal_l1"), a lowercase word ("fireball", "red"), a
# letter and digits ("c25"). The fuzz's own made-up id and the notation of malformed actions
# (never sent by a table: it sends only what the rules listed) are not the catalogues' to name.
ASCII_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]{3,}\b|\b[A-Za-z]\d+[a-z]?\b")
DEVELOPER_ONLY = {"refuse.seat_type", "refuse.not_an_action", "refuse.malformed",
                  "refuse.not_decodable", "refuse.not_legal"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_reads_in_japanese_without_english_ids(game_id: str) -> None:
    """Each refusal the fuzz raises, said as the table says it in Japanese (its card ids by the
    cards' names, its other ids by the names catalogues): no id is left in English."""
    table = make_renderer(None, game_id)
    looks = getattr(table, "looks", None)
    left: dict[str, str] = {}
    i18n.set_language("ja")
    try:
        for err in fuzzed(game_id, (1, 2, 3)):
            if err.key in DEVELOPER_ONLY:
                continue
            words = say(err.reason, getattr(looks, "name", None), capital=False,
                        values=table.name_value)
            for found in ASCII_ID.findall(words.replace("no_such_thing", "")):
                left.setdefault(f"{err.key}: {found}", words)
    finally:
        i18n.set_language("en")
    assert not left, "\n".join(f"{k}  ({v})" for k, v in sorted(left.items())[:30])


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
