"""Dungeon Market end to end: the card file, one script per phase, and random games with every
option that all finish. (The rule-by-rule tests are the ``test_rules_*`` modules.)"""

from __future__ import annotations

import json
import re

import pytest
import yaml

from dungeon_table import cli
from dungeon_table.core.cards import decode_cards
from dungeon_table.core.errors import CardFileError
from dungeon_table.core.script import run_script
from dungeon_table.games.market.cards import CARD_FILE, MarketCards, check, load
from dungeon_table.games.market.rules import Market
from dungeon_table.games.market.scoring import life_rank_points

from .helpers import EXPLORE, OPEN, STOP, act, bid_all, coins_total, confirm_all, of_type, script

TEXT = CARD_FILE.read_text(encoding="utf-8")


# --- the card file ----------------------------------------------------------------------------
def test_the_card_file_loads_with_the_box_contents() -> None:
    cards = load()
    assert len(cards.ids_of("monster")) == 50 and len(cards.ids_of("ghost")) == 5
    assert len(cards.ids_of("gem")) == 9 and len(cards.ids_of("chest")) == 3
    assert len(cards.jobs) == 12 and all(len(j.levels) == 4 for j in cards.jobs)
    assert cards.level_costs == [2, 2, 2, 13]
    assert cards.card("red_gauntlet_1").defence == 1 and cards.card("red_sword_1").attack == 5
    assert cards.loot_name("blue_helm_2").ja == "青の兜"


def test_a_card_file_mistake_is_named_with_line_and_field() -> None:
    data = yaml.safe_load(TEXT)
    data["cards"][3]["colour"] = "pink"
    with pytest.raises(CardFileError) as err:
        decode_cards(yaml.safe_dump(data, allow_unicode=True), "market.yaml", MarketCards, check)
    problem = err.value.problems[0]
    assert problem.path == "$.cards[3].colour" and problem.line is not None


def test_wrong_counts_are_reported() -> None:
    data = yaml.safe_load(TEXT)
    data["cards"] = [c for c in data["cards"] if c["id"] not in ("red_shield_2", "gem_3c")]
    data["cards"][5]["defence"] = 9
    with pytest.raises(CardFileError) as err:
        decode_cards(yaml.safe_dump(data, allow_unicode=True), "market.yaml", MarketCards, check)
    messages = [p.message for p in err.value.problems]
    assert "red has 1 shield monster(s), expected 2" in messages
    assert "expected three gems each of value 1, 2 and 3" in messages
    assert any(m.startswith("a ") and "defends" in m for m in messages)


# --- one script per phase ---------------------------------------------------------------------
def test_market_prices_buys_and_forced_buys_move_every_coin() -> None:
    game, events = script([
        EXPLORE, EXPLORE, EXPLORE, STOP,
        {"type": "price", "slot": 0, "price": 4}, {"type": "price", "slot": 2, "price": 3}, OPEN,
        {"type": "buy", "slot": 0},        # seat 1: 4G to seat 0, who takes its 4G back
        {"type": "buy", "slot": 1},        # seat 2: unpriced, 5G to the deposit
    ], deck=["red_shield_1", "blue_helm_1", "gem_2a"])
    red, blue, yellow = game.state.players
    assert (red.coins, blue.coins, yellow.coins, game.state.deposit) == (16, 11, 10, 13)
    assert blue.equipment == ["blue_gauntlet_1", "red_shield_1"]
    assert yellow.equipment == ["yellow_gauntlet_1", "blue_helm_1"]
    assert red.gems == ["gem_2a"]            # still priced: the active player had to buy it
    forced = of_type(events, "bought")[-1]
    assert forced["forced"] and forced["paid_to"] == "deposit" and forced["price"] == 3
    assert coins_total(game) == 50 and game.state.active == 1 and game.phase == "explore"


def test_burst_defence_damage_and_deposit_share() -> None:
    game, events = script([EXPLORE, EXPLORE], deck=["red_shield_1", "red_helm_2"])
    assert of_type(events, "burst")[0]["attacks"] == [{"colour": "red", "value": 7,
                                                       "slots": [0, 1]}]
    assert game.to_act() == [0]              # the others hold nothing red: they are in at once
    view = game.view(0)
    assert view.defence is not None and view.defence.damage == 7   # 7 - gauntlet 1 + 1
    events = confirm_all(game)
    assert [p.life for p in game.state.players] == [33, 33, 33]
    assert "red_gauntlet_1" in game.state.players[0].used
    shared = of_type(events, "deposit_shared")[0]
    assert shared["shares"] == [3, 1, 1] and shared["remainder_to"] == 0
    assert game.state.active == 1 and game.state.deposit == 0


def test_a_chest_hides_its_card_from_everyone_but_the_active_player() -> None:
    game, events = script([EXPLORE, EXPLORE, STOP, {"type": "price", "slot": 0, "price": 2}, OPEN],
                          deck=["chest_1", "blue_armour_1", "red_shield_1"],
                          options={"chests": True})
    peeked = of_type(events, "chest_peeked")[0]
    assert peeked == {"type": "chest_peeked", "slot": 0, "card": "blue_armour_1", "to": [0]}
    assert game.view(0).discovery[0].hidden == "blue_armour_1"
    assert game.view(1).discovery[0].hidden == "?" and game.view(None).discovery[0].hidden == "?"
    assert game.handoff_reason(1, 0) == "handoff.reason.chest"
    bought = of_type(act(game, 1, {"type": "buy", "slot": 0}), "bought")[0]
    assert bought["card"] == "" and bought["hidden"] == "blue_armour_1"
    assert game.state.discard[-2:] == ["chest_1", "blue_armour_1"]


def test_professional_auction_bids_and_levels() -> None:
    game, _ = script([EXPLORE, EXPLORE], options={"professional": True},
                     deck=["red_shield_1", "red_helm_2", "gem_1a", "gem_2a"],
                     jobs=["sage", "merchant", "banker", "cleric", "paladin", "scout"])
    confirm_all(game)
    assert game.phase == "auction" and game.state.jobs_up == ["sage", "merchant", "banker"]
    act(game, 0, {"type": "auction", "job": "sage"})
    assert game.state.jobs_up == ["cleric", "paladin", "scout"]
    assert game.view(1).my_bid is None and game.handoff_reason(1, 0) == "handoff.reason.bid"
    revealed = of_type(bid_all(game, [0, 3, 3]), "bids_revealed")[0]
    assert revealed["winner"] == 1           # tied with seat 2: nearer the active player
    assert game.state.players[1].jobs == {"sage": 0} and game.state.deposit == 3
    # Seat 1 reveals two gems: its limit (1 colour + 1) ends exploration; 2 EXP buy LV1.
    events = act(game, 1, EXPLORE, EXPLORE, OPEN)
    events += act(game, 2, {"type": "pass"}) + act(game, 0, {"type": "pass"})
    assert of_type(events, "exploration_ended")[0]["reason"] == "limit"
    assert game.phase == "level" and game.view(1).level_jobs == ["sage"]
    act(game, 1, {"type": "level_up", "job": "sage"})
    assert game.state.players[1].jobs == {"sage": 1} and game.state.players[1].exp == 0
    assert game.state.active == 2 and game.phase == "explore"


def test_life_rank_ties() -> None:
    points = [4, 0, -2, -4]
    assert life_rank_points([30, 20, 10, 5], points) == [4, 0, -2, -4]
    assert life_rank_points([30, 30, 10, 5], points) == [2, 2, -2, -4]
    assert life_rank_points([30, 30, 30, 5], points) == [0, 0, 0, -4]
    assert life_rank_points([9, 9, 9, 9], points) == [0, 0, 0, 0]
    assert life_rank_points([12, 12], points[:2]) == [2, 2]


# --- random games -----------------------------------------------------------------------------
OPTION_SETS = [
    [],
    ["chests=true", "chest_buyer_gets_card=true", "gems_defend=false"],
    ["professional=true"],
    ["ghosts_enter=sword_bought"],
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_all_finish(players: int, options: list[str],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    flags = [f for option in options for f in ("--option", option)]
    code = cli.main(["simulate", "market", "--players", str(players), "--games", "20", "--json",
                     *flags])
    stats = json.loads(capsys.readouterr().out)
    assert code == 0 and stats["finished"] == 20


# --- the rules page ---------------------------------------------------------------------------
PAGE = CARD_FILE.parents[1] / "docs" / "rules" / "market.md"


def table_rows() -> dict[str, list[str]]:
    """Table rows of the rules page by id: the cells after the id."""
    out = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`(\w+)`", cells[0]) if cells else None
        if match and len(cells) > 3:
            out[match.group(1)] = cells[1:]
    return out


def test_the_rules_page_tables_match_the_card_file() -> None:
    cards, rows = load(), table_rows()
    for card in cards.cards:
        if card.kind == "monster":
            assert rows[card.id] == [card.name.en, card.name.ja, str(card.attack), card.loot,
                                     str(card.defence)]
        elif card.kind == "ghost":
            assert rows[card.id] == [card.name.en, card.name.ja, str(card.attack)]
    for job in cards.jobs:
        effects = [", ".join(f"{e.kind} {e.amount}" + (f" {e.colour}" if e.colour else "")
                             for e in level.effects) for level in job.levels]
        assert rows[job.id] == [job.name.en, job.name.ja, *effects, str(job.levels[3].vp)]


def test_the_rules_page_script_example_runs() -> None:
    text = PAGE.read_text(encoding="utf-8")
    example = text.split("## Script example")[1].split("```yaml")[1].split("```")[0]
    game = run_script(yaml.safe_load(example)).game
    assert isinstance(game, Market)
    assert [p.coins for p in game.state.players] == [21, 9, 10] and game.state.deposit == 10
    assert game.state.players[1].equipment == ["blue_gauntlet_1", "red_shield_1"]
    assert game.state.area[0] is not None and game.state.area[0].card == "red_helm_2"
