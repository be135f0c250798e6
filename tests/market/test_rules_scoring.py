"""Dungeon Market rules: the game's end and its scoring, one test per rule.

The four-player games end with four bursts nobody defends, one on each seat's turn (so each seat
takes the same damage plus its 1 as the active player): life differences made before them stay,
and the last one puts the lowest at 0 or below.
"""

from __future__ import annotations

from dungeon_table.core.protocol import Game

from .rules_kit import (
    OPEN,
    PASS,
    STOP,
    act,
    buy,
    coins,
    confirm_defences,
    defend_with,
    explore,
    gems,
    lives,
    market_turn,
    no_defence,
    play,
    player,
    price,
)

# 9 + 9 + 9 + 5 = 32 (or + 6 = 33): yellow, green and blue sword + armour, then a purple pair.
FINISH = ["yellow_sword_1", "yellow_armour_1", "green_sword_1", "green_armour_1",
          "blue_sword_1", "blue_armour_1"]
LAST_5 = ["purple_gauntlet_1", "purple_helm_2"]
LAST_6 = ["purple_shield_1", "purple_helm_1"]


def finish(game: Game) -> None:
    """Four bursts, nobody defending, until the game is over."""
    for _ in range(4):
        act(game, *explore(2))
        no_defence(game)
    assert game.result() is not None


def lines(game: Game, seat: int) -> dict[str, int]:
    result = game.result()
    assert result is not None
    return {line.key: line.value for line in result.breakdown[seat]}


def test_life_rank_scores_4_0_minus2_minus4() -> None:
    # Seat 3 buys Gargoyle (armour 3), seat 0 buys Skeleton (shield 2), 5G each; seat 2 bursts
    # Dark Elf 3 + Moon Moth 3: lives 36/34/33/37; the deposit's 15 goes 3 each, 3 to seat 2.
    game, _ = play([*market_turn(1, players=4, buys=[None, None, 0]),
                    *market_turn(1, players=4, buys=[None, None, 0]), *explore(2),
                    confirm_defences], players=4,
                   deck=["purple_armour_1", "purple_shield_1", "purple_helm_1", "purple_shield_2",
                         *FINISH, *LAST_5])
    assert lives(game) == [36, 34, 33, 37] and coins(game) == [13, 18, 21, 13]
    finish(game)
    assert lives(game) == [3, 1, 0, 4]
    assert [lines(game, seat)["score.life_rank"] for seat in range(4)] == [0, -2, -4, 4]
    assert [lines(game, seat)["score.total"] for seat in range(4)] == [0 + 2, -2 + 3, -4 + 4,
                                                                       4 + 2]
    result = game.result()
    assert result.ranking == [3, 0, 1, 2] and result.winners == [3]


def test_life_rank_three_tied_take_the_next_rank_points_and_share_the_win() -> None:
    # Seat 0 bursts purple 6 on turn 1: 33/34/34/34 (the deposit's remainder 1 to seat 0).
    game, _ = play([*explore(2), confirm_defences], players=4,
                   deck=["purple_shield_1", "purple_helm_1", *FINISH, *LAST_5])
    assert coins(game) == [17, 16, 16, 16]
    finish(game)
    assert lives(game) == [0, 1, 1, 1]
    assert [lines(game, seat)["score.life_rank"] for seat in range(4)] == [-4, 0, 0, 0]
    assert [lines(game, seat)["score.total"] for seat in range(4)] == [-1, 3, 3, 3]
    assert game.result().winners == [1, 2, 3]


def test_life_rank_four_tied_all_take_0() -> None:
    # Seat 0 bursts red 6 on turn 1 and blocks 1 with its gauntlet: all four at 34.
    game, _ = play([*explore(2), confirm_defences], players=4,
                   deck=["red_shield_1", "red_helm_1", *FINISH, *LAST_6])
    assert lives(game) == [34, 34, 34, 34]
    finish(game)
    assert lives(game) == [0, 0, 0, 0]
    assert [lines(game, seat)["score.life_rank"] for seat in range(4)] == [0, 0, 0, 0]
    assert game.result().winners == [0, 1, 2, 3]


def test_life_rank_two_tied_take_the_average_with_the_next() -> None:
    # Seats 0 and 1 keep red gauntlets; seat 0 bursts red 6: 35/35/34/34.
    game, _ = play([*market_turn(1, players=4, keep=1), *market_turn(1, players=4, keep=1),
                    *market_turn(1, players=4), *market_turn(1, players=4), *explore(2)],
                   players=4, deck=["red_gauntlet_2", "red_gauntlet_3", "gem_1a", "gem_1b",
                                    "red_shield_1", "red_helm_1", *FINISH, *LAST_6])
    defend_with(game, 0, [("red_gauntlet_1", "red"), ("red_gauntlet_2", "red")])
    defend_with(game, 1, [("red_gauntlet_3", "red")])
    defend_with(game, 2)
    defend_with(game, 3)
    assert lives(game) == [35, 35, 34, 34]
    finish(game)
    assert lives(game) == [1, 1, 0, 0]
    assert [lines(game, seat)["score.life_rank"] for seat in range(4)] == [2, 2, -3, -3]
    assert game.result().winners == [0, 1]


def test_equipment_gems_and_coins_score_and_the_knocked_out_score_no_gems() -> None:
    """Two players. Seat 0 gathers all five colours, a sword and a gem; seat 1 a gem; then three
    bursts leave seat 0 at 1 and seat 1 at -2."""
    deck = ["green_shield_1", "yellow_helm_1", "blue_armour_1", "purple_gauntlet_2", "gem_3a",
            "red_sword_1", "gem_2a",
            "purple_sword_1", "green_ghost", "purple_ghost",
            "yellow_sword_1", "blue_ghost", "yellow_ghost",
            "green_sword_1", "green_armour_1"]
    game, _ = play([*explore(5), STOP, *(price(slot, 1) for slot in range(4)), OPEN,
                    buy(4), PASS, PASS,                    # seat 1 buys the Great Gem for 5G
                    *explore(2), STOP, OPEN, buy(0), PASS, buy(1),   # seat 0 buys both for 5G
                    *explore(3)], players=2, deck=deck)
    assert coins(game) == [1, 10] and game.view(0).deposit == 24
    no_defence(game)                                       # purple 8 + green 3: 18 and 19
    act(game, *explore(3))
    defend_with(game, 0, [("yellow_helm_1", "yellow")])    # yellow 8 + blue 3
    defend_with(game, 1)
    act(game, *explore(2))
    defend_with(game, 0, [("green_shield_1", "green")])    # green 9
    defend_with(game, 1)
    assert lives(game) == [1, -2] and coins(game) == [13, 22]
    assert lines(game, 0) == {
        "score.life_rank": 4, "score.five_colours": 5, "score.kinds.red": 1,
        "score.kinds.blue": 0, "score.kinds.yellow": 0, "score.kinds.green": 0,
        "score.kinds.purple": 0, "score.swords": 3, "score.gems": 2, "score.coins": 2,
        "score.jobs": 0, "score.total": 17}
    assert lines(game, 1)["score.gems"] == 0 and lines(game, 1)["score.total"] == 0 + 4
    counts = {line.key: line.count for line in game.result().breakdown[0]}
    assert (counts["score.five_colours"], counts["score.kinds.red"], counts["score.swords"],
            counts["score.coins"]) == (1, 2, 1, 13)


def test_kinds_per_colour_score_0_1_3_7_15_and_swords_3() -> None:
    # Seat 0 keeps Magma Crab (red shield), then buys the red helm, armour and sword at 1G.
    game, _ = play(market_turn(1, players=4, keep=1), players=4,
                   deck=["red_shield_1", "red_helm_1", "red_armour_1", "red_sword_1"])
    points = [player(game, 0).points]
    act(game, *explore(1), STOP, price(0, 1), OPEN, PASS, PASS, buy(0))
    points.append(player(game, 0).points)
    act(game, *explore(1), STOP, price(0, 1), OPEN, PASS, buy(0))
    points.append(player(game, 0).points)
    act(game, *explore(1), STOP, price(0, 1), OPEN, buy(0))
    points.append(player(game, 0).points)
    assert coins(game) == [11, 16, 16, 16]
    # Four tied lives rank 0; coins 14, 13, 12, 11 give 2 each.
    assert points == [1 + 2, 3 + 2, 7 + 2, 15 + 3 + 2]


def test_five_colour_set_scores_5_times_the_smallest_colour_count() -> None:
    shields = ["red_shield_1", "blue_shield_1", "yellow_shield_1", "green_shield_1",
               "purple_shield_1"]
    helms = ["blue_helm_1", "yellow_helm_1", "green_helm_1", "purple_helm_1"]
    game, _ = play(market_turn(5, players=4, keep=5), players=4,
                   deck=[*shields, "gem_1a", "gem_1b", "gem_1c", *helms])
    # red 2, the others 1: five colours 5 x 1, red's two kinds 1, coins 10 -> 2.
    assert player(game, 0).points == 5 + 1 + 2
    act(game, *market_turn(1, players=4), *market_turn(1, players=4),
        *market_turn(1, players=4), *market_turn(4, players=4, keep=4))
    # two of each colour: 5 x 2, two kinds in each colour 5 x 1, coins 6 -> 1.
    assert coins(game)[0] == 6 and player(game, 0).points == 10 + 5 + 1


def test_three_players_rank_4_0_minus2_with_two_tied_on_top() -> None:
    # Seat 0 bursts purple 6: 33/34/34; seats 1 and 2 share (4 + 0) / 2, seat 0 is third.
    game, _ = play([*explore(2), confirm_defences], deck=["purple_shield_1", "purple_helm_1"])
    assert lives(game) == [33, 34, 34] and coins(game) == [18, 16, 16]
    assert [p.points for p in game.view(None).players] == [-2 + 3, 2 + 3, 2 + 3]


def test_players_at_zero_or_less_discard_their_gems() -> None:
    # 2 players: two bursts bring both to 7; seat 1 buys a gem; seat 1 bursts green 7: 0 and -1.
    game, _ = play([*explore(3), confirm_defences, *explore(3), no_defence,
                    *market_turn(1, players=2, buys=[0]), *explore(2), no_defence], players=2,
                   deck=["purple_sword_1", "green_ghost", "purple_ghost",
                         "yellow_sword_1", "blue_ghost", "yellow_ghost", "gem_1a",
                         "green_armour_1", "green_helm_1"])
    assert lives(game) == [0, -1] and game.result() is not None
    # 得点計算: ライフが0以下となっているプレイヤーは全員、所持している宝玉カードをすべて捨て札にします。
    assert gems(game, 1) == []
    assert game.state.discard[-1] == "gem_1a"
