"""The Dungeon Market table drawn from hand-made views: every phase draws in both languages and
both window sizes, every legal action has a target, pricing and bids step through the legal
list, typed digits set a price, every event type has a log line and tweens that finish."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from dungeon_table.core.protocol import Action
from dungeon_table.games.market import model as m
from dungeon_table.games.market.ui import controls
from dungeon_table.games.market.ui.table import MarketRenderer
from dungeon_table.ui import fonts, i18n, tabletop, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.renderer import Target, UiState

COLOURS = ["red", "blue", "yellow", "green"]
SIZES = [(1280, 720), (1920, 1080)]
EQUIPMENT = [
    [("red_gauntlet_1", False), ("red_gauntlet_2", False), ("red_shield_1", True),
     ("blue_helm_1", False), ("purple_sword_1", False)],
    [("blue_gauntlet_1", False), ("red_armour_1", True), ("red_sword_1", False)],
    [("yellow_gauntlet_1", False), ("green_helm_1", False)],
    [("green_gauntlet_1", False)],
]
FINDS = [m.Slot(index=0, card="blue_shield_1", price=3), m.Slot(index=1, card="gem_2b"),
         m.Slot(index=2, card="chest_1", chest=True, hidden="purple_helm_1", price=2),
         m.Slot(index=3, card="yellow_armour_1")]
ATTACKS = [m.Attack(colour="red", value=7, slots=[0, 2]), m.Attack(colour="blue", value=3,
                                                                   slots=[1])]
FIGHT = [m.Slot(index=0, card="red_helm_1", attacking=True),
         m.Slot(index=1, card="blue_ghost", attacking=True),
         m.Slot(index=2, card="red_shield_2", attacking=True), m.Slot(index=3, card="gem_1b")]


def player(seat: int, n: int, pro: bool) -> m.PlayerView:
    jobs = [m.JobHeld(job="flame_warden", level=2, next_cost=2),
            m.JobHeld(job="sage", level=0, next_cost=2)] if pro and seat == 0 else []
    return m.PlayerView(
        seat=seat, colour=COLOURS[seat], life=[33, 21, 8, 40][seat], max_life=40 if n > 2 else 30,
        coins=[12, 4, 22, 15][seat],
        equipment=[m.Held(card=c, used=u) for c, u in EQUIPMENT[seat]],
        gems=[m.Held(card="gem_2a", used=False), m.Held(card="gem_3b", used=True)]
        if seat == 0 else [], jobs=jobs, exp=3 if pro else 0, points=7, reveal_limit=4 if pro else 0,
        unpriced_cost=5)


def make_view(phase: str = "explore", n: int = 4, seat: int | None = 0, pro: bool = False,
              **fields: object) -> m.MarketView:
    base: dict[str, object] = dict(
        seat=seat, n_players=n, phase=phase, active=0, turn=5, to_act=[0],
        players=[player(s, n, pro) for s in range(n)], deposit=7, deck_count=31,
        discard_count=12, discard_top="green_shield_1", ghosts_in=True, discovery=list(FINDS),
        must_explore=False, revealed=4, burst_odds=0.38, attacks=[], defence=None,
        defended=[False] * n, buyer=None, buyers_left=[],
        jobs_up=["paladin", "cleric", "haggler"] if pro else [], job_deck_count=6 if pro else 0,
        auction_job="", bids_in=[False] * n, my_bid=None, last_bids=[], level_jobs=[], peek="",
        chests=True, professional=pro)
    base.update(fields)
    return m.MarketView(**base)  # type: ignore[arg-type]


def defence() -> m.DefenceView:
    uses = [m.Use(item="red_gauntlet_1", attack="red", reduced=2, used=False),
            m.Use(item="red_gauntlet_2", attack="red", reduced=0, used=False)]
    return m.DefenceView(uses=uses, damage=6, prevented=2, suggested=uses, confirmed=False,
                         attack_damage=[5, 1], job_guard=1, extra=1)


def legal_for(view: m.MarketView) -> list[Action]:
    """The kind of legal list the engine gives for these hand-made views."""
    me = view.seat
    if me is None or me not in view.to_act:
        return []
    coins = view.players[me].coins
    if view.phase == "explore":
        return [m.Explore(), m.Stop()]
    if view.phase == "price":
        return [m.SetPrice(slot=s.index, price=p) for s in view.discovery
                for p in range(coins + s.price + 1) if p != s.price] + [m.OpenMarket()]
    if view.phase == "buy":
        return [m.Buy(slot=s.index) for s in view.discovery] + [m.Pass()]
    if view.phase == "defend":
        return [m.Unguard(item="red_gauntlet_1"), m.Unguard(item="red_gauntlet_2"),
                m.Guard(item="blue_helm_1", attack="blue"),
                m.Guard(item="gem_2a", attack="red"), m.Guard(item="gem_2a", attack="blue"),
                m.Defend()]
    if view.phase == "auction":
        return [m.AuctionJob(job=j) for j in view.jobs_up]
    if view.phase == "bid":
        return [m.Bid(amount=a) for a in range(coins + 1)]
    if view.phase == "level":
        return [m.LevelUp(job=j) for j in view.level_jobs] + [m.Done()]
    return []


PHASES = {
    "explore": lambda: make_view(must_explore=True),
    "explore_2p": lambda: make_view(n=2, discovery=[]),
    "price": lambda: make_view("price"),
    "buy": lambda: make_view("buy", n=3, seat=1, to_act=[1], buyer=1, buyers_left=[2]),
    "defend": lambda: make_view("defend", to_act=[0, 1], attacks=ATTACKS, defence=defence(),
                                discovery=list(FIGHT), defended=[False, False, True, True]),
    "auction": lambda: make_view("auction", pro=True, discovery=[]),
    "bid": lambda: make_view("bid", pro=True, to_act=[0, 2], auction_job="cleric",
                             bids_in=[False, True, False, True], discovery=[]),
    "level": lambda: make_view("level", pro=True, level_jobs=["flame_warden", "sage"]),
    "watching": lambda: make_view("buy", seat=2, to_act=[1], buyer=1),
    "spectator": lambda: make_view("defend", seat=None, to_act=[0, 1], attacks=ATTACKS,
                                   discovery=list(FIGHT)),
    "over": lambda: make_view("over", to_act=[], end_reason="knocked_out"),
}


def renderer(size: tuple[int, int] = (1280, 720)) -> MarketRenderer:
    r = MarketRenderer(None)
    th = theme.Theme.for_window(size)
    r.layout(pygame.Rect(0, 0, round(size[0] * 0.78), size[1]), th)
    return r


def draw(r: MarketRenderer, view: m.MarketView, legal: list[Action],
         targets: list[Target] | None = None, size: tuple[int, int] = (1280, 720)) -> None:
    surface = pygame.Surface(size)
    ui = UiState(seat=view.seat, legal=legal,
                 targets=r.targets(view, legal) if targets is None else targets)
    r.draw(surface, view, ui)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phase", sorted(PHASES))
def test_every_phase_draws_and_every_legal_action_has_a_target(phase: str, lang: str,
                                                               size: tuple[int, int]) -> None:
    i18n.set_language(lang)
    view = PHASES[phase]()
    legal = legal_for(view)
    r = renderer(size)
    targets = r.targets(view, legal)
    draw(r, view, legal, targets, size)
    missing = [a for a in legal if not any(tg.leads_to(a) for tg in targets)]
    assert not missing, missing
    assert all(tg.action in legal for tg in targets), "every target is bound to a legal action"
    board = r.area
    assert board is not None
    assert all(board.contains(tg.rect) for tg in targets), "targets stay on the board"


def _choose(r: MarketRenderer, view: m.MarketView, legal: list[Action], action: Action) -> None:
    target = next(tg for tg in r.targets(view, legal) if tg.leads_to(action))
    assert target.pick is not None
    target.pick()


def test_pricing_picks_a_card_then_steps_its_price_through_the_legal_list() -> None:
    view = make_view("price")
    legal = legal_for(view)
    r = renderer()
    _choose(r, view, legal, m.SetPrice(slot=3, price=4))
    assert r.price_slot == 3
    actions = [tg.action for tg in r.targets(view, legal) if tg.pick is None]
    assert m.SetPrice(slot=3, price=1) in actions, "+ puts one more coin on the card"
    assert all(not (isinstance(a, m.SetPrice) and a.price < 0) for a in actions)
    view = make_view("price", discovery=[*FINDS[:3], m.Slot(index=3, card="yellow_armour_1",
                                                             price=5)])
    actions = [tg.action for tg in r.targets(view, legal_for(view)) if tg.pick is None]
    assert {m.SetPrice(slot=3, price=4), m.SetPrice(slot=3, price=6)} <= set(actions)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_price_stepper_has_room_for_no_price(lang: str, size: tuple[int, int]) -> None:
    """'no price' stood cut to 'no pri…' between − and + under a card at 1920x1080."""
    i18n.set_language(lang)
    r = renderer(size)
    view = make_view("price", pro=True)  # the job row narrows the discovery area's cards
    r.targets(view, legal_for(view))
    _minus, value, _plus = r.stepper_rects(view, 0)
    text = fonts.font("body", r.th.scale, True).size(i18n.t("market.price.none"))[0]
    assert text <= value.w - r.th.px(0.5)


def test_typed_digits_set_the_price_of_the_picked_card() -> None:
    view = make_view("price")
    legal = legal_for(view)
    r = renderer()
    r.targets(view, legal)
    r.price_slot = 1
    assert r.key(pygame.K_1, "1") == m.SetPrice(slot=1, price=1)
    assert r.key(pygame.K_5, "5") is True, "15G is more than the purse: nothing is sent"
    assert r.key(pygame.K_PLUS, "+") == m.SetPrice(slot=1, price=1)
    assert r.key(pygame.K_a, "a") is None, "other keys are the table's"


def test_a_bid_is_set_locally_and_sent_once_with_confirm() -> None:
    view = PHASES["bid"]()
    legal = legal_for(view)
    r = renderer()
    _choose(r, view, legal, m.Bid(amount=5))
    _choose(r, view, legal, m.Bid(amount=5))
    assert r.bid_draft == 2
    sent = [tg.action for tg in r.targets(view, legal) if tg.pick is None]
    assert sent == [m.Bid(amount=2)], "only Confirm sends, with the amount set"
    assert r.key(pygame.K_7, "7") is True and r.bid_draft == 7
    assert r.key(pygame.K_9, "9") is True and r.bid_draft == 12, "held to the purse"


def test_a_sealed_bid_set_by_one_player_is_not_shown_to_the_next() -> None:
    """Two humans bid in turn at one screen: the second must find the bid at 0, not at the
    amount the first had set (that would tell it the first one's sealed bid)."""
    first = PHASES["bid"]()
    r = renderer()
    r.targets(first, legal_for(first))
    assert r.key(pygame.K_7, "7") is True and r.bid_draft == 7
    r.cancel_pick()  # the table turns to the next player
    second = make_view("bid", seat=2, pro=True, to_act=[2], auction_job="cleric",
                       bids_in=[True, True, False, True], discovery=[])
    sent = [tg.action for tg in r.targets(second, legal_for(second)) if tg.pick is None]
    assert sent == [m.Bid(amount=0)] and r.bid_draft == 0
    assert r.key(pygame.K_5, "5") is True and r.bid_draft == 5, "digits start afresh"


def test_a_gem_that_may_guard_two_attacks_is_picked_then_its_attack() -> None:
    view = PHASES["defend"]()
    legal = legal_for(view)
    r = renderer()
    _choose(r, view, legal, m.Guard(item="gem_2a", attack="blue"))
    direct = [tg.action for tg in r.targets(view, legal) if tg.pick is None]
    assert {m.Guard(item="gem_2a", attack="red"), m.Guard(item="gem_2a", attack="blue")} <= set(
        direct)
    assert r.cancel_pick() and r.picked is None


def test_a_hidden_chest_card_is_drawn_only_for_a_seat_whose_view_names_it() -> None:
    r = renderer()
    drawn: list[str] = []
    face = r.looks.face

    def spy(card: str, width: int) -> pygame.Surface:
        drawn.append(card)
        return face(card, width)

    r.looks.face = spy  # type: ignore[method-assign]
    hidden = [FINDS[0], m.Slot(index=2, card="chest_1", chest=True, hidden="?")]
    draw(r, make_view("buy", seat=1, to_act=[1], buyer=1, discovery=hidden), [])
    assert "purple_helm_1" not in drawn and "chest_1" in drawn
    draw(r, make_view("buy", seat=0, to_act=[1], buyer=1, discovery=list(FINDS)), [])
    assert "purple_helm_1" in drawn


def sample_events() -> list[m.Event]:
    """One event of every type the engine emits."""
    return [
        m.TurnStarted(seat=1, turn=6), m.Revealed(card="red_helm_1", slot=4),
        m.Revealed(card="red_ghost", slot=4, via_chest=True),
        m.ChestFound(card="chest_2", slot=4), m.ChestFound(card="chest_2", slot=4, empty=True),
        m.ChestPeeked(slot=2, card="purple_helm_1"), m.ChestRemoved(card="chest_1"),
        m.TopPeeked(card="blue_helm_1"), m.Reshuffled(count=30, ghosts_added=True),
        m.Reshuffled(count=20, ghosts_added=False), m.GhostToDiscard(card="red_ghost"),
        m.ExplorationEnded(reason="stopped"), m.ExplorationEnded(reason="limit"),
        m.ExplorationEnded(reason="deck_empty"), m.BurstStarted(attacks=list(ATTACKS)),
        m.DefenceChosen(seat=2),
        m.Defended(seat=0, uses=[m.Use(item="red_gauntlet_1", attack="red", reduced=2,
                                       used=False)], damage=6, life=27, job_guard=1),
        m.Defended(seat=1, uses=[], damage=10, life=11),
        m.GameEnded(reason="knocked_out", seats=[2]), m.GameEnded(reason="deck_out"),
        m.DepositShared(shares=[2, 2, 3, 2], remainder_to=2, remainder=1),
        m.DepositShared(shares=[1, 1, 1, 1], remainder_to=0, remainder=0),
        m.AreaDiscarded(cards=["gem_1b", "red_helm_1"], reason="burst"),
        m.AreaDiscarded(cards=["blue_ghost"], reason="ghosts"),
        m.AreaDiscarded(cards=["gem_1b"], reason="unsold"), m.ExpGained(seat=0, exp=3, total=5),
        m.JobOffered(job="cleric", returned=["paladin"], refill=["banker"]), m.BidPlaced(seat=3),
        m.BidsRevealed(bids=[3, 0, 2, 1], winner=0, job="cleric"),
        m.LevelledUp(seat=0, job="sage", level=1, exp_spent=2), m.Priced(slot=1, price=3),
        m.Priced(slot=1, price=0), m.MarketOpened(buyers=[1, 2, 3]),
        m.Bought(seat=1, slot=0, item="blue_shield_1", card="blue_shield_1", price=3,
                 paid_to="seller", commission=1),
        m.Bought(seat=2, slot=1, item="gem_2b", card="gem_2b", price=5, paid_to="deposit"),
        m.Bought(seat=0, slot=2, item="chest_1", card="", price=2, paid_to="deposit",
                 forced=True, hidden="purple_helm_1"),
        m.Passed(seat=3), m.HealedByJob(seat=0, job="cleric", amount=1, life=34),
    ]


def test_the_sample_covers_every_event_type() -> None:
    assert {type(e) for e in sample_events()} == set(m.EVENTS)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_has_a_log_line_in_both_languages(lang: str) -> None:
    i18n.set_language(lang)
    r = renderer()
    before, after = make_view(), make_view(turn=6, active=1)
    for event in sample_events():
        lines = r.log_lines([event], before, after)
        if isinstance(event, m.Priced):
            assert lines == [], "prices are told once, as the market opens"
            continue
        if isinstance(event, m.ChestRemoved):
            assert lines == [], "told with the ghost the chest hid, which comes after it"
            continue
        assert len(lines) == 1, event
        if isinstance(event, m.TurnStarted):  # a heading at its place among the lines
            assert lines == [i18n.t("market.log.heading", n=6, name=i18n.t("market.colour.blue"))]
            assert getattr(lines[0], "heading", False)
        assert "{" not in lines[0] and "market." not in lines[0], lines[0]


def test_the_market_opening_line_tells_every_price() -> None:
    r = renderer()
    view = make_view("price")
    (line,) = r.log_lines([m.MarketOpened(buyers=[1, 2, 3])], view, make_view(discovery=[]))
    assert "3G" in line and "2G" in line and i18n.t("market.log.unpriced_of",
                                                    card=r.looks.name("gem_2b")) in line


def test_a_new_turn_is_headed_where_it_starts_among_the_lines() -> None:
    r = renderer()
    before, after = make_view("defend"), make_view(turn=6, active=1)
    lines = r.log_lines([m.Defended(seat=0, uses=[], damage=3, life=30),
                         m.TurnStarted(seat=1, turn=6), m.Revealed(card="gem_1a", slot=0)],
                        before, after)
    assert [getattr(line, "heading", False) for line in lines] == [False, True, False]
    assert r.log_heading(before, after) is None, "the heading is among the lines, not above"
    assert r.log_heading(None, before) == i18n.t("market.log.heading", n=5,
                                                 name=i18n.t("market.colour.red"))


def test_every_event_animates_and_its_tweens_finish() -> None:
    r = renderer()
    before = make_view("defend", attacks=ATTACKS, discovery=list(FIGHT), pro=True,
                       jobs_up=["paladin", "cleric", "haggler"])
    after = make_view("buy", pro=True, discovery=list(FINDS))
    surface = pygame.Surface((1280, 720))
    for event in sample_events():
        queue = AnimQueue()
        queue.extend(r.animations([event], before, after))
        now = 0.0
        while queue.update(now):
            r.draw(surface, after, UiState(hidden=queue.hidden(), animating=True))
            queue.draw(surface)
            now += 50.0
            assert now < 10_000, f"{event} never finishes"
        r.draw(surface, after, UiState())
        assert not r.before_values, "once played, the table shows the view's own numbers"


def test_hovering_a_card_or_a_job_shows_it_large() -> None:
    r = renderer()
    view = PHASES["level"]()
    draw(r, view, legal_for(view))
    card_rect = r.slot_rect(view, 0)
    big = r.preview(view, card_rect.center)
    assert big is not None and big.get_width() > card_rect.w * 1.5
    job_rect = r.held_job_rects(view, 0)[0]
    assert r.preview(view, job_rect.center) is not None, "a held job previews with its levels"
    assert r.preview(view, (2, 2)) is None


def test_a_crowded_row_is_clicked_on_the_strip_each_card_shows() -> None:
    cards = ["red_helm_1", "gem_1a", "blue_shield_1", "gem_2a", "yellow_armour_1", "gem_3a",
             "green_sword_1", "purple_gauntlet_2", "gem_1b", "gem_2c", "blue_helm_2"]
    view = make_view("buy", seat=1, to_act=[1], buyer=1,
                     discovery=[m.Slot(index=k, card=c) for k, c in enumerate(cards)])
    legal = legal_for(view)
    r = renderer()
    targets = r.targets(view, legal)
    rects = r.slot_rects(view)
    assert rects[1].x - rects[0].x < rects[0].w, "the row overlaps"
    for k, rect in enumerate(rects[:-1]):
        point = ((rect.x + rects[k + 1].x) // 2, rect.centery)
        hits = [i for i, tg in enumerate(targets) if tg.rect.collidepoint(point)]
        top = max(hits, key=lambda i: (targets[i].z, i))  # as the table picks the topmost
        assert targets[top].action == m.Buy(slot=k)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_handoff_banner_says_what_each_phase_asks_for(lang: str) -> None:
    """'Over to Player 2 · for your turn' was shown to a player who had a job to auction."""
    from dungeon_table.games.market.ui.log import decision_key

    keys = {phase: decision_key(make_view(phase)) for phase in
            ("explore", "price", "buy", "defend", "auction", "bid", "level")}
    assert all(key and i18n.has(key, lang) for key in keys.values()), keys
    assert len({keys[p] for p in ("price", "buy", "defend", "auction", "bid", "level")}) == 6


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_game_over_line_under_the_headline_is_worded(lang: str) -> None:
    """The engine's outcome keys are shown under "Blue wins!" when the catalog has them."""
    assert i18n.has("market.result.win", lang) and i18n.has("market.result.tie", lang)


def test_a_used_token_lies_sideways_with_its_marks_upright() -> None:
    """Turned with the card, a used helm's '2' read as 'N' and its flame as '▶': the used
    token is the card's size turned, its marks drawn anew across it (not a rotated image)."""
    r = renderer()
    upright = r.looks.token("red_helm_1", 40)
    used = r.looks.token("red_helm_1", 40, used=True)
    assert used.get_size() == (upright.get_height(), upright.get_width())
    turned = pygame.transform.rotate(upright, -90)
    same = all(used.get_at((x, y))[:3] == turned.get_at((x, y))[:3]
               for x in range(0, used.get_width(), 3) for y in range(0, used.get_height(), 3))
    assert not same


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_level_of_every_job_is_on_its_face(lang: str, size: tuple[int, int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The auction card and the hover preview cut LV3 and LV4 off (and with them the job's
    points): all four level lines fit, in type that can still be read."""
    from dungeon_table.games.market.ui import job_faces

    fits: list[tuple[str, int, int, int]] = []
    real = job_faces.fit_levels

    def spy(lines: tuple[str, ...], width: int, height: int, start: int,
            held: int | None = None) -> object:
        got = real(lines, width, height, start, held)
        fits.append((lines[0], got[0], got[2], height))
        return got

    monkeypatch.setattr(job_faces, "fit_levels", spy)
    i18n.set_language(lang)
    r = renderer(size)
    view = make_view("bid", pro=True, auction_job="cleric", discovery=[])
    widths = {r.auction_rect(view).w, r.preview_width(view)}
    for job in r.looks.cards.jobs:
        for width in widths:
            r.looks.job_face(job.id, width)
    assert len(fits) == len(r.looks.cards.jobs) * len(widths)
    assert all(total <= height and type_px >= 8 for _l, type_px, total, height in fits), fits


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_held_levels_bold_line_stays_inside_the_job_card(lang: str) -> None:
    """The preview of a Moon Warden at LV1 ran "LV1: +2 defence vs Purple" past both edges: the
    bold line was wrapped as if regular."""
    from dungeon_table.games.market.ui import job_faces
    from dungeon_table.ui import fonts

    i18n.set_language(lang)
    r = renderer()
    for job in r.looks.cards.jobs:
        lines = tuple(r.looks.level_text(job.id, n) for n in range(1, 5))
        for room in (100, 140, 200):
            for held in range(1, len(lines) + 1):
                size, wrapped, _total = job_faces.fit_levels(lines, room, 10_000, 14, held)
                bold = fonts.font_px(size, bold=True)
                assert all(bold.size(line)[0] <= room for line in wrapped[held - 1]), (
                    job.id, room, held)


def test_a_burst_shows_each_seat_its_damage_long_enough_to_read() -> None:
    """Each seat's damage rises over its life track as the tracks count down; at 900 ms and
    rising onto the seat's name it was gone before it could be read."""
    from dungeon_table.ui.anim import FloatText, Together

    r = renderer()
    before = make_view("defend", attacks=ATTACKS, discovery=list(FIGHT))
    hits = [m.Defended(seat=s, uses=[], damage=d, life=40 - d) for s, d in enumerate((5, 0, 6))]
    _strike, shown = r.animations(hits, before, make_view("defend", discovery=list(FIGHT)))
    assert isinstance(shown, Together)
    floats = [p for p in shown.parts if isinstance(p, FloatText)]
    assert len(floats) == 3 and all(f.duration >= 1200 for f in floats)
    assert all(f.rise <= r.th.px(3) for f in floats), "it stays over the track"


def test_a_defenders_items_turn_sideways_only_once_the_attackers_have_struck() -> None:
    """The table draws the view after the events: the helm used in the defence lay sideways
    while the attackers were still striking."""
    r = renderer()
    before = make_view("defend", attacks=ATTACKS, discovery=list(FIGHT))
    turned = [m.Held(card=c, used=u or c == "blue_helm_1") for c, u in EQUIPMENT[0]]
    players = [msgspec.structs.replace(before.players[0], equipment=turned, life=30),
               *before.players[1:]]
    after = make_view("buy", discovery=list(FIGHT), players=players)
    hits = [m.Defended(seat=0, uses=[m.Use(item="blue_helm_1", attack="blue", reduced=2,
                                           used=True)], damage=3, life=30)]
    strike, shown = r.animations(hits, before, after)
    drawn: dict[str, bool] = {}
    token = r.looks.token

    def spy(card: str, width: int, used: bool = False) -> pygame.Surface:
        drawn[card] = used
        return token(card, width, used)

    r.looks.token = spy  # type: ignore[method-assign]
    surface = pygame.Surface((1280, 720))
    r.draw(surface, after, UiState(seat=0, hidden=strike.hides | shown.hides, animating=True))
    assert drawn["blue_helm_1"] is False, "upright while the attackers strike"
    assert drawn["red_shield_1"] is True, "what was used before stays sideways"
    r.draw(surface, after, UiState(seat=0, hidden=shown.hides, animating=True))
    assert drawn["blue_helm_1"] is True, "sideways as the defence shows"


def test_a_chests_card_lies_within_the_chest_and_shows_when_it_is_bought() -> None:
    """The finder's glimpse of the hidden card sat over the next card's loot; the buyer saw
    the chest go to the discard without the card it held."""
    r = renderer()
    view = make_view("buy", seat=0, to_act=[1], buyer=1, discovery=list(FINDS))
    draw(r, view, [])
    rects = {card: rect for rect, (_kind, card, _lv) in r.shown}
    assert rects["chest_1"].contains(rects["purple_helm_1"])
    drawn: list[str] = []
    face = r.looks.face

    def spy(card: str, width: int) -> pygame.Surface:
        drawn.append(card)
        return face(card, width)

    r.looks.face = spy  # type: ignore[method-assign]
    bought = m.Bought(seat=1, slot=2, item="chest_1", card="", price=2, paid_to="seller",
                      hidden="purple_helm_1")
    after = make_view("buy", seat=1, discovery=[FINDS[0], FINDS[1], FINDS[3]])
    tweens = r.animations([bought], make_view("buy", seat=1, discovery=list(FINDS)), after)
    assert "purple_helm_1" in drawn and len(tweens) == 2


def test_with_gems_only_scoring_a_gem_does_not_claim_to_block() -> None:
    """House rule gems_defend off: the gem's face said it 'may block 2 of one attack'."""
    r = renderer()
    draw(r, make_view("buy", seat=1, to_act=[1], buyer=1, gems_defend=False), [])
    assert r.looks.spec("gem_2b").body == i18n.t("market.card.gem_body_score", n=2)
    draw(r, make_view("buy", seat=1, to_act=[1], buyer=1), [])
    assert r.looks.spec("gem_2b").body == i18n.t("market.card.gem_body", n=2)


def test_the_active_players_own_buy_says_where_its_coins_go() -> None:
    """Two players: the active player buys one card itself, and pays the deposit."""
    r = renderer()
    view = make_view("buy", n=2, seat=0, to_act=[0], buyer=0, buyers_left=[1])
    text, _colour = controls.prompt(r, view, UiState(seat=0, legal=legal_for(view)))
    assert text == i18n.t("market.prompt.buy_own")
    other = make_view("buy", n=2, seat=1, to_act=[1], buyer=1, buyers_left=[0, 1])
    text, _colour = controls.prompt(r, other, UiState(seat=1, legal=legal_for(other)))
    assert text == i18n.t("market.prompt.buy")


def test_a_picked_gem_asks_for_its_attack() -> None:
    view = PHASES["defend"]()
    legal = legal_for(view)
    r = renderer()
    _choose(r, view, legal, m.Guard(item="gem_2a", attack="blue"))
    text, _colour = controls.prompt(r, view, UiState(seat=0, legal=legal))
    assert text == i18n.t("market.prompt.gem_attack", gem=r.looks.name("gem_2a"))
    r.cancel_pick()
    text, _colour = controls.prompt(r, view, UiState(seat=0, legal=legal))
    assert text == i18n.t("market.prompt.defend")


def test_a_token_shows_its_points_along_its_top_upright_or_sideways() -> None:
    """In a column of tokens each shows only its top: a gem's points were in its middle (a
    stack of five read as five blank stones), and a used token's defence below the top."""
    r = renderer()
    for low, high in (("gem_1a", "gem_3a"), ("red_gauntlet_2", "red_armour_1")):
        for used in (False, True):
            one, three = r.looks.token(low, 40, used), r.looks.token(high, 40, used)
            top = round(one.get_height() * 0.35)
            assert any(one.get_at((x, y)) != three.get_at((x, y))
                       for x in range(one.get_width()) for y in range(top)), (low, used)


def test_one_player_falls_and_two_fall() -> None:
    r = renderer()
    view = make_view("over", to_act=[], end_reason="knocked_out")
    (one,) = r.log_lines([m.GameEnded(reason="knocked_out", seats=[1])], view, view)
    (two,) = r.log_lines([m.GameEnded(reason="knocked_out", seats=[1, 2])], view, view)
    assert one.startswith("Blue falls:") and two.startswith("Blue and Yellow fall:")


def test_a_replay_says_whose_decision_it_is() -> None:
    """In a replay the bottom seat was told 'Your buy' while another seat was buying."""
    r = renderer()
    blue_buys = {"to_act": [1], "buyer": 1, "buyers_left": [2, 3]}
    for seat in (0, None):
        view = make_view("buy", seat=seat, **blue_buys)
        text, _colour = controls.prompt(r, view, UiState(seat=seat, watching=True))
        assert text == i18n.t("market.wait.buy", name=i18n.t("market.colour.blue")), seat
    i18n.set_language("ja")
    view = make_view("defend", seat=None, to_act=[0, 2], attacks=ATTACKS, discovery=list(FIGHT))
    text, _colour = controls.prompt(r, view, UiState(seat=None, watching=True))
    assert text == i18n.t("market.wait.defend", names="赤、黄"), "names joined the language's way"


def test_an_unpriced_card_in_the_buy_round_shows_what_the_buyer_pays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """5G less a Haggler's discount, from the view: the chip said 5G whoever was buying."""
    shown: list[str] = []
    real = tabletop.pill

    def pill(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        shown.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(tabletop, "pill", pill)
    view = PHASES["buy"]()
    haggler = msgspec.structs.replace(view.players[1], unpriced_cost=4)
    view = msgspec.structs.replace(view, players=[view.players[0], haggler, *view.players[2:]])
    draw(renderer(), view, legal_for(view))
    unpriced = [s for s in view.discovery if not s.price]
    assert len(unpriced) == 2 and shown.count(i18n.t("market.price", n=4)) == len(unpriced)
