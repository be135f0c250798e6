"""The Dungeon Market bots: legal, deterministic by seed, driven by the view alone, and stronger
than chance. The market arithmetic they share is checked on its own first."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from dungeon_table.core import registry
from dungeon_table.games.market import bot as bot_module
from dungeon_table.games.market.bot import TraderBot
from dungeon_table.games.market.bot_market import Item, Round, best_prices, play_out
from dungeon_table.games.market.bot_value import equipment_points


def three_player_round(seller_coins: int = 15) -> Round:
    return Round(seller=0, order=[1, 2], coins=[seller_coins, 15, 15], unpriced=[5, 5, 5],
                 coin_vp=0.2, weights=[1.0, -0.5, -0.5])


def test_buyers_take_what_is_worth_its_price_and_the_seller_the_priced_rest() -> None:
    round_ = three_player_round()
    helm = Item(0, (0.0, 2.0, 0.5))     # worth 2 points (10G) to seat 1
    gem = Item(1, (1.5, 0.0, 0.0))      # worth something to the seller only
    gains = play_out(round_, [helm, gem], {0: 8, 1: 1})
    # seat 1 buys the helm for 8G; the gem stays priced, so the seller buys it for its 1G,
    # which goes to the deposit and comes back a third to each seat
    back = 0.2 * 1 / 3
    assert gains[1] == pytest.approx(2.0 - 0.2 * 8 + back)
    assert gains[0] == pytest.approx(1.5 + 0.2 * 8 - 0.2 * 1 + back)
    assert gains[2] == pytest.approx(back)


def test_best_prices_sell_dear_what_others_want_and_keep_what_only_the_seller_wants() -> None:
    round_ = three_player_round()
    helm = Item(0, (0.0, 2.0, 0.5))
    gem = Item(1, (1.5, 0.0, 0.0))
    prices, _ = best_prices(round_, [helm, gem])
    assert 7 <= prices[0] <= 10     # just under the 10G the helm is worth to seat 1
    assert prices[1] >= 1           # priced, so nobody takes it for 5G... and the seller keeps it


def test_prices_never_exceed_the_sellers_purse() -> None:
    round_ = three_player_round(seller_coins=6)
    items = [Item(i, (0.0, 3.0, 3.0)) for i in range(3)]
    prices, _ = best_prices(round_, items)
    assert sum(prices.values()) <= 6


def test_equipment_points_follow_the_score_table() -> None:
    # red: gauntlet, shield, helm = 3 kinds (3 points); a sword of blue: 1 kind (0) + 3
    assert equipment_points(["red_gauntlet_1", "red_shield_1", "red_helm_1"]) == 3
    assert equipment_points(["blue_sword_1"]) == 3
    five = [f"{c}_gauntlet_1" for c in ("red", "blue", "yellow", "green", "purple")]
    assert equipment_points(five) == 5


# --- the bots in games --------------------------------------------------------------------------
LEVELS = ["greedy", "trader"]
OPTION_SETS = [
    {},
    {"chests": True},
    {"professional": True},
    {"gems_defend": False, "ghosts_enter": "sword_bought"},
    {"chests": True, "chest_buyer_gets_card": True},
]


def bots_for(levels: list[str], seed: int) -> list[Any]:
    spec = registry.get("market")
    return [spec.make_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]


def test_the_best_bot_is_the_trader() -> None:
    spec = registry.get("market")
    assert spec.best == "trader" and isinstance(spec.make_bot("best", 1), TraderBot)
    assert set(spec.bots) >= {"random", "greedy", "trader"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "base")
def test_every_level_answers_legally_in_every_state_met(players: int,
                                                        options: dict[str, Any]) -> None:
    """A game where random bots make every third seat's moves (so odd states come up), and at
    each step every level is asked too: its answer must be one of the legal actions."""
    seed = players * 100 + len(options)
    spec = registry.get("market")
    game = spec.new_game(["human"] * players, seed, options)
    movers = bots_for(["random", "trader", "greedy", "random"][:players], seed)
    askers = {level: spec.make_bot(level, seed) for level in LEVELS}
    steps = 0
    while game.result() is None and steps < 2000:
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        for bot in askers.values():
            assert bot.choose(view, legal) in legal
        game.apply(seat, movers[seat].choose(view, legal))
        steps += 1
    assert game.result() is not None


def play(levels: list[str], seed: int, options: dict[str, Any] | None = None) -> tuple[Any, list]:
    spec = registry.get("market")
    game = spec.new_game([f"bot:{lv}" for lv in levels], seed, options or {})
    bots, actions = bots_for(levels, seed), []
    while game.result() is None:
        seat = game.to_act()[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        actions.append((seat, action))
        game.apply(seat, action)
    return game, actions


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_is_deterministic_from_its_seed(level: str) -> None:
    options = {"professional": True}
    assert play([level] * 3, 7, options)[1] == play([level] * 3, 7, options)[1]


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_from_its_view_alone(level: str) -> None:
    """Two games whose decks differ only in the order of cards nobody has seen: while every
    seat's view is the same in both, each bot makes the same decisions in both. And the bot
    modules import nothing of the engine's state."""
    spec = registry.get("market")
    first = spec.new_game(["human"] * 3, 3, {})
    deck = first.state.deck.cards[::-1]  # from the top
    second = spec.new_game(["human"] * 3, 3, {}, {"deck": deck[:12] + deck[12:][::-1]})
    bots_a, bots_b = bots_for([level] * 3, 3), bots_for([level] * 3, 3)
    agreed = 0
    while first.result() is None:
        seat = first.to_act()[0]
        views = [first.view(seat), second.view(seat)]
        if views[0] != views[1]:
            break
        legal = first.legal_actions(seat)
        action = bots_a[seat].choose(views[0], legal)
        assert bots_b[seat].choose(views[1], second.legal_actions(seat)) == action
        first.apply(seat, action)
        second.apply(seat, action)
        agreed += 1
    assert agreed > 10
    for module in BOT_MODULES:
        assert engine_imports(module) <= {("rules", "Market")}, module


PACKAGE = Path(bot_module.__file__).parent
BOT_MODULES = sorted(PACKAGE.glob("bot*.py"))
# Besides its view a bot reads the notation, the card file and the rules that depend on the cards
# alone (card_rules: pure, no state); the renderer is no engine.
READABLE = {"__init__", "model", "cards", "card_rules"}
ENGINE = {p.stem for p in PACKAGE.glob("*.py") if p.stem not in READABLE
          and not p.stem.startswith("bot") and p.stem != "view" and not p.stem.startswith("view_")}


def engine_imports(module: Path) -> set[tuple[str, str]]:
    """(engine module, name) for every name a bot module imports from the engine. The one
    allowed is the rules class, which PhaseBot checks a bot's choosers against."""
    found = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            package, _, last = node.module.rpartition(".")
            for alias in node.names:
                if node.module == "dungeon_table.games.market" and alias.name in ENGINE:
                    found.add((alias.name, "*"))
                elif package == "dungeon_table.games.market" and last in ENGINE:
                    found.add((last, alias.name))
    return found


def test_the_best_bot_beats_three_random_bots() -> None:
    """A quick sanity figure (the bench measures it over 1,000 games): the trader, its seat
    turning, wins most of 40 four-player games against three random bots."""
    wins = 0
    for seed in range(40):
        levels = ["random"] * 4
        levels[seed % 4] = "trader"
        game, _ = play(levels, seed)
        result = game.result()
        wins += seed % 4 in result.winners
    assert wins > 20
